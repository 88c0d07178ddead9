import { FIXTURES } from '../../emulator/index.cjs';
import { useEmulator } from './helpers.cjs';

// The emulator takes only the published contract's current shapes here, as the live service does.
const ctx = useEmulator({ acceptSeedShapes: false });
const programPath = (id: string, rest: string) => `/v2/loyalties/programs/${id}/${rest}`;

describe('Program (Beta): assignments lists', () => {
	it("lists a program's card definitions, earning rules and tier structures with when each was assigned", async () => {
		for (const [operation, segment, entry] of [
			['getManyCardDefinitions', 'card-definitions', { card_type: 'INDIVIDUAL', card_definition_id: FIXTURES.cardDefinitionActive, object: 'program_card_definition' }],
			['getManyEarningRules', 'earning-rules', { earning_rule_id: FIXTURES.earningRuleActive, object: 'program_earning_rule' }],
		] as const) {
			ctx.emu.control.clearRequests();
			const { items, error } = await ctx.run({ resource: 'program', operation, programId: FIXTURES.programActive, returnAll: true });
			expect(error).toBeUndefined();
			expect(items.map((item) => item.json)).toEqual([{ ...entry, created_at: expect.any(String) }]);
			expect(ctx.sent()).toEqual([{ method: 'GET', path: programPath(FIXTURES.programActive, segment), query: { limit: '100' }, body: undefined }]);
		}
		const { items, error } = await ctx.run({ resource: 'program', operation: 'getManyTierStructures', programId: FIXTURES.programActive, returnAll: true });
		expect(error).toBeUndefined();
		expect(items).toEqual([]);
	});

	it('a Limit and an Order reach the service as limit and order', async () => {
		const { error } = await ctx.run({ resource: 'program', operation: 'getManyEarningRules', programId: FIXTURES.programActive, limit: 3, filters: { order: 'created_at' } });
		expect(error).toBeUndefined();
		expect(ctx.sent()[0].query).toEqual({ limit: '3', order: 'created_at' });
	});

	it('a program ID not matching lprg_… is refused before anything is sent', async () => {
		await ctx.expectInvalid({ resource: 'program', operation: 'getManyCardDefinitions', programId: 'prg_1' }, 'Program', /must match/);
	});
});

