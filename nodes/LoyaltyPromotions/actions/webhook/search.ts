import type { IDataObject, ILoadOptionsFunctions, INodeListSearchResult } from 'n8n-workflow';
import { searchList } from '../../shared/search';
import { path } from '../../transport/request';

/** The project the node's Project ID names, else the management credential's. */
async function currentProject(ctx: ILoadOptionsFunctions): Promise<string> {
	const chosen = String(ctx.getCurrentNodeParameter('projectId') ?? '').trim();
	if (chosen) return chosen;
	const credentials = await ctx.getCredentials<IDataObject>('loyaltyPromotionsManagementApi');
	return String(credentials.projectId ?? '').trim();
}

/** From List for Webhook ID: the project's webhooks, by target URL. */
export async function searchWebhooks(this: ILoadOptionsFunctions, filter?: string, paginationToken?: string): Promise<INodeListSearchResult> {
	return await searchList(
		this,
		{
			request: { method: 'GET', path: path`/management/v1/projects/${await currentProject(this)}/webhooks` },
			list: { envelope: 'counted' },
			toItem: (webhook) => {
				const events = Array.isArray(webhook.events) ? webhook.events.length : 0;
				const state = webhook.active === false ? ', inactive' : '';
				return { name: `${String(webhook.target_url)} (${events} event${events === 1 ? '' : 's'}${state})`, value: String(webhook.id) };
			},
		},
		filter,
		paginationToken,
	);
}
