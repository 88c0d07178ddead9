import { createdFilters } from '../../shared/activities';
import { requirePattern } from '../../shared/validate';
import { V2_LIST } from '../../shared/catalogue';
import { programLocator } from '../program/search';
import type { OperationDefinition } from '../types';
import { memberPath } from './fields';
import { memberLocator } from './search';

/** A member's list of one kind of transaction (Program, then Member), filtered by creation and one ID. */
export interface MemberTransactionList {
	value: string;
	name: string;
	action: string;
	description: string;
	/** Under the member's path, e.g. '/rewards/purchases'. */
	suffix: string;
	/** What the list holds, for the filters' descriptions, e.g. 'purchases'. */
	noun: string;
	/** The one ID filter: its label, the service's filter field and the ID's pattern with an example. */
	idFilter: { name: string; displayName: string; field: string; pattern: RegExp; example: string; description: string };
}

/** GET <member>/<suffix>: the v2 cursor list with Created After / Before, Order and the ID filter (checked before sending). */
export function memberTransactionList(spec: MemberTransactionList): OperationDefinition {
	const { idFilter } = spec;
	const param = `filters[${idFilter.field}][conditions][$is]`;
	const filters = createdFilters(spec.noun, {
		options: [{ displayName: idFilter.displayName, name: idFilter.name, type: 'string', default: '', placeholder: `${idFilter.example.slice(0, idFilter.example.indexOf('_') + 1)}...`, description: idFilter.description }],
		query: { [idFilter.name]: [param, idFilter.displayName, 'text'] },
	});
	return {
		value: spec.value,
		name: spec.name,
		action: spec.action,
		description: spec.description,
		endpoint: `GET /v2/loyalties/programs/{programId}/members/{memberId}${spec.suffix}`,
		properties: [programLocator, memberLocator, filters.property],
		list: V2_LIST,
		build: (params) => {
			const path = `${memberPath(params)}${spec.suffix}`;
			const query = filters.read(params);
			if (query[param] !== undefined) requirePattern(params, idFilter.displayName, query[param], idFilter.pattern, idFilter.example);
			return { method: 'GET', path, query };
		},
	};
}
