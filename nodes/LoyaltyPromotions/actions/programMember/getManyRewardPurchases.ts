import { memberTransactionList } from './transactions';

export const getManyRewardPurchases = memberTransactionList({
	value: 'getManyRewardPurchases',
	name: 'Get Many Reward Purchases',
	action: "Get many of a member's reward purchases",
	description: "List a member's reward purchases with their status (PENDING, APPROVED, or REJECTED with the reason), filtered by reward or date",
	suffix: '/rewards/purchases',
	noun: 'purchases',
	idFilter: { name: 'rewardId', displayName: 'Reward ID', field: 'reward_id', pattern: /^lrew_[a-f0-9]+$/, example: 'lrew_0a1b2c', description: 'Only purchases of this reward' },
});
