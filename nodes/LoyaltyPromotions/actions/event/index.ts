import type { ResourceDefinition } from '../types';
import { track } from './track';

export const event: ResourceDefinition = {
	value: 'event',
	name: 'Event',
	auth: 'appKeysOrOAuth2',
	operations: [track],
};
