import type { ILoadOptionsFunctions, INodeListSearchResult } from 'n8n-workflow';
import { searchList } from '../../shared/search';
import { VOUCHER_LIST } from './fields';

const TYPE_LABELS: Record<string, string> = { DISCOUNT_VOUCHER: 'discount', GIFT_VOUCHER: 'gift card', LOYALTY_CARD: 'loyalty card' };

/**
 * From List for Voucher: the project's vouchers by code, type and campaign. The service matches the typed code, as
 * the project compares codes: ignoring case unless its codes are case sensitive (`case_sensitive_codes`).
 */
export async function searchVouchers(this: ILoadOptionsFunctions, filter?: string, paginationToken?: string): Promise<INodeListSearchResult> {
	return await searchList(
		this,
		{
			request: { method: 'GET', path: '/v1/vouchers' },
			list: VOUCHER_LIST,
			filterQuery: (text) => ({ code: text }),
			toItem: (voucher) => {
				const about = [TYPE_LABELS[String(voucher.type)] ?? String(voucher.type ?? ''), voucher.campaign ? String(voucher.campaign) : '', voucher.active === false ? 'disabled' : '']
					.filter(Boolean)
					.join(', ');
				return { name: `${String(voucher.code)}${about ? ` (${about})` : ''}`, value: String(voucher.code) };
			},
		},
		filter,
		paginationToken,
	);
}
