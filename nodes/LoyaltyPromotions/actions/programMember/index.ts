import type { ResourceDefinition } from '../types';
import { activate } from './activate';
import { add } from './add';
import { addInBatch } from './addInBatch';
import { deactivate } from './deactivate';
import { deleteMember } from './delete';
import { get } from './get';
import { getAll } from './getAll';
import { getManyActivities } from './getManyActivities';
import { getMembership } from './getMembership';
import { getMemberships } from './getMemberships';
import { getManyBenefitTransactions } from './getManyBenefitTransactions';
import { getManyOrderPayments } from './getManyOrderPayments';
import { getManyRewardPurchases } from './getManyRewardPurchases';
import { getManyTierTransactions } from './getManyTierTransactions';
import { payOrderWithPoints } from './payOrderWithPoints';
import { purchaseReward } from './purchaseReward';
import { refundRewardPurchase } from './refundRewardPurchase';
import { searchProgramRewards } from './purchase';
import { searchProgramMembers } from './search';
import { update } from './update';

export const programMember: ResourceDefinition = {
	value: 'programMember',
	name: 'Loyalty: Program Member',
	auth: 'oAuth2OrAppKeys',
	operations: [activate, add, addInBatch, deactivate, deleteMember, get, getAll, getManyActivities, getManyBenefitTransactions, getManyOrderPayments, getManyRewardPurchases, getManyTierTransactions, getMembership, getMemberships, payOrderWithPoints, purchaseReward, refundRewardPurchase, update],
	methods: { listSearch: { searchProgramMembers, searchProgramRewards } },
};
