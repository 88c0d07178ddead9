import type { INodeProperties } from 'n8n-workflow';
import { requirePattern } from '../../shared/validate';
import { path } from '../../transport/request';
import { readProgramId } from '../program/fields';
import type { ItemOperation, OperationDefinition, ParamReader } from '../types';
import { programLocator } from '../program/search';
import { memberLocator } from './search';

export const MEMBER_ID = /^lmbr_[a-f0-9]+$/;

/** The member of the Member locator, checked against the service's pattern (lmbr_…). */
export function readMemberId(params: ParamReader): string {
	return requirePattern(params, 'Member', params.id('memberId', 'Member'), MEMBER_ID, 'lmbr_0a1b2c');
}

/** /v2/loyalties/programs/{programId}/members/{memberId}, from the Program and Member locators. */
export function memberPath(params: ParamReader): string {
	return path`/v2/loyalties/programs/${readProgramId(params)}/members/${readMemberId(params)}`;
}

/** What Simplify keeps of a member with its cards: the member, and each card's ID, definition, code and balance. */
export const MEMBER_SIMPLE_FIELDS = [
	'id',
	'customer_id',
	'program_id',
	'status',
	'metadata',
	'created_at',
	'updated_at',
	'cards[].card.id',
	'cards[].card.card_definition_id',
	'cards[].card.code',
	'cards[].card.balance',
];

/** Members' statuses, as Filters and the add's Status offer them. */
export const MEMBER_STATUSES = { ACTIVE: 'Active', INACTIVE: 'Inactive' };

/** An operation whose request is its method and a path built from its locators, without a body. */
export function pathOperation(spec: Omit<ItemOperation, 'build'> & { method: 'GET' | 'POST' | 'DELETE'; pathOf: (params: ParamReader) => string }): OperationDefinition {
	const { method, pathOf, ...operation } = spec;
	return { ...operation, build: (params) => ({ method, path: pathOf(params) }) };
}

/** An operation on one member (Program, then Member), e.g. its path plus '/activate'. */
export function memberOperation(spec: Omit<ItemOperation, 'properties' | 'build'> & { method: 'GET' | 'POST' | 'DELETE'; suffix?: string }): OperationDefinition {
	const { suffix = '', ...operation } = spec;
	return pathOperation({ ...operation, properties: [programLocator, memberLocator], pathOf: (params) => `${memberPath(params)}${suffix}` });
}

/** Dry Run of a spending operation (purchase, payment): the service only prices it, nothing is spent. */
export function dryRunProperty(what: string): INodeProperties {
	return { displayName: 'Dry Run', name: 'dryRun', type: 'boolean', default: false, description: `Whether to only simulate the ${what}: the answer shows the points it would cost, and nothing is spent` };
}

/** Whether Dry Run is on: the body's mode, and whether the request is safe to repeat (only a dry run is). */
export function readDryRun(params: ParamReader): { mode?: { mode: 'DRY_RUN' }; safeToRepeat: boolean } {
	const dryRun = params.get<boolean>('dryRun', false) === true;
	return dryRun ? { mode: { mode: 'DRY_RUN' }, safeToRepeat: true } : { safeToRepeat: false };
}
