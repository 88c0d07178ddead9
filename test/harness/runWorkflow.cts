import { ExecutionLifecycleHooks, WorkflowExecute } from 'n8n-core';
import {
	createRunExecutionData,
	Workflow,
	type ICredentialDataDecryptedObject,
	type IDataObject,
	type INode,
	type INodeExecutionData,
	type INodeParameters,
	type INodeTypes,
	type IRun,
	type IWorkflowBase,
	type IWorkflowExecuteAdditionalData,
} from 'n8n-workflow';
import { resolveWithCredentials, TestCredentialsHelper } from './credentialsHelper.cjs';
import { RESOURCES } from '../../nodes/LoyaltyPromotions/actions/resources';
import { AUTHENTICATIONS } from '../../nodes/LoyaltyPromotions/actions/types';
import { ACTION_NODE_TYPE, CREDENTIAL_TYPES, latestVersion, nodeTypeFor, withAuthentication } from './types.cjs';
import { credentialProbeErrors } from './testNodes.cjs';

export const nodeTypes: INodeTypes = {
	getByName: (name: string) => nodeTypeFor(name),
	getByNameAndVersion: (name: string, version?: number) => nodeTypeFor(name, version),
	getKnownTypes: () => ({}),
};

/** The resource's default Authentication (its first credential), for tests that name none. */
export function defaultAuthentication(resource: string): string | undefined {
	const definition = RESOURCES.find((candidate) => candidate.value === resource);
	return definition ? AUTHENTICATIONS[definition.auth][0] : undefined;
}

/** The plain additionalData n8n-core needs: URLs, hooks and our credentials helper. */
export function makeAdditionalData(
	credentialsHelper: TestCredentialsHelper,
	hooks?: ExecutionLifecycleHooks,
): IWorkflowExecuteAdditionalData {
	const base = 'http://127.0.0.1:5678';
	return {
		credentialsHelper,
		hooks,
		executeWorkflow: async () => {
			throw new Error('Sub-workflows are not used in these tests');
		},
		getRunExecutionData: async () => undefined,
		getRuntimeCredential: async () => undefined,
		currentNodeExecutionIndex: 0,
		restApiUrl: `${base}/rest`,
		instanceBaseUrl: base,
		formBaseUrl: `${base}/form`,
		formWaitingBaseUrl: `${base}/form-waiting`,
		formTestBaseUrl: `${base}/form-test`,
		webhookBaseUrl: `${base}/webhook`,
		webhookWaitingBaseUrl: `${base}/webhook-waiting`,
		webhookTestBaseUrl: `${base}/webhook-test`,
		mcpBaseUrl: `${base}/mcp`,
		mcpTestBaseUrl: `${base}/mcp-test`,
		variables: {},
		logAiEvent: () => {},
		userId: 'test-user',
	} as unknown as IWorkflowExecuteAdditionalData;
}

export interface RunNodeOptions {
	/** The action node's parameters (resource, operation, fields…). */
	parameters: INodeParameters;
	/** Input items for the node; one empty item by default. */
	input?: IDataObject[];
	/** Credential data by type, e.g. { loyaltyPromotionsAppApi: {...} }; or a helper to share between runs. */
	credentials?: Record<string, ICredentialDataDecryptedObject> | TestCredentialsHelper;
	continueOnFail?: boolean;
	/** The node's On Error setting, e.g. 'continueErrorOutput' (a second output for the failed items). */
	onError?: 'continueRegularOutput' | 'continueErrorOutput';
	nodeType?: string;
	/** The workflow's time zone (its settings), e.g. 'Asia/Tokyo'; n8n's default otherwise. */
	timezone?: string;
	/** The node's typeVersion: by default the latest, as a node added in the editor gets. */
	typeVersion?: number;
	/** When it resolves, the execution is stopped as n8n's Stop button does (its cancel signal fires). */
	cancelWhen?: Promise<unknown>;
}

