import type { IDataObject } from 'n8n-workflow';
import { updateFieldsProperty } from '../../shared/fields';
import { requireAnyField, requireText } from '../../shared/validate';
import type { OperationDefinition } from '../types';
import { categoryLocator, categoryPath, hierarchyProperty, readHierarchy } from './fields';

export const update: OperationDefinition = {
	value: 'update',
	name: 'Update',
	action: 'Update a category',
	description: "Change a category's name or hierarchy; a field left out keeps its value (the node reads the category first, as the service needs both)",
	endpoint: 'PUT /v1/categories/{categoryId} or GET /v1/categories/{categoryId} then PUT /v1/categories/{categoryId}',
	properties: [
		categoryLocator('The category'),
		updateFieldsProperty([hierarchyProperty(false), { displayName: 'Name', name: 'name', type: 'string', default: '', description: "The category's new name" }]),
	],
	record: { id: 'categoryId', name: 'updateFields.name', hierarchy: 'updateFields.hierarchy' },
	async build(params) {
		const fields = params.get<IDataObject>('updateFields', {});
		const changes: IDataObject = {};
		if (fields.name !== undefined) changes.name = requireText(params, 'Name', fields.name);
		if (fields.hierarchy !== undefined) changes.hierarchy = readHierarchy(params, fields.hierarchy);
		requireAnyField(params, 'Update Fields', changes);
		const path = categoryPath(params);
		// The PUT requires both name and hierarchy: the one left out is read from the category.
		if (changes.name === undefined || changes.hierarchy === undefined) {
			const current = await params.send<IDataObject>({ method: 'GET', path });
			return { method: 'PUT', path, body: { name: changes.name ?? current.name, hierarchy: changes.hierarchy ?? current.hierarchy } };
		}
		return { method: 'PUT', path, body: { name: changes.name, hierarchy: changes.hierarchy } };
	},
};
