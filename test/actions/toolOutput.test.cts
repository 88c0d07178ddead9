import { NodeApiError, NodeOperationError, type INode, type INodeParameters, type JsonObject } from 'n8n-workflow';
import { LoyaltyPromotions } from '../../nodes/LoyaltyPromotions/LoyaltyPromotions.node';
import { toolError } from '../../nodes/LoyaltyPromotions/shared/toolOutput';
import { toNodeApiError } from '../../nodes/LoyaltyPromotions/transport/errors';
import { credentialsFor } from '../harness/emulatorCredentials.cjs';
import { runNode } from '../harness/runWorkflow.cjs';
import { PACKAGE, registerNodeType } from '../harness/types.cjs';
import { useEmulator } from './v2/helpers.cjs';

/**
 * As an AI tool, a search that finds nothing says so in words (n8n would hand the model "" or [], which it reads as
 * an answer it cannot place); as a regular node its output stays empty, so that a workflow's next node does not run.
 * A tool's error carries its description in its message, as n8n's own tool wrapper words it: a queue-mode worker
 * answering an MCP call passes on the message only.
 */

const TOOL_TYPE = `${PACKAGE}.loyaltyPromotionsTool`;
registerNodeType(TOOL_TYPE, new LoyaltyPromotions());
const ctx = useEmulator();

const search = (email: string): INodeParameters => ({ authentication: 'appKeys', resource: 'customer', operation: 'getAll', limit: 5, filters: { email }, options: {} });
const run = (parameters: INodeParameters, nodeType?: string) => runNode({ credentials: credentialsFor(ctx.emu), parameters, ...(nodeType ? { nodeType } : {}) });

it('as a tool, a search without a match returns one item that says nothing was found, naming the filter', async () => {
	const { items, error } = await run(search('nobody@example.com'), TOOL_TYPE);
	expect(error).toBeUndefined();
	expect(items.map((item) => item.json)).toEqual([{ found: 0, message: 'Nothing found: "Get many customers" returned no results for email "nobody@example.com".' }]);
});

it('as a tool, a search with matches returns them as they are', async () => {
	const { items } = await run(search('customer-1@example.com'), TOOL_TYPE);
	expect(items.length).toBeGreaterThan(0);
	expect(items[0].json).toMatchObject({ id: expect.stringMatching(/^cust_/) });
	expect(items[0].json.found).toBeUndefined();
});

it('as a regular node, a search without a match has no output items', async () => {
	const { items, error } = await run(search('nobody@example.com'));
	expect(error).toBeUndefined();
	expect(items).toEqual([]);
});

describe("as a tool, an error's message ends with its description (Details), worded as n8n's tool wrapper words it", () => {
	const getCustomer = (customerId: string): INodeParameters => ({ authentication: 'appKeys', resource: 'customer', operation: 'get', customerId: { __rl: true, mode: 'id', value: customerId }, options: {} });
	it.each([
		['a value the node refuses before sending', getCustomer('..')],
		["the service's 404", getCustomer('cust_00000000000000ff')],
	])('%s', async (_what, parameters) => {
		const regular = (await run(parameters)).error!;
		const tool = (await run(parameters, TOOL_TYPE)).error!;
		expect(regular.description).toMatch(/\w/);
		expect(regular.message).not.toContain('Details:');
		expect(tool.message).toBe(`${regular.message}\n\nDetails: ${regular.description}`);
	});

	it("a lost connection: the headline stays the node's own, its Details (naming the socket code) stay in the description", () => {
		const node: INode = { id: '1', name: 'Add Points', type: TOOL_TYPE, typeVersion: 3, position: [0, 0], parameters: {} };
		const lost = toNodeApiError(node, new NodeApiError(node, Object.assign(new Error('read ECONNRESET'), { code: 'ECONNRESET' }) as unknown as JsonObject), { notRepeated: true, baseUrl: 'http://127.0.0.1:1' });
		expect(lost.description).toContain('(ECONNRESET)');
		const wrapped = new NodeOperationError(node, toolError(node, lost, 0));
		expect(wrapped.message).toBe(lost.message);
		expect(wrapped.description).toBe(lost.description);
		// where only the message travels (a queue-mode worker's MCP answer) and n8n wraps it again, it is not swapped
		const rewrapped = new NodeOperationError(node, new Error(wrapped.message));
		expect(rewrapped.message).toBe(lost.message);
		expect(rewrapped.message).not.toMatch(/retry the request/i);
	});
});
