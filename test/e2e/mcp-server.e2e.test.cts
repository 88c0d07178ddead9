/**
 * The node's operations over MCP in a real n8n 2.41.1 (`n8n start`): the MCP server example
 * (examples/loyalty-mcp-server.json: n8n's MCP Server Trigger with 16 Loyalty Promotions tools, Bearer auth),
 * published, with the official MCP TypeScript SDK (@modelcontextprotocol/sdk, Streamable HTTP) as the client: the
 * tools listed (names, descriptions, schemas), each read and each write called against the emulator, bad arguments
 * answered as MCP error results with nothing sent, the trigger's token required, and the whole path from a customer's
 * email to both loyalty writes played with the example's tools only.
 */
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { FIXTURES } from '../emulator/index.cjs';
import { startStack, type Stack } from './stack.cjs';
import { connectMcp, resultText, whenDatabaseReady } from './ai/clients.cjs';

const { example } = require('./examples');
const { mcpBearerCredential } = require('./ai/aiExamples');
const { cardOf, affordableRewards } = require('./ai/supportScript');

const { workflow } = example('loyalty-mcp-server.json');
const trigger = workflow.nodes.find((n: any) => n.type === '@n8n/n8n-nodes-langchain.mcpTrigger');
const TOKEN = 'mcp-e2e-token-7f3a9c1d5e';
/** An order as the service's best-deals tool takes it: items with a product, a quantity and a price in hundredths. */
const ORDER = { items: [{ product_id: FIXTURES.productId, quantity: 2, price: 2000 }] };
const MEMBER_PATH = `/v2/loyalties/programs/${FIXTURES.programActive}/members/${FIXTURES.memberId}`;

let stack: Stack;
let client: Client;
let mcpUrl: URL;

const connect = (token?: string): Promise<Client> => connectMcp(mcpUrl, token, 'lp-e2e');

beforeAll(async () => {
	stack = await startStack('mcp-server', [workflow]);
	await stack.n8n.importCredentials([mcpBearerCredential(TOKEN)]);
	await stack.n8n.publish(workflow.id);
	await stack.n8n.start({ timeoutMs: 420000 });
	mcpUrl = new URL(`${stack.n8n.baseUrl}/mcp/${trigger.parameters.path}`);
	client = await connect(TOKEN);
}, 15 * 60 * 1000);

afterAll(async () => {
	await client?.close().catch(() => undefined);
	await stack?.teardown();
}, 60000);

/** Call a tool with the emulator's request log cleared: the result's text, isError, and the requests it caused. */
async function call(name: string, args: Record<string, unknown>) {
	stack.emulator.control.clearRequests();
	const result: any = await whenDatabaseReady(mcpUrl, () => client.callTool({ name, arguments: args }));
	const text = resultText(result);
	const sent = stack.emulator.control.requests().filter((r: any) => !/oauth/.test(r.path));
	return { text, isError: Boolean(result.isError), sent: sent.map((r: any) => ({ route: `${r.method} ${r.path.split('?')[0]}`, status: r.status, body: r.body, query: r.query })) };
}

const READS: Array<[tool: string, args: Record<string, unknown>, route: string, expected: string]> = [
	['Find_Customer', { email: 'customer-1@example.com' }, 'GET /v1/customers', FIXTURES.customerId],
	['Get_Campaign', { campaignId: FIXTURES.discountCampaignId }, `GET /v1/campaigns/${FIXTURES.discountCampaignId}`, FIXTURES.discountCampaignId],
	['List_Campaigns', {}, 'GET /v1/campaigns', FIXTURES.discountCampaignId],
	['Get_Campaign_Summary', { campaignId: FIXTURES.discountCampaignId }, `GET /v1/campaigns/${FIXTURES.discountCampaignId}/summary`, '"'],
	['Get_Voucher', { code: 'SAVE10-A' }, 'GET /v1/vouchers/SAVE10-A', '"code":"SAVE10-A"'],
	['Get_Promotion_Tier', { promotionTierId: FIXTURES.promotionTierIds[0] }, `GET /v1/promotions/tiers/${FIXTURES.promotionTierIds[0]}`, FIXTURES.promotionTierIds[0]],
	['Check_Qualifications', { customer: FIXTURES.customerId, scenario: 'ALL' }, 'POST /v1/qualifications', '"'],
	['Find_Best_Deals', { customer: FIXTURES.customerId, order: ORDER }, 'POST /v1/qualifications', '"'],
	['List_Products', {}, 'GET /v1/products', '"'],
	['Get_Loyalty_Membership', { customerId: FIXTURES.customerId }, `GET /v2/loyalties/programs/${FIXTURES.programActive}/memberships/${FIXTURES.customerId}`, FIXTURES.cardId],
	['Get_Rewards_for_Member', { memberId: FIXTURES.memberId }, 'POST /v2/loyalties/examine/rewards', '"AVAILABLE"'],
];

