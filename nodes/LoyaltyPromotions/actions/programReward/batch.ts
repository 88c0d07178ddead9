import type { IDataObject } from 'n8n-workflow';
import { fail, parseJsonArray, requireIntegerInRange, requireProgramId, requireText } from '../../shared/validate';
import { path } from '../../transport/request';
import type { OperationDefinition, ParamReader } from '../types';
import { cardDefinitionOptions } from '../cardDefinition/search';
import { programLocator } from '../program/search';

/** The service accepts at most this many entries in `assign` and in `unassign`. */
const MAX_ENTRIES = 10;

const ASSIGN_SHAPE = [
	{
		id: 'rew_...',
		costs: [{ spending: [{ points: 100, card_definition_id: 'lcdf_...' }, { points: 50, card_definition_id: 'lcdf_...' }] }],
		stock: 20,
	},
];

interface SimpleAssign {
	rewardId?: string;
	points?: number;
	cardDefinitionId?: string;
	stock?: number;
}

function nonNegativeInteger(params: ParamReader, field: string, value: unknown): number {
	return requireIntegerInRange(params, field, value, 0);
}

/** An assign entry from the JSON field: checked field by field, named by its position. */
function checkAssignEntry(params: ParamReader, entry: unknown, index: number): IDataObject {
	const label = `Assign (JSON) entry ${index + 1}`;
	if (entry === null || typeof entry !== 'object' || Array.isArray(entry)) fail(params, label, 'must be an object with id, costs and stock');
	const { id, costs, stock } = entry as IDataObject;
	requireText(params, `${label} id`, typeof id === 'string' ? id : '');
	nonNegativeInteger(params, `${label} stock`, stock);
	if (!Array.isArray(costs) || costs.length === 0) fail(params, `${label} costs`, 'must be a non-empty array of {"spending": [...]}');
	(costs as unknown[]).forEach((cost, c) => {
		const spending = (cost as IDataObject | null)?.spending;
		if (!Array.isArray(spending) || spending.length === 0) fail(params, `${label} costs[${c}].spending`, 'must be a non-empty array of {"points", "card_definition_id"}');
		(spending as IDataObject[]).forEach((spend, s) => {
			const where = `${label} costs[${c}].spending[${s}]`;
			nonNegativeInteger(params, `${where}.points`, spend?.points);
			requireText(params, `${where}.card_definition_id`, typeof spend?.card_definition_id === 'string' ? spend.card_definition_id : '');
		});
	});
	return entry as IDataObject;
}

function readAssign(params: ParamReader): IDataObject[] {
	const simple = (params.get<IDataObject>('assign', {}).rewards ?? []) as SimpleAssign[];
	const fromFields = simple.map((entry, index) => {
		const label = `Assign entry ${index + 1}`;
		return {
			id: requireText(params, `${label}: Reward ID`, entry.rewardId).trim(),
			costs: [
				{
					spending: [
						{
							points: nonNegativeInteger(params, `${label}: Points`, entry.points),
							card_definition_id: requireText(params, `${label}: Card Definition ID`, entry.cardDefinitionId).trim(),
						},
					],
				},
			],
			stock: nonNegativeInteger(params, `${label}: Stock`, entry.stock),
		};
	});
	const fromJson = parseJsonArray(params, 'Assign (JSON)', params.get('assignJson', '[]')).map((entry, index) =>
		checkAssignEntry(params, entry, index),
	);
	return [...fromFields, ...fromJson];
}

function readUnassign(params: ParamReader): IDataObject[] {
	const entries = (params.get<IDataObject>('unassign', {}).rewards ?? []) as Array<{ rewardId?: string }>;
	return entries.map((entry, index) => ({ id: requireText(params, `Unassign entry ${index + 1}: Reward ID`, entry.rewardId).trim() }));
}

export const batch: OperationDefinition = {
	value: 'batch',
	name: 'Batch Assign/Unassign',
	action: 'Batch assign or unassign program rewards',
	description: 'Assign rewards to a loyalty program with their points cost and stock, and unassign others, in one request (unassigns run first)',
	endpoint: 'POST /v2/loyalties/programs/{programId}/rewards/batch',
	properties: [
		programLocator,
		{
			displayName: 'Assign',
			name: 'assign',
			type: 'fixedCollection',
			typeOptions: { multipleValues: true },
			placeholder: 'Add Reward to Assign',
			default: {},
			description: `Rewards to assign, each with one points cost (at most ${MAX_ENTRIES} together with Assign (JSON))`,
			options: [
				{
					displayName: 'Reward',
					name: 'rewards',
					values: [
						cardDefinitionOptions('cardDefinitionId', 'The card definition whose points pay for the reward'),
						{ displayName: 'Points', name: 'points', type: 'number', typeOptions: { minValue: 0, numberPrecision: 0 }, default: 0, description: 'Points the reward costs' },
						{ displayName: 'Reward ID', name: 'rewardId', type: 'string', default: '', placeholder: 'rew_...' },
						{ displayName: 'Stock', name: 'stock', type: 'number', typeOptions: { minValue: 0, numberPrecision: 0 }, default: 0, description: 'How many times the reward can be redeemed' },
					],
				},
			],
		},
		{
			displayName: 'Assign (JSON)',
			name: 'assignJson',
			type: 'json',
			default: '[]',
			placeholder: JSON.stringify(ASSIGN_SHAPE, null, 2),
			description: `Further rewards to assign as a JSON array, for costs paid from several card definitions. Shape: ${JSON.stringify(ASSIGN_SHAPE)}.`,
		},
		{
			displayName: 'Unassign',
			name: 'unassign',
			type: 'fixedCollection',
			typeOptions: { multipleValues: true },
			placeholder: 'Add Reward to Unassign',
			default: {},
			description: `Rewards to remove from the program (at most ${MAX_ENTRIES})`,
			options: [
				{
					displayName: 'Reward',
					name: 'rewards',
					values: [{ displayName: 'Reward ID', name: 'rewardId', type: 'string', default: '', placeholder: 'rew_...' }],
				},
			],
		},
	],
	build: (params) => {
		const programId = requireProgramId(params, 'Program', params.get('programId', ''));
		const assign = readAssign(params);
		const unassign = readUnassign(params);
		if (assign.length > MAX_ENTRIES) fail(params, 'Assign', `accepts at most ${MAX_ENTRIES} rewards, counting Assign (JSON) (got ${assign.length})`);
		if (unassign.length > MAX_ENTRIES) fail(params, 'Unassign', `accepts at most ${MAX_ENTRIES} rewards (got ${unassign.length})`);
		if (assign.length === 0 && unassign.length === 0) fail(params, 'Assign', 'add at least one reward to assign or unassign');
		const body: IDataObject = {};
		if (assign.length > 0) body.assign = assign;
		if (unassign.length > 0) body.unassign = unassign;
		return { method: 'POST', path: path`/v2/loyalties/programs/${programId}/rewards/batch`, body };
	},
};
