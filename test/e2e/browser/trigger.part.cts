/// <reference lib="dom" />
/**
 * The Loyalty Promotions Trigger in n8n 2.41.1's editor (headless Chromium), on one workflow (the trigger, then a
 * No Operation node): listening for a test event with a credential whose Webhook Signing Secret is not the
 * project's, the service's delivery (signed by the emulator with the project's real secret) shows its cause in the
 * editor instead of leaving it listening, and nothing after the trigger runs; and typing the service's own key
 * in Events finds the option.
 */
import { browserTest, useSharedEditor, byText, isVisible, openWorkflow, WAIT_MS, type Editor } from './editor.cjs';
import { waitFor } from '../stack.cjs';

const { CREDENTIAL_IDS } = require('../examples');


const TRIGGER = 'Loyalty Promotions Trigger';
const AFTER = 'After The Trigger';
const CREDENTIAL_NAME = 'Loyalty Promotions Management (demo)';
const WEBHOOK_ID = '6c1e2d3f-4a5b-4c6d-8e7f-0000000000b1';
const WORKFLOW = {
	id: 'browserTrigger001',
	name: 'browser: trigger',
	active: false,
	settings: { executionOrder: 'v1' },
	nodes: [
		{
			id: 'browserTrigger001-trigger',
			name: TRIGGER,
			type: 'n8n-nodes-loyalty-promotions.loyaltyPromotionsTrigger',
			typeVersion: 1,
			position: [0, 0],
			webhookId: WEBHOOK_ID,
			parameters: { events: ['customer.created'], options: {} },
			credentials: { loyaltyPromotionsManagementApi: { id: CREDENTIAL_IDS.management, name: CREDENTIAL_NAME } },
		},
		{ id: 'browserTrigger001-after', name: AFTER, type: 'n8n-nodes-base.noOp', typeVersion: 1, position: [240, 0], parameters: {} },
	],
	connections: { [TRIGGER]: { main: [[{ node: AFTER, type: 'main', index: 0 }]] } },
};

let editor: Editor | undefined;
const current = () => editor;
const page = () => editor!.page;

useSharedEditor({ workflows: [WORKFLOW] }, (shared) => {
	editor = shared;
	// A failed delivery is retried a minute later, after the test: each test sees first attempts only.
	editor.stack.emulator.control.setDeliveryRetryDelays([60_000]);
});

const EVENTS_FIELD = '[data-test-id="parameter-input-events"]';

/**
 * Types `text` into the open Events list's own input (replacing what was typed before) and resolves with the
 * names of the options it then shows, once every one shown contains the text (the list has filtered).
 */
async function typeInEvents(text: string): Promise<string[]> {
	const p = page();
	const input = `${EVENTS_FIELD} input`;
	await p.$eval(input, (el) => (el as HTMLInputElement).select());
	await p.keyboard.type(text);
	const shown = await p
		.waitForFunction(
			(typed: string) => {
				const items = [...document.querySelectorAll('.el-select-dropdown__item')].filter((e) => (e as HTMLElement).offsetParent !== null);
				const names = items.map((e) => (e as HTMLElement).innerText.split('\n')[0].trim());
				return names.length > 0 && names.every((n) => n.toLowerCase().includes(typed.toLowerCase())) ? names : null;
			},
			{ timeout: WAIT_MS },
			text,
		)
		.catch(async (e: Error) => {
			const typed = await p.$eval(input, (el) => (el as HTMLInputElement).value);
			throw new Error(`typing "${text}" in Events (the input holds "${typed}"): no option shown contains it (${e.message})`);
		});
	return (await shown.jsonValue()) as string[];
}

/** The editor's text: notifications, the node's panel and the canvas. */
const shownText = () => page().evaluate(() => document.body.innerText.replace(/\s+/g, ' '));

