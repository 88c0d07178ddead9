import type { IDataObject, INodeParameters } from 'n8n-workflow';
import type { BoundKind } from '../../nodes/LoyaltyPromotions/actions/types';
import { BOUNDS, boundedFields, type BoundedField } from '../../nodes/LoyaltyPromotions/shared/limits';
import { recordFields } from '../../nodes/LoyaltyPromotions/shared/mapping';
import type { OracleCase } from './oracle/cases.cjs';
import { isMoneyProperty } from '../../nodes/LoyaltyPromotions/shared/fields';
import { inHundredths, splitRecord } from './oracle/ways.cjs';
import { FIXTURES } from '../emulator/index.cjs';
import { fromAI, runAsTool } from '../harness/asTool.cjs';
import { credentialsFor } from '../harness/emulatorCredentials.cjs';
import { minimalParameters, OPERATIONS } from './minimal.cjs';
import { useEmulator } from './v2/helpers.cjs';

/**
 * Bounds on what one call may move, generated from the catalogue: for every field an operation declares bounded
 * (OperationDefinition.bounded), a value at the bound is sent, one step above it is refused before anything
 * reaches the service, naming the field and the bound, and so is one above the default bound; as an AI agent's
 * tool, with the value a `$fromAI()` the model fills in, the bound holds the same way. The operations that add or
 * take off by a signed value also keep Allowed Changes. limitsCoverage.test.cts keeps the declarations complete.
 */

const ctx = useEmulator();

/** Points and money, bounded on every form (how many cards a tool issues: limitsCards.test.cts). */
type ValueKind = Exclude<BoundKind, 'cards'>;
type ValueField = BoundedField & { kind: ValueKind };
const movesValue = (field: BoundedField): field is ValueField => field.kind !== 'cards';

const BOUNDED = OPERATIONS.flatMap(({ key, resource, operation }) =>
	boundedFields(operation)
		.filter(movesValue)
		.map((field) => ({ key, resource: resource.value, operation, field })),
);

/** A bound set in the panel for these tests, and the value one step above it, per kind. */
const TEST_BOUND: Record<ValueKind, { bound: number; above: number }> = {
	points: { bound: 76_543, above: 76_544 },
	amount: { bound: 765.43, above: 765.44 },
};
const STEP: Record<ValueKind, number> = { points: 1, amount: 0.01 };

/** How the request carries a value: points as they are, money in hundredths. */
const sentForm = (kind: ValueKind, value: number) => String(kind === 'amount' ? Math.round(value * 100) : value);
/** How an error shows a bound or a value: points as they are, money with two decimals. */
const shown = (kind: ValueKind, value: number) => (kind === 'amount' ? value.toFixed(2) : String(value));
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The message that refuses `value` for `field` past `bound` (naming the input key it came from, if mapped). */
function refusal({ property, kind }: ValueField, bound: number, value: number, inputKey?: string): RegExp {
	const label = BOUNDS[kind].property.displayName;
	const from = inputKey ? escape(` (input field "${inputKey}")`) : '';
	return new RegExp(`${escape(property.displayName)}${from}: is at most ${escape(shown(kind, bound))}( in size)? per call \\(${label}\\), got ${escape(shown(kind, value))}: raise ${label}`);
}

/** Required fields that a bounded field's display condition shows beside it, by 'key path'. */
const BESIDE: Record<string, IDataObject> = {
	'redemption.redeem redeemables.redeemable.points': { reward: FIXTURES.loyaltyRewardId },
	'validation.validate redeemables.redeemable.points': { reward: FIXTURES.loyaltyRewardId },
};

