import { ApplicationError, type INodeProperties, type INodePropertyOptions } from 'n8n-workflow';
import { AUTHENTICATIONS, CREDENTIAL_NAMES, isSafeToRepeat, type OperationDefinition, type ResourceDefinition, type ResourceMethods } from './types';
import { addedIn, offeredIn } from './versions';
import { simplifyProperty } from '../shared/simplify';
import { hiddenWhenAutoMapped, mappingProperties, recordFieldsMethod } from '../shared/mapping';

/**
 * Assembles the node's parameters from the resource and operation definitions, so that an operation file
 * lists only its own fields: this adds the dropdowns, the display conditions and Return All / Limit.
 */

export const DEFAULT_CONCURRENCY = 5;
export const MAX_CONCURRENCY = 20;

const byName = <T extends { name: string }>(a: T, b: T) => a.name.localeCompare(b.name);

function showFor(resource: string, operation: string, property: INodeProperties): INodeProperties {
	// Resource and operation come first: n8n shows a field as soon as it meets a condition whose value is an
	// expression (it cannot tell), so a field of another operation conditioned on e.g. an expression `type` would
	// otherwise count as shown (and required) here.
	const own = Object.entries(property.displayOptions?.show ?? {}).filter(([name]) => name !== 'resource' && name !== 'operation');
	const show = { resource: [resource], operation: [operation], ...Object.fromEntries(own) };
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

/** Version 2's Authentication choices: every credential, the management keys' resources included. */
export const ALL_AUTHENTICATION_OPTIONS: INodePropertyOptions[] = [
	AUTHENTICATION_OPTIONS[0],
	{ name: 'Management Keys', value: 'managementKeys', description: 'Management ID and Token: projects, webhooks, schemas' },
	AUTHENTICATION_OPTIONS[1],
];

/** Version 1's Authentication: shown only for resources that take either key, hidden and fixed for the others. */
function authenticationPropertiesV1(resources: ResourceDefinition[]): INodeProperties[] {
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

/** The panel's notice on an operation the service has deprecated, naming its successor (version 2 on). */
export function deprecationNotice(operation: OperationDefinition): INodeProperties[] {
	if (!operation.deprecated) return [];
	return [
		addedIn(2, {
			displayName: `Deprecated by the service: it keeps answering, with critical fixes only. For new workflows use ${operation.deprecated}.`,
			name: 'deprecationNotice',
			type: 'notice',
			default: '',
		}),
	];
}

/** An operation's description in its dropdown: deprecated ones say so first. */
export const operationDescription = (operation: OperationDefinition): string =>
	operation.deprecated ? `Deprecated (use ${operation.deprecated}). ${operation.description}` : operation.description;

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

function operationProperty(resource: ResourceDefinition): INodeProperties {
	const firstOperation = resource.operations[0].value;
	return {
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		default: firstOperation,
		displayOptions: { show: { resource: [resource.value] } },
		options: resource.operations
			.map(
				(operation): INodePropertyOptions => ({
					name: operation.name,
					value: operation.value,
					action: operation.action,
					description: operationDescription(operation),
				}),
			)
			.sort(byName),
	};
}

function fieldProperties(resources: ResourceDefinition[], version: number): INodeProperties[] {
	return resources.flatMap((resource) =>
		resource.operations.flatMap((operation) =>
			[
				...deprecationNotice(operation),
				...repeatNotice(operation),
				...operation.properties.map((property) => (version >= 2 ? hiddenWhenAutoMapped(operation, property) : property)),
				...(version >= 2 ? mappingProperties(operation) : []),
				...(operation.list ? listProperties(operation) : []),
				...(operation.simplify ? [simplifyProperty] : []),
			]
				.filter((property) => offeredIn(version, property))
				.map((property) => showFor(resource.value, operation.value, property)),
		),
	);
}

/**
 * Version 1: Resource first, then an Authentication that hangs on it (shown for the resources that take either
 * key, hidden and fixed for the others). n8n's editor hides every parameter that Authentication depends on, so
 * its panel never shows Resource: kept as it shipped, for the workflows saved with it.
 */
function describeVersion1(resources: ResourceDefinition[]): INodeProperties[] {
	const resourceProperty: INodeProperties = {
		displayName: 'Resource',
		name: 'resource',
		type: 'options',
		noDataExpression: true,
		options: resources.map(({ name, value }) => ({ name, value })).sort(byName),
		default: 'sku',
	};
	return [resourceProperty, ...authenticationPropertiesV1(resources), ...resources.map(operationProperty), ...fieldProperties(resources, 1), optionsProperty];
}

/** The default resource offered under each Authentication of version 2. */
const DEFAULT_RESOURCE: Record<string, string> = { appKeys: 'voucher', oAuth2: 'voucher', managementKeys: 'webhook' };

/**
 * Version 2: Authentication first, depending on nothing, as n8n's editor expects: the editor shows it as the
 * choice of credential (Credential to connect with lists all three types, and picking one sets Authentication),
 * then one Resource list per
 * Authentication, offering the resources that credential can call, then Operation and the operation's fields.
 */
function describeVersion2(resources: ResourceDefinition[]): INodeProperties[] {
	const authentication: INodeProperties = {
		displayName: 'Authentication',
		name: 'authentication',
		type: 'options',
		noDataExpression: true,
		options: ALL_AUTHENTICATION_OPTIONS,
		default: 'appKeys',
	};
	const resourceLists = ALL_AUTHENTICATION_OPTIONS.map(({ value }): INodeProperties => {
		const offered = resources.filter((resource) => AUTHENTICATIONS[resource.auth].includes(String(value)));
		const fallback = offered.find((resource) => resource.value === DEFAULT_RESOURCE[String(value)]) ?? offered[0];
		const oAuthOnly = resources.filter((resource) => resource.auth === 'oAuth2').map((resource) => resource.name);
		const defaultResource = fallback.value;
		return {
			displayName: 'Resource',
			name: 'resource',
			type: 'options',
			noDataExpression: true,
			options: offered.map(({ name, value: resourceValue }) => ({ name, value: resourceValue })).sort(byName),
			default: defaultResource,
			...(value === 'appKeys' && oAuthOnly.length > 0
				? { description: `The loyalty v2 resources (${oAuthOnly.join(', ')}) take an OAuth token: pick a ${CREDENTIAL_NAMES.loyaltyPromotionsOAuth2Api} credential in Credential to connect with to see them` }
				: {}),
			displayOptions: { show: { authentication: [value] } },
		};
	});
	return [authentication, ...resourceLists, ...resources.map(operationProperty), ...fieldProperties(resources, 2), optionsProperty];
}

export function describeResources(resources: ResourceDefinition[], version = 1): INodeProperties[] {
	return version >= 2 ? describeVersion2(resources) : describeVersion1(resources);
}

/**
 * The node's subtitle, e.g. "Get Many: Voucher": n8n evaluates it as an expression over the node's parameters, so
 * the display names are looked up in a map built from the resource list.
 */
export function subtitleExpression(resources: ResourceDefinition[]): string {
	const names: Record<string, string> = {};
	for (const resource of resources) {
		for (const operation of resource.operations) names[`${resource.value}.${operation.value}`] = `${operation.name}: ${resource.name}`;
	}
	return `={{ (${JSON.stringify(names)})[$parameter["resource"] + "." + $parameter["operation"]] }}`;
}

/** The node's `methods`: every resource's listSearch and loadOptions methods, each name used once. */
export function collectMethods(resources: ResourceDefinition[]): Required<ResourceMethods> {
	const methods: Required<ResourceMethods> = { listSearch: {}, loadOptions: {}, resourceMapping: { getRecordFields: recordFieldsMethod(resources) } };
	for (const resource of resources) {
		for (const kind of ['listSearch', 'loadOptions', 'resourceMapping'] as const) {
			for (const [name, method] of Object.entries(resource.methods?.[kind] ?? {})) {
				if (name in methods[kind]) throw new ApplicationError(`Two resources define the ${kind} method ${name}`);
				(methods[kind] as Record<string, unknown>)[name] = method;
			}
		}
	}
	return methods;
}