const WRITES: Array<[tool: string, args: Record<string, unknown>, route: string, expected: string]> = [
	['Publish_Voucher', { campaignId: FIXTURES.welcomeCampaignId, customer: FIXTURES.customerId }, 'POST /v1/publications', 'WELCOME-'],
	['Validate_Voucher', { code: 'SAVE10-B', customer: FIXTURES.customerId, orderAmount: 50 }, 'POST /v1/validations', '"valid":true'],
	['Redeem_Voucher', { code: 'SAVE10-B', customer: FIXTURES.customerId, orderAmount: 50 }, 'POST /v1/redemptions', 'SUCCESS'],
	['Add_Loyalty_Points', { memberId: FIXTURES.memberId, cardId: FIXTURES.cardId, points: 25, reason: 'MCP goodwill' }, `POST ${MEMBER_PATH}/cards/${FIXTURES.cardId}/points`, '"transaction"'],
	['Purchase_Reward', { memberId: FIXTURES.memberId, rewardId: FIXTURES.programRewardUnlimitedId }, `POST ${MEMBER_PATH}/rewards/purchases`, FIXTURES.programRewardUnlimitedId],
];

test('lists the 16 tools with their descriptions and the $fromAI arguments as JSON schemas', async () => {
	const { tools } = await client.listTools();
	expect(tools.map((t) => t.name).sort()).toEqual([...READS, ...WRITES].map(([name]) => name).sort());
	// each tool's description is its node's Tool Description (Set Manually): short, and a write says what it changes
	const described = Object.fromEntries(workflow.nodes.filter((n: any) => n.parameters.toolDescription).map((n: any) => [n.name.replace(/ /g, '_'), n.parameters.toolDescription]));
	for (const t of tools) {
		expect({ tool: t.name, description: t.description }).toEqual({ tool: t.name, description: described[t.name] });
		expect(t.description!.length).toBeLessThanOrEqual(200);
		expect(t.inputSchema.type).toBe('object');
	}
	for (const [tool] of READS) expect(described[tool]).toMatch(/Reads only\.$/);
	for (const [tool] of WRITES) expect(described[tool]).not.toMatch(/Reads only/);
	const points = tools.find((t) => t.name === 'Add_Loyalty_Points')!;
	expect(points.inputSchema).toMatchObject({
		properties: { memberId: { type: 'string' }, cardId: { type: 'string' }, points: { type: 'number' }, reason: { type: 'string' } },
		required: ['memberId', 'cardId', 'points', 'reason'],
	});
	expect(tools.find((t) => t.name === 'List_Products')!.inputSchema.required ?? []).toEqual([]);
});

/** What each read returned to the MCP client, in bytes (the node's Output: Simplified, its default). */
const readBytes = new Map<string, number>();

test.each(READS)('read %s: one GET/POST to the service, its answer as the result', async (tool, args, route, expected) => {
	const { text, isError, sent } = await call(tool, args);
	readBytes.set(tool, Buffer.byteLength(text));
	expect({ isError, found: text.includes(expected) }).toEqual({ isError: false, found: true });
	expect(sent.map((r) => r.route)).toEqual([route]);
	expect(sent[0].status).toBeLessThan(300);
}, 60000);

