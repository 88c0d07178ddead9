import type { ResourceDefinition } from '../types';
import { getManyActivities } from './getManyActivities';

export const customer: ResourceDefinition = {
	value: 'customer',
	name: 'Customer',
	auth: 'appKeysOrOAuth2',
	operations: [getManyActivities],
};
