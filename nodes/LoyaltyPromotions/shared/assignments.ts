import type { IDataObject, INodeProperties } from 'n8n-workflow';
import type { ParamReader } from '../actions/types';
import { fail } from './validate';

/**
 * A program's batch assignments (rewards, card definitions, earning rules, tier structures): one request with
 * `assign` and `unassign` lists of at most 10 entries each, unassigns first, an id at most once per list. The
 * rules every kind shares sit here; a kind adds only how its entries are read.
 */
export const MAX_BATCH_ENTRIES = 10;

export interface BatchNoun {
	/** e.g. 'reward' and 'rewards'. */
	singular: string;
	plural: string;
}

/** Assign or Unassign as a list of entries (fixedCollection), each with the kind's fields. */
export function batchListProperty(spec: {
	name: 'assign' | 'unassign';
	noun: BatchNoun;
	/** The entries' inner name, e.g. 'rewards', and their label, e.g. 'Reward'. */
	entries: string;
	entryLabel: string;
	values: INodeProperties[];
	description: string;
}): INodeProperties {
	const verb = spec.name === 'assign' ? 'Assign' : 'Unassign';
	return {
		displayName: verb,
		name: spec.name,
		type: 'fixedCollection',
		typeOptions: { multipleValues: true },
		placeholder: `Add ${spec.entryLabel} to ${verb}`,
		default: {},
		description: spec.description,
		options: [{ displayName: spec.entryLabel, name: spec.entries, values: spec.values }],
	};
}

/** The entries of Assign or Unassign as the user gave them. */
export function readBatchEntries<T extends IDataObject>(params: ParamReader, name: 'assign' | 'unassign', entries: string): T[] {
	return (params.get<IDataObject>(name, {})[entries] ?? []) as T[];
}

/** The service refuses a batch that names an id twice in one list. */
function checkDistinct(params: ParamReader, field: string, entries: IDataObject[], withJson: boolean): void {
	const ids = entries.map((entry) => entry.id as string);
	const repeated = ids.find((id, index) => ids.indexOf(id) !== index);
	if (repeated !== undefined) fail(params, field, `names ${repeated} twice${field === 'Assign' && withJson ? ' (counting Assign (JSON))' : ''}`);
}

/**
 * The batch body from the entries read: at most 10 in each list, at least one entry in all, no id twice in a
 * list; a list left empty is left out. `withJson`: Assign also counts an Assign (JSON) field.
 */
export function batchBody(params: ParamReader, noun: BatchNoun, assign: IDataObject[], unassign: IDataObject[], withJson = false): IDataObject {
	const max = MAX_BATCH_ENTRIES;
	if (assign.length > max) fail(params, 'Assign', `accepts at most ${max} ${noun.plural}${withJson ? ', counting Assign (JSON)' : ''} (got ${assign.length})`);
	if (unassign.length > max) fail(params, 'Unassign', `accepts at most ${max} ${noun.plural} (got ${unassign.length})`);
	if (assign.length === 0 && unassign.length === 0) fail(params, 'Assign', `add at least one ${noun.singular} to assign or unassign`);
	checkDistinct(params, 'Assign', assign, withJson);
	checkDistinct(params, 'Unassign', unassign, withJson);
	const body: IDataObject = {};
	if (assign.length > 0) body.assign = assign;
	if (unassign.length > 0) body.unassign = unassign;
	return body;
}
