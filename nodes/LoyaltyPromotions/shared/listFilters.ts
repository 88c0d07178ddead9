import type { IDataObject, INodeProperties } from 'n8n-workflow';
import type { OperationDefinition, ParamReader } from '../actions/types';
import type { FilterKind } from './fields';
import { requireDateTime } from './validate';

/** What the paged v1 lists (vouchers, campaigns, publications, redemptions, loyalty members) share. */

/** A list paged by page number, 100 entries a page at most, up to `maxPage` pages (the service's cap). */
export function pagedList(maxPage: number): NonNullable<OperationDefinition['list']> {
	return { envelope: 'paged', pageSizeParam: 'limit', cursorParam: 'page', maxPageSize: 100, maxPage };
}

/** An Order filter: each [label, field] ascending and descending, `fallback` preselected. */
export function orderOption(fields: Array<[label: string, field: string]>, fallback: string, what: string): INodeProperties {
	return {
		displayName: 'Order',
		name: 'order',
		type: 'options',
		options: [...fields].sort(([a], [b]) => a.localeCompare(b)).flatMap(([label, field]) => [
			{ name: `${label} Ascending`, value: field },
			{ name: `${label} Descending`, value: `-${field}` },
		]),
		default: fallback,
		description: `How to sort the ${what}`,
	};
}

/** A timestamp filter of a list: its After and Before options, and the query they give. */
export interface DateRangeFilter {
	options: INodeProperties[];
	/** The query: e.g. `created_at[after]`, `created_at[before]`; what is left empty is left out. */
	read(params: ParamReader, filters: IDataObject): IDataObject;
}

/** e.g. dateRange('Created', 'created_at', 'vouchers'): Created After and Created Before, sent as created_at[after|before]. */
export function dateRange(label: string, field: string, what: string): DateRangeFilter {
	const name = label.toLowerCase();
	const bounds = [
		{ suffix: 'After', key: 'after' },
		{ suffix: 'Before', key: 'before' },
	];
	return {
		options: bounds.map(({ suffix }) => ({
			displayName: `${label} ${suffix}`,
			name: `${name}${suffix}`,
			type: 'dateTime' as const,
			default: '',
			description: `Only ${what} ${name} ${suffix.toLowerCase()} this moment`,
		})),
		read(params, filters) {
			const query: IDataObject = {};
			for (const { suffix, key } of bounds) {
				const value = filters[`${name}${suffix}`];
				if (value === undefined || value === null || String(value).trim() === '') continue;
				query[`${field}[${key}]`] = requireDateTime(params, `${label} ${suffix}`, value);
			}
			return query;
		},
	};
}

/** The Filters collection (written once, in shared/fields). */
export { filtersProperty } from './fields';

/** The Result filter of the lists of attempts (publications, redemptions): only successes or only failures. */
export function resultOption(what: string, failures: string): INodeProperties {
	return {
		displayName: 'Result',
		name: 'result',
		type: 'options',
		options: [
			{ name: 'Failure', value: 'FAILURE' },
			{ name: 'Success', value: 'SUCCESS' },
		],
		default: 'SUCCESS',
		description: `Only ${what} that succeeded, or only ${failures} that failed`,
	};
}

/** The sort fields publications and redemptions share. */
export const ATTEMPT_ORDER_FIELDS: Array<[label: string, field: string]> = [
	['Created At', 'created_at'],
	['Customer ID', 'customer_id'],
	['ID', 'id'],
	['Tracking ID', 'tracking_id'],
	['Voucher Code', 'voucher_code'],
];

/**
 * Created After and Created Before of the lists filtered by conditions (`filters[created_at][conditions][$after]`,
 * `…[$before]`): the Filters options, e.g. createdConditions('programs created'), and their readFilterQuery rows.
 */
export function createdConditions(what: string): { options: INodeProperties[]; query: Record<string, [param: string, label: string, kind: FilterKind]> } {
	const bounds = [
		['After', '$after'],
		['Before', '$before'],
	];
	return {
		options: bounds.map(([bound]) => ({
			displayName: `Created ${bound}`,
			name: `created${bound}`,
			type: 'dateTime' as const,
			default: '',
			description: `Only ${what} ${bound.toLowerCase()} this moment`,
		})),
		query: Object.fromEntries(bounds.map(([bound, operator]) => [`created${bound}`, [`filters[created_at][conditions][${operator}]`, `Created ${bound}`, 'dateTime']])),
	};
}
