/**
 * Max Calls per Run: a write's tool node sends at most that many calls in one execution (one agent run), counted by
 * n8n's own record of the node's runs; the next call is refused before anything is sent, naming the setting. Here
 * through n8n's sub-node path (an agent that asks n8n-core for its tools and invokes one several times: how an
 * MCP Server Trigger and agents before version 3 call tools); the path of AI Agent 3 behind human review, in real
 * n8n, is test/e2e/ai-agent-approval.e2e.test.cts.
 */
import type { INodeParameters } from 'n8n-workflow';
import { fromAI, runAsTool } from '../harness/asTool.cjs';
import { credentialsFor } from '../harness/emulatorCredentials.cjs';
import { MINIMAL } from './minimal.cjs';
import { useEmulator } from './v2/helpers.cjs';

const ctx = useEmulator();

const WRITE = { resource: 'loyaltyCard', operation: 'adjustPoints', ...MINIMAL['loyaltyCard.adjustPoints'], points: fromAI('points', 'number') } as INodeParameters;
const READ = { resource: 'loyaltyCard', operation: 'getManyTransactions', ...MINIMAL['loyaltyCard.getManyTransactions'], limit: fromAI('limit', 'number') } as INodeParameters;
const REFUSAL = /^Max Calls per Run: this tool may change the service (once|\d+ times) per run and this tool already ran (once|\d+ times) in this run, so this call was refused and nothing was sent\./;

const sentWrites = () => ctx.sent().filter((request) => request.method === 'POST');

describe.each([
	{ label: 'left at its default (1)', max: undefined, calls: 3, sent: 1 },
	{ label: '1', max: 1, calls: 2, sent: 1 },
	{ label: '2', max: 2, calls: 3, sent: 2 },
	{ label: '3', max: 3, calls: 3, sent: 3 },
])('Max Calls per Run $label, $calls calls in one run', ({ max, calls, sent }) => {
	test(`the first ${sent} are sent, each later one refused naming the setting with nothing sent`, async () => {
		const parameters = { ...WRITE, ...(max === undefined ? {} : { maxCallsPerRun: max }) };
		const run = await runAsTool({ parameters, toolArguments: { points: 5 }, credentials: credentialsFor(ctx.emu), calls });
		expect(run.calls).toHaveLength(calls);
		expect(run.calls.slice(0, sent).map((call) => call.error)).toEqual(new Array(sent).fill(undefined));
		for (const call of run.calls.slice(sent)) expect(call.error).toMatch(REFUSAL);
		expect(sentWrites()).toHaveLength(sent);
	});
});

test('a read is not counted: every call of a read tool in one run is sent', async () => {
	const run = await runAsTool({ parameters: READ, toolArguments: { limit: 5 }, credentials: credentialsFor(ctx.emu), calls: 3 });
	expect(run.calls.map((call) => call.error)).toEqual([undefined, undefined, undefined]);
	expect(ctx.sent().filter((request) => request.method === 'GET')).toHaveLength(3);
});

test.each([
	{ value: fromAI('budget', 'number'), rule: 'must be typed in the node, not an expression' },
	{ value: 0, rule: 'must be a whole number of at least 1 (got 0)' },
	{ value: 1.5, rule: 'must be a whole number of at least 1 (got 1.5)' },
])('Max Calls per Run $value: refused naming the setting, nothing sent', async ({ value, rule }) => {
	const run = await runAsTool({ parameters: { ...WRITE, maxCallsPerRun: value }, toolArguments: { points: 5, ...(typeof value === 'string' ? { budget: 100 } : {}) }, credentials: credentialsFor(ctx.emu) });
	expect(run.error).toContain(`Max Calls per Run: ${rule}`);
	expect(sentWrites()).toEqual([]);
});
