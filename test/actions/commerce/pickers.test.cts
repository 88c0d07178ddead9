/**
 * Pick, don't type: every From List the commerce fields offer, and the card definition dropdowns, called as the
 * editor calls them (n8n-core's LoadOptionsContext, real HTTP to the emulator), paging through the service.
 */
import type { INodeParameters } from 'n8n-workflow';
import { FIXTURES, fixtureCounts } from '../../emulator/index.cjs';
import { credentialsFor } from '../../harness/emulatorCredentials.cjs';
import { listSearch, loadOptions } from '../../harness/loadOptions.cjs';
import { useEmulator } from '../v2/helpers.cjs';

const ctx = useEmulator();
const call = (parameters: INodeParameters) => ({ parameters, credentials: credentialsFor(ctx.emu) });

/** Every page of a From List, following its pagination token as the editor does when scrolling. */
async function allPages(method: string, parameters: INodeParameters, filter?: string) {
	const results = [];
	let token: string | undefined;
	for (let page = 0; page < 50; page++) {
		const answer = await listSearch(method, call(parameters), filter, token);
		results.push(...answer.results);
		token = answer.paginationToken as string | undefined;
		if (!token) return { results, pages: page + 1 };
	}
	throw new Error(`${method} still had pages after 50`);
}

describe('From List', () => {
	it('with a credential the resource cannot use, names the credential it needs and asks the service nothing', async () => {
		await expect(listSearch('searchCustomers', call({ authentication: 'managementKeys', resource: 'customer', operation: 'get' }), 'Customer')).rejects.toThrow(
			'Customer needs a Loyalty Promotions (Voucherify) App Keys API or a Loyalty Promotions (Voucherify) OAuth2.0 API or a Loyalty Promotions (Voucherify) OAuth Service Key API credential: choose one in Credential to connect with',
		);
		expect(ctx.emu.control.requests()).toEqual([]);
	});

	it(`Customer: all ${fixtureCounts(1).customers} customers over two pages, newest first, labelled by name and email`, async () => {
		const { results, pages } = await allPages('searchCustomers', { resource: 'customer', operation: 'get' });
		expect(pages).toBe(2);
		expect(results).toHaveLength(fixtureCounts(1).customers);
		expect(results).toContainEqual({ name: `Customer One (customer-1@example.com, ${FIXTURES.customerSourceId})`, value: FIXTURES.customerId });
		expect(ctx.emu.control.requests({ path: '/v1/customers' }).map((request) => request.query)).toEqual([
			{ order: '-created_at', limit: '100' },
			{ order: '-created_at', limit: '100', page: '2' },
		]);
	});

	it('Customer: the typed text narrows each page', async () => {
		const { results } = await allPages('searchCustomers', { resource: 'customer', operation: 'get' }, 'busy');
		expect(results.map((item) => item.value)).toEqual([FIXTURES.customerWithManyActivities]);
	});

	it('Customer: typing a name that is on page 2 finds it in one search, walking the pages', async () => {
		const answer = await listSearch('searchCustomers', call({ resource: 'customer', operation: 'get' }), 'Customer One');
		expect(answer.results).toContainEqual({ name: `Customer One (customer-1@example.com, ${FIXTURES.customerSourceId})`, value: FIXTURES.customerId });
		expect(ctx.emu.control.requests({ path: '/v1/customers' }).map((request) => request.query.page ?? '1')).toEqual(['1', '2']);
		expect(answer.paginationToken).toBeUndefined();
	});

	it('Customer: a walk that finds nothing says how far it read, and lets scrolling go on', async () => {
		ctx.emu.control.clearRequests();
		const answer = await listSearch('searchCustomers', call({ resource: 'customer', operation: 'get' }), 'nobody-has-this-name');
		expect(answer.results).toEqual([]);
		expect(answer.paginationToken).toBeUndefined();
		expect(ctx.emu.control.requests({ path: '/v1/customers' })).toHaveLength(2);
	});

	it('Order: a search bounded to 10 pages says where it stopped, and scrolling searches on from there', async () => {
		ctx.emu.control.clearRequests();
		const answer = await listSearch('searchOrders', call({ resource: 'order', operation: 'get' }), 'no-such-order');
		expect(answer.results).toEqual([{ name: 'No match for "no-such-order" in the 1000 entries read so far: scroll to search further', value: '' }]);
		expect(ctx.emu.control.requests({ path: '/v1/orders' })).toHaveLength(10);
		expect(answer.paginationToken).toBe('11');
	});

	it('Product and SKU: the SKUs listed are those of the product chosen above', async () => {
		const products = await allPages('searchProducts', { resource: 'product', operation: 'get' });
		expect(products.results).toEqual(
			expect.arrayContaining([{ name: `Coffee Maker (${FIXTURES.productSourceId})`, value: FIXTURES.productId }]),
		);
		const parameters = { resource: 'sku', operation: 'update', productId: { __rl: true, mode: 'list', value: FIXTURES.product2Id } };
		const skus = await allPages('searchSkus', parameters as INodeParameters);
		expect(skus.results).toEqual([{ name: 'Tea Kettle Red (sku-3)', value: 'sku_0000000000003' }]);
		const none = await listSearch('searchSkus', call({ resource: 'sku', operation: 'update' }));
		expect(none.results).toEqual([]);
	});

	it('Order, Export and Reward: the newest first, with what tells them apart', async () => {
		const orders = await listSearch('searchOrders', call({ resource: 'order', operation: 'get' }));
		expect(orders.results[0]).toEqual({ name: 'order-10100 (CANCELED, 118.00)', value: 'ord_0000000002774' });
		expect(orders.paginationToken).toBe('2');
		const exportsList = await allPages('searchExports', { resource: 'export', operation: 'get' });
		expect(exportsList.results).toEqual([{ name: expect.stringMatching(/^Customers, DONE, \d{4}-\d{2}-\d{2} \d{2}:\d{2} \(exp_0000000000001\)$/), value: FIXTURES.exportId }]);
		const rewards = await allPages('searchRewards', { resource: 'rewardAssignment', operation: 'create' });
		expect(rewards.results).toHaveLength(FIXTURES.rewardIds.length);
		expect(rewards.results[1]).toEqual({ name: 'Reward 2 (COIN)', value: FIXTURES.rewardIds[1] });
	});

	it('Program (v2, OAuth): the active program first (the seeded list has the draft one first), each entry with its status; narrowed by name on the service', async () => {
		const all = await allPages('searchPrograms', { resource: 'program', operation: 'update' });
		expect(all.results.map((item) => item.name)).toEqual(['Active program (ACTIVE)', 'Draft program (DRAFT)', 'Inactive program (INACTIVE)']);
		expect(all.results.map((item) => item.value).sort()).toEqual([FIXTURES.programActive, FIXTURES.programDraft, FIXTURES.programInactive].sort());
		const narrowed = await listSearch('searchPrograms', call({ resource: 'program', operation: 'update' }), 'draft');
		expect(narrowed.results).toEqual([{ name: 'Draft program (DRAFT)', value: FIXTURES.programDraft }]);
		const sent = ctx.emu.control.requests({ path: '/v2/loyalties/programs' }).map((request) => request.query);
		expect(sent.slice(-2)).toEqual([
			{ order: '-created_at', limit: '100', 'filters[status][conditions][$is]': 'ACTIVE', 'filters[name][conditions][$contains]': 'draft' },
			{ order: '-created_at', limit: '100', 'filters[status][conditions][$is_not]': 'ACTIVE', 'filters[name][conditions][$contains]': 'draft' },
		]);
	});

	it('Program: with more programs than a page, scrolling reads every active one before any other, each once', async () => {
		const { programs } = ctx.emu.control.state;
		const template = programs.get(FIXTURES.programDraft)!;
		// newest last, alternating: a list in creation order alone would mix the statuses on every page
		for (let i = 0; i < 230; i++) {
			const id = `lprg_paging${String(i).padStart(9, '0')}`;
			const status = i % 2 === 0 ? 'ACTIVE' : 'DRAFT';
			programs.set(id, { ...template, id, name: `Paging ${i}`, status, created_at: new Date(Date.parse(template.created_at) + (i + 1) * 1000).toISOString() });
		}
		const { results, pages } = await allPages('searchPrograms', { resource: 'program', operation: 'update' });
		expect(results).toHaveLength(233);
		expect(new Set(results.map((item) => item.value)).size).toBe(233);
		const statuses = results.map((item) => /\((\w+)\)$/.exec(item.name)![1]);
		const firstOther = statuses.findIndex((status) => status !== 'ACTIVE');
		expect(firstOther).toBe(116);
		expect(statuses.slice(firstOther).every((status) => status !== 'ACTIVE')).toBe(true);
		// newest first within each group
		expect(results[0].name).toBe('Paging 228 (ACTIVE)');
		expect(results[firstOther].name).toBe('Paging 229 (DRAFT)');
		expect(pages).toBe(3);
	});
});

