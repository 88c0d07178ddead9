import type { ILoadOptionsFunctions, INodeListSearchResult } from 'n8n-workflow';
import { searchList } from '../../shared/search';
import { pagedListSpec } from '../../transport/paginate';
import { EXPORTS } from './fields';

/** From List for Export: the project's exports, newest first, by kind, status and date. */
export async function searchExports(this: ILoadOptionsFunctions, filter?: string, paginationToken?: string): Promise<INodeListSearchResult> {
	return await searchList(
		this,
		{
			request: { method: 'GET', path: '/v1/exports', query: { order: '-created_at' } },
			list: pagedListSpec(100),
			toItem: (job) => {
				const kind = EXPORTS[String(job.exported_object)]?.label ?? String(job.exported_object);
				return { name: `${kind}, ${String(job.status)}, ${String(job.created_at).slice(0, 16).replace('T', ' ')} (${String(job.id)})`, value: String(job.id) };
			},
		},
		filter,
		paginationToken,
	);
}
