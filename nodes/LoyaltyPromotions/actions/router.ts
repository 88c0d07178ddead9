import {
	NodeApiError,
	NodeOperationError,
	type IDataObject,
	type IExecuteFunctions,
	type INodeExecutionData,
	type JsonObject,
} from 'n8n-workflow';
import { fetchList } from '../transport/paginate';
import { Transport, type CredentialType } from '../transport/request';
import { Pacer } from '../transport/pacer';
import { DEFAULT_CONCURRENCY, MAX_CONCURRENCY } from './description';
import { RESOURCES } from './resources';
import { credentialTypeFor, type OperationDefinition, type ParamReader } from './types';
import { optionalId, requireId, requireIntegerInRange } from '../shared/validate';

/** Runs `work(i)` for i in [0, count) with at most `limit` in flight; stops taking new work once one throws. */
async function runPool(count: number, limit: number, work: (index: number) => Promise<void>): Promise<void> {
	let next = 0;
	let firstError: unknown;
	const worker = async () => {
		while (firstError === undefined && next < count) {
			const index = next++;
			try {
				await work(index);
			} catch (error) {
				firstError ??= error;
			}
		}
	};
	await Promise.all(Array.from({ length: Math.min(limit, count) }, worker));
	if (firstError !== undefined) throw firstError;
}

/** Whether a parameter's stored value holds an n8n expression anywhere (a string starting with '='). */
function containsExpression(value: unknown): boolean {
	if (typeof value === 'string') return value.startsWith('=');
	if (Array.isArray(value)) return value.some(containsExpression);
	if (value !== null && typeof value === 'object') return Object.values(value).some(containsExpression);
	return false;
}

/**
 * getNodeParameter, reading a parameter without expressions once for all items: its value is the same for every
 * item, and n8n's resolution of it costs more than the request's own work. Each item gets its own copy, so no
 * operation can change another item's value.
 */
function staticParameters(context: IExecuteFunctions) {
	const stored = context.getNode().parameters;
	const cache = new Map<string, unknown>();
	return (name: string, itemIndex: number, fallback: unknown): unknown => {
		const raw = stored[name];
		if (raw === undefined || containsExpression(raw)) return context.getNodeParameter(name, itemIndex, fallback as never);
		if (!cache.has(name)) cache.set(name, context.getNodeParameter(name, 0, fallback as never));
		const value = cache.get(name);
		return value !== null && typeof value === 'object' ? structuredClone(value) : value;
	};
}

function findOperation(resource: string, operation: string): OperationDefinition | undefined {
	return RESOURCES.find((r) => r.value === resource)?.operations.find((o) => o.value === operation);
}

/** What Continue On Fail emits for a failed item: the message and the service's error fields, paired. */
export function errorItem(error: unknown, itemIndex: number): INodeExecutionData {
	const known = error as NodeApiError & { context?: IDataObject };
	const serviceError = (known.context?.serviceError ?? {}) as IDataObject;
	return {
		json: {
			error: known.message,
			...(known.description ? { description: known.description } : {}),
			...(known instanceof NodeApiError && known.httpCode ? { httpCode: known.httpCode } : {}),
			...(serviceError.key ? { key: serviceError.key } : {}),
			...(serviceError.request_id ? { request_id: serviceError.request_id } : {}),
			...(serviceError.resource_id ? { resource_id: serviceError.resource_id } : {}),
			...(serviceError.resource_type ? { resource_type: serviceError.resource_type } : {}),
		},
		pairedItem: { item: itemIndex },
	};
}

/**
 * The action node's execute(): reads each item's parameters, validates and builds its request, sends it
 * through one transport per execution (paging lists), and pairs every output item with its input, in input
 * order, with up to Concurrency requests in flight.
 */
export async function route(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
	const items = this.getInputData();
	const resource = this.getNodeParameter('resource', 0) as string;
	const operationValue = this.getNodeParameter('operation', 0) as string;
	const operation = findOperation(resource, operationValue);
	if (!operation) {
		throw new NodeOperationError(this.getNode(), `Unknown operation "${operationValue}" for resource "${resource}"`);
	}
	const authentication = this.getNodeParameter('authentication', 0) as string;
	const credentialType: CredentialType = credentialTypeFor(authentication);
	const options = this.getNodeParameter('options', 0, {}) as IDataObject;
	const concurrency = Math.min(MAX_CONCURRENCY, Math.max(1, Math.floor(Number(options.concurrency ?? DEFAULT_CONCURRENCY)) || 1));

	const transport = new Transport(this, credentialType, new Pacer());
	let managementProject: Promise<unknown> | undefined;
	const context = this;
	const results: INodeExecutionData[][] = new Array(items.length);

	const parameter = staticParameters(context);
	const readerFor = (itemIndex: number): ParamReader => ({
		itemIndex,
		node: context.getNode(),
		context,
		get: <T>(name: string, fallback?: T) => parameter(name, itemIndex, fallback) as T,
		id(name: string, field: string) {
			return requireId(this, field, context.getNodeParameter(name, itemIndex, '', { extractValue: true }));
		},
		async projectId() {
			const chosen = optionalId(this, 'Project ID', context.getNodeParameter('projectId', itemIndex, ''));
			if (chosen) return chosen;
			managementProject ??= context
				.getCredentials<IDataObject>('loyaltyPromotionsManagementApi')
				.then((credentials) => credentials.projectId);
			const fallback = await managementProject;
			if (fallback === undefined || fallback === null || String(fallback).trim() === '') {
				throw new NodeOperationError(context.getNode(), 'Project ID: is required (set it here or in the credential)', { itemIndex });
			}
			return requireId(this, "Project ID (the credential's)", fallback);
		},
		send: (request) => transport.request(request, itemIndex),
	});

	const runItem = async (itemIndex: number) => {
		const params = readerFor(itemIndex);
		try {
			const request = await operation.build(params);
			let entries: IDataObject[];
			if (operation.list) {
				const returnAll = params.get<boolean>('returnAll', false);
				const limit = returnAll ? 0 : requireIntegerInRange(params, 'Limit', params.get('limit', 50), 1, operation.list.maxLimit ?? 100);
				entries = await fetchList(transport, request, operation.list, { returnAll, limit }, itemIndex);
			} else {
				const response = await transport.request<IDataObject>(request, itemIndex);
				entries = operation.output
					? operation.output(response, params)
					: [response && typeof response === 'object' ? response : { success: true }];
			}
			results[itemIndex] = entries.map((json) => ({ json, pairedItem: { item: itemIndex } }));
		} catch (error) {
			if (context.continueOnFail()) {
				results[itemIndex] = [errorItem(error, itemIndex)];
				return;
			}
			// Both constructors hand back an error that is already theirs unchanged.
			if (error instanceof NodeApiError) throw new NodeApiError(context.getNode(), error as unknown as JsonObject);
			throw new NodeOperationError(context.getNode(), error as Error, { itemIndex });
		}
	};

	await runPool(items.length, concurrency, runItem);
	return [results.flat()];
}
