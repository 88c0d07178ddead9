/**
 * Workflows saved with version 1 of the action node keep executing in real n8n after version 2 became the
 * default: test/e2e/v1-workflows/ holds the example workflows exactly as the release before version 2 shipped
 * them (typeVersion 1, Resource first, Authentication hidden), and each runs with `n8n execute` to success,
 * every node producing its items, against the in-process emulator.
 */
import * as path from 'path';
import { startStack, type Stack } from './stack.cjs';

const { loadExamples, summarizeRun } = require('./examples');

const saved: Array<{ file: string; workflow: { id: string; name: string; nodes: Array<{ type: string; typeVersion: number }> } }> = loadExamples(
	path.join(__dirname, 'v1-workflows'),
);

let stack: Stack;

beforeAll(async () => {
	stack = await startStack('v1-workflows', saved.map((entry) => entry.workflow));
}, 15 * 60 * 1000);

afterAll(async () => {
	await stack?.teardown();
}, 60000);

test('the saved workflows are version 1 workflows', () => {
	expect(saved.length).toBeGreaterThanOrEqual(7);
	for (const { workflow } of saved) {
		const actions = workflow.nodes.filter((node) => node.type.endsWith('.loyaltyPromotions'));
		expect(actions.length).toBeGreaterThan(0);
		for (const node of actions) expect(node.typeVersion).toBe(1);
	}
});

test.each(saved.map((entry) => [entry.file, entry]))('%s still executes to success at version 1', async (_file, entry) => {
	stack.emulator.control.clearRequests();
	const result = await stack.n8n.execute(entry.workflow.id, { timeoutMs: 300000 });
	const summary = summarizeRun(result, entry.workflow);
	expect({ status: summary.status, error: summary.error }).toEqual({ status: 'success', error: undefined });
	const failedNodes = Object.entries(summary.nodes as Record<string, { status: string; error?: string }>).filter(([, node]) => node.status !== 'success');
	expect(failedNodes).toEqual([]);
	for (const end of summary.ends as Array<{ name: string; items: number }>) expect({ node: end.name, hasItems: end.items > 0 }).toEqual({ node: end.name, hasItems: true });
	expect(stack.emulator.control.requests().length).toBeGreaterThan(0);
}, 360000);