test('what each read returns is small: simplified, at most 12 KB (recorded in docs/mcp-tool-bytes.md)', () => {
	expect([...readBytes.keys()].sort()).toEqual(READS.map(([tool]) => tool).sort());
	const rows = READS.map(([tool]) => `| ${tool} | ${readBytes.get(tool)!.toLocaleString('en')} |`);
	const table = ['| Tool (read) | Bytes returned |', '|---|---|', ...rows].join('\n');
	process.stderr.write(`[mcp] bytes each read returns:\n${table}\n`);
	if (process.env.LP_UPDATE_DOCS === '1') {
		const intro = '# What each read returns over MCP\n\nRecorded by `test/e2e/mcp-server.e2e.test.cts` (`LP_UPDATE_DOCS=1`) against the emulator\'s seeded data: the text of each\nread tool\'s result in `examples/loyalty-mcp-server.json`, with the node\'s Output at its default, Simplified.\n\n';
		require('fs').writeFileSync(require('path').join(__dirname, '../../docs/mcp-tool-bytes.md'), `${intro}${table}\n`);
	}
	for (const bytes of readBytes.values()) expect(bytes).toBeLessThanOrEqual(12_000);
});

test("reads pass the arguments on: the email filter, the model's scenario, Best Deals' order items and sorting", async () => {
	expect((await call('Find_Customer', { email: 'customer-1@example.com' })).sent[0].query).toMatchObject({ email: 'customer-1@example.com' });
	const wallet = await call('Check_Qualifications', { customer: FIXTURES.customerId, scenario: 'CUSTOMER_WALLET' });
	expect(wallet.sent[0].body).toMatchObject({ scenario: 'CUSTOMER_WALLET', customer: { id: FIXTURES.customerId }, options: { limit: 10 } });
	const best = await call('Find_Best_Deals', { customer: FIXTURES.customerId, order: ORDER });
	expect(best.sent[0].body).toEqual({
		scenario: 'PRODUCTS_DISCOUNT_BY_CUSTOMER',
		customer: { id: FIXTURES.customerId },
		order: ORDER,
		options: { limit: 5, sorting_rule: 'BEST_DEAL' },
	});
	// a scenario the service does not have is refused by the node, naming the field, before anything is sent
	const unknown = await call('Check_Qualifications', { customer: FIXTURES.customerId, scenario: 'EVERYTHING' });
	expect({ isError: unknown.isError, namesField: /Scenario/.test(unknown.text), sent: unknown.sent }).toEqual({ isError: true, namesField: true, sent: [] });
}, 60000);

test.each(WRITES)('write %s: sent exactly once, its answer as the result', async (tool, args, route, expected) => {
	const { text, isError, sent } = await call(tool, args);
	expect({ isError, found: text.includes(expected) }).toEqual({ isError: false, found: true });
	expect(sent.filter((r) => r.route === route)).toHaveLength(1);
	expect(sent.filter((r) => r.route !== route && !r.route.startsWith('GET'))).toEqual([]);
}, 60000);

test.each([
	['0 points', 'Add_Loyalty_Points', { memberId: FIXTURES.memberId, cardId: FIXTURES.cardId, points: 0, reason: 'x' }, /Points/],
	['a fraction of a point', 'Add_Loyalty_Points', { memberId: FIXTURES.memberId, cardId: FIXTURES.cardId, points: 1.5, reason: 'x' }, /Points/],
	['an invalid card ID', 'Add_Loyalty_Points', { memberId: FIXTURES.memberId, cardId: 'card-1', points: 5, reason: 'x' }, /Card/],
	['an invalid reward ID', 'Purchase_Reward', { memberId: FIXTURES.memberId, rewardId: 'reward-1' }, /Reward/],
] as Array<[string, string, Record<string, unknown>, RegExp]>)('bad argument (%s): an MCP error result naming the field, nothing sent', async (_what, tool, args, field) => {
	const { text, isError, sent } = await call(tool, args);
	expect(isError).toBe(true);
	expect(text).toMatch(field);
	expect(text).toContain('Nothing was sent to the service');
	// the node's message carries its description as n8n's tool wrapper words it, so n8n does not add it again
	expect(text.match(/Details:/g)).toHaveLength(1);
	expect(sent).toEqual([]);
}, 60000);

