/// <reference lib="dom" />
/// <reference lib="dom.iterable" />
/**
 * The real-browser suite's harness: one emulator and one real n8n (test/e2e/stack.cts, the package and the three
 * emulator credentials installed), shared by the suite's parts, the owner set up through n8n's REST API, and Debian's Chromium
 * (puppeteer-core) signed in to n8n's editor. Everything on 127.0.0.1.
 *
 * Waits are on conditions only (selectors, text, network idle, the REST API), each bounded by a generous timeout
 * for a busy 2-core machine. A failing step saves a screenshot under .e2e/screenshots/ (git-ignored) and names
 * it in the error (`browserTest`).
 */
import * as fs from 'fs';
import * as path from 'path';
import puppeteer, { type Browser, type ElementHandle, type Page } from 'puppeteer-core';
import { startStack, type Stack } from '../stack.cjs';

const { ensureChromium } = require('./chromium');
const { E2E_DIR } = require('../setup');

export const SCREENSHOT_DIR = path.join(E2E_DIR, 'screenshots');
/** How long one wait in the page may take: a busy 2-core machine runs n8n, its task runner and Chromium at once. */
export const WAIT_MS = 60_000;
export const OWNER = { email: 'owner@example.com', firstName: 'E2E', lastName: 'Owner', password: 'E2e-Passw0rd!' };

export interface Editor {
	stack: Stack;
	baseUrl: string;
	apiKey: string;
	browser: Browser;
	page: Page;
	/** Save a full-page screenshot as .e2e/screenshots/<file>-<name>.png; resolves with its path. */
	screenshot(name: string): Promise<string>;
	teardown(): Promise<void>;
}

/**
 * Emulator + n8n (with these workflows imported) + Chromium signed in as the owner, on n8n's workflow list.
 * `credentials`: more credentials to import before n8n starts (as `n8n import:credentials` takes them), beside the
 * emulator's three.
 */
export async function startEditor(name: string, workflows: object[] = [], { credentials = [] }: { credentials?: object[] } = {}): Promise<Editor> {
	const { executablePath } = ensureChromium();
	const stack = await startStack(`browser-${name}`, workflows);
	let browser: Browser | undefined;
	try {
		if (credentials.length) await stack.n8n.importCredentials(credentials);
		await stack.n8n.start({ timeoutMs: 180_000 });
		const apiKey = await stack.n8n.setupOwnerAndApiKey({ owner: OWNER });
		browser = await puppeteer.launch({
			executablePath,
			headless: true,
			// root in CI: Chromium's sandbox needs user namespaces it may not have; /dev/shm may be small in containers
			args: ['--no-sandbox', '--disable-dev-shm-usage', '--disable-gpu', '--no-first-run', '--window-size=1600,1000', '--lang=en-US'],
			defaultViewport: { width: 1600, height: 1000 },
			protocolTimeout: 180_000,
			timeout: WAIT_MS,
		});
		const page = await browser.newPage();
		// leaving an edited workflow asks "leave without saving?": the suite always leaves
		page.on('dialog', (dialog) => void dialog.accept().catch(() => undefined));
		page.setDefaultTimeout(WAIT_MS);
		page.setDefaultNavigationTimeout(WAIT_MS * 2);
		await signIn(page, stack.n8n.baseUrl);
		const fileTag = name.replace(/[^a-z0-9-]+/gi, '-');
		const instance = browser;
		return {
			stack,
			baseUrl: stack.n8n.baseUrl,
			apiKey,
			browser,
			page,
			async screenshot(shot: string) {
				fs.mkdirSync(SCREENSHOT_DIR, { recursive: true });
				const file = path.join(SCREENSHOT_DIR, `${fileTag}-${shot.replace(/[^a-z0-9-]+/gi, '-').slice(0, 80)}.png`);
				await page.screenshot({ path: file as `${string}.png`, fullPage: true });
				return file;
			},
			async teardown() {
				await instance.close().catch(() => undefined);
				await stack.teardown();
			},
		};
	} catch (e) {
		await browser?.close().catch(() => undefined);
		await stack.teardown();
		throw e;
	}
}

/** What one part of the suite needs in the shared editor's n8n before it starts. */
export interface EditorPart {
	workflows?: object[];
	/** more credentials, as `n8n import:credentials` takes them, beside the emulator's three */
	credentials?: object[];
}

/**
 * The suite's parts (test/e2e/browser/*.part.cts, gathered by editor.browser.test.cts) share one emulator, one n8n
 * and one Chromium: each n8n start-up, import and browser launch costs about a minute on a busy 2-core machine.
 * A part declares what it needs when it is loaded (`useSharedEditor`); the editor starts once, before any part's
 * tests, with all of it; each part then starts from an emulator whose request and delivery logs are empty.
 */
const parts: Array<() => EditorPart | Promise<EditorPart>> = [];
let shared: Editor | undefined;

