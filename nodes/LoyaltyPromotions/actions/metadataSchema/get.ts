import { path } from '../../transport/request';
import type { OperationDefinition } from '../types';
import { readRelatedObject, resourceLocator } from './fields';

export const get: OperationDefinition = {
	value: 'get',
	name: 'Get',
	action: 'Get the metadata schema of a resource',
	description: "Retrieve the metadata schema of one resource (e.g. customer): its properties' definitions",
	endpoint: 'GET /v1/metadata-schemas/{resource}',
	properties: [resourceLocator],
	build: (params) => ({ method: 'GET', path: path`/v1/metadata-schemas/${readRelatedObject(params)}` }),
};
