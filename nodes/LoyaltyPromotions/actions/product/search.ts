import type { ILoadOptionsFunctions, INodeListSearchResult } from 'n8n-workflow';
import { searchList } from '../../shared/search';
import { pagedListSpec } from '../../transport/paginate';
import { path } from '../../transport/request';
import { SKU_LIST } from '../sku/fields';

/** From List for Product: the catalogue's products, by name and source ID. */
export async function searchProducts(this: ILoadOptionsFunctions, filter?: string, paginationToken?: string): Promise<INodeListSearchResult> {
	return await searchList(
		this,
		{
			request: { method: 'GET', path: '/v1/products', query: { order: '-created_at' } },
			list: pagedListSpec(100),
			toItem: (product) => ({
				name: `${String(product.name || product.id)}${product.source_id ? ` (${String(product.source_id)})` : ''}`,
				value: String(product.id),
			}),
		},
		filter,
		paginationToken,
	);
}

/** From List for SKU: the SKUs of the product chosen in the Product field. */
export async function searchSkus(this: ILoadOptionsFunctions, filter?: string, paginationToken?: string): Promise<INodeListSearchResult> {
	const productId = String(this.getCurrentNodeParameter('productId', { extractValue: true }) ?? '').trim();
	if (!productId) return { results: [] };
	return await searchList(
		this,
		{
			request: { method: 'GET', path: path`/v1/products/${productId}/skus` },
			list: SKU_LIST,
			toItem: (sku) => ({
				name: `${String(sku.sku || sku.id)}${sku.source_id ? ` (${String(sku.source_id)})` : ''}`,
				value: String(sku.id),
			}),
		},
		filter,
		paginationToken,
	);
}
