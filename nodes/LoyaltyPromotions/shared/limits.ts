import { ApplicationError, type INodeProperties, type INodePropertyCollection } from 'n8n-workflow';
import type { BoundKind, OperationDefinition, ParamReader } from '../actions/types';
import { addedIn } from '../actions/versions';
import { builderTyped } from './builderSetting';
import { runsAsTool } from './toolOutput';
import { fail, requireIntegerInRange, requireNonZeroInteger, toMinorUnits, toSignedMinorUnits } from './validate';

/**
 * Bounds on what one call may move, for the operations that add, take off, spend or issue points or money by a
 * value they are given (each declares those fields in `bounded`). They hold whoever sets the value: a person, an
 * expression over input items, or an AI model through `$fromAI()` (the node's tool form). A value past a bound is
 * refused before anything is sent, naming the field and the bound.
 *
 * How many cards, codes or members one call issues (Max Cards per Call) is bounded on the tool form only, where a
 * model or an MCP token holder picks the number: a regular node's bulk issuance (thousands of codes a workflow
 * builder asked for) keeps working as saved, within the service's own limits.
 */

export const DEFAULT_MAX_POINTS_PER_CALL = 100_000;
export const DEFAULT_MAX_AMOUNT_PER_CALL = 10_000;
export const DEFAULT_MAX_CARDS_PER_CALL = 10;

/** Which way a change may go: both (the operation's own meaning), or one only (e.g. a tool that only adds). */
export const DIRECTIONS = ['both', 'add', 'subtract'] as const;
export type Direction = (typeof DIRECTIONS)[number];

// A bound is the workflow builder's (noDataExpression): no expression, so no $fromAI() hands it to a model.
export const maxPointsPerCallProperty: INodeProperties = {
	displayName: 'Max Points per Call',
	name: 'maxPointsPerCall',
	noDataExpression: true,
	type: 'number',
	typeOptions: { minValue: 1, numberPrecision: 0 },
	default: DEFAULT_MAX_POINTS_PER_CALL,
	description:
		'The most points one call may add, take off, spend or give each new card; a larger value is refused before anything is sent. A bound for values set by input items or an AI model: raise it for large imports.',
};

export const maxAmountPerCallProperty: INodeProperties = {
	displayName: 'Max Amount per Call',
	name: 'maxAmountPerCall',
	noDataExpression: true,
	type: 'number',
	typeOptions: { minValue: 0.01, numberPrecision: 2 },
	default: DEFAULT_MAX_AMOUNT_PER_CALL,
	description:
		"The most money one call may add, take off, spend or give each new card, in the currency's main unit; a larger value is refused before anything is sent. A bound for values set by input items or an AI model.",
};

// Shown on the tool form only (version 1 is never a tool): a regular node's saved bulk issuance stays as it was.
export const maxCardsPerCallProperty: INodeProperties = addedIn(2, {
	displayName: 'Max Cards per Call',
	name: 'maxCardsPerCall',
	noDataExpression: true,
	type: 'number',
	typeOptions: { minValue: 1, numberPrecision: 0 },
	default: DEFAULT_MAX_CARDS_PER_CALL,
	displayOptions: { show: { '@tool': [true] } },
	description:
		'The most cards, codes or members one call of this tool may issue or add; a larger number is refused before anything is sent. A bound for a number an AI model or an MCP client sets.',
});

export const allowedChangesProperty: INodeProperties = {
	displayName: 'Allowed Changes',
	name: 'allowedChanges',
	noDataExpression: true,
	type: 'options',
	options: [
		{ name: 'Add Only', value: 'add', description: 'A negative value is refused' },
		{ name: 'Add or Subtract', value: 'both', description: 'A positive value adds, a negative one subtracts' },
		{ name: 'Subtract Only', value: 'subtract', description: 'A positive value is refused' },
	],
	default: 'both',
	description: 'Which way a call may change the balance, e.g. Add Only for a tool that gives goodwill points',
};

