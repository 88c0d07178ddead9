import { fail, shown, type FieldContext } from './fail';

/** Numbers: whole numbers in a range, decimals, money amounts in hundredths, signed adjustments. */

const INTEGER_TEXT = /^[+-]?\d+$/;
const DECIMAL_TEXT = /^[+-]?(?:\d+(?:\.\d+)?|\.\d+)$/;

/** ' (got …)', with a hint when a number was written in a form other than plain decimal digits. */
function numberHint(value: unknown): string {
	const odd = typeof value === 'string' && value.trim() !== '' && !DECIMAL_TEXT.test(value.trim());
	return ` (got ${shown(value)}${odd ? '; write it in plain decimal digits' : ''})`;
}

/**
 * A whole number from a number or from decimal digits (a sign only where negatives are allowed); undefined for
 * anything else ("0x10", "1e3", "12.5", an object). It may lie beyond Number.MAX_SAFE_INTEGER: callers check.
 */
function wholeNumber(value: unknown, signed: boolean): number | undefined {
	let number: number;
	if (typeof value === 'number') number = value;
	else if (typeof value === 'string' && INTEGER_TEXT.test(value.trim()) && (signed || /^\d/.test(value.trim()))) number = Number(value.trim());
	else return undefined;
	return Number.isInteger(number) ? number : undefined;
}

/** A decimal from a finite number or from decimal text ("12.50"); undefined for anything else. */
function decimalNumber(value: unknown): number | undefined {
	let number: number;
	if (typeof value === 'number') number = value;
	else if (typeof value === 'string' && DECIMAL_TEXT.test(value.trim())) number = Number(value.trim());
	else return undefined;
	return Number.isFinite(number) ? number : undefined;
}

/**
 * Whether a decimal has more than `decimals` decimal places: as written, for text (trailing zeros aside:
 * "10000.0100" has two); for a number, beyond what
 * floating-point noise explains (12.3 * 3 is 36.900000000000006, which is 36.90).
 */
function tooManyDecimals(value: unknown, number: number, decimals: number): boolean {
	if (!Number.isFinite(decimals)) return false;
	if (typeof value === 'string') return (value.trim().split('.')[1]?.replace(/0+$/, '').length ?? 0) > decimals;
	const scaled = number * 10 ** decimals;
	return Math.abs(Math.round(scaled) - scaled) > 1e-6;
}

/** A decimal number with at most `decimals` decimal places, within [min, max]. */
export function requireDecimal(
	params: FieldContext,
	field: string,
	value: unknown,
	{ min = -Number.MAX_SAFE_INTEGER, max = Number.MAX_SAFE_INTEGER, decimals = Infinity }: { min?: number; max?: number; decimals?: number } = {},
): number {
	const number = decimalNumber(value);
	if (number === undefined) fail(params, field, `must be a number, e.g. 12.5${numberHint(value)}`);
	if (number < min) fail(params, field, min === 0 ? `must be a non-negative amount (got ${shown(value)})` : `must be at least ${min} (got ${shown(value)})`);
	if (number > max) fail(params, field, `must be at most ${max} (got ${shown(value)})`);
	if (tooManyDecimals(value, number, decimals)) fail(params, field, `has more than ${decimals === 2 ? 'two' : decimals} decimal places (got ${shown(value)})`);
	return number;
}

export function requireIntegerInRange(params: FieldContext, field: string, value: unknown, min: number, max = Number.MAX_SAFE_INTEGER): number {
	const number = wholeNumber(value, min < 0);
	const low = Math.max(min, -Number.MAX_SAFE_INTEGER);
	const high = Math.min(max, Number.MAX_SAFE_INTEGER);
	if (number === undefined || number < low || number > high) {
		const range =
			high < Number.MAX_SAFE_INTEGER ? ` from ${low} to ${high}` : low > -Number.MAX_SAFE_INTEGER ? ` of at least ${low}` : '';
		const beyond = number !== undefined && Math.abs(number) > Number.MAX_SAFE_INTEGER ? ` and at most ${Number.MAX_SAFE_INTEGER} in size` : '';
		fail(params, field, `must be a whole number${range}${beyond}${numberHint(value)}`);
	}
	return number;
}

/**
 * The largest amount (in the main unit) that reaches the service exact to the cent: beyond about 2^44 a number
 * no longer tells the cents apart (70000000000000.01 became …0.02).
 */
export const MAX_EXACT_AMOUNT = 10_000_000_000_000;

/** A money amount in the currency's main unit: decimal digits with at most two decimal places, not negative. */
export function requireAmount(params: FieldContext, field: string, value: unknown): number {
	return requireDecimal(params, field, value, { min: 0, max: MAX_EXACT_AMOUNT, decimals: 2 });
}

/** A money amount typed as a decimal (e.g. 12.5) becomes the service's integer in hundredths (1250). */
export function toMinorUnits(params: FieldContext, field: string, value: unknown): number {
	return Math.round(requireAmount(params, field, value) * 100);
}

// ---- Signed amounts and points (balance adjustments: a positive number adds, a negative one subtracts) ----

/** The sign of a number or numeric text, and its magnitude as given (text stays text for the checks above). */
function splitSign(value: unknown): { negative: boolean; magnitude: unknown } {
	if (typeof value === 'number') return { negative: value < 0, magnitude: Math.abs(value) };
	if (typeof value === 'string' && value.trim().startsWith('-')) return { negative: true, magnitude: value.trim().slice(1) };
	return { negative: false, magnitude: value };
}

/** A whole number other than 0, e.g. points to add (100) or subtract (-100). */
export function requireNonZeroInteger(params: FieldContext, field: string, value: unknown): number {
	const { negative, magnitude } = splitSign(value);
	let number = 0;
	try {
		number = requireIntegerInRange(params, field, magnitude, 0);
	} catch {
		// reported below, with the signed rule
	}
	if (number === 0) fail(params, field, `must be a whole number other than 0, e.g. 100 to add or -100 to subtract (got ${String(value)})`);
	return negative ? -number : number;
}

/** A money amount other than 0 typed as a decimal (12.5 adds, -12.5 subtracts), sent in hundredths (1250, -1250). */
export function toSignedMinorUnits(params: FieldContext, field: string, value: unknown): number {
	const { negative, magnitude } = splitSign(value);
	if ((decimalNumber(magnitude) ?? 0) > MAX_EXACT_AMOUNT) {
		fail(params, field, `must be at most ${MAX_EXACT_AMOUNT} in size: larger amounts do not reach the service exact to the cent (got ${String(value)})`);
	}
	let minor = 0;
	try {
		minor = toMinorUnits(params, field, magnitude);
	} catch {
		// reported below, with the signed rule
	}
	if (minor === 0) {
		fail(params, field, `must be an amount other than 0 with at most two decimal places, e.g. 12.50 to add or -12.50 to subtract (got ${String(value)})`);
	}
	return negative ? -minor : minor;
}
