/// <reference lib="dom" />
/**
 * The node as a person meets it in n8n 2.41.1's editor (headless Chromium): found in the nodes panel by the
 * service's name, Resource, Operation and Authentication shown and changeable, From List search that finds an
 * entry on the service's second page, and an OAuth2 credential that passes its test with its defaults.
 * The tests run in order, on one workflow: each goes on from where the one before left the editor.
 */
import { browserTest, useSharedEditor, clickText, clickUntilShown, isVisible, parameterText, selectOption, waitUntilHidden, WAIT_MS, type Editor } from './editor.cjs';


let editor: Editor | undefined;
const current = () => editor;
const page = () => editor!.page;

useSharedEditor({}, (shared) => {
	editor = shared;
});

/** Type into the nodes panel's search and choose the entry named `item` (waits until the panel lists it). */
async function pickFromNodesPanel(search: string, item: string | RegExp) {
	const p = page();
	const bar = '[data-test-id="node-creator-search-bar"]';
	await p.locator(bar).click();
	await p.$eval(bar, (el) => (el as HTMLInputElement).select());
	await p.keyboard.type(search);
	await clickText(p, '[data-test-id="node-creator-item-name"]', item);
}

/**
 * A new workflow: a Manual Trigger added from the nodes panel, then the nodes panel opened on the canvas "+" and
 * the node found by "voucherify": resolves with its actions listed.
 */
async function newWorkflowToTheNodesActions() {
	const p = page();
	await p.goto(`${editor!.baseUrl}/workflow/new`, { waitUntil: 'domcontentloaded' });
	// a click while the canvas is still mounting opens nothing: clicked until the nodes panel shows (bounded)
	await clickUntilShown(p, '[data-test-id="canvas-plus-button"]', '[data-test-id="node-creator-search-bar"]', 'the nodes panel ("Add first step")');
	await pickFromNodesPanel('manual', 'Manual Trigger');
	await p.waitForSelector('[data-test-id="canvas-node"][data-node-type="n8n-nodes-base.manualTrigger"]', { visible: true });
	// the manual trigger's panel may open: close it to go on from the canvas
	if (await isVisible(p, '[data-test-id="ndv"]')) await p.keyboard.press('Escape');
	await p.waitForSelector('[data-test-id="ndv"]', { hidden: true });
	await clickUntilShown(p, '[data-test-id="node-creator-plus-button"]', '[data-test-id="node-creator-search-bar"]', 'the nodes panel (the canvas "+" button)');
	// the action node and its trigger are one entry, which n8n describes with the trigger's description: it says
	// what the action node does (not "Starts the workflow when…")
	await p.locator('[data-test-id="node-creator-search-bar"]').click();
	await p.keyboard.type('voucherify');
	await p.waitForFunction(
		() =>
			[...document.querySelectorAll('[data-test-id="node-creator-item-name"]')]
				.filter((name) => name.textContent?.trim() === 'Loyalty Promotions')
				.some((name) => {
					for (let box = name.parentElement, depth = 0; box && depth < 6; box = box.parentElement, depth++) {
						const shown = box.querySelector('[data-test-id="node-creator-item-description"]');
						if (shown) return /^Vouchers, coupons, gift cards/.test(shown.textContent?.trim() ?? '');
					}
					return false;
				}),
		{ timeout: WAIT_MS },
	);
	await pickFromNodesPanel('voucherify', 'Loyalty Promotions');
}

browserTest('typing "voucherify" in the nodes panel finds the node, and an action adds it', current, async () => {
	const p = page();
	await newWorkflowToTheNodesActions();
	// the node's actions, grouped by resource (the list shows the first groups without scrolling): one of them
	// adds the node with its panel open
	await clickText(p, '[data-test-id="node-creator-item-name"]', /^Get a campaign$/i);
	await p.waitForSelector('[data-test-id="ndv"] [data-test-id="node-parameters"]', { visible: true });
	expect(await p.$$eval('[data-test-id="canvas-node"]', (els) => els.map((e) => e.getAttribute('data-node-type')))).toContain('n8n-nodes-loyalty-promotions.loyaltyPromotions');
});

browserTest('Resource and Operation are shown, and changing them changes the fields', current, async () => {
	const p = page();
	await p.waitForSelector('[data-test-id="parameter-input-resource"]', { visible: true, timeout: 15_000 });
	await p.waitForSelector('[data-test-id="parameter-input-operation"]', { visible: true });
	expect(await parameterText(p, 'resource')).toBe('Campaign');
	await selectOption(p, 'resource', 'Voucher', 'Voucher');
	await selectOption(p, 'operation', 'Get Many', 'Get Many');
	expect(await parameterText(p, 'operation')).toBe('Get Many');
	await p.waitForSelector('[data-test-id="parameter-input-returnAll"]', { visible: true });
	await selectOption(p, 'resource', 'Customer', 'Customer');
	await selectOption(p, 'operation', 'Get', 'Get');
	await p.waitForSelector('[data-test-id^="resource-locator-"]', { visible: true });
});