/** Each bound's parameter and default. */
export const BOUNDS: Record<BoundKind, { property: INodeProperties; fallback: number }> = {
	points: { property: maxPointsPerCallProperty, fallback: DEFAULT_MAX_POINTS_PER_CALL },
	amount: { property: maxAmountPerCallProperty, fallback: DEFAULT_MAX_AMOUNT_PER_CALL },
	cards: { property: maxCardsPerCallProperty, fallback: DEFAULT_MAX_CARDS_PER_CALL },
};

/** Whether a bound holds in this run: Max Cards per Call on the tool form only, the others always. */
const holds = (params: ParamReader, kind: BoundKind) => kind !== 'cards' || runsAsTool(params.node);

/** A bound as the workflow builder typed it: an expression (a $fromAI() among them) would let an item or a model set it. */
function builderSetting<T>(params: ParamReader, property: INodeProperties, fallback: T): T {
	builderTyped(params, property.name, property.displayName, 'bound', property.type === 'number');
	return params.get<T>(property.name, fallback);
}

/** The bound a limit parameter holds: a positive finite number, or the parameter's own name in the error. */
function readBound(params: ParamReader, kind: BoundKind): number {
	const { property, fallback } = BOUNDS[kind];
	const given = builderSetting<unknown>(params, property, fallback);
	const bound = Number(given);
	if (!Number.isFinite(bound) || bound <= 0) fail(params, property.displayName, `must be a number above 0 (got ${String(given)})`);
	return bound;
}

/**
 * Reads the bounds an operation declares (OperationDefinition.bounded), before its fields: a bound that is not a
 * number above 0 fails even when the field it bounds is left empty.
 */
export function checkBounds(params: ParamReader, operation: Pick<OperationDefinition, 'bounded'>): void {
	for (const kind of new Set(Object.values(operation.bounded ?? {}))) if (holds(params, kind)) readBound(params, kind);
}

/** The direction the change takes is one the node allows. */
function checkDirection(params: ParamReader, field: string, change: number, shown: string): void {
	const allowed = builderSetting<string>(params, allowedChangesProperty, 'both');
	if (allowed === 'add' && change < 0) fail(params, field, `must be above 0: Allowed Changes is Add Only (got ${shown})`);
	if (allowed === 'subtract' && change > 0) fail(params, field, `must be below 0: Allowed Changes is Subtract Only (got ${shown})`);
}

/** Refuses points past Max Points per Call; a signed change is measured by its size. */
function checkPoints(params: ParamReader, field: string, points: number, signed: boolean): number {
	const max = readBound(params, 'points');
	if (Math.abs(points) > max) {
		fail(params, field, `is at most ${max}${signed ? ' in size' : ''} per call (Max Points per Call), got ${points}: raise Max Points per Call to send more`);
	}
	return points;
}

/** Refuses hundredths past Max Amount per Call (shown in the main unit); a signed change is measured by its size. */
function checkMinorUnits(params: ParamReader, field: string, minorUnits: number, signed: boolean): number {
	const max = readBound(params, 'amount');
	if (Math.abs(minorUnits) > Math.round(max * 100)) {
		const got = (minorUnits / 100).toFixed(2);
		fail(params, field, `is at most ${max.toFixed(2)}${signed ? ' in size' : ''} per call (Max Amount per Call), got ${got}: raise Max Amount per Call to send more`);
	}
	return minorUnits;
}

/** A points change: a whole number other than 0, within Max Points per Call and Allowed Changes. */
export function readPointsChange(params: ParamReader, field: string, value: unknown): number {
	const points = requireNonZeroInteger(params, field, value);
	checkDirection(params, field, points, String(points));
	return checkPoints(params, field, points, true);
}

/** A money change other than 0, in hundredths, within Max Amount per Call and Allowed Changes. */
export function readAmountChange(params: ParamReader, field: string, value: unknown): number {
	const minorUnits = toSignedMinorUnits(params, field, value);
	checkDirection(params, field, minorUnits, (minorUnits / 100).toFixed(2));
	return checkMinorUnits(params, field, minorUnits, true);
}

/** Points a call spends or gives a new card: a whole number of at least `min`, within Max Points per Call. */
export function readBoundedPoints(params: ParamReader, field: string, value: unknown, min = 0): number {
	return checkPoints(params, field, requireIntegerInRange(params, field, value, min), false);
}