export async function startSharedEditor(name: string): Promise<Editor> {
	const needs: EditorPart[] = [];
	for (const part of parts) needs.push(await part());
	shared = await startEditor(
		name,
		needs.flatMap((need) => need.workflows ?? []),
		{ credentials: needs.flatMap((need) => need.credentials ?? []) },
	);
	return shared;
}

/** Declares a part's needs and, before its tests, hands it the shared editor (its emulator's logs cleared). */
export function useSharedEditor(needs: EditorPart | (() => Promise<EditorPart>), started: (editor: Editor) => void | Promise<void>): void {
	parts.push(typeof needs === 'function' ? needs : () => needs);
	beforeAll(async () => {
		if (!shared) throw new Error('the shared editor did not start (see the first failure above)');
		shared.stack.emulator.control.clearRequests();
		shared.stack.emulator.control.clearDeliveries();
		await started(shared);
	}, 120_000);
}

/** The sign-in page, filled in and sent as a person would; resolves on the workflow list. */
export async function signIn(page: Page, baseUrl: string): Promise<void> {
	await page.goto(`${baseUrl}/signin`, { waitUntil: 'networkidle2' });
	await page.locator('input[name="emailOrLdapLoginId"]').fill(OWNER.email);
	await page.locator('input[name="password"]').fill(OWNER.password);
	await page.locator('[data-test-id="form-submit-button"]').click();
	await page.waitForFunction(() => !location.pathname.startsWith('/signin'), { timeout: WAIT_MS * 2 });
}

/**
 * A jest test that saves a screenshot when it fails and names its path in the error (also printed at once, so
 * it shows even when jest cuts the message).
 */
export function browserTest(name: string, editor: () => Editor | undefined, fn: () => Promise<void>, timeoutMs = 300_000): void {
	test(
		name,
		async () => {
			try {
				await fn();
			} catch (e) {
				const current = editor();
				if (current) {
					const file = await current.screenshot(name).catch((s: Error) => `(no screenshot: ${s.message})`);
					// the cause's first lines too: a CI log may show only the first failure's details
					const cause = e instanceof Error ? e.message.split('\n').slice(0, 3).join(' | ').slice(0, 400) : String(e);
					process.stderr.write(`[browser] "${name}" failed: ${cause}; screenshot: ${file}\n`);
					if (e instanceof Error) e.message = `${e.message}\nscreenshot: ${file}`;
				}
				throw e;
			}
		},
		timeoutMs,
	);
}

/** The element among `selector`'s matches whose text (or first line of it) is `text`, waiting until one shows. */
export async function byText(page: Page, selector: string, text: string | RegExp, timeout = WAIT_MS): Promise<ElementHandle<Element>> {
	const source = typeof text === 'string' ? { s: text } : { r: text.source, f: text.flags };
	const handle = await page.waitForFunction(
		(sel: string, t: { s?: string; r?: string; f?: string }) => {
			// the whole text, or its first line (an option's name above its description)
			const match = (el: Element) => {
				const whole = (el.textContent ?? '').replace(/\s+/g, ' ').trim();
				const first = ((el as HTMLElement).innerText ?? '').split('\n')[0].trim();
				return [whole, first].some((value) => (t.s !== undefined ? value === t.s : new RegExp(t.r!, t.f).test(value)));
			};
			return [...document.querySelectorAll(sel)].find((el) => match(el) && (el as HTMLElement).offsetParent !== null) ?? null;
		},
		{ timeout },
		selector,
		source,
	);
	return handle as ElementHandle<Element>;
}

/**
 * Click the element whose text is `text` among `selector`'s matches, once it shows and stands still. A list the
 * editor renders again (the nodes panel's actions) can replace the element found before the click lands: a click
 * that has not landed within a few seconds looks for the element again, until `timeout`.
 */
export async function clickText(page: Page, selector: string, text: string | RegExp, timeout = WAIT_MS): Promise<void> {
	const deadline = Date.now() + timeout;
	for (;;) {
		const handle = await byText(page, selector, text, Math.max(1, deadline - Date.now()));
		try {
			await handle.asLocator().setTimeout(Math.max(1, Math.min(5_000, deadline - Date.now()))).click();
			return;
		} catch (error) {
			if (Date.now() >= deadline) throw error;
		} finally {
			await handle.dispose().catch(() => undefined);
		}
	}
}

/** Open a workflow in the editor; resolves once its nodes are on the canvas. */
export async function openWorkflow(page: Page, baseUrl: string, id: string): Promise<void> {
	await page.goto(`${baseUrl}/workflow/${id}`, { waitUntil: 'domcontentloaded' });
	await page.waitForSelector('[data-test-id="canvas-node"]', { visible: true });
}

/** The text a parameter's input shows (a text input's value, or a select's chosen option). */
export async function parameterText(page: Page, name: string): Promise<string> {
	return page.$eval(`[data-test-id="parameter-input-${name}"]`, (el) => {
		const input = el.querySelector('input');
		const shown = (el as HTMLElement).innerText.replace(/\s+/g, ' ').trim();
		return (input && input.value) || shown;
	});
}

