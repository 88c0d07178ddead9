import type { IDataObject, ILoadOptionsFunctions, INodeListSearchResult, INodePropertyOptions } from 'n8n-workflow';
import { currentTransport, searchList } from '../../shared/search';
import { entriesOf } from '../../transport/paginate';
import { CATEGORY_LIST } from './fields';

/** The Category dropdowns: the project's categories (one list, no paging), by name; the value is the ID. */
export async function loadCategories(this: ILoadOptionsFunctions): Promise<INodePropertyOptions[]> {
	const body = await currentTransport(this).request<IDataObject>({ method: 'GET', path: '/v1/categories' });
	return entriesOf(body)
		.map((category) => ({ name: String(category.name), value: String(category.id) }))
		.sort((a, b) => a.name.localeCompare(b.name));
}

/** From List for Category: the project's categories with their hierarchy, matched here by name or ID (the list has no filters). */
export async function searchCategories(this: ILoadOptionsFunctions, filter?: string, paginationToken?: string): Promise<INodeListSearchResult> {
	return await searchList(
		this,
		{
			request: { method: 'GET', path: '/v1/categories' },
			list: CATEGORY_LIST,
			toItem: (category) => ({ name: `${String(category.name || category.id)} (hierarchy ${String(category.hierarchy)})`, value: String(category.id) }),
		},
		filter,
		paginationToken,
	);
}