test.each([
	['1e9 points', 1e9, /Points: is at most 1000 in size per call \(Max Points per Call\)/],
	['-5 points (a debit)', -5, /Points: must be above 0: Allowed Changes is Add Only/],
] as Array<[string, number, RegExp]>)('a bound the model cannot pass (%s): an MCP error result naming it, nothing sent', async (_what, points, message) => {
	const { text, isError, sent } = await call('Add_Loyalty_Points', { memberId: FIXTURES.memberId, cardId: FIXTURES.cardId, points, reason: 'x' });
	expect(isError).toBe(true);
	expect(text).toMatch(message);
	expect(sent).toEqual([]);
}, 60000);

test('not found: the headline names what was not found; an empty search says so in words', async () => {
	const card = await call('Add_Loyalty_Points', { memberId: FIXTURES.memberId, cardId: 'lcrd_00000000000ff', points: 5, reason: 'x' });
	expect(card.isError).toBe(true);
	expect(card.text.split('\n')[0]).toMatch(/Resource not found: Cannot find card with id lcrd_00000000000ff/);
	const nobody = await call('Find_Customer', { email: 'nobody@example.com' });
	expect({ isError: nobody.isError, result: JSON.parse(nobody.text) }).toEqual({
		isError: false,
		result: [{ found: 0, message: 'Nothing found: "Get many customers" returned no results for email "nobody@example.com".' }],
	});
}, 60000);

test('a write whose connection was lost after the service applied it: the headline says "not repeated", never "retry"', async () => {
	const route = `${MEMBER_PATH}/cards/${FIXTURES.cardId}/points`;
	stack.emulator.control.setFaults({ route, method: 'POST', resetAfterProcessing: true });
	try {
		const { text, isError, sent } = await call('Add_Loyalty_Points', { memberId: FIXTURES.memberId, cardId: FIXTURES.cardId, points: 5, reason: 'x' });
		expect(isError).toBe(true);
		expect(text.split('\n')[0]).toMatch(/The connection was lost before the service answered; the request was not repeated, as it may have been applied/);
		expect(text).not.toMatch(/retry the request/i);
		expect(sent.filter((r) => r.route === `POST ${route}`)).toHaveLength(1);
	} finally {
		stack.emulator.control.setFaults(null);
	}
}, 60000);

test("the whole path from a customer's email, with the example's tools only: member, card, the card's balance, affordable rewards, both writes", async () => {
	const customer = await call('Find_Customer', { email: 'customer-1@example.com' });
	const customerId = /"(cust_[a-zA-Z0-9]+)"/.exec(customer.text)![1];
	// the customer's profile no longer carries the v1 loyalty summary (points 0) a model would read as the balance
	expect(customer.text).not.toContain('"loyalty"');
	const membership = await call('Get_Loyalty_Membership', { customerId });
	const { memberId, cardId, balance } = cardOf({ content: membership.text });
	expect({ memberId, cardId, balance }).toEqual({ memberId: FIXTURES.memberId, cardId: FIXTURES.cardId, balance: stack.emulator.control.state.cards.get(FIXTURES.cardId)!.points });
	const rewards = await call('Get_Rewards_for_Member', { memberId });
	const affordable = affordableRewards({ content: rewards.text }, cardId, balance);
	expect(affordable.length).toBeGreaterThan(0);
	const added = await call('Add_Loyalty_Points', { memberId, cardId, points: 20, reason: 'Goodwill' });
	expect({ isError: added.isError, writes: added.sent.filter((r) => r.route.startsWith('POST')).map((r) => r.body) }).toEqual({ isError: false, writes: [{ points: 20, reason: 'Goodwill' }] });
	const purchased = await call('Purchase_Reward', { memberId, rewardId: affordable[0].rewardId });
	expect(purchased.isError).toBe(false);
	expect(purchased.sent.filter((r) => r.route.startsWith('POST')).map((r) => r.body)).toEqual([expect.objectContaining({ reward_id: affordable[0].rewardId })]);
}, 120000);