/** Choose an option of a select parameter by its shown name; resolves once the parameter shows it. */
export async function selectOption(page: Page, name: string, option: string | RegExp, typeToFilter?: string): Promise<string> {
	const field = `[data-test-id="parameter-input-${name}"]`;
	await page.locator(field).click();
	// a long list (a resource's operations) renders only the rows in view: typing into this select's own input
	// narrows it so the option shows (typed into that input, never into whatever else has the focus)
	if (typeToFilter) await page.locator(`${field} input`).fill(typeToFilter);
	const item = await byText(page, '.el-select-dropdown__item', option);
	const chosen = await item.evaluate((el) => (el as HTMLElement).innerText.split('\n')[0].trim());
	// a locator clicks once the opening list has stopped moving (a click during its animation hits another item)
	await item.asLocator().click();
	// and the list has closed: while it fades out it still covers what lies below the field, and a click meant for
	// the next field would land on one of its options (a CI run under load: the next field's click was lost)
	await waitUntilHidden(page, '.el-select-dropdown__item');
	await page.waitForFunction(
		(sel: string, text: string) => {
			const el = document.querySelector(sel);
			const input = el?.querySelector('input');
			return !!el && ((input && input.value) || (el as HTMLElement).innerText).replace(/\s+/g, ' ').trim() === text;
		},
		{},
		`[data-test-id="parameter-input-${name}"]`,
		chosen,
	);
	return chosen;
}

/** Whether an element matching `selector` is on screen. */
export function isVisible(page: Page, selector: string): Promise<boolean> {
	return page.$$eval(selector, (els) => els.some((el) => (el as HTMLElement).offsetParent !== null));
}

/** Resolves once no element matching `selector` is on screen (a list closed, its fade-out ended). */
export async function waitUntilHidden(page: Page, selector: string): Promise<void> {
	await page.waitForFunction((sel: string) => ![...document.querySelectorAll(sel)].some((e) => (e as HTMLElement).offsetParent !== null), {}, selector);
}

/**
 * Clicks `button` until `shown` is on screen: a click while the editor is still settling (a list fading out, a
 * canvas or dialog mounting) can open nothing. Clicks only while `shown` is not there, so a toggle is never closed
 * again; at most 5 clicks, each followed by a bounded wait.
 */
export async function clickUntilShown(page: Page, button: string, shown: string, label: string): Promise<void> {
	for (let attempt = 1; !(await isVisible(page, shown)); attempt++) {
		if (attempt > 5) throw new Error(`${label}: nothing opened after 5 clicks`);
		if (await isVisible(page, button)) await page.locator(button).click();
		await page
			.waitForFunction((sel: string) => [...document.querySelectorAll(sel)].some((e) => (e as HTMLElement).offsetParent !== null), { timeout: 10_000 }, shown)
			.catch(() => undefined);
	}
}

/**
 * Open a node's panel from the canvas (double click), wait until it has loaded (nothing in it says it is loading:
 * option lists, a mapper's fields, a model list), run `whileOpen` on it if given, and close it (Escape).
 */
export async function openAndClose(page: Page, name: string, whileOpen?: () => Promise<void>): Promise<void> {
	const node = `[data-test-id="canvas-node"][data-node-name="${name}"]`;
	await page.locator(node).click({ count: 2 });
	await page.waitForSelector('[data-test-id="ndv"]', { visible: true });
	await page.waitForFunction(() => {
		const panel = document.querySelector('[data-test-id="ndv"]') as HTMLElement | null;
		return !!panel && !/\b(Loading|Fetching)\b/i.test(panel.innerText) && !panel.querySelector('.el-loading-mask, .el-skeleton');
	});
	if (whileOpen) await whileOpen();
	await page.keyboard.press('Escape');
	await page.waitForSelector('[data-test-id="ndv"]', { hidden: true });
}

/**
 * What n8n 2.41.1's canvas shows on a node with a problem (CanvasNodeStatusIcons / CanvasNodeStatusMark): parameter
 * or credential issues, a credential to set up, a node type not installed, a node changed since its last run, a run
 * that failed.
 */
export const ISSUE_MARKERS = [
	'node-issues',
	'node-setup-required',
	'node-not-installed',
	'canvas-node-status-warning',
	'canvas-node-status-mark-error',
	'canvas-node-status-mark-warning',
].map((id) => `[data-test-id="canvas-node"] [data-test-id="${id}"]`);

/** The names of the nodes showing an issue marker on the canvas, each with the marker (empty when none does). */
export const nodesWithIssues = (page: Page): Promise<string[]> =>
	page.$$eval(ISSUE_MARKERS.join(', '), (els) =>
		els.filter((el) => (el as HTMLElement).offsetParent !== null).map((el) => `${el.closest('[data-test-id="canvas-node"]')!.getAttribute('data-node-name')}: ${el.getAttribute('data-test-id')}`),
	);
