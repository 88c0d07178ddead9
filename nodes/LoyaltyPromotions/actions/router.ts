import {
	NodeApiError,
	NodeOperationError,
	type IDataObject,
	type IExecuteFunctions,
	type INodeExecutionData,
	type INodeProperties,
	type JsonObject,
} from 'n8n-workflow';
import { afterApplied } from '../transport/errors';
import { fetchList } from '../transport/paginate';
import { Transport, type CredentialType } from '../transport/request';
import { AutoConcurrency, DEFAULT_WAIT_LIMITS, Pacer } from '../transport/pacer';
import { AUTHENTICATION_OPTIONS, listProperties, optionsProperty, writeOperations } from './description';
import { answerItems } from './answer';
import { RESOURCES } from './resources';
import { resourcesForVersion } from './versions';
import {
	AUTHENTICATIONS,
	CREDENTIAL_NAMES,
	credentialTypeFor,
	isSafeToRepeat,
	neededCredentials,
	plainName,
	type BatchOperation,
	type BatchRow,
	type OperationDefinition,
	type OutputItem,
	type ParamReader,
	type ResourceDefinition,
	type ServiceClient,
} from './types';
import { errorItem } from '../shared/errorItem';
import { checkBatchCount, checkBounds } from '../shared/limits';
import { checkCallsPerRun } from '../shared/runBudget';
import { checkBuilderNumbers } from '../shared/builderSetting';
import { AUTO_CONCURRENCY, autoHint, DEFAULT_CONCURRENCY, runPool, type Concurrency } from '../shared/pool';
import { fieldPathProblem, outputProperties, quoted, selectedFields, simplify, simplifyProperty, UnfollowedPaths } from '../shared/simplify';
import { ignoredKeysHint, mappingProperties, mappingReader, notShownKeysHint, recordReader, UNKNOWN_FIELDS_PARAMETER, withInputKey, withMapped, type MappedItem } from '../shared/mapping';
import { checkParameter, fail, requireId, requireIntegerInRange } from '../shared/validate';
import { nothingFound, runsAsTool, toolError } from '../shared/toolOutput';
import { containsExpression, resolveProject } from '../shared/project';

/** The operations whose tool calls Max Calls per Run counts (the panel shows it for them). */
const BUDGETED_OPERATIONS: ReadonlySet<string> = new Set(writeOperations(RESOURCES));

/**
 * A per-item read of a node parameter, done once for all items when the parameter holds no expression: its value is
 * the same for every item, and n8n's resolution of it (a resource locator's extraction looks the property up among
 * all of the node's) costs more than the request's own work. Each item gets its own copy, so no operation can
 * change another item's value. A failed read is not cached: every item reports it.
 */
function onceWhenStatic<Rest extends unknown[]>(context: IExecuteFunctions, read: (name: string, itemIndex: number, ...rest: Rest) => unknown) {
	const stored = context.getNode().parameters;
	const cache = new Map<string, unknown>();
	return (name: string, itemIndex: number, ...rest: Rest): unknown => {
		const raw = stored[name];
		if (raw === undefined || containsExpression(raw)) return read(name, itemIndex, ...rest);
		if (!cache.has(name)) cache.set(name, read(name, itemIndex, ...rest));
		const value = cache.get(name);
		return value !== null && typeof value === 'object' ? structuredClone(value) : value;
	};
}

/** getNodeParameter plus `check` (once for all items when static). */
function staticParameters(context: IExecuteFunctions, check: (name: string, itemIndex: number, value: unknown) => unknown) {
	return onceWhenStatic(context, (name, itemIndex, fallback: unknown) => check(name, itemIndex, context.getNodeParameter(name, itemIndex, fallback as never)));
}

/** A resource locator's value, its URL or ID mode's pattern applied (once for all items when static). */
function staticLocators(context: IExecuteFunctions) {
	return onceWhenStatic(context, (name, itemIndex) => context.getNodeParameter(name, itemIndex, '', { extractValue: true }));
}

/**
 * A batch operation: every item is read into its row first (an item that fails its checks becomes an error item
 * with Continue On Fail, else stops the run before anything is sent), then the rows go out as one job. Output
 * items keep input order, by the first item each belongs to.
 */
