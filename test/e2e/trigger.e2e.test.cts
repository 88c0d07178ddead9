/**
 * The Loyalty Promotions Trigger in a real `n8n start` (the Loyalty Events example, management credential):
 * activation registers one webhook at the emulator, signed deliveries start executions, forged ones are refused,
 * deactivation through n8n's public API deletes the webhook, and repeated cycles leave no orphans. A trigger-only
 * workflow shows what needs n8n's own engine: the answer n8n sends, repeated deliveries arriving at the same time
 * (n8n loads a copy of the static data per call and per run), concurrent activations, and the refusal to activate
 * without a signing secret.
 *
 * "Nothing else started" is shown without sleeping: after the deliveries that must start nothing, a signed
 * sentinel delivery is sent and awaited; n8n creates a run's execution before it answers the delivery, so once the
 * sentinel's execution is listed, any execution an earlier delivery started is listed too.
 */
import { randomBytes } from 'crypto';
import * as fs from 'fs';
import { FIXTURES, sign } from '../emulator/index.cjs';
import { pidAlive, startStack, waitFor, type Stack } from './stack.cjs';

const { example, goLive, CREDENTIAL_IDS } = require('./examples');
const { activationLines, publicApi } = require('./n8n');

// enabled as the sticky note says, before publishing
const workflow = goLive(example('loyalty-events.json').workflow);
const WORKFLOW_ID: string = workflow.id;
const triggerNode = workflow.nodes.find((n: any) => n.type === 'n8n-nodes-loyalty-promotions.loyaltyPromotionsTrigger');
const EVENTS = [
	'voucher.loyalty_card.pending_points.activated',
	'voucher.loyalty_card.pending_points.aded',
	'voucher.loyalty_card.pending_points.canceled',
	'voucher.loyalty_card.pending_points.updated',
	'voucher.loyalty_card.points_aded',
];

const TRIGGER_TYPE = 'n8n-nodes-loyalty-promotions.loyaltyPromotionsTrigger';
const NO_SECRET_CREDENTIAL = { id: 'lp-management-nosecret', name: 'Management without signing secret' };

/** A workflow holding only the trigger (so that each delivery's execution is small). */
function triggerOnly(id: string, webhookId: string, credential: { id: string; name: string }) {
	return {
		id,
		name: `e2e: ${id}`,
		active: false,
		settings: { executionOrder: 'v1' },
		nodes: [
			{
				id: `${id}-trigger`,
				name: 'Trigger',
				type: TRIGGER_TYPE,
				typeVersion: 1,
				position: [0, 0],
				webhookId,
				parameters: { events: ['customer.created', 'voucher.loyalty_card.points_aded'], options: {} },
				credentials: { loyaltyPromotionsManagementApi: credential },
			},
		],
		connections: {},
	};
}

const ONLY = triggerOnly('e2eTriggerOnly001', '6c1e2d3f-4a5b-4c6d-8e7f-000000000001', {
	id: CREDENTIAL_IDS.management,
	name: 'Loyalty Promotions Management (demo)',
});
const NO_SECRET = triggerOnly('e2eTriggerNoSecret', '6c1e2d3f-4a5b-4c6d-8e7f-000000000002', NO_SECRET_CREDENTIAL);

let stack: Stack;
let apiKey: string;
let targetUrl: string;
let onlyUrl: string;

const webhooks = () => [...stack.emulator.control.state.webhooks.values()];
const webhooksAt = (url: string) => webhooks().filter((w) => w.target_url === url);
const executions = (opts?: object) => stack.n8n.listExecutions(WORKFLOW_ID, apiKey, opts);
const onlyExecutions = () => stack.n8n.listExecutions(ONLY.id, apiKey);

/** POSTs a delivery signed with the project's secret; resolves with the status, content type and body text. */
async function postSigned(url: string, payload: object): Promise<{ status: number; type: string | null; text: string }> {
	const body = JSON.stringify(payload);
	const res = await fetch(url, {
		method: 'POST',
		headers: { 'content-type': 'application/json', 'x-voucherify-signature': sign(body, stack.emulator.credentials.webhookSecret) },
		body,
	});
	return { status: res.status, type: res.headers.get('content-type'), text: await res.text() };
}

