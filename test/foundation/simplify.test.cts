import { fieldPathProblem, simplify } from '../../nodes/LoyaltyPromotions/shared/simplify';

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

	it('leaves out paths the answer lacks, keeps null, and reports a path that cannot go on instead of keeping something else', () => {
		const problems: string[] = [];
		const answer = { id: 'x', customer: null, loyalty_card: 5, name: 'Ann', metadata: { a: { b: [{ c: 1 }, { c: 2 }] } }, tags: ['x', 'y'], card: { code: 'C' } };
		const fields = ['id', 'missing', 'customer.id', 'loyalty_card.points', 'name.length', 'metadata.a.b.0.c', 'tags[].name', 'card[].code'];
		expect(simplify(answer, fields, (field, problem) => problems.push(`${field}: ${problem}`))).toEqual({ id: 'x', customer: null });
		expect(problems).toEqual([
			'loyalty_card.points: "loyalty_card" is a number, which has no key "points"',
			'name.length: "name" is text, which has no key "length"',
			'metadata.a.b.0.c: "metadata.a.b" is a list: write "b[]" to keep that value of every entry',
			'tags[].name: "tags[0]" is text, which has no key "name"',
			'tags[].name: "tags[1]" is text, which has no key "name"',
			'card[].code: "card" is an object, not a list, so "card[]" does not apply',
		]);
	});

	it('writes an object or a list only when something in it is kept', () => {
		const answer = { customer: { name: 'Ann' }, items: [{ id: 'a' }, { sku: 's' }], none: [], gaps: [null, { id: 'b' }] };
		expect(simplify(answer, ['customer.id', 'items[].missing', 'items[].id', 'none[].id', 'gaps[].id'])).toEqual({
			items: [{ id: 'a' }, {}],
			none: [],
			gaps: [null, { id: 'b' }],
		});
	});

	it('reads own keys only: a key every object inherits is not in the answer', () => {
		expect(simplify({ id: 'x' }, ['toString', 'hasOwnProperty', 'id.constructor'])).toEqual({});
	});
});

describe('Simplify never reaches a prototype', () => {
	const hostile = JSON.parse('{"metadata": {"__proto__": {"polluted": "YES"}, "constructor": {"prototype": {"polluted": "YES"}}}, "list": [{"__proto__": {"polluted": "YES"}}]}');

	it.each([
		['metadata.__proto__.polluted'],
		['metadata.constructor.prototype.polluted'],
		['list[].__proto__.polluted'],
		['__proto__.polluted'],
		['metadata.__proto__'],
		['metadata'],
	])('%s keeps own keys as own keys, and Object.prototype stays as it was', (field) => {
		const result = simplify(hostile, [field]);
		expect(({} as Record<string, unknown>).polluted).toBeUndefined();
		expect(Object.prototype.hasOwnProperty.call(Object.prototype, 'polluted')).toBe(false);
		expect(Object.getPrototypeOf(result)).toBe(Object.prototype);
		expect(JSON.parse(JSON.stringify(result))).toEqual(JSON.parse(JSON.stringify(result)));
	});

	it('keeps a hostile key the answer holds as a plain own key of the output', () => {
		const result = simplify(hostile, ['metadata.__proto__.polluted']) as { metadata: object };
		expect(Object.getPrototypeOf(result.metadata)).toBe(Object.prototype);
		expect(JSON.stringify(result)).toBe('{"metadata":{"__proto__":{"polluted":"YES"}}}');
	});
});

describe('Selected Fields paths are checked before anything is sent', () => {
	it.each([
		['a.b[0]', /"b\[0\]" is not a key: .* "b\[\]"/],
		['a..b', /empty step/],
		['a.', /empty step/],
		['a[]b', /"a\[\]b" is not a key/],
		['metadata.__proto__.polluted', /"__proto__" cannot be kept: n8n drops keys named __proto__, constructor, prototype/],
		['constructor', /"constructor" cannot be kept/],
		['a.prototype[]', /"prototype" cannot be kept/],
	])('%s is refused', (field, problem) => {
		expect(fieldPathProblem(field)).toMatch(problem);
	});

	it.each([['a'], ['a.b'], ['list[].name'], ['a[].b[].c'], ['metadata.toString'], ['key with spaces.x']])('%s can be followed', (field) => {
		expect(fieldPathProblem(field)).toBeUndefined();
	});
});