/** Money a call spends or gives a new card, in hundredths (from a decimal in the main unit), within Max Amount per Call. */
export function readBoundedAmount(params: ParamReader, field: string, value: unknown): number {
	return checkMinorUnits(params, field, toMinorUnits(params, field, value), false);
}

/** Money already in hundredths (the service's own JSON, e.g. gift.credits): a whole number of at least 0, within Max Amount per Call. */
export function readBoundedMinorUnits(params: ParamReader, field: string, value: unknown): number {
	return checkMinorUnits(params, field, requireIntegerInRange(params, field, value, 0), false);
}

/** How many cards, codes or members a call issues or adds: on the tool form, within Max Cards per Call. */
export function readBoundedCount(params: ParamReader, field: string, count: number): number {
	if (!holds(params, 'cards')) return count;
	const max = readBound(params, 'cards');
	if (count > max) fail(params, field, `is at most ${max} per call (Max Cards per Call), got ${count}: raise Max Cards per Call to send more`);
	return count;
}

/**
 * A batch operation's rows (one card or member per input item) within the `cards` bound it declares: on the tool
 * form, the number of rows one call sends, refused before anything is sent. (n8n gives a tool one input item per
 * call today; the bound holds whatever it gives.)
 */
export function checkBatchCount(params: ParamReader, operation: Pick<OperationDefinition, 'bounded' | 'properties' | 'value'>, rows: number): void {
	if (!holds(params, 'cards')) return;
	for (const field of boundedFields(operation).filter((entry) => entry.kind === 'cards')) {
		checkCallTotal(params, field.property.displayName, 'cards', rows, 'one per input item', 'send fewer input items');
	}
}

/**
 * What one call moves over several values together (e.g. every redeemable's credits and the order a gift card
 * pays), within the bound of `kind`: points, or money in hundredths. `what` says what was summed, for the error.
 */
export function checkCallTotal(params: ParamReader, field: string, kind: BoundKind, total: number, what: string, remedy: string): void {
	const max = readBound(params, kind);
	const label = BOUNDS[kind].property.displayName;
	const over = kind === 'amount' ? total > Math.round(max * 100) : total > max;
	if (!over) return;
	const shown = (value: number) => (kind === 'amount' ? (value / 100).toFixed(2) : String(value));
	fail(params, field, `together at most ${kind === 'amount' ? max.toFixed(2) : max} per call (${label}), got ${shown(total)} (${what}): ${remedy} or raise ${label}`);
}

/** One field an operation bounds, found among its properties. */
export interface BoundedField {
	path: string;
	kind: BoundKind;
	property: INodeProperties;
	/** The collections, fixed collections and fixed collection groups the field sits in, outermost first. */
	parents: Array<INodeProperties | INodePropertyCollection>;
}

type Level = Array<INodeProperties | INodePropertyCollection>;

/** What sits one level inside a property: a collection's options, a fixed collection's groups, a group's values. */
function inside(holder: INodeProperties | INodePropertyCollection): Level {
	if ('values' in holder) return holder.values;
	return (holder.options ?? []).filter((option): option is INodeProperties | INodePropertyCollection => 'type' in option || 'values' in option);
}

/**
 * An operation's `bounded` fields, each found among its properties by its path: 'points', 'additionalFields.pointsLimit'
 * (a collection's option) or 'redeemables.redeemable.credits' (a value of a fixed collection's group). A path that
 * names nothing throws: the declaration is data that the tests and the docs read.
 */
export function boundedFields(operation: Pick<OperationDefinition, 'bounded' | 'properties' | 'value'>): BoundedField[] {
	return Object.entries(operation.bounded ?? {}).map(([path, kind]) => {
		const names = path.split('.');
		const parents: BoundedField['parents'] = [];
		let level: Level = operation.properties;
		for (const [index, name] of names.entries()) {
			const next = level.find((candidate) => candidate.name === name);
			if (!next || (index === names.length - 1 && 'values' in next)) break;
			if (index === names.length - 1) return { path, kind, property: next as INodeProperties, parents };
			parents.push(next);
			level = inside(next);
		}
		throw new ApplicationError(`Operation ${operation.value}: its bounded field ${path} names no field`);
	});
}
