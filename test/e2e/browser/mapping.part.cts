/// <reference lib="dom" />
/**
 * Record Fields → Map Automatically in n8n 2.41.1's editor (headless Chromium): a Voucher → Import and a Segment →
 * Create whose Type other fields hang on keep Type shown (and the fields it shows), hide what the item gives (Code,
 * Name), and a run from the editor sends what the item and the panel say, naming in the output panel a key the panel does not use.
 */
import { FIXTURES } from '../../emulator/index.cjs';
import { browserTest, useSharedEditor, isVisible, openWorkflow, WAIT_MS, type Editor } from './editor.cjs';


const LP = 'n8n-nodes-loyalty-promotions.loyaltyPromotions';
const APP_KEYS = { loyaltyPromotionsAppApi: { id: 'lp-app', name: 'Loyalty Promotions App Keys (demo)' } };

/** Manual Trigger → a Code node giving `items` → the node (version 3) with these parameters. */
function mappedWorkflow(id: string, name: string, items: object[], parameters: Record<string, unknown>) {
	return {
		id,
		name,
		active: false,
		settings: { executionOrder: 'v1' },
		nodes: [
			{ id: `${id}-manual`, name: 'Manual', type: 'n8n-nodes-base.manualTrigger', typeVersion: 1, position: [0, 0], parameters: {} },
			{ id: `${id}-items`, name: 'Items', type: 'n8n-nodes-base.code', typeVersion: 2, position: [220, 0], parameters: { jsCode: `return ${JSON.stringify(items.map((json) => ({ json })))};` } },
			{ id: `${id}-node`, name: 'Mapped', type: LP, typeVersion: 3, position: [440, 0], parameters, credentials: APP_KEYS },
		],
		connections: { Manual: { main: [[{ node: 'Items', type: 'main', index: 0 }]] }, Items: { main: [[{ node: 'Mapped', type: 'main', index: 0 }]] } },
	};
}

const VOUCHER_IMPORT = mappedWorkflow(
	'e2eMapVoucherImp1',
	'e2e: Map Automatically, voucher import',
	[
		{ code: 'IMPORT-2026-01', type: 'DISCOUNT_VOUCHER', expiration_date: '2026-12-31T00:00:00.000Z' },
		// the service's own key amount_off is in hundredths, as Voucher → Get answers it: 2500 is 25.00
		{ code: 'IMPORT-2026-02', amount_off: 2500, percent_off: 50 },
	],
	{ resource: 'voucher', operation: 'import', recordFields: 'auto', discountType: 'AMOUNT', amountOff: 10 },
);
const SEGMENT_CREATE = mappedWorkflow('e2eMapSegment0001', 'e2e: Map Automatically, static segment', [{ name: 'Mapped VIPs', type: 'static' }], {
	resource: 'segment',
	operation: 'create',
	recordFields: 'auto',
	customerIds: FIXTURES.customerId,
});

let editor: Editor | undefined;
const current = () => editor;

useSharedEditor({ workflows: [VOUCHER_IMPORT, SEGMENT_CREATE] }, (shared) => {
	editor = shared;
});

/** Which of these parameters the open node panel shows. */
async function shownParameters(names: string[]): Promise<Record<string, boolean>> {
	const page = editor!.page;
	const shown: Record<string, boolean> = {};
	for (const name of names) shown[name] = await isVisible(page, `[data-test-id="ndv"] [data-test-id="parameter-input-${name}"]`);
	return shown;
}

/** Opens the workflow, then the node's panel; `check` runs with it open; closed, the workflow is run from the editor. */
async function openCheckAndRun(workflow: { id: string }, check: () => Promise<void>) {
	const { page, baseUrl } = editor!;
	await openWorkflow(page, baseUrl, workflow.id);
	await page.locator('[data-test-id="canvas-node"][data-node-name="Mapped"]').click({ count: 2 });
	await page.waitForSelector('[data-test-id="ndv"] [data-test-id="parameter-input-recordFields"]', { visible: true });
	await check();
	await page.keyboard.press('Escape');
	await page.waitForSelector('[data-test-id="ndv"]', { hidden: true });
	await page.locator('[data-test-id="execute-workflow-button"]').click();
	const notification = await page.waitForFunction(
		() => [...document.querySelectorAll('.el-notification')].map((e) => (e as HTMLElement).innerText.replace(/\s+/g, ' ').trim()).find((t) => /executed successfully|problem|error|failed/i.test(t)) ?? '',
		{ timeout: WAIT_MS * 4 },
	);
	expect(await notification.jsonValue()).toMatch(/^Workflow executed successfully/);
}

browserTest('Voucher → Import: Type and its discount fields stay shown, Code is the item\'s, and the run sends the typed Amount Off, or the item\'s (its Percent Off unused)', current, async () => {
	await openCheckAndRun(VOUCHER_IMPORT, async () => {
		await editor!.page.waitForSelector('[data-test-id="ndv"] [data-test-id="parameter-input-amountOff"]', { visible: true });
		expect(await shownParameters(['type', 'discountType', 'amountOff', 'code', 'giftAmount'])).toEqual({ type: true, discountType: true, amountOff: true, code: false, giftAmount: false });
	});
	const imports = editor!.stack.emulator.control.requests({ method: 'POST', path: '/v1/vouchers/import' });
	expect(imports.map((request) => request.body)).toEqual([
		[
			{ code: 'IMPORT-2026-01', type: 'DISCOUNT_VOUCHER', discount: { type: 'AMOUNT', amount_off: 1000 }, expiration_date: '2026-12-31T00:00:00.000Z' },
			{ code: 'IMPORT-2026-02', type: 'DISCOUNT_VOUCHER', discount: { type: 'AMOUNT', amount_off: 2500 } },
		],
	]);
	// the key the panel's Discount Type does not use is named in the node's output panel (n8n's execution hint)
	const page = editor!.page;
	await page.locator('[data-test-id="canvas-node"][data-node-name="Mapped"]').click({ count: 2 });
	await page.waitForFunction(
		() => /"percent_off": Percent Off is not used for the panel's Discount Type "Amount Off"/.test((document.querySelector('[data-test-id="ndv"]') as HTMLElement | null)?.innerText ?? ''),
		{ timeout: WAIT_MS },
	);
	await page.keyboard.press('Escape');
});

browserTest('Segment → Create: Type and Customer IDs stay shown, Name is the item\'s, and the run sends the customers', current, async () => {
	await openCheckAndRun(SEGMENT_CREATE, async () => {
		await editor!.page.waitForSelector('[data-test-id="ndv"] [data-test-id="parameter-input-customerIds"]', { visible: true });
		expect(await shownParameters(['type', 'customerIds', 'name'])).toEqual({ type: true, customerIds: true, name: false });
	});
	const created = editor!.stack.emulator.control.requests({ method: 'POST', path: '/v1/segments' });
	expect(created.map((request) => request.body)).toEqual([{ name: 'Mapped VIPs', type: 'static', customers: [FIXTURES.customerId] }]);
});