describe('Dropdowns loaded from the account', () => {
	it('Card Definition: every card definition by name and status, sorted', async () => {
		const options = await loadOptions('loadCardDefinitions', call({ resource: 'tierStructure', operation: 'update' }));
		expect(options).toEqual([
			{ name: 'Active card (ACTIVE)', value: FIXTURES.cardDefinitionActive, description: FIXTURES.cardDefinitionActive },
			{ name: 'Card without pending points (ACTIVE)', value: FIXTURES.cardDefinitionPendingDisabled, description: FIXTURES.cardDefinitionPendingDisabled },
			{ name: 'Draft card (DRAFT)', value: FIXTURES.cardDefinitionDraft, description: FIXTURES.cardDefinitionDraft },
		]);
	});
});

describe('A picked ID is read like a typed one', () => {
	it('Reward Assignment takes the reward and campaign from list or ID mode', async () => {
		const { items, error } = await ctx.run({
			resource: 'rewardAssignment',
			operation: 'create',
			rewardId: { __rl: true, mode: 'list', value: FIXTURES.rewardIds[4], cachedResultName: 'Reward 5' },
			campaign: { __rl: true, mode: 'id', value: ` ${FIXTURES.campaignId} ` },
			points: 25,
		} as never);
		expect(error).toBeUndefined();
		expect(ctx.sent()).toEqual([
			{ method: 'POST', path: `/v1/rewards/${FIXTURES.rewardIds[4]}/assignments`, query: {}, body: { campaign: FIXTURES.campaignId, parameters: { loyalty: { points: 25 } } } },
		]);
		expect(items[0].json).toMatchObject({ reward_id: FIXTURES.rewardIds[4], related_object_id: FIXTURES.campaignId });
	});

	it('Program Update checks a picked program against the ID pattern too', async () => {
		await ctx.expectInvalid({ resource: 'program', operation: 'update', programId: { __rl: true, mode: 'id', value: 'prog_1' }, updateFields: { name: 'x' } } as never, 'Program', /must match/);
		const { error } = await ctx.run({ resource: 'program', operation: 'update', programId: { __rl: true, mode: 'list', value: FIXTURES.programDraft }, updateFields: { name: 'Renamed' } } as never);
		expect(error).toBeUndefined();
	});
});