describe('Program (Beta): batch assignments', () => {
	it('assigns an active card definition to a draft program and lists it afterwards', async () => {
		const { items, error } = await ctx.run({
			resource: 'program',
			operation: 'batchCardDefinitions',
			programId: FIXTURES.programDraft,
			assign: { cardDefinitions: [{ cardDefinitionId: FIXTURES.cardDefinitionActive }] },
		});
		expect(error).toBeUndefined();
		expect(ctx.sent()).toEqual([
			{ method: 'POST', path: programPath(FIXTURES.programDraft, 'card-definitions/batch'), query: {}, body: { assign: [{ id: FIXTURES.cardDefinitionActive }] } },
		]);
		expect(items[0].json).toEqual({
			assigned: [{ card_type: 'INDIVIDUAL', card_definition_id: FIXTURES.cardDefinitionActive, created_at: expect.any(String), object: 'program_card_definition' }],
			unassigned: null,
		});
		expect([...ctx.emu.control.state.programAssignments.get(FIXTURES.programDraft)!.card_definitions]).toEqual([FIXTURES.cardDefinitionActive]);
	});

	it('unassigns before it assigns, in one request', async () => {
		const { items, error } = await ctx.run({
			resource: 'program',
			operation: 'batchEarningRules',
			programId: FIXTURES.programInactive,
			assign: { earningRules: [{ earningRuleId: FIXTURES.earningRuleDraft }] },
			unassign: { earningRules: [{ earningRuleId: FIXTURES.earningRuleActive }] },
		});
		expect(error).toBeUndefined();
		expect(ctx.sent()[0].body).toEqual({ assign: [{ id: FIXTURES.earningRuleDraft }], unassign: [{ id: FIXTURES.earningRuleActive }] });
		expect(items[0].json).toMatchObject({ assigned: [{ earning_rule_id: FIXTURES.earningRuleDraft }], unassigned: [{ earning_rule_id: FIXTURES.earningRuleActive }] });
		expect([...ctx.emu.control.state.programAssignments.get(FIXTURES.programInactive)!.earning_rules]).toEqual([FIXTURES.earningRuleDraft]);
	});

	it('an active program must keep an active earning rule: the service answers 423 and nothing changes', async () => {
		const { error } = await ctx.run({ resource: 'program', operation: 'batchEarningRules', programId: FIXTURES.programActive, unassign: { earningRules: [{ earningRuleId: FIXTURES.earningRuleActive }] } });
		expect(error?.message).toMatch(/423|locked|active earning rule/i);
		expect([...ctx.emu.control.state.programAssignments.get(FIXTURES.programActive)!.earning_rules]).toEqual([FIXTURES.earningRuleActive]);
	});

	it("a non-draft program's card definitions cannot change: the service answers 423", async () => {
		const { error } = await ctx.run({ resource: 'program', operation: 'batchCardDefinitions', programId: FIXTURES.programActive, assign: { cardDefinitions: [{ cardDefinitionId: FIXTURES.cardDefinitionPendingDisabled }] } });
		expect(error?.message).toMatch(/423|locked|DRAFT/i);
	});

	it('a program holds at most one tier structure, and only an active one', async () => {
		const one = await ctx.run({ resource: 'program', operation: 'batchTierStructures', programId: FIXTURES.programDraft, assign: { tierStructures: [{ tierStructureId: FIXTURES.tierStructureActive }] } });
		expect(one.error).toBeUndefined();
		expect(one.items[0].json).toMatchObject({ assigned: [{ tier_structure_id: FIXTURES.tierStructureActive, object: 'program_tier_structure' }], unassigned: null });
		const draft = await ctx.run({ resource: 'program', operation: 'batchTierStructures', programId: FIXTURES.programInactive, assign: { tierStructures: [{ tierStructureId: FIXTURES.tierStructureDraft }] } });
		expect(draft.error?.message).toMatch(/409|conflict|ACTIVE/i);
		const listed = await ctx.run({ resource: 'program', operation: 'getManyTierStructures', programId: FIXTURES.programDraft, returnAll: true });
		expect(listed.items.map((item) => item.json.tier_structure_id)).toEqual([FIXTURES.tierStructureActive]);
	});

	it('unassigning what the program does not have: the service answers 404', async () => {
		const { error } = await ctx.run({ resource: 'program', operation: 'batchCardDefinitions', programId: FIXTURES.programDraft, unassign: { cardDefinitions: [{ cardDefinitionId: FIXTURES.cardDefinitionActive }] } });
		expect(error?.message).toMatch(/404|not found/i);
	});

	it('an ID not matching the kind\'s pattern names its entry, before anything is sent', async () => {
		await ctx.expectInvalid(
			{ resource: 'program', operation: 'batchEarningRules', programId: FIXTURES.programDraft, assign: { earningRules: [{ earningRuleId: 'lcdef_1' }] } },
			'Assign entry 1: Earning Rule ID',
			/must match \^lern_/,
		);
	});

	it('an empty batch, more than 10 entries, or an ID twice are refused before anything is sent', async () => {
		const base = { resource: 'program', operation: 'batchTierStructures', programId: FIXTURES.programDraft };
		await ctx.expectInvalid(base, 'Assign', /add at least one tier structure/);
		const many = Array.from({ length: 11 }, (_, i) => ({ tierStructureId: `lts_${i.toString(16)}0` }));
		await ctx.expectInvalid({ ...base, unassign: { tierStructures: many } }, 'Unassign', /at most 10 tier structures \(got 11\)/);
		const twice = [{ tierStructureId: FIXTURES.tierStructureActive }, { tierStructureId: FIXTURES.tierStructureActive }];
		await ctx.expectInvalid({ ...base, assign: { tierStructures: twice } }, 'Assign', new RegExp(`names ${FIXTURES.tierStructureActive} twice$`));
	});
});