/** Pick a credential in the node's panel by its id; resolves once the panel shows it. */
async function pickCredential(id: string, shown: string) {
	const p = page();
	await p.locator('[data-test-id="node-credentials-select"]').click();
	await p.locator(`[data-test-id="node-credentials-select-item-${id}"]`).click();
	await p.waitForFunction((name: string) => document.querySelector<HTMLInputElement>('[data-test-id="node-credentials-select"] input')?.value === name, {}, shown);
	// and its list has closed, so that the next list opened is the only one showing
	await waitUntilHidden(p, '[data-test-id^="node-credentials-select-item-"]');
}

/**
 * Whether the Resource list offers `name`: typed into the select's own input to narrow the long list (it renders
 * only the rows in view), then closed again.
 */
async function offersResource(name: string): Promise<boolean> {
	const p = page();
	const field = '[data-test-id="parameter-input-resource"]';
	await p.locator(field).click();
	await p.locator(`${field} input`).fill(name);
	const found = await p
		.waitForFunction(
			(want: string) => [...document.querySelectorAll('.el-select-dropdown__item')].some((e) => (e as HTMLElement).offsetParent !== null && (e as HTMLElement).innerText.split('\n')[0].trim() === want),
			{ timeout: 10_000 },
			name,
		)
		.then(() => true)
		.catch(() => false);
	// Tab closes the list (a second click leaves it open; Escape would close the whole panel)
	await p.keyboard.press('Tab');
	await waitUntilHidden(p, '.el-select-dropdown__item');
	return found;
}

// n8n's editor shows a node's Authentication as the choice of credential (of any of the node's credential types):
// version 3 offers every resource under every credential, and says which credential a resource needs when the one
// picked cannot call it
browserTest('every resource is offered under every credential, and one the credential cannot call names the credential it needs', current, async () => {
	const p = page();
	for (const [id, name] of [
		['lp-oauth', 'Loyalty Promotions OAuth2 (demo)'],
		['lp-app', 'Loyalty Promotions App Keys (demo)'],
		['lp-management', 'Loyalty Promotions Management (demo)'],
	]) {
		await pickCredential(id, name);
		for (const resource of ['Loyalty: Program', 'Customer', 'Management: Webhook']) expect({ credential: name, resource, offered: await offersResource(resource) }).toEqual({ credential: name, resource, offered: true });
	}
	// with the Management credential, Customer says it needs the app keys (or OAuth2)
	await selectOption(p, 'resource', 'Customer', 'Customer');
	await p.waitForFunction(() => /This resource needs a Loyalty Promotions \(Voucherify\) App Keys API or a /.test((document.querySelector('[data-test-id="node-parameters"]') as HTMLElement | null)?.innerText ?? ''));
	await pickCredential('lp-app', 'Loyalty Promotions App Keys (demo)');
	await p.waitForFunction(() => !/This resource needs a /.test((document.querySelector('[data-test-id="node-parameters"]') as HTMLElement | null)?.innerText ?? ''));
	await selectOption(p, 'operation', 'Get', 'Get');
});

/**
 * Puts a credential field's value in and waits until the input holds all of it; when a re-render of the form
 * dropped it, it puts it in again (bounded).
 */
async function fillField(name: string, value: string) {
	const p = page();
	const input = `[data-test-id="parameter-input-${name}"] input`;
	for (let attempt = 1; ; attempt++) {
		// the whole value in one input event, as a paste gives it: typed a key at a time, the form can re-render
		// after the first key and keep only it (seen under load: Base URL saved as "h")
		await p.waitForSelector(input, { visible: true });
		await p.$eval(
			input,
			(el, text) => {
				const field = el as HTMLInputElement;
				field.focus();
				field.value = text as string;
				field.dispatchEvent(new Event('input', { bubbles: true }));
				field.dispatchEvent(new Event('change', { bubbles: true }));
			},
			value,
		);
		const held = await p
			.waitForFunction((sel: string, want: string) => (document.querySelector(sel) as HTMLInputElement | null)?.value === want, { timeout: 5_000 }, input, value)
			.then(() => true)
			.catch(() => false);
		if (held) return;
		if (attempt >= 5) throw new Error(`${name}: the field did not keep the typed value after 5 tries`);
	}
}

