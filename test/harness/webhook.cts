import { randomBytes } from 'crypto';
import http, { type IncomingMessage, type ServerResponse } from 'http';
import type { AddressInfo } from 'net';
import { WebhookContext } from 'n8n-core';
import type { IDataObject, INodeExecutionData, IWebhookDescription, IWebhookResponseData, Workflow } from 'n8n-workflow';
import { nodeTypes, runFromStartNode } from './runWorkflow.cjs';
import { TriggerWorkflow, type TriggerWorkflowOptions } from './hooks.cjs';

/** One request the listener handled, and what n8n would have done with it. */
export interface HandledRequest {
	status: number;
	/** The answer's body: parsed JSON, or the text when it is not JSON (undefined when empty). */
	response: unknown;
	/** The answer's content type. */
	contentType: string | undefined;
	/** Whether n8n would have started an execution. */
	executed: boolean;
	/** The trigger's items when an execution started (first output). */
	items: INodeExecutionData[];
	body: unknown;
	headers: IncomingMessage['headers'];
	error?: Error;
}

type WebhookRequest = IncomingMessage & {
	body: unknown;
	rawBody: Buffer;
	query: IDataObject;
	params: IDataObject;
};

/** Header the listener's own post() sets, to find the record of its request among concurrent ones. */
const REQUEST_ID_HEADER = 'x-harness-request-id';

/** Lets other requests run, as n8n's database reads between loading a workflow and using it do. */
const yieldToOthers = async () => await new Promise<void>((resolve) => setImmediate(resolve));

/**
 * The body n8n 2.41 answers for a run started in response mode onReceived (its
 * extractWebhookOnReceivedResponse): the description's `responseData` as it is when set (n8n's default when it
 * is missing is the text "firstEntryJson"), nothing for `noData`, else the node's `webhookResponse`, else
 * `{"message":"Workflow was started"}`.
 */
function onReceivedBody(description: IWebhookDescription, result: IWebhookResponseData): unknown {
	const responseData = description.responseData === undefined ? 'firstEntryJson' : description.responseData;
	if (responseData === 'noData') return undefined;
	if (responseData) return responseData;
	return result.webhookResponse ?? { message: 'Workflow was started' };
}

/**
 * A local HTTP listener (127.0.0.1, free port) that stands in for n8n 2.41's webhook server for one trigger node.
 * Each request is parsed as n8n does (JSON body, raw bytes kept in `rawBody`) and handled as n8n's LiveWebhooks
 * does, concurrently with any other: the workflow is loaded with its own copy of the static data, the node's
 * webhook() runs through n8n-core's real WebhookContext, a run it starts loads the static data again (its own
 * copy) and runs the trigger through n8n-core's WorkflowExecute; the webhook call's copy is saved when the
 * answer is sent, the run's copy when the run ends (each only when changed). The answer follows n8n's rules:
 * the node's own answer when it says `noWebhookResponse`; 200 with `webhookResponse` (or "Webhook call
 * received") when it returns no workflow data; otherwise 200 with the onReceived body (see onReceivedBody).
 * A request counts as handled once its answer was sent and its run (if any) has ended.
 */
export class WebhookListener {
	readonly handled: HandledRequest[] = [];

	private readonly waiters = new Set<() => void>();

	private constructor(
		private readonly server: http.Server,
		readonly baseUrl: string,
		readonly trigger: TriggerWorkflow,
	) {}

	static async start(options: Omit<TriggerWorkflowOptions, 'additionalData'>): Promise<WebhookListener> {
		let listener: WebhookListener | undefined;
		const server = http.createServer((req, res) => {
			void listener!.handle(req, res);
		});
		await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
		const { port } = server.address() as AddressInfo;
		const base = `http://127.0.0.1:${port}`;
		const trigger = new TriggerWorkflow({
			...options,
			additionalData: { webhookBaseUrl: `${base}/webhook`, webhookTestBaseUrl: `${base}/webhook-test` },
		});
		listener = new WebhookListener(server, base, trigger);
		return listener;
	}

	/** Executions n8n would have started, with their items. */
	get executions(): INodeExecutionData[][] {
		return this.handled.filter((h) => h.executed).map((h) => h.items);
	}

	/** Resolves once `count` requests were handled. */
	async waitFor(count: number, timeoutMs = 5000): Promise<HandledRequest[]> {
		return await this.waitUntil(() => (this.handled.length >= count ? [...this.handled] : undefined), timeoutMs, `${count} requests`);
	}

	clear(): void {
		this.handled.length = 0;
	}

	/** Sends a request straight to the listener (for forged or hand-made deliveries); resolves with its record. */
	async post(body: string, headers: Record<string, string> = {}, path?: string): Promise<HandledRequest> {
		const requestId = randomBytes(8).toString('hex');
		const url = new URL(path ?? this.trigger.webhookUrl());
		await new Promise<void>((resolve, reject) => {
			const req = http.request(
				url,
				{ method: 'POST', headers: { 'content-type': 'application/json', ...headers, [REQUEST_ID_HEADER]: requestId } },
				(res) => {
					res.resume();
					res.on('end', resolve);
				},
			);
			req.on('error', reject);
			req.end(body);
		});
		return await this.waitUntil(
			() => this.handled.find((h) => h.headers[REQUEST_ID_HEADER] === requestId),
			5000,
			`the record of request ${requestId}`,
		);
	}

