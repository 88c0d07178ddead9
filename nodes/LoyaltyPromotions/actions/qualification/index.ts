import type { ResourceDefinition } from '../types';
import { checkEligibility } from './checkEligibility';

export const qualification: ResourceDefinition = {
	value: 'qualification',
	name: 'Qualification',
	auth: 'appKeysOrOAuth2',
	operations: [checkEligibility],
};
