import { NodeOperationError, type NodeExecutionHint } from 'n8n-workflow';
import type { OperationDefinition } from '../../actions/types';
import type { MappedItem } from './reader';
import { fieldsNamedBy, listed, quotedKey } from './names';
import { recordFields } from './record';

/** What Map Automatically tells the user: the output panel's notes on keys left out, and errors named by input key. */

/**
 * The output panel's note on the input keys Map Automatically left out (Unknown Input Fields: Ignore): those that
 * match no field, and those that name a field but were not read, because the item gives that field under
 * another key too (its own name, "amount_off", beside "Amount Off") or because several fields answer to the name.
 */
export function ignoredKeysHint(operation: OperationDefinition, keys: string[]): NodeExecutionHint {
	const fields = recordFields(operation);
	const unmatched: string[] = [];
	const named: string[] = [];
	for (const key of keys) {
		const names = fieldsNamedBy(fields, key).map((field) => field.name);
		if (names.length === 0) unmatched.push(quotedKey(key));
		else if (names.length === 1) named.push(`${quotedKey(key)} names ${names[0]}, which the item gives under another key`);
		else named.push(`${quotedKey(key)} could name ${names.join(' or ')}`);
	}
	const parts = [
		...(unmatched.length > 0 ? [`${listed(unmatched)}: they match no field of this record (it takes ${fields.map((field) => field.name).join(', ')})`] : []),
		...(named.length > 0 ? [`${listed(named)}: give each field under one key, its own name`] : []),
	];
	return {
		message: `Map Automatically left out input fields ${parts.join('; ')}. Rename them, or set Unknown Input Fields to Refuse to fail such items instead.`,
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