	async stop(): Promise<void> {
		this.server.closeAllConnections();
		await new Promise<void>((resolve) => this.server.close(() => resolve()));
	}

	private async waitUntil<T>(found: () => T | undefined, timeoutMs: number, what: string): Promise<T> {
		return await new Promise((resolve, reject) => {
			const check = () => {
				const value = found();
				if (value === undefined) return;
				clearTimeout(timer);
				this.waiters.delete(check);
				resolve(value);
			};
			const timer = setTimeout(() => {
				this.waiters.delete(check);
				reject(new Error(`Timed out after ${timeoutMs} ms waiting for ${what} (handled: ${this.handled.length})`));
			}, timeoutMs);
			this.waiters.add(check);
			check();
		});
	}

	private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
		const chunks: Buffer[] = [];
		for await (const chunk of req) chunks.push(chunk as Buffer);
		const rawBody = Buffer.concat(chunks);
		const isTest = (req.url ?? '').startsWith('/webhook-test/');
		const record: HandledRequest = {
			status: 0,
			response: undefined,
			contentType: undefined,
			executed: false,
			items: [],
			body: undefined,
			headers: req.headers,
		};
		let answered = false;
		const send = (status: number, data: unknown) => {
			answered = true;
			if (data === undefined) {
				res.writeHead(status);
				res.end();
			} else if (typeof data === 'string') {
				res.writeHead(status, { 'content-type': 'text/html; charset=utf-8' });
				res.end(data);
			} else {
				res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
				res.end(JSON.stringify(data));
			}
		};
		// Capture what is written, by the node itself or by send().
		const writeHead = res.writeHead.bind(res);
		const end = res.end.bind(res);
		let written = '';
		(res as unknown as { writeHead: unknown }).writeHead = (status: number, ...rest: unknown[]) => {
			record.status = status;
			const headers = rest.find((r) => typeof r === 'object' && r !== null) as Record<string, string> | undefined;
			const type = Object.entries(headers ?? {}).find(([name]) => name.toLowerCase() === 'content-type');
			record.contentType = type?.[1];
			return (writeHead as (...a: unknown[]) => ServerResponse)(status, ...rest);
		};
		(res as unknown as { end: unknown }).end = (chunk?: unknown, ...rest: unknown[]) => {
			if (typeof chunk === 'string' || Buffer.isBuffer(chunk)) written += chunk.toString();
			return (end as (...a: unknown[]) => ServerResponse)(chunk, ...rest);
		};

		try {
			let body: unknown = {};
			let parsed = true;
			if (rawBody.length > 0) {
				try {
					body = JSON.parse(rawBody.toString('utf8'));
				} catch {
					parsed = false;
					send(400, { message: 'Invalid JSON' });
				}
			}
			record.body = body;
			if (parsed) await this.runWebhook(req, res, { body, rawBody, isTest, record, send, answered: () => answered });
		} catch (error) {
			record.error = error as Error;
			if (!res.writableEnded) send(500, { message: (error as Error).message });
		}
		try {
			record.response = written ? JSON.parse(written) : undefined;
		} catch {
			record.response = written;
		}
		this.handled.push(record);
		for (const wake of [...this.waiters]) wake();
	}

	private async runWebhook(
		req: IncomingMessage,
		res: ServerResponse,
		call: {
			body: unknown;
			rawBody: Buffer;
			isTest: boolean;
			record: HandledRequest;
			send: (status: number, data: unknown) => void;
			answered: () => boolean;
		},
	): Promise<void> {
		const { trigger } = this;
		const request = Object.assign(req, {
			body: call.body,
			rawBody: call.rawBody,
			query: Object.fromEntries(new URL(req.url ?? '/', this.baseUrl).searchParams),
			params: {},
		}) as WebhookRequest;
		const additionalData = { ...trigger.additionalData, httpRequest: request, httpResponse: res };
		// LiveWebhooks loads the workflow, and so its static data, from the database for each call.
		const workflow = trigger.load();
		await yieldToOthers();
		const webhookData = trigger.webhookData(call.isTest, workflow);
		const context = new WebhookContext(
			workflow,
			workflow.getNode(trigger.node.name)!,
			additionalData as never,
			call.isTest ? 'manual' : 'webhook',
			webhookData,
			[],
			null,
		);
		const nodeType = nodeTypes.getByNameAndVersion(trigger.node.type, 1);
		const result: IWebhookResponseData = await nodeType.webhook!.call(context);
		if (result.noWebhookResponse) {
			trigger.save(workflow);
			if (!res.writableEnded) call.send(500, { message: 'The node said it answered but did not' });
			return;
		}
		if (result.workflowData === undefined) {
			trigger.save(workflow);
			call.send(200, result.webhookResponse ?? { message: 'Webhook call received' });
			return;
		}
		// WorkflowRunner.run loads the static data again for the run, which then goes on while the call is answered.
		call.record.executed = true;
		const runWorkflow: Workflow = trigger.load();
		await yieldToOthers();
		const run = runFromStartNode(runWorkflow, trigger.node.name, result.workflowData[0] ?? [], trigger.credentialsHelper);
		// The answer (onReceived), after LiveWebhooks saved the webhook call's copy of the static data.
		trigger.save(workflow);
		call.send(200, onReceivedBody(webhookData.webhookDescription, result));
		try {
			call.record.items = await run;
		} finally {
			// The run's copy is saved when it ends (when the run changed it).
			trigger.save(runWorkflow);
		}
	}
}
