import type { OperationDefinition } from '../types';
import { SCHEMA_LIST } from './fields';

export const getAll: OperationDefinition = {
	value: 'getAll',
	name: 'Get Many',
	action: 'Get many metadata schemas',
	description: "List the project's metadata schemas, one per resource",
	endpoint: 'GET /v1/metadata-schemas',
	properties: [],
	list: SCHEMA_LIST,
	build: () => ({ method: 'GET', path: '/v1/metadata-schemas' }),
};
