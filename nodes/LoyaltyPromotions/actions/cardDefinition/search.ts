import type { ILoadOptionsFunctions, INodePropertyOptions } from 'n8n-workflow';
import { loadList } from '../../shared/search';

/** The card definitions of the account, for the dropdowns that name one (by name, with status and ID). */
export async function loadCardDefinitions(this: ILoadOptionsFunctions): Promise<INodePropertyOptions[]> {
	const entries = await loadList(this, { method: 'GET', path: '/v2/loyalties/card-definitions', query: { order: 'name' } }, {
		envelope: 'v2Cursor',
		pageSizeParam: 'limit',
		cursorParam: 'cursor',
		maxPageSize: 100,
	});
	return entries
		.map((entry) => ({ name: `${String(entry.name || entry.id)} (${String(entry.status)})`, value: String(entry.id), description: String(entry.id) }))
		.sort((a, b) => a.name.localeCompare(b.name));
}

/** A dropdown of the account's card definitions; an expression can still give any ID. */
export function cardDefinitionOptions(name: string, description: string) {
	return {
		displayName: 'Card Definition Name or ID',
		name,
		type: 'options' as const,
		typeOptions: { loadOptionsMethod: 'loadCardDefinitions' },
		default: '',
		description: `${description}. Choose from the list, or specify an ID using an <a href="https://docs.n8n.io/code/expressions/">expression</a>.`,
	};
}
