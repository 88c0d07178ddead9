import type { ILoadOptionsFunctions, INodeListSearchResult } from 'n8n-workflow';
import { searchList } from '../../shared/search';
import { BIN_LIST, BIN_RESOURCE_TYPES } from './fields';

/** From List for Bin Entry: the bin's entries by the name and type of what was deleted; the value is the entry's ID. */
export async function searchBinEntries(this: ILoadOptionsFunctions, filter?: string, paginationToken?: string): Promise<INodeListSearchResult> {
	return await searchList(
		this,
		{
			request: { method: 'GET', path: '/v1/trash-bin' },
			list: BIN_LIST!,
			toItem: (entry) => ({
				name: `${String(entry.resource_name || entry.resource_id || entry.id)} (${BIN_RESOURCE_TYPES[String(entry.resource_type)] ?? String(entry.resource_type ?? '')})`,
				value: String(entry.id),
			}),
			filterQuery: (text) => ({ 'filters[resource_name][conditions][$contains]': text }),
		},
		filter,
		paginationToken,
	);
}
