import { memberTransactionList } from './transactions';

export const getManyBenefitTransactions = memberTransactionList({
	value: 'getManyBenefitTransactions',
	name: 'Get Many Benefit Transactions',
	action: "Get many of a member's benefit transactions",
	description: "List the benefits a member was given (fulfillments, each with the earning rule that gave it) and their status: PENDING, APPROVED, or REJECTED with the reason",
	suffix: '/benefits/transactions',
	noun: 'benefit transactions',
	idFilter: { name: 'benefitId', displayName: 'Benefit ID', field: 'benefit_id', pattern: /^lben_[a-f0-9]+$/, example: 'lben_0a1b2c', description: 'Only transactions of this benefit' },
});
