import type { ParamReader } from '../actions/types';
import { fail } from './validate';

/**
 * A setting only the workflow builder sets (a bound per call, a budget, Max Calls per Run), as saved in the node:
 * any expression is refused, `={{ $fromAI(…) }}` and a bare `=2000000` alike (n8n evaluates every value that
 * starts with "="), since a value an input item or an AI model sets bounds nothing. Gives the saved value.
 */
export function builderTyped(params: ParamReader, name: string, label: string, what: 'bound' | 'budget'): unknown {
	const stored = params.node.parameters[name];
	if (typeof stored === 'string' && stored.trimStart().startsWith('=')) {
		fail(params, label, `must be typed in the node, not an expression: a ${what} an input item or an AI model sets bounds nothing`);
	}
	return stored;
}
