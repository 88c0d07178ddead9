import type { OperationDefinition } from '../types';
import { areaLocator, areaPath } from './fields';

export const deleteArea: OperationDefinition = {
	value: 'delete',
	name: 'Delete',
	action: 'Delete an area',
	description: 'Delete an area. Needs the areas.manage permission; the dashboard deletes only an area without stores.',
	endpoint: 'DELETE /v1/areas/{areaId}',
	properties: [areaLocator],
	build: (params) => ({ method: 'DELETE', path: areaPath(params) }),
	output: (_response, params) => [{ deleted: true, id: params.id('areaId', 'Area') }],
};
