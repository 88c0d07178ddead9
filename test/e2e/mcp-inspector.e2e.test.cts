/**
 * The MCP server example (examples/loyalty-mcp-server.json, published in a real n8n 2.41.1) driven by a client
 * this project did not write: the MCP Inspector's CLI (@modelcontextprotocol/inspector-cli, the package that
 * `npx @modelcontextprotocol/inspector --cli` runs), as a separate process with its own flags
 * (`--cli <url> --transport http --header … --method tools/list | tools/call --tool-name … --tool-arg k=v`). It
 * lists the tools, calls a read and a write, and is refused without the trigger's token; what the emulator
 * received is checked each time.
 */
import { execFile } from 'child_process';
import * as path from 'path';
import { FIXTURES } from '../emulator/index.cjs';
import { startStack, type Stack } from './stack.cjs';
import { CARD_POINTS_PATH } from './ai/clients.cjs';

const { example } = require('./examples');
const { mcpBearerCredential } = require('./ai/aiExamples');

const { workflow } = example('loyalty-mcp-server.json');
const trigger = workflow.nodes.find((n: any) => n.type === '@n8n/n8n-nodes-langchain.mcpTrigger');
const TOOL_NAMES = workflow.nodes.filter((n: any) => n.type === 'n8n-nodes-loyalty-promotions.loyaltyPromotionsTool').map((n: any) => n.name.replace(/ /g, '_'));
const TOKEN = 'mcp-inspector-token-9d2c7e5a13';

const INSPECTOR_PACKAGE = path.dirname(require.resolve('@modelcontextprotocol/inspector-cli/package.json'));
const INSPECTOR_BIN = path.join(INSPECTOR_PACKAGE, require('@modelcontextprotocol/inspector-cli/package.json').bin['mcp-inspector-cli']);

let stack: Stack;
let mcpUrl: string;

interface InspectorRun {
	code: number;
	stdout: string;
	stderr: string;
	json: any;
}

/**
 * One Inspector CLI run against the example's URL. Its working directory is its own build/ folder: the published
 * 1.0.3 looks for its package.json at '../package.json' relative to the working directory, and fails anywhere else.
 */
function inspector(args: string[], { token = TOKEN }: { token?: string } = {}): Promise<InspectorRun> {
	const auth = token ? ['--header', `Authorization: Bearer ${token}`] : [];
	return new Promise((resolve) => {
		execFile(
			process.execPath,
			[INSPECTOR_BIN, '--cli', mcpUrl, '--transport', 'http', ...auth, ...args],
			{ cwd: path.join(INSPECTOR_PACKAGE, 'build'), timeout: 120_000, maxBuffer: 16 * 1024 * 1024 },
			(error, stdout, stderr) => {
				let json: any;
				try {
					json = JSON.parse(stdout);
				} catch {
					json = undefined;
				}
				const code = error ? (typeof error.code === 'number' ? error.code : 1) : 0;
				resolve({ code, stdout, stderr, json });
			},
		);
	});
}

const callArgs = (tool: string, args: Record<string, string | number>) => ['--method', 'tools/call', '--tool-name', tool, ...Object.entries(args).flatMap(([k, v]) => ['--tool-arg', `${k}=${v}`])];
const text = (run: InspectorRun): string => (run.json?.content ?? []).map((part: any) => part.text ?? '').join('');
const sent = () => stack.emulator.control.requests().filter((r: any) => !/oauth/.test(r.path)).map((r: any) => ({ route: `${r.method} ${r.path.split('?')[0]}`, status: r.status, body: r.body }));
const explain = (run: InspectorRun) => `exit ${run.code}\nstdout: ${run.stdout.slice(0, 2000)}\nstderr: ${run.stderr.slice(-2000)}`;

beforeAll(async () => {
	stack = await startStack('mcp-inspector', [workflow]);
	await stack.n8n.importCredentials([mcpBearerCredential(TOKEN)]);
	await stack.n8n.publish(workflow.id);
	await stack.n8n.start({ timeoutMs: 120000 });
	mcpUrl = `${stack.n8n.baseUrl}/mcp/${trigger.parameters.path}`;
}, 15 * 60 * 1000);

afterAll(async () => {
	await stack?.teardown();
}, 60000);

test('tools/list: the example\'s tools, each with its description and the $fromAI arguments as its schema', async () => {
	const run = await inspector(['--method', 'tools/list']);
	expect({ code: run.code, parsed: run.json !== undefined }).toEqual({ code: 0, parsed: true });
	const tools: any[] = run.json.tools;
	expect(tools.map((t) => t.name).sort()).toEqual([...TOOL_NAMES].sort());
	for (const t of tools) expect({ tool: t.name, described: typeof t.description === 'string' && t.description.length > 0, type: t.inputSchema?.type }).toEqual({ tool: t.name, described: true, type: 'object' });
	expect(tools.find((t) => t.name === 'Add_Loyalty_Points').inputSchema).toMatchObject({
		properties: { memberId: { type: 'string' }, cardId: { type: 'string' }, points: { type: 'number' }, reason: { type: 'string' } },
		required: expect.arrayContaining(['memberId', 'cardId', 'points', 'reason']),
	});
}, 180000);

test('tools/call, a read (Get_Campaign): one GET to the service, its answer as the result', async () => {
	stack.emulator.control.clearRequests();
	const run = await inspector(callArgs('Get_Campaign', { campaignId: FIXTURES.discountCampaignId }));
	if (run.code !== 0) throw new Error(explain(run));
	expect({ isError: Boolean(run.json.isError), found: text(run).includes(FIXTURES.discountCampaignId) }).toEqual({ isError: false, found: true });
	expect(sent().map((r) => r.route)).toEqual([`GET /v1/campaigns/${FIXTURES.discountCampaignId}`]);
}, 180000);

test('tools/call, a write (Add_Loyalty_Points): exactly one points change reaches the service, with the arguments given', async () => {
	stack.emulator.control.clearRequests();
	const run = await inspector(callArgs('Add_Loyalty_Points', { memberId: FIXTURES.memberId, cardId: FIXTURES.cardId, points: 25, reason: 'Inspector CLI goodwill' }));
	if (run.code !== 0) throw new Error(explain(run));
	expect({ isError: Boolean(run.json.isError), found: text(run).includes('"transaction"') }).toEqual({ isError: false, found: true });
	const writes = sent().filter((r) => !r.route.startsWith('GET'));
	expect(writes.map((r) => r.route)).toEqual([`POST ${CARD_POINTS_PATH}`]);
	expect(writes[0].status).toBeLessThan(300);
	expect(writes[0].body).toMatchObject({ points: 25, reason: 'Inspector CLI goodwill' });
}, 180000);

test('tools/call with a bad argument (0 points): an error result naming the field, nothing sent', async () => {
	stack.emulator.control.clearRequests();
	const run = await inspector(callArgs('Add_Loyalty_Points', { memberId: FIXTURES.memberId, cardId: FIXTURES.cardId, points: 0, reason: 'x' }));
	if (run.code !== 0) throw new Error(explain(run));
	expect(run.json.isError).toBe(true);
	expect(text(run)).toMatch(/Points/);
	expect(sent()).toEqual([]);
}, 180000);

test('without the Bearer token the Inspector cannot connect, and nothing is sent', async () => {
	stack.emulator.control.clearRequests();
	const run = await inspector(['--method', 'tools/list'], { token: '' });
	expect(run.code).not.toBe(0);
	expect(run.json).toBeUndefined();
	expect(`${run.stdout}${run.stderr}`).toMatch(/401|403|Authorization|Failed to connect/i);
	expect(sent()).toEqual([]);
}, 180000);
