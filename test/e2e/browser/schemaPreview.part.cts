/// <reference lib="dom" />
/**
 * The schema previews (scripts/schemas.cts) in n8n 2.41.1 (headless Chromium): n8n serves every version-3
 * operation's preview where its editor asks for it, and a node that has not run shows its preview in the next
 * node's input (Schema view), so its fields can be mapped before anything is sent to the service.
 */
import { readFileSync } from 'fs';
import type { HTTPResponse } from 'puppeteer-core';
import { FIXTURES } from '../../emulator/index.cjs';
import { OPERATIONS } from '../../actions/minimal.cjs';
import { schemaPath, type PreviewSchema } from '../../../scripts/schemas.cjs';
import { browserTest, useSharedEditor, openWorkflow, WAIT_MS, type Editor } from './editor.cjs';

const { CREDENTIAL_IDS } = require('../examples');


const NODE_TYPE = 'n8n-nodes-loyalty-promotions.loyaltyPromotions';
const GET = 'Get Customer';
const UPDATE = 'Update Customer';
const credentials = { loyaltyPromotionsAppApi: { id: CREDENTIAL_IDS.app, name: 'Loyalty Promotions App Keys (demo)' } };
const WORKFLOW = {
	id: 'browserSchema0001',
	name: 'browser: schema preview',
	active: false,
	settings: { executionOrder: 'v1' },
	nodes: [
		{ id: 'browserSchema0001-start', name: 'Start', type: 'n8n-nodes-base.manualTrigger', typeVersion: 1, position: [0, 0], parameters: {} },
		{
			id: 'browserSchema0001-get',
			name: GET,
			type: NODE_TYPE,
			typeVersion: 3,
			position: [240, 0],
			parameters: { authentication: 'appKeys', resource: 'customer', operation: 'get', customerId: { __rl: true, mode: 'id', value: FIXTURES.customerId } },
			credentials,
		},
		{
			id: 'browserSchema0001-update',
			name: UPDATE,
			type: NODE_TYPE,
			typeVersion: 3,
			position: [480, 0],
			parameters: { authentication: 'appKeys', resource: 'customer', operation: 'update', customerId: { __rl: true, mode: 'id', value: '={{ $json.id }}' }, updateFields: {} },
			credentials,
		},
	],
	connections: {
		Start: { main: [[{ node: GET, type: 'main', index: 0 }]] },
		[GET]: { main: [[{ node: UPDATE, type: 'main', index: 0 }]] },
	},
};

let editor: Editor | undefined;
const current = () => editor;

useSharedEditor({ workflows: [WORKFLOW] }, (shared) => {
	editor = shared;
});

/** The URL n8n's editor asks for a node's preview (the version padded to three parts, as the editor pads it). */
const previewUrl = (resource: string, operation: string) => `${editor!.baseUrl}/schemas/${NODE_TYPE}/3.0.0/${resource}/${operation}.json`;

browserTest("n8n serves every version-3 operation's schema preview where its editor asks for it", current, async () => {
	const wrong: string[] = [];
	for (const { key, resource, operation } of OPERATIONS) {
		const response = await fetch(previewUrl(resource.value, operation.value));
		const shipped = JSON.parse(readFileSync(schemaPath(resource.value, operation.value), 'utf8')) as unknown;
		if (response.status !== 200) wrong.push(`${key}: HTTP ${response.status}`);
		else if (JSON.stringify(await response.json()) !== JSON.stringify(shipped)) wrong.push(`${key}: not the shipped file`);
	}
	expect(wrong).toEqual([]);
});

browserTest("a node that has not run shows its schema preview in the next node's input, with nothing sent to the service", current, async () => {
	const p = editor!.page;
	const { emulator, n8n } = editor!.stack;
	const asked: Array<{ url: string; status: number }> = [];
	const onResponse = (response: HTTPResponse) => {
		if (response.url().includes('/schemas/')) asked.push({ url: response.url(), status: response.status() });
	};
	p.on('response', onResponse);
	emulator.control.clearRequests();
	try {
		await openWorkflow(p, editor!.baseUrl, WORKFLOW.id);
		await p.locator(`[data-test-id="canvas-node"][data-node-name="${UPDATE}"]`).click({ count: 2 });
		const input = '[data-test-id="ndv-input-panel"]';
		await p.waitForSelector(input, { visible: true });
		// the input in Schema view (the editor's default for a node's input; chosen if another view is showing)
		const schemaMode = await p.$(`${input} [data-test-id="ndv-run-data-display-mode"] input[value="schema"]`);
		if (schemaMode && !(await schemaMode.evaluate((el) => (el as HTMLInputElement).checked))) await schemaMode.evaluate((el) => (el.closest('label') as HTMLElement).click());
		// the editor marks a preview ("usually outputs…, execute the node to see its data") above its fields
		await p.waitForSelector(`${input} [data-test-id="schema-preview-warning"]`, { visible: true, timeout: WAIT_MS });
		const preview = JSON.parse(readFileSync(schemaPath('customer', 'get'), 'utf8')) as PreviewSchema;
		// the fields in view: the first of the preview's top-level fields, in its order
		const expected = Object.keys(preview.properties ?? {}).slice(0, 6);
		const shown = await p.waitForFunction(
			(panel: string, want: string[]) => {
				const names = [...document.querySelectorAll(`${panel} [data-test-id="run-data-schema-item"]`)].map((item) => (item as HTMLElement).innerText.split('\n')[0].trim());
				return want.every((name) => names.includes(name)) ? names : null;
			},
			{ timeout: WAIT_MS },
			input,
			expected,
		);
		expect((await shown.jsonValue()) as string[]).toEqual(expect.arrayContaining(expected));
		// under the header of the node that has not run, marked Preview
		const headers = await p.$$eval(`${input} [data-test-id="run-data-schema-header"]`, (els) => els.map((el) => (el as HTMLElement).innerText.replace(/\s+/g, ' ').trim()));
		expect(headers).toContainEqual(expect.stringMatching(new RegExp(`^${GET}\\b.*\\bPreview\\b`)));
		expect(asked).toContainEqual({ url: previewUrl('customer', 'get'), status: 200 });
		// the preview cost no call: nothing reached the service and nothing ran
		expect(emulator.control.requests()).toEqual([]);
		expect(await n8n.listExecutions(WORKFLOW.id, editor!.apiKey)).toEqual([]);
	} finally {
		p.off('response', onResponse);
	}
});
