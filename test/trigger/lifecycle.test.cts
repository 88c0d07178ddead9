import { NodeOperationError } from 'n8n-workflow';
import { startEmulator, type RunningEmulator } from '../emulator/index.cjs';
import { credentialsFor } from '../harness/emulatorCredentials.cjs';
import { RequestGate } from '../harness/gate.cjs';
import { TriggerWorkflow } from '../harness/hooks.cjs';
import { ADDED_SPELLINGS, EVENT_KINDS } from '../../nodes/LoyaltyPromotions/trigger/events';

/**
 * The webhook lifecycle through n8n-core's real HookContext against the emulator: activation (checkExists, then
 * create), drift, 404s, deactivation, and the rule that no sequence leaves an orphan or a duplicate.
 */
describe('trigger webhook lifecycle', () => {
	let emu: RunningEmulator;
	const webhooksPath = '/management/v1/projects/proj_emulator/webhooks';

	beforeAll(async () => {
		emu = await startEmulator({ port: 0, quiet: true, requestLog: true });
	});
	afterAll(async () => {
		await emu.stop();
	});
	beforeEach(() => {
		emu.control.reset();
	});

	const serviceWebhooks = () => [...emu.control.state.webhooks.values()];

	function trigger(events: string[] = ['customer.created', 'voucher.loyalty_card.points_aded'], extra: Partial<ConstructorParameters<typeof TriggerWorkflow>[0]> = {}) {
		return new TriggerWorkflow({
			parameters: { events },
			credentials: credentialsFor(emu),
			...extra,
		});
	}

	it('creates the webhook on activation and stores it in static data', async () => {
		const t = trigger();
		expect(await t.hook('checkExists')).toBe(false);
		expect(await t.hook('create')).toBe(true);

		const url = t.webhookUrl();
		expect(url).toBe('http://127.0.0.1:5678/webhook/test-webhook-id/webhook');
		const [webhook, ...others] = serviceWebhooks();
		expect(others).toEqual([]);
		expect(webhook).toMatchObject({
			target_url: url,
			events: ['customer.created', 'voucher.loyalty_card.points_aded'],
			active: true,
		});
		expect(t.staticData()).toEqual({
			webhookId: webhook.id,
			events: ['customer.created', 'voucher.loyalty_card.points_aded'],
			targetUrl: url,
			projectId: 'proj_emulator',
		});
		const [post] = emu.control.requests({ method: 'POST', path: webhooksPath });
		expect(post.body).toEqual({ target_url: url, events: ['customer.created', 'voucher.loyalty_card.points_aded'], active: true });
		expect(post.headers['x-management-id']).toBe('emulator-management-id');
	});

	it('reports an existing matching webhook and does not create another', async () => {
		const t = trigger();
		await t.activate();
		const id = t.staticData().webhookId;
		expect(await t.activate()).toEqual({ existed: true });
		expect(await t.activate({ activation: 'init' })).toEqual({ existed: true });
		expect(serviceWebhooks().map((w) => w.id)).toEqual([id]);
		expect(emu.control.counters().webhooksCreated).toBe(1);
		expect(emu.control.requests({ method: 'POST', path: webhooksPath })).toHaveLength(1);
		expect(t.staticData().webhookId).toBe(id);
	});

	it('recreates after the events changed, deleting the stale webhook', async () => {
		const t = trigger();
		await t.activate();
		const oldId = t.staticData().webhookId;

		t.setParameters({ events: ['redemption.succeeded'] });
		expect(await t.hook('checkExists')).toBe(false);
		expect(serviceWebhooks()).toEqual([]);
		expect(t.staticData().webhookId).toBeUndefined();
		await t.hook('create');

		const [webhook, ...others] = serviceWebhooks();
		expect(others).toEqual([]);
		expect(webhook.id).not.toBe(oldId);
		expect(webhook.events).toEqual(['redemption.succeeded']);
		expect(t.staticData()).toMatchObject({ webhookId: webhook.id, events: ['redemption.succeeded'] });
	});

	it('recreates after the target URL changed (n8n moved), deleting the stale webhook', async () => {
		const first = trigger();
		await first.activate();
		const oldId = first.staticData().webhookId;

		const moved = trigger(undefined, {
			workflowId: first.id,
			staticData: first.savedStaticData(),
			additionalData: { webhookBaseUrl: 'https://n8n.example.com/webhook' },
		});
		expect(await moved.activate()).toEqual({ existed: false });
		const [webhook, ...others] = serviceWebhooks();
		expect(others).toEqual([]);
		expect(webhook.id).not.toBe(oldId);
		expect(webhook.target_url).toBe('https://n8n.example.com/webhook/test-webhook-id/webhook');
		expect(moved.staticData().targetUrl).toBe(webhook.target_url);
	});

	it('recreates a webhook the service disabled', async () => {
		const t = trigger();
		await t.activate();
		serviceWebhooks()[0].active = false;
		expect(await t.activate()).toEqual({ existed: false });
		expect(serviceWebhooks()).toHaveLength(1);
		expect(serviceWebhooks()[0].active).toBe(true);
	});

	it('forgets a webhook the service no longer knows (404) and recreates it', async () => {
		const t = trigger();
		await t.activate();
		const oldId = t.staticData().webhookId as string;
		emu.control.state.webhooks.delete(oldId);

		expect(await t.hook('checkExists')).toBe(false);
		expect(t.staticData().webhookId).toBeUndefined();
		await t.hook('create');
		expect(serviceWebhooks()).toHaveLength(1);
		expect(serviceWebhooks()[0].id).not.toBe(oldId);
	});

	it('deletes the webhook on deactivation', async () => {
		const t = trigger();
		await t.activate();
		const id = t.staticData().webhookId;
		expect(await t.deactivate()).toBe(true);
		expect(serviceWebhooks()).toEqual([]);
		expect(t.staticData()).toEqual({});
		expect(emu.control.requests({ method: 'DELETE', path: `${webhooksPath}/${id}` })).toHaveLength(1);
	});

	it('treats 404 on delete as done', async () => {
		const t = trigger();
		await t.activate();
		emu.control.state.webhooks.clear();
		expect(await t.deactivate()).toBe(true);
		expect(t.staticData()).toEqual({});
		const [del] = emu.control.requests({ method: 'DELETE' });
		expect(del.status).toBe(404);
	});

	it('activate → deactivate → reactivate leaves exactly one webhook, never an orphan', async () => {
		const t = trigger();
		for (let round = 0; round < 3; round++) {
			await t.activate();
			await t.activate();
			expect(serviceWebhooks()).toHaveLength(1);
			await t.deactivate();
			await t.deactivate();
			expect(serviceWebhooks()).toHaveLength(0);
		}
		await t.activate();
		expect(serviceWebhooks()).toHaveLength(1);
		expect(emu.control.counters().duplicateCreates).toBe(3);
		expect(emu.control.counters().webhooksCreated).toBe(4);
	});

	it('adopts or cleans up webhooks for its URL when static data was lost', async () => {
		const t = trigger();
		await t.activate();
		const id = t.staticData().webhookId;

		const lost = trigger();
		expect(await lost.activate()).toEqual({ existed: true });
		expect(lost.staticData().webhookId).toBe(id);
		expect(serviceWebhooks()).toHaveLength(1);

		const lostAndChanged = trigger(['customer.deleted']);
		expect(await lostAndChanged.activate()).toEqual({ existed: false });
		expect(serviceWebhooks().map((w) => w.events)).toEqual([['customer.deleted']]);

		const lostOnDeactivate = trigger(['customer.deleted']);
		expect(await lostOnDeactivate.deactivate()).toBe(true);
		expect(serviceWebhooks()).toEqual([]);
	});

	it('leaves webhooks of other URLs alone', async () => {
		const other = trigger(undefined, { webhookId: 'other-node' });
		await other.activate();
		const t = trigger();
		await t.activate();
		await t.deactivate();
		expect(serviceWebhooks().map((w) => w.target_url)).toEqual([other.webhookUrl()]);
	});

	it('keeps the editor test registration apart from the production one', async () => {
		const t = trigger();
		await t.activate();
		const productionId = t.staticData().webhookId;

		expect(await t.activate({ mode: 'manual' })).toEqual({ existed: false });
		const testUrl = t.webhookUrl({ mode: 'manual' });
		expect(testUrl).toBe('http://127.0.0.1:5678/webhook-test/test-webhook-id/webhook');
		expect(serviceWebhooks().map((w) => w.target_url).sort()).toEqual([t.webhookUrl(), testUrl].sort());
		expect(t.staticData().webhookId).toBe(productionId);
		expect((t.staticData().test as { targetUrl: string }).targetUrl).toBe(testUrl);

		await t.deactivate({ mode: 'manual' });
		expect(serviceWebhooks().map((w) => w.id)).toEqual([productionId]);
		expect(await t.activate()).toEqual({ existed: true });
	});

	it('subscribes to all 60 kinds with All Events', async () => {
		const t = trigger(['*']);
		await t.activate();
		const [webhook] = serviceWebhooks();
		expect([...webhook.events].sort()).toEqual([...EVENT_KINDS].sort());
		expect(await t.activate()).toEqual({ existed: true });
	});

	it("uses the node's Project ID over the credential's", async () => {
		const t = trigger(undefined, {
			parameters: { events: ['customer.created'], projectId: 'proj_elsewhere' },
		});
		await expect(t.activate()).rejects.toMatchObject({ httpCode: '404' });
		expect(emu.control.requests({ path: '/management/v1/projects/proj_elsewhere/webhooks' }).length).toBeGreaterThan(0);
		expect(serviceWebhooks()).toEqual([]);
	});

	it('refuses a Project ID that would leave its path segment or that an expression made an object, sending nothing', async () => {
		for (const projectId of ['..', ' . ', '={{ { "id": "p" } }}']) {
			emu.control.clearRequests();
			const t = trigger(undefined, { parameters: { events: ['customer.created'], projectId } });
			await expect(t.activate()).rejects.toThrow(/^Project ID: (must be an ID|must be text)/);
			expect(emu.control.requests()).toEqual([]);
		}
	});

	it('refuses to create a webhook without events', async () => {
		const t = trigger([]);
		expect(await t.hook('checkExists')).toBe(false);
		await expect(t.hook('create')).rejects.toThrow('No events selected');
		expect(serviceWebhooks()).toEqual([]);
	});

	it('reports other errors instead of swallowing them', async () => {
		const t = trigger();
		await t.activate();
		const stored = { ...t.staticData() };
		emu.control.setManagementFeature(false);
		await expect(t.hook('checkExists')).rejects.toMatchObject({ httpCode: '402' });
		await expect(t.hook('delete')).rejects.toMatchObject({ httpCode: '402' });
		expect(t.staticData()).toEqual(stored);
		emu.control.setManagementFeature(true);

		emu.control.setFaults({ method: 'DELETE', sequence: [403] });
		await expect(t.deactivate()).rejects.toMatchObject({ httpCode: '403' });
		expect(t.staticData()).toEqual(stored);
		await t.deactivate();
		expect(serviceWebhooks()).toEqual([]);
	});

	it("counts the service listing a kind in its `added` spelling as the subscribed kind (no needless recreate)", async () => {
		const t = trigger(['customer.created', 'voucher.gift.balance_aded', 'voucher.loyalty_card.points_aded']);
		await t.activate();
		const [webhook] = serviceWebhooks();
		// The published listing shows e.g. voucher.loyalty_card.points_added for a subscription to …points_aded.
		webhook.events = webhook.events.map((kind) => ADDED_SPELLINGS[kind] ?? kind);
		expect(await t.activate()).toEqual({ existed: true });
		expect(serviceWebhooks().map((w) => w.id)).toEqual([webhook.id]);
		expect(emu.control.counters().webhooksCreated).toBe(1);
		expect(t.staticData().events).toEqual(['customer.created', 'voucher.gift.balance_aded', 'voucher.loyalty_card.points_aded']);
	});

	it('deletes every webhook for its URL on deactivation, not only the stored one', async () => {
		const other = trigger(undefined, { webhookId: 'other-node' });
		await other.activate();
		const t = trigger();
		await t.activate();
		// Two more for the same URL, e.g. left by an activation whose static data save was lost.
		for (const events of [['customer.created'], ['redemption.succeeded']]) {
			const res = await fetch(`${emu.baseUrl}${webhooksPath}`, {
				method: 'POST',
				headers: {
					'content-type': 'application/json',
					'x-management-id': emu.credentials.managementId,
					'x-management-token': emu.credentials.managementToken,
				},
				body: JSON.stringify({ target_url: t.webhookUrl(), events }),
			});
			expect(res.status).toBe(200);
		}
		expect(serviceWebhooks().filter((w) => w.target_url === t.webhookUrl())).toHaveLength(3);
		expect(await t.deactivate()).toBe(true);
		expect(serviceWebhooks().map((w) => w.target_url)).toEqual([other.webhookUrl()]);
		expect(t.staticData()).toEqual({});
	});

	describe('without a Webhook Signing Secret (fails closed)', () => {
		const withSecret = (webhookSecret: string) => {
			const credentials = credentialsFor(emu);
			return { ...credentials, loyaltyPromotionsManagementApi: { ...credentials.loyaltyPromotionsManagementApi, webhookSecret } };
		};

		it('refuses to activate while Verify Signature is on, saying where the secret is', async () => {
			for (const secret of ['', '   ']) {
				const t = trigger(undefined, { credentials: withSecret(secret) });
				const refusal = await t.activate().catch((error: unknown) => error);
				expect(refusal).toBeInstanceOf(NodeOperationError);
				expect(refusal).toMatchObject({
					message: 'The credential has no Webhook Signing Secret',
					description: expect.stringContaining('Project Settings → Webhooks; the API never returns it'),
				});
				expect((refusal as NodeOperationError).description).toContain('turn off Options → Verify Signature');
				await expect(t.hook('create')).rejects.toThrow('The credential has no Webhook Signing Secret');
				await expect(t.activate({ mode: 'manual' })).rejects.toThrow('The credential has no Webhook Signing Secret');
			}
			expect(emu.control.requests({ method: 'POST', path: webhooksPath })).toEqual([]);
			expect(serviceWebhooks()).toEqual([]);
		});

		it('activates when Verify Signature is turned off, and deactivates either way', async () => {
			const t = trigger(undefined, {
				parameters: { events: ['customer.created'], options: { verifySignature: false } },
				credentials: withSecret(''),
			});
			expect(await t.activate()).toEqual({ existed: false });
			expect(serviceWebhooks()).toHaveLength(1);
			t.setParameters({ options: {} });
			await expect(t.activate()).rejects.toThrow('The credential has no Webhook Signing Secret');
			// n8n removes the webhooks of a workflow whose activation failed (the node's delete needs no secret).
			expect(serviceWebhooks()).toEqual([]);
		});
	});

	describe('races, ordered by holding requests in front of the emulator', () => {
		let gate: RequestGate;
		const list = /\/management\/v1\/projects\/[^/]+\/webhooks$/;

		beforeEach(async () => {
			gate = await RequestGate.start(emu.baseUrl);
		});
		afterEach(async () => {
			await gate.stop();
		});

		/** One workflow (one saved row), its requests going through the gate. */
		const gated = () =>
			trigger(undefined, { credentials: credentialsFor({ baseUrl: gate.baseUrl, credentials: emu.credentials }) });

		it('two activations that both found nothing and both create leave exactly one webhook, which both store', async () => {
			const t = gated();
			const firstPost = gate.hold('POST', list);
			const secondPost = gate.hold('POST', list);
			const a = t.activate();
			const b = t.activate();
			await Promise.all([firstPost.arrived(), secondPost.arrived()]);
			firstPost.release();
			secondPost.release();
			expect(await Promise.all([a, b])).toEqual([{ existed: false }, { existed: false }]);
			expect(emu.control.counters().webhooksCreated).toBe(2);
			const [kept, ...others] = serviceWebhooks();
			expect(others).toEqual([]);
			expect(t.staticData().webhookId).toBe(kept.id);
			expect(await t.activate()).toEqual({ existed: true });
		});

		it('an activation that creates after another one finished keeps one of the two', async () => {
			const t = gated();
			const post = gate.hold('POST', list);
			const late = t.activate();
			await post.arrived();
			expect(await t.activate()).toEqual({ existed: false });
			post.release();
			await late;
			const [kept, ...others] = serviceWebhooks();
			expect(others).toEqual([]);
			expect(t.staticData().webhookId).toBe(kept.id);
		});

		it('an activation whose new webhook a deactivation deleted fails, and nothing is left registered', async () => {
			const t = gated();
			const check = gate.hold('GET', list);
			const activation = t.activate();
			await check.arrived();
			const recheck = gate.hold('GET', list);
			check.release();
			await recheck.arrived(); // the activation has created its webhook and is about to list again
			expect(serviceWebhooks()).toHaveLength(1);
			expect(await t.deactivate()).toBe(true);
			recheck.release();
			await expect(activation).rejects.toThrow('The webhook was deleted while the workflow was being activated');
			expect(serviceWebhooks()).toEqual([]);
		});

		it('a deactivation that ends before an activation creates its webhook leaves it to the next deactivation (the known limit)', async () => {
			const t = gated();
			const post = gate.hold('POST', list);
			const activation = t.activate();
			await post.arrived();
			expect(await t.deactivate()).toBe(true);
			post.release();
			await activation;
			expect(serviceWebhooks()).toHaveLength(1);
			await t.deactivate();
			expect(serviceWebhooks()).toEqual([]);
		});
	});
});
