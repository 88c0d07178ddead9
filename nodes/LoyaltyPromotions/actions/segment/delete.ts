import { path } from '../../transport/request';
import type { OperationDefinition } from '../types';
import { readSegmentId, segmentLocator } from './fields';

export const deleteSegment: OperationDefinition = {
	value: 'delete',
	name: 'Delete',
	action: 'Delete a segment',
	description: 'Delete a customer segment; its customers stay',
	endpoint: 'DELETE /v1/segments/{segmentId}',
	properties: [segmentLocator('The segment')],
	build: (params) => ({ method: 'DELETE', path: path`/v1/segments/${readSegmentId(params)}` }),
	// The service answers 204 with no body.
	output: (_response, params) => [{ deleted: true, id: readSegmentId(params) }],
};
