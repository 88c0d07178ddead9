import type { IDataObject, INodeProperties } from 'n8n-workflow';
import { batchBody, batchListProperty, MAX_BATCH_ENTRIES, readBatchEntries } from '../../shared/assignments';
import { fail, parseJsonArray, requireIntegerInRange, requireOption, requirePattern, requireProgramId } from '../../shared/validate';
import { path } from '../../transport/request';
import type { OperationDefinition, ParamReader } from '../types';
import { programLocator } from '../program/search';

const MAX_ENTRIES = MAX_BATCH_ENTRIES;
const NOUN = { singular: 'reward', plural: 'rewards' };

/** v2 rewards (the program batch takes only these). */
const REWARD_ID = /^lrew_[a-f0-9]+$/;
const REWARD_EXAMPLE = 'lrew_0a1b2c';

const STOCK_TYPES = ['LIMITED', 'UNLIMITED'] as const;

/** The assign entry the service takes now: the reward and its stock, nothing else. */
export const ASSIGN_SHAPE = [
	{ id: 'lrew_...', stock: { type: 'LIMITED', limited: { quantity: 20 } } },
	{ id: 'lrew_...', stock: { type: 'UNLIMITED' } },
];

interface SimpleAssign {
	rewardId?: string;
	stockType?: string;
	stockQuantity?: number;
}

function quantity(params: ParamReader, field: string, value: unknown): number {
	return requireIntegerInRange(params, field, value, 0);
}

/** A stock from the JSON: the current {type, limited: {quantity}} or the seed's integer (a limited stock). */
function readJsonStock(params: ParamReader, label: string, stock: unknown): IDataObject {
	if (stock === undefined) fail(params, `${label} stock`, 'is required, e.g. {"type": "UNLIMITED"}');
	if (typeof stock === 'number' || typeof stock === 'string') return { type: 'LIMITED', limited: { quantity: quantity(params, `${label} stock`, stock) } };
	if (stock === null || typeof stock !== 'object' || Array.isArray(stock)) fail(params, `${label} stock`, 'must be {"type": "LIMITED", "limited": {"quantity": 20}} or {"type": "UNLIMITED"}');
	const { type, limited } = stock as IDataObject;
	if (requireOption(params, `${label} stock.type`, type, STOCK_TYPES) === 'UNLIMITED') {
		if (limited !== undefined && limited !== null) fail(params, `${label} stock.limited`, 'must be left out when stock.type is UNLIMITED');
		return { type };
	}
	return { type, limited: { quantity: quantity(params, `${label} stock.limited.quantity`, (limited as IDataObject | null)?.quantity) } };
}

/**
 * A reward assignment from JSON ({id, stock}), in the current shape or the seed's (an integer stock); `label`
 * names it in errors, e.g. "Assign (JSON) entry 2". Program creation reads its rewards with it too.
 */
export function readRewardAssignment(params: ParamReader, entry: unknown, label: string): IDataObject {
	if (entry === null || typeof entry !== 'object' || Array.isArray(entry)) fail(params, label, 'must be an object with id and stock');
	const { id, stock, costs, ...unknown } = entry as IDataObject;
	if (costs !== undefined) {
		fail(params, `${label} costs`, 'the service no longer takes costs in an assignment: set the points cost on the reward itself, and remove costs here');
	}
	if (Object.keys(unknown).length > 0) fail(params, label, `has unknown properties: ${Object.keys(unknown).join(', ')} (an entry has only id and stock)`);
	return { id: requirePattern(params, `${label} id`, id, REWARD_ID, REWARD_EXAMPLE), stock: readJsonStock(params, label, stock) };
}

function readAssign(params: ParamReader): IDataObject[] {
	const simple = readBatchEntries<SimpleAssign & IDataObject>(params, 'assign', 'rewards');
	const fromFields = simple.map((entry, index) => {
		const label = `Assign entry ${index + 1}`;
		const id = requirePattern(params, `${label}: Reward ID`, entry.rewardId, REWARD_ID, REWARD_EXAMPLE);
		return { id, stock: readTypedStock(params, `${label}: `, entry.stockType, entry.stockQuantity) };
	});
	const fromJson = parseJsonArray(params, 'Assign (JSON)', params.get('assignJson', '[]')).map((entry, index) => readRewardAssignment(params, entry, `Assign (JSON) entry ${index + 1}`));
	return [...fromFields, ...fromJson];
}

