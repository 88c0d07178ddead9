import { NodeOperationError, type IDataObject, type INode } from 'n8n-workflow';

/**
 * What the node hands back as an AI tool (an AI Agent's or an MCP Server Trigger's): when an operation found
 * nothing, and when it fails. n8n passes a model a tool's output items only, and no items reach it as "" (AI Agent)
 * or [] (MCP): a model reads that as an answer it does not understand. As a regular node the output stays empty.
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

/**
 * Codes whose mention makes n8n swap a whole error message for its own words (n8n-workflow's COMMON_ERRORS, matched
 * anywhere in the message, any case): ECONNRESET becomes "You can retry the request…", the opposite of "not repeated".
 * A description naming one stays the description.
 */
const N8N_SWAPPED_CODES = /ECONNREFUSED|ECONNRESET|ENOTFOUND|ETIMEDOUT|ERRADDRINUSE|EADDRNOTAVAIL|ECONNABORTED|EHOSTUNREACH|EAI_AGAIN|ENOENT|EISDIR|ENOTDIR|EACCES|EEXIST|EPERM|GETADDRINFO/i;

/**
 * A tool's error, its description in its message as n8n's own tool wrapper words it (`<message>\n\nDetails:
 * <description>`, n8n-core's get-input-connection-data): where n8n runs the tool without that wrapper, only the
 * message reaches the client (a queue-mode worker answering an MCP call sends `{ error: { message, name } }`,
 * n8n's job-processor invokeTool), and the description says what the client must know ("Nothing was sent to the
 * service."). A NodeOperationError, since n8n's wrapping hands one back unchanged: wrapped again, a message naming
 * a socket error code (a description may name one) would become n8n's own "You can retry the request…".
 */
export function toolError(node: INode, error: unknown, itemIndex: number): NodeOperationError {
	const failure = new NodeOperationError(node, error as Error, { itemIndex });
	// n8n's constructor swaps a message naming a socket code for its own "You can retry…": the node's words stay
	if (error instanceof Error && !(error instanceof NodeOperationError) && error.message) failure.message = error.message;
	const description = typeof failure.description === 'string' ? failure.description.trim() : '';
	if (description && !failure.message.includes(description) && !N8N_SWAPPED_CODES.test(description)) failure.message = `${failure.message}\n\nDetails: ${description}`;
	return failure;
}
