import type { INodeProperties } from 'n8n-workflow';
import { builderTyped } from './builderSetting';
import { fail } from './validate';
import { runsAsTool } from './toolOutput';
import type { ParamReader } from '../actions/types';

/**
 * How many times a write tool may run in one execution (one AI agent run). n8n keeps each call of a tool node as
 * a run of that node in the execution, across the waits of human reviews, so the node's run index is the number
 * of its earlier calls in the run: no state of its own is needed (none in a process's memory, which queue mode
 * would split). Behind a human review a tool runs only once a person approved the call, so each run is one
 * approval spent: with 1, a later approval in the same run writes nothing, whichever link it came through
 * (n8n 2.41.1 signs a review's links per execution and review node, so every review of a tool in a run has the
 * same Approve link).
 */

export const DEFAULT_MAX_CALLS_PER_RUN = 1;

/** The setting, shown on the tool form of the write operations (`operations`: their values). */
export function maxCallsPerRunProperty(operations: string[]): INodeProperties {
	return {
		displayName: 'Max Calls per Run',
		name: 'maxCallsPerRun',
		noDataExpression: true,
		type: 'number',
		typeOptions: { minValue: 1, numberPrecision: 0 },
		default: DEFAULT_MAX_CALLS_PER_RUN,
		displayOptions: { show: { '@tool': [true], operation: operations } },
		description:
			"How many times this write may run in one run of the agent; a later call is refused before anything is sent. Keep 1 behind a human review: n8n's Approve link is the same for every review of a tool in a run.",
	};
}

/**
 * The index of the human review that let this call through in the run (0 for the first), when the node's tool
 * output goes into a review node (n8n's `<node>HitlTool`, the only node that passes a tool call on): n8n runs an
 * approved tool with that review's run as its source. Reviews that were declined count too, so an Approve link of
 * an earlier review cannot spend the budget on a later call.
 */
function reviewIndex(params: ParamReader): number | undefined {
	let source: { previousNode?: string; previousNodeRun?: number } | undefined;
	try {
		source = params.context.getInputSourceData(0, 'main');
	} catch {
		// no source: a tool called as a sub-node (an MCP Server Trigger's, an older agent's), never behind a review
		return undefined;
	}
	if (!source?.previousNode || !Number.isInteger(source.previousNodeRun)) return undefined;
	const gated = params.context.getParentNodes(source.previousNode, { connectionType: 'ai_tool', depth: 1 }).some((parent) => parent.name === params.node.name);
	return gated ? source.previousNodeRun : undefined;
}

const times = (count: number) => (count === 1 ? 'once' : `${count} times`);

/**
 * Refuses a write tool's call past Max Calls per Run, before anything is sent: counted by the node's earlier runs
 * in this run, and behind a human review by the reviews of this tool in this run. The bound is the workflow
 * builder's: an expression (a $fromAI() among them) would let the model raise it.
 */
export function checkCallsPerRun(params: ParamReader): void {
	// Version 1 (kept as it shipped) has no such setting
	if (!runsAsTool(params.node) || params.node.typeVersion < 2) return;
	const label = 'Max Calls per Run';
	const stored = builderTyped(params, 'maxCallsPerRun', label, 'budget');
	const max = Number(stored ?? DEFAULT_MAX_CALLS_PER_RUN);
	if (!Number.isInteger(max) || max < 1) fail(params, label, `must be a whole number of at least 1 (got ${String(stored)})`);
	const earlier = Number(params.context.getWorkflowDataProxy(params.itemIndex).$runIndex ?? 0);
	const review = reviewIndex(params);
	const used = Math.max(earlier, review ?? 0);
	if (used < max) return;
	const what = review !== undefined && review >= earlier ? `this tool was reviewed ${times(review)} before in this run (approved or declined)` : `this tool already ran ${times(earlier)} in this run`;
	fail(
		params,
		label,
		`this tool may change the service ${times(max)} per run and ${what}, so this call was refused and nothing was sent. Do not call it again in this run: tell the user what was done and that a further change needs a new message`,
	);
}
