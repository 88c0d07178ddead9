import { FIXTURES } from '../../emulator/index.cjs';
import { useEmulator } from './helpers.cjs';

/** Program (Beta): Create, Get, Get Many, Delete, Activate, Deactivate and Get Many Activities (Update: program.test.cts). */
const ctx = useEmulator();
const program = (operation: string, parameters: Record<string, unknown> = {}) => ctx.run({ resource: 'program', operation, ...parameters } as never);
const assignments = { cardDefinitionIds: [FIXTURES.cardDefinitionActive], earningRuleIds: `${FIXTURES.earningRuleActive}` };

describe('Program (Beta): Create', () => {
	it('creates a draft program with its dates, validity hours, metadata and assignments', async () => {
		const { items, error } = await program('create', {
			name: 'Coffee Club',
			additionalFields: {
				...assignments,
				startDate: '2030-01-01T00:00:00Z',
				endDate: '2030-12-31T23:59:59Z',
				validityHours: '{"type": "DAILY", "daily": [{"days_of_week": [1, 2], "start_time": "08:00", "end_time": "12:00"}]}',
				metadata: { fields: [{ key: 'region', value: 'north' }] },
				rewardsJson: JSON.stringify([{ id: FIXTURES.v2RewardIds[1], stock: { type: 'LIMITED', limited: { quantity: 5 } } }]),
				tierStructureId: FIXTURES.tierStructureActive,
			},
		});
		expect(error).toBeUndefined();
		expect(items[0].json).toMatchObject({
			id: expect.stringMatching(/^lprg_[a-f0-9]+$/),
			name: 'Coffee Club',
			status: 'DRAFT',
			start_date: '2030-01-01T00:00:00.000Z',
			metadata: { region: 'north' },
			card_definitions: [{ card_definition_id: FIXTURES.cardDefinitionActive }],
			earning_rules: [{ earning_rule_id: FIXTURES.earningRuleActive }],
			rewards: [{ reward_id: FIXTURES.v2RewardIds[1] }],
			tier_structures: [{ tier_structure_id: FIXTURES.tierStructureActive }],
		});
		expect(ctx.sent()).toEqual([
			{
				method: 'POST',
				path: '/v2/loyalties/programs',
				query: {},
				body: {
					name: 'Coffee Club',
					start_date: '2030-01-01T00:00:00.000Z',
					end_date: '2030-12-31T23:59:59.000Z',
					validity_hours: { type: 'DAILY', daily: [{ days_of_week: [1, 2], start_time: '08:00', end_time: '12:00' }] },
					metadata: { region: 'north' },
					card_definitions: [{ id: FIXTURES.cardDefinitionActive }],
					earning_rules: [{ id: FIXTURES.earningRuleActive }],
					rewards: [{ id: FIXTURES.v2RewardIds[1], stock: { type: 'LIMITED', limited: { quantity: 5 } } }],
					tier_structures: [{ id: FIXTURES.tierStructureActive }],
				},
			},
		]);
	});

	it('sends only the name when nothing else is set', async () => {
		const { items, error } = await program('create', { name: 'Bare' });
		expect(error).toBeUndefined();
		expect(items[0].json).toMatchObject({ status: 'DRAFT', validity_hours: { type: 'ANY_TIME' }, card_definitions: null });
		expect(ctx.sent().map((request) => request.body)).toEqual([{ name: 'Bare' }]);
	});

	it('creates an active program when an active card definition and earning rule come with it', async () => {
		const { items, error } = await program('create', { name: 'Live', additionalFields: { ...assignments, status: 'ACTIVE' } });
		expect(error).toBeUndefined();
		expect(items[0].json).toMatchObject({ status: 'ACTIVE' });
	});

	it("maps the service's 423 for an active program without an active earning rule, and is not retried", async () => {
		const { error } = await program('create', { name: 'Live', additionalFields: { cardDefinitionIds: [FIXTURES.cardDefinitionActive], earningRuleIds: FIXTURES.earningRuleDraft, status: 'ACTIVE' } });
		expect(error?.httpCode).toBe('423');
		expect(error?.context?.serviceError).toMatchObject({ key: 'missing_active_earning_rule' });
		expect(ctx.sent()).toHaveLength(1);
	});

	it('is marked not safe to repeat', async () => {
		const { create } = await import('../../../nodes/LoyaltyPromotions/actions/program/create');
		const { isSafeToRepeat } = await import('../../../nodes/LoyaltyPromotions/actions/types');
		expect(isSafeToRepeat(create)).toBe(false);
	});

	describe('validation, nothing sent', () => {
		it('needs a name', () => ctx.expectInvalid({ resource: 'program', operation: 'create', name: ' ' }, 'Name', /is required/));
		it('checks earning rule IDs against the service pattern', () =>
			ctx.expectInvalid({ resource: 'program', operation: 'create', name: 'x', additionalFields: { earningRuleIds: 'lern_1, er_2' } }, 'Earning Rule IDs', /must match \^lern_/));
		it('refuses the same earning rule twice', () =>
			ctx.expectInvalid(
				{ resource: 'program', operation: 'create', name: 'x', additionalFields: { earningRuleIds: `${FIXTURES.earningRuleActive},${FIXTURES.earningRuleActive}` } },
				'Earning Rule IDs',
				/twice/,
			));
		it('takes one tier structure at most', () =>
			ctx.expectInvalid({ resource: 'program', operation: 'create', name: 'x', additionalFields: { tierStructureId: 'lts_1 lts_2' } }, 'Tier Structure ID', /at most 1/));
		it('checks each reward entry', () =>
			ctx.expectInvalid({ resource: 'program', operation: 'create', name: 'x', additionalFields: { rewardsJson: '[{"id": "lrew_1"}]' } }, 'Rewards (JSON) entry 1 stock', /is required/));
		it('refuses an end date before the start date', () =>
			ctx.expectInvalid(
				{ resource: 'program', operation: 'create', name: 'x', additionalFields: { startDate: '2030-02-01T00:00:00Z', endDate: '2030-01-01T00:00:00Z' } },
				'End Date',
				/must not be before Start Date/,
			));
		it('refuses a status the service does not take at creation', () =>
			ctx.expectInvalid({ resource: 'program', operation: 'create', name: 'x', additionalFields: { status: 'INACTIVE' } }, 'Status', /must be one of/));
	});
});

