import type { IDataObject, INodeProperties } from 'n8n-workflow';
import type { ParamReader } from '../actions/types';
import { compact } from './fields';
import { orderOption } from './listFilters';
import { fail, parseJsonObject, requireOption, requireScalarText } from './validate';

/**
 * The CSV export of card transactions (a campaign's cards, or one card): its Additional Fields (the file's columns,
 * the order and, for a campaign, filters) and the body `{ parameters: { order, fields, filters } }` they make.
 */

/** The columns every transactions export offers; a card's export adds campaign_id. */
export const TRANSACTION_EXPORT_FIELDS = ['amount', 'balance', 'created_at', 'details', 'id', 'reason', 'related_transaction_id', 'source', 'source_id', 'type', 'voucher_id'];
const ORDERS = ['-created_at', 'created_at'];
const FILTERS_SHAPE = { junction: 'and', voucher_id: { conditions: { $in: ['v_…'] } }, created_at: { conditions: { $after: '2025-01-01T00:00:00Z' } } };

/** A column's name as the panel shows it, e.g. 'related_transaction_id' → 'Related Transaction ID'. */
const columnName = (field: string) =>
	field
		.split('_')
		.map((word) => (word === 'id' ? 'ID' : `${word[0].toUpperCase()}${word.slice(1)}`))
		.join(' ');

/** The export's options: Fields (of `columns`), Order and, when `withFilters`, Filters (JSON). */
export function transactionsExportOptions(columns: readonly string[], withFilters: boolean): INodeProperties[] {
	return [
		{
			displayName: 'Fields',
			name: 'fields',
			type: 'multiOptions',
			options: [...columns].sort().map((value) => ({ name: columnName(value), value })),
			default: [],
			description: "The columns of the file; none chosen means the service's default columns",
		},
		...(withFilters
			? [
					{
						displayName: 'Filters (JSON)',
						name: 'filtersJson',
						type: 'json',
						default: '{}',
						placeholder: JSON.stringify(FILTERS_SHAPE, null, 2),
						description: `Which transactions to export, in the service's filter syntax. Shape: ${JSON.stringify(FILTERS_SHAPE)}.`,
					} satisfies INodeProperties,
				]
			: []),
		orderOption([['Created At', 'created_at']], '-created_at', 'rows'),
	];
}

/** The export's body from its Additional Fields: `{ parameters }` with what was chosen, else `{}`. */
export function readTransactionsExport(params: ParamReader, columns: readonly string[]): IDataObject {
	const options = params.get<IDataObject>('additionalFields', {});
	const chosen = options.fields ?? [];
	if (!Array.isArray(chosen)) fail(params, 'Fields', 'must be a list of field names');
	const fields = (chosen as unknown[]).map((field) => requireOption(params, 'Fields', field, columns));
	const filters = options.filtersJson === undefined ? {} : parseJsonObject(params, 'Filters (JSON)', options.filtersJson);
	const parameters = compact({
		order: options.order === undefined ? undefined : requireOption(params, 'Order', requireScalarText(params, 'Order', options.order), ORDERS),
		fields: fields.length > 0 ? fields : undefined,
		filters: Object.keys(filters).length > 0 ? filters : undefined,
	});
	return Object.keys(parameters).length > 0 ? { parameters } : {};
}
