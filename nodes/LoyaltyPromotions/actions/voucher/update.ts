import type { IDataObject } from 'n8n-workflow';
import { updateFieldsProperty } from '../../shared/fields';
import { parseJsonObject, requireAnyField } from '../../shared/validate';
import { path } from '../../transport/request';
import type { OperationDefinition } from '../types';
import { discountJsonOption, readVoucher, readVoucherBody, VOUCHER_BODY_OPTIONS, VOUCHER_RECORD, voucherProperty } from './fields';
import { inCollection } from '../../shared/mapping';

export const update: OperationDefinition = {
	value: 'update',
	name: 'Update',
	action: 'Update a voucher',
	description: 'Change the dates, category, metadata, discount or active flag of a voucher; fields not chosen stay as they are',
	endpoint: 'PUT /v1/vouchers/{code}',
	properties: [
		voucherProperty,
		updateFieldsProperty([
			...VOUCHER_BODY_OPTIONS,
			{
				...discountJsonOption,
				description: 'The new discount of a discount voucher, as the whole discount object (amounts in hundredths). Shape: {"type": "AMOUNT|PERCENT|FIXED|UNIT", "amount_off": 1000}.',
			},
		]),
	],
	// the discount as a read returns it: the whole object, amounts in hundredths
	record: { code: 'code', ...inCollection('updateFields', { ...VOUCHER_RECORD, discount: 'discountJson' }) },
	build(params) {
		const code = readVoucher(params);
		const fields = params.get<IDataObject>('updateFields', {});
		const body = readVoucherBody(params, fields);
		if (fields.discountJson !== undefined) {
			const discount = parseJsonObject(params, 'Discount (JSON)', fields.discountJson);
			if (Object.keys(discount).length > 0) body.discount = discount;
		}
		return { method: 'PUT', path: path`/v1/vouchers/${code}`, body: requireAnyField(params, 'Update Fields', body) };
	},
};