async function runBatch(
	operation: BatchOperation,
	count: number,
	readerFor: (itemIndex: number) => ParamReader,
	clientFor: (itemIndex?: number) => ServiceClient,
	failed: (error: unknown, itemIndex: number) => INodeExecutionData[],
): Promise<INodeExecutionData[]> {
	const rows: BatchRow[] = [];
	const output: Array<{ first: number; item: INodeExecutionData }> = [];
	for (let itemIndex = 0; itemIndex < count; itemIndex++) {
		try {
			const params = readerFor(itemIndex);
			checkBuilderNumbers(params, operation.properties);
			if (BUDGETED_OPERATIONS.has(operation.value)) checkCallsPerRun(params);
			checkBounds(params, operation);
			rows.push({ itemIndex, row: await operation.batch.readRow(params) });
		} catch (error) {
			for (const item of failed(error, itemIndex)) output.push({ first: itemIndex, item });
		}
	}
	if (rows.length > 0) {
		const first = rows[0].itemIndex;
		try {
			checkBatchCount(readerFor(first), operation, rows.length);
			for (const { json, binary, itemIndexes } of await operation.batch.send(rows, readerFor(first), clientFor(first))) {
				const pairedItem = itemIndexes.map((item) => ({ item }));
				output.push({
					first: itemIndexes.reduce((a, b) => Math.min(a, b), Infinity),
					item: { json, ...(binary ? { binary } : {}), pairedItem: pairedItem.length === 1 ? pairedItem[0] : pairedItem },
				});
			}
		} catch (error) {
			// The job as a whole failed: one error item, paired with every row it carried.
			const [item] = failed(error, first);
			output.push({ first, item: { ...item, pairedItem: rows.map((row) => ({ item: row.itemIndex })) } });
		}
	}
	// A stable sort: items of one input item keep the order the operation gave them.
	return output.sort((a, b) => a.first - b.first).map(({ item }) => item);
}

