import type { IDataObject } from 'n8n-workflow';
import { readJsonOption, updateFieldsProperty } from '../../shared/fields';
import { requireAnyField, requireText } from '../../shared/validate';
import { path } from '../../transport/request';
import type { OperationDefinition } from '../types';
import { discountJsonOption } from '../voucher/fields';
import { promotionTierLocator, readTierBody, readTierId, TIER_BODY_OPTIONS } from './fields';

export const update: OperationDefinition = {
	value: 'update',
	name: 'Update',
	action: 'Update a promotion tier',
	description: "Change a promotion tier's name, discount, dates or hierarchy; the fields left out keep their values",
	endpoint: 'PUT /v1/promotions/tiers/{promotionTierId}',
	properties: [
		promotionTierLocator('The promotion tier'),
		updateFieldsProperty([
			{ ...discountJsonOption, description: 'The new discount, the whole object; amounts in hundredths. Shape: {"type": "AMOUNT|PERCENT|FIXED|UNIT", "amount_off": 1000}.' },
			{ displayName: 'Name', name: 'name', type: 'string', default: '', description: "The tier's new name" },
			...TIER_BODY_OPTIONS,
		]),
	],
	build(params) {
		const fields = params.get<IDataObject>('updateFields', {});
		const body = readTierBody(params, fields);
		if (fields.name !== undefined) body.name = requireText(params, 'Name', fields.name);
		const discount = readJsonOption(params, fields, 'discountJson', 'Discount (JSON)');
		if (discount) body.action = { discount };
		// The service changes only the fields sent, so a repeated PUT has the same effect.
		return { method: 'PUT', path: path`/v1/promotions/tiers/${readTierId(params)}`, body: requireAnyField(params, 'Update Fields', body) };
	},
};
