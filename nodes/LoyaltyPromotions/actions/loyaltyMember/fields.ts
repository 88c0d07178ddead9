import type { IDataObject, INodeProperties } from 'n8n-workflow';
import { compact, idProperty, startingAfterIdOption } from '../../shared/fields';
import type { OperationDefinition, ParamReader } from '../types';

/** What the member lists share: the card code, an id-cursor envelope and a Filters collection with Order. */

export const memberIdProperty = idProperty('memberId', 'Member ID', 'The loyalty card code, e.g. LC-1234', 'LC-1234');

export function readMemberId(params: ParamReader): string {
	return params.id('memberId', 'Member ID');
}

/** The v1 id-cursor list: `limit` per page, `starting_after_id` from `more_starting_after`. */
export const ID_CURSOR_LIST: OperationDefinition['list'] = {
	envelope: 'idCursor',
	pageSizeParam: 'limit',
	cursorParam: 'starting_after_id',
	maxPageSize: 100,
};

/** A Filters collection holding the list's sort field (ascending and descending), Starting After ID and `extra`. */
export function cursorFilters(sortField: string, sortLabel: string, extra: INodeProperties[] = []): INodeProperties {
	const order: INodeProperties = {
		displayName: 'Order',
		name: 'order',
		type: 'options',
		options: [
			{ name: `${sortLabel} Ascending`, value: sortField },
			{ name: `${sortLabel} Descending`, value: `-${sortField}` },
		],
		default: sortField,
		description: 'How to sort the entries',
	};
	return {
		displayName: 'Filters',
		name: 'filters',
		type: 'collection',
		placeholder: 'Add Filter',
		default: {},
		options: [...extra, order, startingAfterIdOption].sort((a, b) => a.displayName.localeCompare(b.displayName)),
	};
}

/** The query of a member list from its Filters collection; what is left empty is left out. */
export function readCursorQuery(filters: IDataObject): IDataObject {
	return compact({
		order: filters.order as string | undefined,
		starting_after_id: typeof filters.startingAfterId === 'string' ? filters.startingAfterId.trim() : undefined,
	});
}