test("the trigger's Bearer token is required: none or a wrong one is refused before any tool runs", async () => {
	stack.emulator.control.clearRequests();
	await expect(connect()).rejects.toThrow(/Authorization|401|403/i);
	await expect(connect('not-the-token')).rejects.toThrow(/Authorization data is wrong|401|403/i);
	const raw = await fetch(mcpUrl, {
		method: 'POST',
		headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
		body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'Add_Loyalty_Points', arguments: { memberId: FIXTURES.memberId, cardId: FIXTURES.cardId, points: 5, reason: 'x' } } }),
	});
	expect([401, 403]).toContain(raw.status);
	expect(stack.emulator.control.requests()).toEqual([]);
}, 60000);

describe('budgets and per-call bounds a token holder cannot exceed (issue 42)', () => {
	const node = (name: string) => workflow.nodes.find((n: any) => n.name === name).parameters;
	const POINTS_BUDGET: number = node('Add Loyalty Points').maxPointsPerMember;
	const PURCHASES_BUDGET: number = node('Purchase Reward').maxPurchasesPerMember;
	const dayAgo = () => Date.now() - 24 * 3_600_000;
	const memberCards = () => [...stack.emulator.control.state.cards.values()].filter((card) => card.member_id === FIXTURES.memberId).map((card) => card.id);
	/** What the service's history holds for the member in the window, as the budget counts it. */
	const pointsInWindow = () =>
		memberCards()
			.flatMap((card) => stack.emulator.control.state.cardTransactions.get(card) ?? [])
			.filter((tx: any) => ['ADMIN_CREDIT', 'ADMIN_DEBIT'].includes(tx.type) && tx.status !== 'REJECTED' && Date.parse(tx.created_at) > dayAgo())
			.reduce((sum: number, tx: any) => sum + Math.abs(tx.details.points.total), 0);
	const purchasesInWindow = () =>
		(stack.emulator.control.state.rewardTransactions.get(FIXTURES.memberId) ?? []).filter((tx: any) => tx.type === 'PURCHASE' && tx.status !== 'REJECTED' && Date.parse(tx.created_at) > dayAgo()).length;
	const posts = (sent: Array<{ route: string }>) => sent.filter((r) => r.route.startsWith('POST'));

	test(`20 × Add_Loyalty_Points 1,000: applied up to Max Points per Member per Window (${POINTS_BUDGET}), then refused naming it, nothing written`, async () => {
		const fits = Math.floor((POINTS_BUDGET - pointsInWindow()) / 1000);
		const results = [];
		for (let n = 0; n < 20; n++) results.push(await call('Add_Loyalty_Points', { memberId: FIXTURES.memberId, cardId: FIXTURES.cardId, points: 1000, reason: 'loop' }));
		expect(results.slice(0, fits).map((r) => [r.isError, posts(r.sent).length])).toEqual(Array(fits).fill([false, 1]));
		for (const refused of results.slice(fits)) {
			expect(refused.isError).toBe(true);
			expect(refused.text).toMatch(/Max Points per Member per Window: is 5000 points in 24 h, and the member already has \d+ in the window that ends \S+, so this call's 1000 is refused/);
			expect(posts(refused.sent)).toEqual([]);
		}
		expect(pointsInWindow()).toBeLessThanOrEqual(POINTS_BUDGET);
	}, 600000);

	test(`20 × Purchase_Reward: purchases up to Max Purchases per Member per Window (${PURCHASES_BUDGET}), then refused naming it`, async () => {
		const fits = PURCHASES_BUDGET - purchasesInWindow();
		const results = [];
		for (let n = 0; n < 20; n++) results.push(await call('Purchase_Reward', { memberId: FIXTURES.memberId, rewardId: FIXTURES.programRewardUnlimitedId }));
		expect(results.filter((r) => !r.isError)).toHaveLength(fits);
		for (const refused of results.slice(fits)) {
			expect(refused.text).toMatch(/Max Purchases per Member per Window: is 5 purchases in 24 h/);
			expect(posts(refused.sent)).toEqual([]);
		}
		expect(purchasesInWindow()).toBe(PURCHASES_BUDGET);
	}, 600000);

	/**
	 * Per budgeted tool: its arguments, what one accepted call moves, the budget in that unit, a fresh window (the
	 * member's or customer's history emptied, enough points or money to pay every call), and what the service holds.
	 */
	const state = () => stack.emulator.control.state;
	const SIMULTANEOUS: Array<{ tool: string; budget: () => number; perCall: number; args: Record<string, unknown>; fresh: () => void; held: () => number }> = [
		{
			tool: 'Add_Loyalty_Points',
			budget: () => POINTS_BUDGET,
			perCall: 1000,
			args: { memberId: FIXTURES.memberId, cardId: FIXTURES.cardId, points: 1000, reason: 'simultaneous' },
			fresh: () => memberCards().forEach((card) => state().cardTransactions.set(card, [])),
			held: () => state().cards.get(FIXTURES.cardId)?.points ?? 0,
		},
		{
			tool: 'Purchase_Reward',
			budget: () => PURCHASES_BUDGET,
			perCall: 1,
			args: { memberId: FIXTURES.memberId, rewardId: FIXTURES.programRewardUnlimitedId },
			fresh: () => {
				state().rewardTransactions.set(FIXTURES.memberId, []);
				for (const card of memberCards()) state().cards.get(card)!.points = 10_000_000;
			},
			held: () => (state().rewardTransactions.get(FIXTURES.memberId) ?? []).filter((tx: any) => tx.type === 'PURCHASE' && tx.refunded !== true).length,
		},
		{
			tool: 'Redeem_Voucher',
			budget: () => Math.round(node('Redeem Voucher').maxAmountPerCustomer * 100),
			perCall: 20_000,
			args: { code: FIXTURES.giftCode, customer: FIXTURES.customerId, orderAmount: 200 },
			fresh: () => {
				for (const [id, r] of state().redemptions) if ((r as any).customer_id === FIXTURES.customerId) state().redemptions.delete(id);
				const card = state().findVoucher(FIXTURES.giftCode)!;
				card.gift = { ...card.gift!, amount: 5_000_000, balance: 5_000_000 };
			},
			held: () => -(state().findVoucher(FIXTURES.giftCode)!.gift!.balance ?? 0),
		},
	];

	// 16 sessions opened once for the three tools (opening them costs more than the calls)
	let simultaneous: Promise<Awaited<ReturnType<typeof connectMcp>>[]> | undefined;
	afterAll(async () => {
		for (const session of (await simultaneous) ?? []) await session.close().catch(() => undefined);
	});

	test.each(SIMULTANEOUS.map((entry) => [entry.tool, entry] as const))('16 MCP sessions call %s at the same moment: what the service holds ends at the budget, each call past it undone and refused naming it', async (_tool, { tool, budget, perCall, args, fresh, held }) => {
		fresh();
		const before = held();
		const sessions = await (simultaneous ??= Promise.all(Array.from({ length: 16 }, (_, n) => connectMcp(mcpUrl, TOKEN, `lp-e2e-simultaneous-${n}`))));
		try {
			const results: any[] = await Promise.all(sessions.map(async (session) => await whenDatabaseReady(mcpUrl, () => session.callTool({ name: tool, arguments: args }))));
			const accepted = results.filter((result) => !result.isError).length;
			expect(held() - before).toBe(accepted * perCall);
			// the writes that fit in the service's order are kept, to the budget; the rest undone (a call past the member's
			// budget may also be past the program's total, counted in the same order, and be refused naming that one)
			expect(held() - before).toBe(Math.floor(budget() / perCall) * perCall);
			for (const refused of results.filter((result) => result.isError)) expect(resultText(refused)).toMatch(/Max (Points|Purchases|Amount) per ((Member|Customer) per )?Window: is /);
		} finally {
			// the window emptied again for the tests after
			fresh();
		}
	}, 600000);

	/**
	 * A token's totals, the example's budgets over all members or customers: each call names another member of the
	 * program (Members spread beside the fixtures' one, each with a card) or a customer made up for it, so no budget
	 * per member or customer binds, and the calls go out at the same moment over the 16 sessions.
	 */
	const SPREAD = Array.from({ length: 20 }, (_, i) => ({ memberId: `lmbr_00000000e${i.toString(16).padStart(3, '0')}`, cardId: `lcrd_00000000e${i.toString(16).padStart(3, '0')}` }));
	const SPREAD_POINTS = 10_000_000;
	let madeUp = 0;
	const madeUpCustomer = () => `made-up-e2e-total-${++madeUp}`;
	const spreadMembers = () => {
		const member = state().members.get(FIXTURES.memberId)!;
		const card = state().cards.get(FIXTURES.cardId)!;
		for (const { memberId, cardId } of SPREAD) {
			state().members.set(memberId, { ...member, id: memberId });
			state().cards.set(cardId, { ...card, id: cardId, member_id: memberId, code: `LC-${cardId.slice(-6)}`, points: SPREAD_POINTS });
			state().cardTransactions.set(cardId, []);
		}
	};
	const spreadBalance = () => SPREAD.reduce((sum, { cardId }) => sum + (state().cards.get(cardId)?.points ?? 0), 0);
	const welcomeCodes = () => [...state().vouchers.values()].filter((v: any) => v.campaign_id === FIXTURES.welcomeCampaignId && v.holder_id && v.active).length;
	const TOTALS: Array<{ tool: string; budget: () => number; perCall: number; calls: number; args: (n: number) => Record<string, unknown>; fresh: () => void; held: () => number }> = [
		{
			tool: 'Add_Loyalty_Points',
			budget: () => node('Add Loyalty Points').maxPointsPerWindow,
			perCall: 1000,
			calls: 16,
			args: (n) => ({ ...SPREAD[n % SPREAD.length], points: 1000, reason: 'total' }),
			fresh: () => {
				spreadMembers();
				memberCards().forEach((card) => state().cardTransactions.set(card, []));
			},
			held: spreadBalance,
		},
		{
			tool: 'Purchase_Reward',
			budget: () => node('Purchase Reward').maxPurchasesPerWindow,
			perCall: 1,
			calls: 32,
			args: (n) => ({ memberId: SPREAD[n % SPREAD.length].memberId, rewardId: FIXTURES.programRewardUnlimitedId }),
			fresh: () => {
				spreadMembers();
				state().rewardTransactions.clear();
			},
			held: () => [...state().rewardTransactions.values()].flat().filter((tx: any) => tx.type === 'PURCHASE' && tx.refunded !== true).length,
		},
		{
			tool: 'Redeem_Voucher',
			budget: () => Math.round(node('Redeem Voucher').maxAmountPerWindow * 100),
			perCall: 20_000,
			calls: 16,
			args: () => ({ code: FIXTURES.giftCode, customer: madeUpCustomer(), orderAmount: 200 }),
			fresh: () => {
				state().redemptions.clear();
				const card = state().findVoucher(FIXTURES.giftCode)!;
				// a gift card held by no one, as a shop's card any customer may pay with
				delete card.holder_id;
				card.gift = { ...card.gift!, amount: 5_000_000, balance: 5_000_000 };
			},
			held: () => -(state().findVoucher(FIXTURES.giftCode)!.gift!.balance ?? 0),
		},
		{
			tool: 'Publish_Voucher',
			budget: () => node('Publish Voucher').maxVouchersPerWindow,
			perCall: 1,
			calls: 64,
			args: () => ({ campaignId: FIXTURES.welcomeCampaignId, customer: madeUpCustomer() }),
			fresh: () => {
				state().publications.length = 0;
			},
			held: welcomeCodes,
		},
	];

	test.each(TOTALS.map((entry) => [entry.tool, entry.calls, entry] as const))("%s × %i at the same moment over the 16 sessions, each for another member or a made-up customer: the token's total holds, each call past it undone and refused naming it", async (_tool, _calls, { tool, budget, perCall, calls, args, fresh, held }) => {
		const holder = state().findVoucher(FIXTURES.giftCode)!.holder_id;
		fresh();
		const before = held();
		expect(calls * perCall).toBeGreaterThan(budget());
		const sessions = await (simultaneous ??= Promise.all(Array.from({ length: 16 }, (_, n) => connectMcp(mcpUrl, TOKEN, `lp-e2e-simultaneous-${n}`))));
		try {
			const results: any[] = await Promise.all(Array.from({ length: calls }, (_, n) => whenDatabaseReady(mcpUrl, () => sessions[n % sessions.length].callTool({ name: tool, arguments: args(n) }))));
			const accepted = results.filter((result) => !result.isError).length;
			expect(held() - before).toBe(accepted * perCall);
			expect(held() - before).toBe(Math.floor(budget() / perCall) * perCall);
			for (const refused of results.filter((result) => result.isError)) expect(resultText(refused)).toMatch(/Max (Points|Purchases|Amount|Vouchers) per Window: is /);
		} finally {
			fresh();
			if (holder) state().findVoucher(FIXTURES.giftCode)!.holder_id = holder;
		}
	}, 600000);

	test('the gift-card drain: Redeem_Voucher with an order of 50,000.00 is refused in one call naming Max Amount per Call, nothing sent, the card untouched', async () => {
		const card = stack.emulator.control.state.findVoucher(FIXTURES.giftCode)!;
		const balance = card.gift!.balance;
		const { text, isError, sent } = await call('Redeem_Voucher', { code: FIXTURES.giftCode, customer: FIXTURES.customerId, orderAmount: 50000 });
		expect(isError).toBe(true);
		expect(text).toMatch(/Redeemables: together at most 10000\.00 per call \(Max Amount per Call\), got 50000\.00/);
		expect(sent).toEqual([]);
		expect(stack.emulator.control.state.findVoucher(FIXTURES.giftCode)!.gift!.balance).toBe(balance);
	}, 60000);

	test('the gift-card drain over many calls: 10 × Redeem_Voucher of a 200.00 order on a 50,000.00 card, paid up to Max Amount per Customer per Window (500.00), then refused naming it, nothing sent', async () => {
		const MONEY_BUDGET = Math.round(node('Redeem Voucher').maxAmountPerCustomer * 100);
		const card = stack.emulator.control.state.findVoucher(FIXTURES.giftCode)!;
		card.gift = { ...card.gift!, amount: 5_000_000, balance: 5_000_000 };
		/** What gift cards paid for the customer in the window, from the service's redemptions, as the budget counts it. */
		const paidInWindow = () =>
			[...stack.emulator.control.state.redemptions.values()]
				.filter((r: any) => r.object === 'redemption' && r.customer_id === FIXTURES.customerId && r.result === 'SUCCESS' && Date.parse(r.created_at) > dayAgo())
				.reduce((sum: number, r: any) => sum + (r.gift?.amount ?? 0), 0);
		const fits = Math.floor((MONEY_BUDGET - paidInWindow()) / 20_000);
		expect(fits).toBeGreaterThan(0);
		const results = [];
		for (let n = 0; n < 10; n++) results.push(await call('Redeem_Voucher', { code: FIXTURES.giftCode, customer: FIXTURES.customerId, orderAmount: 200 }));
		expect(results.slice(0, fits).map((r) => [r.isError, posts(r.sent).length])).toEqual(Array(fits).fill([false, 1]));
		for (const refused of results.slice(fits)) {
			expect(refused.isError).toBe(true);
			expect(refused.text).toMatch(/Max Amount per Customer per Window: is 500\.00 redeemed in 24 h, and the customer already has \d+\.\d\d in the window that ends \S+, so this call's 200\.00 is refused/);
			expect(posts(refused.sent)).toEqual([]);
		}
		expect(stack.emulator.control.state.findVoucher(FIXTURES.giftCode)!.gift!.balance).toBe(5_000_000 - fits * 20_000);
		expect(paidInWindow()).toBeLessThanOrEqual(MONEY_BUDGET);
	}, 600000);

	test('no MCP tool annotations: n8n 2.41.1 lists name, description and inputSchema only (docs/ai.md says so)', async () => {
		const { tools } = await client.listTools();
		expect(tools.filter((t) => (t as any).annotations !== undefined)).toEqual([]);
	});
});
