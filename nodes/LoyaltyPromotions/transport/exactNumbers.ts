/**
 * No number is rounded on its way to the service. A JavaScript number holds every whole number up to
 * Number.MAX_SAFE_INTEGER (2^53 - 1) exactly; past it, the digits no longer survive: JSON text
 * 12345678901234567890 reads as 12345678901234567000 (another customer's source ID), and 1e21 is sent as
 * 1e+21. Every number past ±MAX_SAFE_INTEGER is such a number, whatever form it was written in (each is whole),
 * so it is refused, as is NaN or Infinity (sent as null). A decimal within the range (0.1, 12.345678901234567)
 * is kept: the service reads JSON decimals as the same binary floating-point numbers, so the nearest one is what
 * it would have read from the text too.
 */

/** Why `value` (a number) would not reach the service as written, or undefined when it would. */
export function inexactNumberRule(value: number, written?: string): string | undefined {
	if (!Number.isFinite(value)) return `is ${String(value)}, which JSON has no number for (it would be sent as null)`;
	if (Math.abs(value) <= Number.MAX_SAFE_INTEGER) return undefined;
	const digits = written && written !== String(value) ? `${written}, which reads as ${String(value)}` : String(value);
	return `is the number ${digits}: past ${Number.MAX_SAFE_INTEGER}, a number no longer holds every digit, so it would be sent rounded. Pass an ID or a code as text (in quotes in JSON), e.g. "${written ?? String(value)}"`;
}

/**
 * The first number in `value` that would not reach the service as written, with its place (`a.b[2]`, or with
 * brackets for a query `a[b][2]`; '' for the value itself). Walked without recursion, so at any depth.
 */
export function inexactNumberIn(value: unknown, style: 'brackets' | 'dots' = 'dots'): { at: string; value: number } | undefined {
	const pending: Array<{ value: unknown; at: string }> = [{ value, at: '' }];
	const seen = new WeakSet<object>();
	while (pending.length > 0) {
		const next = pending.pop()!;
		if (typeof next.value === 'number') {
			if (inexactNumberRule(next.value) !== undefined) return { at: next.at, value: next.value };
			continue;
		}
		if (!isPlainData(next.value) || seen.has(next.value)) continue;
		seen.add(next.value);
		const list = Array.isArray(next.value);
		const entries = Object.entries(next.value);
		for (let index = entries.length - 1; index >= 0; index--) {
			const [key, child] = entries[index];
			const at = !next.at ? (list ? `[${key}]` : key) : style === 'brackets' || list ? `${next.at}[${key}]` : `${next.at}.${key}`;
			pending.push({ value: child, at });
		}
	}
	return undefined;
}

/** A JSON object or list (not bytes, a stream or a file's form part, which go as they are). */
function isPlainData(value: unknown): value is object {
	if (value === null || typeof value !== 'object') return false;
	const prototype = Object.getPrototypeOf(value) as unknown;
	return Array.isArray(value) || prototype === Object.prototype || prototype === null;
}

/** The number literals of a JSON text, as written (outside its strings), to quote the digits a number lost. */
export function numberLiteralsOf(text: string): string[] {
	return [...text.matchAll(/"(?:[^"\\]|\\.)*"|-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?/g)].map((match) => match[0]).filter((token) => !token.startsWith('"'));
}
