import type { IDataObject, INodeProperties } from 'n8n-workflow';
import { batchBody, batchListProperty, MAX_BATCH_ENTRIES, readBatchEntries, type BatchNoun } from '../../shared/assignments';
import { filtersProperty, readFilterQuery, sortOrderFilter, sortOrderValues } from '../../shared/fields';
import { requirePattern } from '../../shared/validate';
import { path } from '../../transport/request';
import type { OperationDefinition, ParamReader } from '../types';
import { V2_LIST } from '../../shared/catalogue';
import { readProgramId } from './fields';
import { programLocator } from './search';

/**
 * What a program has assigned besides rewards (card definitions, earning rules, tier structures): each kind's
 * list and its batch, built from one description. The batch's rules are the program reward batch's
 * (shared/assignments.ts); these entries carry only the ID.
 */
interface AssignedKind extends BatchNoun {
	/** The operations' suffix, e.g. 'CardDefinitions' (getManyCardDefinitions, batchCardDefinitions). */
	value: string;
	/** e.g. 'Card Definition'. */
	label: string;
	/** The program's sub-collection, e.g. 'card-definitions'. */
	segment: string;
	/** The entries' inner name in Assign and Unassign, e.g. 'cardDefinitions', and their ID field. */
	entries: string;
	idName: string;
	pattern: RegExp;
	example: string;
	/** What the service requires of this kind's batch, said in its description (without a final period). */
	rules: string;
}

const KINDS: AssignedKind[] = [
	{
		value: 'CardDefinitions',
		singular: 'card definition',
		plural: 'card definitions',
		label: 'Card Definition',
		segment: 'card-definitions',
		entries: 'cardDefinitions',
		idName: 'cardDefinitionId',
		pattern: /^lcdef_[a-f0-9]+$/,
		example: 'lcdef_0a1b2c',
		rules: 'The program must be in Draft (the service answers 423 otherwise), and the card definitions assigned must be active',
	},
	{
		value: 'EarningRules',
		singular: 'earning rule',
		plural: 'earning rules',
		label: 'Earning Rule',
		segment: 'earning-rules',
		entries: 'earningRules',
		idName: 'earningRuleId',
		pattern: /^lern_[a-f0-9]+$/,
		example: 'lern_0a1b2c',
		rules: 'An active program must keep at least one active earning rule assigned',
	},
	{
		value: 'TierStructures',
		singular: 'tier structure',
		plural: 'tier structures',
		label: 'Tier Structure',
		segment: 'tier-structures',
		entries: 'tierStructures',
		idName: 'tierStructureId',
		pattern: /^lts_[a-f0-9]+$/,
		example: 'lts_0a1b2c',
		rules: 'A program has at most one tier structure, which must be active; unassigning needs the program in Draft (the service answers 423 otherwise)',
	},
];

const ORDERS: Array<[label: string, field: string]> = [['Created At', 'created_at']];
const ORDER_QUERY = { order: ['order', 'Order', sortOrderValues(ORDERS)] as [string, string, string[]] };

function getManyOperation(kind: AssignedKind): OperationDefinition {
	return {
		value: `getMany${kind.value}`,
		name: `Get Many ${kind.label}s`,
		action: `Get many ${kind.plural} of a program`,
		description: `List the ${kind.plural} assigned to a loyalty program, with when each was assigned`,
		endpoint: `GET /v2/loyalties/programs/{id}/${kind.segment}`,
		properties: [programLocator, filtersProperty([sortOrderFilter(ORDERS, '-created_at', `How to sort the ${kind.plural} (by when they were assigned)`)])],
		list: V2_LIST,
		build: (params) => ({
			method: 'GET',
			path: `${path`/v2/loyalties/programs/${readProgramId(params)}`}/${kind.segment}`,
			query: readFilterQuery(params, params.get<IDataObject>('filters', {}), ORDER_QUERY),
		}),
	};
}

function readIds(params: ParamReader, kind: AssignedKind, name: 'assign' | 'unassign'): IDataObject[] {
	const label = name === 'assign' ? 'Assign' : 'Unassign';
	return readBatchEntries(params, name, kind.entries).map((entry, index) => ({
		id: requirePattern(params, `${label} entry ${index + 1}: ${kind.label} ID`, entry[kind.idName], kind.pattern, kind.example),
	}));
}

function batchOperation(kind: AssignedKind): OperationDefinition {
	const idField: INodeProperties = {
		displayName: `${kind.label} ID`,
		name: kind.idName,
		type: 'string',
		default: '',
		placeholder: `${kind.example.slice(0, kind.example.indexOf('_') + 1)}...`,
		description: `The ${kind.singular}, e.g. ${kind.example}`,
	};
	const list = (name: 'assign' | 'unassign', description: string) =>
		batchListProperty({ name, noun: kind, entries: kind.entries, entryLabel: kind.label, values: [idField], description });
	return {
		value: `batch${kind.value}`,
		name: `Batch Assign/Unassign ${kind.label}s`,
		action: `Batch assign or unassign ${kind.plural} of a program`,
		description: `Assign ${kind.plural} to a loyalty program and unassign others, in one request (unassigns run first). ${kind.rules}.`,
		endpoint: `POST /v2/loyalties/programs/{id}/${kind.segment}/batch`,
		properties: [
			programLocator,
			list('assign', `${kind.label}s to assign (at most ${MAX_BATCH_ENTRIES})`),
			list('unassign', `${kind.label}s to remove from the program (at most ${MAX_BATCH_ENTRIES})`),
		],
		build: (params) => {
			const programId = readProgramId(params);
			const body = batchBody(params, kind, readIds(params, kind, 'assign'), readIds(params, kind, 'unassign'));
			return { method: 'POST', path: `${path`/v2/loyalties/programs/${programId}`}/${kind.segment}/batch`, body };
		},
	};
}

/** Get Many and Batch Assign/Unassign for each kind a program has assigned. */
export const assignmentOperations: OperationDefinition[] = KINDS.flatMap((kind) => [getManyOperation(kind), batchOperation(kind)]);
