import type { IDataObject } from 'n8n-workflow';
import { catalogueLocator, cataloguePath } from '../../shared/catalogue';
import { readUpdateBody, updateFieldsProperty, updateNameProperty } from '../../shared/fields';
import type { OperationDefinition } from '../types';
import { BENEFIT, readStock, STOCK_OPTIONS } from './fields';

export const update: OperationDefinition = {
	value: 'update',
	name: 'Update',
	action: 'Update a benefit',
	description: "Change a benefit's name or stock (an active benefit takes only these). What it gives is set at creation.",
	endpoint: 'PUT /v2/loyalties/benefits/{id}',
	properties: [catalogueLocator(BENEFIT), updateFieldsProperty([updateNameProperty('benefit'), ...STOCK_OPTIONS])],
	build: (params) => {
		const path = cataloguePath(params, BENEFIT);
		const fields = params.get<IDataObject>('updateFields', {});
		return { method: 'PUT', path, body: readUpdateBody(params, fields, [], { stock: readStock(params, fields) }) };
	},
};
