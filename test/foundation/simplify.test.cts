import { simplify } from '../../nodes/LoyaltyPromotions/shared/simplify';

describe('Simplify keeps the key paths it is given', () => {
	const answer = {
		id: 'v_1',
		code: 'ABC',
		assets: { qr: { url: 'https://…' } },
		loyalty_card: { points: 10, balance: 7, next_expiration_date: '2027-01-01' },
		redeemables: [
			{ id: 'A', status: 'APPLICABLE', result: { discount: { type: 'AMOUNT' } }, order: { items: [1, 2] } },
			{ id: 'B', status: 'INAPPLICABLE', result: { error: { key: 'voucher_disabled' } } },
		],
	};

	it('keeps top-level and nested values, and drops the rest', () => {
		expect(simplify(answer, ['id', 'code', 'loyalty_card.points', 'loyalty_card.balance'])).toEqual({
			id: 'v_1',
			code: 'ABC',
			loyalty_card: { points: 10, balance: 7 },
		});
	});

	it('keeps a value of every list entry with []', () => {
		expect(simplify(answer, ['redeemables[].id', 'redeemables[].result'])).toEqual({
			redeemables: [
				{ id: 'A', result: { discount: { type: 'AMOUNT' } } },
				{ id: 'B', result: { error: { key: 'voucher_disabled' } } },
			],
		});
	});

	it('leaves out paths the answer lacks, and keeps null and scalar values as they are', () => {
		expect(simplify({ id: 'x', customer: null, loyalty_card: 5 }, ['id', 'missing', 'customer.id', 'loyalty_card.points'])).toEqual({
			id: 'x',
			customer: null,
			loyalty_card: 5,
		});
	});
});
