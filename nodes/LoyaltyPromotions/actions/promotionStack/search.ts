import type { IDataObject, ILoadOptionsFunctions, INodeListSearchResult } from 'n8n-workflow';
import { searchList } from '../../shared/search';
import { path } from '../../transport/request';
import { CAMPAIGN_STACK_LIST, STACK_LIST } from './fields';

const toItem = (stack: IDataObject) => ({ name: `${String(stack.name || stack.id)}${stack.campaign_id ? ` (${String(stack.campaign_id)})` : ''}`, value: String(stack.id) });

/** From List for Promotion Stack: the stacks of the campaign chosen in the Campaign field, else of every campaign. */
export async function searchPromotionStacks(this: ILoadOptionsFunctions, filter?: string, paginationToken?: string): Promise<INodeListSearchResult> {
	const campaignId = String(this.getCurrentNodeParameter('campaignId', { extractValue: true }) ?? '').trim();
	const spec = campaignId
		? { request: { method: 'GET' as const, path: `${path`/v1/promotions/${campaignId}`}/stacks` }, list: CAMPAIGN_STACK_LIST, toItem }
		: { request: { method: 'GET' as const, path: '/v1/promotions/stacks' }, list: STACK_LIST, toItem };
	return await searchList(this, spec, filter, paginationToken);
}