function readUnassign(params: ParamReader): IDataObject[] {
	const entries = readBatchEntries<{ rewardId?: string }>(params, 'unassign', 'rewards');
	return entries.map((entry, index) => ({ id: requirePattern(params, `Unassign entry ${index + 1}: Reward ID`, entry.rewardId, REWARD_ID, REWARD_EXAMPLE) }));
}

/** A stock from Stock and Stock Quantity; `prefix` names the entry in errors (e.g. "Assign entry 2: "). */
export function readTypedStock(params: ParamReader, prefix: string, stockType: unknown, stockQuantity: unknown): IDataObject {
	const type = requireOption(params, `${prefix}Stock`, stockType ?? 'UNLIMITED', STOCK_TYPES);
	// A quantity typed while the stock was Limited stays in the saved values: Unlimited ignores it.
	return type === 'UNLIMITED' ? { type } : { type, limited: { quantity: quantity(params, `${prefix}Stock Quantity`, stockQuantity) } };
}

/** Stock and Stock Quantity: how many times a reward can be redeemed in the program. */
export const STOCK_FIELDS: INodeProperties[] = [
	{
		displayName: 'Stock',
		name: 'stockType',
		type: 'options',
		options: [
			{ name: 'Limited', value: 'LIMITED', description: 'The reward can be redeemed Stock Quantity times in the program' },
			{ name: 'Unlimited', value: 'UNLIMITED', description: 'The reward can be redeemed without limit' },
		],
		default: 'UNLIMITED',
		description: 'How many times the reward can be redeemed in the program',
	},
	{
		displayName: 'Stock Quantity',
		name: 'stockQuantity',
		type: 'number',
		typeOptions: { minValue: 0, numberPrecision: 0 },
		displayOptions: { show: { stockType: ['LIMITED'] } },
		default: 0,
		description: 'How many times the reward can be redeemed (0 or more)',
	},
];

const rewardIdField = { displayName: 'Reward ID', name: 'rewardId', type: 'string' as const, default: '', placeholder: 'lrew_...', description: 'The v2 reward, e.g. lrew_0a1b2c' };

export const batch: OperationDefinition = {
	value: 'batch',
	name: 'Batch Assign/Unassign',
	action: 'Batch assign or unassign program rewards',
	description:
		'Assign rewards to a loyalty program with their stock, and unassign others, in one request (unassigns run first). A reward\'s points cost is set on the reward, not here.',
	endpoint: 'POST /v2/loyalties/programs/{programId}/rewards/batch',
	properties: [
		programLocator,
		batchListProperty({
			name: 'assign',
			noun: NOUN,
			entries: 'rewards',
			entryLabel: 'Reward',
			description: `Rewards to assign with their stock (at most ${MAX_ENTRIES} together with Assign (JSON))`,
			values: [rewardIdField, ...STOCK_FIELDS],
		}),
		{
			displayName: 'Assign (JSON)',
			name: 'assignJson',
			type: 'json',
			default: '[]',
			placeholder: JSON.stringify(ASSIGN_SHAPE, null, 2),
			description: `Further rewards to assign, as a JSON array in the shape the service expects: ${JSON.stringify(ASSIGN_SHAPE)}. An entry's stock may also be a whole number (the older shape), sent as a limited stock of that quantity.`,
		},
		batchListProperty({
			name: 'unassign',
			noun: NOUN,
			entries: 'rewards',
			entryLabel: 'Reward',
			description: `Rewards to remove from the program (at most ${MAX_ENTRIES})`,
			values: [rewardIdField],
		}),
	],
	build: (params) => {
		const programId = requireProgramId(params, 'Program', params.get('programId', ''));
		const body = batchBody(params, NOUN, readAssign(params), readUnassign(params), true);
		return { method: 'POST', path: path`/v2/loyalties/programs/${programId}/rewards/batch`, body };
	},
};
