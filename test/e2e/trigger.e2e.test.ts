/**
 * The Loyalty Promotions Trigger in a real `n8n start` (the Loyalty Events example, management credential):
 * activation registers one webhook at the emulator, signed deliveries start executions, forged ones are refused,
 * deactivation through n8n's public API deletes the webhook, and repeated cycles leave no orphans.
 */
import * as fs from 'fs';
import { FIXTURES, sign } from '../emulator';
import { pidAlive, startStack, waitFor, type Stack } from './stack';

const { example } = require('./examples');
const { activationLines } = require('./n8n');

const { workflow } = example('loyalty-events.json');
const WORKFLOW_ID: string = workflow.id;
const triggerNode = workflow.nodes.find((n: any) => n.type === 'n8n-nodes-loyalty-promotions.loyaltyPromotionsTrigger');
const EVENTS = [
	'voucher.loyalty_card.pending_points.activated',
	'voucher.loyalty_card.pending_points.aded',
	'voucher.loyalty_card.pending_points.canceled',
	'voucher.loyalty_card.pending_points.updated',
	'voucher.loyalty_card.points_aded',
];

let stack: Stack;
let apiKey: string;
let targetUrl: string;

const webhooks = () => [...stack.emulator.control.state.webhooks.values()];
const executions = (opts?: object) => stack.n8n.listExecutions(WORKFLOW_ID, apiKey, opts);

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
	stack = await startStack('trigger', [workflow]);
	await stack.n8n.publish(WORKFLOW_ID);
	stack.emulator.control.clearRequests();
	await stack.n8n.start({ timeoutMs: 120000 });
	apiKey = await stack.n8n.setupOwnerAndApiKey();
	targetUrl = stack.n8n.webhookUrl(`${triggerNode.webhookId}/webhook`);
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
	expect(trigger).toMatchObject({ id: delivery.id, type: 'voucher.loyalty_card.points_aded', data: { code: FIXTURES.memberWithPendingPoints } });
	expect(runData['Card Code'][0].data.main[0][0].json.cardCode).toBe(FIXTURES.memberWithPendingPoints);
	expect(runData['Member Activity'][0].data.main[0]).toHaveLength(10);
	expect(runData['Pending Points Total'][0].data.main[0][0].json).toMatchObject({ cardCode: FIXTURES.memberWithPendingPoints, entries: 30 });
	expect(runData['Sample Delivery']).toBeUndefined();
});

test('a pending-points event whose data names another card looks up that card', async () => {
	stack.emulator.control.clearDeliveries();
	stack.emulator.control.clearRequests();
	await stack.emulator.control.emit('voucher.loyalty_card.pending_points.aded', {
		id: 'v_many',
		object: 'voucher',
		voucher: { code: FIXTURES.memberWithManyActivities },
	});
	const [delivery] = await stack.emulator.control.waitForDeliveries(1, 15000);
	expect(delivery.status).toBe(200);
	const list = await stack.n8n.waitForExecutions(WORKFLOW_ID, apiKey, { count: 2, timeoutMs: 30000, includeData: true });
	const latest = list.find((e: any) => e.data.resultData.runData['Loyalty Card Event'][0].data.main[0][0].json.id === delivery.id);
	expect(latest).toBeDefined();
	expect(latest.data.resultData.runData['Card Code'][0].data.main[0][0].json).toMatchObject({
		cardCode: FIXTURES.memberWithManyActivities,
		eventType: 'voucher.loyalty_card.pending_points.aded',
	});
	expect(stack.emulator.control.requests({ path: `/v1/loyalties/members/${FIXTURES.memberWithManyActivities}/activity` })).toHaveLength(1);
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
	await new Promise((r) => setTimeout(r, 1500));
	expect(await executions()).toHaveLength(before);
});

test('a repeated delivery id starts no second execution (the seen ids persist in static data)', async () => {
	const before = (await executions()).length;
	const body = JSON.stringify({
		id: 'whd_repeated_0001',
		project_id: FIXTURES.projectId,
		created_at: new Date().toISOString(),
		type: 'voucher.loyalty_card.points_aded',
		data: { id: 'v_repeat', object: 'voucher', code: FIXTURES.memberWithPendingPoints },
	});
	const headers = { 'content-type': 'application/json', 'x-voucherify-signature': sign(body, stack.emulator.credentials.webhookSecret) };
	const first = await fetch(targetUrl, { method: 'POST', headers, body });
	expect(first.status).toBe(200);
	await stack.n8n.waitForExecutions(WORKFLOW_ID, apiKey, { count: before + 1, timeoutMs: 30000 });
	const again = await fetch(targetUrl, { method: 'POST', headers, body });
	expect(again.status).toBe(200);
	await new Promise((r) => setTimeout(r, 1500));
	expect(await executions()).toHaveLength(before + 1);
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

test('stopping n8n ends its processes (pid file) and leaves nothing listening', async () => {
	const { pid } = JSON.parse(fs.readFileSync(stack.n8n.pidFile, 'utf8'));
	expect(pidAlive(pid)).toBe(true);
	await stack.n8n.stop();
	await waitFor(() => !pidAlive(pid), { timeoutMs: 15000, what: `n8n (pid ${pid}) to exit` });
	expect(fs.existsSync(stack.n8n.pidFile)).toBe(false);
	await expect(fetch(`${stack.n8n.baseUrl}/healthz`)).rejects.toThrow();
});
