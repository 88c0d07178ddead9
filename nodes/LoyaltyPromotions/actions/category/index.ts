import type { ResourceDefinition } from '../types';
import { create } from './create';
import { deleteCategory } from './delete';
import { get } from './get';
import { getAll } from './getAll';
import { loadCategories, searchCategories } from './search';
import { update } from './update';

export const category: ResourceDefinition = {
	value: 'category',
	name: 'Category',
	auth: 'appKeysOrOAuth2',
	operations: [getAll, create, deleteCategory, get, update],
	methods: { loadOptions: { loadCategories }, listSearch: { searchCategories } },
};
