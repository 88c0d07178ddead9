import type { IDataObject, ILoadOptionsFunctions, INodeListSearchResult } from 'n8n-workflow';
import { CREDENTIAL_PROJECT } from '../../shared/project';
import { searchList } from '../../shared/search';
import { locatorValue } from '../../shared/validate';
import { path } from '../../transport/request';

/** The project the node's Project names (a locator in version 2, text in version 1), else the management credential's. */
export async function currentProject(ctx: ILoadOptionsFunctions): Promise<string> {
	const chosen = String(locatorValue(ctx.getCurrentNodeParameter('projectId')) ?? '').trim();
	if (chosen && chosen !== CREDENTIAL_PROJECT) return chosen;
	const credentials = await ctx.getCredentials<IDataObject>('loyaltyPromotionsManagementApi');
	return String(credentials.projectId ?? '').trim();
}

/** The path of a collection in the project the node's Project names, for a From List search. */
export async function currentProjectPath(ctx: ILoadOptionsFunctions, collection: string): Promise<string> {
	return `${path`/management/v1/projects/${await currentProject(ctx)}`}/${collection}`;
}

/**
 * From List for Project: the account's projects, by name (the list shows no keys or secrets). Where Project is
 * optional (the management operations other than Project's own), the first entry is "The credential's project",
 * the visible way to use the credential's Project ID.
 */
export async function searchProjects(this: ILoadOptionsFunctions, filter?: string, paginationToken?: string): Promise<INodeListSearchResult> {
	const found = await searchList(
		this,
		{
			request: { method: 'GET', path: '/management/v1/projects' },
			list: { envelope: 'counted' },
			toItem: (project) => ({ name: `${String(project.name ?? project.id)} (${String(project.id)})`, value: String(project.id) }),
		},
		filter,
		paginationToken,
	);
	const optional = this.getCurrentNodeParameter('resource') !== 'project';
	if (!optional || paginationToken || (filter && !CREDENTIAL_PROJECT_NAME.toLowerCase().includes(filter.trim().toLowerCase()))) return found;
	return { ...found, results: [{ name: CREDENTIAL_PROJECT_NAME, value: CREDENTIAL_PROJECT }, ...found.results] };
}

const CREDENTIAL_PROJECT_NAME = "The credential's project";
