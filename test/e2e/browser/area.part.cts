/// <reference lib="dom" />
/**
 * The resources the service announced after its contract (issue 52) in n8n 2.41.1's editor (headless Chromium),
 * on the App Keys credential: each of the Area resource's five operations opens with its own fields and no
 * credential notice, its From List lists the project's areas and its Get Many runs from the panel; Metadata Schema
 * → Get by ID lists the schemas by what they describe and, picked from that list, runs.
 */
import { FIXTURES } from '../../emulator/index.cjs';
import { AREA_FIXTURES } from '../../emulator/routes/areas.cjs';
import { browserTest, clickText, clickUntilShown, nodesWithIssues, openWorkflow, parameterText, useSharedEditor, WAIT_MS, type Editor } from './editor.cjs';

const { CREDENTIAL_IDS } = require('../examples');

const NODE_TYPE = 'n8n-nodes-loyalty-promotions.loyaltyPromotions';
const credentials = { loyaltyPromotionsAppApi: { id: CREDENTIAL_IDS.app, name: 'Loyalty Promotions App Keys (demo)' } };
const empty = { __rl: true, mode: 'list', value: '' };

/** Node name → [operation's shown name, its parameters, a field its panel shows]. */
const AREA_NODES: Record<string, [operation: string, parameters: Record<string, unknown>, field: string]> = {
	'Create Area': ['Create', { operation: 'create', name: 'Benelux', additionalFields: {} }, 'name'],
	'Delete Area': ['Delete', { operation: 'delete', areaId: { __rl: true, mode: 'id', value: AREA_FIXTURES[2].id } }, 'areaId'],
	'Get Area': ['Get', { operation: 'get', areaId: empty }, 'areaId'],
	'Get Many Areas': ['Get Many', { operation: 'getAll', returnAll: true }, 'returnAll'],
	'Update Area': ['Update', { operation: 'update', areaId: { __rl: true, mode: 'id', value: AREA_FIXTURES[0].id }, updateFields: { name: 'France (métropole)' } }, 'areaId'],
};
const SCHEMA_NODE = 'Get Metadata Schema by ID';

const node = (name: string, index: number, parameters: Record<string, unknown>) => ({
	id: `browserArea00001-${index}`,
	name,
	type: NODE_TYPE,
	typeVersion: 3,
	position: [240 + 220 * index, 0],
	parameters: { authentication: 'appKeys', ...parameters, options: {} },
	credentials,
});

const WORKFLOW = {
	id: 'browserArea00001',
	name: 'browser: areas and metadata schemas by ID',
	active: false,
	settings: { executionOrder: 'v1' },
	nodes: [
		{ id: 'browserArea00001-start', name: 'Start', type: 'n8n-nodes-base.manualTrigger', typeVersion: 1, position: [0, 0], parameters: {} },
		...Object.entries(AREA_NODES).map(([name, [, parameters]], i) => node(name, i, { resource: 'area', ...parameters })),
		node(SCHEMA_NODE, 5, { resource: 'metadataSchema', operation: 'getById', metadataSchemaId: empty }),
	],
	// each straight after the trigger, so that a step run from its panel runs the trigger first
	connections: { Start: { main: [[...Object.keys(AREA_NODES), SCHEMA_NODE].map((name) => ({ node: name, type: 'main', index: 0 }))] } },
};

let editor: Editor | undefined;
const current = () => editor;
const page = () => editor!.page;

useSharedEditor({ workflows: [WORKFLOW] }, (shared) => {
	editor = shared;
});

const panelText = () => page().$eval('[data-test-id="ndv"]', (el) => (el as HTMLElement).innerText.replace(/\s+/g, ' '));

/** Open a node's panel from the canvas; resolves once its parameters show. */
async function openNode(name: string) {
	const p = page();
	await p.locator(`[data-test-id="canvas-node"][data-node-name="${name}"]`).click({ count: 2 });
	await p.waitForSelector('[data-test-id="ndv"] [data-test-id="node-parameters"]', { visible: true });
	await p.waitForSelector('[data-test-id="parameter-input-operation"]', { visible: true });
}

async function closeNode() {
	await page().keyboard.press('Escape');
	await page().waitForSelector('[data-test-id="ndv"]', { hidden: true });
}

