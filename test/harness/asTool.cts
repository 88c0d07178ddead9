import { ExecutionLifecycleHooks, WorkflowExecute } from 'n8n-core';
import {
	createRunExecutionData,
	NodeConnectionTypes,
	Workflow,
	type ICredentialDataDecryptedObject,
	type IDataObject,
	type IExecuteFunctions,
	type INode,
	type INodeExecutionData,
	type INodeParameters,
	type INodeProperties,
	type INodeType,
	type INodeTypeDescription,
	type IWorkflowBase,
} from 'n8n-workflow';
import { TestCredentialsHelper } from './credentialsHelper.cjs';
import { defaultAuthentication, makeAdditionalData, nodeTypes } from './runWorkflow.cjs';
import { ACTION_NODE_TYPE, nodeTypeFor, registerNodeType, withAuthentication } from './types.cjs';

/**
 * Runs the action node as an AI agent's tool, the way n8n does it, without a language model: n8n's node loader
 * turns a node that is `usableAsTool` into `<type>Tool` (its convertNodeToAiTool: no inputs, one ai_tool output, a
 * Tool Description), and an agent node asks n8n-core for its connected tools (getInputConnectionData). n8n-core
 * then builds each tool from the `$fromAI()` calls in the node's parameters (createNodeAsTool: one schema key per
 * call) and, when the agent invokes it, runs the node's own execute() with the tool's arguments as its one input
 * item, where `$fromAI('key')` reads them. The test agent here invokes the one tool once with given arguments.
 */

export const ACTION_TOOL_TYPE = `${ACTION_NODE_TYPE}Tool`;
const AGENT_TYPE = 'test.toolAgent';

/** n8n 2.41's convertNodeToAiTool (packages/cli tool-generation), for a node with Resource and Operation. */
function toolDescription(description: INodeTypeDescription): INodeTypeDescription {
	const descriptionType: INodeProperties = {
		displayName: 'Tool Description',
		name: 'descriptionType',
		type: 'options',
		noDataExpression: true,
		options: [
			{ name: 'Set Automatically', value: 'auto', description: 'Automatically set based on resource and operation' },
			{ name: 'Set Manually', value: 'manual', description: 'Manually set the description' },
		],
		default: 'auto',
	};
	const toolText: INodeProperties = {
		displayName: 'Description',
		name: 'toolDescription',
		type: 'string',
		default: description.description,
		required: true,
		typeOptions: { rows: 2 },
		displayOptions: { show: { descriptionType: ['manual'] } },
	};
	const { usableAsTool: _tool, ...rest } = description;
	return {
		...rest,
		name: `${description.name}Tool`,
		displayName: `${description.displayName} Tool`,
		inputs: [],
		outputs: [NodeConnectionTypes.AiTool],
		properties: [descriptionType, toolText, ...description.properties],
	};
}

/** The action node's latest version as n8n's loader offers it to agents. */
function actionTool(): INodeType {
	const version = nodeTypeFor(ACTION_NODE_TYPE, 3);
	return { description: toolDescription(version.description), methods: version.methods, execute: version.execute };
}

/**
 * An agent that calls its one connected tool with the arguments in its `toolArguments` parameter (`calls` times, one
 * after the other, in one execution), checks that the tool's schema asks for exactly those keys, and outputs the
 * tool's answer (or its error's message) for each call.
 */
class ToolAgent implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Tool Agent',
		name: 'toolAgent',
		group: ['transform'],
		version: 1,
		description: 'Calls its tool once',
		defaults: { name: 'Tool Agent' },
		inputs: [NodeConnectionTypes.Main, { type: NodeConnectionTypes.AiTool, required: true, displayName: 'Tool' }],
		outputs: [NodeConnectionTypes.Main],
		properties: [
			{ displayName: 'Tool Arguments', name: 'toolArguments', type: 'json', default: '{}' },
			{ displayName: 'Calls', name: 'calls', type: 'number', default: 1 },
		],
	};

	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		const toolArguments = JSON.parse(this.getNodeParameter('toolArguments', 0) as string) as IDataObject;
		const connected = (await this.getInputConnectionData(NodeConnectionTypes.AiTool, 0)) as Array<{
			name: string;
			schema: { shape: Record<string, unknown> };
			invoke(input: IDataObject): Promise<string>;
		}>;
		if (connected.length !== 1) throw new Error(`Expected one tool, got ${connected.length}`);
		const [tool] = connected;
		const asked = Object.keys(tool.schema.shape).sort();
		const given = Object.keys(toolArguments).sort();
		if (JSON.stringify(asked) !== JSON.stringify(given)) throw new Error(`The tool asks for ${asked.join(', ')}; given ${given.join(', ')}`);
		const answers: INodeExecutionData[] = [];
		for (let call = 0; call < (this.getNodeParameter('calls', 0, 1) as number); call++) {
			try {
				answers.push({ json: { tool: tool.name, response: await tool.invoke(toolArguments) } });
			} catch (error) {
				answers.push({ json: { tool: tool.name, error: (error as Error).message } });
			}
		}
		return [answers];
	}
}

