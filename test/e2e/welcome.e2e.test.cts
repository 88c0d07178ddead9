/**
 * The Welcome Voucher example (Loyalty v2) end to end in a real `n8n start`, its trigger enabled as the sticky note
 * says: a customer created at the service (the emulator) sends customer.created to the trigger's webhook, and the
 * execution publishes a welcome code to them (join once), enrols them in the active v2 program and adds 100 welcome
 * points to their card. The same event delivered again under a new delivery id gives the same code and changes
 * neither membership nor points.
 */
import { FIXTURES, sign } from '../emulator/index.cjs';
import { startStack, type Stack } from './stack.cjs';

const { example, goLive } = require('./examples');

// enabled as the sticky note says, before publishing
const workflow = goLive(example('welcome-voucher.json').workflow);
const WORKFLOW_ID: string = workflow.id;
const triggerNode = workflow.nodes.find((n: any) => n.type === 'n8n-nodes-loyalty-promotions.loyaltyPromotionsTrigger');

let stack: Stack;
let apiKey: string;
let targetUrl: string;

beforeAll(async () => {
	stack = await startStack('welcome', [workflow]);
	await stack.n8n.publish(WORKFLOW_ID);
	await stack.n8n.start({ timeoutMs: 120000 });
	apiKey = await stack.n8n.setupOwnerAndApiKey();
	targetUrl = stack.n8n.webhookUrl(`${triggerNode.webhookId}/webhook`);
}, 15 * 60 * 1000);

afterAll(async () => {
	await stack?.teardown();
}, 60000);

/** The run's output of a node (first run, first output), as JSON. */
const output = (execution: any, node: string) => (execution.data.resultData.runData[node]?.[0]?.data?.main?.[0] ?? []).map((item: any) => item.json);

test('the trigger subscribed its webhook to customer.created', () => {
	const webhooks = [...stack.emulator.control.state.webhooks.values()];
	expect(webhooks.map((w) => ({ target: w.target_url, events: w.events, active: w.active }))).toEqual([{ target: targetUrl, events: ['customer.created'], active: true }]);
});

test('a new customer gets a welcome code, a program membership with a card and 100 points; the same event again changes nothing', async () => {
	const c = stack.emulator.control;
	c.clearDeliveries();
	// A customer the service does not know: tracking an event for them creates them, and the service says so.
	const tracked = await fetch(`${stack.emulator.baseUrl}/v1/events`, {
		method: 'POST',
		headers: { 'content-type': 'application/json', 'x-app-id': stack.emulator.credentials.appId, 'x-app-token': stack.emulator.credentials.appToken },
		body: JSON.stringify({ event: FIXTURES.customEventName, customer: { source_id: 'e2e-newcomer', name: 'New Comer', email: 'newcomer@example.com' } }),
	});
	expect(tracked.status).toBe(200);
	const customer = c.state.findCustomer('e2e-newcomer')!;
	const [delivery] = await c.waitForDeliveries(1, 15000);
	expect(delivery).toMatchObject({ target: targetUrl, type: 'customer.created', status: 200, ok: true });

	const [run] = await stack.n8n.waitForExecutions(WORKFLOW_ID, apiKey, { count: 1, timeoutMs: 60000, includeData: true });
	expect({ status: run.status, mode: run.mode }).toEqual({ status: 'success', mode: 'webhook' });
	expect(output(run, 'Customer Created')[0]).toMatchObject({ id: delivery.id, type: 'customer.created', data: { id: customer.id } });
	const [summary] = output(run, 'Summary');
	const members = () => [...c.state.members.values()].filter((m) => m.customer_id === customer.id && m.program_id === FIXTURES.programActive);
	expect(members()).toHaveLength(1);
	const card = [...c.state.cards.values()].find((k) => k.member_id === members()[0].id)!;
	expect(summary).toEqual({ customerId: customer.id, welcomeCode: expect.stringMatching(/^WELCOME-/), memberId: members()[0].id, cardId: card.id, points: 100 });
	expect(output(run, 'Sample Delivery')).toEqual([]);
	expect(card.points).toBe(100);
	expect(c.state.findVoucher(summary.welcomeCode)).toMatchObject({ campaign_id: FIXTURES.welcomeCampaignId, holder_id: customer.id });

	// The service sends the same event again under a new delivery id (e.g. after a timeout on its side).
	const body = JSON.stringify({ ...delivery.payload, id: `${delivery.payload.id}-again` });
	const again = await fetch(targetUrl, { method: 'POST', headers: { 'content-type': 'application/json', 'x-voucherify-signature': sign(body, c.webhookSecret) }, body });
	expect(again.status).toBe(200);
	const runs = await stack.n8n.waitForExecutions(WORKFLOW_ID, apiKey, { count: 2, timeoutMs: 60000, includeData: true });
	const second = runs.find((e: any) => output(e, 'Customer Created')[0]?.id === `${delivery.payload.id}-again`);
	expect(second?.status).toBe('success');
	expect(output(second, 'Welcome Voucher')[0].voucher.code).toBe(summary.welcomeCode);
	expect(output(second, 'Summary')).toEqual([]);
	expect(output(second, 'Already a Member')).toEqual([expect.objectContaining({ member: expect.objectContaining({ id: members()[0].id }) })]);
	expect(members()).toHaveLength(1);
	expect(c.state.cards.get(card.id)!.points).toBe(100);
});
