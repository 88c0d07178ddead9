import type { ResourceDefinition } from '../types';
import { getAll } from './getAll';

export const category: ResourceDefinition = {
	value: 'category',
	name: 'Category',
	auth: 'appKeysOrOAuth2',
	operations: [getAll],
};
