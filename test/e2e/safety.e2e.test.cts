/**
 * The node's safety bounds (docs/safety.md) where n8n's own engine matters, in a
 * real n8n 2.41.1 with `n8n execute`, against the in-process emulator scripted to misbehave: an hour-long
 * Retry-After, cursors that come round again, a redirect to another origin (a second emulator records what
 * reaches it), a Base URL with a password, a credential the resource cannot use (as an imported or AI-built
 * workflow carries it), an expression yielding an object or a Luxon DateTime, and n8n's Retry On Fail rerunning
 * the whole node; an item's Discount Type other than the panel's, a Category ID beyond 2^53, and a bound saved as an expression.
 */
import { FIXTURES, startEmulator, type RunningEmulator } from '../emulator/index.cjs';
import { startSlowService, type SlowService } from '../harness/slowService.cjs';
import { nodeOutput, startStack, type Stack } from './stack.cjs';

const { CREDENTIAL_IDS } = require('./examples');

const LP = 'n8n-nodes-loyalty-promotions.loyaltyPromotions';
const APP = { loyaltyPromotionsAppApi: { id: CREDENTIAL_IDS.app, name: 'Loyalty Promotions App Keys (demo)' } };
const MANAGEMENT = { loyaltyPromotionsManagementApi: { id: CREDENTIAL_IDS.management, name: 'Loyalty Promotions Management (demo)' } };
const OAUTH = { loyaltyPromotionsOAuth2Api: { id: CREDENTIAL_IDS.oauth, name: 'Loyalty Promotions OAuth2 (demo)' } };
const PASSWORD_IN_URL = { loyaltyPromotionsAppApi: { id: 'lp-app-userinfo', name: 'app keys, password in the Base URL' } };
const SLOW = { loyaltyPromotionsAppApi: { id: 'lp-app-slow', name: 'app keys, a service that answers slowly' } };

const manual = { id: 'safety-manual', name: 'Manual', type: 'n8n-nodes-base.manualTrigger', typeVersion: 1, position: [0, 0], parameters: {} };

/** Manual trigger → (Code node giving `items`) → one Loyalty Promotions node named `name`. */
function workflow(id: string, node: Record<string, unknown>, items?: object[]) {
	const name = String(node.name);
	const code = items && {
		id: `${id}-code`,
		name: 'Items',
		type: 'n8n-nodes-base.code',
		typeVersion: 2,
		position: [200, 0],
		parameters: { jsCode: `return ${JSON.stringify(items)}.map((json) => ({ json }));` },
	};
	return {
		id,
		name: `e2e safety: ${id}`,
		active: false,
		settings: { executionOrder: 'v1' },
		nodes: [manual, ...(code ? [code] : []), { id: `${id}-node`, typeVersion: 1, position: [400, 0], type: LP, ...node }],
		connections: code
			? { Manual: { main: [[{ node: 'Items', type: 'main', index: 0 }]] }, Items: { main: [[{ node: name, type: 'main', index: 0 }]] } }
			: { Manual: { main: [[{ node: name, type: 'main', index: 0 }]] } },
	};
}

