import type { INodeParameters } from 'n8n-workflow';
import { FIXTURES } from '../emulator/index.cjs';
import { credentialsFor } from '../harness/emulatorCredentials.cjs';
import { listSearch } from '../harness/loadOptions.cjs';
import { useEmulator } from './v2/helpers.cjs';

/** Issue 29's smaller safety findings: projects, input encoding, connection resets, product and SKU IDs. */

const ctx = useEmulator();
const byId = (value: string) => ({ __rl: true, mode: 'id', value });
const webhooksOf = (project: string) => `/management/v1/projects/${project}/webhooks`;

describe('Project of a management operation', () => {
	it('an expression that gives an empty, null or missing project is an error naming Project, not the credential\'s project', async () => {
		const { items, error } = await ctx.run(
			{ resource: 'webhook', operation: 'getAll', returnAll: true, projectId: byId('={{ $json.project }}') } as INodeParameters,
			{ input: [{ project: FIXTURES.productionProjectId }, { project: '' }, { project: null }, {}], continueOnFail: true },
		);
		expect(error).toBeUndefined();
		const errors = items.filter((item) => item.json.error);
		expect(errors.map((item) => item.pairedItem)).toEqual([{ item: 1 }, { item: 2 }, { item: 3 }]);
		for (const item of errors) expect(item.json.error).toMatch(/^Project: its expression gave nothing \(empty, null or missing\)/);
		expect(ctx.sent().map((request) => request.path)).toEqual([webhooksOf(FIXTURES.productionProjectId)]);
	});

	it('the same in version 1, whose Project ID is text', async () => {
		const { error } = await ctx.run({ resource: 'webhook', operation: 'delete', projectId: '={{ $json.project }}', webhookId: 'wh_3' } as INodeParameters, {
			input: [{ project: '  ' }],
			typeVersion: 1,
		});
		expect(error?.message).toMatch(/^Project ID: its expression gave nothing/);
		expect(ctx.sent()).toEqual([]);
	});

	it("a saved workflow that left Project empty keeps the credential's project, as does the From List entry \"The credential's project\"", async () => {
		await ctx.run({ resource: 'webhook', operation: 'getAll', returnAll: true } as INodeParameters);
		await ctx.run({ resource: 'webhook', operation: 'getAll', returnAll: true, projectId: '' } as INodeParameters, { typeVersion: 1 });
		const found = await listSearch('searchProjects', { parameters: { resource: 'webhook', operation: 'getAll' }, credentials: credentialsFor(ctx.emu) });
		const [first] = found.results;
		expect(first.name).toBe("The credential's project");
		await ctx.run({ resource: 'webhook', operation: 'getAll', returnAll: true, projectId: { __rl: true, mode: 'list', value: first.value } } as INodeParameters);
		const webhookLists = ctx.sent().filter((request) => request.path.endsWith('/webhooks'));
		expect(webhookLists.map((request) => request.path)).toEqual([webhooksOf(FIXTURES.projectId), webhooksOf(FIXTURES.projectId), webhooksOf(FIXTURES.projectId)]);
	});

	it("Project's own operations do not offer the credential's project", async () => {
		const found = await listSearch('searchProjects', { parameters: { resource: 'project', operation: 'delete' }, credentials: credentialsFor(ctx.emu) });
		expect(found.results.map((item) => item.name)).not.toContain("The credential's project");
	});
});

describe('lone surrogates are refused in any string sent', () => {
	it('in a query filter, naming the filter', () =>
		ctx.expectInvalid({ resource: 'segment', operation: 'getAll', returnAll: true, filters: { name: 'A\uD800B' } } as INodeParameters, 'Name Contains', /broken Unicode/));

	it('in a form field, naming the field', () =>
		ctx.expectInvalid({ resource: 'oAuthToken', operation: 'introspect', accessToken: 'tok\uDC00en' } as INodeParameters, 'Access Token', /broken Unicode/));

	it('in a JSON body (a JSON parameter writes it as \\uD800), naming the body field', async () => {
		const { error, items } = await ctx.run({
			resource: 'customer',
			operation: 'upsert',
			sourceId: 'surrogate-customer',
			additionalFields: { metadataJson: '{ "note": "A\\uD800B" }' },
		} as INodeParameters);
		expect(items).toEqual([]);
		expect(error?.message).toBe('metadata.note: holds a broken Unicode character (half of a surrogate pair), which cannot be sent');
		expect(error?.description).toMatch(/Nothing was sent to the service\.$/);
		expect(ctx.emu.control.requests()).toEqual([]);
	});
});

describe('a lost connection says what happened, without advising a repeat', () => {
	it('an unsafe request whose connection was reset after the service acted: not repeated, and no "retry"', async () => {
		ctx.emu.control.setFaults({ route: '/v1/events', resetAfterProcessing: true });
		const { error } = await ctx.run({ resource: 'event', operation: 'track', eventName: FIXTURES.customEventName, customerSourceId: 'customer-1' } as INodeParameters);
		expect(error?.message).toBe('The connection was lost before the service answered; the request was not repeated, as it may have been applied');
		expect(`${error?.message} ${error?.description}`).not.toMatch(/retry the request|Retry on Fail/i);
		expect(ctx.sent()).toHaveLength(1);
	});

	it('a safe request that kept losing its connection says so, and how often it tried', async () => {
		ctx.emu.control.setFaults({ route: '/v1/segments', resetRate: 1 });
		const { error } = await ctx.run({ resource: 'segment', operation: 'getAll', returnAll: true } as INodeParameters);
		expect(error?.message).toBe('The connection was lost before the service answered');
		expect(error?.description).toMatch(/\(ECONNRESET\)/);
		expect(error?.description).toMatch(/Gave up after 5 attempts\./);
		expect(error?.message).not.toMatch(/retry/i);
	});
});

describe('product and SKU IDs: one rule, the contract\'s', () => {
	const material = {
		benefit: { resource: 'benefit', operation: 'create', name: 'A mug', benefitType: 'MATERIAL', materialProductId: 'prod_3ttSkdxGuAfcv3' },
		reward: {
			resource: 'loyaltyReward',
			operation: 'create',
			name: 'A mug',
			rewardType: 'MATERIAL',
			productId: 'prod_3ttSkdxGuAfcv3',
			costs: { cost: [{ points: 10, cardDefinitionId: FIXTURES.cardDefinitionActive }] },
		},
	};

	it.each(Object.entries(material))('%s Create sends the product ID prod_3ttSkdxGuAfcv3, which the contract\'s pattern takes', async (_kind, parameters) => {
		await ctx.run(parameters as INodeParameters);
		expect(JSON.stringify(ctx.sent()[0]?.body)).toContain('"prod_3ttSkdxGuAfcv3"');
	});

	it.each([
		['benefit', { ...material.benefit, materialProductId: 'product_1' }, 'Product ID'],
		['reward', { ...material.reward, productId: 'product_1' }, 'Product ID'],
		['benefit', { ...material.benefit, materialProductId: FIXTURES.productId, materialSkuId: 'sku-1' }, 'SKU ID'],
		['reward', { ...material.reward, productId: FIXTURES.productId, skuId: 'sku-1' }, 'SKU ID'],
	])('%s Create refuses what the pattern does not take (%#)', (_kind, parameters, field) =>
		ctx.expectInvalid(parameters as INodeParameters, field, /must match \^(prod|sku)_\[a-f0-9\]\+, e\.g\./));
});