describe('Program (Beta): Get, Get Many, Delete', () => {
	it('gets a program', async () => {
		const { items, error } = await program('get', { programId: FIXTURES.programActive });
		expect(error).toBeUndefined();
		expect(items[0].json).toMatchObject({ id: FIXTURES.programActive, status: 'ACTIVE', object: 'program' });
		expect(ctx.sent()).toEqual([{ method: 'GET', path: `/v2/loyalties/programs/${FIXTURES.programActive}`, query: {}, body: undefined }]);
	});

	it('lists every program through the v2 cursor, filtered by status', async () => {
		const { items, error } = await program('getAll', { returnAll: true, filters: { status: 'ACTIVE', order: 'name' } });
		expect(error).toBeUndefined();
		expect(items.map((item) => item.json.id)).toEqual([FIXTURES.programActive]);
		expect(ctx.sent()[0].query).toEqual({ 'filters[status][conditions][$is]': 'ACTIVE', order: 'name', limit: '100' });
	});

	it('follows cursor.next across pages and stops at Limit', async () => {
		const { items, error } = await program('getAll', { limit: 2, filters: { order: 'name' } });
		expect(error).toBeUndefined();
		expect(items.map((item) => item.json.name)).toEqual(['Active program', 'Draft program']);
		const { items: all } = await program('getAll', { returnAll: true, filters: { name: 'PROGRAM' } });
		expect(all).toHaveLength(3);
	});

	it('deletes a program: the node answers { deleted, id } and the program is gone', async () => {
		const { items, error } = await program('delete', { programId: FIXTURES.programDraft });
		expect(error).toBeUndefined();
		expect(items.map((item) => item.json)).toEqual([{ deleted: true, id: FIXTURES.programDraft }]);
		const after = await program('get', { programId: FIXTURES.programDraft });
		expect(after.error?.httpCode).toBe('404');
	});

	it('checks the program ID before sending', () => ctx.expectInvalid({ resource: 'program', operation: 'get', programId: 'camp_1' }, 'Program', /must match \^lprg_/));
});

describe('Program (Beta): Activate, Deactivate, Get Many Activities', () => {
	it('deactivates an active program and activates it again, recording both as activities', async () => {
		const off = await program('deactivate', { programId: FIXTURES.programActive });
		expect(off.error).toBeUndefined();
		expect(off.items[0].json).toMatchObject({ id: FIXTURES.programActive, status: 'INACTIVE' });
		const on = await program('activate', { programId: FIXTURES.programActive });
		expect(on.items[0].json).toMatchObject({ status: 'ACTIVE' });
		expect(ctx.sent().map((request) => `${request.method} ${request.path}`)).toEqual([
			`POST /v2/loyalties/programs/${FIXTURES.programActive}/deactivate`,
			`POST /v2/loyalties/programs/${FIXTURES.programActive}/activate`,
		]);
		const { items } = await program('getManyActivities', { programId: FIXTURES.programActive, returnAll: true, filters: { order: 'created_at' } });
		expect(items.map((item) => item.json.type)).toEqual(['vl.program.deactivated', 'vl.program.activated']);
		const only = await program('getManyActivities', { programId: FIXTURES.programActive, returnAll: true, filters: { type: 'vl.program.activated' } });
		expect(only.items.map((item) => item.json.type)).toEqual(['vl.program.activated']);
		expect(ctx.sent().at(-1)?.query).toMatchObject({ 'filters[type][conditions][$is]': 'vl.program.activated' });
	});

	it("maps the 423 of a draft program without an active card definition", async () => {
		const { error } = await program('activate', { programId: FIXTURES.programDraft });
		expect(error?.httpCode).toBe('423');
		expect(error?.context?.serviceError).toMatchObject({ key: 'missing_active_card_definition' });
	});

	it('maps the 400 invalid_state_transition of deactivating a program that is not active', async () => {
		const { error } = await program('deactivate', { programId: FIXTURES.programDraft });
		expect(error?.httpCode).toBe('400');
		expect(error?.context?.serviceError).toMatchObject({ key: 'invalid_state_transition' });
	});

	it('refuses an activity type the service does not have', () =>
		ctx.expectInvalid({ resource: 'program', operation: 'getManyActivities', programId: FIXTURES.programActive, filters: { type: 'vl.program.exploded' } }, 'Type', /must be one of/));
});
