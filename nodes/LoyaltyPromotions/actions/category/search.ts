import type { IDataObject, ILoadOptionsFunctions, INodePropertyOptions } from 'n8n-workflow';
import { currentTransport } from '../../shared/search';
import { entriesOf } from '../../transport/paginate';

/** The Category dropdowns: the project's categories (one list, no paging), by name; the value is the ID. */
export async function loadCategories(this: ILoadOptionsFunctions): Promise<INodePropertyOptions[]> {
	const body = await currentTransport(this).request<IDataObject>({ method: 'GET', path: '/v1/categories' });
	return entriesOf(body)
		.map((category) => ({ name: String(category.name), value: String(category.id) }))
		.sort((a, b) => a.name.localeCompare(b.name));
}
