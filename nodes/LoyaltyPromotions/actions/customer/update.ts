import type { IDataObject } from 'n8n-workflow';
import { updateFieldsProperty } from '../../shared/fields';
import { requireAnyField } from '../../shared/validate';
import { path } from '../../transport/request';
import type { OperationDefinition } from '../types';
import { inCollection } from '../../shared/mapping';
import { CUSTOMER_BODY_OPTIONS, CUSTOMER_RECORD, customerLocator, readCustomerBody, readCustomerId } from './fields';

export const update: OperationDefinition = {
	value: 'update',
	name: 'Update',
	action: 'Update a customer',
	description: 'Change fields of a customer; fields not chosen stay as they are',
	endpoint: 'PUT /v1/customers/{customerId}',
	properties: [customerLocator, updateFieldsProperty(CUSTOMER_BODY_OPTIONS)],
	record: { id: 'customerId', ...inCollection('updateFields', CUSTOMER_RECORD) },
	build(params) {
		const customerId = readCustomerId(params);
		const body = requireAnyField(params, 'Update Fields', readCustomerBody(params, params.get<IDataObject>('updateFields', {})));
		return { method: 'PUT', path: path`/v1/customers/${customerId}`, body };
	},
};
