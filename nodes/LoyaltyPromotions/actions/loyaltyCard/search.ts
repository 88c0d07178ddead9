import type { IDataObject, ILoadOptionsFunctions, INodeListSearchResult } from 'n8n-workflow';
import { currentTransport, searchList } from '../../shared/search';
import { PROGRAM_ID_PATTERN } from '../../shared/validate';
import { path } from '../../transport/request';
import { V2_LIST } from '../../shared/catalogue';

/** The value of a locator chosen above the field, if it is a plain value of the service's pattern. */
function chosen(ctx: ILoadOptionsFunctions, name: string, pattern: RegExp): string | undefined {
	const value = String(ctx.getCurrentNodeParameter(name, { extractValue: true }) ?? '').trim();
	return pattern.test(value) ? value : undefined;
}

const MEMBER_ID = /^lmbr_[a-f0-9]+$/;
const CARD_ID = /^lcrd_[a-f0-9]+$/;

/** From List for Card: the cards of the member chosen above (one request: the member with its cards). */
export async function searchMemberCards(this: ILoadOptionsFunctions, filter?: string): Promise<INodeListSearchResult> {
	const programId = chosen(this, 'programId', PROGRAM_ID_PATTERN);
	const memberId = chosen(this, 'memberId', MEMBER_ID);
	if (!programId || !memberId) return { results: [] };
	const member = await currentTransport(this).request<IDataObject>({ method: 'GET', path: path`/v2/loyalties/programs/${programId}/members/${memberId}` });
	const needle = (filter ?? '').trim().toLowerCase();
	const results = ((member.cards ?? []) as IDataObject[])
		.map((entry) => entry.card as IDataObject | null)
		.filter((card): card is IDataObject => card !== null && typeof card === 'object')
		.map((card) => {
			const balance = (card.balance as IDataObject | undefined)?.points;
			return { name: `${String(card.code ?? card.id)}${balance === undefined ? '' : ` (${String(balance)} points)`}`, value: String(card.id) };
		})
		.filter((item) => !needle || item.name.toLowerCase().includes(needle) || item.value.includes(needle));
	return { results };
}

/** From List for a bucket: the chosen card's buckets of one list, each named by its points and date. */
async function searchBuckets(ctx: ILoadOptionsFunctions, list: 'pending-points' | 'expiring-points', dateKey: string, filter?: string, paginationToken?: string) {
	const programId = chosen(ctx, 'programId', PROGRAM_ID_PATTERN);
	const memberId = chosen(ctx, 'memberId', MEMBER_ID);
	const cardId = chosen(ctx, 'cardId', CARD_ID);
	if (!programId || !memberId || !cardId) return { results: [] };
	return await searchList(
		ctx,
		{
			request: { method: 'GET', path: `${path`/v2/loyalties/programs/${programId}/members/${memberId}/cards/${cardId}`}/${list}` },
			list: V2_LIST,
			toItem: (bucket) => ({ name: `${String((bucket.points as IDataObject | undefined)?.total)} points, ${String(bucket[dateKey])}`, value: String(bucket.id) }),
		},
		filter,
		paginationToken,
	);
}

export async function searchPendingPointBuckets(this: ILoadOptionsFunctions, filter?: string, paginationToken?: string): Promise<INodeListSearchResult> {
	return await searchBuckets(this, 'pending-points', 'date', filter, paginationToken);
}

export async function searchExpiringPointBuckets(this: ILoadOptionsFunctions, filter?: string, paginationToken?: string): Promise<INodeListSearchResult> {
	return await searchBuckets(this, 'expiring-points', 'expiration_date', filter, paginationToken);
}
