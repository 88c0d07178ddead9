import { SIMPLE_FIELDS } from '../../shared/simplify';
import type { OperationDefinition } from '../types';

export const getAll: OperationDefinition = {
	value: 'getAll',
	name: 'Get Many',
	action: 'Get many projects',
	description: "List the account's projects",
	endpoint: 'GET /management/v1/projects',
	properties: [],
	// The service returns every project in one counted envelope: no paging parameters.
	list: { envelope: 'counted' },
	simplify: SIMPLE_FIELDS.project,
	build: () => ({ method: 'GET', path: '/management/v1/projects' }),
};
