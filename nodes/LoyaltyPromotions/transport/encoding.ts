/** Half of a UTF-16 surrogate pair without its other half: it has no UTF-8 form, so it cannot be sent as itself. */
export const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/**
 * Where a value about to be sent holds a lone surrogate, as the field's name in the request (e.g.
 * `filters[name][conditions][$is]` in a query, `customer.name` in a JSON body), or undefined when none does.
 * Sent as it is, the HTTP client would turn it into another character (U+FFFD, or a wrong pair with its neighbour).
 */
export function loneSurrogateField(value: unknown, name: string, style: 'brackets' | 'dots', seen = new WeakSet<object>()): string | undefined {
	if (typeof value === 'string') return LONE_SURROGATE.test(value) ? name || '(the value)' : undefined;
	if (value === null || typeof value !== 'object' || Buffer.isBuffer(value) || seen.has(value)) return undefined;
	seen.add(value);
	for (const [key, child] of Object.entries(value)) {
		const childName = !name ? key : style === 'brackets' ? `${name}[${key}]` : Array.isArray(value) ? `${name}[${key}]` : `${name}.${key}`;
		if (LONE_SURROGATE.test(key)) return childName;
		const found = loneSurrogateField(child, childName, style, seen);
		if (found) return found;
	}
	return undefined;
}
