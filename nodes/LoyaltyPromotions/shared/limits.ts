import type { INodeProperties } from 'n8n-workflow';
import type { ParamReader } from '../actions/types';
import { fail, requireNonZeroInteger, toSignedMinorUnits } from './validate';

/**
 * Bounds on what one call may change, for the operations that add or take off points or money. They hold
 * whoever sets the value: a person, an expression over input items, or an AI model through `$fromAI()` (the
 * node's tool form). A value past a bound is refused before anything is sent, naming the field and the bound.
 */

export const DEFAULT_MAX_POINTS_PER_CALL = 100_000;
export const DEFAULT_MAX_AMOUNT_PER_CALL = 10_000;

/** Which way a change may go: both (the operation's own meaning), or one only (e.g. a tool that only adds). */
export const DIRECTIONS = ['both', 'add', 'subtract'] as const;
export type Direction = (typeof DIRECTIONS)[number];

export const maxPointsPerCallProperty: INodeProperties = {
	displayName: 'Max Points per Call',
	name: 'maxPointsPerCall',
	type: 'number',
	typeOptions: { minValue: 1, numberPrecision: 0 },
	default: DEFAULT_MAX_POINTS_PER_CALL,
	description:
		'The largest number of points one call may add or subtract; a larger Points value is refused before anything is sent. A bound for values set by input items or an AI model: raise it for large imports.',
};

export const maxAmountPerCallProperty: INodeProperties = {
	displayName: 'Max Amount per Call',
	name: 'maxAmountPerCall',
	type: 'number',
	typeOptions: { minValue: 0.01, numberPrecision: 2 },
	default: DEFAULT_MAX_AMOUNT_PER_CALL,
	description:
		"The largest amount one call may add or take off, in the currency's main unit; a larger Amount is refused before anything is sent. A bound for values set by input items or an AI model.",
};

export const allowedChangesProperty: INodeProperties = {
	displayName: 'Allowed Changes',
	name: 'allowedChanges',
	type: 'options',
	options: [
		{ name: 'Add Only', value: 'add', description: 'A negative value is refused' },
		{ name: 'Add or Subtract', value: 'both', description: 'A positive value adds, a negative one subtracts' },
		{ name: 'Subtract Only', value: 'subtract', description: 'A positive value is refused' },
	],
	default: 'both',
	description: 'Which way a call may change the balance, e.g. Add Only for a tool that gives goodwill points',
};

/** The bound a limit parameter holds: a positive finite number, or the parameter's own name in the error. */
function readBound(params: ParamReader, property: INodeProperties, fallback: number): number {
	const bound = Number(params.get(property.name, fallback));
	if (!Number.isFinite(bound) || bound <= 0) fail(params, property.displayName, `must be a number above 0 (got ${String(params.get(property.name, fallback))})`);
	return bound;
}

/** The direction the change takes is one the node allows. */
function checkDirection(params: ParamReader, field: string, allowed: string, change: number, shown: string): void {
	if (allowed === 'add' && change < 0) fail(params, field, `must be above 0: Allowed Changes is Add Only (got ${shown})`);
	if (allowed === 'subtract' && change > 0) fail(params, field, `must be below 0: Allowed Changes is Subtract Only (got ${shown})`);
}

/** A points change: a whole number other than 0, within Max Points per Call and Allowed Changes. */
export function readPointsChange(params: ParamReader, field: string, value: unknown): number {
	const max = readBound(params, maxPointsPerCallProperty, DEFAULT_MAX_POINTS_PER_CALL);
	const allowed = params.get<string>(allowedChangesProperty.name, 'both');
	const points = requireNonZeroInteger(params, field, value);
	checkDirection(params, field, allowed, points, String(points));
	if (Math.abs(points) > max) {
		fail(params, field, `is at most ${max} in size per call (Max Points per Call), got ${points}: raise Max Points per Call to send more`);
	}
	return points;
}

/** A money change other than 0, in hundredths, within Max Amount per Call and Allowed Changes. */
export function readAmountChange(params: ParamReader, field: string, value: unknown): number {
	const max = readBound(params, maxAmountPerCallProperty, DEFAULT_MAX_AMOUNT_PER_CALL);
	const allowed = params.get<string>(allowedChangesProperty.name, 'both');
	const minorUnits = toSignedMinorUnits(params, field, value);
	const shown = (minorUnits / 100).toFixed(2);
	checkDirection(params, field, allowed, minorUnits, shown);
	if (Math.abs(minorUnits) > Math.round(max * 100)) {
		fail(params, field, `is at most ${max.toFixed(2)} in size per call (Max Amount per Call), got ${shown}: raise Max Amount per Call to send more`);
	}
	return minorUnits;
}