browserTest("From List finds, by typing, a customer on the second page of the service's list", current, async () => {
	const p = page();
	// which customer the service lists on page 2 (100 a page), and not on page 1
	const { baseUrl, credentials } = editor!.stack.emulator;
	const list = async (n: number) => {
		const res = await fetch(`${baseUrl}/v1/customers?limit=100&page=${n}`, { headers: { 'x-app-id': credentials.appId, 'x-app-token': credentials.appToken } });
		return ((await res.json()) as { customers: Array<{ id: string; name: string }> }).customers;
	};
	const [first, second] = [await list(1), await list(2)];
	const wanted = second.find((c) => c.name === 'Customer One');
	expect(wanted).toBeDefined();
	expect(first.map((c) => c.name)).not.toContain('Customer One');

	const locator = '[data-test-id^="resource-locator-"]';
	const search = '[data-test-id="rlc-search"] input, input[data-test-id="rlc-search"]';
	await clickUntilShown(p, `${locator} [data-test-id="rlc-input"]`, search, "the customer's list (From List)");
	await p.locator(search).fill('Customer One');
	// the list settles on results or on "No results"
	await p.waitForFunction(
		() => [...document.querySelectorAll('[data-test-id="rlc-item"]')].some((e) => /Customer One/.test(e.textContent ?? '')) || /No results/.test((document.querySelector('[data-test-id^="resource-locator-"]') as HTMLElement | null)?.innerText ?? ''),
		{ timeout: WAIT_MS },
	);
	// "No results" also shows while a search is still on its way: the entry may come after it
	await clickText(p, '[data-test-id="rlc-item"]', /Customer One/);
	// the chosen entry shows in the node's parameters: as an input's value (innerText leaves those out) or as text
	await p.waitForFunction(() => {
		const panel = document.querySelector('[data-test-id="node-parameters"]') as HTMLElement | null;
		const values = [...(panel?.querySelectorAll('input') ?? [])].map((input) => (input as HTMLInputElement).value);
		return [...values, panel?.innerText ?? ''].some((text) => /Customer One/.test(text));
	});
});

browserTest('a new OAuth2 credential with its defaults (plus app keys and Custom URL) passes its test', current, async () => {
	const p = page();
	const { baseUrl, credentials } = editor!.stack.emulator;
	await p.goto(`${editor!.baseUrl}/home/credentials`, { waitUntil: 'domcontentloaded' });
	await p.locator('[data-test-id="add-resource-credential"]').click();
	const typeInput = '[data-test-id="new-credential-type-select"] input';
	await p.locator(typeInput).click();
	// typed into the select's own input (keys sent before it has the focus would be lost)
	await p.locator(typeInput).fill('Voucherify) OAuth2.0');
	await p.waitForFunction(() => {
		const shown = [...document.querySelectorAll('[data-test-id="new-credential-type-select-option"]')].filter((e) => (e as HTMLElement).offsetParent);
		return shown.length === 1 && shown[0].textContent!.trim() === 'Loyalty Promotions (Voucherify) OAuth2.0 API';
	});
	// click the option by its name (the keyboard's first option can be another type)
	await clickText(p, '[data-test-id="new-credential-type-select-option"]', 'Loyalty Promotions (Voucherify) OAuth2.0 API');
	// the list has closed (fading out, it shows every type again, over the Continue button: a CI run's click on
	// Continue chose the Management type that way) and the choice is still OAuth2
	await waitUntilHidden(p, '[data-test-id="new-credential-type-select-option"]');
	await p.waitForFunction((sel: string) => (document.querySelector(sel) as HTMLInputElement | null)?.value === 'Loyalty Promotions (Voucherify) OAuth2.0 API', {}, typeInput);
	// Continue opens the OAuth2 form (shown by its Scopes field; the App Keys form has an App ID too); a click lost
	// while the dialog settles (seen once in a cold CI run under load) is made again while the form is not there
	await clickUntilShown(p, '[data-test-id="new-credential-type-button"]', '[data-test-id="parameter-input-scopes"]', 'the OAuth2 credential form (Continue)');
	// n8n names the new credential after the type's display name, without the words API and OAuth2
	await p.waitForFunction(() => /Loyalty Promotions \(Voucherify\) OAuth2\.0 account/.test((document.querySelector('[data-test-id="credential-name"]') as HTMLElement | null)?.innerText ?? ''), { timeout: WAIT_MS });
	// the Scopes field shows what the credential uses with nothing chosen: "api" (not an empty "Select")
	await p.waitForSelector('[data-test-id="parameter-input-scopes"]', { visible: true });
	const scopesShown = await p.$eval('[data-test-id="parameter-input-scopes"]', (el) => {
		const input = el.querySelector('input');
		return { text: (el as HTMLElement).innerText.replace(/\s+/g, ' ').trim(), value: input ? input.value : '' };
	});
	expect([scopesShown.text, scopesShown.value].some((shown) => /\bapi\b/.test(shown))).toBe(true);
	expect(scopesShown.text).not.toMatch(/^Select/);
	await fillField('appId', credentials.appId);
	await fillField('appToken', credentials.appToken);
	await selectOption(p, 'cluster', 'Custom URL');
	await fillField('baseUrl', baseUrl);
	// leave the field, so that the form takes its last value before saving
	await p.keyboard.press('Tab');
	await p.locator('[data-test-id="credential-save-button"]').click();
	// saving tests the credential: n8n shows "Connection tested successfully" or "Couldn't connect …" with the reason
	const outcome = await p.waitForFunction(
		() => {
			const dialog = document.querySelector('[data-test-id="credential-edit-dialog"]') as HTMLElement | null;
			const ok = document.querySelector('[data-test-id="credentials-config-container-test-success"]') as HTMLElement | null;
			if (ok && ok.offsetParent) return 'Connection tested successfully';
			return /Couldn.t connect with these settings/.test(dialog?.innerText ?? '') ? 'failed' : '';
		},
		{ timeout: WAIT_MS * 2 },
	);
	let result = await outcome.jsonValue();
	if (result === 'failed') {
		// the reason is behind "More details"
		await clickText(p, '[data-test-id="credential-edit-dialog"] a, [data-test-id="credential-edit-dialog"] span', 'More details', 5_000);
		await p.waitForFunction(() => !/More details/.test((document.querySelector('[data-test-id="credential-edit-dialog"]') as HTMLElement).innerText));
		result = await p.$eval('[data-test-id="credential-edit-dialog"]', (el) => {
			const text = (el as HTMLElement).innerText;
			return text.slice(text.search(/Couldn.t connect/)).split('\n').slice(0, 3).join(' | ');
		});
	}
	expect(result).toBe('Connection tested successfully');
});

