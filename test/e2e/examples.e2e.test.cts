/**
 * Every example workflow (examples/*.json) and every credential type, in a real n8n 2.41.1 with `n8n execute`,
 * against the in-process emulator: the node outputs and the emulator's request log.
 */
import { FIXTURES } from '../emulator/index.cjs';
import { APP_KEYS_WRONG_WORKFLOW, EXPORT_DOWNLOAD_WORKFLOW, MANAGEMENT_WORKFLOW, OAUTH_V1_WORKFLOW } from './workflows.cjs';
import { nodeOutput, startStack, type Stack } from './stack.cjs';

const { loadExamples, CREDENTIAL_IDS } = require('./examples');

const examples: Array<{ file: string; workflow: { id: string; name: string } }> = loadExamples();
const idOf = (file: string) => {
	const found = examples.find((e) => e.file === file);
	if (!found) throw new Error(`example ${file} is missing`);
	return found.workflow.id;
};

let stack: Stack;

beforeAll(async () => {
	stack = await startStack('examples', [
		...examples.map((e) => e.workflow),
		MANAGEMENT_WORKFLOW,
		OAUTH_V1_WORKFLOW,
		APP_KEYS_WRONG_WORKFLOW,
		EXPORT_DOWNLOAD_WORKFLOW,
	]);
	await stack.n8n.importCredentials([
		{
			id: 'lp-app-wrong',
			name: 'wrong app keys',
			type: 'loyaltyPromotionsAppApi',
			data: { appId: stack.emulator.credentials.appId, appToken: 'not-the-token', cluster: 'custom', baseUrl: stack.emulator.baseUrl },
		},
	]);
}, 15 * 60 * 1000);

afterAll(async () => {
	await stack?.teardown();
}, 60000);

/** Execute a workflow after clearing the emulator's request log and counters. */
async function run(id: string) {
	stack.emulator.control.clearRequests();
	stack.emulator.control.resetCounters();
	const result = await stack.n8n.execute(id, { timeoutMs: 150000 });
	return result;
}

function expectSuccess(result: any) {
	const error = result?.data?.resultData?.error;
	expect({ status: result.status, error: error ? `${error.node?.name}: ${error.message} ${error.description ?? ''}` : undefined }).toEqual({
		status: 'success',
		error: undefined,
	});
}

test('everything listens on loopback', () => {
	expect(new URL(stack.n8n.baseUrl).hostname).toBe('127.0.0.1');
	expect(new URL(stack.emulator.baseUrl).hostname).toBe('127.0.0.1');
	expect(examples.map((e) => e.file)).toEqual([
		'bulk-sku-import.json',
		'copy-template-to-production.json',
		'customer-activity-export.json',
		'event-tracking.json',
		'legacy-welcome-voucher-v1.json',
		'loyalty-events.json',
		'nightly-customer-sync.json',
		'order-paid-points-reward.json',
		'program-administration.json',
		'promotion-flow.json',
		'referral-flow.json',
		'scheduled-sku-sync.json',
		'welcome-voucher.json',
	]);
});

describe('scheduled bulk SKU sync (app keys, concurrency 8)', () => {
	const id = () => idOf('scheduled-sku-sync.json');

	test('creates 300 SKUs with 8 requests in flight, then updates them on the next run', async () => {
		stack.emulator.control.setLatency(40);
		let result: any;
		try {
			result = await run(id());
		} finally {
			stack.emulator.control.setLatency(0);
		}
		expectSuccess(result);
		expect(nodeOutput(result, 'Summary')).toEqual([
			expect.objectContaining({ total: 300, created: 300, updated: 0, failed: 0, errors: [] }),
		]);
		const skus = nodeOutput(result, 'Create or Update SKU');
		expect(skus).toHaveLength(300);
		expect(skus[0]).toMatchObject({ object: 'sku', source_id: 'demo-sku-0001', product_id: 'prod_0000000000002', price: 1099, currency: 'EUR' });
		expect(skus[299]).toMatchObject({ source_id: 'demo-sku-0300', product_id: 'prod_0000000000001' });

		const posts = stack.emulator.control.requests({ method: 'POST', path: '/v1/products/*/skus' });
		expect(posts).toHaveLength(300);
		expect(posts.every((r) => r.status === 200 && r.headers['x-app-id'] === stack.emulator.credentials.appId && r.headers['x-app-token'] === '***')).toBe(true);
		expect(posts.find((r) => (r.body as any).source_id === 'demo-sku-0001')?.body).toEqual({
			source_id: 'demo-sku-0001',
			sku: 'Demo T-shirt Green XS #1',
			price: 1099,
			currency: 'EUR',
			attributes: { color: 'Green', size: 'XS' },
		});
		expect(stack.emulator.control.counters()).toMatchObject({ skusCreated: 300, skusUpdated: 0 });
		// Options → Concurrency 8: requests overlap (each waits 40 ms at the emulator), never more than 8 at once
		const { maxInFlight } = stack.emulator.control.counters();
		expect(maxInFlight).toBeGreaterThan(1);
		expect(maxInFlight).toBeLessThanOrEqual(8);

		const again = await run(id());
		expectSuccess(again);
		expect(nodeOutput(again, 'Summary')).toEqual([expect.objectContaining({ total: 300, created: 0, updated: 300, failed: 0 })]);
		expect(stack.emulator.control.counters()).toMatchObject({ skusCreated: 0, skusUpdated: 300 });
	});
});

