import { path } from '../../transport/request';
import type { OperationDefinition } from '../types';
import { readSegmentId, segmentLocator } from './fields';

export const get: OperationDefinition = {
	value: 'get',
	name: 'Get',
	action: 'Get a segment',
	description: 'Retrieve a customer segment with its type and filter (not its customers: list them with Customer → Get Many by segment)',
	endpoint: 'GET /v1/segments/{segmentId}',
	properties: [segmentLocator('The segment')],
	build: (params) => ({ method: 'GET', path: path`/v1/segments/${readSegmentId(params)}` }),
};