const delivery = (id: string, type = 'customer.created', data: object = { id: `cust_${id}` }) => ({
	id,
	project_id: FIXTURES.projectId,
	created_at: new Date().toISOString(),
	type,
	data,
});

/**
 * Sends a signed sentinel delivery to `url` and waits until its execution of `workflowId` has finished (found by
 * the delivery id in the trigger node `triggerName`'s output). Resolves with the number of executions then.
 */
async function afterSentinel(url: string, workflowId: string, triggerName: string, payload = delivery(`whd_sentinel_${randomBytes(6).toString('hex')}`)): Promise<number> {
	const sent = await postSigned(url, payload);
	expect(sent.status).toBe(200);
	let newest: string[] = [];
	await waitFor(
		async () => {
			const page = await publicApi(stack.n8n.baseUrl, apiKey, 'GET', `/executions?workflowId=${workflowId}&includeData=true&limit=5`);
			const runs = (page.data ?? []) as any[];
			newest = runs.map((e) => `#${e.id} ${e.status} ${e.data?.resultData?.runData?.[triggerName]?.[0]?.data?.main?.[0]?.[0]?.json?.id}`);
			return runs.some(
				(e) =>
					!['new', 'running', 'waiting'].includes(e.status) &&
					e.data?.resultData?.runData?.[triggerName]?.[0]?.data?.main?.[0]?.[0]?.json?.id === payload.id,
			);
		},
		{ timeoutMs: 60000, intervalMs: 300, what: `the finished execution of sentinel ${payload.id} (newest executions: ${newest.join(', ')})` },
	);
	return (await stack.n8n.listExecutions(workflowId, apiKey)).length;
}

/** How many executions of the workflow its trigger started with this delivery id (follows n8n's cursor, 20 pages at most). */
async function executionsOfDelivery(workflowId: string, triggerName: string, deliveryId: string): Promise<number> {
	let count = 0;
	let cursor: string | undefined;
	for (let page = 0; page < 20; page++) {
		const query = `/executions?workflowId=${workflowId}&includeData=true&limit=100${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`;
		const answer = await publicApi(stack.n8n.baseUrl, apiKey, 'GET', query);
		for (const run of (answer.data ?? []) as any[]) {
			if (run.data?.resultData?.runData?.[triggerName]?.[0]?.data?.main?.[0]?.[0]?.json?.id === deliveryId) count++;
		}
		cursor = answer.nextCursor ?? undefined;
		if (!cursor) return count;
	}
	throw new Error(`more than 20 pages of executions for workflow ${workflowId}`);
}

/** What the emulator and n8n saw of the trigger's registration, for a failure message. */
function registrationReport(): string {
	const calls = stack.emulator.control
		.requests({ path: /^\/management\/v1\/projects\/[^/]+\/webhooks/ })
		.map((r) => `${r.method} ${r.path} → ${r.status}`);
	const registered = webhooks().map((w) => `${w.id} → ${w.target_url} (${w.active ? 'active' : 'inactive'})`);
	return [
		`webhooks at the emulator: ${registered.length ? registered.join(', ') : 'none'}`,
		`management webhook calls since n8n started: ${calls.length ? calls.join(', ') : 'none'}`,
		`n8n's activation log lines:\n${activationLines(stack.n8n.log()) || '(none)'}`,
	].join('\n');
}

/** Fails with the registration report unless `condition` holds. */
function expectRegistration(condition: boolean, expected: string): void {
	if (!condition) throw new Error(`Expected ${expected}.\n${registrationReport()}`);
}

beforeAll(async () => {
	stack = await startStack('trigger', [workflow, ONLY, NO_SECRET]);
	const { credentials, baseUrl } = stack.emulator;
	await stack.n8n.importCredentials([
		{
			...NO_SECRET_CREDENTIAL,
			type: 'loyaltyPromotionsManagementApi',
			data: {
				managementId: credentials.managementId,
				managementToken: credentials.managementToken,
				projectId: credentials.projectId,
				cluster: 'custom',
				baseUrl,
			},
		},
	]);
	await stack.n8n.publish(WORKFLOW_ID);
	stack.emulator.control.clearRequests();
	await stack.n8n.start({ timeoutMs: 120000 });
	apiKey = await stack.n8n.setupOwnerAndApiKey();
	targetUrl = stack.n8n.webhookUrl(`${triggerNode.webhookId}/webhook`);
	onlyUrl = stack.n8n.webhookUrl(`${ONLY.nodes[0].webhookId}/webhook`);
}, 15 * 60 * 1000);

