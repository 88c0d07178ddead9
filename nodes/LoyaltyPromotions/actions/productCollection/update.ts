import type { IDataObject } from 'n8n-workflow';
import { jsonObjectProperty, updateFieldsProperty } from '../../shared/fields';
import { parseJsonObject, requireAnyField, requireText } from '../../shared/validate';
import type { OperationDefinition } from '../types';
import { readCollectionFilter } from './create';
import { collectionLocator, collectionPath, FILTER_SHAPE } from './fields';

export const update: OperationDefinition = {
	value: 'update',
	name: 'Update',
	action: 'Update a product collection',
	description: "Rename a product collection, or change an auto-update collection's filter (a static collection's products cannot be changed here)",
	endpoint: 'PUT /v1/product-collections/{productCollectionId}',
	properties: [
		collectionLocator('The product collection'),
		updateFieldsProperty([
			jsonObjectProperty('filter', 'Filter (JSON)', 'Auto-update collections only: the new conditions products meet (replaces the current filter).', FILTER_SHAPE),
			{ displayName: 'Name', name: 'name', type: 'string', default: '', description: "The collection's new name, unique in the project" },
		]),
	],
	record: { id: 'productCollectionId', name: 'updateFields.name', filter: 'updateFields.filter' },
	build(params) {
		const fields = params.get<IDataObject>('updateFields', {});
		const body: IDataObject = {};
		if (fields.name !== undefined) body.name = requireText(params, 'Name', fields.name);
		// An empty {} is the field's default: not a change.
		const filter = fields.filter === undefined ? {} : parseJsonObject(params, 'Filter (JSON)', fields.filter);
		if (Object.keys(filter).length > 0) body.filter = readCollectionFilter(params, filter);
		requireAnyField(params, 'Update Fields', body);
		return { method: 'PUT', path: collectionPath(params), body };
	},
};
