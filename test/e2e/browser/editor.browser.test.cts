/**
 * The real-browser suite: n8n 2.41.1's editor in Debian's Chromium (puppeteer-core), one emulator, one n8n and one
 * Chromium for all of its parts (editor.cts `useSharedEditor`), each part a describe block of its own file:
 * - node.part.cts: the nodes panel, Resource / Operation / Authentication, From List, a new credential's test;
 * - schemaPreview.part.cts: every version-3 operation's preview served, and shown before a run;
 * - mapping.part.cts: Record Fields → Map Automatically in the panel and in a run;
 * - examples.part.cts: every examples/*.json opened and run from the editor;
 * - ai.part.cts: the two AI examples, a chat with a review approved, the MCP server published and called;
 * - trigger.part.cts: the trigger's panel, its events list, activation and a signed delivery;
 * - area.part.cts: the Area resource's operations, its From List, and Metadata Schema → Get by ID.
 * LP_BROWSER_PARTS=area,node (the files' names without .part.cts) runs only those parts: the others are not
 * loaded, so the editor starts without their workflows.
 */
import { startSharedEditor, type Editor } from './editor.cjs';

// n8n's editor under load can lose a click or a key in ways no wait can see; a failed test runs once more, its
// first failure printed with a screenshot (a defect of the node fails both runs)
jest.retryTimes(1, { logErrorsBeforeRetry: true });

let editor: Editor | undefined;

// the parts declare what they need as they load (below, while jest collects the tests); this runs before any of them
beforeAll(async () => {
	editor = await startSharedEditor('editor');
}, 15 * 60_000);

afterAll(async () => {
	await editor?.teardown();
}, 120_000);

const PARTS: Array<[file: string, title: string, load: () => unknown]> = [
	['node', 'node panel', () => require('./node.part.cjs')],
	['schemaPreview', 'schema previews', () => require('./schemaPreview.part.cjs')],
	['mapping', 'Map Automatically', () => require('./mapping.part.cjs')],
	['examples', 'examples', () => require('./examples.part.cjs')],
	['ai', 'AI examples', () => require('./ai.part.cjs')],
	['trigger', 'trigger', () => require('./trigger.part.cjs')],
	['area', 'announced resources (Area, Metadata Schema by ID)', () => require('./area.part.cjs')],
];
const chosen = process.env.LP_BROWSER_PARTS?.split(',').map((name) => name.trim()).filter(Boolean);
const unknown = chosen?.filter((name) => !PARTS.some(([file]) => file === name)) ?? [];
if (unknown.length) throw new Error(`LP_BROWSER_PARTS: no part ${unknown.join(', ')} (parts: ${PARTS.map(([file]) => file).join(', ')})`);

for (const [file, title, load] of PARTS) {
	if (!chosen || chosen.includes(file)) describe(title, () => void load());
}
