import type { INodeProperties } from 'n8n-workflow';
import type { ParamReader } from '../actions/types';
import { fail, shown } from './validate';

const why = (what: 'bound' | 'budget') => `a ${what} an input item or an AI model sets bounds nothing`;

/**
 * A setting only the workflow builder sets (a bound per call, a budget, Max Calls per Run), as saved in the node:
 * any expression is refused, `={{ $fromAI(…) }}` and a bare `=2000000` alike (n8n evaluates every value that
 * starts with "="), since a value an input item or an AI model sets bounds nothing. Gives the saved value.
 *
 * n8n itself strips the "=" off an expression saved in a noDataExpression parameter (its getNodeParameters, except
 * a lone $fromAI()), so `=20000` reaches the node as the text "20000": a number setting the panel typed is saved as
 * a number, so text there (`number`) is an expression too.
 */
export function builderTyped(params: ParamReader, name: string, label: string, what: 'bound' | 'budget', number = true): unknown {
	const stored = params.node.parameters[name];
	if (typeof stored !== 'string') return stored;
	if (stored.trimStart().startsWith('=')) fail(params, label, `must be typed in the node, not an expression: ${why(what)}`);
	if (number) fail(params, label, `must be typed in the node as a number, not an expression or text (got the text ${shown(stored)}): ${why(what)}`);
	return stored;
}

/**
 * Every number setting only the workflow builder sets (noDataExpression) among `properties`, checked as saved,
 * before anything is read or sent: also those an operation reads only with another setting (the budget window).
 */
export function checkBuilderNumbers(params: ParamReader, properties: readonly INodeProperties[]): void {
	for (const property of properties) {
		if (property.noDataExpression && property.type === 'number') builderTyped(params, property.name, property.displayName, property.name.endsWith('PerCall') ? 'bound' : 'budget');
	}
}