const WORKFLOWS = {
	returnAllChanging: workflow('e2eSafeReturnAll1', { name: 'Customers', parameters: { resource: 'customer', operation: 'getAll', returnAll: true, filters: {}, options: {} }, credentials: APP }),
	redeemHtml: workflow('e2eSafeRedeemHt1', {
		name: 'Redeem',
		parameters: {
			resource: 'redemption',
			operation: 'redeem',
			redeemables: { redeemable: [{ type: 'voucher', code: FIXTURES.percentCode }] },
			additionalFields: { orderAmount: 50 },
			options: {},
		},
		credentials: APP,
	}),
	download: workflow('e2eSafeDownload01', {
		name: 'Download',
		parameters: { resource: 'export', operation: 'download', exportId: FIXTURES.exportId, maxFileMb: 10, options: {} },
		credentials: APP,
	}),
	slowStatus: workflow('e2eSafeSlowStat01', {
		name: 'Download',
		parameters: { resource: 'export', operation: 'download', exportId: 'exp_slow', waitSeconds: 2, options: {} },
		credentials: SLOW,
	}),
	// issue 43: the item's Discount Type differs from the panel's; a Category ID beyond 2^53 from an expression
	controlInItem: workflow(
		'e2eSafeControl001',
		{
			name: 'Import',
			typeVersion: 3,
			parameters: { resource: 'voucher', operation: 'import', recordFields: 'auto', type: 'DISCOUNT_VOUCHER', discountType: 'AMOUNT', amountOff: 10, additionalFields: {} },
			credentials: APP,
		},
		[{ code: 'C1', discount_type: 'PERCENT', percent_off: 20 }],
	),
	unsafeCategory: workflow('e2eSafeCategory01', {
		name: 'Vouchers',
		typeVersion: 3,
		parameters: { resource: 'voucher', operation: 'getAll', filters: { category: '={{ 12345678901234567890 }}' }, options: {} },
		credentials: APP,
	}),
	// issue 50: a bound saved as an expression (n8n strips its "=" before the node sees it: noDataExpression)
	boundAsExpression: workflow('e2eSafeBoundExpr1', {
		name: 'Adjust',
		typeVersion: 3,
		parameters: { resource: 'voucher', operation: 'adjustBalance', code: FIXTURES.giftCode, cardType: 'gift', amount: 15000, maxAmountPerCall: '=20000', additionalFields: {}, options: {} },
		credentials: APP,
	}),
	retryAfter: workflow('e2eSafeRetryAftr1', { name: 'Categories', parameters: { resource: 'category', operation: 'getAll', returnAll: true, options: {} }, credentials: APP }),
	cursorCycle: workflow('e2eSafeCursorCyc1', {
		name: 'Activity',
		parameters: { resource: 'loyaltyMember', operation: 'getActivity', memberId: FIXTURES.memberWithManyActivities, returnAll: true, options: {} },
		credentials: APP,
	}),
	redirect: workflow('e2eSafeRedirect01', { name: 'Webhooks', parameters: { resource: 'webhook', operation: 'getAll', returnAll: true, options: {} }, credentials: MANAGEMENT }),
	passwordInUrl: workflow('e2eSafeUserinfo01', { name: 'Categories', parameters: { resource: 'category', operation: 'getAll', returnAll: true, options: {} }, credentials: PASSWORD_IN_URL }),
	wrongCredential: workflow('e2eSafeWrongCred1', { name: 'Webhooks', parameters: { resource: 'webhook', operation: 'getAll', returnAll: true, options: {} }, credentials: APP }),
	objectInText: workflow(
		'e2eSafeObjectTxt1',
		{
			name: 'Track',
			parameters: {
				resource: 'event',
				operation: 'track',
				eventName: FIXTURES.customEventName,
				customerSourceId: 'customer-1',
				additionalFields: { loyaltyCode: '={{ $json.card }}' },
				options: {},
			},
			credentials: APP,
		},
		[{ card: { code: 'LC-1234' } }],
	),
	luxonDate: workflow('e2eSafeLuxonDate1', {
		name: 'Program',
		parameters: {
			resource: 'program',
			operation: 'update',
			programId: FIXTURES.programDraft,
			updateFields: { startDate: '={{ $now.plus({ days: 30 }) }}', endDate: '={{ DateTime.fromISO("2040-01-01T00:00:00", { zone: "Europe/Berlin" }) }}' },
			options: {},
		},
		credentials: OAUTH,
	}),
	retryOnFail: workflow(
		'e2eSafeRetryOnF01',
		{
			name: 'Track',
			retryOnFail: true,
			maxTries: 2,
			waitBetweenTries: 0,
			parameters: { resource: 'event', operation: 'track', eventName: FIXTURES.customEventName, customerSourceId: '={{ $json.sourceId }}', additionalFields: {}, options: {} },
			credentials: APP,
		},
		[{ sourceId: 'rof-1' }, { sourceId: 'rof-2' }, { sourceId: 'rof-3' }],
	),
};

let stack: Stack;
let other: RunningEmulator;
let slow: SlowService;

beforeAll(async () => {
	other = await startEmulator({ port: 0, quiet: true });
	slow = await startSlowService();
	stack = await startStack('safety', Object.values(WORKFLOWS));
	await stack.n8n.importCredentials([
		{
			id: PASSWORD_IN_URL.loyaltyPromotionsAppApi.id,
			name: PASSWORD_IN_URL.loyaltyPromotionsAppApi.name,
			type: 'loyaltyPromotionsAppApi',
			data: {
				appId: stack.emulator.credentials.appId,
				appToken: stack.emulator.credentials.appToken,
				cluster: 'custom',
				baseUrl: stack.emulator.baseUrl.replace('http://', 'http://someone:s3cret-pass@'),
			},
		},
		{
			id: SLOW.loyaltyPromotionsAppApi.id,
			name: SLOW.loyaltyPromotionsAppApi.name,
			type: 'loyaltyPromotionsAppApi',
			data: { appId: 'slow-app', appToken: 'slow-token', cluster: 'custom', baseUrl: slow.baseUrl },
		},
	]);
}, 15 * 60 * 1000);

afterAll(async () => {
	await stack?.teardown();
	await other?.stop();
	await slow?.stop();
}, 60000);

beforeEach(() => {
	stack.emulator.control.reset();
	other.control.reset();
});

async function run(id: string) {
	return await stack.n8n.execute(id, { timeoutMs: 150000 });
}

