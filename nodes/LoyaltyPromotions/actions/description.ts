import { ApplicationError, type INodeProperties, type INodePropertyOptions } from 'n8n-workflow';
import { isSafeToRepeat, type OperationDefinition, type ResourceDefinition, type ResourceMethods } from './types';

/**
 * Assembles the node's parameters from the resource and operation definitions, so that an operation file
 * lists only its own fields: this adds the dropdowns, the display conditions and Return All / Limit.
 */

export const DEFAULT_CONCURRENCY = 5;
export const MAX_CONCURRENCY = 20;

const byName = <T extends { name: string }>(a: T, b: T) => a.name.localeCompare(b.name);

function showFor(resource: string, operation: string, property: INodeProperties): INodeProperties {
	const show = { ...property.displayOptions?.show, resource: [resource], operation: [operation] };
	return { ...property, displayOptions: { ...property.displayOptions, show } };
}

/** Return All and Limit, which the router adds to every list operation. */
export function listProperties(operation: OperationDefinition): INodeProperties[] {
	const maxLimit = operation.list?.maxLimit ?? 100;
	return [
		{
			displayName: 'Return All',
			name: 'returnAll',
			type: 'boolean',
			default: false,
			description: 'Whether to return all results or only up to a given limit',
		},
		{
			displayName: 'Limit',
			name: 'limit',
			type: 'number',
			typeOptions: { minValue: 1, maxValue: maxLimit, numberPrecision: 0 },
			default: 50,
			description: 'Max number of results to return',
			displayOptions: { show: { returnAll: [false] } },
		},
	];
}

/** The Authentication choices of the resources that take App Keys or an OAuth Token. */
export const AUTHENTICATION_OPTIONS: INodePropertyOptions[] = [
	{ name: 'App Keys', value: 'appKeys', description: 'Application ID and Secret Key' },
	{ name: 'OAuth Token', value: 'oAuth2', description: 'A bearer token bought with the app keys' },
];

function authenticationProperties(resources: ResourceDefinition[]): INodeProperties[] {
	const valuesWith = (auth: ResourceDefinition['auth']) =>
		resources.filter((resource) => resource.auth === auth).map((resource) => resource.value);
	return [
		{
			displayName: 'Authentication',
			name: 'authentication',
			type: 'options',
			options: AUTHENTICATION_OPTIONS,
			default: 'appKeys',
			displayOptions: { show: { resource: valuesWith('appKeysOrOAuth2') } },
		},
		{
			displayName: 'Authentication',
			name: 'authentication',
			type: 'hidden',
			default: 'appKeys',
			displayOptions: { show: { resource: valuesWith('appKeys') } },
		},
		{
			displayName: 'Authentication',
			name: 'authentication',
			type: 'hidden',
			default: 'managementKeys',
			displayOptions: { show: { resource: valuesWith('management') } },
		},
		{
			displayName: 'Authentication',
			name: 'authentication',
			type: 'hidden',
			default: 'oAuth2',
			displayOptions: { show: { resource: valuesWith('oAuth2') } },
		},
	];
}

/**
 * The panel's notice on an operation that is not safe to repeat: n8n's Retry On Fail reruns the whole node for
 * every item, so the items that had already gone through are sent again.
 */
export function repeatNotice(operation: OperationDefinition): INodeProperties[] {
	if (isSafeToRepeat(operation)) return [];
	const hint = operation.repeatHint ? ` ${operation.repeatHint}` : '';
	return [
		{
			displayName: `Not safe to repeat: the node never sends this request twice, but n8n's Retry On Fail (node Settings) reruns the whole node, so items that had already succeeded are sent again. Leave Retry On Fail off; use Continue On Fail to see which items failed.${hint}`,
			name: 'repeatNotice',
			type: 'notice',
			default: '',
		},
	];
}

/** The Options collection every operation has. */
export const optionsProperty: INodeProperties = {
	displayName: 'Options',
	name: 'options',
	type: 'collection',
	placeholder: 'Add Option',
	default: {},
	options: [
		{
			displayName: 'Concurrency',
			name: 'concurrency',
			type: 'number',
			typeOptions: { minValue: 1, maxValue: MAX_CONCURRENCY, numberPrecision: 0 },
			default: DEFAULT_CONCURRENCY,
			description: `How many requests to keep in flight at once across the input items (1 to ${MAX_CONCURRENCY}). Output order always follows input order; the service's rate limit is respected either way. Retry On Fail (node Settings) reruns the whole node for every item, including those that succeeded: operations that are not safe to repeat then send them again.`,
		},
	],
};

export function describeResources(resources: ResourceDefinition[]): INodeProperties[] {
	const resourceProperty: INodeProperties = {
		displayName: 'Resource',
		name: 'resource',
		type: 'options',
		noDataExpression: true,
		options: resources.map(({ name, value }) => ({ name, value })).sort(byName),
		default: 'sku',
	};

	const operationProperties = resources.map(({ value, operations }): INodeProperties => {
		const firstOperation = operations[0].value;
		return {
			displayName: 'Operation',
			name: 'operation',
			type: 'options',
			noDataExpression: true,
			default: firstOperation,
			displayOptions: { show: { resource: [value] } },
			options: operations
				.map(
					(operation): INodePropertyOptions => ({
						name: operation.name,
						value: operation.value,
						action: operation.action,
						description: operation.description,
					}),
				)
				.sort(byName),
		};
	});

	const fieldProperties = resources.flatMap((resource) =>
		resource.operations.flatMap((operation) =>
			[...repeatNotice(operation), ...operation.properties, ...(operation.list ? listProperties(operation) : [])].map((property) =>
				showFor(resource.value, operation.value, property),
			),
		),
	);

	return [
		resourceProperty,
		...authenticationProperties(resources),
		...operationProperties,
		...fieldProperties,
		optionsProperty,
	];
}

/** The node's `methods`: every resource's listSearch and loadOptions methods, each name used once. */
export function collectMethods(resources: ResourceDefinition[]): Required<ResourceMethods> {
	const methods: Required<ResourceMethods> = { listSearch: {}, loadOptions: {} };
	for (const resource of resources) {
		for (const kind of ['listSearch', 'loadOptions'] as const) {
			for (const [name, method] of Object.entries(resource.methods?.[kind] ?? {})) {
				if (name in methods[kind]) throw new ApplicationError(`Two resources define the ${kind} method ${name}`);
				(methods[kind] as Record<string, unknown>)[name] = method;
			}
		}
	}
	return methods;
}
