import type { ILoadOptionsFunctions, INodeListSearchResult } from 'n8n-workflow';
import { searchList } from '../../shared/search';
import { pagedListSpec } from '../../transport/paginate';

/** From List for Customer: the project's customers, newest first, by name, email or source ID. */
export async function searchCustomers(this: ILoadOptionsFunctions, filter?: string, paginationToken?: string): Promise<INodeListSearchResult> {
	return await searchList(
		this,
		{
			request: { method: 'GET', path: '/v1/customers', query: { order: '-created_at' } },
			list: pagedListSpec(99),
			toItem: (customer) => {
				const label = String(customer.name || customer.email || customer.source_id || customer.id);
				const detail = [customer.email, customer.source_id].filter((part) => part && part !== label).join(', ');
				return { name: detail ? `${label} (${detail})` : label, value: String(customer.id) };
			},
		},
		filter,
		paginationToken,
	);
}
