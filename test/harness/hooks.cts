import { randomBytes } from 'crypto';
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
import { TestCredentialsHelper } from './credentialsHelper.cjs';
import { makeAdditionalData, nodeTypes } from './runWorkflow.cjs';
import { TRIGGER_NODE_TYPE } from './types.cjs';

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
	/** The workflow's id; a fresh one per object unless given (two objects with one id are one workflow). */
	workflowId?: string;
	nodeType?: string;
	/** Overrides of additionalData, e.g. webhookBaseUrl pointing at a local listener. */
	additionalData?: Partial<IWorkflowExecuteAdditionalData>;
	/** The workflow's saved static data to start from (what n8n's database holds). */
	staticData?: IDataObject;
}

const TRIGGER_NAME = 'Loyalty Promotions Trigger';

/** A JSON copy, as n8n's database gives back what it saved (no proxies, no `__dataChanged`). */
function copy<T>(value: T): T {
	return JSON.parse(JSON.stringify(value ?? {})) as T;
}

/**
 * A one-node workflow holding a webhook trigger, kept the way n8n 2.41 keeps it: a saved row (node parameters
 * and static data), from which every activation, deactivation, webhook call and run builds its own `Workflow`
 * with its own copy of the static data. A copy is written back whole, and only when the node changed it, at
 * the moments n8n saves: after the activation or deactivation hooks, when a webhook call is answered, when a run
 * ends. Concurrent operations therefore overwrite each other's static data as they do in n8n.
 */
export class TriggerWorkflow {
	readonly id: string;

	readonly node: INode;

	readonly credentialsHelper: TestCredentialsHelper;

	readonly additionalData: IWorkflowExecuteAdditionalData;

	private saved: IDataObject;

	constructor(options: TriggerWorkflowOptions) {
		this.credentialsHelper =
			options.credentials instanceof TestCredentialsHelper
				? options.credentials
				: new TestCredentialsHelper(options.credentials);
		this.id = options.workflowId ?? `trigger-workflow-${randomBytes(6).toString('hex')}`;
		this.node = {
			id: 'trigger',
			name: TRIGGER_NAME,
			type: options.nodeType ?? TRIGGER_NODE_TYPE,
			typeVersion: 1,
			position: [0, 0],
			webhookId: options.webhookId ?? 'test-webhook-id',
			parameters: options.parameters,
			credentials: Object.fromEntries(
				[...this.credentialsHelper.stored.keys()].map((type) => [type, { id: `${type}-id`, name: type }]),
			),
		};
		this.saved = copy(options.staticData ?? {});
		this.additionalData = { ...makeAdditionalData(this.credentialsHelper), ...options.additionalData };
	}

	/** A `Workflow` built from the saved row, with its own copy of the static data, as n8n builds one per operation. */
	load(): Workflow {
		return new Workflow({
			id: this.id,
			name: 'Trigger workflow',
			nodes: [copy(this.node)],
			connections: {},
			active: true,
			nodeTypes,
			staticData: copy(this.saved),
			settings: { executionOrder: 'v1' },
		});
	}

	/** n8n's saveStaticData: the copy replaces the saved static data when the node changed it. */
	save(workflow: Workflow): void {
		if (workflow.staticData.__dataChanged === true) this.saved = copy(workflow.staticData);
	}

	/** Changes node parameters as a user's edit would; static data is kept. */
	setParameters(parameters: INodeParameters): void {
		this.node.parameters = { ...this.node.parameters, ...parameters };
	}

	/** A copy of the node's saved static data. */
	staticData(): IDataObject {
		return copy((this.saved[`node:${TRIGGER_NAME}`] as IDataObject | undefined) ?? {});
	}

	/** A copy of the workflow's whole saved static data (to start another object of the same workflow from it). */
	savedStaticData(): IDataObject {
		return copy(this.saved);
	}

	/** Changes the node's saved static data, as something else writing to the database would. */
	updateStaticData(change: (data: IDataObject) => void): void {
		const data = this.staticData();
		change(data);
		this.saved = { ...this.saved, [`node:${TRIGGER_NAME}`]: data };
	}

	webhookData(isTest = false, workflow?: Workflow): IWebhookData {
		const nodeType = nodeTypes.getByNameAndVersion(this.node.type, 1);
		const description = nodeType.description.webhooks![0];
		return {
			httpMethod: description.httpMethod as IWebhookData['httpMethod'],
			node: this.node.name,
			path: `${this.node.webhookId}/${String(description.path)}`,
			webhookDescription: description,
			workflowId: workflow?.id ?? this.id,
			workflowExecuteAdditionalData: this.additionalData,
			webhookId: this.node.webhookId,
			isTest,
		};
	}

	hookContext(options: HookOptions = {}, workflow: Workflow = this.load()): HookContext {
		const mode = options.mode ?? 'trigger';
		return new HookContext(
			workflow,
			workflow.getNode(this.node.name)!,
			this.additionalData,
			mode,
			options.activation ?? (mode === 'manual' ? 'manual' : 'activate'),
			this.webhookData(mode === 'manual', workflow),
		);
	}

	private async call(method: HookMethod, options: HookOptions, workflow: Workflow): Promise<boolean> {
		const nodeType = nodeTypes.getByNameAndVersion(this.node.type, 1);
		const fn = nodeType.webhookMethods?.default?.[method];
		if (!fn) throw new Error(`${this.node.type} has no webhookMethods.default.${method}`);
		return await fn.call(this.hookContext(options, workflow));
	}

	/** Runs one webhookMethods.default method on its own (load, call, save). */
	async hook(method: HookMethod, options: HookOptions = {}): Promise<boolean> {
		const workflow = this.load();
		const result = await this.call(method, options, workflow);
		this.save(workflow);
		return result;
	}

	/**
	 * What n8n's ActiveWorkflowManager does on activation: checkExists, then create unless the webhook exists,
	 * then save the static data. When either throws, n8n removes the workflow's webhooks (calling the node's delete
	 * with a freshly loaded workflow, ignoring its errors) and fails the activation without saving.
	 */
	async activate(options: HookOptions = {}): Promise<{ existed: boolean }> {
		const workflow = this.load();
		let existed: boolean;
		try {
			existed = await this.call('checkExists', options, workflow);
			if (!existed) await this.call('create', options, workflow);
		} catch (error) {
			await this.deactivate(options).catch(() => undefined);
			throw error;
		}
		this.save(workflow);
		return { existed };
	}

	/** What n8n does on deactivation: delete, then save the static data. */
	async deactivate(options: HookOptions = {}): Promise<boolean> {
		return await this.hook('delete', options);
	}

	/** The production (or test) webhook URL of the node, as the hook context computes it. */
	webhookUrl(options: HookOptions = {}): string {
		return this.hookContext(options).getNodeWebhookUrl('default')!;
	}
}