describe('bulk SKU import (app keys, one CSV file, async action polled)', () => {
	test('imports 2,001 SKUs in one upload, pairs the refused row with its item, and updates them on the next run', async () => {
		const result = await run(idOf('bulk-sku-import.json'));
		expectSuccess(result);
		expect(nodeOutput(result, 'Import Report')).toEqual([
			expect.objectContaining({ files: 1, imported: 2000, failed: 1, failures: [{ source_id: 'bulk-sku-orphan', reason: expect.stringMatching(/prod_discontinued/) }] }),
		]);
		// Real n8n keeps the pairing: the summary comes from every row, the failure from the 2,001st item alone.
		const imported = nodeOutput(result, 'Import SKUs', { full: true });
		expect(imported).toHaveLength(2);
		expect(imported[0].pairedItem).toHaveLength(2001);
		expect(imported[1].pairedItem).toEqual({ item: 2000 });

		const uploads = stack.emulator.control.requests({ method: 'POST', path: '/v1/skus/importCSV' });
		expect(uploads).toHaveLength(1);
		expect(String(uploads[0].body)).toContain('\r\nprod_0000000000002,bulk-sku-00001,"Bulk T-shirt Green XS, #1",1099,,"{""color"":""Green"",""size"":""XS""}",north\r\n');
		expect(stack.emulator.control.requests({ method: 'GET', path: '/v1/async-actions/*' }).length).toBeGreaterThanOrEqual(1);
		expect(stack.emulator.control.counters()).toMatchObject({ skusCreated: 2000, importsStarted: 1 });

		const again = await run(idOf('bulk-sku-import.json'));
		expectSuccess(again);
		expect(nodeOutput(again, 'Import Report')).toEqual([expect.objectContaining({ imported: 2000, failed: 1 })]);
		expect(stack.emulator.control.counters()).toMatchObject({ skusCreated: 0, skusUpdated: 2000 });
	});
});

describe('nightly customer sync (app keys, Update Metadata in Bulk)', () => {
	test('sets 1,050 customers\' metadata in 12 requests of at most 100, and sums up the one the service refused', async () => {
		stack.emulator.control.state.bulkRefusals.set('crm-customer-00007', 'metadata key "tier" does not match the schema');
		let result: any;
		try {
			result = await run(idOf('nightly-customer-sync.json'));
		} finally {
			stack.emulator.control.state.bulkRefusals.delete('crm-customer-00007');
		}
		expectSuccess(result);
		const [summary] = nodeOutput(result, 'Failures');
		expect(summary).toMatchObject({ requests: 12, customers: 1050, failed: 1 });
		expect(summary.failures).toEqual([
			{ reason: 'Record refused: source_id crm-customer-00007: metadata key "tier" does not match the schema', async_action_id: expect.stringMatching(/^aa_/) },
		]);

		const posts = stack.emulator.control.requests({ method: 'POST', path: '/v1/customers/metadata/async' });
		expect(posts).toHaveLength(12);
		expect(posts.every((r) => r.status === 202 && (r.body as any).source_ids.length <= 100)).toBe(true);
		// Items with the same metadata share requests: three tiers of 350 customers, each 100 + 100 + 100 + 50.
		const sizes = (tier: string) => posts.filter((r) => (r.body as any).metadata.tier === tier).map((r) => (r.body as any).source_ids.length).sort((a, b) => b - a);
		for (const tier of ['gold', 'silver', 'bronze']) expect(sizes(tier)).toEqual([100, 100, 100, 50]);
		expect(stack.emulator.control.state.findCustomer('crm-customer-01050')?.metadata).toMatchObject({ tier: 'gold' });
		expect(stack.emulator.control.state.findCustomer('crm-customer-00007')).toBeUndefined();
		// Each request's async action was followed to its end.
		expect(stack.emulator.control.requests({ method: 'GET', path: '/v1/async-actions/*' }).length).toBeGreaterThanOrEqual(12);
	});
});