export interface RunNodeResult {
	/** The node's output items (first output). */
	items: INodeExecutionData[];
	/** Every output's items (with On Error: Continue (using error output), the second is the error output). */
	outputs: INodeExecutionData[][];
	/** The node's error, if it failed and Continue On Fail was off. */
	error?: Error & { description?: string; httpCode?: string; context?: IDataObject };
	run: IRun;
	credentialsHelper: TestCredentialsHelper;
}

function helperFor(credentials: RunNodeOptions['credentials']): TestCredentialsHelper {
	return credentials instanceof TestCredentialsHelper ? credentials : new TestCredentialsHelper(credentials ?? {});
}

function credentialRefs(helper: TestCredentialsHelper): INode['credentials'] {
	return Object.fromEntries([...helper.stored.keys()].map((type) => [type, { id: `${type}-id`, name: type }]));
}

/** Runs a two-node workflow (fixture input → node under test) through n8n-core's real WorkflowExecute. */
export async function runNode(options: RunNodeOptions): Promise<RunNodeResult> {
	const credentialsHelper = helperFor(options.credentials);
	const nodeName = 'Node Under Test';
	const type = options.nodeType ?? ACTION_NODE_TYPE;
	const typeVersion = options.typeVersion ?? latestVersion(type);
	const nodes: INode[] = [
		{
			id: 'input',
			name: 'Input',
			type: 'test.fixtureInput',
			typeVersion: 1,
			position: [0, 0],
			parameters: { items: JSON.stringify(options.input ?? [{}]) },
		},
		{
			id: 'under-test',
			name: nodeName,
			type,
			typeVersion,
			position: [200, 0],
			parameters: withAuthentication(type, options.parameters, typeVersion, defaultAuthentication),
			credentials: credentialRefs(credentialsHelper),
			...(options.continueOnFail ? { onError: 'continueRegularOutput' as const, continueOnFail: true } : {}),
			...(options.onError ? { onError: options.onError } : {}),
		},
	];
	const run = await execute(nodes, { Input: { main: [[{ node: nodeName, type: 'main', index: 0 }]] } }, credentialsHelper, options.timezone, options.cancelWhen);
	const taskData = run.data.resultData.runData[nodeName]?.[0];
	return {
		items: taskData?.data?.main?.[0] ?? [],
		outputs: (taskData?.data?.main ?? []).map((output) => output ?? []),
		error: (taskData?.error ?? run.data.resultData.error) as RunNodeResult['error'],
		run,
		credentialsHelper,
	};
}

/**
 * Runs a workflow that starts at `workflow`'s node `nodeName` with `items` as that node's input, as n8n does
 * for a run a webhook started (the trigger node is executed with the webhook's items). Returns its output.
 */
export async function runFromStartNode(
	workflow: Workflow,
	nodeName: string,
	items: INodeExecutionData[],
	credentialsHelper: TestCredentialsHelper,
): Promise<INodeExecutionData[]> {
	const node = workflow.getNode(nodeName)!;
	const workflowData = { id: workflow.id, name: workflow.name, nodes: [node], connections: {} } as unknown as IWorkflowBase;
	const hooks = new ExecutionLifecycleHooks('webhook', 'test-webhook-execution', workflowData);
	const runExecutionData = createRunExecutionData({
		executionData: { nodeExecutionStack: [{ node, data: { main: [items] }, source: null }] },
	});
	const run = await new WorkflowExecute(makeAdditionalData(credentialsHelper, hooks), 'webhook', runExecutionData).processRunExecutionData(workflow);
	const task = run.data.resultData.runData[nodeName]?.[0];
	if (task?.error) throw task.error;
	return task?.data?.main?.[0] ?? [];
}