/** The node's panel text (parameters and output), whitespace folded. */
const panelText = () => page().$eval('[data-test-id="ndv"]', (el) => (el as HTMLElement).innerText.replace(/\s+/g, ' '));

/**
 * A new workflow with a manual trigger, then an action of the node picked from the nodes panel by its name, the
 * credential `credentialId` chosen, and the step run from the panel: resolves with the panel's text once the run
 * has ended (its output or its error shows).
 */
async function addActionAndRun(action: string, credentialId: string, credentialName: string): Promise<string> {
	const p = page();
	await newWorkflowToTheNodesActions();
	// the node's actions, all of them listed by resource (scrolled into view to be clicked)
	await clickText(p, '[data-test-id="node-creator-item-name"]', new RegExp(`^${action.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`, 'i'));
	await p.waitForSelector('[data-test-id="ndv"] [data-test-id="node-parameters"]', { visible: true });
	await pickCredential(credentialId, credentialName);
	await p.locator('[data-test-id="ndv"] [data-test-id="node-execute-button"]').click();
	// the run has ended: the output shows items, or an error
	await p.waitForFunction(
		() => {
			const text = (document.querySelector('[data-test-id="ndv"]') as HTMLElement | null)?.innerText ?? '';
			return /\b\d+ items?\b|No output data returned/.test(text) || /Problem in node|credential/i.test(text.split('OUTPUT')[1] ?? '');
		},
		{ timeout: WAIT_MS * 2 },
	);
	return await panelText();
}

// as a person with one kind of credential meets the nodes panel: an action that credential can call runs; one it
// cannot says, on the panel and when run, which credential it needs
describe.each([
	// Loyalty v2 with the App Keys, as the contract declares for every v2 operation
	['App Keys', 'lp-app', 'Loyalty Promotions App Keys (demo)', 'Get many programs', 'Get many projects', /Management API credential/],
	['OAuth2', 'lp-oauth', 'Loyalty Promotions OAuth2 (demo)', 'Get many customers', 'Get many webhooks', /Management API credential/],
	['Management', 'lp-management', 'Loyalty Promotions Management (demo)', 'Get many projects', 'Get many customers', /App Keys API or the Loyalty Promotions \(Voucherify\) OAuth2.0 API or the Loyalty Promotions \(Voucherify\) OAuth Service Key API credential/],
])('with the %s credential', (_kind, id, name, callable, notCallable, needed) => {
	browserTest(`"${callable}" from the nodes panel runs`, current, async () => {
		const text = await addActionAndRun(callable, id, name);
		expect(text).toMatch(/\b\d+ items?\b/);
		expect(text).not.toMatch(/This resource needs a /);
	});

	browserTest(`"${notCallable}" from the nodes panel names the credential it needs, on the panel and when run`, current, async () => {
		const text = await addActionAndRun(notCallable, id, name);
		expect(text).toMatch(/This resource needs a /);
		expect(text.split('OUTPUT')[1] ?? '').toMatch(needed);
	});
});
