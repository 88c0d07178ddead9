import type { INodeParameters, INodeProperties } from 'n8n-workflow';
import { DEFAULT_MAX_AMOUNT_PER_CALL, DEFAULT_MAX_POINTS_PER_CALL } from '../../nodes/LoyaltyPromotions/shared/limits';
import { minimalParameters, OPERATIONS } from './minimal.cjs';
import { useEmulator } from './v2/helpers.cjs';

/**
 * Bounds on what one call may change, over the catalogue: every operation that adds or takes off points or money
 * (a signed Points or Amount field) carries Max Points per Call / Max Amount per Call and Allowed Changes. A value
 * past them, however it was set (by an AI model through `$fromAI()`, too), is refused before anything is sent,
 * naming the field and the bound; at the bound it is sent; a raised bound lets it through.
 */

const ctx = useEmulator();

/** A number field whose negative value takes off (its description says so): points or money that move. */
const isSignedChange = (property: INodeProperties) =>
	property.type === 'number' && ['points', 'amount'].includes(property.name) && /negative/i.test(property.description ?? '');

const SIGNED = OPERATIONS.flatMap(({ key, operation }) =>
	operation.properties.filter(isSignedChange).map((field) => ({ key, operation, field })),
);

const BOUND = {
	points: { parameter: 'maxPointsPerCall', label: 'Max Points per Call', fallback: DEFAULT_MAX_POINTS_PER_CALL, step: 1, field: 'Points' },
	amount: { parameter: 'maxAmountPerCall', label: 'Max Amount per Call', fallback: DEFAULT_MAX_AMOUNT_PER_CALL, step: 0.01, field: 'Amount' },
} as const;

/** The value an operation sends for the field: points as they are, money in hundredths. */
const sentValue = (name: string, value: number) => (name === 'amount' ? Math.round(value * 100) : value);

it('the operations that move points or money are the ones this test knows, each with its bound and Allowed Changes', () => {
	expect(SIGNED.map(({ key, field }) => `${key}.${field.name}`).sort()).toEqual([
		'loyaltyCard.adjustPoints.points',
		'loyaltyMember.adjustPoints.points',
		'voucher.adjustBalance.amount',
		'voucher.adjustBalance.points',
	]);
	for (const { operation, field } of SIGNED) {
		const names = operation.properties.map((property) => property.name);
		expect(names).toEqual(expect.arrayContaining([BOUND[field.name as keyof typeof BOUND].parameter, 'allowedChanges']));
	}
});

describe.each(SIGNED.map(({ key, field }) => [`${key} (${field.name})`, key, field.name as keyof typeof BOUND] as const))('%s', (_title, key, name) => {
	const bound = BOUND[name];
	const [resource, operation] = key.split('.');
	async function run(value: number, extra: INodeParameters = {}) {
		const parameters = { resource, operation, ...(await minimalParameters(key, ctx.emu)), ...(name === 'points' && key === 'voucher.adjustBalance' ? { cardType: 'loyalty' } : {}), [name]: value, ...extra };
		ctx.emu.control.clearRequests();
		return ctx.run(parameters as INodeParameters);
	}
	// Adjust Balance sends points and money alike as `amount`
	const bodyKey = key === 'voucher.adjustBalance' ? 'amount' : 'points';
	const balanceWrites = () => ctx.sent().filter((request) => request.method === 'POST');

	it.each([
		['one step above the default bound', 1],
		['one step above it, negative', -1],
		['1e9 (a model that made up a number)', 0],
	])('%s: refused before anything is sent, naming the field and the bound', async (_case, sign) => {
		const value = sign === 0 ? 1e9 : sign * (bound.fallback + bound.step);
		const { error, items } = await run(value);
		expect(items).toEqual([]);
		expect(error?.message).toMatch(new RegExp(`^${bound.field}: is at most ${name === 'amount' ? bound.fallback.toFixed(2) : bound.fallback} in size per call \\(${bound.label}\\)`));
		expect(error?.description).toBe('Nothing was sent to the service.');
		expect(balanceWrites()).toEqual([]);
	});

	it('at the bound, and past the default with the bound raised: sent as given', async () => {
		for (const [value, extra] of [
			[bound.fallback, {}],
			[bound.fallback * 3, { [bound.parameter]: bound.fallback * 3 }],
		] as const) {
			const { error } = await run(value, extra);
			expect(error).toBeUndefined();
			expect(balanceWrites().map((request) => (request.body as Record<string, unknown>)[bodyKey])).toEqual([sentValue(name, value)]);
		}
	});

	it('a lower bound is kept too', async () => {
		const { error } = await run(11, { [bound.parameter]: 10 });
		expect(error?.message).toMatch(new RegExp(`^${bound.field}: is at most 10(\\.00)? in size per call`));
		expect(balanceWrites()).toEqual([]);
	});

	it('Allowed Changes: Add Only refuses a negative value, Subtract Only a positive one, each naming the setting', async () => {
		const addOnly = await run(-5, { allowedChanges: 'add' });
		expect(addOnly.error?.message).toMatch(new RegExp(`^${bound.field}: must be above 0: Allowed Changes is Add Only`));
		const subtractOnly = await run(5, { allowedChanges: 'subtract' });
		expect(subtractOnly.error?.message).toMatch(new RegExp(`^${bound.field}: must be below 0: Allowed Changes is Subtract Only`));
		expect(balanceWrites()).toEqual([]);
		const added = await run(5, { allowedChanges: 'add' });
		expect(added.error).toBeUndefined();
		expect(balanceWrites()).toHaveLength(1);
	});
});
