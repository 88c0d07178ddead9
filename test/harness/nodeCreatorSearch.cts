/**
 * How n8n's node creator matches what a user types, replayed without a browser (n8n 2.41, read from its source):
 * - `searchNodes` in packages/frontend/editor-ui/src/components/Node/NodeCreator/utils.ts drops a trailing
 *   "trigger" word, lower-cases the text and ranks items with `sublimeSearch`;
 * - `sublimeSearch` (packages/@n8n/utils/src/search/sublimeSearch.ts) looks at `properties.displayName` (weight
 *   1.3) and each of `properties.codex.alias` (weight 1): an item is found when the text's characters occur in one
 *   of them in order, case aside; its score is the best weighted fuzzy score of those (adjacent, after-a-space and
 *   first-letter bonuses, leading and unmatched letter penalties), highest first;
 * - the root search runs over the nodes (display name and the codex file's `alias`, which n8n's DirectoryLoader
 *   copies into the description); inside a node, over its actions, whose display name is the operation option's
 *   `action` (useActionsGeneration.ts) and whose codex has no alias: an action is found by its own words only.
 */

const SEQUENTIAL_BONUS = 60;
const SEPARATOR_BONUS = 38;
const CAMEL_BONUS = 30;
const FIRST_LETTER_BONUS = 15;
const LEADING_LETTER_PENALTY = -20;
const MAX_LEADING_LETTER_PENALTY = -200;
const UNMATCHED_LETTER_PENALTY = -5;
const RECURSION_LIMIT = 5;

/** Whether every character of `pattern` occurs in `target` in order (case-insensitive): the gate of a match. */
export function inOrder(pattern: string, target: string): boolean {
	let at = 0;
	for (const char of target.toLowerCase()) if (at < pattern.length && char === pattern[at].toLowerCase()) at++;
	return pattern.length > 0 && target.length > 0 && at === pattern.length;
}

/** The score of `target` for `pattern`: the best over the match positions tried within n8n's recursion limit. */
function score(pattern: string, target: string, from = 0, at = 0, before: number[] = [], depth = 0): number | undefined {
	if (++depth >= RECURSION_LIMIT || from === pattern.length || at === target.length) return undefined;
	const matches = [...before];
	let best: number | undefined;
	let p = from;
	for (let t = at; p < pattern.length && t < target.length; t++) {
		if (pattern[p].toLowerCase() !== target[t].toLowerCase()) continue;
		// the same pattern character matched later in the target instead
		const later = score(pattern, target, p, t + 1, matches, depth);
		if (later !== undefined && (best === undefined || later > best)) best = later;
		matches.push(t);
		p++;
	}
	if (p < pattern.length) return undefined;
	let total = 100;
	if (!target.toLowerCase().startsWith('n8n')) total += Math.max(LEADING_LETTER_PENALTY * matches[0], MAX_LEADING_LETTER_PENALTY);
	total += UNMATCHED_LETTER_PENALTY * (target.length - matches.length);
	matches.forEach((index, i) => {
		if (i > 0 && index === matches[i - 1] + 1) total += SEQUENTIAL_BONUS;
		if (index === 0) {
			total += FIRST_LETTER_BONUS;
			return;
		}
		const neighbour = target[index - 1];
		const char = target[index];
		if (neighbour !== neighbour.toUpperCase() && char !== char.toLowerCase()) total += CAMEL_BONUS;
		if (neighbour === '_' || neighbour === ' ') total += SEPARATOR_BONUS;
	});
	return best !== undefined && best > total ? best : total;
}

/** The text as searchNodes searches it: a last word that starts "trigger" dropped, lower case. */
function filterOf(typed: string): string {
	const parts = typed.split(' ');
	const last = parts[parts.length - 1].toLowerCase();
	const trimmed = parts.length > 1 && 'trigger'.startsWith(last) ? parts.slice(0, -1).filter(Boolean).join(' ').trimEnd() : typed;
	return trimmed.toLowerCase();
}

export interface Searchable {
	displayName: string;
	alias?: string[];
}

/** The items `typed` finds, best first, as the node creator lists them. */
export function search<T extends Searchable>(typed: string, items: readonly T[]): T[] {
	const filter = filterOf(typed);
	const found: Array<{ item: T; score: number }> = [];
	for (const item of items) {
		const values = [{ value: item.displayName, weight: 1.3 }, ...(item.alias ?? []).map((value) => ({ value, weight: 1 }))];
		let best: number | undefined;
		for (const { value, weight } of values) {
			if (!inOrder(filter, value)) continue;
			const result = score(filter, value);
			if (result !== undefined && (best === undefined || result * weight > best)) best = result * weight;
		}
		if (best !== undefined) found.push({ item, score: best });
	}
	return found.sort((a, b) => b.score - a.score).map(({ item }) => item);
}
