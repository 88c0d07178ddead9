import type { ILoadOptionsFunctions, INodeListSearchResult } from 'n8n-workflow';
import { searchList } from '../../shared/search';
import { currentProjectPath } from '../project/search';

/** From List for Webhook ID: the project's webhooks, by target URL. */
export async function searchWebhooks(this: ILoadOptionsFunctions, filter?: string, paginationToken?: string): Promise<INodeListSearchResult> {
	return await searchList(
		this,
		{
			request: { method: 'GET', path: await currentProjectPath(this, 'webhooks') },
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