describe('export download (binary data in real n8n)', () => {
	test("stores the export's file as binary data that n8n's Extract From File reads back, without the keys on the file request", async () => {
		const result = await run(EXPORT_DOWNLOAD_WORKFLOW.id);
		expectSuccess(result);
		const [downloaded] = nodeOutput(result, 'Download Export', { full: true });
		expect(downloaded.json).toMatchObject({ id: FIXTURES.exportId, status: 'DONE' });
		expect(downloaded.binary.file).toMatchObject({ fileName: `customer-${FIXTURES.exportId}.csv`, mimeType: 'text/csv' });
		const rows = nodeOutput(result, 'Read CSV');
		expect(rows[0]).toEqual({ ID: FIXTURES.customerId, 'Source ID': FIXTURES.customerSourceId, Name: 'Customer One', Email: 'customer-1@example.com' });
		expect(rows.length).toBe(stack.emulator.control.state.customers.size);
		const file = stack.emulator.control.requests({ method: 'GET', path: `/v1/exports/${FIXTURES.exportId}` }).find((request) => request.query.token);
		expect(file?.headers['x-app-token']).toBeUndefined();
		expect(file?.headers['x-app-id']).toBeUndefined();
	});
});

describe('loyalty events, manual path with a sample delivery (Loyalty v2, app keys)', () => {
	test("reads the customer's membership, then the card's latest transactions and its pending points buckets", async () => {
		const result = await run(idOf('loyalty-events.json'));
		expectSuccess(result);
		const store = stack.emulator.control.state;
		const card = store.cards.get(FIXTURES.cardId)!;
		expect(nodeOutput(result, 'Card Code')).toEqual([expect.objectContaining({ cardCode: card.code, customerId: FIXTURES.customerId, eventType: 'voucher.loyalty_card.points_aded' })]);
		expect(nodeOutput(result, 'Member Card')).toEqual([{ programId: FIXTURES.programActive, memberId: FIXTURES.memberId, cardId: FIXTURES.cardId, cardCode: card.code }]);
		const transactions = nodeOutput(result, 'Card Transactions');
		expect(transactions).toHaveLength(Math.min(10, store.cardTransactions.get(FIXTURES.cardId)!.length));
		expect(transactions[0]).toMatchObject({ card_id: FIXTURES.cardId, object: 'card_transaction' });
		// the list holds the buckets still to activate: PENDING, dated after today
		const today = new Date().toISOString().slice(0, 10);
		const pending = store.buckets.get(FIXTURES.cardId)!.filter((bucket) => bucket.status === 'PENDING' && bucket.date > today);
		expect(pending.length).toBeGreaterThan(10);
		expect(nodeOutput(result, 'Pending Points')).toHaveLength(pending.length);
		expect(nodeOutput(result, 'Pending Points Total')).toEqual([
			{ cardCode: card.code, entries: pending.length, pendingPoints: pending.reduce((sum, bucket) => sum + bucket.points.total, 0) },
		]);

		const cardPath = `/v2/loyalties/programs/${FIXTURES.programActive}/members/${FIXTURES.memberId}/cards/${FIXTURES.cardId}`;
		const membership = stack.emulator.control.requests({ method: 'GET', path: `/v2/loyalties/programs/${FIXTURES.programActive}/memberships/${FIXTURES.customerId}` });
		expect(membership.map((r) => [r.status, r.headers['x-app-id']])).toEqual([[200, stack.emulator.credentials.appId]]);
		const transactionCalls = stack.emulator.control.requests({ method: 'GET', path: `${cardPath}/transactions` });
		expect(transactionCalls).toHaveLength(1);
		expect(transactionCalls[0].query).toMatchObject({ limit: '10', order: '-created_at' });
		const pendingCalls = stack.emulator.control.requests({ method: 'GET', path: `${cardPath}/pending-points` });
		expect(pendingCalls.length).toBeGreaterThanOrEqual(1);
		expect(pendingCalls.every((r) => r.status === 200)).toBe(true);
		// the current loyalty API only
		expect(stack.emulator.control.requests().filter((r) => r.path.startsWith('/v1/loyalties'))).toEqual([]);
	});
});

