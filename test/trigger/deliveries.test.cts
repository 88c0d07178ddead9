import { createHmac } from 'crypto';
import { Logger } from '@n8n/backend-common';
import { Container } from '@n8n/di';
import { NodeOperationError } from 'n8n-workflow';
import { startEmulator, type RunningEmulator } from '../emulator/index.cjs';
import { credentialsFor } from '../harness/emulatorCredentials.cjs';
import { WebhookListener } from '../harness/webhook.cjs';
import { ADDED_SPELLINGS, EVENT_KINDS } from '../../nodes/LoyaltyPromotions/trigger/events';
import { deliveryKey, LEDGER_KEY } from '../../nodes/LoyaltyPromotions/trigger/repeats';

const SECRET = 'emulator-webhook-secret';
const sign = (body: string, secret = SECRET) => createHmac('sha256', secret).update(body).digest('hex');

/**
 * The full loop: the emulator delivers signed events to a local listener whose URL is the trigger's webhook
 * target; the listener runs the trigger's webhook() through n8n-core's real WebhookContext.
 */
describe('trigger deliveries', () => {
	let emu: RunningEmulator;
	let listener: WebhookListener | undefined;

	beforeAll(async () => {
		// Failed deliveries are retried after a minute: each test sees first attempts only.
		emu = await startEmulator({ port: 0, quiet: true, deliveryRetryDelaysMs: [60_000] });
	});
	afterAll(async () => {
		await emu.stop();
	});
	beforeEach(() => {
		emu.control.reset();
		emu.control.setDeliveryRetryDelays([60_000]);
	});
	afterEach(async () => {
		emu.control.clearDeliveries();
		await listener?.stop();
		listener = undefined;
	});

	async function activeTrigger(
		parameters: Record<string, unknown> = { events: ['customer.created', 'voucher.loyalty_card.points_aded'] },
		credentialOverrides: Record<string, unknown> = {},
	): Promise<WebhookListener> {
		const credentials = credentialsFor(emu);
		listener = await WebhookListener.start({
			parameters: parameters as never,
			credentials: {
				...credentials,
				loyaltyPromotionsManagementApi: { ...credentials.loyaltyPromotionsManagementApi, ...credentialOverrides },
			} as never,
		});
		await listener.trigger.activate();
		return listener;
	}

	it('emits a signed delivery as one item', async () => {
		const l = await activeTrigger();
		await emu.control.emit('voucher.loyalty_card.points_aded', { id: 'v_1', code: 'LC-1', points: 25 });
		const [delivery] = await emu.control.waitForDeliveries(1, 5000);
		expect(delivery).toMatchObject({ ok: true, status: 200, target: l.trigger.webhookUrl() });

		const [handled] = await l.waitFor(1);
		expect(handled.status).toBe(200);
		// A small JSON acknowledgement (n8n's default for onReceived would be the text "firstEntryJson").
		expect(handled.response).toEqual({ received: true });
		expect(handled.contentType).toMatch(/^application\/json/);
		expect(l.executions).toHaveLength(1);
		expect(l.executions[0]).toEqual([{ json: delivery.payload, pairedItem: { item: 0 } }]);
		expect(l.executions[0][0].json).toMatchObject({
			id: delivery.id,
			project_id: 'proj_emulator',
			type: 'voucher.loyalty_card.points_aded',
			data: { id: 'v_1', code: 'LC-1', points: 25 },
			source: { object: 'webhook', target_url: l.trigger.webhookUrl() },
			event: { type: 'voucher.loyalty_card.points_aded' },
		});
	});

	it('emits only the data with Output: Data Only', async () => {
		const l = await activeTrigger({ events: ['customer.created'], options: { output: 'data' } });
		await emu.control.emit('customer.created', { id: 'cust_1', source_id: 'c-1' });
		await l.waitFor(1);
		expect(l.executions).toEqual([[{ json: { id: 'cust_1', source_id: 'c-1' }, pairedItem: { item: 0 } }]]);
	});

	it('runs on events the service emits by itself (tracking a new customer)', async () => {
		const l = await activeTrigger({ events: ['customer.created'] });
		const { baseUrl, credentials } = emu;
		await fetch(`${baseUrl}/v1/events`, {
			method: 'POST',
			headers: { 'content-type': 'application/json', 'x-app-id': credentials.appId, 'x-app-token': credentials.appToken },
			body: JSON.stringify({ event: 'order_shipped', customer: { source_id: 'brand-new-customer' } }),
		});
		await l.waitFor(1);
		expect(l.executions).toHaveLength(1);
		expect(l.executions[0][0].json).toMatchObject({ type: 'customer.created' });
	});

	describe('signatures', () => {
		it('rejects a forged signature with 401 and starts nothing', async () => {
			const l = await activeTrigger();
			const body = JSON.stringify({ id: 'whd_forged', type: 'customer.created', data: {} });
			const handled = await l.post(body, { 'x-voucherify-signature': sign(body, 'not-the-secret') });
			expect(handled.status).toBe(401);
			expect(handled.response).toEqual({ code: 401, message: 'Invalid signature' });
			expect(l.executions).toEqual([]);
		});

		it('rejects a missing signature with 401', async () => {
			const l = await activeTrigger();
			const handled = await l.post(JSON.stringify({ id: 'whd_unsigned', type: 'customer.created', data: {} }));
			expect(handled.status).toBe(401);
			expect(handled.response).toEqual({ code: 401, message: 'Missing signature' });
			expect(l.executions).toEqual([]);
		});

		it('rejects garbage and wrong-length signatures', async () => {
			const l = await activeTrigger();
			const body = JSON.stringify({ id: 'whd_x', type: 'customer.created', data: {} });
			for (const signature of ['zz', sign(body).slice(0, 10), `${sign(body)}00`, '']) {
				expect((await l.post(body, { 'x-voucherify-signature': signature })).status).toBe(401);
			}
			expect(l.executions).toEqual([]);
		});

		it('rejects a body changed after signing', async () => {
			const l = await activeTrigger();
			const signed = JSON.stringify({ id: 'whd_t', type: 'customer.created', data: { points: 1 } });
			const tampered = JSON.stringify({ id: 'whd_t', type: 'customer.created', data: { points: 1000 } });
			expect((await l.post(tampered, { 'x-voucherify-signature': sign(signed) })).status).toBe(401);
			expect(l.executions).toEqual([]);
		});

		it('rejects deliveries signed with an old secret (stale), from the service too', async () => {
			const l = await activeTrigger();
			const body = JSON.stringify({ id: 'whd_stale', type: 'customer.created', data: {} });
			expect((await l.post(body, { 'x-voucherify-signature': sign(body, 'old-secret') })).status).toBe(401);

			// The project's secret was rotated at the service; the credential still has the old one.
			emu.control.setWebhookSecret('rotated-secret');
			await emu.control.emit('customer.created', { id: 'cust_2' });
			const [delivery] = await emu.control.waitForDeliveries(1, 5000);
			expect(delivery).toMatchObject({ ok: false, status: 401 });
			expect(l.executions).toEqual([]);
		});

		it('accepts the signature over the compact JSON when the body has whitespace; uppercase hex too', async () => {
			const l = await activeTrigger();
			const payload = { id: 'whd_pretty', type: 'customer.created', data: { name: 'A  B' } };
			const pretty = JSON.stringify(payload, null, 2);
			const handled = await l.post(pretty, { 'x-voucherify-signature': sign(JSON.stringify(payload)) });
			expect(handled.status).toBe(200);
			const upper = { ...payload, id: 'whd_upper' };
			const body = JSON.stringify(upper);
			expect((await l.post(body, { 'x-voucherify-signature': sign(body).toUpperCase() })).status).toBe(200);
			expect(l.executions.map((items) => items[0].json.id)).toEqual(['whd_pretty', 'whd_upper']);
		});

		it('does not verify when Verify Signature is off', async () => {
			const l = await activeTrigger({ events: ['customer.created'], options: { verifySignature: false } });
			const handled = await l.post(JSON.stringify({ id: 'whd_off', type: 'customer.created', data: {} }));
			expect(handled.status).toBe(200);
			expect(l.executions).toHaveLength(1);
		});

		it('refuses every delivery, signed or not, when the credential lost its signing secret after activation', async () => {
			const l = await activeTrigger({ events: ['customer.created'] });
			const management = l.trigger.credentialsHelper.stored.get('loyaltyPromotionsManagementApi')!;
			l.trigger.credentialsHelper.set('loyaltyPromotionsManagementApi', { ...management, webhookSecret: '' });
			const body = JSON.stringify({ id: 'whd_nosecret', type: 'customer.created', data: {} });
			for (const headers of [{}, { 'x-voucherify-signature': sign(body) }, { 'x-voucherify-signature': sign(body, '') }] as Array<Record<string, string>>) {
				const handled = await l.post(body, headers);
				expect(handled.status).toBe(401);
				expect(handled.response).toEqual({
					code: 401,
					message: 'Signatures cannot be checked: the credential has no Webhook Signing Secret',
				});
			}
			expect(l.executions).toEqual([]);
		});

		describe('while the editor listens for a test event', () => {
			const WRONG_SECRET = 'not-the-projects-secret';

			/** A trigger listening on its test URL only (n8n's mode `manual`), its credential's secret wrong. */
			async function listening(credentialOverrides: Record<string, unknown> = { webhookSecret: WRONG_SECRET }) {
				const credentials = credentialsFor(emu);
				listener = await WebhookListener.start({
					parameters: { events: ['customer.created'] } as never,
					credentials: {
						...credentials,
						loyaltyPromotionsManagementApi: { ...credentials.loyaltyPromotionsManagementApi, ...credentialOverrides },
					} as never,
				});
				await listener.trigger.activate({ mode: 'manual' });
				return listener;
			}

			it("fails with an error naming the credential whose secret is not the project's; nothing runs, the service gets a non-2xx", async () => {
				const l = await listening();
				await emu.control.emit('customer.created', { id: 'cust_test_event' });
				const [delivery] = await emu.control.waitForDeliveries(1, 5000);
				expect(delivery.target).toBe(l.trigger.webhookUrl({ mode: 'manual' }));
				expect(delivery.ok).toBe(false);
				expect(delivery.status).toBeGreaterThanOrEqual(400);

				const [handled] = await l.waitFor(1);
				expect(handled.executed).toBe(false);
				expect(l.executions).toEqual([]);
				// n8n shows a NodeOperationError thrown by webhook() in the editor, as the trigger's error
				expect(handled.error).toBeInstanceOf(NodeOperationError);
				const error = handled.error as NodeOperationError;
				expect(error.message).toBe(
					'The signature does not match: the Webhook Signing Secret in the "loyaltyPromotionsManagementApi" credential is not this project\'s',
				);
				expect(error.description).toContain('webhook secret of project proj_emulator');
				expect(error.description).toContain('Project Settings → Webhooks');
				// neither secret, in the error or in the answer
				const shown = JSON.stringify([error.message, error.description, handled.response]);
				expect(shown).not.toContain(WRONG_SECRET);
				expect(shown).not.toContain(SECRET);
			});

			it('fails visibly on an unsigned request and on a request that is not a delivery', async () => {
				const l = await listening({});
				const testUrl = l.trigger.webhookUrl({ mode: 'manual' });
				const unsigned = await l.post(JSON.stringify({ id: 'whd_unsigned_test', type: 'customer.created', data: {} }), {}, testUrl);
				expect(unsigned.error?.message).toBe(
					'The delivery has no signature: the service signs every delivery in its x-voucherify-signature header',
				);
				const body = JSON.stringify({ hello: 'world' });
				const notDelivery = await l.post(body, { 'x-voucherify-signature': sign(body) }, testUrl);
				expect(notDelivery.error?.message).toMatch(/^Not a webhook delivery: no event type: /);
				expect([unsigned.status, notDelivery.status]).toEqual([500, 500]);
				expect(l.executions).toEqual([]);
			});

			it('names the missing secret when the credential lost it while listening', async () => {
				const l = await listening({});
				const management = l.trigger.credentialsHelper.stored.get('loyaltyPromotionsManagementApi')!;
				l.trigger.credentialsHelper.set('loyaltyPromotionsManagementApi', { ...management, webhookSecret: '' });
				const body = JSON.stringify({ id: 'whd_nosecret_test', type: 'customer.created', data: {} });
				const handled = await l.post(body, { 'x-voucherify-signature': sign(body) }, l.trigger.webhookUrl({ mode: 'manual' }));
				expect(handled.error?.message).toBe(
					'Signatures cannot be checked: the "loyaltyPromotionsManagementApi" credential has no Webhook Signing Secret',
				);
				expect(l.executions).toEqual([]);
			});
		});

		it('in an active workflow, answers a wrong signature with 401 and only logs why (no execution, no secret)', async () => {
			const warn = jest.spyOn(Container.get(Logger), 'warn');
			try {
				const l = await activeTrigger({ events: ['customer.created'] }, { webhookSecret: 'not-the-projects-secret' });
				await emu.control.emit('customer.created');
				const [delivery] = await emu.control.waitForDeliveries(1, 5000);
				expect(delivery).toMatchObject({ ok: false, status: 401 });
				const [handled] = await l.waitFor(1);
				expect(handled.response).toEqual({ code: 401, message: 'Invalid signature' });
				expect(handled.error).toBeUndefined();
				expect(l.executions).toEqual([]);
				const logged = warn.mock.calls.map(([message]) => String(message));
				expect(logged).toEqual([
					'Loyalty Promotions Trigger "Loyalty Promotions Trigger" refused a delivery (401): The signature does not match: the Webhook Signing Secret in the "loyaltyPromotionsManagementApi" credential is not this project\'s',
				]);
				expect(JSON.stringify(warn.mock.calls)).not.toContain('not-the-projects-secret');
			} finally {
				warn.mockRestore();
			}
		});

		it('accepts unsigned deliveries without a secret only when Verify Signature is off', async () => {
			const l = await activeTrigger({ events: ['customer.created'], options: { verifySignature: false } }, { webhookSecret: '' });
			const handled = await l.post(JSON.stringify({ id: 'whd_off_nosecret', type: 'customer.created', data: {} }));
			expect(handled.status).toBe(200);
			expect(l.executions).toHaveLength(1);
		});
	});

	it('answers 200 to kinds the node did not subscribe to and starts nothing', async () => {
		const l = await activeTrigger({ events: ['customer.created', 'redemption.succeeded'] });
		// The user narrowed the events; the service still has the old subscription until reactivation.
		l.trigger.setParameters({ events: ['customer.created'] });
		await emu.control.emit('redemption.succeeded');
		const [delivery] = await emu.control.waitForDeliveries(1, 5000);
		expect(delivery).toMatchObject({ ok: true, status: 200 });
		const [handled] = await l.waitFor(1);
		expect(handled.executed).toBe(false);
		expect(handled.response).toEqual({ received: true, ignored: 'not subscribed' });

		const body = JSON.stringify({ id: 'whd_other', type: 'voucher.created', data: {} });
		expect((await l.post(body, { 'x-voucherify-signature': sign(body) })).status).toBe(200);
		expect(l.executions).toEqual([]);
	});

	it('answers 400 to a request that is not a delivery', async () => {
		const l = await activeTrigger({ events: ['*'], options: { verifySignature: false } });
		expect((await l.post(JSON.stringify({ hello: 'world' }))).status).toBe(400);
		expect((await l.post(JSON.stringify([1, 2]))).status).toBe(400);
		expect(l.executions).toEqual([]);
	});

	describe('repeated deliveries', () => {
		const signed = (payload: object) => {
			const body = JSON.stringify(payload);
			return { body, headers: { 'x-voucherify-signature': sign(body) } };
		};
		/** The keys in the trigger's saved ledger (undefined when there is none). */
		const ledger = (l: WebhookListener) =>
			(l.trigger.staticData()[LEDGER_KEY] as string[] | undefined)?.map((entry) => entry.slice(0, 32));

		it('drops a delivery id already seen (a retry) and answers 200', async () => {
			const l = await activeTrigger();
			await emu.control.emit('customer.created', { id: 'cust_r' });
			const [delivery] = await emu.control.waitForDeliveries(1, 5000);
			await l.waitFor(1);

			// The service retries with the same payload id (e.g. our 200 got lost): replay the exact request.
			const replay = await l.post(delivery.body, { 'x-voucherify-signature': delivery.signature });
			expect(replay.status).toBe(200);
			expect(replay.response).toEqual({ received: true, ignored: 'repeated delivery' });
			expect(l.executions).toHaveLength(1);
			expect(ledger(l)).toEqual([deliveryKey(delivery.id)]);

			await emu.control.emit('customer.created', { id: 'cust_r' });
			await l.waitFor(3);
			expect(l.executions).toHaveLength(2);
		});

		it('starts exactly one run for 10 identical deliveries arriving at the same time', async () => {
			const l = await activeTrigger({ events: ['customer.created'] });
			const { body, headers } = signed({ id: 'whd_concurrent', type: 'customer.created', data: {} });
			const handled = await Promise.all(Array.from({ length: 10 }, () => l.post(body, headers)));
			expect(handled.map((h) => h.status)).toEqual(Array(10).fill(200));
			expect(handled.filter((h) => h.executed)).toHaveLength(1);
			expect(handled.filter((h) => !h.executed).map((h) => h.response)).toEqual(
				Array(9).fill({ received: true, ignored: 'repeated delivery' }),
			);
			expect(ledger(l)).toEqual([deliveryKey('whd_concurrent')]);
		});

		it('drops a repeat sent right after the first was answered, and one replayed after many others', async () => {
			const l = await activeTrigger({ events: ['customer.created'] });
			const first = signed({ id: 'whd_first', type: 'customer.created', data: {} });
			expect((await l.post(first.body, first.headers)).executed).toBe(true);
			expect((await l.post(first.body, first.headers)).executed).toBe(false);
			// More deliveries than the old list of 1,000 ids held, one after the other (so that no save is lost).
			for (let i = 0; i < 1000; i++) {
				const other = signed({ id: `whd_other_${i}`, type: 'customer.created', data: {} });
				await l.post(other.body, other.headers);
			}
			expect(l.executions).toHaveLength(1 + 1000);
			const replay = await l.post(first.body, first.headers);
			expect(replay.response).toEqual({ received: true, ignored: 'repeated delivery' });
			expect(l.executions).toHaveLength(1 + 1000);
		}, 120_000);

		it('stores a fixed-size hash per id, whatever the id length', async () => {
			const l = await activeTrigger({ events: ['customer.created'] });
			for (let i = 0; i < 5; i++) {
				const huge = signed({ id: `${i}`.padEnd(64 * 1024, 'x'), type: 'customer.created', data: {} });
				expect((await l.post(huge.body, huge.headers)).executed).toBe(true);
				expect((await l.post(huge.body, huge.headers)).executed).toBe(false);
			}
			const keys = ledger(l) ?? [];
			expect(keys).toHaveLength(5);
			expect(keys.every((key) => /^[0-9a-f]{32}$/.test(key))).toBe(true);
			expect(JSON.stringify(l.trigger.savedStaticData()).length).toBeLessThan(2000);
		});

		it('keeps repeats when Ignore Repeated Deliveries is off', async () => {
			const l = await activeTrigger({ events: ['customer.created'], options: { ignoreRepeatedDeliveries: false } });
			await emu.control.emit('customer.created');
			const [delivery] = await emu.control.waitForDeliveries(1, 5000);
			await l.post(delivery.body, { 'x-voucherify-signature': delivery.signature });
			expect(l.executions).toHaveLength(2);
			expect(ledger(l)).toBeUndefined();
		});

		it('honours the id list an earlier version saved, and replaces it with the ledger', async () => {
			const l = await activeTrigger({ events: ['customer.created'] });
			l.trigger.updateStaticData((data) => {
				data.seenDeliveryIds = ['whd_legacy'];
			});
			const legacy = signed({ id: 'whd_legacy', type: 'customer.created', data: {} });
			expect((await l.post(legacy.body, legacy.headers)).executed).toBe(false);
			const fresh = signed({ id: 'whd_fresh', type: 'customer.created', data: {} });
			expect((await l.post(fresh.body, fresh.headers)).executed).toBe(true);
			expect(l.trigger.staticData().seenDeliveryIds).toBeUndefined();
			expect(ledger(l)).toEqual([deliveryKey('whd_legacy'), deliveryKey('whd_fresh')]);
		});
	});

	it('takes the published `added` spellings as the subscribed `aded` kinds', async () => {
		const aded = Object.keys(ADDED_SPELLINGS);
		const l = await activeTrigger({ events: aded });
		for (const kind of aded) {
			await emu.control.emit(ADDED_SPELLINGS[kind]);
			await emu.control.emit(kind);
		}
		await l.waitFor(aded.length * 2);
		expect(l.executions.map((items) => items[0].json.type)).toEqual(aded.flatMap((kind) => [ADDED_SPELLINGS[kind], kind]));
		expect(l.handled.every((h) => h.executed && h.status === 200)).toBe(true);
	});

	it('All Events receives every kind, the aded ones included', async () => {
		const l = await activeTrigger({ events: ['*'] });
		const [webhook] = [...emu.control.state.webhooks.values()];
		expect(webhook.events).toHaveLength(60);
		const kinds = [
			'voucher.loyalty_card.points_aded',
			'voucher.gift.balance_aded',
			'campaign.vouchers.aded',
			'voucher.loyalty_card.pending_points.aded',
			'business_validation_rule.assignment.created',
			'customer.rewarded.loyalty_points',
		];
		for (const kind of kinds) await emu.control.emit(kind);
		await l.waitFor(kinds.length);
		expect(l.executions.map((items) => items[0].json.type)).toEqual(kinds);
		expect(emu.control.deliveries().every((d) => d.ok)).toBe(true);

		for (const kind of EVENT_KINDS) await emu.control.emit(kind);
		await l.waitFor(kinds.length + 60);
		expect(l.executions).toHaveLength(kinds.length + 60);
	});

	it('stops receiving after deactivation', async () => {
		const l = await activeTrigger({ events: ['customer.created'] });
		await l.trigger.deactivate();
		await emu.control.emit('customer.created');
		expect(emu.control.deliveries()).toEqual([]);
		expect(l.handled).toEqual([]);
	});

	it('delivers to the test URL while the editor listens, separately from production', async () => {
		const l = await activeTrigger({ events: ['customer.created'] });
		await l.trigger.activate({ mode: 'manual' });
		await emu.control.emit('customer.created');
		const handled = await l.waitFor(2);
		expect(handled.every((h) => h.executed)).toBe(true);
		expect(new Set(emu.control.deliveries().map((d) => d.target))).toEqual(
			new Set([l.trigger.webhookUrl(), l.trigger.webhookUrl({ mode: 'manual' })]),
		);
		await l.trigger.deactivate({ mode: 'manual' });
		expect(emu.control.state.webhooks.size).toBe(1);
	});
});