registerNodeType(ACTION_TOOL_TYPE, actionTool());
registerNodeType(AGENT_TYPE, new ToolAgent());

/** A parameter value the model fills in: n8n's `$fromAI(key, description, type)` expression. */
export function fromAI(key: string, type: 'string' | 'number' | 'boolean' | 'json'): string {
	return `={{ $fromAI('${key}', '', '${type}') }}`;
}

export interface ToolRunResult {
	/** The tool's answer as the agent got it (n8n's JSON of the node's output items), or its error's message. */
	response?: string;
	error?: string;
}

/** Each call's result, in order, when the agent called the tool several times in one execution. */
export interface ToolRunResults extends ToolRunResult {
	calls: ToolRunResult[];
}

/**
 * Runs the action node (latest version) as a tool of an agent that invokes it with `toolArguments`: the node's
 * `parameters` hold the `$fromAI()` expressions that read them.
 */
export async function runAsTool(options: {
	parameters: INodeParameters;
	toolArguments: IDataObject;
	credentials: Record<string, ICredentialDataDecryptedObject>;
	/** How many times the agent calls the tool in the one execution (default 1). */
	calls?: number;
}): Promise<ToolRunResults> {
	const credentialsHelper = new TestCredentialsHelper(options.credentials);
	const credentials = Object.fromEntries([...credentialsHelper.stored.keys()].map((type) => [type, { id: `${type}-id`, name: type }]));
	const nodes: INode[] = [
		{ id: 'input', name: 'Input', type: 'test.fixtureInput', typeVersion: 1, position: [0, 0], parameters: { items: '[{}]' } },
		{ id: 'agent', name: 'Agent', type: AGENT_TYPE, typeVersion: 1, position: [200, 0], parameters: { toolArguments: JSON.stringify(options.toolArguments), calls: options.calls ?? 1 } },
		{
			id: 'tool',
			name: 'Loyalty Promotions Tool',
			type: ACTION_TOOL_TYPE,
			typeVersion: 3,
			position: [200, 200],
			parameters: withAuthentication(ACTION_NODE_TYPE, options.parameters, 3, defaultAuthentication),
			credentials,
		},
	];
	const connections: IWorkflowBase['connections'] = {
		Input: { main: [[{ node: 'Agent', type: NodeConnectionTypes.Main, index: 0 }]] },
		'Loyalty Promotions Tool': { ai_tool: [[{ node: 'Agent', type: NodeConnectionTypes.AiTool, index: 0 }]] },
	};
	const workflowData = { id: 'tool-workflow', name: 'Tool workflow', active: false, nodes, connections } as unknown as IWorkflowBase;
	const workflow = new Workflow({ id: workflowData.id, name: workflowData.name, nodes, connections, active: false, nodeTypes, staticData: {}, settings: { executionOrder: 'v1' } });
	const hooks = new ExecutionLifecycleHooks('manual', 'tool-execution', workflowData);
	const runExecutionData = createRunExecutionData({ executionData: { nodeExecutionStack: [{ node: nodes[0], data: { main: [[{ json: {} }]] }, source: null }] } });
	const run = await new WorkflowExecute(makeAdditionalData(credentialsHelper, hooks), 'manual', runExecutionData).processRunExecutionData(workflow);
	const task = run.data.resultData.runData.Agent?.[0];
	if (task?.error) return { error: task.error.message, calls: [] };
	const calls = (task?.data?.main?.[0] ?? []).map(({ json }) => ({ response: json.response as string | undefined, error: json.error as string | undefined }));
	return { ...(calls[0] ?? {}), calls };
}