/** The workflow's error as one line, and the emulator's request log as "METHOD path status". */
function failure(result: any): { status: string; node?: string; message: string; description: string } {
	const error = result?.data?.resultData?.error ?? {};
	return { status: result.status, node: error.node?.name, message: String(error.message), description: String(error.description ?? '') };
}

const requests = (emu: RunningEmulator) => emu.control.requests().map((r) => `${r.method} ${r.path} ${r.status}`);

test('an hour-long Retry-After fails the run at once with a 429 saying what was asked, after one request', async () => {
	stack.emulator.control.setFaults({ route: '/v1/categories', rateLimitRate: 1, retryAfterSeconds: 3600 });
	const result = await run(WORKFLOWS.retryAfter.id);
	expect(failure(result)).toMatchObject({
		status: 'error',
		node: 'Categories',
		message: 'The service asked to wait 1 h before the next request (Retry-After: 3600)',
		description: expect.stringMatching(/^The node waits at most 1 min at a time for the rate limit, so it stopped waiting/),
	});
	expect(requests(stack.emulator)).toEqual(['GET /v1/categories 429']);
});

test('cursors that come round again (A, B, A, …) stop the list with an error after three pages', async () => {
	stack.emulator.control.setFaults({ route: '/v1/loyalties/members/*/activity', cursorCycle: ['A', 'B'] });
	const result = await run(WORKFLOWS.cursorCycle.id);
	expect(failure(result)).toMatchObject({ status: 'error', node: 'Activity', message: expect.stringMatching(/^The service sent the cursor "A" for page 4 a second time/) });
	expect(stack.emulator.control.requests().map((r) => r.query.starting_after_id)).toEqual([undefined, 'A', 'B']);
});

test('a redirect to another origin is not followed: the management keys never reach it', async () => {
	stack.emulator.control.setFaults({ route: '/management/v1/projects/*/webhooks', redirect: { location: other.baseUrl, keepPath: true } });
	const result = await run(WORKFLOWS.redirect.id);
	expect(failure(result)).toMatchObject({
		status: 'error',
		node: 'Webhooks',
		message: `The service answered 302 (a redirect) to another address (${other.baseUrl}), which the node does not follow`,
	});
	expect(requests(other)).toEqual([]);
	expect(requests(stack.emulator)).toEqual([expect.stringMatching(/^GET \/management\/v1\/projects\/[^/]+\/webhooks 302$/)]);
});

test('a Base URL with a user name and password is refused before anything is sent, and shown nowhere', async () => {
	const result = await run(WORKFLOWS.passwordInUrl.id);
	expect(failure(result)).toMatchObject({ status: 'error', node: 'Categories', message: expect.stringMatching(/^Base URL: must not contain a user name or password/) });
	expect(JSON.stringify(result)).not.toContain('s3cret-pass');
	expect(requests(stack.emulator)).toEqual([]);
});

test('a resource given a credential it cannot use says which one it needs', async () => {
	const result = await run(WORKFLOWS.wrongCredential.id);
	expect(failure(result)).toMatchObject({
		status: 'error',
		node: 'Webhooks',
		message: 'Webhook operations use the Loyalty Promotions (Voucherify) Management API credential; choose one in Credential to connect with',
	});
	expect(requests(stack.emulator)).toEqual([]);
});

test("an item's Discount Type other than the panel's fails the run naming the field, the key and both values, with Unknown Input Fields on Ignore", async () => {
	const result = await run(WORKFLOWS.controlInItem.id);
	expect(failure(result)).toMatchObject({ status: 'error', node: 'Import' });
	expect(failure(result).message).toMatch(/^Discount Type \(input field "discount_type"\): is "PERCENT" \(Percent Off\) in the item but "AMOUNT" \(Amount Off\) in the panel\./);
	expect(requests(stack.emulator)).toEqual([]);
});

test("a Get Many's Category filter beyond 2^53 from an expression is refused, not sent rounded", async () => {
	const result = await run(WORKFLOWS.unsafeCategory.id);
	expect(failure(result)).toMatchObject({ status: 'error', node: 'Vouchers' });
	expect(failure(result).message).toMatch(/^Category Name or ID: must be text, not the number 12345678901234567000, which is beyond 9007199254740991/);
	expect(requests(stack.emulator)).toEqual([]);
});

test('a bound saved as "=20000" is refused naming it, not used as the bound: nothing sent', async () => {
	const result = await run(WORKFLOWS.boundAsExpression.id);
	expect(failure(result)).toMatchObject({
		status: 'error',
		node: 'Adjust',
		message: 'Max Amount per Call: must be typed in the node as a number, not an expression or text (got the text "20000"): a bound an input item or an AI model sets bounds nothing',
		description: 'Nothing was sent to the service.',
	});
	expect(requests(stack.emulator)).toEqual([]);
});

