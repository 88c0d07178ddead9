import type { ILoadOptionsFunctions, INodeListSearchResult } from 'n8n-workflow';
import { searchList } from '../../shared/search';
import { pagedListSpec } from '../../transport/paginate';

/** From List for Order: the project's orders, newest first, by source ID, status and amount. */
export async function searchOrders(this: ILoadOptionsFunctions, filter?: string, paginationToken?: string): Promise<INodeListSearchResult> {
	return await searchList(
		this,
		{
			request: { method: 'GET', path: '/v1/orders', query: { order: '-created_at' } },
			list: pagedListSpec(100),
			toItem: (order) => {
				const amount = typeof order.amount === 'number' ? `, ${(order.amount / 100).toFixed(2)}` : '';
				return { name: `${String(order.source_id || order.id)} (${String(order.status)}${amount})`, value: String(order.id) };
			},
		},
		filter,
		paginationToken,
	);
}