afterAll(async () => {
	await stack?.teardown();
}, 60000);

test('activation at start-up registers exactly one webhook, for the trigger URL and its events', () => {
	expect(new URL(targetUrl).hostname).toBe('127.0.0.1');
	// start() returns once n8n has finished starting, published workflows activated
	const registered = webhooks();
	expectRegistration(registered.length === 1, `exactly one webhook once n8n had started (found ${registered.length})`);
	expect(registered[0]).toMatchObject({ target_url: targetUrl, active: true });
	expect([...(registered[0].events ?? [])].sort()).toEqual(EVENTS);
	const creates = stack.emulator.control.requests({ method: 'POST', path: '/management/v1/projects/*/webhooks' });
	expect(creates).toHaveLength(1);
	expect(creates[0]).toMatchObject({
		path: `/management/v1/projects/${FIXTURES.projectId}/webhooks`,
		status: 200,
		headers: expect.objectContaining({ 'x-management-id': stack.emulator.credentials.managementId, 'x-management-token': '***' }),
	});
});

test('a signed points-added event from the emulator starts an execution that looks up the card', async () => {
	stack.emulator.control.clearDeliveries();
	await stack.emulator.control.emit('voucher.loyalty_card.points_aded');
	const [delivery] = await stack.emulator.control.waitForDeliveries(1, 15000);
	expect(delivery).toMatchObject({ target: targetUrl, status: 200, ok: true, type: 'voucher.loyalty_card.points_aded' });

	const list = await stack.n8n.waitForExecutions(WORKFLOW_ID, apiKey, { count: 1, timeoutMs: 30000, includeData: true });
	expect(list).toHaveLength(1);
	const run = list[0];
	expect(run).toMatchObject({ status: 'success', mode: 'webhook' });
	const runData = run.data.resultData.runData;
	const trigger = runData['Loyalty Card Event'][0].data.main[0][0].json;
	expect(trigger).toMatchObject({ id: delivery.id, type: 'voucher.loyalty_card.points_aded', data: { customer: { id: FIXTURES.customerId }, voucher: { code: FIXTURES.cardCode } } });
	expect(runData['Card Code'][0].data.main[0][0].json).toMatchObject({ cardCode: FIXTURES.cardCode, customerId: FIXTURES.customerId });
	expect(runData['Member Card'][0].data.main[0][0].json).toMatchObject({ memberId: FIXTURES.memberId, cardId: FIXTURES.cardId });
	const { state } = stack.emulator.control;
	expect(runData['Card Transactions'][0].data.main[0]).toHaveLength(Math.min(10, state.cardTransactions.get(FIXTURES.cardId)!.length));
	const today = new Date().toISOString().slice(0, 10);
	const pending = state.buckets.get(FIXTURES.cardId)!.filter((bucket) => bucket.status === 'PENDING' && bucket.date > today);
	expect(runData['Pending Points Total'][0].data.main[0][0].json).toMatchObject({ cardCode: FIXTURES.cardCode, entries: pending.length });
	expect(runData['Sample Delivery']).toBeUndefined();
});

test('a pending-points event whose data names another card looks up that card', async () => {
	stack.emulator.control.clearDeliveries();
	stack.emulator.control.clearRequests();
	const other = stack.emulator.control.state.cards.get(FIXTURES.cardPendingPointsDisabled)!;
	await stack.emulator.control.emit('voucher.loyalty_card.pending_points.aded', {
		customer: { id: FIXTURES.customerId, object: 'customer' },
		voucher: { id: 'v_other', code: other.code, object: 'voucher' },
	});
	const [delivery] = await stack.emulator.control.waitForDeliveries(1, 15000);
	expect(delivery.status).toBe(200);
	const list = await stack.n8n.waitForExecutions(WORKFLOW_ID, apiKey, { count: 2, timeoutMs: 30000, includeData: true });
	const latest = list.find((e: any) => e.data.resultData.runData['Loyalty Card Event'][0].data.main[0][0].json.id === delivery.id);
	expect(latest).toBeDefined();
	expect(latest.data.resultData.runData['Card Code'][0].data.main[0][0].json).toMatchObject({
		cardCode: other.code,
		eventType: 'voucher.loyalty_card.pending_points.aded',
	});
	const cardPath = `/v2/loyalties/programs/${FIXTURES.programActive}/members/${FIXTURES.memberId}/cards/${other.id}`;
	expect(stack.emulator.control.requests({ path: `${cardPath}/transactions` })).toHaveLength(1);
});

