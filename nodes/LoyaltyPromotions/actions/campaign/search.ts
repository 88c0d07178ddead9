import type { IDataObject, ILoadOptionsFunctions, INodeListSearchItems, INodeListSearchResult } from 'n8n-workflow';
import { searchList } from '../../shared/search';
import { CAMPAIGN_LIST, campaignTypeLabel } from './fields';

const campaignName = (campaign: IDataObject) => `${String(campaign.name)} (${campaignTypeLabel(campaign.campaign_type)})`;

/** One page of the project's campaigns (GET /v1/campaigns), narrowed here by the typed text. */
async function campaignsPage(
	ctx: ILoadOptionsFunctions,
	toItem: (campaign: IDataObject) => INodeListSearchItems,
	filter?: string,
	paginationToken?: string,
): Promise<INodeListSearchResult> {
	return await searchList(ctx, { request: { method: 'GET', path: '/v1/campaigns' }, list: CAMPAIGN_LIST, toItem }, filter, paginationToken);
}

/** From List for Campaign: every campaign, by name and type; the value is its ID. */
export async function searchCampaigns(this: ILoadOptionsFunctions, filter?: string, paginationToken?: string): Promise<INodeListSearchResult> {
	return await campaignsPage(this, (campaign) => ({ name: campaignName(campaign), value: String(campaign.id) }), filter, paginationToken);
}

/** From List for the campaign filters that match by name: the value is the campaign's name. */
export async function searchCampaignNames(this: ILoadOptionsFunctions, filter?: string, paginationToken?: string): Promise<INodeListSearchResult> {
	return await campaignsPage(this, (campaign) => ({ name: campaignName(campaign), value: String(campaign.name) }), filter, paginationToken);
}
