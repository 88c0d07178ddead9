import type { ResourceDefinition } from '../types';
import { validate } from './validate';

export const validation: ResourceDefinition = {
	value: 'validation',
	name: 'Validation',
	auth: 'appKeysOrOAuth2',
	operations: [validate],
};
