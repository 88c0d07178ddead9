import { budgetProperties } from '../../shared/budgets';
import { checkPurchaseBudgets, settlePurchaseBudgets, type MemberTarget } from '../../shared/loyaltyBudgets';
import { path } from '../../transport/request';
import { readProgramId } from '../program/fields';
import { requirePattern } from '../../shared/validate';
import { programLocator } from '../program/search';
import type { OperationDefinition, ParamReader } from '../types';
import { dryRunProperty, memberPath, readDryRun } from './fields';
import { programRewardLocator } from './purchase';
import { memberLocator } from './search';

const REWARD_ID = /^lrew_[a-f0-9]+$/;

const target = (params: ParamReader): MemberTarget => ({ programPath: path`/v2/loyalties/programs/${readProgramId(params)}`, memberPath: memberPath(params) });

export const purchaseReward: OperationDefinition = {
	value: 'purchaseReward',
	name: 'Purchase Reward',
	action: 'Purchase a reward with a member\'s points',
	description:
		"Spend a member's points on a reward of the program (from their card of the reward's card definition). Dry Run only checks and prices it. The service refuses a purchase the balance or stock cannot cover (423).",
	endpoint: 'POST /v2/loyalties/programs/{programId}/members/{memberId}/rewards/purchases',
	repeatHint: 'Each run purchases the reward again and spends the points again (Dry Run is safe).',
	properties: [
		programLocator,
		memberLocator,
		programRewardLocator,
		dryRunProperty('purchase'),
		...budgetProperties(['memberPurchases', 'totalPurchases']),
	],
	budgeted: ['memberPurchases', 'totalPurchases'],
	build: async (params) => {
		const path = `${memberPath(params)}/rewards/purchases`;
		const rewardId = requirePattern(params, 'Reward', params.id('rewardId', 'Reward'), REWARD_ID, 'lrew_0a1b2c');
		const { mode, safeToRepeat } = readDryRun(params);
		// a dry run buys nothing, so it counts in no budget
		if (mode === undefined) await checkPurchaseBudgets(params, target(params));
		return { method: 'POST', path, body: { reward_id: rewardId, ...mode }, safeToRepeat };
	},
	// after the purchase: past the budget in the service's order (calls at the same moment), it is refunded at once
	follow: async (response, params) => {
		if (readDryRun(params).mode === undefined) await settlePurchaseBudgets(params, target(params), response);
		return [{ json: response }];
	},
};