describe('order paid → points → reward (Loyalty v2, OAuth2 credential)', () => {
	test('order-paid: adds the order points to the card, examines the rewards and purchases the costliest affordable one', async () => {
		const before = stack.emulator.control.state.cards.get(FIXTURES.cardId)!.points ?? 0;
		const result = await run(idOf('order-paid-points-reward.json'));
		expectSuccess(result);
		expect(nodeOutput(result, 'Add Points')).toHaveLength(1);
		const chosen = nodeOutput(result, 'Costliest Affordable Reward');
		expect(chosen).toEqual([expect.objectContaining({ reward_id: FIXTURES.programRewardId, cost: 100 })]);
		expect(nodeOutput(result, 'Purchase Reward')).toEqual([expect.objectContaining({ status: 'TRANSACTION_CREATED', transaction: expect.objectContaining({ reward_id: FIXTURES.programRewardId }) })]);

		const c = stack.emulator.control;
		const CARD = `/v2/loyalties/programs/${FIXTURES.programActive}/members/${FIXTURES.memberId}`;
		const v2 = c.requests({ path: '/v2/**' });
		expect(v2.map((r) => `${r.method} ${r.path}`)).toEqual([
			`POST ${CARD}/cards/${FIXTURES.cardId}/points`,
			'POST /v2/loyalties/examine/rewards',
			`POST ${CARD}/rewards/purchases`,
		]);
		expect(v2[0].body).toEqual({ points: 120, reason: 'Order ord_sample_0001 paid' });
		expect(v2[1].body).toEqual({ customer_identification: { type: 'member_id', member_id: FIXTURES.memberId } });
		expect(v2[2].body).toEqual({ reward_id: FIXTURES.programRewardId });
		expect(v2.every((r) => r.status < 300 && r.headers.authorization === '***')).toBe(true);
		// 120 points earned, 100 spent
		expect(c.state.cards.get(FIXTURES.cardId)!.points).toBe(before + 120 - 100);
	});
});

describe('program administration (Loyalty v2, OAuth2 credential)', () => {
	test('updates the DRAFT card definition, tier structure and program, and assigns two rewards', async () => {
		const result = await run(idOf('program-administration.json'));
		expectSuccess(result);
		expect(nodeOutput(result, 'Update Card Definition')).toEqual([
			expect.objectContaining({ id: FIXTURES.cardDefinitionDraft, name: 'Demo Card (2025 edition)', pending_points: { type: 'PERIOD_BASED', period_based: { period: { value: 14, unit: 'DAY' } } } }),
		]);
		expect(nodeOutput(result, 'Update Tier Structure')).toEqual([
			expect.objectContaining({ id: FIXTURES.tierStructureDraft, name: 'Demo Tiers', type: 'POINT_BALANCE', point_balance: { card_definition_id: FIXTURES.cardDefinitionDraft } }),
		]);
		expect(nodeOutput(result, 'Update Program')).toEqual([
			expect.objectContaining({ id: FIXTURES.programDraft, name: 'Demo Loyalty Program', metadata: expect.objectContaining({ tier_structure: FIXTURES.tierStructureDraft, managed_by: 'n8n' }) }),
		]);
		const batch = nodeOutput(result, 'Assign Rewards')[0];
		expect(batch.assigned.map((r: any) => [r.reward_id, r.stock])).toEqual([
			[FIXTURES.v2RewardIds[1], { type: 'LIMITED', limited: { quantity: 50 } }],
			[FIXTURES.v2RewardIds[2], { type: 'UNLIMITED' }],
		]);

		const c = stack.emulator.control;
		const v2 = c.requests({ path: '/v2/**' });
		expect(v2.map((r) => `${r.method} ${r.path}`)).toEqual([
			`PUT /v2/loyalties/card-definitions/${FIXTURES.cardDefinitionDraft}`,
			`PUT /v2/loyalties/tier-structures/${FIXTURES.tierStructureDraft}`,
			`PUT /v2/loyalties/programs/${FIXTURES.programDraft}`,
			`POST /v2/loyalties/programs/${FIXTURES.programDraft}/rewards/batch`,
		]);
		expect(v2.every((r) => r.status === 200 && r.headers.authorization === '***')).toBe(true);
		// the OAuth2 credential bought its bearer token with the app keys (form body, client credentials)
		const tokens = c.requests({ method: 'POST', path: '/v1/oauth/token' });
		expect(tokens.length).toBeLessThanOrEqual(1);
		if (tokens.length === 1) expect(tokens[0].body).toMatchObject({ grant_type: 'client_credentials', scope: 'api' });
		expect(c.state.cardDefinitions.get(FIXTURES.cardDefinitionDraft)?.name).toBe('Demo Card (2025 edition)');
		expect([...(c.state.programRewards.get(FIXTURES.programDraft)?.keys() ?? [])]).toEqual(expect.arrayContaining([FIXTURES.v2RewardIds[1], FIXTURES.v2RewardIds[2]]));
	});
});