/** Open the From List of the panel's resource locator and choose `entry`; resolves with the names it listed. */
async function pickFromList(entry: string, expected: string[]): Promise<string[]> {
	const p = page();
	const search = '[data-test-id="rlc-search"] input, input[data-test-id="rlc-search"]';
	await clickUntilShown(p, '[data-test-id^="resource-locator-"] [data-test-id="rlc-input"]', search, 'the From List');
	// the list settles once the service's answer is in: every expected entry shows
	await p.waitForFunction(
		(want: string[]) => {
			const shown = [...document.querySelectorAll('[data-test-id="rlc-item"]')].map((e) => e.textContent?.trim() ?? '');
			return want.every((name) => shown.some((text) => text.startsWith(name)));
		},
		{ timeout: WAIT_MS },
		expected,
	);
	const listed = await p.$$eval('[data-test-id="rlc-item"]', (els) => els.map((e) => (e.textContent ?? '').trim()));
	await clickText(p, '[data-test-id="rlc-item"]', new RegExp(`^${entry}`));
	// the chosen entry shows in the node's parameters: as an input's value or as text
	await p.waitForFunction((want: string) => {
		const panel = document.querySelector('[data-test-id="node-parameters"]') as HTMLElement | null;
		const values = [...(panel?.querySelectorAll('input') ?? [])].map((input) => (input as HTMLInputElement).value);
		return [...values, panel?.innerText ?? ''].some((text) => text.includes(want));
	}, {}, entry);
	return listed;
}

/**
 * Run the open node's step from its panel; resolves with the output side's text once it shows items or an error and
 * every one of `shows` (the input side shows the trigger's "1 item" first, so only the output side is read).
 */
async function runStep(shows: string[] = []): Promise<string> {
	const p = page();
	await p.locator('[data-test-id="ndv"] [data-test-id="node-execute-button"]').click();
	await p.waitForFunction(
		(want: string[]) => {
			const output = ((document.querySelector('[data-test-id="ndv"]') as HTMLElement | null)?.innerText ?? '').split('OUTPUT')[1] ?? '';
			return /Problem in node/i.test(output) || ((/\b\d+ items?\b|No output data returned/.test(output)) && want.every((text) => output.includes(text)));
		},
		{ timeout: WAIT_MS * 2 },
		shows,
	);
	return ((await panelText()).split('OUTPUT')[1] ?? '').trim();
}

/** The emulator's answers to GET `path` so far (a retried test reads what its own attempt added). */
const gets = (path: string) => editor!.stack.emulator.control.requests({ method: 'GET', path }).map((r) => r.status);

browserTest('the five Area operations open on the App Keys with their own fields and no credential notice; the canvas marks only the empty From Lists', current, async () => {
	const p = page();
	await openWorkflow(p, editor!.baseUrl, WORKFLOW.id);
	for (const [name, [operation, , field]] of Object.entries(AREA_NODES)) {
		await openNode(name);
		expect({ name, resource: await parameterText(p, 'resource'), operation: await parameterText(p, 'operation') }).toEqual({ name, resource: 'Area', operation });
		await p.waitForSelector(`[data-test-id="parameter-input-${field}"], [data-test-id="resource-locator-${field}"]`, { visible: true });
		expect(await panelText()).not.toMatch(/This resource needs a /);
		await closeNode();
	}
	// an empty From List may be marked as a parameter to fill in; nothing else is
	const marked = new Set((await nodesWithIssues(p)).map((issue) => issue.split(':')[0]));
	expect([...marked].filter((name) => name !== 'Get Area' && name !== SCHEMA_NODE)).toEqual([]);
});

browserTest("Area's From List lists the project's areas, and the one picked is set", current, async () => {
	const names = AREA_FIXTURES.map((area) => area.name);
	await openNode('Get Area');
	const listed = await pickFromList('Germany', names);
	expect(listed).toEqual(expect.arrayContaining(names));
	const before = gets(`/v1/areas/${AREA_FIXTURES[1].id}`).length;
	const text = await runStep([AREA_FIXTURES[1].id]);
	expect(text).toMatch(/\b1 item\b/);
	expect(text).toContain(AREA_FIXTURES[1].id);
	await closeNode();
	expect(gets(`/v1/areas/${AREA_FIXTURES[1].id}`).slice(before)).toEqual([200]);
});

browserTest('Get Many Areas runs from the panel: every area', current, async () => {
	await openNode('Get Many Areas');
	const text = await runStep([`${AREA_FIXTURES.length} items`]);
	expect(text).toMatch(new RegExp(`\\b${AREA_FIXTURES.length} items\\b`));
	await closeNode();
});

browserTest('Metadata Schema → Get by ID lists the schemas by what they describe; the one picked runs', current, async () => {
	const p = page();
	await openNode(SCHEMA_NODE);
	expect({ resource: await parameterText(p, 'resource'), operation: await parameterText(p, 'operation') }).toEqual({ resource: 'Metadata Schema', operation: 'Get by ID' });
	expect(await panelText()).not.toMatch(/This resource needs a /);
	const listed = await pickFromList('order', ['customer', 'order']);
	expect(listed).toEqual(expect.arrayContaining(['customer', 'order']));
	const before = gets(`/v1/metadata-schemas/${FIXTURES.metadataSchemaIds[1]}`).length;
	const text = await runStep([FIXTURES.metadataSchemaIds[1]]);
	expect(text).toMatch(/\b1 item\b/);
	expect(text).toContain(FIXTURES.metadataSchemaIds[1]);
	await closeNode();
	expect(gets(`/v1/metadata-schemas/${FIXTURES.metadataSchemaIds[1]}`).slice(before)).toEqual([200]);
});
