import type { OperationDefinition } from '../types';
import { AREA_LIST } from './fields';

export const getAll: OperationDefinition = {
	value: 'getAll',
	name: 'Get Many',
	action: 'Get many areas',
	description: "List the project's areas. Needs the areas.read permission.",
	endpoint: 'GET /v1/areas',
	properties: [],
	list: AREA_LIST,
	build: () => ({ method: 'GET', path: '/v1/areas' }),
};