describe('customer activity export (app keys, Return All with filters)', () => {
	test('pages through every loyalty-program activity of the customer and writes a CSV', async () => {
		const result = await run(idOf('customer-activity-export.json'));
		expectSuccess(result);
		const activities = nodeOutput(result, 'Customer Activities');
		// 1,030 activities cycle through 6 campaign kinds: every 6th is LOYALTY_PROGRAM
		expect(activities).toHaveLength(172);
		expect(activities.every((a) => a.data.data.campaign.campaign_type === 'LOYALTY_PROGRAM')).toBe(true);
		const times = activities.map((a) => a.created_at);
		expect([...times].sort().reverse()).toEqual(times);
		expect(new Set(activities.map((a) => a.id)).size).toBe(172);
		const rows = nodeOutput(result, 'Rows');
		expect(rows[0]).toEqual({
			id: activities[0].id,
			type: activities[0].type,
			category: activities[0].category,
			created_at: activities[0].created_at,
			campaign: 'Loyalty Program',
			campaign_type: 'LOYALTY_PROGRAM',
			voucher: expect.stringMatching(/^CODE-/),
			customer: FIXTURES.customerWithManyActivitiesSourceId,
		});
		const file = nodeOutput(result, 'CSV File', { full: true });
		expect(file).toHaveLength(1);
		expect(file[0].binary.data).toMatchObject({ fileName: 'customer-activities.csv', mimeType: 'text/csv' });

		const calls = stack.emulator.control.requests({ method: 'GET', path: `/v1/customers/${FIXTURES.customerWithManyActivities}/activities` });
		expect(calls).toHaveLength(2);
		for (const call of calls) {
			expect(call.query).toMatchObject({
				campaign_type: 'LOYALTY_PROGRAM',
				order: '-created_at',
				start_date: '2020-01-01T00:00:00.000Z',
				end_date: '2030-12-31T23:59:59.000Z',
				limit: '100',
			});
		}
		expect(calls[0].query.starting_after_id).toBeUndefined();
		expect(calls[1].query.starting_after_id).toBe(activities[99].id);
	});
});

describe('custom event tracking (app keys)', () => {
	test('tracks order_shipped for each customer and lists the tracked events', async () => {
		const result = await run(idOf('event-tracking.json'));
		expectSuccess(result);
		const tracked = nodeOutput(result, 'Tracked Events');
		expect(tracked.map((t) => [t.event, t.customerSourceId, t.orderId])).toEqual([
			['order_shipped', FIXTURES.customerSourceId, 'ORD-1001'],
			['order_shipped', FIXTURES.customerWithManyActivitiesSourceId, 'ORD-1002'],
			['order_shipped', 'demo-new-customer-1', 'ORD-1003'],
			['order_shipped', 'demo-new-customer-2', 'ORD-1004'],
			['order_shipped', 'demo-new-customer-3', 'ORD-1005'],
		]);
		expect(tracked[0].customerId).toBe(FIXTURES.customerId);
		expect(tracked.every((t) => /^cust_/.test(t.customerId))).toBe(true);

		const posts = stack.emulator.control.requests({ method: 'POST', path: '/v1/events' });
		expect(posts).toHaveLength(5);
		// Requests run concurrently, so the log's order is not the items' order (the output's is).
		const carol = posts.find((post) => (post.body as { customer?: { source_id?: string } }).customer?.source_id === 'demo-new-customer-1');
		expect(carol?.body).toEqual({
			event: 'order_shipped',
			customer: { name: 'Carol Example', email: 'carol@example.com', source_id: 'demo-new-customer-1' },
			metadata: { order_id: 'ORD-1003', carrier: 'DPD' },
		});
		expect(stack.emulator.control.counters()).toMatchObject({ eventsTracked: 5, customersCreated: 3 });
	});
});