test('an expression yielding an object in a text field is refused, not sent as [object Object]', async () => {
	const result = await run(WORKFLOWS.objectInText.id);
	expect(failure(result)).toMatchObject({
		status: 'error',
		node: 'Track',
		message: 'Loyalty Card Code: must be text, not an object (check the expression that fills it)',
		description: 'Nothing was sent to the service.',
	});
	expect(requests(stack.emulator)).toEqual([]);
});

test("Luxon DateTimes from n8n's expressions ($now, DateTime.fromISO) are sent as ISO 8601 UTC timestamps", async () => {
	const before = Date.now();
	const result = await run(WORKFLOWS.luxonDate.id);
	expect(failure(result).status).toBe('success');
	const [put] = stack.emulator.control.requests({ method: 'PUT' });
	const body = put.body as { start_date: string; end_date: string };
	expect(body.end_date).toBe('2039-12-31T23:00:00.000Z');
	expect(body.start_date).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
	expect(Date.parse(body.start_date) - before).toBeGreaterThan(29 * 86_400_000);
	expect(nodeOutput(result, 'Program')).toEqual([expect.objectContaining({ id: FIXTURES.programDraft, end_date: '2039-12-31T23:00:00.000Z' })]);
});

test("n8n's Retry On Fail reruns the whole node: the events that had succeeded are tracked again (what the notice warns of)", async () => {
	// The third event meets a 503. The node does not repeat it (a POST); n8n's Retry On Fail then reruns the node
	// for all three items.
	stack.emulator.control.setFaults({ route: '/v1/events', sequence: ['ok', 'ok', 503] });
	const result = await run(WORKFLOWS.retryOnFail.id);
	expect(failure(result).status).toBe('success');
	expect(nodeOutput(result, 'Track')).toHaveLength(3);
	const posts = stack.emulator.control.requests({ method: 'POST', path: '/v1/events' });
	expect(posts).toHaveLength(6);
	expect(stack.emulator.control.counters()).toMatchObject({ eventsTracked: 5, duplicateEvents: 2 });
});

test('Return All over a list that grows during the walk gives every customer once (2 created between pages)', async () => {
	const { appId, appToken } = stack.emulator.credentials;
	stack.emulator.control.setFaults({
		route: '/v1/customers',
		method: 'GET',
		beforeProcessing: async (matched: number) => {
			if (matched !== 2) return;
			for (const sourceId of ['e2e-walk-new-1', 'e2e-walk-new-2']) {
				await fetch(`${stack.emulator.baseUrl}/v1/customers`, {
					method: 'POST',
					headers: { 'X-App-Id': appId, 'X-App-Token': appToken, 'Content-Type': 'application/json' },
					body: JSON.stringify({ source_id: sourceId }),
				});
			}
		},
	});
	const result = await run(WORKFLOWS.returnAllChanging.id);
	expect(failure(result).status).toBe('success');
	const ids = nodeOutput(result, 'Customers').map((json: { id: string }) => json.id);
	expect(ids).toHaveLength(150);
	expect(new Set(ids).size).toBe(150);
});

test('a redemption answered 200 with an HTML page is an error quoting it, not {"success": true}', async () => {
	stack.emulator.control.setFaults({ route: '/v1/redemptions', replaceReply: { body: '<html><body>Proxy says hello</body></html>' } });
	const result = await run(WORKFLOWS.redeemHtml.id);
	expect(failure(result)).toMatchObject({
		status: 'error',
		node: 'Redeem',
		message: 'The service answered 200 with something other than the JSON object this operation expects',
		description: expect.stringContaining('<html><body>Proxy says hello</body></html>'),
	});
});

test("Export → Download streams the file into n8n's binary data", async () => {
	const result = await run(WORKFLOWS.download.id);
	expect(failure(result).status).toBe('success');
	const runData = (result as any).data.resultData.runData.Download[0].data.main[0][0];
	expect(runData.binary.data).toMatchObject({ fileName: `customer-${FIXTURES.exportId}.csv`, mimeType: 'text/csv' });
	expect(Number(String(runData.binary.data.fileSize).replace(/[^\d.]/g, ''))).toBeGreaterThan(0);
});

test('Wait Up To bounds a status answer that trickles in: the run fails at the wait\'s end, not at the request\'s 2 min', async () => {
	const looks = slow.looks();
	const result = await run(WORKFLOWS.slowStatus.id);
	expect(failure(result)).toMatchObject({ status: 'error', node: 'Download', message: expect.stringMatching(/^Export exp_slow was not done within [23] s \(last seen IN_PROGRESS\)$/) });
	expect(slow.looks() - looks).toBe(2);
	// Wait Up To 2 s, at least 1 s for the look, and room for a busy machine
	expect((result as any).data.resultData.runData.Download[0].executionTime).toBeLessThan(15_000);
});