async function execute(
	nodes: INode[],
	connections: IWorkflowBase['connections'],
	credentialsHelper: TestCredentialsHelper,
	timezone?: string,
	cancelWhen?: Promise<unknown>,
): Promise<IRun> {
	const workflowData: IWorkflowBase = {
		id: 'test-workflow',
		name: 'Test workflow',
		active: false,
		isArchived: false,
		nodes,
		connections,
		createdAt: new Date(),
		updatedAt: new Date(),
		activeVersionId: null,
	} as unknown as IWorkflowBase;
	const workflow = new Workflow({
		id: workflowData.id,
		name: workflowData.name,
		nodes,
		connections,
		active: false,
		nodeTypes,
		staticData: {},
		settings: { executionOrder: 'v1', ...(timezone ? { timezone } : {}) },
	});
	const hooks = new ExecutionLifecycleHooks('manual', 'test-execution', workflowData);
	const additionalData = makeAdditionalData(credentialsHelper, hooks);
	const runExecutionData = createRunExecutionData({
		executionData: {
			nodeExecutionStack: [{ node: nodes[0], data: { main: [[{ json: {} }]] }, source: null }],
		},
	});
	const workflowExecute = new WorkflowExecute(additionalData, 'manual', runExecutionData);
	const running = workflowExecute.processRunExecutionData(workflow);
	void cancelWhen?.then(() => running.cancel());
	return await running;
}

/**
 * Runs a credential type's own test request (its `test.request`, expressions resolved with $credentials)
 * through httpRequestWithAuthentication, as n8n's credential test does. Resolves to the status code, or
 * rejects with the error n8n would show.
 */
export async function testCredential(type: string, data: ICredentialDataDecryptedObject): Promise<number> {
	const credentialType = CREDENTIAL_TYPES[type];
	// n8n always runs preAuthentication when testing a credential, whatever token is stored: empty the
	// expirable field so that the helper's "empty or expired" rule does the same.
	const expirable = credentialType?.properties.find((p) => p.type === 'hidden' && p.typeOptions?.expirable === true);
	const helper = new TestCredentialsHelper({ [type]: expirable ? { ...data, [expirable.name]: '' } : data });
	const request = credentialType.test?.request;
	if (!request) throw new Error(`${type} has no credential test`);
	credentialProbeErrors.length = 0;
	const probe: INode = {
		id: 'probe',
		name: 'Probe',
		type: 'test.credentialProbe',
		typeVersion: 1,
		position: [0, 0],
		parameters: {},
		credentials: credentialRefs(helper),
	};
	const scratch = new Workflow({ nodes: [probe], connections: {}, active: false, nodeTypes });
	const credentials = helper.stored.get(type)!;
	const url =
		String(resolveWithCredentials(request.baseURL ?? '', credentials, scratch, probe)) +
		String(resolveWithCredentials(request.url ?? '', credentials, scratch, probe));
	probe.parameters = { credentialType: type, method: request.method ?? 'GET', url };
	const run = await execute(
		[
			{ id: 'input', name: 'Input', type: 'test.fixtureInput', typeVersion: 1, position: [0, 0], parameters: { items: '[{}]' } },
			probe,
		],
		{ Input: { main: [[{ node: 'Probe', type: 'main', index: 0 }]] } },
		helper,
	);
	const task = run.data.resultData.runData.Probe?.[0];
	if (task?.error) throw credentialProbeErrors.pop() ?? task.error;
	return task?.data?.main?.[0]?.[0]?.json.statusCode as number;
}

interface CredentialTestError {
	httpCode?: string;
	message?: string;
	cause?: { response?: { status?: unknown } };
}

/**
 * The status n8n's credential test reads from a failed test request: the answer of the error n8n's NodeApiError
 * wraps (its `cause`), for a failed preAuthentication too; else httpCode.
 */
export function credentialTestStatus(error: CredentialTestError): number | undefined {
	const status = Number(error.cause?.response?.status ?? error.httpCode);
	return Number.isFinite(status) ? status : undefined;
}

/**
 * What n8n's credential test shows for a failed test request: the message of the credential's rule for the
 * answered status (n8n's CredentialsTester checks `test.rules` in order), else the error's own message.
 */
export function credentialTestMessage(type: string, error: CredentialTestError): string {
	const rules = CREDENTIAL_TYPES[type]?.test?.rules ?? [];
	const status = credentialTestStatus(error);
	for (const rule of rules) {
		if (rule.type === 'responseCode' && rule.properties.value === status) return rule.properties.message;
	}
	return String(error.message);
}
