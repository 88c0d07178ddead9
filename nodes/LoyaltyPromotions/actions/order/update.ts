import type { IDataObject } from 'n8n-workflow';
import { updateFieldsProperty } from '../../shared/fields';
import { requireAnyField } from '../../shared/validate';
import { path } from '../../transport/request';
import type { OperationDefinition } from '../types';
import { inCollection } from '../../shared/mapping';
import { ORDER_BODY_OPTIONS, ORDER_RECORD, orderLocator, readOrderBody, readOrderId } from './fields';

export const update: OperationDefinition = {
	value: 'update',
	name: 'Update',
	action: 'Update an order',
	description: 'Change an order, e.g. its status to Paid (which drives earning rules); fields not chosen stay as they are',
	endpoint: 'PUT /v1/orders/{orderId}',
	properties: [orderLocator, updateFieldsProperty(ORDER_BODY_OPTIONS)],
	record: { id: 'orderId', ...inCollection('updateFields', ORDER_RECORD) },
	build(params) {
		const orderId = readOrderId(params);
		const body = requireAnyField(params, 'Update Fields', readOrderBody(params, params.get<IDataObject>('updateFields', {})));
		return { method: 'PUT', path: path`/v1/orders/${orderId}`, body };
	},
};
