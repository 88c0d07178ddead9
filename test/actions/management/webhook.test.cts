import { EVENT_KINDS, FIXTURES } from '../../emulator/index.cjs';
import { credentialsFor } from '../../harness/emulatorCredentials.cjs';
import { listSearch } from '../../harness/loadOptions.cjs';
import { useEmulator } from '../v2/helpers.cjs';

const ctx = useEmulator();
const webhooksPath = `/management/v1/projects/${FIXTURES.projectId}/webhooks`;
const run = (operation: string, parameters: Record<string, unknown> = {}) => ctx.run({ resource: 'webhook', operation, ...parameters } as never);

describe('Webhook', () => {
	it('creates, gets, lists, updates and deletes a webhook', async () => {
		const created = await run('create', {
			targetUrl: 'https://example.com/hooks',
			events: ['voucher.loyalty_card.points_aded', 'customer.created'],
		});
		expect(created.error).toBeUndefined();
		const webhook = created.items[0].json;
		const id = String(webhook.id);
		expect(webhook).toMatchObject({ object: 'webhook', target_url: 'https://example.com/hooks', active: true });
		expect(webhook.events).toEqual(['customer.created', 'voucher.loyalty_card.points_aded']);

		const got = await run('get', { webhookId: id });
		expect(got.items.map((item) => item.json)).toEqual([webhook]);

		const listed = await run('getAll', { returnAll: true });
		expect(listed.items.map((item) => item.json)).toEqual([webhook]);

		const updated = await run('update', { webhookId: id, updateFields: { active: false, targetUrl: 'http://example.org/other' } });
		expect(updated.items[0].json).toMatchObject({ id, active: false, target_url: 'http://example.org/other', events: webhook.events });

		const deleted = await run('delete', { webhookId: id });
		expect(deleted.error).toBeUndefined();
		expect(deleted.items.map((item) => item.json)).toEqual([{ deleted: true, id }]);
		expect(ctx.emu.control.state.webhooks.size).toBe(0);

		const gone = await run('get', { webhookId: id });
		expect(gone.error?.httpCode).toBe('404');
		expect(gone.error?.context?.serviceError).toMatchObject({ key: 'not_found', resource_id: id });

		expect(ctx.sent()).toEqual([
			{ method: 'POST', path: webhooksPath, query: {}, body: { target_url: 'https://example.com/hooks', events: ['customer.created', 'voucher.loyalty_card.points_aded'] } },
			{ method: 'GET', path: `${webhooksPath}/${id}`, query: {}, body: undefined },
			{ method: 'GET', path: webhooksPath, query: {}, body: undefined },
			// the service requires target_url and events on every PUT: the node reads the webhook and sends it whole
			{ method: 'GET', path: `${webhooksPath}/${id}`, query: {}, body: undefined },
			{ method: 'PUT', path: `${webhooksPath}/${id}`, query: {}, body: { target_url: 'http://example.org/other', events: webhook.events, active: false } },
			{ method: 'DELETE', path: `${webhooksPath}/${id}`, query: {}, body: undefined },
			{ method: 'GET', path: `${webhooksPath}/${id}`, query: {}, body: undefined },
		]);
	});

	it('creates an inactive webhook for all 60 events', async () => {
		const { items, error } = await run('create', { targetUrl: 'https://example.com/all', events: ['*'], additionalFields: { active: false } });
		expect(error).toBeUndefined();
		expect(ctx.sent()[0].body).toEqual({ target_url: 'https://example.com/all', events: [...EVENT_KINDS].sort(), active: false });
		expect(items[0].json).toMatchObject({ active: false });
		expect(items[0].json.events).toHaveLength(60);
	});

	it('replaces the events on update', async () => {
		const created = await run('create', { targetUrl: 'https://example.com/h', events: ['customer.created'] });
		const id = String(created.items[0].json.id);
		ctx.emu.control.clearRequests();
		const { items } = await run('update', { webhookId: id, updateFields: { events: ['redemption.succeeded', 'redemption.failed'] } });
		expect(ctx.sent().map((request) => request.method)).toEqual(['GET', 'PUT']);
		expect(ctx.sent()[1].body).toEqual({ target_url: 'https://example.com/h', events: ['redemption.failed', 'redemption.succeeded'], active: true });
		expect(items[0].json).toMatchObject({ events: ['redemption.failed', 'redemption.succeeded'], target_url: 'https://example.com/h', active: true });
	});

	it('changes one field and keeps the others, an inactive webhook staying inactive', async () => {
		const created = await run('create', { targetUrl: 'https://example.com/keep', events: ['customer.created', 'voucher.created'], additionalFields: { active: false } });
		const id = String(created.items[0].json.id);
		ctx.emu.control.clearRequests();
		const { items, error } = await run('update', { webhookId: id, updateFields: { targetUrl: 'https://example.com/moved' } });
		expect(error).toBeUndefined();
		expect(ctx.sent()[1]).toEqual({
			method: 'PUT',
			path: `${webhooksPath}/${id}`,
			query: {},
			body: { target_url: 'https://example.com/moved', events: ['customer.created', 'voucher.created'], active: false },
		});
		expect(items[0].json).toMatchObject({ id, target_url: 'https://example.com/moved', events: ['customer.created', 'voucher.created'], active: false });
		expect(ctx.emu.control.state.webhooks.get(id)).toMatchObject({ target_url: 'https://example.com/moved', active: false });
	});

	it('sends the PUT alone when every field is given', async () => {
		const created = await run('create', { targetUrl: 'https://example.com/all-set', events: ['customer.created'] });
		const id = String(created.items[0].json.id);
		ctx.emu.control.clearRequests();
		const { error } = await run('update', { webhookId: id, updateFields: { targetUrl: 'https://example.com/b', events: ['voucher.created'], active: true } });
		expect(error).toBeUndefined();
		expect(ctx.sent()).toEqual([
			{ method: 'PUT', path: `${webhooksPath}/${id}`, query: {}, body: { target_url: 'https://example.com/b', events: ['voucher.created'], active: true } },
		]);
	});

	it('repeats the whole-body PUT after a 503: the same body twice leaves the same webhook', async () => {
		const created = await run('create', { targetUrl: 'https://example.com/retry', events: ['customer.created'] });
		const id = String(created.items[0].json.id);
		ctx.emu.control.clearRequests();
		ctx.emu.control.setFaults({ route: `/webhooks/${id}`, method: 'PUT', sequence: [503] });
		const { items, error } = await run('update', { webhookId: id, updateFields: { active: false } });
		expect(error).toBeUndefined();
		const puts = ctx.sent().filter((request) => request.method === 'PUT');
		expect(puts).toHaveLength(2);
		expect(puts[1].body).toEqual(puts[0].body);
		expect(items[0].json).toMatchObject({ id, target_url: 'https://example.com/retry', events: ['customer.created'], active: false });
	});

	it('maps the 404 of reading an unknown webhook, with nothing written', async () => {
		const { error } = await run('update', { webhookId: 'wh_missing', updateFields: { active: false } });
		expect(error?.httpCode).toBe('404');
		expect(error?.context?.serviceError).toMatchObject({ key: 'not_found', resource_id: 'wh_missing' });
		expect(ctx.sent().map((request) => request.method)).toEqual(['GET']);
	});

	it('lists with Limit over the counted list', async () => {
		for (const n of [1, 2, 3]) await run('create', { targetUrl: `https://example.com/${n}`, events: ['customer.created'] });
		ctx.emu.control.clearRequests();
		const { items } = await run('getAll', { limit: 2 });
		expect(items).toHaveLength(2);
		expect(ctx.sent()).toEqual([{ method: 'GET', path: webhooksPath, query: {}, body: undefined }]);
	});

	it('maps the 402 of a plan without the Management API', async () => {
		ctx.emu.control.setManagementFeature(false);
		const { error } = await run('create', { targetUrl: 'https://example.com/h', events: ['customer.created'] });
		expect(error?.httpCode).toBe('402');
		expect(error?.message).toBe('Payment required');
		expect(error?.description).toMatch(/plan/);
		expect(ctx.emu.control.state.webhooks.size).toBe(0);
	});

	it('maps a 404 for an unknown webhook on delete', async () => {
		const { error } = await run('delete', { webhookId: 'wh_missing' });
		expect(error?.httpCode).toBe('404');
	});

	it('with Continue On Fail, creates one webhook per valid item and reports the others', async () => {
		const { items, error } = await ctx.run(
			{ resource: 'webhook', operation: 'create', targetUrl: '={{ $json.url }}', events: ['customer.created'] },
			{ input: [{ url: 'https://example.com/a' }, { url: 'ftp://example.com/b' }, { url: 'https://example.com/c' }], continueOnFail: true },
		);
		expect(error).toBeUndefined();
		expect(items.map((item) => item.pairedItem)).toEqual([{ item: 0 }, { item: 1 }, { item: 2 }]);
		expect(items[0].json).toMatchObject({ target_url: 'https://example.com/a' });
		expect(items[1].json.error).toMatch(/^Target URL: must be an http/);
		expect(items[2].json).toMatchObject({ target_url: 'https://example.com/c' });
		expect(ctx.sent()).toHaveLength(2);
	});

	describe('validation, nothing sent', () => {
		it('needs an http(s) target URL', () =>
			ctx.expectInvalid({ resource: 'webhook', operation: 'create', targetUrl: 'ftp://example.com', events: ['customer.created'] }, 'Target URL', /http:\/\/ or https:\/\//));
		it('refuses a target that is not a URL', () =>
			ctx.expectInvalid({ resource: 'webhook', operation: 'create', targetUrl: 'example.com/hook', events: ['customer.created'] }, 'Target URL', /must be an http/));
		it('needs at least one event', () =>
			ctx.expectInvalid({ resource: 'webhook', operation: 'create', targetUrl: 'https://example.com', events: '={{ [] }}' }, 'Events', /at least one event/));
		it('needs at least one event on update too', () =>
			ctx.expectInvalid({ resource: 'webhook', operation: 'update', webhookId: 'wh_1', updateFields: { events: [] } }, 'Events', /at least one event/));
		it('checks the target URL on update', () =>
			ctx.expectInvalid({ resource: 'webhook', operation: 'update', webhookId: 'wh_1', updateFields: { targetUrl: 'mailto:a@b.c' } }, 'Target URL', /http/));
		it('needs a field to update', () =>
			ctx.expectInvalid({ resource: 'webhook', operation: 'update', webhookId: 'wh_1', updateFields: {} }, 'Update Fields', /at least one field/));
		it('needs the webhook id', () => ctx.expectInvalid({ resource: 'webhook', operation: 'get', webhookId: '={{ "" }}' }, 'Webhook', /is required/));
	});
});

describe('Webhook: pick it from a list', () => {
	const credentials = () => credentialsFor(ctx.emu);

	it("From List shows the project's webhooks by target URL and event count, narrowed by the typed text", async () => {
		const a = await run('create', { targetUrl: 'https://shop.example.com/a', events: ['customer.created'] });
		const b = await run('create', { targetUrl: 'https://crm.example.org/b', events: ['customer.created', 'voucher.created'], additionalFields: { active: false } });
		const parameters = { resource: 'webhook', operation: 'get' };
		const all = await listSearch('searchWebhooks', { parameters, credentials: credentials() });
		expect(all.results).toEqual(
			expect.arrayContaining([
				{ name: 'https://shop.example.com/a (1 event)', value: a.items[0].json.id },
				{ name: 'https://crm.example.org/b (2 events, inactive)', value: b.items[0].json.id },
			]),
		);
		expect(all.paginationToken).toBeUndefined();
		const narrowed = await listSearch('searchWebhooks', { parameters, credentials: credentials() }, 'CRM');
		expect(narrowed.results.map((item) => item.value)).toEqual([b.items[0].json.id]);
	});

	it('takes the webhook from any mode of the locator: From List and By ID send the same request', async () => {
		const created = await run('create', { targetUrl: 'https://shop.example.com/c', events: ['customer.created'] });
		const id = String(created.items[0].json.id);
		ctx.emu.control.clearRequests();
		const fromList = await run('get', { webhookId: { __rl: true, mode: 'list', value: id, cachedResultName: 'https://shop.example.com/c' } });
		const byId = await run('get', { webhookId: { __rl: true, mode: 'id', value: ` ${id} ` } });
		expect(fromList.items[0].json.id).toBe(id);
		expect(byId.items[0].json.id).toBe(id);
		expect(ctx.sent().map((request) => request.path)).toEqual([`${webhooksPath}/${id}`, `${webhooksPath}/${id}`]);
	});
});
