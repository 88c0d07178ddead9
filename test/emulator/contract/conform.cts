/**
 * The published contract's success answers (responses.json) as a check: where an answer differs from its
 * operation's facts. A difference is one line, `<path>: <what>`, with array positions as `[]`, so that the same
 * difference on every entry of a list is one line.
 */
import { readFileSync } from 'fs';
import { join } from 'path';

/** One part of an answer, as responses.json writes it; a string names another part. */
export interface Part {
	source?: string;
	type?: string | string[];
	nullable?: boolean;
	required?: string[];
	keys?: Record<string, PartRef>;
	items?: PartRef;
	/** The part of an object's keys not listed in `keys` (a map). */
	values?: PartRef;
	enum?: unknown[];
	/** Every one of these parts holds too. */
	allOf?: PartRef[];
	/** At least one of these parts holds. */
	oneOf?: PartRef[];
}
export type PartRef = string | Part;

export interface OperationFacts {
	source: string;
	status: number;
	/** The answer's part; none when the contract's success answer has no body. */
	answer?: PartRef;
	/** The media type when the answer is not JSON. */
	mediaType?: string;
	/** The same path's other answer (an export's file on the download hosts). */
	download?: OperationFacts;
	/** The operation's other success answers, by their status (a dry run's 200 beside a queued write's 202). */
	also?: OperationFacts[];
}

/** A difference the emulator keeps for now, with why. */
export interface LedgerEntry {
	difference: string;
	why: string;
}

export interface ResponseFacts {
	about: string;
	contract: { repository: string; commit: string };
	operations: Record<string, OperationFacts>;
	parts: Record<string, Part>;
	/** Where the contract's own examples of an answer break its schema: which one the emulator follows, and why. */
	examples: Record<string, { examples: string[]; follows: 'example' | 'schema'; differences?: string[]; why: string }>;
	ledger: Record<string, LedgerEntry[]>;
}

export const FACTS: ResponseFacts = JSON.parse(readFileSync(join(__dirname, 'responses.json'), 'utf8'));

const isPlainObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

function kindOf(value: unknown): string {
	if (value === null) return 'null';
	if (Array.isArray(value)) return 'array';
	if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number';
	return typeof value;
}

function hasKind(type: string, value: unknown): boolean {
	const kind = kindOf(value);
	return kind === type || (type === 'number' && kind === 'integer');
}

function resolve(ref: PartRef): Part {
	if (typeof ref !== 'string') return ref;
	const part = FACTS.parts[ref];
	if (!part) throw new Error(`responses.json names a part it does not have: ${ref}`);
	return part;
}

/** Whether a part says nothing of its value beyond nullability (any JSON). */
const unconstrained = (part: Part) => !part.type && !part.enum && !part.keys && !part.required && !part.items && !part.allOf && !part.oneOf;

function acceptsNull(ref: PartRef): boolean {
	const part = resolve(ref);
	if (part.nullable || unconstrained(part)) return true;
	if (part.type || part.enum) return false;
	if (part.allOf) return part.allOf.every(acceptsNull);
	if (part.oneOf) return part.oneOf.some(acceptsNull);
	return false;
}

function check(ref: PartRef, value: unknown, path: string, out: Set<string>): void {
	const part = resolve(ref);
	if (value === null) {
		if (!acceptsNull(part)) out.add(`${path}: null where the contract allows none`);
		return;
	}
	if (part.type) {
		const types = [part.type].flat();
		if (!types.some((type) => hasKind(type, value))) {
			out.add(`${path}: ${kindOf(value)} where the contract has ${types.join(' or ')}`);
			return;
		}
	}
	if (part.enum && !part.enum.includes(value)) out.add(`${path}: ${JSON.stringify(value)} outside the contract's enum`);
	if (isPlainObject(value)) {
		for (const key of part.required ?? []) if (!Object.prototype.hasOwnProperty.call(value, key)) out.add(`${path}.${key}: missing, the contract requires it`);
		for (const [key, member] of Object.entries(value)) {
			const listed = part.keys && Object.prototype.hasOwnProperty.call(part.keys, key) ? part.keys[key] : undefined;
			if (listed !== undefined) check(listed, member, `${path}.${key}`, out);
			else if (part.values !== undefined) check(part.values, member, `${path}.*`, out);
		}
	}
	if (Array.isArray(value) && part.items !== undefined) for (const element of value) check(part.items, element, `${path}[]`, out);
	for (const member of part.allOf ?? []) check(member, value, path, out);
	if (part.oneOf && part.oneOf.length > 0) {
		const tried = part.oneOf.map((member) => {
			const found = new Set<string>();
			check(member, value, path, found);
			return found;
		});
		if (!tried.some((found) => found.size === 0)) {
			// the alternative it comes closest to says what is wrong
			const closest = tried.reduce((best, found) => (found.size < best.size ? found : best));
			for (const line of closest) out.add(line);
		}
	}
}

/** Where `value` differs from the part named (one line per difference, sorted). */
export function differences(ref: PartRef, value: unknown): string[] {
	const out = new Set<string>();
	check(ref, value, '$', out);
	return [...out].sort();
}

/** 'GET /v1/x/{}' → a RegExp matching a logged request's method and path. */
export function operationPattern(key: string): RegExp {
	const [method, path] = key.split(' ');
	return new RegExp(`^${method} ${path.split('{}').map((piece) => piece.replace(/[.*+?^$()|[\]\\]/g, '\\$&')).join('[^/]+')}$`);
}
