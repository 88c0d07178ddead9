import { memberTransactionList } from './transactions';

export const getManyTierTransactions = memberTransactionList({
	value: 'getManyTierTransactions',
	name: 'Get Many Tier Transactions',
	action: "Get many of a member's tier transactions",
	description: "List a member's tier changes (joined, upgraded, downgraded, prolonged, left) with the tiers, points and what caused each, and their status",
	suffix: '/tiers/transactions',
	noun: 'tier transactions',
	idFilter: { name: 'cardId', displayName: 'Card ID', field: 'card_id', pattern: /^lcrd_[a-f0-9]+$/, example: 'lcrd_0a1b2c', description: "Only changes of this loyalty card's tier" },
});
