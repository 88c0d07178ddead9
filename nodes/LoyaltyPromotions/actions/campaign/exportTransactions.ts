import type { IDataObject } from 'n8n-workflow';
import { additionalFieldsProperty, compact } from '../../shared/fields';
import { fail, parseJsonObject, requireOption, requireScalarText } from '../../shared/validate';
import { orderOption } from '../../shared/listFilters';
import { path } from '../../transport/request';
import type { OperationDefinition } from '../types';
import { campaignLocator } from './fields';

const FIELDS = ['amount', 'balance', 'created_at', 'details', 'id', 'reason', 'related_transaction_id', 'source', 'source_id', 'type', 'voucher_id'];
const ORDERS = ['-created_at', 'created_at'];
const FILTERS_SHAPE = { junction: 'and', voucher_id: { conditions: { $in: ['v_…'] } }, created_at: { conditions: { $after: ['2025-01-01T00:00:00Z'] } } };

/** A column's name as the panel shows it, e.g. 'related_transaction_id' → 'Related Transaction ID'. */
const columnName = (field: string) =>
	field
		.split('_')
		.map((word) => (word === 'id' ? 'ID' : `${word[0].toUpperCase()}${word.slice(1)}`))
		.join(' ');

export const exportTransactions: OperationDefinition = {
	value: 'exportTransactions',
	name: 'Export Transactions',
	action: 'Export the transactions of a campaign',
	description: "Start a CSV export of the card transactions of a gift card or loyalty campaign; the Export resource's Download fetches the file",
	endpoint: 'POST /v1/campaigns/{campaignId}/transactions/export',
	// An export changes nothing: a repeat after a lost answer only schedules a second file.
	safeToRepeat: true,
	properties: [
		campaignLocator('campaignId', 'The gift card or loyalty campaign'),
		additionalFieldsProperty([
			{
				displayName: 'Fields',
				name: 'fields',
				type: 'multiOptions',
				options: FIELDS.map((value) => ({ name: columnName(value), value })),
				default: [],
				description: "The columns of the file; none chosen means the service's default columns",
			},
			{
				displayName: 'Filters (JSON)',
				name: 'filtersJson',
				type: 'json',
				default: '{}',
				placeholder: JSON.stringify(FILTERS_SHAPE, null, 2),
				description: `Which transactions to export, in the service's filter syntax. Shape: ${JSON.stringify(FILTERS_SHAPE)}.`,
			},
			orderOption([['Created At', 'created_at']], '-created_at', 'rows'),
		]),
	],
	build(params) {
		const options = params.get<IDataObject>('additionalFields', {});
		const chosen = options.fields ?? [];
		if (!Array.isArray(chosen)) fail(params, 'Fields', 'must be a list of field names');
		const fields = (chosen as unknown[]).map((field) => requireOption(params, 'Fields', field, FIELDS));
		const filters = options.filtersJson === undefined ? {} : parseJsonObject(params, 'Filters (JSON)', options.filtersJson);
		const parameters = compact({
			order: options.order === undefined ? undefined : requireOption(params, 'Order', requireScalarText(params, 'Order', options.order), ORDERS),
			fields: fields.length > 0 ? fields : undefined,
			filters: Object.keys(filters).length > 0 ? filters : undefined,
		});
		return {
			method: 'POST',
			path: `${path`/v1/campaigns/${params.id('campaignId', 'Campaign')}`}/transactions/export`,
			body: Object.keys(parameters).length > 0 ? { parameters } : {},
		};
	},
};
