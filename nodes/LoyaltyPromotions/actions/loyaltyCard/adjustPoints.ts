import type { IDataObject } from 'n8n-workflow';
import { budgetProperties } from '../../shared/budgets';
import { checkPointsBudgets, POINTS_UNDO_REASONS, settlePointsBudgets, type MemberTarget } from '../../shared/loyaltyBudgets';
import { additionalFieldsProperty } from '../../shared/fields';
import { allowedChangesProperty, maxPointsPerCallProperty, readPointsChange } from '../../shared/limits';
import { fail, requireText } from '../../shared/validate';
import type { OperationDefinition, ParamReader } from '../types';
import { readProgramId } from '../program/fields';
import { path as pathOf } from '../../transport/request';
import { memberPath } from '../programMember/fields';
import { CARD_LOCATORS, cardPath } from './fields';

const target = (params: ParamReader): MemberTarget => ({ programPath: pathOf`/v2/loyalties/programs/${readProgramId(params)}`, memberPath: memberPath(params) });

export const adjustPoints: OperationDefinition = {
	value: 'adjustPoints',
	name: 'Add or Subtract Points',
	action: "Add or subtract loyalty points on a member's card",
	description:
		"Add points to a member's card (positive) or subtract them (negative), with a reason. The service records the change as a transaction it processes in the background: a subtraction that would take the balance below zero is rejected there (see Get Many Transactions).",
	endpoint: 'POST /v2/loyalties/programs/{programId}/members/{memberId}/cards/{cardId}/points',
	repeatHint: 'Each run adds or subtracts the points again.',
	properties: [
		...CARD_LOCATORS,
		{
			displayName: 'Points',
			name: 'points',
			type: 'number',
			typeOptions: { numberPrecision: 0 },
			required: true,
			default: 0,
			description: 'Whole points to add (e.g. 100) or, negative, to subtract (e.g. -50). Not 0.',
		},
		maxPointsPerCallProperty,
		allowedChangesProperty,
		...budgetProperties(['memberPoints', 'totalPoints']),
		additionalFieldsProperty([
			{ displayName: 'Reason', name: 'reason', type: 'string', default: '', description: 'Why the points change, kept with the transaction (at most 255 characters)' },
		]),
	],
	record: { points: 'points', reason: 'additionalFields.reason' },
	bounded: { points: 'points' },
	budgeted: ['memberPoints', 'totalPoints'],
	build: async (params) => {
		const path = cardPath(params);
		const points = readPointsChange(params, 'Points', params.get('points'));
		const fields = params.get<IDataObject>('additionalFields', {});
		const reason = fields.reason === undefined || fields.reason === '' ? undefined : requireText(params, 'Reason', fields.reason, { max: 255 });
		// the node's own undo is told by its reason: a call may not pass for one
		const undo = POINTS_UNDO_REASONS.find((start) => reason?.toLowerCase().startsWith(start.toLowerCase()));
		if (undo !== undefined) fail(params, 'Reason', `may not start with "${undo.trim()}": the node gives that reason to the changes it undoes`);
		await checkPointsBudgets(params, target(params), points);
		return { method: 'POST', path: `${path}/points`, body: reason === undefined ? { points } : { points, reason } };
	},
	// after the change: past the budget in the service's order (calls at the same moment), it is undone at once
	follow: async (response, params) => {
		await settlePointsBudgets(params, target(params), cardPath(params), readPointsChange(params, 'Points', params.get('points')), response);
		return [{ json: response }];
	},
};
