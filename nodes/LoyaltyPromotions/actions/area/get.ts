import type { OperationDefinition } from '../types';
import { areaLocator, areaPath } from './fields';

export const get: OperationDefinition = {
	value: 'get',
	name: 'Get',
	action: 'Get an area',
	description: 'Retrieve an area. Needs the areas.read permission.',
	endpoint: 'GET /v1/areas/{areaId}',
	properties: [areaLocator],
	build: (params) => ({ method: 'GET', path: areaPath(params) }),
};
