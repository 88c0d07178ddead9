import type { IDataObject } from 'n8n-workflow';
import { updateFieldsProperty } from '../../shared/fields';
import { requireAnyField } from '../../shared/validate';
import { path } from '../../transport/request';
import type { OperationDefinition } from '../types';
import { inCollection } from '../../shared/mapping';
import { PRODUCT_BODY_OPTIONS, PRODUCT_RECORD, productLocator, readProductBody, readProductId } from './fields';

export const update: OperationDefinition = {
	value: 'update',
	name: 'Update',
	action: 'Update a product',
	description: 'Change fields of a product; fields not chosen stay as they are',
	endpoint: 'PUT /v1/products/{productId}',
	properties: [productLocator, updateFieldsProperty(PRODUCT_BODY_OPTIONS)],
	record: { id: 'productId', ...inCollection('updateFields', PRODUCT_RECORD) },
	build(params) {
		const productId = readProductId(params);
		const body = requireAnyField(params, 'Update Fields', readProductBody(params, params.get<IDataObject>('updateFields', {})));
		return { method: 'PUT', path: path`/v1/products/${productId}`, body };
	},
};
