import type { ResourceDefinition } from '../types';
import { create } from './create';
import { deleteSegment } from './delete';
import { get } from './get';
import { getAll } from './getAll';
import { searchSegments } from './search';

export const segment: ResourceDefinition = {
	value: 'segment',
	name: 'Segment',
	auth: 'appKeysOrOAuth2',
	operations: [get, getAll, create, deleteSegment],
	methods: { listSearch: { searchSegments } },
};
