import type { INodeParameters } from 'n8n-workflow';
import { FIXTURES } from '../../emulator/index.cjs';
import { credentialsFor } from '../../harness/emulatorCredentials.cjs';
import { listSearch } from '../../harness/loadOptions.cjs';
import { useEmulator } from './helpers.cjs';

/** Program Member (Beta): the Loyalty v2 members of a program, and a customer's memberships. */
const ctx = useEmulator({ asyncActionBaseMs: 20 });
const member = (operation: string, parameters: INodeParameters = {}, input?: Array<Record<string, unknown>>) =>
	ctx.run({ resource: 'programMember', operation, ...parameters } as INodeParameters, input ? { input: input as never } : {});
const program = FIXTURES.programActive;
const newcomer = FIXTURES.customerWithManyActivities;

/** Adds the customer with many activities to the active program; its member ID. */
async function addNewcomer(): Promise<string> {
	const { items, error } = await member('add', { programId: program, customer: newcomer, output: 'raw' });
	expect(error).toBeUndefined();
	ctx.emu.control.clearRequests();
	return String(items[0].json.id);
}

describe('Program Member (Beta): Add', () => {
	it('with On Error: Continue (using error output), a refused item goes to the error output, not on to the next node', async () => {
		await addNewcomer();
		const { appId, appToken } = ctx.emu.credentials;
		const created = await fetch(`${ctx.emu.baseUrl}/v1/customers`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-app-id': appId, 'x-app-token': appToken }, body: JSON.stringify({ source_id: 'error-output-joiner' }) });
		expect(created.status).toBe(200);
		const { outputs, error } = await ctx.run({ resource: 'programMember', operation: 'add', programId: program, customer: '={{ $json.who }}' } as INodeParameters, {
			input: [{ who: newcomer }, { who: 'error-output-joiner' }] as never,
			onError: 'continueErrorOutput',
		});
		expect(error).toBeUndefined();
		expect(outputs[0]).toHaveLength(1);
		expect(outputs[0][0].pairedItem).toEqual({ item: 1 });
		expect(outputs[1]).toHaveLength(1);
		// the service's fields under details, the input item's fields kept
		expect(outputs[1][0].json).toMatchObject({ error: 'Member already exists', details: { httpCode: '409', key: 'member_already_exists' }, who: newcomer });
		expect(outputs[1][0].pairedItem).toEqual({ item: 0 });
	});

	it('enrols a customer by ID with customer_identification, status and metadata; a card per card definition comes back', async () => {
		const { items, error } = await member('add', {
			programId: program,
			customer: newcomer,
			additionalFields: { status: 'INACTIVE', metadata: { fields: [{ key: 'store', value: 'north' }] } },
			output: 'raw',
		});
		expect(error).toBeUndefined();
		expect(items[0].json).toMatchObject({
			id: expect.stringMatching(/^lmbr_[a-f0-9]+$/),
			customer_id: newcomer,
			program_id: program,
			status: 'INACTIVE',
			metadata: { store: 'north' },
			object: 'member',
			cards: [{ member_role: 'OWNER', card: { card_definition_id: FIXTURES.cardDefinitionActive, code: null, balance: { points: 0, pending_points: 0 } } }],
		});
		expect(ctx.sent()).toEqual([
			{
				method: 'POST',
				path: `/v2/loyalties/programs/${program}/members`,
				query: {},
				body: { customer_identification: { type: 'customer_id', customer_id: newcomer }, status: 'INACTIVE', metadata: { store: 'north' } },
			},
		]);
	});

	it("names a customer by source ID, and takes an input item's customer_id (the older shape) through Record Fields: Map Automatically", async () => {
		const bySource = await member('add', { programId: program, customer: FIXTURES.customerWithManyActivitiesSourceId });
		expect(bySource.error).toBeUndefined();
		expect(ctx.sent()[0].body).toEqual({ customer_identification: { type: 'customer_source_id', customer_source_id: FIXTURES.customerWithManyActivitiesSourceId } });
		// Simplify (on by default) keeps the member and each card's ID, definition, code and balance.
		expect(Object.keys(bySource.items[0].json).sort()).toEqual(['cards', 'created_at', 'customer_id', 'id', 'metadata', 'program_id', 'status', 'updated_at']);
		await member('delete', { programId: program, memberId: String(bySource.items[0].json.id) });
		ctx.emu.control.clearRequests();
		const mapped = await member(
			'add',
			{ programId: program, recordFields: 'auto' },
			[{ customer_id: newcomer, status: 'ACTIVE', metadata: { tier: 2 } }],
		);
		expect(mapped.error).toBeUndefined();
		expect(ctx.sent()[0].body).toEqual({ customer_identification: { type: 'customer_id', customer_id: newcomer }, status: 'ACTIVE', metadata: { tier: 2 } });
	});

	it("maps the service's 409 for a customer who already is a member, sent once", async () => {
		const { error } = await member('add', { programId: program, customer: FIXTURES.customerId });
		expect(error?.httpCode).toBe('409');
		expect(error?.context?.serviceError).toMatchObject({ key: 'member_already_exists' });
		expect(ctx.sent()).toHaveLength(1);
	});

	it("maps the service's 423 for a program that is not active, and its 404 for an unknown customer", async () => {
		const draft = await member('add', { programId: FIXTURES.programDraft, customer: newcomer });
		expect(draft.error?.httpCode).toBe('423');
		expect(draft.error?.context?.serviceError).toMatchObject({ key: 'non_active_program' });
		const unknown = await member('add', { programId: program, customer: 'cust_nobody' });
		expect(unknown.error?.httpCode).toBe('404');
		expect(unknown.error?.context?.serviceError).toMatchObject({ resource_type: 'customer', resource_id: 'cust_nobody' });
	});

	it('is marked not safe to repeat, with a hint', async () => {
		const { add } = await import('../../../nodes/LoyaltyPromotions/actions/programMember/add');
		const { isSafeToRepeat } = await import('../../../nodes/LoyaltyPromotions/actions/types');
		expect(isSafeToRepeat(add)).toBe(false);
		expect(add.repeatHint).toMatch(/member_already_exists/);
	});

	describe('validation, nothing sent', () => {
		it('needs a customer', () => ctx.expectInvalid({ resource: 'programMember', operation: 'add', programId: program, customer: ' ' }, 'Customer', /is required/));
		it('checks the program ID', () => ctx.expectInvalid({ resource: 'programMember', operation: 'add', programId: 'camp_1', customer: newcomer }, 'Program', /must match \^lprg_/));
		it('refuses a status the service does not take', () =>
			ctx.expectInvalid({ resource: 'programMember', operation: 'add', programId: program, customer: newcomer, additionalFields: { status: 'DELETED' } }, 'Status', /must be one of/));
	});
});

describe('Program Member (Beta): Add in Batch', () => {
	it('sends all items as one array, follows the async action, and reports the entries the service skipped', async () => {
		const input = [{ customer: newcomer }, { customer: FIXTURES.customerId }, { customer: 'cust_nobody' }];
		const { items, error } = await member('addInBatch', { programId: program, customer: '={{ $json.customer }}' }, input);
		expect(error).toBeUndefined();
		const sent = ctx.sent();
		expect(sent[0]).toMatchObject({ method: 'POST', path: `/v2/loyalties/programs/${program}/members/batch` });
		expect(sent[0].body).toEqual(input.map(({ customer }) => ({ customer_identification: { type: 'customer_id', customer_id: customer } })));
		expect(sent.slice(1).every((request) => request.path.startsWith('/v1/async-actions/'))).toBe(true);
		expect(items[0].json).toMatchObject({ status: 'DONE', records: 3, done_count: 1, failed_count: 2 });
		expect(items.slice(1).map((item) => item.json.key).sort()).toEqual(['member_already_exists', 'not_found']);
		const joined = await member('getAll', { programId: program, returnAll: true, filters: { customerId: newcomer } });
		expect(joined.items).toHaveLength(1);
	});

	it("maps the service's 423 for a program that is not active", async () => {
		const { error } = await member('addInBatch', { programId: FIXTURES.programInactive, customer: newcomer });
		expect(error?.httpCode).toBe('423');
		expect(ctx.sent()).toHaveLength(1);
	});
});

describe('Program Member (Beta): Get, Get Many, Update, Delete', () => {
	it('gets a member with their cards, codes and balances', async () => {
		const { items, error } = await member('get', { programId: program, memberId: FIXTURES.memberId, output: 'raw' });
		expect(error).toBeUndefined();
		expect(items[0].json).toMatchObject({ id: FIXTURES.memberId, status: 'ACTIVE', customer_id: FIXTURES.customerId });
		const cards = items[0].json.cards as Array<{ card: { id: string; code: string; balance: { points: number } } }>;
		expect(cards.map((entry) => entry.card.id).sort()).toEqual([FIXTURES.cardId, FIXTURES.cardPendingPointsDisabled].sort());
		expect(cards.find((entry) => entry.card.id === FIXTURES.cardId)?.card).toMatchObject({ code: 'LC-00000001', balance: { points: 1200 } });
		expect(ctx.sent()).toEqual([{ method: 'GET', path: `/v2/loyalties/programs/${program}/members/${FIXTURES.memberId}`, query: {}, body: undefined }]);
	});

	it('lists members through the v2 cursor, filtered by status and customer', async () => {
		const id = await addNewcomer();
		const all = await member('getAll', { programId: program, returnAll: true, filters: { order: 'customer_id' } });
		expect(all.error).toBeUndefined();
		expect(all.items.map((item) => item.json.id)).toEqual([FIXTURES.memberId, id]);
		const one = await member('getAll', { programId: program, limit: 1, filters: { status: 'ACTIVE', customerId: newcomer } });
		expect(one.items.map((item) => item.json.id)).toEqual([id]);
		expect(ctx.sent()[1].query).toEqual({ 'filters[customer_id][conditions][$is]': newcomer, 'filters[status][conditions][$is]': 'ACTIVE', limit: '1' });
	});

	it('merges metadata, and clears it with Clear Metadata', async () => {
		const merged = await member('update', { programId: program, memberId: FIXTURES.memberId, metadataJson: '{"tier": "gold"}' });
		expect(merged.error).toBeUndefined();
		expect(merged.items[0].json).toMatchObject({ metadata: { fixture: true, tier: 'gold' } });
		const cleared = await member('update', { programId: program, memberId: FIXTURES.memberId, clearMetadata: true });
		expect(cleared.items[0].json).toMatchObject({ metadata: {} });
		expect(ctx.sent().map((request) => request.body)).toEqual([{ metadata: { tier: 'gold' } }, { metadata: null }]);
	});

	it('deletes a member: the node answers { deleted, id }, and the member and cards are gone', async () => {
		const id = await addNewcomer();
		const { items, error } = await member('delete', { programId: program, memberId: id });
		expect(error).toBeUndefined();
		expect(items.map((item) => item.json)).toEqual([{ deleted: true, id }]);
		const after = await member('get', { programId: program, memberId: id });
		expect(after.error?.httpCode).toBe('404');
	});

	describe('validation, nothing sent', () => {
		it('checks the member ID pattern', () =>
			ctx.expectInvalid({ resource: 'programMember', operation: 'get', programId: program, memberId: 'LC-CARD' }, 'Member', /must match \^lmbr_/));
		it('checks the Customer ID filter', () =>
			ctx.expectInvalid({ resource: 'programMember', operation: 'getAll', programId: program, filters: { customerId: 'customer-1' } }, 'Customer ID', /must match \^cust_/));
		it('needs metadata or Clear Metadata on update', () =>
			ctx.expectInvalid({ resource: 'programMember', operation: 'update', programId: program, memberId: FIXTURES.memberId }, 'Metadata', /is required/));
		it('refuses metadata and Clear Metadata together', () =>
			ctx.expectInvalid(
				{ resource: 'programMember', operation: 'update', programId: program, memberId: FIXTURES.memberId, metadataJson: '{"a": 1}', clearMetadata: true },
				'Clear Metadata',
				/not both/,
			));
	});
});

describe('Program Member (Beta): Activate, Deactivate, Get Many Activities', () => {
	it('deactivates and activates a member, each recorded as an activity, newest first', async () => {
		const off = await member('deactivate', { programId: program, memberId: FIXTURES.memberId });
		expect(off.error).toBeUndefined();
		expect(off.items[0].json).toMatchObject({ id: FIXTURES.memberId, status: 'INACTIVE' });
		const on = await member('activate', { programId: program, memberId: FIXTURES.memberId });
		expect(on.items[0].json).toMatchObject({ status: 'ACTIVE' });
		const activities = await member('getManyActivities', { programId: program, memberId: FIXTURES.memberId, returnAll: true });
		expect(activities.items.map((item) => item.json.type)).toEqual(['vl.member.activated', 'vl.member.deactivated']);
		const filtered = await member('getManyActivities', { programId: program, memberId: FIXTURES.memberId, limit: 5, filters: { type: 'vl.member.deactivated' } });
		expect(filtered.items.map((item) => item.json.type)).toEqual(['vl.member.deactivated']);
		expect(ctx.sent()[3].query).toEqual({ 'filters[type][conditions][$is]': 'vl.member.deactivated', limit: '5' });
	});

	it("maps the service's 400 invalid_state_transition for an active member activated again", async () => {
		const { error } = await member('activate', { programId: program, memberId: FIXTURES.memberId });
		expect(error?.httpCode).toBe('400');
		expect(error?.context?.serviceError).toMatchObject({ key: 'invalid_state_transition' });
	});
});

describe('Program Member (Beta): Get Membership, Get Memberships', () => {
	it("gets a customer's membership of a program, by customer ID, source ID or member ID", async () => {
		for (const customer of [FIXTURES.customerId, FIXTURES.customerSourceId, FIXTURES.memberId]) {
			const { items, error } = await member('getMembership', { programId: program, customer });
			expect(error).toBeUndefined();
			expect(items[0].json).toMatchObject({ member: { id: FIXTURES.memberId }, program: { id: program, name: 'Active program' } });
		}
		expect(ctx.sent().map((request) => request.query.identification_type)).toEqual(['customer_id', 'customer_source_id', 'member_id']);
	});

	it("gets a customer's memberships of all programs, an empty list for a customer without any", async () => {
		const { items, error } = await member('getMemberships', { customer: FIXTURES.customerId, output: 'raw' });
		expect(error).toBeUndefined();
		expect(items[0].json).toMatchObject({ customer: { id: FIXTURES.customerId }, memberships: [{ member: { id: FIXTURES.memberId }, object: 'membership' }], object: 'memberships_result' });
		const none = await member('getMemberships', { customer: newcomer });
		expect(none.items[0].json).toMatchObject({ customer: { id: newcomer }, memberships: [] });
		expect(ctx.sent()[0]).toMatchObject({ path: `/v2/loyalties/memberships/${FIXTURES.customerId}`, query: { identification_type: 'customer_id' } });
	});

	it('maps a 404 for a customer who is no member of the program', async () => {
		const { error } = await member('getMembership', { programId: program, customer: newcomer });
		expect(error?.httpCode).toBe('404');
	});
});

describe('Member: From List', () => {
	it("lists the chosen program's members, and asks the service for a customer's member when a customer ID is typed", async () => {
		const id = await addNewcomer();
		const parameters = { resource: 'programMember', operation: 'get', programId: { __rl: true, mode: 'id', value: program } } as INodeParameters;
		const all = await listSearch('searchProgramMembers', { parameters, credentials: credentialsFor(ctx.emu) });
		expect(all.results.map((item) => item.value).sort()).toEqual([FIXTURES.memberId, id].sort());
		const one = await listSearch('searchProgramMembers', { parameters, credentials: credentialsFor(ctx.emu) }, newcomer);
		expect(one.results).toEqual([{ name: `${newcomer} (ACTIVE)`, value: id }]);
		const sent = ctx.emu.control.requests({ path: `/v2/loyalties/programs/${program}/members` }).map((request) => request.query);
		expect(sent[sent.length - 1]).toMatchObject({ 'filters[customer_id][conditions][$is]': newcomer });
	});

	it('offers nothing until a program is chosen', async () => {
		const parameters = { resource: 'programMember', operation: 'get' } as INodeParameters;
		expect(await listSearch('searchProgramMembers', { parameters, credentials: credentialsFor(ctx.emu) })).toEqual({ results: [] });
	});
});
