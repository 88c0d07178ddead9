import { FIXTURES } from '../../emulator/index.cjs';
import { useEmulator } from './helpers.cjs';

// The emulator takes only the published contract's current shapes here, as the live service does.
const ctx = useEmulator({ acceptSeedShapes: false });
const STRUCTURES = '/v2/loyalties/tier-structures';
const tiersPath = (id: string) => `${STRUCTURES}/${id}/tiers`;
const card = FIXTURES.cardDefinitionActive;

describe('Tier Structure (Beta): Create', () => {
	it('creates a POINT_BALANCE structure: its card definition inside point_balance, the service filling the defaults', async () => {
		const { items, error } = await ctx.run({ resource: 'tierStructure', operation: 'create', name: 'Status tiers', type: 'POINT_BALANCE', cardDefinitionId: card });
		expect(error).toBeUndefined();
		expect(ctx.sent()).toEqual([
			{ method: 'POST', path: STRUCTURES, query: {}, body: { name: 'Status tiers', type: 'POINT_BALANCE', point_balance: { card_definition_id: card }, point_earned: null } },
		]);
		expect(items[0].json).toMatchObject({
			name: 'Status tiers',
			status: 'DRAFT',
			point_balance: { card_definition_id: card },
			expiration: { type: 'NO_RETENTION' },
			downgrade: { type: 'NO_DOWNGRADE' },
			object: 'tier_structure',
		});
		expect(ctx.emu.control.state.tierStructures.has(items[0].json.id as string)).toBe(true);
	});

	it('creates a POINT_EARNED structure with its tracking period, expiration, downgrade, status and metadata', async () => {
		const { items, error } = await ctx.run({
			resource: 'tierStructure',
			operation: 'create',
			name: 'Earned tiers',
			type: 'POINT_EARNED',
			cardDefinitionId: card,
			pointEarnedPeriod: 6,
			pointEarnedPeriodUnit: 'MONTH',
			pointEarnedTierChange: 'IMMEDIATELY',
			additionalFields: { expirationType: 'FIXED_DURATION', expirationPeriod: 1, expirationPeriodUnit: 'YEAR', downgradeType: 'SINGLE_LEVEL', status: 'ACTIVE', metadata: { fields: [{ key: 'tier', value: 'x' }] } },
		});
		expect(error).toBeUndefined();
		const pointEarned = { card_definition_id: card, period: { value: 6, unit: 'MONTH' }, type: 'IMMEDIATELY' };
		expect(ctx.sent()[0].body).toEqual({
			name: 'Earned tiers',
			type: 'POINT_EARNED',
			point_earned: pointEarned,
			point_balance: null,
			expiration: { type: 'FIXED_DURATION', fixed_duration: { period: { value: 1, unit: 'YEAR' } } },
			downgrade: { type: 'SINGLE_LEVEL' },
			status: 'ACTIVE',
			metadata: { tier: 'x' },
		});
		expect(items[0].json).toMatchObject({ status: 'ACTIVE', point_earned: pointEarned });
	});

	it('a card definition that does not exist: the service answers 404 and nothing is created', async () => {
		const before = ctx.emu.control.state.tierStructures.size;
		const { error } = await ctx.run({ resource: 'tierStructure', operation: 'create', name: 'x', type: 'POINT_BALANCE', cardDefinitionId: 'lcdef_ffff' });
		expect(error?.httpCode).toBe('404');
		expect(ctx.emu.control.state.tierStructures.size).toBe(before);
	});

	it('a Point Earned Period beyond its unit\'s bound, or a card definition not matching lcdef_…, is refused before anything is sent', async () => {
		const base = { resource: 'tierStructure', operation: 'create', name: 'x', type: 'POINT_EARNED', cardDefinitionId: card, pointEarnedPeriod: 13, pointEarnedPeriodUnit: 'MONTH' };
		await ctx.expectInvalid(base, 'Point Earned Period', /12/);
		await ctx.expectInvalid({ ...base, type: 'POINT_BALANCE', cardDefinitionId: 'card_1' }, 'Card Definition Name or ID', /must match/);
	});
});

