import { NodeOperationError } from 'n8n-workflow';
import type { ParamReader } from '../../actions/types';

/**
 * Named rules checked before any request is sent. Each failure names the field (as the user sees it) and the
 * rule, so the user can fix it without reading the API docs.
 */

/** What a rule needs to report a failure: the node and the item (a ParamReader, or a trigger's hook context). */
export type FieldContext = Pick<ParamReader, 'node' | 'itemIndex'> & Partial<Pick<ParamReader, 'context'>>;

export function fail(params: FieldContext, field: string, rule: string): never {
	throw new NodeOperationError(params.node, `${field}: ${rule}`, {
		itemIndex: params.itemIndex,
		description: 'Nothing was sent to the service.',
	});
}

/** How a refused value is shown in an error: short, quoted text; never the contents of an object or a list. */
export function shown(value: unknown): string {
	if (value === undefined) return 'nothing';
	if (value === null) return 'null';
	if (Array.isArray(value)) return 'a list';
	if (typeof value === 'object') return 'an object';
	if (typeof value === 'string') return `"${value.length > 60 ? `${value.slice(0, 57)}...` : value}"`;
	return String(value);
}
