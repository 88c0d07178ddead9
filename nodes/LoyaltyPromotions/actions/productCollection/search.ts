import type { ILoadOptionsFunctions, INodeListSearchResult } from 'n8n-workflow';
import { searchList } from '../../shared/search';
import { COLLECTION_LIST } from './fields';

/** From List for Product Collection: the project's collections, newest first, by name and type; the value is the ID. */
export async function searchProductCollections(this: ILoadOptionsFunctions, filter?: string, paginationToken?: string): Promise<INodeListSearchResult> {
	return await searchList(
		this,
		{
			request: { method: 'GET', path: '/v1/product-collections', query: { order: '-created_at' } },
			list: COLLECTION_LIST,
			toItem: (collection) => ({ name: `${String(collection.name || collection.id)}${collection.type ? ` (${String(collection.type)})` : ''}`, value: String(collection.id) }),
		},
		filter,
		paginationToken,
	);
}
