import type { IDataObject } from 'n8n-workflow';
import { compact, filtersProperty } from '../../shared/fields';
import { optionalId } from '../../shared/validate';
import type { OperationDefinition } from '../types';
import { REWARD_LIST } from './fields';

export const getAll: OperationDefinition = {
	value: 'getAll',
	name: 'Get Many',
	action: 'Get many rewards',
	description: "List the project's rewards",
	endpoint: 'GET /v1/rewards',
	properties: [
		filtersProperty([
			{ displayName: 'Assignment ID', name: 'assignmentId', type: 'string', default: '', placeholder: 'rewa_…', description: 'Only the reward of this reward assignment' },
		]),
	],
	list: REWARD_LIST,
	build(params) {
		const filters = params.get<IDataObject>('filters', {});
		return { method: 'GET', path: '/v1/rewards', query: compact({ assignment_id: optionalId(params, 'Assignment ID', filters.assignmentId) }) };
	},
};
