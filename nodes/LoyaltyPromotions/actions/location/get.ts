import { path } from '../../transport/request';
import type { OperationDefinition } from '../types';
import { locationLocator, readLocationId } from './fields';

export const get: OperationDefinition = {
	value: 'get',
	name: 'Get',
	action: 'Get a location',
	description: 'Retrieve a location with its shape: a circle (center and radius) or a GeoJSON polygon',
	endpoint: 'GET /v1/locations/{locationId}',
	properties: [locationLocator],
	build: (params) => ({ method: 'GET', path: path`/v1/locations/${readLocationId(params)}` }),
};
