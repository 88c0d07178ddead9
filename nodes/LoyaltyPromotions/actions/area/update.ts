import type { IDataObject } from 'n8n-workflow';
import { updateFieldsProperty } from '../../shared/fields';
import { requireAnyField } from '../../shared/validate';
import type { OperationDefinition } from '../types';
import { areaLocator, areaPath, otherFieldsProperty, readAreaBody } from './fields';

export const update: OperationDefinition = {
	value: 'update',
	name: 'Update',
	action: 'Update an area',
	description: "Rename an area or change its other fields. Needs the areas.manage permission.",
	endpoint: 'PUT /v1/areas/{areaId}',
	properties: [
		areaLocator,
		updateFieldsProperty([{ displayName: 'Name', name: 'name', type: 'string', default: '', description: "The area's new name" }, otherFieldsProperty]),
	],
	build(params) {
		const fields = params.get<IDataObject>('updateFields', {});
		const body = requireAnyField(params, 'Update Fields', readAreaBody(params, fields.name, fields.otherFields));
		return { method: 'PUT', path: areaPath(params), body };
	},
};
