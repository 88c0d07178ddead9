import type { ILoadOptionsFunctions, INodeListSearchResult } from 'n8n-workflow';
import { pagedList } from '../../shared/listFilters';
import { searchList } from '../../shared/search';

/** From List for Redemption: the latest redemptions first, by voucher, result and date. */
export async function searchRedemptions(this: ILoadOptionsFunctions, filter?: string, paginationToken?: string): Promise<INodeListSearchResult> {
	return await searchList(
		this,
		{
			request: { method: 'GET', path: '/v1/redemptions', query: { order: '-created_at' } },
			list: pagedList(99),
			toItem: (redemption) => {
				const what = redemption.object === 'redemption_rollback' ? 'rollback' : String(redemption.result ?? '').toLowerCase();
				const code = redemption.voucher_code ?? (redemption.voucher as { code?: string } | undefined)?.code ?? redemption.related_object_id;
				return { name: `${String(code)} · ${what} · ${String(redemption.date ?? redemption.created_at ?? '')}`, value: String(redemption.id) };
			},
		},
		filter,
		paginationToken,
	);
}