describe('legacy welcome voucher on the v1 loyalty API, manual path with a sample customer.created delivery (app keys)', () => {
	test('publishes a welcome code (join once), adds the customer to the loyalty program and gives 100 points; a second run adds no code or card', async () => {
		const result = await run(idOf('legacy-welcome-voucher-v1.json'));
		expectSuccess(result);
		const c = stack.emulator.control;
		const customer = c.state.findCustomer('welcome-demo');
		expect(customer).toMatchObject({ name: 'Demo Customer', email: 'welcome-demo@example.com' });
		const [summary] = nodeOutput(result, 'Summary');
		expect(summary).toEqual({ customerId: customer!.id, welcomeCode: expect.stringMatching(/^WELCOME-/), loyaltyCard: expect.any(String), points: 100 });
		const card = c.state.findVoucher(summary.loyaltyCard)!;
		expect(card).toMatchObject({ type: 'LOYALTY_CARD', campaign_id: FIXTURES.campaignId, holder_id: customer!.id, loyalty_card: { balance: 100 } });
		expect(c.state.findVoucher(summary.welcomeCode)).toMatchObject({ campaign_id: FIXTURES.welcomeCampaignId, holder_id: customer!.id });

		const calls = c.requests({ path: /^\/v1\// }).map((r) => `${r.method} ${r.path}`);
		expect(calls).toEqual(['POST /v1/publications', `POST /v1/loyalties/${FIXTURES.campaignId}/members`, `POST /v1/loyalties/members/${card.code}/balance`]);
		const [publication, member, points] = c.requests({ path: /^\/v1\// });
		expect(publication).toMatchObject({
			status: 200,
			query: { join_once: 'true' },
			body: { customer: { name: 'Demo Customer', email: 'welcome-demo@example.com', source_id: 'welcome-demo' }, channel: 'n8n welcome flow', campaign: { name: FIXTURES.welcomeCampaignId } },
		});
		expect(member.body).toEqual({ customer: { id: customer!.id }, channel: 'n8n welcome flow' });
		expect(points.body).toEqual({ points: 100, expiration_type: 'NON_EXPIRING', reason: 'Welcome bonus', source_id: `welcome-${customer!.id}` });

		// The same event again (as a retried delivery would be): the same code and card, only the points add up.
		const again = await run(idOf('legacy-welcome-voucher-v1.json'));
		expectSuccess(again);
		expect(nodeOutput(again, 'Summary')).toEqual([{ ...summary, points: 200 }]);
		expect(c.state.publications.filter((p) => p.customer_id === customer!.id)).toHaveLength(2);
		expect(new Set(c.state.publications.filter((p) => p.customer_id === customer!.id).map((p) => p.voucher_code))).toEqual(new Set([summary.welcomeCode, summary.loyaltyCard]));
	});
});

describe('welcome voucher and points on Loyalty v2, manual path with a sample customer.created delivery (app keys, OAuth2)', () => {
	test('publishes a welcome code (join once), enrols the customer in the active program and adds 100 points to their card; a second run changes nothing', async () => {
		const c = stack.emulator.control;
		// the legacy v1 example's run (if it ran first) made the same sample customer: this one starts from none
		const result = await run(idOf('welcome-voucher.json'));
		expectSuccess(result);
		const customer = c.state.findCustomer('welcome-demo')!;
		expect(customer).toMatchObject({ name: 'Demo Customer', email: 'welcome-demo@example.com' });
		const [summary] = nodeOutput(result, 'Summary');
		const members = () => [...c.state.members.values()].filter((m) => m.customer_id === customer.id && m.program_id === FIXTURES.programActive);
		expect(members()).toHaveLength(1);
		const [member] = members();
		const cards = [...c.state.cards.values()].filter((card) => card.member_id === member.id);
		expect(cards).toHaveLength(1);
		expect(summary).toEqual({ customerId: customer.id, welcomeCode: expect.stringMatching(/^WELCOME-/), memberId: member.id, cardId: cards[0].id, points: 100 });
		expect(cards[0]).toMatchObject({ program_id: FIXTURES.programActive, card_definition_id: FIXTURES.cardDefinitionActive, points: 100 });
		expect(c.state.findVoucher(summary.welcomeCode)).toMatchObject({ campaign_id: FIXTURES.welcomeCampaignId, holder_id: customer.id });

		const calls = c.requests().filter((r) => !r.path.startsWith('/v1/oauth')).map((r) => `${r.method} ${r.path}`);
		expect(calls).toEqual([
			'POST /v1/publications',
			`POST /v2/loyalties/programs/${FIXTURES.programActive}/members`,
			`POST /v2/loyalties/programs/${FIXTURES.programActive}/members/${member.id}/cards/${cards[0].id}/points`,
		]);
		const [publication, join, points] = c.requests().filter((r) => !r.path.startsWith('/v1/oauth'));
		expect(publication).toMatchObject({
			status: 200,
			query: { join_once: 'true' },
			body: { customer: { name: 'Demo Customer', email: 'welcome-demo@example.com', source_id: 'welcome-demo' }, channel: 'n8n welcome flow', campaign: { name: FIXTURES.welcomeCampaignId } },
		});
		expect(join.body).toEqual({ customer_identification: { type: 'customer_id', customer_id: customer.id } });
		expect(points.body).toEqual({ points: 100, reason: 'Welcome bonus' });

		// The same event again (as a retried delivery would be): the same code; the service refuses a second
		// membership, and that branch shows the membership the customer has: no new card, no more points.
		const again = await run(idOf('welcome-voucher.json'));
		expectSuccess(again);
		expect(Object.keys(again.data.resultData.runData)).toEqual(expect.not.arrayContaining(['Welcome Points', 'Summary']));
		expect(nodeOutput(again, 'Welcome Voucher')[0].voucher.code).toBe(summary.welcomeCode);
		expect(nodeOutput(again, 'Already a Member')).toEqual([expect.objectContaining({ member: expect.objectContaining({ id: member.id }) })]);
		expect(members()).toHaveLength(1);
		expect(c.state.cards.get(cards[0].id)).toMatchObject({ points: 100 });
		expect(c.requests().filter((r) => r.path.endsWith('/points'))).toEqual([]);
	});
});

describe('promotion: a campaign with a tier, validated and redeemed for an order (app keys)', () => {
	test('creates a promotion campaign and its 10% tier, validates the sample order and redeems the tier on it', async () => {
		const result = await run(idOf('promotion-flow.json'));
		expectSuccess(result);
		const [summary] = nodeOutput(result, 'Summary');
		expect(summary).toEqual({
			campaignId: expect.stringMatching(/^camp_/),
			promotionTierId: expect.stringMatching(/^promo_/),
			valid: true,
			discount: 12,
			redemptionId: expect.stringMatching(/^r_/),
			result: 'SUCCESS',
			orderTotal: 108,
		});
		const c = stack.emulator.control;
		const calls = c.requests({ path: /^\/v1\// });
		expect(calls.map((r) => `${r.method} ${r.path}`)).toEqual(['POST /v1/campaigns', `POST /v1/promotions/${summary.campaignId}/tiers`, 'POST /v1/validations', 'POST /v1/redemptions']);
		const [campaign, tier, validation, redemption] = calls;
		expect(campaign.body).toMatchObject({ name: expect.stringMatching(/^Demo Spring Promotion /), campaign_type: 'PROMOTION', promotion: { tiers: [] } });
		expect(tier.body).toMatchObject({ name: '10% off every order', banner: '10% off', action: { discount: { type: 'PERCENT', percent_off: 10 } } });
		const sent = { redeemables: [{ object: 'promotion_tier', id: summary.promotionTierId }], order: { amount: 12000 }, customer: { source_id: 'demo-shopper-1' } };
		expect(validation.body).toEqual(sent);
		expect(redemption.body).toEqual(sent);
		expect(c.state.redemptions.get(summary.redemptionId)).toMatchObject({ result: 'SUCCESS', amount: 1200, related_object_type: 'promotion_tier', related_object_id: summary.promotionTierId });
	});
});

describe('referral: a referee added to a referral code redeems it (app keys)', () => {
	test("adds the sample referee to Alice's code and redeems the referee's order with it", async () => {
		const result = await run(idOf('referral-flow.json'));
		expectSuccess(result);
		const [summary] = nodeOutput(result, 'Summary');
		expect(summary).toEqual({
			referralCode: FIXTURES.referralCode,
			holderId: expect.stringMatching(/^rh_/),
			role: 'REFEREE',
			refereeId: expect.stringMatching(/^cust_/),
			redemptionId: expect.stringMatching(/^r_/),
			result: 'SUCCESS',
			discount: 10,
		});
		const c = stack.emulator.control;
		const [holder, redemption, ...more] = c.requests({ path: /^\/v1\// });
		expect(more).toEqual([]);
		expect(`${holder.method} ${holder.path}`).toBe(`POST /v1/referrals/members/${FIXTURES.referralCode}/holders`);
		const sourceId = (holder.body as { holders: Array<{ source_id: string }> }).holders[0].source_id;
		expect(holder.body).toEqual({ holders: [{ source_id: expect.stringMatching(/^demo-referee-\d+$/), name: 'Rita Referee', email: 'rita@example.com' }] });
		expect(redemption).toMatchObject({
			method: 'POST',
			path: '/v1/redemptions',
			status: 200,
			body: { redeemables: [{ object: 'voucher', id: FIXTURES.referralCode }], order: { amount: 8000 }, customer: { source_id: sourceId } },
		});
		expect(c.state.findCustomer(sourceId)?.id).toBe(summary.refereeId);
		const holders = c.state.referralHolders.get(FIXTURES.referralCodeId) ?? [];
		expect(holders.find((entry) => entry.customer_id === summary.refereeId)).toMatchObject({ id: summary.holderId, holder_role: 'REFEREE' });
	});
});

describe('copy a campaign template and its metadata schemas from staging to production (management keys)', () => {
	test('copies the template and the schemas production lacks, without removed properties; a second run copies nothing twice', async () => {
		const staging = `/management/v1/projects/${FIXTURES.projectId}`;
		const production = `/management/v1/projects/${FIXTURES.productionProjectId}`;
		const result = await run(idOf('copy-template-to-production.json'));
		expectSuccess(result);
		const copied = nodeOutput(result, 'Copy Campaign Template');
		expect(copied).toEqual([expect.objectContaining({ object: 'campaign_template', name: 'Discount template', campaign_type: 'DISCOUNT_COUPONS' })]);
		const created = nodeOutput(result, 'Create In Production');
		expect(created.map((schema) => schema.related_object).sort()).toEqual(['customer', 'order']);

		const c = stack.emulator.control;
		expect(c.requests({ method: 'POST', path: `${staging}/templates/campaigns/${FIXTURES.campaignTemplateId}/copy` }).map((request) => request.body)).toEqual([
			{ name: 'Discount template', destination_project_id: FIXTURES.productionProjectId },
		]);
		const posts = c.requests({ method: 'POST', path: `${production}/metadata-schemas` });
		const order = posts.find((post) => (post.body as { related_object: string }).related_object === 'order');
		// the staging schema's removed property (legacy) is not copied
		expect(order?.body).toEqual({ related_object: 'order', allow_defined_only: true, properties: { channel: { type: 'string', optional: false, array: false } } });
		// management keys on every request, app keys on none
		expect(c.requests().every((request) => request.headers['x-management-id'] === stack.emulator.credentials.managementId && request.headers['x-app-id'] === undefined)).toBe(true);

		const again = await run(idOf('copy-template-to-production.json'));
		expectSuccess(again);
		expect(c.requests({ method: 'POST' })).toEqual([]);
	});
});

describe('credential types', () => {
	test('management credential: Custom Event Schema → Get Many sends the management keys to the credential project', async () => {
		const result = await run(MANAGEMENT_WORKFLOW.id);
		expectSuccess(result);
		expect(nodeOutput(result, 'Schemas').map((s) => s.id)).toEqual(FIXTURES.customEventSchemaIds);
		const [call, ...more] = stack.emulator.control.requests({ path: '/management/**' });
		expect(more).toHaveLength(0);
		expect(call).toMatchObject({
			method: 'GET',
			path: `/management/v1/projects/${FIXTURES.projectId}/custom-event-schemas`,
			status: 200,
			headers: expect.objectContaining({ 'x-management-id': stack.emulator.credentials.managementId, 'x-management-token': '***' }),
		});
	});

	test('OAuth2 credential on a v1 operation (Category → Get Many with OAuth Token authentication)', async () => {
		stack.emulator.control.expireAllTokens(); // a token saved by an earlier run must be renewed
		const result = await run(OAUTH_V1_WORKFLOW.id);
		expectSuccess(result);
		expect(nodeOutput(result, 'Categories').map((c) => c.id)).toEqual(FIXTURES.categoryIds);
		const calls = stack.emulator.control.requests({ path: '/v1/categories' });
		expect(calls[calls.length - 1]).toMatchObject({ status: 200, headers: expect.objectContaining({ authorization: '***' }) });
		expect(stack.emulator.control.requests({ method: 'POST', path: '/v1/oauth/token' }).length).toBeGreaterThanOrEqual(1);
	});

	test('wrong app keys fail the workflow with the service’s 401', async () => {
		const result = await run(APP_KEYS_WRONG_WORKFLOW.id);
		expect(result.status).toBe('error');
		expect(result.__exitCode).not.toBe(0);
		const error = result.data.resultData.error;
		expect(error.node.name).toBe('Categories');
		expect(`${error.message} ${error.description ?? ''} ${error.httpCode ?? ''}`).toMatch(/401|credential|auth/i);
		// n8n's requestWithAuthentication tries once more after a 401 (it would renew a pre-authentication token)
		const statuses = stack.emulator.control.requests({ path: '/v1/categories' }).map((r) => r.status);
		expect(statuses.length).toBeGreaterThanOrEqual(1);
		expect(statuses.length).toBeLessThanOrEqual(2);
		expect(new Set(statuses)).toEqual(new Set([401]));
	});

	test('the examples reference the fixed credential ids', () => {
		const used = new Set<string>();
		for (const { workflow } of examples as any[]) {
			for (const node of workflow.nodes) for (const ref of Object.values(node.credentials ?? {}) as any[]) used.add(ref.id);
		}
		expect([...used].sort()).toEqual([CREDENTIAL_IDS.app, CREDENTIAL_IDS.management, CREDENTIAL_IDS.oauth].sort());
	});
});
