/**
 * The deepest nesting of objects and lists the node sends or reads. The service's own objects nest about ten
 * levels; a value nested thousands of levels deep cannot be copied or serialized (n8n's engine, JSON.stringify
 * and every recursive reader end in "Maximum call stack size exceeded"), so it is refused with an error naming it.
 */
export const MAX_DEPTH = 100;

/** Whether `value` nests objects or lists more than `max` levels deep: measured without recursion, so at any depth. */
export function deeperThan(value: unknown, max = MAX_DEPTH): boolean {
	const pending: Array<[unknown, number]> = [[value, 0]];
	while (pending.length > 0) {
		const [next, depth] = pending.pop()!;
		if (next === null || typeof next !== 'object' || Buffer.isBuffer(next)) continue;
		if (depth >= max) return true;
		for (const child of Object.values(next)) if (child !== null && typeof child === 'object') pending.push([child, depth + 1]);
	}
	return false;
}
