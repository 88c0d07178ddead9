import type { ResourceDefinition } from '../types';
import { get } from './get';

export const campaignTemplate: ResourceDefinition = {
	value: 'campaignTemplate',
	name: 'Campaign Template',
	auth: 'appKeysOrOAuth2',
	operations: [get],
};
