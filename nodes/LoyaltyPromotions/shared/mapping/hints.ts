import { NodeOperationError, type NodeExecutionHint } from 'n8n-workflow';
import type { OperationDefinition } from '../../actions/types';
import type { MappedItem } from './reader';
import { recordFields } from './record';

/** What Map Automatically tells the user: the output panel's notes on keys left out, and errors named by input key. */

/** The output panel's note on the input keys Map Automatically left out (Unknown Input Fields: Ignore). */
export function ignoredKeysHint(operation: OperationDefinition, keys: string[]): NodeExecutionHint {
	const shown = keys.slice(0, 20).map((key) => `"${key}"`).join(', ') + (keys.length > 20 ? ` and ${keys.length - 20} more` : '');
	return {
		message: `Map Automatically left out input fields ${shown}: they match no field of this record (it takes ${recordFields(operation).map((field) => field.name).join(', ')}). Rename them, or set Unknown Input Fields to Refuse to fail such items instead.`,
		type: 'warning',
		location: 'outputPane',
	};
}

/** The output panel's note on the input keys of fields the panel's values hide (Unknown Input Fields: Ignore). */
export function notShownKeysHint(reasons: string[]): NodeExecutionHint {
	const shown = reasons.slice(0, 20).join('; ') + (reasons.length > 20 ? `; and ${reasons.length - 20} more` : '');
	return {
		message: `Map Automatically left out input fields the panel's current values do not use: ${shown}. Set that value in the panel for such items (e.g. after a Switch node), or set Unknown Input Fields to Refuse to fail such items instead.`,
		type: 'warning',
		location: 'outputPane',
	};
}

/**
 * Whether an error message is about the field labelled `label`: "Price: …", "Items (JSON) entry 2: …",
 * "Metadata (JSON).tier …" (not "Name Prefix: …" for Name).
 */
function labels(message: string, label: string): boolean {
	if (!message.startsWith(label)) return false;
	const rest = message.slice(label.length);
	return /^(: |\.|\[| entry )/.test(rest) || (label.endsWith(')') && rest.startsWith(' '));
}

/**
 * An error a mapped value caused in build() (e.g. "Image URL: must be an HTTPS address"), named as the mapped
 * value's other errors are: with the input key it came from. Other errors are returned unchanged.
 */
export function withInputKey(error: unknown, operation: OperationDefinition, mapped: MappedItem | undefined): unknown {
	if (!mapped || !(error instanceof NodeOperationError) || mapped.inputKeys.size === 0) return error;
	const fields = recordFields(operation);
	for (const [path, key] of mapped.inputKeys) {
		const field = fields.find((candidate) => candidate.path === path);
		const label = field?.property.displayName;
		if (!label || !labels(error.message, label)) continue;
		error.message = `${label} (input field "${key}")${error.message.slice(label.length)}`;
		return error;
	}
	return error;
}
