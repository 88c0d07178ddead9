import { createHash } from 'crypto';
import type { IDataObject } from 'n8n-workflow';

/**
 * Recognising repeated deliveries (the service retries a failed delivery with the same `id`, up to 12 times with
 * doubling intervals; an attacker can replay a captured signed delivery).
 *
 * Two records, because n8n gives a webhook() nothing atomic that lasts:
 * - the workflow's static data keeps a bounded ledger (a hash of each id, with when it was first seen). It lasts across
 *   restarts and is shared by every n8n process, but n8n loads a separate copy of it for each webhook call and for
 *   each run and saves each copy whole, so two concurrent calls both miss each other and a later save can drop an
 *   earlier one's entry;
 * - the claims below, in the memory of the n8n process: a check-and-record with no await between the two steps,
 *   so concurrent webhook calls in one process cannot both see a delivery as new.
 * A delivery is new only when neither record has its id within the window.
 */

/** How many ids each trigger remembers at most (per trigger node, in static data). */
export const REMEMBERED_DELIVERIES = 2000;

/**
 * How long an id is remembered. Chosen to outlast the service's retries of one delivery (12, at doubling
 * intervals; the first interval is not published): 12 doublings of up to 2.4 minutes fit in 7 days.
 */
export const REMEMBER_FOR_MS = 7 * 24 * 60 * 60 * 1000;

/** How many claims one n8n process keeps at most, over all trigger nodes (about 150 bytes each). */
export const MAX_CLAIMS = 20_000;

/** Static data key of the ledger. */
export const LEDGER_KEY = 'seenDeliveries';

/** The static data key of the unbounded id list older versions kept (replaced by the ledger when seen). */
const LEGACY_KEY = 'seenDeliveryIds';

/** What is stored per delivery: the first 128 bits of sha256(id), hex. Fixed size whatever the id's length. */
export function deliveryKey(id: string): string {
	return createHash('sha256').update(id, 'utf8').digest('hex').slice(0, 32);
}

/**
 * The ledger is a list of `key:seconds` strings (the 32-character key, then when it was first seen, in seconds
 * since the epoch), oldest first: entries are only ever appended. About 46 bytes each once saved as JSON.
 */
const KEY_LENGTH = 32;

/** When the entry was first seen (ms since the epoch), or NaN when it is not a ledger entry. */
function seenAt(entry: unknown): number {
	if (typeof entry !== 'string' || entry.length <= KEY_LENGTH + 1 || entry[KEY_LENGTH] !== ':') return NaN;
	return Number(entry.slice(KEY_LENGTH + 1)) * 1000;
}

/**
 * The ledger's entries from the first one still within the window on (entries are appended oldest first, so
 * the expired ones are in front; one that a clock difference left further back is skipped by inLedger and
 * dropped once it reaches the front).
 */
function freshEntries(data: IDataObject, now: number): string[] {
	const stored = data[LEDGER_KEY];
	if (!Array.isArray(stored)) return [];
	let first = 0;
	while (first < stored.length && !(now - seenAt(stored[first]) < REMEMBER_FOR_MS)) first++;
	return stored.slice(first).filter((entry): entry is string => typeof entry === 'string');
}

function legacyIds(data: IDataObject): string[] {
	const legacy = data[LEGACY_KEY];
	return Array.isArray(legacy) ? legacy.filter((id): id is string => typeof id === 'string') : [];
}

/** Whether the ledger in `data` (or the id list of earlier versions) has `key` within the window. */
export function inLedger(data: IDataObject, key: string, now: number): boolean {
	const stored = data[LEDGER_KEY];
	if (Array.isArray(stored)) {
		for (const entry of stored) {
			if (typeof entry === 'string' && entry.startsWith(key) && now - seenAt(entry) < REMEMBER_FOR_MS) return true;
		}
	}
	return legacyIds(data).some((id) => deliveryKey(id) === key);
}

/**
 * Adds `key` to the ledger in `data` (keeping the time of an entry already there), dropping expired entries
 * and, past REMEMBERED_DELIVERIES, the oldest ones. An id list saved by an earlier version is taken over.
 */
export function addToLedger(data: IDataObject, key: string, now: number): void {
	const kept = freshEntries(data, now);
	const seconds = Math.floor(now / 1000);
	for (const added of [...legacyIds(data).map(deliveryKey), key]) {
		if (!kept.some((entry) => entry.startsWith(added))) kept.push(`${added}:${seconds}`);
	}
	data[LEDGER_KEY] = kept.slice(-REMEMBERED_DELIVERIES);
	if (LEGACY_KEY in data) delete data[LEGACY_KEY];
}

/**
 * Claims of this n8n process: `scope key` → when claimed. A Map keeps insertion order, so the first entries are
 * the oldest; both the count and the age are bounded. It records nothing that must last: the ledger does.
 */
const claims = new Map<string, number>();

/**
 * Records that this process accepted `key` for `scope` (a trigger node of a workflow); false when it already had
 * within the window. Synchronous, so no other webhook call of this process can run between the check and the
 * record.
 */
export function claim(scope: string, key: string, now: number): boolean {
	const entry = `${scope} ${key}`;
	const at = claims.get(entry);
	if (at !== undefined && now - at < REMEMBER_FOR_MS) return false;
	claims.delete(entry);
	claims.set(entry, now);
	for (const [oldest, when] of claims) {
		if (claims.size <= MAX_CLAIMS && now - when < REMEMBER_FOR_MS) break;
		claims.delete(oldest);
	}
	return true;
}
