import { HookContext } from 'n8n-core';
import {
	Workflow,
	type ICredentialDataDecryptedObject,
	type IDataObject,
	type INode,
	type INodeParameters,
	type IWebhookData,
	type IWorkflowExecuteAdditionalData,
	type WorkflowActivateMode,
	type WorkflowExecuteMode,
} from 'n8n-workflow';
import { TestCredentialsHelper } from './credentialsHelper';
import { makeAdditionalData, nodeTypes } from './runWorkflow';
import { TRIGGER_NODE_TYPE } from './types';

export type HookMethod = 'checkExists' | 'create' | 'delete';

export interface HookOptions {
	/** 'trigger' for an active workflow (production URL), 'manual' for the editor's test listening. */
	mode?: WorkflowExecuteMode;
	activation?: WorkflowActivateMode;
}

export interface TriggerWorkflowOptions {
	parameters: INodeParameters;
	credentials: Record<string, ICredentialDataDecryptedObject> | TestCredentialsHelper;
	/** n8n's per-node webhook id: the webhook URL path is `{webhookId}/webhook`. */
	webhookId?: string;
	nodeType?: string;
	/** Overrides of additionalData, e.g. webhookBaseUrl pointing at a local listener. */
	additionalData?: Partial<IWorkflowExecuteAdditionalData>;
	staticData?: IDataObject;
}

/**
 * A one-node workflow holding a webhook trigger, with n8n-core's real HookContext for its webhookMethods.
 * The Workflow object (and so its static data) lives as long as this object, as an active workflow's does in n8n.
 */
export class TriggerWorkflow {
	readonly workflow: Workflow;

	readonly node: INode;

	readonly credentialsHelper: TestCredentialsHelper;

	readonly additionalData: IWorkflowExecuteAdditionalData;

	constructor(options: TriggerWorkflowOptions) {
		this.credentialsHelper =
			options.credentials instanceof TestCredentialsHelper
				? options.credentials
				: new TestCredentialsHelper(options.credentials);
		this.node = {
			id: 'trigger',
			name: 'Loyalty Promotions Trigger',
			type: options.nodeType ?? TRIGGER_NODE_TYPE,
			typeVersion: 1,
			position: [0, 0],
			webhookId: options.webhookId ?? 'test-webhook-id',
			parameters: options.parameters,
			credentials: Object.fromEntries(
				[...this.credentialsHelper.stored.keys()].map((type) => [type, { id: `${type}-id`, name: type }]),
			),
		};
		this.workflow = new Workflow({
			id: 'trigger-workflow',
			name: 'Trigger workflow',
			nodes: [this.node],
			connections: {},
			active: true,
			nodeTypes,
			staticData: options.staticData ?? {},
			settings: { executionOrder: 'v1' },
		});
		this.additionalData = { ...makeAdditionalData(this.credentialsHelper), ...options.additionalData };
	}

	/** The node as the workflow holds it (parameters are resolved with their defaults by n8n-workflow). */
	get liveNode(): INode {
		return this.workflow.getNode(this.node.name)!;
	}

	/** Changes node parameters as a user's edit would; static data is kept. */
	setParameters(parameters: INodeParameters): void {
		this.liveNode.parameters = { ...this.liveNode.parameters, ...parameters };
	}

	/** The node's static data (what n8n saves with the workflow). */
	staticData(): IDataObject {
		return this.workflow.getStaticData('node', this.liveNode);
	}

	webhookData(isTest = false): IWebhookData {
		const nodeType = nodeTypes.getByNameAndVersion(this.node.type, 1);
		const description = nodeType.description.webhooks![0];
		return {
			httpMethod: description.httpMethod as IWebhookData['httpMethod'],
			node: this.node.name,
			path: `${this.node.webhookId}/${String(description.path)}`,
			webhookDescription: description,
			workflowId: this.workflow.id,
			workflowExecuteAdditionalData: this.additionalData,
			webhookId: this.node.webhookId,
			isTest,
		};
	}

	hookContext(options: HookOptions = {}): HookContext {
		const mode = options.mode ?? 'trigger';
		return new HookContext(
			this.workflow,
			this.liveNode,
			this.additionalData,
			mode,
			options.activation ?? (mode === 'manual' ? 'manual' : 'activate'),
			this.webhookData(mode === 'manual'),
		);
	}

	/** Runs one webhookMethods.default method through a real HookContext. */
	async hook(method: HookMethod, options: HookOptions = {}): Promise<boolean> {
		const nodeType = nodeTypes.getByNameAndVersion(this.node.type, 1);
		const fn = nodeType.webhookMethods?.default?.[method];
		if (!fn) throw new Error(`${this.node.type} has no webhookMethods.default.${method}`);
		return await fn.call(this.hookContext(options));
	}

	/** What n8n does on activation: create unless checkExists says the webhook is there. */
	async activate(options: HookOptions = {}): Promise<{ existed: boolean }> {
		const existed = await this.hook('checkExists', options);
		if (!existed) await this.hook('create', options);
		return { existed };
	}

	/** What n8n does on deactivation. */
	async deactivate(options: HookOptions = {}): Promise<boolean> {
		return await this.hook('delete', options);
	}

	/** The production (or test) webhook URL of the node, as the hook context computes it. */
	webhookUrl(options: HookOptions = {}): string {
		return this.hookContext(options).getNodeWebhookUrl('default')!;
	}
}
