import type { ResourceDefinition } from '../types';
import { create } from './create';
import { introspect } from './introspect';
import { revoke } from './revoke';

export const oAuthToken: ResourceDefinition = {
	value: 'oAuthToken',
	name: 'OAuth Token',
	auth: 'appKeys',
	operations: [create, introspect, revoke],
};