describe('Tier Structure (Beta): tiers', () => {
	it("lists a structure's tiers", async () => {
		const { items, error } = await ctx.run({ resource: 'tierStructure', operation: 'getManyTiers', tierStructure: FIXTURES.tierStructureDraft, returnAll: true });
		expect(error).toBeUndefined();
		expect(items.map((item) => item.json)).toEqual([expect.objectContaining({ id: FIXTURES.tierDraftId, name: 'Bronze', tier_structure_id: FIXTURES.tierStructureDraft, object: 'tier' })]);
		expect(ctx.sent()).toEqual([{ method: 'GET', path: tiersPath(FIXTURES.tierStructureDraft), query: { limit: '100' }, body: undefined }]);
	});

	it('creates a POINTS_AND_SEGMENT tier with its range, segment and downgrade', async () => {
		const { items, error } = await ctx.run({
			resource: 'tierStructure',
			operation: 'createTier',
			tierStructure: FIXTURES.tierStructureDraft,
			name: 'Silver',
			qualificationType: 'POINTS_AND_SEGMENT',
			minPoints: 1000,
			segmentId: { __rl: true, mode: 'id', value: 'seg_vip' },
			additionalFields: { maxPoints: 4999, downgradeType: 'NO_DOWNGRADE' },
		});
		expect(error).toBeUndefined();
		const rules = { type: 'POINTS_AND_SEGMENT', points: { min_value: 1000, max_value: 4999 }, segment: { id: 'seg_vip' } };
		expect(ctx.sent()).toEqual([
			{ method: 'POST', path: tiersPath(FIXTURES.tierStructureDraft), query: {}, body: { name: 'Silver', qualification_rules: rules, downgrade: { type: 'NO_DOWNGRADE' } } },
		]);
		expect(items[0].json).toMatchObject({ id: expect.stringMatching(/^lt_[a-f0-9]+$/), name: 'Silver', qualification_rules: rules, downgrade: { type: 'NO_DOWNGRADE' } });
	});

	it('a tier without a downgrade inherits the structure\'s (the service default INHERIT)', async () => {
		const { items, error } = await ctx.run({ resource: 'tierStructure', operation: 'createTier', tierStructure: FIXTURES.tierStructureDraft, name: 'Gold', qualificationType: 'POINTS', minPoints: 5000 });
		expect(error).toBeUndefined();
		expect(ctx.sent()[0].body).toEqual({ name: 'Gold', qualification_rules: { type: 'POINTS', points: { min_value: 5000 } } });
		expect(items[0].json.downgrade).toEqual({ type: 'INHERIT' });
	});

	it('Max Points below Min Points, or Points and Segment without a segment, is refused before anything is sent', async () => {
		const base = { resource: 'tierStructure', operation: 'createTier', tierStructure: FIXTURES.tierStructureDraft, name: 'x', qualificationType: 'POINTS', minPoints: 100 };
		await ctx.expectInvalid({ ...base, additionalFields: { maxPoints: 99 } }, 'Max Points', /must not be below Min Points \(100\)/);
		await ctx.expectInvalid({ ...base, qualificationType: 'POINTS_AND_SEGMENT' }, 'Segment', /is required when Qualification Type is Points and Segment/);
	});

	it('a non-DRAFT structure takes no new tier: the service answers 409', async () => {
		const { error } = await ctx.run({ resource: 'tierStructure', operation: 'createTier', tierStructure: FIXTURES.tierStructureActive, name: 'x', qualificationType: 'POINTS', minPoints: 0 });
		expect(error?.httpCode).toBe('409');
		expect(ctx.emu.control.state.tiers.get(FIXTURES.tierStructureActive)!.size).toBe(1);
	});

	it('a structure holds at most 100 tiers (10 before 20 August 2026): the 101st is refused by the service', async () => {
		const tiers = ctx.emu.control.state.tiers.get(FIXTURES.tierStructureDraft)!;
		const [first] = [...tiers.values()];
		// the structure filled to 99 in the emulator's state, so that the node's own requests are the 100th and the 101st
		for (let i = tiers.size; i < 99; i++) tiers.set(`lt_filler${i}`, { ...first, id: `lt_filler${i}`, name: `T${i}` });
		const hundredth = await ctx.run({ resource: 'tierStructure', operation: 'createTier', tierStructure: FIXTURES.tierStructureDraft, name: 'T100', qualificationType: 'POINTS', minPoints: 100_000 });
		expect(hundredth.error).toBeUndefined();
		const { error } = await ctx.run({ resource: 'tierStructure', operation: 'createTier', tierStructure: FIXTURES.tierStructureDraft, name: 'T101', qualificationType: 'POINTS', minPoints: 200_000 });
		expect(error?.httpCode).toBe('400');
		expect(tiers.size).toBe(100);
	});

	it("a non-DRAFT structure's tier changes only its name and metadata: its qualification is refused (409)", async () => {
		const renamed = await ctx.run({ resource: 'tierStructure', operation: 'updateTier', tierStructure: FIXTURES.tierStructureActive, tierId: FIXTURES.tierActiveId, updateFields: { name: 'Platinum' } });
		expect(renamed.error).toBeUndefined();
		expect(renamed.items[0].json).toMatchObject({ id: FIXTURES.tierActiveId, name: 'Platinum' });
		const changed = await ctx.run({
			resource: 'tierStructure',
			operation: 'updateTier',
			tierStructure: FIXTURES.tierStructureActive,
			tierId: FIXTURES.tierActiveId,
			updateFields: { qualificationType: 'POINTS', minPoints: 2000 },
		});
		expect(ctx.sent()[1].body).toEqual({ qualification_rules: { type: 'POINTS', points: { min_value: 2000 } } });
		expect(changed.error?.httpCode).toBe('409');
	});

	it('updates a draft tier\'s qualification as a whole; Min Points without Qualification Type is refused before sending', async () => {
		const params = { resource: 'tierStructure', operation: 'updateTier', tierStructure: FIXTURES.tierStructureDraft, tierId: FIXTURES.tierDraftId };
		const { items, error } = await ctx.run({ ...params, updateFields: { qualificationType: 'POINTS', minPoints: 10, maxPoints: 500, downgradeType: 'NO_DOWNGRADE' } });
		expect(error).toBeUndefined();
		expect(items[0].json).toMatchObject({ qualification_rules: { type: 'POINTS', points: { min_value: 10, max_value: 500 } }, downgrade: { type: 'NO_DOWNGRADE' } });
		ctx.emu.control.clearRequests();
		await ctx.expectInvalid({ ...params, updateFields: { minPoints: 10 } }, 'Qualification Type', /is required with Min Points/);
	});

	it('deletes a tier of a draft structure and answers { deleted: true }', async () => {
		const { items, error } = await ctx.run({ resource: 'tierStructure', operation: 'deleteTier', tierStructure: FIXTURES.tierStructureDraft, tierId: FIXTURES.tierDraftId });
		expect(error).toBeUndefined();
		expect(items[0].json).toEqual({ deleted: true, id: FIXTURES.tierDraftId });
		expect(ctx.sent()).toEqual([{ method: 'DELETE', path: `${tiersPath(FIXTURES.tierStructureDraft)}/${FIXTURES.tierDraftId}`, query: {}, body: undefined }]);
		expect(ctx.emu.control.state.tiers.get(FIXTURES.tierStructureDraft)!.size).toBe(0);
	});

	it('a tier ID not matching lt_… is refused before anything is sent', async () => {
		await ctx.expectInvalid({ resource: 'tierStructure', operation: 'deleteTier', tierStructure: FIXTURES.tierStructureDraft, tierId: 'tier_1' }, 'Tier', /must match \^lt_/);
	});
});
