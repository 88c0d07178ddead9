import type { IDataObject, INodeProperties } from 'n8n-workflow';
import type { CatalogueKind } from '../../shared/catalogue';
import { isSet } from '../../shared/fields';
import { fail, requireIntegerInRange } from '../../shared/validate';
import type { ParamReader } from '../types';

export const BENEFIT: CatalogueKind = {
	noun: 'benefit',
	plural: 'benefits',
	label: 'Benefit',
	collection: '/v2/loyalties/benefits',
	idName: 'benefitId',
	pattern: /^lben_[a-f0-9]+$/,
	example: 'lben_0a1b2c',
	searchMethod: 'searchBenefits',
	statuses: { ACTIVE: 'Active', DRAFT: 'Draft' },
	activities: { prefix: 'vl.benefit.', types: ['activated', 'created', 'deleted', 'drafted', 'updated'] },
	orders: [['Type', 'type']],
};

/** Stock Quantity and Unlimited Stock, in Additional Fields or Update Fields. */
export const STOCK_OPTIONS: INodeProperties[] = [
	{
		displayName: 'Stock Quantity',
		name: 'stockQuantity',
		type: 'number',
		typeOptions: { minValue: 0, numberPrecision: 0 },
		default: 0,
		description: 'How many times the benefit can still be given (a LIMITED stock); without it the stock is unlimited',
	},
	{ displayName: 'Unlimited Stock', name: 'unlimitedStock', type: 'boolean', default: true, description: 'Whether the benefit can be given without limit' },
];

/** The stock of Stock Quantity or Unlimited Stock; undefined when neither is set. */
export function readStock(params: ParamReader, fields: IDataObject): IDataObject | undefined {
	const quantity = isSet(fields.stockQuantity) ? requireIntegerInRange(params, 'Stock Quantity', fields.stockQuantity, 0) : undefined;
	if (quantity !== undefined && fields.unlimitedStock === true) fail(params, 'Stock Quantity', 'cannot be combined with Unlimited Stock on');
	if (quantity !== undefined) return { type: 'LIMITED', limited: { quantity } };
	return fields.unlimitedStock === true ? { type: 'UNLIMITED' } : undefined;
}
