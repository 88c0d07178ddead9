import type { ILoadOptionsFunctions, INodeListSearchResult } from 'n8n-workflow';
import { searchList } from '../../shared/search';
import { currentProjectPath } from '../project/search';

/** From List for Custom Event Schema: the project's schemas, by event name. */
export async function searchCustomEventSchemas(this: ILoadOptionsFunctions, filter?: string, paginationToken?: string): Promise<INodeListSearchResult> {
	return await searchList(
		this,
		{
			request: { method: 'GET', path: await currentProjectPath(this, 'custom-event-schemas') },
			list: { envelope: 'counted' },
			toItem: (schema) => ({ name: String(schema.name ?? schema.id), value: String(schema.id) }),
		},
		filter,
		paginationToken,
	);
}
