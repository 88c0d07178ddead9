import http, { type IncomingMessage, type ServerResponse } from 'http';
import type { AddressInfo } from 'net';
import { WebhookContext } from 'n8n-core';
import type { IDataObject, INodeExecutionData, IWebhookResponseData } from 'n8n-workflow';
import { nodeTypes, runFromStartNode } from './runWorkflow';
import { TriggerWorkflow, type TriggerWorkflowOptions } from './hooks';

/** One request the listener handled, and what n8n would have done with it. */
export interface HandledRequest {
	status: number;
	/** Parsed JSON the listener answered with (undefined if not JSON). */
	response: unknown;
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

/**
 * A local HTTP listener (127.0.0.1, free port) that stands in for n8n's webhook server for one trigger node.
 * Each request is parsed as n8n does (JSON body, raw bytes kept in `rawBody`), then the node's webhook() runs
 * through n8n-core's real WebhookContext. The response follows n8n's rules: the node's own answer when it says
 * `noWebhookResponse`; 200 with `webhookResponse` (or "Webhook call received") when it returns no workflow data;
 * otherwise, with responseMode onReceived, 200 "Workflow was started" and the items count as an execution.
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
		return await new Promise((resolve, reject) => {
			const check = () => {
				if (this.handled.length >= count) {
					clearTimeout(timer);
					this.waiters.delete(check);
					resolve([...this.handled]);
				}
			};
			const timer = setTimeout(() => {
				this.waiters.delete(check);
				reject(new Error(`Timed out waiting for ${count} requests (have ${this.handled.length})`));
			}, timeoutMs);
			this.waiters.add(check);
			check();
		});
	}

	clear(): void {
		this.handled.length = 0;
	}

	/** Sends a request straight to the listener (for forged or hand-made deliveries). */
	async post(body: string, headers: Record<string, string> = {}, path?: string): Promise<HandledRequest> {
		const before = this.handled.length;
		const url = new URL(path ?? this.trigger.webhookUrl());
		await new Promise<void>((resolve, reject) => {
			const req = http.request(
				url,
				{ method: 'POST', headers: { 'content-type': 'application/json', ...headers } },
				(res) => {
					res.resume();
					res.on('end', resolve);
				},
			);
			req.on('error', reject);
			req.end(body);
		});
		return (await this.waitFor(before + 1))[before];
	}

	async stop(): Promise<void> {
		this.server.closeAllConnections();
		await new Promise<void>((resolve) => this.server.close(() => resolve()));
	}

	private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
		const chunks: Buffer[] = [];
		for await (const chunk of req) chunks.push(chunk as Buffer);
		const rawBody = Buffer.concat(chunks);
		const isTest = (req.url ?? '').startsWith('/webhook-test/');
		const record: HandledRequest = { status: 0, response: undefined, executed: false, items: [], body: undefined, headers: req.headers };
		let answer: { status: number; text: string } | undefined;
		const send = (status: number, data: unknown) => {
			answer = { status, text: JSON.stringify(data) };
			res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
			res.end(answer.text);
		};
		// Capture what the node writes itself.
		const writeHead = res.writeHead.bind(res);
		const end = res.end.bind(res);
		let written = '';
		let writtenStatus = 0;
		(res as unknown as { writeHead: unknown }).writeHead = (status: number, ...rest: unknown[]) => {
			writtenStatus = status;
			return (writeHead as (...a: unknown[]) => ServerResponse)(status, ...rest);
		};
		(res as unknown as { end: unknown }).end = (chunk?: unknown, ...rest: unknown[]) => {
			if (typeof chunk === 'string' || Buffer.isBuffer(chunk)) written += chunk.toString();
			return (end as (...a: unknown[]) => ServerResponse)(chunk, ...rest);
		};

		try {
			let body: unknown = {};
			if (rawBody.length > 0) {
				try {
					body = JSON.parse(rawBody.toString('utf8'));
				} catch {
					send(400, { message: 'Invalid JSON' });
				}
			}
			record.body = body;
			if (!answer) {
				const request = Object.assign(req, {
					body,
					rawBody,
					query: Object.fromEntries(new URL(req.url ?? '/', this.baseUrl).searchParams),
					params: {},
				}) as WebhookRequest;
				const additionalData = { ...this.trigger.additionalData, httpRequest: request, httpResponse: res };
				const context = new WebhookContext(
					this.trigger.workflow,
					this.trigger.liveNode,
					additionalData as never,
					isTest ? 'manual' : 'webhook',
					this.trigger.webhookData(isTest),
					[],
					null,
				);
				const nodeType = nodeTypes.getByNameAndVersion(this.trigger.node.type, 1);
				const result: IWebhookResponseData = await nodeType.webhook!.call(context);
				if (result.noWebhookResponse) {
					if (!res.writableEnded) send(500, { message: 'The node said it answered but did not' });
				} else if (result.workflowData === undefined) {
					send(200, result.webhookResponse ?? { message: 'Webhook call received' });
				} else {
					record.executed = true;
					// As in n8n, the run the webhook starts executes the trigger node with the webhook's items.
					record.items = await runFromStartNode(
						this.trigger.workflow,
						this.trigger.liveNode.name,
						result.workflowData[0] ?? [],
						this.trigger.credentialsHelper,
					);
					send(200, { message: 'Workflow was started' });
				}
			}
		} catch (error) {
			record.error = error as Error;
			if (!res.writableEnded) send(500, { message: (error as Error).message });
		}
		record.status = answer?.status ?? writtenStatus;
		const text = answer?.text ?? written;
		try {
			record.response = text ? JSON.parse(text) : undefined;
		} catch {
			record.response = text;
		}
		this.handled.push(record);
		for (const wake of [...this.waiters]) wake();
	}
}
