import type { ILoadOptionsFunctions, INodeListSearchResult } from 'n8n-workflow';
import { searchList } from '../../shared/search';
import { AREA_LIST } from './fields';

/** From List for Area: the project's areas by name, matched here (no filter of the list is published); the value is the ID. */
export async function searchAreas(this: ILoadOptionsFunctions, filter?: string, paginationToken?: string): Promise<INodeListSearchResult> {
	return await searchList(
		this,
		{ request: { method: 'GET', path: '/v1/areas' }, list: AREA_LIST, toItem: (area) => ({ name: String(area.name || area.id), value: String(area.id) }) },
		filter,
		paginationToken,
	);
}
