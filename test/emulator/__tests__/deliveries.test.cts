import { createHmac } from 'crypto';
import { ADDED_SPELLINGS, EVENT_KINDS, sign } from '../index.cjs';
import { FIXTURES, receiver, setup, TestEnv } from './helpers.cjs';

let t: TestEnv;
beforeAll(async () => {
	t = await setup({ deliveryRetryDelaysMs: [5, 10] });
});
beforeEach(() => t.emu.control.reset());
afterAll(() => t.emu.stop());

const P = `/management/v1/projects/${FIXTURES.projectId}`;
const hook = async (target_url: string, events: readonly string[], active = true) =>
	(await t.http.post(`${P}/webhooks`, { target_url, events, active }, { headers: t.M })).data;
const verify = (raw: string, sig: unknown, secret: string) =>
	sig === createHmac('sha256', secret).update(JSON.stringify(JSON.parse(raw))).digest('hex');

describe('webhook deliveries', () => {
	it('POSTs a signed v2024-01-01 payload to each active subscribed webhook', async () => {
		const rx = await receiver();
		try {
			const w = await hook(rx.url, ['customer.created', 'customer.deleted']);
			await t.emu.control.emit('customer.created', { id: 'cust_x', object: 'customer' });
			expect(rx.received).toHaveLength(1);
			const { headers, raw, body } = rx.received[0];
			expect(headers['content-type']).toMatch(/^application\/json/);
			expect(verify(raw, headers['x-voucherify-signature'], t.emu.control.webhookSecret)).toBe(true);
			expect(headers['x-voucherify-signature']).toMatch(/^[0-9a-f]{64}$/);
			expect(JSON.stringify(JSON.parse(raw))).toBe(raw);
			expect(body).toEqual({
				id: expect.any(String), project_id: FIXTURES.projectId, created_at: expect.any(String), type: 'customer.created',
				data: { id: 'cust_x', object: 'customer' },
				source: { id: w.id, object: 'webhook', target_url: rx.url },
				event: { id: expect.any(String), type: 'customer.created', created_at: expect.any(String), entity_id: 'cust_x', group_id: expect.any(String), event_source: expect.any(Object) },
			});
			const rec = t.emu.control.deliveries()[0];
			expect(rec).toMatchObject({ webhookId: w.id, target: rx.url, type: 'customer.created', attempt: 1, status: 200, ok: true, signature: sign(raw, t.emu.control.webhookSecret) });
			expect(t.emu.control.counters()).toMatchObject({ deliveriesSent: 1, deliveriesFailed: 0 });
		} finally {
			await rx.close();
		}
	});

	it('emits the `aded` kinds in either spelling, to webhooks subscribed in either spelling', async () => {
		const rx = await receiver();
		try {
			await hook(rx.url, Object.values(ADDED_SPELLINGS));
			for (const [added, aded] of Object.entries(ADDED_SPELLINGS)) {
				await t.emu.control.emit(added);
				await t.emu.control.emit(aded);
			}
			const types = Object.entries(ADDED_SPELLINGS).flatMap(([added, aded]) => [added, aded]);
			expect(rx.received.map((r) => [r.body.type, r.body.event.type])).toEqual(types.map((type) => [type, type]));
			// A webhook whose listing shows the `added` spelling still receives the kind.
			t.emu.control.clearDeliveries();
			const [webhook] = [...t.emu.control.state.webhooks.values()];
			webhook.events = Object.keys(ADDED_SPELLINGS);
			await t.emu.control.emit('voucher.loyalty_card.points_aded');
			expect(t.emu.control.deliveries().map((d) => d.type)).toEqual(['voucher.loyalty_card.points_aded']);
			await expect(t.emu.control.emit('voucher.loyalty_card.points_addded')).rejects.toThrow('Unknown event kind');
		} finally {
			await rx.close();
		}
	});

	it('skips inactive webhooks and unsubscribed kinds', async () => {
		const rx = await receiver();
		try {
			await hook(rx.url, ['customer.created'], false);
			await hook(rx.url, ['voucher.created']);
			await t.emu.control.emit('customer.created');
			expect(rx.received).toHaveLength(0);
		} finally {
			await rx.close();
		}
	});

	it('emits each of the 60 kinds on demand; unknown kinds are refused', async () => {
		const rx = await receiver();
		try {
			await hook(rx.url, EVENT_KINDS);
			for (const k of EVENT_KINDS) await t.emu.control.emit(k);
			expect(rx.received.map((r) => r.body.type)).toEqual(EVENT_KINDS);
			expect(rx.received.every((r) => verify(r.raw, r.headers['x-voucherify-signature'], t.emu.control.webhookSecret))).toBe(true);
			await expect(t.emu.control.emit('customer.added')).rejects.toThrow(/Unknown event kind/);
		} finally {
			await rx.close();
		}
	});

	it('tracking an event for a new customer emits customer.created; a reward assignment emits campaign.reward.assignment.created', async () => {
		const rx = await receiver();
		try {
			await hook(rx.url, ['customer.created', 'campaign.reward.assignment.created']);
			await t.http.post('/v1/events', { event: 'x', customer: { source_id: 'fresh-customer' } }, { headers: t.A });
			await t.http.post('/v1/events', { event: 'x', customer: { source_id: 'fresh-customer' } }, { headers: t.A });
			const a = await t.http.post(`/v1/rewards/${FIXTURES.rewardId}/assignments`, { campaign: FIXTURES.campaignId, parameters: { loyalty: { points: 5 } } }, { headers: t.A });
			await t.emu.control.waitForDeliveries(2, 2000);
			const types = rx.received.map((r) => r.body.type).sort();
			expect(types).toEqual(['campaign.reward.assignment.created', 'customer.created']);
			const assignment = rx.received.find((r) => r.body.type.startsWith('campaign'))!.body;
			expect(assignment.data.id).toBe(a.data.id);
			expect(assignment.event.entity_id).toBe(a.data.id);
			expect(rx.received.find((r) => r.body.type === 'customer.created')!.body.data.source_id).toBe('fresh-customer');
		} finally {
			await rx.close();
		}
	});

	it('retries failed deliveries with the same payload id', async () => {
		let n = 0;
		const rx = await receiver(() => (++n <= 2 ? 503 : 200));
		try {
			await hook(rx.url, ['voucher.created']);
			await t.emu.control.emit('voucher.created');
			const recs = await t.emu.control.waitForDeliveries(3, 2000);
			expect(recs.map((r) => [r.attempt, r.status, r.ok])).toEqual([[1, 503, false], [2, 503, false], [3, 200, true]]);
			expect(new Set(rx.received.map((r) => r.body.id)).size).toBe(1);
			expect(t.emu.control.counters()).toMatchObject({ deliveriesSent: 1, deliveriesFailed: 2 });
		} finally {
			await rx.close();
		}
	});

	it('disables the webhook after 12 failures (connection errors count)', async () => {
		const rx = await receiver();
		const url = rx.url;
		await rx.close();
		const w = await hook(url, ['voucher.created']);
		await t.emu.control.emit('voucher.created');
		const recs = await t.emu.control.waitForDeliveries(12, 5000);
		expect(recs.every((r) => !r.ok && r.status === 0 && r.error)).toBe(true);
		expect(recs.map((r) => r.attempt)).toEqual(Array.from({ length: 12 }, (_, i) => i + 1));
		await new Promise((r) => setTimeout(r, 50));
		expect(t.emu.control.deliveries()).toHaveLength(12);
		const got = await t.http.get(`${P}/webhooks/${w.id}`, { headers: t.M });
		expect(got.data.active).toBe(false);
		expect(t.emu.control.counters().deliveriesFailed).toBe(12);
	});

	it('uses the configured webhook secret', async () => {
		const rx = await receiver();
		try {
			await hook(rx.url, ['campaign.created']);
			t.emu.control.setWebhookSecret('s3cret');
			await t.emu.control.emit('campaign.created');
			expect(verify(rx.received[0].raw, rx.received[0].headers['x-voucherify-signature'], 's3cret')).toBe(true);
			expect(t.emu.control.webhookSecret).toBe('s3cret');
			t.emu.control.reset();
			expect(t.emu.control.webhookSecret).toBe('emulator-webhook-secret');
		} finally {
			await rx.close();
		}
	});

	it('waitForDeliveries rejects on timeout', async () => {
		await expect(t.emu.control.waitForDeliveries(1, 50)).rejects.toThrow(/Timed out/);
	});
});