test('a delivery typed in the published spelling (…points_added) runs the trigger subscribed to …points_aded', async () => {
	stack.emulator.control.clearDeliveries();
	const before = (await executions()).length;
	await stack.emulator.control.emit('voucher.loyalty_card.points_added');
	const [sent] = await stack.emulator.control.waitForDeliveries(1, 15000);
	expect(sent).toMatchObject({ status: 200, ok: true, type: 'voucher.loyalty_card.points_added' });
	const list = await stack.n8n.waitForExecutions(WORKFLOW_ID, apiKey, { count: before + 1, timeoutMs: 30000, includeData: true });
	const run = list.find((e: any) => e.data.resultData.runData['Loyalty Card Event'][0].data.main[0][0].json.id === sent.id);
	expect(run).toBeDefined();
	expect(run.data.resultData.runData['Loyalty Card Event'][0].data.main[0][0].json.type).toBe('voucher.loyalty_card.points_added');
});

test('a delivery with a forged signature is refused with 401 and starts no execution', async () => {
	const before = (await executions()).length;
	const body = JSON.stringify({
		id: 'whd_forged_0001',
		project_id: FIXTURES.projectId,
		created_at: new Date().toISOString(),
		type: 'voucher.loyalty_card.points_aded',
		data: { id: 'v_forged', object: 'voucher', code: FIXTURES.memberEmpty },
	});
	const forged = await fetch(targetUrl, {
		method: 'POST',
		headers: { 'content-type': 'application/json', 'x-voucherify-signature': 'ab'.repeat(32) },
		body,
	});
	expect(forged.status).toBe(401);
	const unsigned = await fetch(targetUrl, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
	expect(unsigned.status).toBe(401);
	const sentinel = delivery(`whd_sentinel_forged`, 'voucher.loyalty_card.points_aded', {
		id: 'v_sentinel',
		object: 'voucher',
		customer: { id: FIXTURES.customerId, object: 'customer' },
		code: FIXTURES.cardCode,
	});
	expect(await afterSentinel(targetUrl, WORKFLOW_ID, 'Loyalty Card Event', sentinel)).toBe(before + 1);
});

test('a repeated delivery id starts no second execution (the seen ids persist in static data)', async () => {
	const before = (await executions()).length;
	const body = JSON.stringify({
		id: 'whd_repeated_0001',
		project_id: FIXTURES.projectId,
		created_at: new Date().toISOString(),
		type: 'voucher.loyalty_card.points_aded',
		data: { id: 'v_repeat', object: 'voucher', customer: { id: FIXTURES.customerId, object: 'customer' }, code: FIXTURES.cardCode },
	});
	const headers = { 'content-type': 'application/json', 'x-voucherify-signature': sign(body, stack.emulator.credentials.webhookSecret) };
	const first = await fetch(targetUrl, { method: 'POST', headers, body });
	expect(first.status).toBe(200);
	expect(await first.json()).toEqual({ received: true });
	await stack.n8n.waitForExecutions(WORKFLOW_ID, apiKey, { count: before + 1, timeoutMs: 30000 });
	const again = await fetch(targetUrl, { method: 'POST', headers, body });
	expect(again.status).toBe(200);
	expect(await again.json()).toEqual({ received: true, ignored: 'repeated delivery' });
	const sentinel = delivery(`whd_sentinel_repeat`, 'voucher.loyalty_card.points_aded', {
		id: 'v_sentinel',
		object: 'voucher',
		customer: { id: FIXTURES.customerId, object: 'customer' },
		code: FIXTURES.cardCode,
	});
	expect(await afterSentinel(targetUrl, WORKFLOW_ID, 'Loyalty Card Event', sentinel)).toBe(before + 2);
});

test('deactivation through the public API deletes the webhook at the service', async () => {
	stack.emulator.control.clearRequests();
	const result = await stack.n8n.deactivate(WORKFLOW_ID, apiKey);
	expect(result.active).toBe(false);
	expect(webhooks()).toHaveLength(0);
	const deletes = stack.emulator.control.requests({ method: 'DELETE', path: '/management/v1/projects/*/webhooks/*' });
	expect(deletes).toHaveLength(1);
	expect(deletes[0].status).toBeGreaterThanOrEqual(200);
	expect(deletes[0].status).toBeLessThan(300);
});

test('5 activate/deactivate cycles leave exactly one webhook while active and none after', async () => {
	const createdBefore = stack.emulator.control.counters().webhooksCreated;
	for (let i = 0; i < 5; i++) {
		const on = await stack.n8n.activate(WORKFLOW_ID, apiKey);
		expect(on.active).toBe(true);
		const now = webhooks();
		expect(now).toHaveLength(1);
		expect(now[0].target_url).toBe(targetUrl);
		const off = await stack.n8n.deactivate(WORKFLOW_ID, apiKey);
		expect(off.active).toBe(false);
		expect(webhooks()).toHaveLength(0);
	}
	expect(stack.emulator.control.counters().webhooksCreated - createdBefore).toBe(5);
	// an event now reaches nobody
	stack.emulator.control.clearDeliveries();
	await stack.emulator.control.emit('voucher.loyalty_card.points_aded');
	expect(stack.emulator.control.deliveries()).toHaveLength(0);
});

describe('a trigger-only workflow', () => {
	test('two activations at the same time register exactly one webhook, and an event runs once', async () => {
		const results = await Promise.allSettled([stack.n8n.activate(ONLY.id, apiKey), stack.n8n.activate(ONLY.id, apiKey)]);
		const failures = results.filter((r) => r.status === 'rejected').map((r) => String((r as PromiseRejectedResult).reason));
		expect(results.some((r) => r.status === 'fulfilled')).toBe(true);
		expectRegistration(webhooksAt(onlyUrl).length === 1, `exactly one webhook for ${onlyUrl} (found ${webhooksAt(onlyUrl).length}; activation failures: ${failures.join(' | ') || 'none'})`);
		const before = (await onlyExecutions()).length;
		stack.emulator.control.clearDeliveries();
		await stack.emulator.control.emit('customer.created');
		const sent = await stack.emulator.control.waitForDeliveries(1, 15000);
		expect(sent.filter((d) => d.target === onlyUrl)).toHaveLength(1);
		expect(await afterSentinel(onlyUrl, ONLY.id, 'Trigger')).toBe(before + 2);
	});

	test('answers a delivery with {"received":true} as JSON', async () => {
		const answer = await postSigned(onlyUrl, delivery('whd_answer'));
		expect(answer.status).toBe(200);
		expect(answer.type).toMatch(/^application\/json/);
		expect(JSON.parse(answer.text)).toEqual({ received: true });
		const ignored = await postSigned(onlyUrl, delivery('whd_answer_other', 'redemption.succeeded'));
		expect(JSON.parse(ignored.text)).toEqual({ received: true, ignored: 'not subscribed' });
		// n8n answers before it records the execution: wait for it, so the next test's count starts after it
		await afterSentinel(onlyUrl, ONLY.id, 'Trigger');
		expect(await executionsOfDelivery(ONLY.id, 'Trigger', 'whd_answer')).toBe(1);
	});

	test('10 identical signed deliveries at the same time start exactly one execution', async () => {
		const before = (await onlyExecutions()).length;
		const same = delivery('whd_concurrent_e2e');
		const answers = await Promise.all(Array.from({ length: 10 }, () => postSigned(onlyUrl, same)));
		expect(answers.map((a) => a.status)).toEqual(Array(10).fill(200));
		expect(await afterSentinel(onlyUrl, ONLY.id, 'Trigger')).toBe(before + 2);
		expect(await executionsOfDelivery(ONLY.id, 'Trigger', same.id)).toBe(1);
		const bodies = answers.map((a) => a.text);
		expect(bodies.filter((b) => b === JSON.stringify({ received: true }))).toHaveLength(1);
		expect(bodies.filter((b) => b === JSON.stringify({ received: true, ignored: 'repeated delivery' }))).toHaveLength(9);
	});

	test('a repeat sent right after the answer, and one replayed after 100 other deliveries, start nothing', async () => {
		// Each delivery here is a real execution, a few per second on a busy machine: the harness suite replays
		// after 1,000 others (more than the trigger used to keep); this shows the same through n8n's engine,
		// with the others arriving 25 at a time, so that their copies of the static data overwrite each other.
		const before = (await onlyExecutions()).length;
		const first = delivery('whd_replayed_e2e');
		expect((await postSigned(onlyUrl, first)).status).toBe(200);
		const repeat = await postSigned(onlyUrl, first);
		const others = 100;
		for (let batch = 0; batch * 25 < others; batch++) {
			const ids = Array.from({ length: Math.min(25, others - batch * 25) }, (_, i) => `whd_other_e2e_${batch * 25 + i}`);
			const answers = await Promise.all(ids.map((id) => postSigned(onlyUrl, delivery(id))));
			expect(answers.map((a) => a.status)).toEqual(ids.map(() => 200));
		}
		const replay = await postSigned(onlyUrl, first);
		expect(await afterSentinel(onlyUrl, ONLY.id, 'Trigger')).toBe(before + 1 + others + 1);
		expect([repeat.text, replay.text]).toEqual(Array(2).fill(JSON.stringify({ received: true, ignored: 'repeated delivery' })));
	}, 10 * 60 * 1000);

	test('after an activation and a deactivation at the same time, the next activation leaves one webhook and the next deactivation none', async () => {
		// n8n itself does not order the two: it may end active or inactive, and the deactivation may finish before
		// the activation creates its webhook, which then stays registered (the documented limit). n8n skips
		// deactivating a workflow it considers inactive, so the next activation is what adopts such a webhook.
		await Promise.allSettled([stack.n8n.deactivate(ONLY.id, apiKey), stack.n8n.activate(ONLY.id, apiKey)]);
		const afterRace = webhooksAt(onlyUrl).length;
		await stack.n8n.activate(ONLY.id, apiKey);
		expectRegistration(webhooksAt(onlyUrl).length === 1, `exactly one webhook for ${onlyUrl} after activating (${afterRace} right after the race)`);
		await stack.n8n.deactivate(ONLY.id, apiKey);
		expectRegistration(webhooksAt(onlyUrl).length === 0, `no webhook for ${onlyUrl} after deactivating (${afterRace} right after the race)`);
	});

	test('without a signing secret in the credential, activation is refused and says where the secret is', async () => {
		const noSecretUrl = stack.n8n.webhookUrl(`${NO_SECRET.nodes[0].webhookId}/webhook`);
		const refusal = await stack.n8n.activate(NO_SECRET.id, apiKey).then(
			() => 'activated',
			(error: Error) => error.message,
		);
		expect(refusal).toMatch(/HTTP 400/);
		expect(refusal).toContain('The credential has no Webhook Signing Secret');
		expect(webhooksAt(noSecretUrl)).toEqual([]);
		// Not active: n8n has no webhook at that URL, so a forged delivery reaches nothing.
		const forged = await fetch(noSecretUrl, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(delivery('whd_nosecret')) });
		expect(forged.status).toBe(404);
		expect(await stack.n8n.listExecutions(NO_SECRET.id, apiKey)).toEqual([]);
	});
});

test('stopping n8n ends its processes (pid file) and leaves nothing listening', async () => {
	const { pid } = JSON.parse(fs.readFileSync(stack.n8n.pidFile, 'utf8'));
	expect(pidAlive(pid)).toBe(true);
	await stack.n8n.stop();
	await waitFor(() => !pidAlive(pid), { timeoutMs: 15000, what: `n8n (pid ${pid}) to exit` });
	expect(fs.existsSync(stack.n8n.pidFile)).toBe(false);
	await expect(fetch(`${stack.n8n.baseUrl}/healthz`)).rejects.toThrow();
});
