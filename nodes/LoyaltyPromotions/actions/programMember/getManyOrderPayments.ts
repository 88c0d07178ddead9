import { memberTransactionList } from './transactions';

export const getManyOrderPayments = memberTransactionList({
	value: 'getManyOrderPayments',
	name: 'Get Many Order Payments',
	action: "Get many of a member's order payments with points",
	description:
		"List the orders a member paid with points, each with the points spent, the amount paid and its status: PENDING, APPROVED, or REJECTED with the reason (e.g. NOT_ENOUGH_BALANCE, ORDER_NOT_FOUND)",
	suffix: '/orders/payments',
	noun: 'payments',
	idFilter: { name: 'paymentId', displayName: 'Payment ID', field: 'id', pattern: /^lotx_[a-f0-9]+$/, example: 'lotx_0a1b2c', description: "Only the payment of this order transaction (Pay Order with Points' transaction.id)" },
});