browserTest("a delivery whose signature does not match shows why in the editor, instead of 'Listening for test event'", current, async () => {
	const p = page();
	const { emulator, n8n } = editor!.stack;
	const testUrl = `${editor!.baseUrl}/webhook-test/${WEBHOOK_ID}/webhook`;
	const atTestUrl = () => [...emulator.control.state.webhooks.values()].filter((w) => w.target_url === testUrl);
	// The project's secret is rotated at the service: the credential's is no longer the project's.
	emulator.control.setWebhookSecret('rotated-project-secret');
	emulator.control.clearDeliveries();
	const before = (await n8n.listExecutions(WORKFLOW.id, editor!.apiKey)).length;

	await openWorkflow(p, editor!.baseUrl, WORKFLOW.id);
	await p.locator('[data-test-id="execute-workflow-button"]').click();
	// n8n registered the test URL at the service (the trigger's create() in test mode), and the editor waits
	await waitFor(() => atTestUrl().length === 1, { timeoutMs: WAIT_MS, what: 'the test webhook registered at the service' });
	await p.waitForFunction(() => /Listening for test event|Waiting for trigger event/i.test(document.body.innerText), { timeout: WAIT_MS });

	await emulator.control.emit('customer.created');
	const [delivery] = await emulator.control.waitForDeliveries(1, WAIT_MS);
	expect(delivery.target).toBe(testUrl);
	expect(delivery.ok).toBe(false);

	// the cause, in the editor
	await byText(p, 'body *', /The signature does not match/, WAIT_MS);
	const text = await shownText();
	expect(text).toContain(`The signature does not match: the Webhook Signing Secret in the "${CREDENTIAL_NAME}" credential is not this project's`);
	expect(text).not.toMatch(/rotated-project-secret|emulator-webhook-secret/);
	await editor!.screenshot('signature-error-shown');
	// the editor stopped listening, and n8n removed the test webhook at the service
	await p.waitForFunction(() => !/Listening for test event|Waiting for trigger event/i.test(document.body.innerText), { timeout: WAIT_MS });
	await waitFor(() => atTestUrl().length === 0, { timeoutMs: WAIT_MS, what: 'the test webhook deleted at the service' });
	// n8n recorded the trigger's error; nothing after it ran
	const runs = await n8n.waitForExecutions(WORKFLOW.id, editor!.apiKey, { count: before + 1, timeoutMs: WAIT_MS, includeData: true });
	const latest = runs.reduce((a: any, b: any) => (Number(b.id) > Number(a.id) ? b : a));
	expect({ mode: latest.mode, status: latest.status }).toEqual({ mode: 'manual', status: 'error' });
	expect(Object.keys(latest.data?.resultData?.runData ?? {})).not.toContain(AFTER);
});

browserTest('typing the service\'s key "customer.created" in Events finds the option', current, async () => {
	const p = page();
	await openWorkflow(p, editor!.baseUrl, WORKFLOW.id);
	// a node's panel opens on a double click; one lost while the canvas settles is made again (at most 5)
	const node = `[data-test-id="canvas-node"][data-node-name="${TRIGGER}"]`;
	for (let attempt = 1; !(await isVisible(p, '[data-test-id="ndv"]')); attempt++) {
		if (attempt > 5) throw new Error("the trigger's panel: nothing opened after 5 double clicks");
		await p.locator(node).click({ count: 2 });
		await p.waitForSelector('[data-test-id="ndv"]', { visible: true, timeout: 10_000 }).catch(() => undefined);
	}
	await p.locator(EVENTS_FIELD).click();
	expect(await typeInEvents('customer.created')).toEqual(['Customer: Created (customer.created)']);
	// the management API's spelling of a kind delivered as `…added`; chosen, it shows as a chip beside the first
	expect(await typeInEvents('voucher.loyalty_card.points_aded')).toEqual(['Loyalty Card: Points Added (voucher.loyalty_card.points_aded)']);
	await (await byText(p, '.el-select-dropdown__item', 'Loyalty Card: Points Added (voucher.loyalty_card.points_aded)')).asLocator().click();
	await p.waitForFunction(
		(sel: string) => {
			const text = (document.querySelector(sel) as HTMLElement | null)?.innerText ?? '';
			return text.includes('Customer: Created (customer.created)') && text.includes('Loyalty Card: Points Added (voucher.loyalty_card.points_aded)');
		},
		{ timeout: WAIT_MS },
		EVENTS_FIELD,
	);
});
