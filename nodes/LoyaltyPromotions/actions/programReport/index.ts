import type { ResourceDefinition } from '../types';
import { getCardDaily } from './getCardDaily';
import { getEarningRulesDaily } from './getEarningRulesDaily';
import { getEarningRulesSummary } from './getEarningRulesSummary';
import { getMemberEarningRuleDaily } from './getMemberEarningRuleDaily';
import { getPointsEarningsDaily } from './getPointsEarningsDaily';
import { getPointsEarningsSummary } from './getPointsEarningsSummary';
import { getSpendingDaily } from './getSpendingDaily';
import { getSpendingSummary } from './getSpendingSummary';
import { getTiersDaily } from './getTiersDaily';
import { getTiersSummary } from './getTiersSummary';

/**
 * The Loyalty v2 reports (beta), read with an OAuth token: a program's daily and summary reports, and a member's
 * daily reports of a card and of an earning rule. The locators' From List methods are the program, member, card,
 * earning rule and tier structure resources' own.
 */
export const programReport: ResourceDefinition = {
	value: 'programReport',
	name: 'Loyalty: Program Report',
	auth: 'oAuth2OrAppKeys',
	operations: [
		getCardDaily,
		getEarningRulesDaily,
		getEarningRulesSummary,
		getMemberEarningRuleDaily,
		getPointsEarningsDaily,
		getPointsEarningsSummary,
		getSpendingDaily,
		getSpendingSummary,
		getTiersDaily,
		getTiersSummary,
	],
};
