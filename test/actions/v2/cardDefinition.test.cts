import type { INodeParameters } from 'n8n-workflow';
import { FIXTURES } from '../../emulator/index.cjs';
import { useEmulator } from './helpers.cjs';

// The emulator takes only the published contract's current shapes here, as the live service does.
const ctx = useEmulator({ acceptSeedShapes: false });
const base = { resource: 'cardDefinition', operation: 'update' };
const draft = FIXTURES.cardDefinitionDraft;

describe('Card Definition (Beta): Update', () => {
	it('sends every JSON field in the current shape as given', async () => {
		const pointsExpiration = { type: 'CALENDAR_EXPIRATION', calendar_expiration: { expiration_dates: [{ day: 31, month: 12 }] } };
		const pendingPoints = { type: 'FIXED_DATES', fixed_dates: { dates: [{ day: 1, month: 7 }] } };
		const earningLimits = { global: { type: 'LIMITED', limits: [{ type: 'BALANCE_BASED', max: 1000 }] }, transactions: { type: 'NO_LIMIT' } };
		const spendingLimits = { global: { type: 'NO_LIMIT' }, transactions: { type: 'LIMITED', limits: [{ type: 'POINTS', max: 50 }] } };
		const refunds = { spent_points: { type: 'REFUNDABLE', methods: [{ type: 'RETURN_POINTS', mode: 'REFUND_ALL' }] }, earned_points: { type: 'NONE' } };
		const payWithPoints = { type: 'EXCHANGE_RATIO', exchange_ratio: { formula: '0.01' } };
		const { items, error } = await ctx.run({
			...base,
			cardDefinitionId: draft,
			updateFields: {
				name: 'Gold Card',
				codeConfig: '{"pattern": "GC-####", "prefix": "GC-"}',
				pointsExpiration: JSON.stringify(pointsExpiration),
				pendingPoints: JSON.stringify(pendingPoints),
				earningLimits: JSON.stringify(earningLimits),
				spendingLimits: JSON.stringify(spendingLimits),
				refunds: JSON.stringify(refunds),
				payWithPoints: JSON.stringify(payWithPoints),
				allowNegative: false,
				metadata: { fields: [{ key: 'brand', value: 'gold' }] },
			},
		});
		expect(error).toBeUndefined();
		const body = {
			name: 'Gold Card',
			code_config: { pattern: 'GC-####', prefix: 'GC-' },
			points_expiration: pointsExpiration,
			pending_points: pendingPoints,
			earning_limits: earningLimits,
			spending_limits: spendingLimits,
			refunds,
			pay_with_points: payWithPoints,
			balance_settings: { allow_negative: false },
			metadata: { brand: 'gold' },
		};
		expect(ctx.sent()).toEqual([{ method: 'PUT', path: `/v2/loyalties/card-definitions/${draft}`, query: {}, body }]);
		expect(items).toHaveLength(1);
		expect(items[0].json).toMatchObject({ id: draft, object: 'card_definition', status: 'DRAFT', ...body });
	});

	it('builds points expiration and pending points from the simple fields', async () => {
		const { items, error } = await ctx.run({
			...base,
			cardDefinitionId: draft,
			updateFields: {
				pointsExpirationType: 'ROLLING_EXPIRATION',
				pointsExpirationPeriod: 6,
				pointsExpirationPeriodUnit: 'MONTH',
				pointsExpirationRounding: 'END_OF_PARTICULAR_MONTH',
				pointsExpirationRoundingMonth: 12,
				pendingPointsType: 'PERIOD_BASED',
				pendingPointsPeriod: 14,
				pendingPointsPeriodUnit: 'DAY',
			},
		});
		expect(error).toBeUndefined();
		const body = {
			points_expiration: {
				type: 'ROLLING_EXPIRATION',
				rolling_expiration: { period: { value: 6, unit: 'MONTH' }, rounding: { type: 'END_OF_PARTICULAR_MONTH', value: 12 } },
			},
			pending_points: { type: 'PERIOD_BASED', period_based: { period: { value: 14, unit: 'DAY' } } },
		};
		expect(ctx.sent()[0].body).toEqual(body);
		expect(items[0].json).toMatchObject(body);
	});

	it('turns points expiration and pending points off, and allows a negative balance with it', async () => {
		const { error } = await ctx.run({
			...base,
			cardDefinitionId: draft,
			updateFields: { pointsExpirationType: 'NO_EXPIRATION', pendingPointsType: 'IMMEDIATE', allowNegative: true },
		});
		expect(error).toBeUndefined();
		expect(ctx.sent()[0].body).toEqual({
			points_expiration: { type: 'NO_EXPIRATION' },
			pending_points: { type: 'IMMEDIATE' },
			balance_settings: { allow_negative: true },
		});
	});

	it('sends a rounding without a month', async () => {
		await ctx.run({
			...base,
			cardDefinitionId: draft,
			updateFields: { pointsExpirationType: 'ROLLING_EXPIRATION', pointsExpirationPeriod: 1, pointsExpirationPeriodUnit: 'YEAR', pointsExpirationRounding: 'END_OF_QUARTER' },
		});
		expect(ctx.sent()[0].body).toEqual({
			points_expiration: { type: 'ROLLING_EXPIRATION', rolling_expiration: { period: { value: 1, unit: 'YEAR' }, rounding: { type: 'END_OF_QUARTER' } } },
		});
	});

	it("translates the seed's shapes where they carry everything: fixed dates, calendar expiration, empty method lists", async () => {
		const { error } = await ctx.run({
			...base,
			cardDefinitionId: draft,
			updateFields: {
				pendingPoints: JSON.stringify({ fixed_dates: { dates: [{ day: 1, month: 1 }] } }),
				pointsExpiration: JSON.stringify({ calendar_expiration: { expiration_dates: [{ day: 31, month: 12 }] }, rolling_expiration: null }),
				refunds: JSON.stringify({ spent_points: { type: 'NONE' }, earned_points: { methods: [] } }),
			},
		});
		expect(error).toBeUndefined();
		expect(ctx.sent()[0].body).toEqual({
			pending_points: { type: 'FIXED_DATES', fixed_dates: { dates: [{ day: 1, month: 1 }] } },
			points_expiration: { type: 'CALENDAR_EXPIRATION', calendar_expiration: { expiration_dates: [{ day: 31, month: 12 }] } },
			refunds: { spent_points: { type: 'NONE' }, earned_points: { type: 'NONE', methods: [] } },
		});
	});

	it('sends null for a JSON field set to null, clearing it', async () => {
		const { items, error } = await ctx.run({ ...base, cardDefinitionId: draft, updateFields: { pendingPoints: 'null' } });
		expect(error).toBeUndefined();
		expect(ctx.sent().map((request) => request.body)).toEqual([{ pending_points: null }]);
		expect(items[0].json.pending_points).toBeNull();
	});

	it('lets an ACTIVE card definition change its name and metadata', async () => {
		const { items, error } = await ctx.run({
			...base,
			cardDefinitionId: FIXTURES.cardDefinitionActive,
			updateFields: { name: 'Renamed', metadataJson: { level: 3 } },
		});
		expect(error).toBeUndefined();
		expect(ctx.sent().map((request) => request.body)).toEqual([{ name: 'Renamed', metadata: { level: 3 } }]);
		expect(items[0].json).toMatchObject({ name: 'Renamed', status: 'ACTIVE', metadata: { level: 3 } });
	});

	it('maps the 409 of an ACTIVE card definition whose code config changes, with the service message', async () => {
		const { error } = await ctx.run({ ...base, cardDefinitionId: FIXTURES.cardDefinitionActive, updateFields: { codeConfig: '{"prefix": "X-"}' } });
		expect(error?.httpCode).toBe('409');
		expect(error?.description).toMatch(/only name and metadata can be updated \(got code_config\)/);
		expect(error?.context?.serviceError).toMatchObject({ key: 'resource_in_invalid_state', resource_id: FIXTURES.cardDefinitionActive });
	});

	it('maps the 400 of a negative balance while points expire', async () => {
		const { error } = await ctx.run({ ...base, cardDefinitionId: draft, updateFields: { allowNegative: true } });
		expect(error?.httpCode).toBe('400');
		expect(error?.description).toMatch(/allow_negative can be true only when points_expiration.type is NO_EXPIRATION/);
	});

	it('maps a 404 for an unknown card definition', async () => {
		const { error } = await ctx.run({ ...base, cardDefinitionId: 'lcdef_0fff', updateFields: { name: 'x' } });
		expect(error?.httpCode).toBe('404');
		expect(error?.context?.serviceError).toMatchObject({ key: 'not_found', resource_id: 'lcdef_0fff', resource_type: 'card_definition' });
	});

	describe('validation, nothing sent', () => {
		const invalid = (updateFields: INodeParameters, field: string, rule: RegExp) => ctx.expectInvalid({ ...base, cardDefinitionId: draft, updateFields }, field, rule);

		it('checks the card definition id pattern', () =>
			ctx.expectInvalid({ ...base, cardDefinitionId: 'lcdf_draft00000001', updateFields: { name: 'x' } }, 'Card Definition Name or ID', /must match \^lcdef_\[a-f0-9\]\+\$/));
		it('needs at least one field', () => invalid({}, 'Update Fields', /at least one field/));
		it('counts an empty JSON object as not set', () => invalid({ refunds: '{}' }, 'Update Fields', /at least one field/));
		it('keeps names within 200 characters', () => invalid({ name: 'x'.repeat(201) }, 'Name', /at most 200 characters \(got 201\)/));
		it('refuses invalid JSON, naming the field', () => invalid({ pointsExpiration: '{"rolling_expiration":' }, 'Points Expiration (JSON)', /is not valid JSON/));
		it('refuses JSON that is not an object', () => invalid({ codeConfig: '"ABC"' }, 'Code Config (JSON)', /must be a JSON object/));
		it('needs the rolling period and its unit', async () => {
			await invalid({ pointsExpirationType: 'ROLLING_EXPIRATION' }, 'Points Expiration Period', /is required when Points Expiration Type is Rolling Expiration/);
			await invalid({ pointsExpirationType: 'ROLLING_EXPIRATION', pointsExpirationPeriod: 6 }, 'Points Expiration Period Unit', /is required with Points Expiration Period/);
		});
		it('keeps periods within their unit', async () => {
			await invalid({ pointsExpirationType: 'ROLLING_EXPIRATION', pointsExpirationPeriod: 6, pointsExpirationPeriodUnit: 'YEAR' }, 'Points Expiration Period', /from 1 to 5 when the unit is Year/);
			await invalid({ pendingPointsType: 'PERIOD_BASED', pendingPointsPeriod: 2, pendingPointsPeriodUnit: 'YEAR' }, 'Pending Points Period', /from 1 to 1 when the unit is Year/);
		});
		it('needs the rounding month with End of Particular Month, and only then', async () => {
			const rolling = { pointsExpirationType: 'ROLLING_EXPIRATION', pointsExpirationPeriod: 6, pointsExpirationPeriodUnit: 'MONTH' };
			await invalid({ ...rolling, pointsExpirationRounding: 'END_OF_PARTICULAR_MONTH' }, 'Points Expiration Rounding Month', /is required when Points Expiration Rounding is End of Particular Month/);
			await invalid({ ...rolling, pointsExpirationRounding: 'END_OF_MONTH', pointsExpirationRoundingMonth: 3 }, 'Points Expiration Rounding Month', /only with End of Particular Month/);
			await invalid({ ...rolling, pointsExpirationRounding: 'END_OF_PARTICULAR_MONTH', pointsExpirationRoundingMonth: 13 }, 'Points Expiration Rounding Month', /from 1 to 12/);
		});
		it('refuses rolling settings with No Expiration, and a period with Immediate', async () => {
			await invalid({ pointsExpirationType: 'NO_EXPIRATION', pointsExpirationPeriod: 6, pointsExpirationPeriodUnit: 'MONTH' }, 'Points Expiration Period', /must not be set when Points Expiration Type is No Expiration/);
			await invalid({ pendingPointsType: 'IMMEDIATE', pendingPointsPeriod: 6, pendingPointsPeriodUnit: 'DAY' }, 'Pending Points Period', /must not be set when Pending Points Type is Immediate/);
		});
		it('needs the type with the simple fields', () => invalid({ pointsExpirationPeriod: 6 }, 'Points Expiration Type', /is required with Points Expiration Period/));
		it('refuses a type and its JSON together', () =>
			invalid({ pendingPointsType: 'IMMEDIATE', pendingPoints: '{"type": "IMMEDIATE"}' }, 'Pending Points Type', /not both/));
		it('refuses a negative balance with expiring points set in the same update', () =>
			invalid(
				{ allowNegative: true, pointsExpirationType: 'ROLLING_EXPIRATION', pointsExpirationPeriod: 6, pointsExpirationPeriodUnit: 'MONTH' },
				'Allow Negative Balance',
				/only when points never expire/,
			));
		it("explains a seed period without unit, which cannot be translated", () =>
			invalid({ pendingPoints: '{"period_based": {"period": {"value": 14}}}' }, 'Pending Points (JSON)', /period_based\.period\.unit is required \(DAY, MONTH or YEAR\)/));
		it('needs the type of a JSON object whose shape has no mode', () =>
			invalid({ pointsExpiration: '{"period": {"value": 12, "unit": "MONTH"}}' }, 'Points Expiration (JSON)', /type is required \(one of CALENDAR_EXPIRATION, NO_EXPIRATION, ROLLING_EXPIRATION, SLIDING_EXPIRATION\)/));
		it('needs the type of limits that have entries', () =>
			invalid({ earningLimits: JSON.stringify({ global: { limits: [{ max: 10000 }] }, transactions: { type: 'NO_LIMIT' } }) }, 'Earning Limits (JSON)', /global\.type is required \(NO_LIMIT or LIMITED\)/));
		it('needs both groups of limits', () =>
			invalid({ spendingLimits: JSON.stringify({ global: { type: 'NO_LIMIT' } }) }, 'Spending Limits (JSON)', /transactions is required/));
		it('checks the pay-with-points type', () =>
			invalid({ payWithPoints: '{"type": "EXCHANGE_RATIO"}' }, 'Pay With Points (JSON)', /exchange_ratio is required when type is EXCHANGE_RATIO/));
		// n8n blocks an empty required field; an expression can still produce a blank one.
		it('requires the id', () => ctx.expectInvalid({ ...base, cardDefinitionId: '={{ " " }}', updateFields: { name: 'x' } }, 'Card Definition Name or ID', /is required/));
	});
});
