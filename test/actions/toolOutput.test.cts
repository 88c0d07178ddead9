import type { INodeParameters } from 'n8n-workflow';
import { LoyaltyPromotions } from '../../nodes/LoyaltyPromotions/LoyaltyPromotions.node';
import { credentialsFor } from '../harness/emulatorCredentials.cjs';
import { runNode } from '../harness/runWorkflow.cjs';
import { PACKAGE, registerNodeType } from '../harness/types.cjs';
import { useEmulator } from './v2/helpers.cjs';

/**
 * As an AI tool, a search that finds nothing says so in words (n8n would hand the model "" or [], which it reads as
 * an answer it cannot place); as a regular node its output stays empty, so that a workflow's next node does not run.
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
