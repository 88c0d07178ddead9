import type { ILoadOptionsFunctions, INodeListSearchResult } from 'n8n-workflow';
import { searchList } from '../../shared/search';
import { LOCATION_LIST } from './fields';

/** From List for Location: the project's locations, newest first, by name and shape; the value is the ID. */
export async function searchLocations(this: ILoadOptionsFunctions, filter?: string, paginationToken?: string): Promise<INodeListSearchResult> {
	return await searchList(
		this,
		{
			request: { method: 'GET', path: '/v1/locations' },
			list: LOCATION_LIST,
			toItem: (location) => {
				const shape = (location.shape ?? {}) as { type?: string };
				return { name: `${String(location.name || location.id)}${shape.type ? ` (${shape.type})` : ''}`, value: String(location.id) };
			},
			filterQuery: (text) => ({ 'filters[name][conditions][$contains]': text }),
		},
		filter,
		paginationToken,
	);
}
