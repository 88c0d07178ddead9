import type { ILoadOptionsFunctions, INodeListSearchResult } from 'n8n-workflow';
import { searchList } from '../../shared/search';
import { TEMPLATE_CAMPAIGN_TYPES, TEMPLATE_LIST } from './fields';

/** From List for Campaign Template: the project's templates by name and campaign type; the value is the template's ID. */
export async function searchCampaignTemplates(this: ILoadOptionsFunctions, filter?: string, paginationToken?: string): Promise<INodeListSearchResult> {
	return await searchList(
		this,
		{
			request: { method: 'GET', path: '/v1/templates/campaigns' },
			list: TEMPLATE_LIST!,
			toItem: (template) => ({
				name: `${String(template.name || template.id)}${template.campaign_type ? ` (${TEMPLATE_CAMPAIGN_TYPES[String(template.campaign_type)] ?? String(template.campaign_type)})` : ''}`,
				value: String(template.id),
			}),
			filterQuery: (text) => ({ 'filters[name][conditions][$contains]': text }),
		},
		filter,
		paginationToken,
	);
}
