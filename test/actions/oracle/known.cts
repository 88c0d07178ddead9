/**
 * The oracle's exceptions, as data: each names a case ('resource.operation', or one case of it such as
 * 'segment.create type=static') and, for a mismatch, a way; each with its reason in one line. The oracle prints
 * them all at the end of its run.
 */

/**
 * Mismatches accepted for now, each with its reason, each asserted to still differ: when one is fixed, the oracle
 * fails until it leaves this list, so the list only ever shrinks. Empty: every way agrees.
 */
export const KNOWN_MISMATCHES: Record<string, string> = {};

/**
 * Cases the operation refuses by design, before anything is sent, whichever way the values come: the oracle
 * asserts that no way sends anything for them. Empty: every case sends.
 */
export const REFUSED: Record<string, string> = {};

/** Ways that cannot be compared for a case, and why. */
export const NOT_COMPARED: Record<string, string> = {};
