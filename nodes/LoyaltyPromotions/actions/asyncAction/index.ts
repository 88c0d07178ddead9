import type { ResourceDefinition } from '../types';
import { getAll } from './getAll';

export const asyncAction: ResourceDefinition = {
	value: 'asyncAction',
	name: 'Async Action',
	auth: 'appKeysOrOAuth2',
	operations: [getAll],
};