/** Sets the values a display condition asks for: `/name` at the top level, `name` beside the field. */
function meetConditions(top: IDataObject, beside: IDataObject, field: BoundedField): void {
	for (const [key, values] of Object.entries(field.property.displayOptions?.show ?? {})) {
		if (['resource', 'operation'].includes(key) || key.startsWith('@')) continue;
		(key.startsWith('/') ? top : beside)[key.replace(/^\//, '')] = (values as unknown[])[0] as IDataObject[string];
	}
}

/**
 * The operation's minimal parameters with `value` in the field (the first entry of a fixed collection's group), the
 * fields its display conditions ask for, and the operation's other bounded fields left out (e.g. Pay Order with
 * Points takes one payment limit).
 */
function withValue(base: INodeParameters, key: string, field: BoundedField, value: unknown): INodeParameters {
	const parameters = structuredClone(base) as IDataObject;
	const others = BOUNDED.filter((entry) => entry.key === key && entry.field.path !== field.path).map((entry) => entry.field.path.split('.'));
	const names = field.path.split('.');
	let holder = parameters;
	for (const [index, name] of names.slice(0, -1).entries()) {
		const group = field.parents[index];
		if ('values' in group) {
			const entries = (holder[name] as IDataObject[] | undefined) ?? [{}];
			holder[name] = [{ ...entries[0] }, ...entries.slice(1)];
			holder = (holder[name] as IDataObject[])[0];
		} else {
			holder[name] = { ...(holder[name] as IDataObject | undefined) };
			holder = holder[name] as IDataObject;
		}
	}
	for (const other of others) if (other.length === names.length && other.slice(0, -1).join('.') === names.slice(0, -1).join('.')) delete holder[other[other.length - 1]];
	holder[names[names.length - 1]] = value as IDataObject[string];
	Object.assign(holder, BESIDE[`${key} ${field.path}`]);
	meetConditions(parameters, holder, field);
	return parameters as INodeParameters;
}

/** Whether a request carried `text` as a whole number (a JSON body, or a CSV file's cells). */
const carries = (body: unknown, text: string) => new RegExp(`(^|[^\\d.])${text}([^\\d.]|$)`).test(typeof body === 'string' ? body : JSON.stringify(body ?? ''));

it('bounds the operations this test knows: points and money that move in one call', () => {
	expect(BOUNDED.map(({ key, field }) => `${key} ${field.path} (${field.kind})`).sort()).toEqual([
		'campaign.create giftAmount (amount)',
		'campaign.create points (points)',
		'campaign.importVouchers additionalFields.giftAmount (amount)',
		'campaign.importVouchers additionalFields.loyaltyPoints (points)',
		'campaign.importVouchersCsv additionalFields.giftAmount (amount)',
		'campaign.importVouchersCsv additionalFields.loyaltyPoints (points)',
		'loyaltyCard.adjustPoints points (points)',
		'loyaltyMember.adjustPoints points (points)',
		'loyaltyMember.redeemReward additionalFields.points (points)',
		'programMember.payOrderWithPoints additionalFields.amountLimit (amount)',
		'programMember.payOrderWithPoints additionalFields.pointsLimit (points)',
		'redemption.redeem redeemables.redeemable.credits (amount)',
		'redemption.redeem redeemables.redeemable.points (points)',
		'validation.validate redeemables.redeemable.credits (amount)',
		'validation.validate redeemables.redeemable.points (points)',
		'voucher.adjustBalance amount (amount)',
		'voucher.adjustBalance points (points)',
		'voucher.create giftAmount (amount)',
		'voucher.create points (points)',
		'voucher.import giftAmount (amount)',
		'voucher.importCsv giftAmount (amount)',
	]);
});

describe.each(BOUNDED.map((entry) => [`${entry.key} ${entry.field.path}`, entry] as const))('%s', (_title, { key, resource, field, operation: definition }) => {
	const [, operation] = key.split('.');
	const { kind } = field;
	const { bound, above } = TEST_BOUND[kind];
	const boundParameter = BOUNDS[kind].property.name;
	const base = async (): Promise<INodeParameters> => ({ resource, operation, ...(await minimalParameters(key, ctx.emu)) });

	async function run(value: number, extra: INodeParameters = {}) {
		const parameters = { ...withValue(await base(), key, field, value), ...extra };
		ctx.emu.control.clearRequests();
		return ctx.run(parameters);
	}
	const carrying = (value: number) => ctx.sent().filter((request) => carries(request.body, sentForm(kind, value)));

	it('at the bound: sent as given', async () => {
		const { error } = await run(bound, { [boundParameter]: bound });
		expect(error?.description).not.toBe('Nothing was sent to the service.');
		expect(carrying(bound).length).toBeGreaterThan(0);
	});

	it('one step above the bound: refused before anything is sent, naming the field and the bound', async () => {
		const { error, items } = await run(above, { [boundParameter]: bound });
		expect(items).toEqual([]);
		expect(error?.message).toMatch(refusal(field, bound, above));
		expect(error?.description).toBe('Nothing was sent to the service.');
		expect(ctx.sent()).toEqual([]);
	});

	it('one step above the default bound, and 1e9 (a model that made up a number): refused', async () => {
		const fallback = BOUNDS[kind].fallback;
		for (const value of [fallback + STEP[kind], 1e9]) {
			const { error } = await run(value);
			expect(error?.message).toMatch(refusal(field, fallback, value));
			expect(ctx.sent()).toEqual([]);
		}
	});

	// a record field the input item gives (Map Automatically) is bounded as the typed one is
	const mapped = recordFields(definition).find((entry) => entry.path === field.path);
	if (mapped) it(`from the input item (Map Automatically, key "${mapped.name}"): past the bound refused, nothing sent; at it, sent`, async () => {
		// the item holds the record's values, as the oracle splits them out of the typed parameters
		const { typed, item } = splitRecord({ operation: definition, parameters: withValue(await base(), key, field, bound) } as OracleCase);
		for (const [value, refused] of [[above, true], [bound, false]] as const) {
			ctx.emu.control.clearRequests();
			const { error } = await ctx.run({ ...typed, recordFields: 'auto', [boundParameter]: bound } as INodeParameters, { input: [{ ...item, [mapped.name]: isMoneyProperty(mapped.property) ? inHundredths(value) : value }] });
			if (refused) {
				expect(error?.message).toMatch(refusal(field, bound, above, mapped.name));
				expect(ctx.sent()).toEqual([]);
			} else {
				expect(error?.message).toBeUndefined();
				expect(carrying(bound).length).toBeGreaterThan(0);
			}
		}
	});

	describe('as an AI tool, the value from $fromAI', () => {
		async function runTool(value: number) {
			const parameters = withValue(await base(), key, field, fromAI('value', 'number'));
			ctx.emu.control.clearRequests();
			return runAsTool({ parameters: { ...parameters, [boundParameter]: bound }, toolArguments: { value }, credentials: credentialsFor(ctx.emu) });
		}

		it('above the bound: the model is told the field and the bound, and nothing is sent', async () => {
			const { error } = await runTool(above);
			expect(error).toMatch(refusal(field, bound, above));
			expect(ctx.sent()).toEqual([]);
		});

		it('at the bound: sent as given', async () => {
			await runTool(bound);
			expect(carrying(bound).length).toBeGreaterThan(0);
		});

		it('the bound itself from $fromAI (a model choosing its own bound): refused, naming the bound, nothing sent', async () => {
			const parameters = withValue(await base(), key, field, fromAI('value', 'number'));
			ctx.emu.control.clearRequests();
			const { error } = await runAsTool({ parameters: { ...parameters, [boundParameter]: fromAI('bound', 'number') }, toolArguments: { value: bound, bound: 1e9 }, credentials: credentialsFor(ctx.emu) });
			expect(error).toContain(`${BOUNDS[kind].property.displayName}: must be typed in the node, not an expression`);
			expect(ctx.sent()).toEqual([]);
		});
	});
});

describe('More Redeemables (JSON): the service\'s own gift.credits (hundredths) and reward.points are bounded too', () => {
	const runWith = async (operation: string, entry: IDataObject, extra: INodeParameters = {}) => {
		const parameters = { resource: operation === 'redeem' ? 'redemption' : 'validation', operation, ...(await minimalParameters(`${operation === 'redeem' ? 'redemption' : 'validation'}.${operation}`, ctx.emu)) } as IDataObject;
		parameters.additionalFields = { ...(parameters.additionalFields as IDataObject), redeemablesJson: JSON.stringify([{ object: 'voucher', code: 'GIFT-JSON', ...entry }]) };
		ctx.emu.control.clearRequests();
		return ctx.run({ ...parameters, ...extra } as INodeParameters);
	};

	it.each(['redeem', 'validate'])('%s: past the bound refused, naming the entry and the bound; at it, sent', async (operation) => {
		const credits = await runWith(operation, { gift: { credits: 2_000_001 } }, { maxAmountPerCall: 20_000 });
		expect(credits.error?.message).toMatch(/^More Redeemables \(JSON\) entry 1: gift\.credits: is at most 20000\.00 per call \(Max Amount per Call\), got 20000\.01/);
		const points = await runWith(operation, { reward: { points: 100_001 } });
		expect(points.error?.message).toMatch(/^More Redeemables \(JSON\) entry 1: reward\.points: is at most 100000 per call \(Max Points per Call\), got 100001/);
		const fractional = await runWith(operation, { gift: { credits: 12.5 } });
		expect(fractional.error?.message).toMatch(/^More Redeemables \(JSON\) entry 1: gift\.credits: must be a whole number/);
		expect(ctx.sent()).toEqual([]);
		// the call moves the entry's 20,000.00 and at most the minimal order's 50.00 (its voucher is given no credits): limitsPerCall.test.cts
		await runWith(operation, { gift: { credits: 2_000_000 } }, { maxAmountPerCall: 20_050 });
		const sent = ctx.sent().find((request) => request.method === 'POST');
		expect((sent?.body as { redeemables: IDataObject[] }).redeemables[1]).toEqual({ object: 'voucher', id: 'GIFT-JSON', gift: { credits: 2_000_000 } });
	});
});

describe.each(BOUNDED.filter(({ operation }) => operation.properties.some((property) => property.name === 'allowedChanges')).map((entry) => [`${entry.key} ${entry.field.path}`, entry] as const))(
	'%s: a signed change',
	(_title, { key, resource, field }) => {
		const [, operation] = key.split('.');
		const { kind } = field;
		async function run(value: number, extra: INodeParameters = {}) {
			const parameters = { ...withValue({ resource, operation, ...(await minimalParameters(key, ctx.emu)) }, key, field, value), ...extra };
			ctx.emu.control.clearRequests();
			return ctx.run(parameters);
		}

		it('one step past the default bound, negative: refused by its size', async () => {
			const value = -(BOUNDS[kind].fallback + STEP[kind]);
			const { error } = await run(value);
			expect(error?.message).toMatch(refusal(field, BOUNDS[kind].fallback, value));
			expect(ctx.sent()).toEqual([]);
		});

		it('Allowed Changes: Add Only refuses a negative value, Subtract Only a positive one, each naming the setting', async () => {
			const label = escape(field.property.displayName);
			const addOnly = await run(-5, { allowedChanges: 'add' });
			expect(addOnly.error?.message).toMatch(new RegExp(`^${label}: must be above 0: Allowed Changes is Add Only`));
			const subtractOnly = await run(5, { allowedChanges: 'subtract' });
			expect(subtractOnly.error?.message).toMatch(new RegExp(`^${label}: must be below 0: Allowed Changes is Subtract Only`));
			expect(ctx.sent()).toEqual([]);
			const added = await run(5, { allowedChanges: 'add' });
			expect(added.error).toBeUndefined();
			expect(ctx.sent().filter((request) => request.method === 'POST')).toHaveLength(1);
		});
	},
);