/** Whether a property's displayOptions let it show with these parameter values. */
function shownWith(property: INodeProperties, valueOf: (name: string) => unknown): boolean {
	const { show = {}, hide = {} } = property.displayOptions ?? {};
	const matches = (name: string, values: unknown) => Array.isArray(values) && values.includes(valueOf(name.replace(/^\//, '')));
	return (
		Object.entries(show).every(([name, values]) => ['resource', 'operation'].includes(name) || matches(name, values)) &&
		!Object.entries(hide).some(([name, values]) => matches(name, values))
	);
}

/**
 * The properties an operation's parameters are read against, by name: its own, Return All / Limit, Options.
 * Where several properties share a name (e.g. Fields, one list per export kind), the one the node shows for the
 * item wins: its conditions are read as the item resolves them, since a field they name may hold an expression
 * (an AI agent's $fromAI(), a value from the item).
 */
function propertiesOf(context: IExecuteFunctions, operation: OperationDefinition): (name: string, itemIndex: number) => INodeProperties | undefined {
	const properties = new Map<string, INodeProperties[]>();
	for (const property of [...operation.properties, ...mappingProperties(operation), ...(operation.list ? listProperties(operation) : []), ...(operation.simplify ? [simplifyProperty, ...outputProperties] : []), optionsProperty]) {
		properties.set(property.name, [...(properties.get(property.name) ?? []), property]);
	}
	return (name, itemIndex) => {
		const candidates = properties.get(name) ?? [];
		if (candidates.length <= 1) return candidates[0];
		const valueOf = (condition: string) => context.getNodeParameter(condition, itemIndex, null);
		return candidates.find((property) => shownWith(property, valueOf)) ?? candidates[0];
	};
}

/**
 * The credential type the resource needs, checked against the node before anything is sent. A workflow that
 * was imported or built by an AI agent can carry another credential, or a hidden Authentication value left
 * from another resource; n8n would then answer "Credentials not found" or send the wrong keys (and the service
 * a misleading 401). This says which credential the resource uses instead.
 */
function credentialFor(context: IExecuteFunctions, resource: ResourceDefinition): CredentialType {
	const allowed = AUTHENTICATIONS[resource.auth];
	const authentication = String(context.getNodeParameter('authentication', 0, allowed[0]));
	const node = context.getNode();
	if (!allowed.includes(authentication)) {
		throw new NodeOperationError(node, `${plainName(resource)} operations use ${neededCredentials(resource.auth)}; choose one in Credential to connect with`, {
			description: `This node is set to the ${CREDENTIAL_NAMES[credentialTypeFor(authentication)] ?? authentication} credential (its "authentication" parameter is "${authentication}"). Nothing was sent to the service.`,
		});
	}
	const type = credentialTypeFor(authentication);
	if (!node.credentials?.[type]) {
		const name = CREDENTIAL_NAMES[type];
		const label = AUTHENTICATION_OPTIONS.find((option) => option.value === authentication)?.name;
		const attached = Object.keys(node.credentials ?? {}).map((other) => CREDENTIAL_NAMES[other as CredentialType] ?? other);
		throw new NodeOperationError(
			node,
			allowed.length > 1
				? `${plainName(resource)} operations with Authentication "${label}" use the ${name} credential; choose one in Credential to connect with`
				: `${plainName(resource)} operations use the ${name} credential; choose one in Credential to connect with`,
			{
				description: `${attached.length ? `This node has a ${attached.join(' and a ')} credential, not a ${name} one.` : 'This node has no credential.'} Nothing was sent to the service.`,
			},
		);
	}
	return type;
}

/**
 * The key paths an item's output keeps, or undefined for the whole answer: version 3's Output (Simplified, Raw,
 * Selected Fields), version 2's Simplify; version 1 reads Simplify's fallback and keeps the whole answer.
 */
function outputFieldsOf(operation: OperationDefinition, params: ParamReader): { fields: readonly string[]; selected: boolean } | undefined {
	if (!operation.simplify) return undefined;
	if (params.node.typeVersion < 3) return params.get<boolean>('simplify', false) ? { fields: operation.simplify, selected: false } : undefined;
	const output = params.get<string>('output', 'simplified');
	if (output === 'raw') return undefined;
	if (output !== 'selected') return { fields: operation.simplify, selected: false };
	const fields = selectedFields(params.get('outputFields', ''));
	if (fields.length === 0) fail(params, 'Fields', 'is required (the key paths to keep, comma-separated)');
	for (const field of fields) {
		const problem = fieldPathProblem(field);
		if (problem) fail(params, 'Fields', `${quoted(field)}: ${problem}`);
	}
	return { fields, selected: true };
}

/** The resource and operation the node is set to, and the credential type they use. */
function operationOf(context: IExecuteFunctions): { resource: ResourceDefinition; operation: OperationDefinition; credentialType: CredentialType } {
	const resourceValue = context.getNodeParameter('resource', 0) as string;
	const operationValue = context.getNodeParameter('operation', 0) as string;
	const resource = resourcesForVersion(RESOURCES, context.getNode().typeVersion).find((r) => r.value === resourceValue);
	const operation = resource?.operations.find((o) => o.value === operationValue);
	if (!resource || !operation) {
		throw new NodeOperationError(context.getNode(), `Unknown operation "${operationValue}" for resource "${resourceValue}" in version ${context.getNode().typeVersion} of this node`, {
			description: 'Add the node again to get its latest version, which offers every operation.',
		});
	}
	return { resource, operation, credentialType: credentialFor(context, resource) };
}

/**
 * The action node's execute(): reads each item's parameters, validates and builds its request, sends it
 * through one transport per execution (paging lists), and pairs every output item with its input, in input
 * order, with up to Concurrency requests in flight.
 */
export async function route(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
	return await routeItems(this);
}

/** An error as Continue On Fail's items (one, or its error output's), or rethrown as this node's error. */
function failedItems(context: IExecuteFunctions, error: unknown, itemIndex: number): INodeExecutionData[] {
	if (context.continueOnFail()) {
		const item = errorItem(error, itemIndex);
		if (context.getNode().onError !== 'continueErrorOutput') return [item];
		// n8n sends an item to the error output only when its JSON holds no more than error, message and details:
		// the service's fields go under details (n8n then adds the input item's fields)
		const { error: message, ...details } = item.json;
		return [{ ...item, json: { error: message, details } }];
	}
	if (runsAsTool(context.getNode())) throw toolError(context.getNode(), error, itemIndex);
	// Both constructors hand back an error that is already theirs unchanged.
	if (error instanceof NodeApiError) throw new NodeApiError(context.getNode(), error as unknown as JsonObject);
	throw new NodeOperationError(context.getNode(), error as Error, { itemIndex });
}

/** A node-wide setting's value, or the error reading it gave. */
function nodeSetting<T>(read: () => T): { ok: true; value: T } | { ok: false; error: unknown } {
	try {
		return { ok: true, value: read() };
	} catch (error) {
		return { ok: false, error };
	}
}

/** Every input item failed with a node-wide setting's error (or the node failed, without Continue On Fail). */
function failEveryItem(context: IExecuteFunctions, error: unknown): INodeExecutionData[][] {
	return [context.getInputData().flatMap((_item, itemIndex) => failedItems(context, error, itemIndex))];
}

/**
 * route()'s work. A node-wide setting that cannot be used (an unknown operation, the wrong credential, a
 * Concurrency an expression made NaN or 0) fails every item under Continue On Fail: thrown from execute(), n8n
 * would pass the input items on as they came, and the next node would see a success where nothing was sent.
 */
async function routeItems(context: IExecuteFunctions): Promise<INodeExecutionData[][]> {
	const items = context.getInputData();
	const setup = nodeSetting(() => operationOf(context));
	if (!setup.ok) return failEveryItem(context, setup.error);
	const { operation, credentialType } = setup.value;
	const propertyFor = propertiesOf(context, operation);
	// n8n's getNode() is a deep copy per call: one copy serves every item's reader and check (none changes it)
	const node = context.getNode();
	const locator = staticLocators(context);

	// Every value is checked against the type its property declares: an expression can yield anything.
	const parameter = staticParameters(context, (name, itemIndex, value) => {
		const property = propertyFor(name, itemIndex);
		return property ? checkParameter({ node, itemIndex, context }, property, value) : value;
	});
	// Record Fields (version 3) or Map Input Fields (version 2): the item's mapped values stand in for the typed
	// parameters they map (shared/mapping/).
	const typeVersion = node.typeVersion;
	const record = operation.record && typeVersion >= 2 ? recordReader(operation, () => parameter(UNKNOWN_FIELDS_PARAMETER, 0, 'ignore') === 'refuse') : undefined;
	const mappingFor = record ? mappingReader(context, (name, itemIndex, fallback) => parameter(name, itemIndex, fallback)) : () => undefined;
	// Each item's mapped values, read once (by the first parameter read that needs them), and the input keys no
	// field took (or of fields the panel's values hide, with why), which the output panel lists.
	const mappedItems = new Map<number, MappedItem | undefined>();
	const unusedKeys = new Set<string>();
	const notShownKeys = new Set<string>();
	// Bounded: items may each bring keys of their own.
	const MAX_LISTED_KEYS = 1000;
	const readerFor = (itemIndex: number): ParamReader => {
		const mappedValues = (params: ParamReader, name: string) => {
			if (!record?.names.has(name)) return undefined;
			if (!mappedItems.has(itemIndex)) {
				const mapped = record.read(params, mappingFor(itemIndex), items[itemIndex].json, (typedName, fallback) => parameter(typedName, itemIndex, fallback));
				for (const key of mapped?.unused ?? []) if (unusedKeys.size < MAX_LISTED_KEYS) unusedKeys.add(key);
				for (const reason of mapped?.notShown ?? []) if (notShownKeys.size < MAX_LISTED_KEYS) notShownKeys.add(reason);
				mappedItems.set(itemIndex, mapped);
			}
			return mappedItems.get(itemIndex)?.values;
		};
		return {
			itemIndex,
			node,
			context,
			get<T>(name: string, fallback?: T) {
				const values = mappedValues(this, name);
				if (!values) return parameter(name, itemIndex, fallback) as T;
				if (values.has(name)) return values.get(name) as T;
				// A mapped parameter is hidden when mapped automatically: left out by the item, it reads as empty.
				return withMapped(name, parameter(name, itemIndex, fallback ?? ''), values) as T;
			},
			id(name: string, field: string) {
				const values = mappedValues(this, name);
				if (values?.has(name)) return requireId(this, field, values.get(name));
				return requireId(this, field, locator(name, itemIndex));
			},
			async projectId() {
				const stored = node.parameters.projectId;
				// Named as the field the workflow holds: the locator (Project) or version 1's text (Project ID).
				const locator = (stored !== null && typeof stored === 'object') || (stored === undefined && node.typeVersion >= 2);
				return await resolveProject(this, {
					stored,
					resolved: context.getNodeParameter('projectId', itemIndex, ''),
					label: locator ? 'Project' : 'Project ID',
					locator,
					credentialProject: async () =>
						await (managementProject ??= context
							.getCredentials<IDataObject>('loyaltyPromotionsManagementApi')
							.then((credentials) => credentials.projectId)),
				});
			},
			send: (request) => transport.request(request, itemIndex),
		};
	};

	const concurrencySetting = nodeSetting(() => (readerFor(0).get<IDataObject>('options', {}).concurrency as Concurrency | undefined) ?? DEFAULT_CONCURRENCY);
	if (!concurrencySetting.ok) return failEveryItem(context, concurrencySetting.error);
	const concurrency = concurrencySetting.value;
	const auto = concurrency === AUTO_CONCURRENCY ? new AutoConcurrency() : undefined;
	const transport = new Transport(context, credentialType, new Pacer(DEFAULT_WAIT_LIMITS, auto));
	let managementProject: Promise<unknown> | undefined;
	const results: INodeExecutionData[][] = new Array(items.length);
	const safeToRepeat = isSafeToRepeat(operation);
	// Selected Fields that met something they cannot go through, once per path: shown as hints in the output pane.
	const unfollowed = new UnfollowedPaths();

	const clientFor = (itemIndex?: number): ServiceClient => ({
		request: async (request) => await transport.request(request, itemIndex),
		baseUrl: async (path) => await transport.baseUrl(path),
	});

	/** An error as Continue On Fail's item (naming the input key a mapped value came from), or the node's error. */
	const failed = (cause: unknown, itemIndex: number) => failedItems(context, withInputKey(cause, operation, mappedItems.get(itemIndex)), itemIndex);

	const hintIgnoredKeys = () => {
		if (record && unusedKeys.size > 0) context.addExecutionHints(ignoredKeysHint(operation, [...unusedKeys]));
		if (record && notShownKeys.size > 0) context.addExecutionHints(notShownKeysHint([...notShownKeys]));
	};
	if (operation.batch) {
		const output = await runBatch(operation, items.length, readerFor, clientFor, failed);
		hintIgnoredKeys();
		return [output];
	}

	const runItem = async (itemIndex: number) => {
		const params = readerFor(itemIndex);
		// set once the service accepted a request that is not safe to repeat: a later error must say it was applied
		let applied = false;
		try {
			const output = outputFieldsOf(operation, params);
			const report = output?.selected ? unfollowed.report : undefined;
			checkBuilderNumbers(params, operation.properties);
			if (BUDGETED_OPERATIONS.has(operation.value)) checkCallsPerRun(params);
			checkBounds(params, operation);
			const built = await operation.build(params);
			const request = { ...built, safeToRepeat: built.safeToRepeat ?? safeToRepeat };
			let outputs: OutputItem[];
			if (operation.list) {
				const returnAll = params.get<boolean>('returnAll', false);
				const limit = returnAll ? 0 : requireIntegerInRange(params, 'Limit', params.get('limit', 50), 1, operation.list.maxLimit ?? 100);
				outputs = (await fetchList(transport, request, operation.list, { returnAll, limit }, itemIndex)).map((json) => ({ json }));
			} else {
				const response = await transport.request<IDataObject>(request, itemIndex);
				// a write, even one the service would not apply twice (an idempotent key), has now taken effect
				applied = !safeToRepeat || !request.safeToRepeat;
				outputs = await answerItems(operation, response, params, clientFor(itemIndex));
			}
			results[itemIndex] = outputs.map(({ json, binary }) => ({
				json: output ? simplify(json, output.fields, report) : json,
				...(binary ? { binary } : {}),
				pairedItem: { item: itemIndex },
			}));
			if (outputs.length === 0 && runsAsTool(node)) {
				results[itemIndex] = [{ json: nothingFound(operation.action, params.get<IDataObject>('filters', {})), pairedItem: { item: itemIndex } }];
			}
		} catch (error) {
			results[itemIndex] = failed(applied ? afterApplied(node, error) : error, itemIndex);
		}
	};

	await runPool(items.length, auto ?? (concurrency as number), runItem);
	// a run too short to measure a rate teaches the user nothing about their link
	const autoSummary = auto && items.length > 1 ? auto.summary() : undefined;
	if (autoSummary && autoSummary.peakPerMinute > 0) context.addExecutionHints(autoHint(autoSummary));
	const unfollowedHints = unfollowed.messages();
	if (unfollowedHints.length > 0) context.addExecutionHints(...unfollowedHints.map((message) => ({ message, type: 'warning' as const, location: 'outputPane' as const })));
	hintIgnoredKeys();
	return [results.flat()];
}
