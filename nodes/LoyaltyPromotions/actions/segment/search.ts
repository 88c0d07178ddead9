import type { ILoadOptionsFunctions, INodeListSearchResult } from 'n8n-workflow';
import { searchList } from '../../shared/search';
import { SEGMENT_LIST } from './fields';

/** From List for Segment: the project's segments, newest first, by name and type; the value is the segment's ID. */
export async function searchSegments(this: ILoadOptionsFunctions, filter?: string, paginationToken?: string): Promise<INodeListSearchResult> {
	return await searchList(
		this,
		{
			request: { method: 'GET', path: '/v1/segments' },
			list: SEGMENT_LIST,
			toItem: (segment) => ({ name: `${String(segment.name || segment.id)}${segment.type ? ` (${String(segment.type)})` : ''}`, value: String(segment.id) }),
			filterQuery: (text) => ({ 'filters[name][conditions][$contains]': text }),
		},
		filter,
		paginationToken,
	);
}
