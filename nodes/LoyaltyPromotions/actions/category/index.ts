import type { ResourceDefinition } from '../types';
import { getAll } from './getAll';
import { loadCategories } from './search';

export const category: ResourceDefinition = {
	value: 'category',
	name: 'Category',
	auth: 'appKeysOrOAuth2',
	operations: [getAll],
	methods: { loadOptions: { loadCategories } },
};
