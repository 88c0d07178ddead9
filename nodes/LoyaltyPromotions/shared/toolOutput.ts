import type { IDataObject, INode } from 'n8n-workflow';

/**
 * What the node hands back as an AI tool (an AI Agent's or an MCP Server Trigger's) when an operation found
 * nothing. n8n passes a model a tool's output items only, and no items reach it as "" (AI Agent) or [] (MCP): a
 * model reads that as an answer it does not understand. As a regular node the output stays empty.
 */

const MAX_SHOWN = 100;

/** n8n runs the node as a tool under a type with `Tool` appended (its own helper is missing in older n8n). */
export function runsAsTool(node: INode): boolean {
	return node.type.endsWith('Tool');
}

/** The filters the search was given, as words: `email "a@b.c"`. */
function givenFilters(filters: IDataObject): string[] {
	return Object.entries(filters)
		.filter(([, value]) => (typeof value === 'string' && value.trim() !== '') || typeof value === 'number' || typeof value === 'boolean')
		.map(([name, value]) => {
			const text = String(value);
			return `${name} "${text.length > MAX_SHOWN ? `${text.slice(0, MAX_SHOWN)}…` : text}"`;
		});
}

/** The one item that says the operation found nothing, and for which filters. */
export function nothingFound(action: string, filters: IDataObject): IDataObject {
	const given = givenFilters(filters);
	return {
		found: 0,
		message: `Nothing found: "${action}" returned no results${given.length ? ` for ${given.join(', ')}` : ''}.`,
	};
}
