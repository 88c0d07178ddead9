import type { IDataObject } from 'n8n-workflow';
import { filtersProperty, readFilterQuery, sortOrderFilter, sortOrderValues } from '../../shared/fields';
import { path } from '../../transport/request';
import { V2_LIST } from '../../shared/catalogue';
import { readProgramId } from '../program/fields';
import { programLocator } from '../program/search';
import type { OperationDefinition } from '../types';

const ORDERS: Array<[label: string, field: string]> = [['Created At', 'created_at']];

export const getAll: OperationDefinition = {
	value: 'getAll',
	name: 'Get Many',
	action: "Get many of a program's rewards",
	description: "List the rewards assigned to a program, with each one's stock and how many times it was redeemed",
	endpoint: 'GET /v2/loyalties/programs/{programId}/rewards',
	properties: [programLocator, filtersProperty([sortOrderFilter(ORDERS, '-created_at', 'How to sort the assignments')])],
	list: V2_LIST,
	build: (params) => {
		const programId = readProgramId(params);
		const query = readFilterQuery(params, params.get<IDataObject>('filters', {}), { order: ['order', 'Order', sortOrderValues(ORDERS)] });
		return { method: 'GET', path: path`/v2/loyalties/programs/${programId}/rewards`, query };
	},
};
