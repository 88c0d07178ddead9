import type { INodeParameters } from 'n8n-workflow';
import { FIXTURES } from '../../emulator/index.cjs';
import { useEmulator } from './helpers.cjs';

// The emulator takes only the published contract's current shapes here, as the live service does.
const ctx = useEmulator({ acceptSeedShapes: false });
const base = { resource: 'tierStructure', operation: 'update' };
const pathOf = (id: string) => `/v2/loyalties/tier-structures/${id}`;
const draft = FIXTURES.tierStructureDraft;
const card = FIXTURES.cardDefinitionDraft;

describe('Tier Structure (Beta): Update', () => {
	it('switches a draft to POINT_EARNED: the tracking settings go inside point_earned, sending point_balance null', async () => {
		const { items, error } = await ctx.run({
			...base,
			tierStructureId: draft,
			updateFields: { type: 'POINT_EARNED', cardDefinitionId: card, pointEarnedPeriod: 6, pointEarnedPeriodUnit: 'MONTH', pointEarnedTierChange: 'NEXT_TRACKING_PERIOD' },
		});
		expect(error).toBeUndefined();
		const pointEarned = { card_definition_id: card, period: { value: 6, unit: 'MONTH' }, type: 'NEXT_TRACKING_PERIOD' };
		expect(ctx.sent()).toEqual([
			{ method: 'PUT', path: pathOf(draft), query: {}, body: { type: 'POINT_EARNED', point_earned: pointEarned, point_balance: null } },
		]);
		expect(items[0].json).toMatchObject({ id: draft, type: 'POINT_EARNED', point_earned: pointEarned });
		expect(items[0].json).not.toHaveProperty('point_balance');
	});

	it('switches to POINT_BALANCE with its card definition inside point_balance, sending point_earned null', async () => {
		const { items, error } = await ctx.run({
			...base,
			tierStructureId: FIXTURES.tierStructureDraftEarned,
			updateFields: { type: 'POINT_BALANCE', cardDefinitionId: FIXTURES.cardDefinitionActive },
		});
		expect(error).toBeUndefined();
		expect(ctx.sent()[0].body).toEqual({ type: 'POINT_BALANCE', point_balance: { card_definition_id: FIXTURES.cardDefinitionActive }, point_earned: null });
		expect(items[0].json).toMatchObject({ type: 'POINT_BALANCE', point_balance: { card_definition_id: FIXTURES.cardDefinitionActive } });
		expect(items[0].json).not.toHaveProperty('point_earned');
		expect(items[0].json).not.toHaveProperty('card_definition_id');
	});

	it('sends name, expiration, downgrade and metadata from the simple fields', async () => {
		const { items, error } = await ctx.run({
			...base,
			tierStructureId: draft,
			updateFields: {
				name: 'Tiers 2030',
				expirationType: 'FIXED_DURATION',
				expirationPeriod: 1,
				expirationPeriodUnit: 'YEAR',
				downgradeType: 'SINGLE_LEVEL',
				gracePeriod: 30,
				gracePeriodUnit: 'DAY',
				gracePeriodRoundUp: true,
				metadata: { fields: [{ key: 'owner', value: 'crm' }] },
			},
		});
		expect(error).toBeUndefined();
		const body = {
			name: 'Tiers 2030',
			expiration: { type: 'FIXED_DURATION', fixed_duration: { period: { value: 1, unit: 'YEAR' } } },
			downgrade: { type: 'SINGLE_LEVEL', grace_period: { value: 30, unit: 'DAY', round_up: true } },
			metadata: { owner: 'crm' },
		};
		expect(ctx.sent()).toEqual([{ method: 'PUT', path: pathOf(draft), query: {}, body }]);
		expect(items[0].json).toMatchObject(body);
	});

	it.each([
		['No Retention', { expirationType: 'NO_RETENTION' }, { type: 'NO_RETENTION' }],
		['Sliding Expiration', { expirationType: 'SLIDING_EXPIRATION', expirationPeriod: 6, expirationPeriodUnit: 'MONTH' }, { type: 'SLIDING_EXPIRATION', sliding_expiration: { period: { value: 6, unit: 'MONTH' } } }],
	])('builds the %s expiration', async (_, updateFields, expiration) => {
		const { error } = await ctx.run({ ...base, tierStructureId: draft, updateFields });
		expect(error).toBeUndefined();
		expect(ctx.sent()[0].body).toEqual({ expiration });
	});

	it('sends a downgrade without grace period, and No Downgrade', async () => {
		await ctx.run({ ...base, tierStructureId: draft, updateFields: { downgradeType: 'NO_DOWNGRADE' } });
		expect(ctx.sent()[0].body).toEqual({ downgrade: { type: 'NO_DOWNGRADE' } });
	});

	it('sends Expiration (JSON) in the current shape as given, and null to clear it', async () => {
		const expiration = { type: 'CALENDAR_EXPIRATION', calendar_expiration: { calendar_dates: [{ day: 31, month: 12 }] } };
		const { error } = await ctx.run({ ...base, tierStructureId: draft, updateFields: { expiration: JSON.stringify(expiration) } });
		expect(error).toBeUndefined();
		expect(ctx.sent()[0].body).toEqual({ expiration });
		ctx.emu.control.clearRequests();
		const cleared = await ctx.run({ ...base, tierStructureId: draft, updateFields: { expiration: 'null' } });
		expect(cleared.error).toBeUndefined();
		expect(ctx.sent()[0].body).toEqual({ expiration: null });
	});

	it("translates the seed's calendar expiration (no type) into the current shape", async () => {
		const { error } = await ctx.run({
			...base,
			tierStructureId: draft,
			updateFields: { expiration: JSON.stringify({ calendar_expiration: { calendar_dates: [{ day: 30, month: 6 }] } }) },
		});
		expect(error).toBeUndefined();
		expect(ctx.sent()[0].body).toEqual({ expiration: { type: 'CALENDAR_EXPIRATION', calendar_expiration: { calendar_dates: [{ day: 30, month: 6 }] } } });
	});

	it('maps the 409 of an ACTIVE tier structure whose type changes', async () => {
		const { error } = await ctx.run({
			...base,
			tierStructureId: FIXTURES.tierStructureActive,
			updateFields: { type: 'POINT_BALANCE', cardDefinitionId: FIXTURES.cardDefinitionActive },
		});
		expect(error?.httpCode).toBe('409');
		expect(error?.description).toMatch(/only name and metadata can be updated/);
		expect(error?.context?.serviceError).toMatchObject({ key: 'resource_in_invalid_state', resource_id: FIXTURES.tierStructureActive });
	});

	it('maps a 404 for an unknown tier structure', async () => {
		const { error } = await ctx.run({ ...base, tierStructureId: 'lts_0fff', updateFields: { name: 'x' } });
		expect(error?.httpCode).toBe('404');
		expect(error?.context?.serviceError).toMatchObject({ key: 'not_found', resource_id: 'lts_0fff' });
	});

	describe('validation, nothing sent', () => {
		const invalid = (updateFields: INodeParameters, field: string, rule: RegExp) =>
			ctx.expectInvalid({ ...base, tierStructureId: draft, updateFields }, field, rule);

		it('checks the tier structure id pattern', () =>
			ctx.expectInvalid({ ...base, tierStructureId: 'ltst_draft00000001', updateFields: { name: 'x' } }, 'Tier Structure ID', /must match \^lts_\[a-f0-9\]\+\$/));
		it('needs the card definition with a type', () => invalid({ type: 'POINT_BALANCE' }, 'Card Definition Name or ID', /is required when Type is set/));
		it('checks the card definition id pattern', () =>
			invalid({ type: 'POINT_BALANCE', cardDefinitionId: 'lcdf_draft00000001' }, 'Card Definition Name or ID', /must match \^lcdef_\[a-f0-9\]\+\$/));
		it('needs the type with the tracking fields', () => invalid({ cardDefinitionId: card }, 'Type', /is required with Card Definition Name or ID/));
		it('needs the period, its unit and the tier change when the type becomes POINT_EARNED', async () => {
			await invalid({ type: 'POINT_EARNED', cardDefinitionId: card }, 'Point Earned Period', /is required when Type is Point Earned/);
			await invalid({ type: 'POINT_EARNED', cardDefinitionId: card, pointEarnedPeriod: 6 }, 'Point Earned Period Unit', /is required with Point Earned Period/);
			await invalid(
				{ type: 'POINT_EARNED', cardDefinitionId: card, pointEarnedPeriod: 6, pointEarnedPeriodUnit: 'MONTH' },
				'Point Earned Tier Change',
				/is required when Type is Point Earned/,
			);
		});
		it('keeps the period within its unit', () =>
			invalid(
				{ type: 'POINT_EARNED', cardDefinitionId: card, pointEarnedPeriod: 53, pointEarnedPeriodUnit: 'WEEK', pointEarnedTierChange: 'IMMEDIATELY' },
				'Point Earned Period',
				/from 1 to 52 when the unit is Week \(got 53\)/,
			));
		it('refuses the point earned fields with POINT_BALANCE', () =>
			invalid({ type: 'POINT_BALANCE', cardDefinitionId: card, pointEarnedPeriod: 4 }, 'Point Earned Period', /must not be set when Type is Point Balance/));
		it('refuses a fractional period', () =>
			invalid({ type: 'POINT_EARNED', cardDefinitionId: card, pointEarnedPeriod: 1.5, pointEarnedPeriodUnit: 'MONTH', pointEarnedTierChange: 'IMMEDIATELY' }, 'Point Earned Period', /whole number/));
		it('needs the expiration period with Fixed Duration', () => invalid({ expirationType: 'FIXED_DURATION' }, 'Expiration Period', /is required when Expiration Type is Fixed Duration/));
		it('refuses an expiration period with No Retention', () =>
			invalid({ expirationType: 'NO_RETENTION', expirationPeriod: 3, expirationPeriodUnit: 'DAY' }, 'Expiration Period', /must not be set when Expiration Type is No Retention/));
		it('refuses Expiration Type and Expiration (JSON) together', () =>
			invalid({ expirationType: 'NO_RETENTION', expiration: '{"type": "NO_RETENTION"}' }, 'Expiration Type', /not both/));
		it('needs the expiration type with its period', () => invalid({ expirationPeriod: 3 }, 'Expiration Type', /is required with Expiration Period/));
		it('needs the downgrade type with a grace period', () => invalid({ gracePeriod: 30, gracePeriodUnit: 'DAY' }, 'Downgrade Type', /is required with Downgrade Grace Period/));
		it('needs the grace period unit', () => invalid({ downgradeType: 'SINGLE_LEVEL', gracePeriod: 30 }, 'Downgrade Grace Period Unit', /is required with Downgrade Grace Period/));
		it('refuses a grace period with No Downgrade', () =>
			invalid({ downgradeType: 'NO_DOWNGRADE', gracePeriod: 30, gracePeriodUnit: 'DAY' }, 'Downgrade Grace Period', /must not be set when Downgrade Type is No Downgrade/));
		it('refuses a grace period below 1', () => invalid({ downgradeType: 'SINGLE_LEVEL', gracePeriod: 0, gracePeriodUnit: 'DAY' }, 'Downgrade Grace Period', /whole number of at least 1/));
		it('needs at least one field', () => invalid({}, 'Update Fields', /at least one field/));
		it('keeps names within 200 characters', () => invalid({ name: 'y'.repeat(250) }, 'Name', /at most 200/));
		it('refuses expiration JSON that is not an object', () => invalid({ expiration: '[]' }, 'Expiration (JSON)', /must be a JSON object/));
		it('refuses expiration JSON of an unknown type', () => invalid({ expiration: '{"type": "ROLLING"}' }, 'Expiration (JSON)', /type must be one of CALENDAR_EXPIRATION, FIXED_DURATION, NO_RETENTION, SLIDING_EXPIRATION/));
		it('refuses expiration JSON without the settings of its type', () =>
			invalid({ expiration: '{"type": "FIXED_DURATION"}' }, 'Expiration (JSON)', /fixed_duration is required when type is FIXED_DURATION/));
		it("explains a seed period without unit, which cannot be translated", () =>
			invalid({ expiration: '{"rolling_expiration": {"period": {"value": 12}}}' }, 'Expiration (JSON)', /fixed_duration\.period\.unit is required \(DAY, MONTH or YEAR\)/));
		it('refuses several seed modes at once', () =>
			invalid(
				{ expiration: JSON.stringify({ calendar_expiration: { calendar_dates: [{ day: 1, month: 1 }] }, sliding_expiration: { period: { value: 1, unit: 'YEAR' } } }) },
				'Expiration (JSON)',
				/takes one mode/,
			));
	});
});
