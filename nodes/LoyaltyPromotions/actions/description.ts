import { ApplicationError, NodeOperationError, type ILoadOptionsFunctions, type INodeProperties, type INodePropertyOptions } from 'n8n-workflow';
import {
	AUTHENTICATIONS,
	isSafeToRepeat,
	neededCredentials,
	plainName,
	type ListSearchMethod,
	type LoadOptionsMethod,
	type OperationDefinition,
	type ResourceDefinition,
	type ResourceMethods,
} from './types';
import { addedIn, CURRENT_VERSIONS, forVersions } from './versions';
import { compactProperties, lighten, withoutHelp } from './compact';
import { outputProperties, simplifyProperty } from '../shared/simplify';
import { HIDDEN_ON_TOOLS } from '../shared/fields';
import { maxCallsPerRunProperty } from '../shared/runBudget';
import { AUTO_CONCURRENCY, DEFAULT_CONCURRENCY, MAX_CONCURRENCY } from '../shared/pool';
import { hiddenWhenAutoMapped, recordFieldsChoice, recordFieldsMethod, version2Mapper } from '../shared/mapping';

/**
 * Assembles the node's parameters from the resource and operation definitions, so that an operation file
 * lists only its own fields: this adds the dropdowns, the display conditions and Return All / Limit.
 */

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

/** Versions 2 and 3's Authentication choices: every credential (version 1 offers App Keys and OAuth Token only). */
export const ALL_AUTHENTICATION_OPTIONS: INodePropertyOptions[] = [
	AUTHENTICATION_OPTIONS[0],
	{ name: 'Management Keys', value: 'managementKeys', description: 'Management ID and Token: projects, webhooks, schemas' },
	AUTHENTICATION_OPTIONS[1],
	{ name: 'OAuth Service Key', value: 'oAuthServiceKey', description: 'A bearer token bought with an OAuth v2 service key' },
];

/**
 * Version 1's Authentication, one per kind of resource: a choice for the resources that take either key, hidden
 * and fixed for the others; each defaults to the first value its resources take (its saved workflows leave it out).
 */
function authenticationPropertiesV1(resources: ResourceDefinition[]): INodeProperties[] {
	const auths = [...new Set(resources.map((resource) => resource.auth))];
	return auths.map((auth): INodeProperties => {
		const allowed = AUTHENTICATIONS[auth];
		const shown = { resource: resources.filter((resource) => resource.auth === auth).map((resource) => resource.value) };
		const property: INodeProperties =
			allowed.length > 1
				? { displayName: 'Authentication', name: 'authentication', type: 'options', options: AUTHENTICATION_OPTIONS, default: '', displayOptions: { show: shown } }
				: { displayName: 'Authentication', name: 'authentication', type: 'hidden', default: '', displayOptions: { show: shown } };
		// set apart: n8n's lint reads a default only as a literal, and this one is data (the first credential taken)
		property.default = allowed[0];
		return property;
	});
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
			displayName: `Not safe to repeat: keep Retry On Fail (Settings) off, since it resends items that succeeded.${hint}`,
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
			displayName: `Deprecated by the service${operation.deprecatedSince ? ` since ${operation.deprecatedSince}` : ''}: it keeps answering, with critical fixes only. For new workflows use ${operation.deprecated}.`,
			name: 'deprecationNotice',
			type: 'notice',
			default: '',
		}),
	];
}

/**
 * An operation's description in its dropdown and the nodes panel: its first sentence (the whole text is in the
 * generated operations reference); deprecated ones say so first.
 */
export const operationDescription = (operation: OperationDefinition): string => {
	const firstSentence = operation.description.split(/(?<=\.)\s/)[0].replace(/\.$/, '');
	return operation.deprecated ? `Deprecated (use ${operation.deprecated}). ${firstSentence}` : firstSentence;
};

/** Concurrency's choices: Auto, then every fixed number (saved nodes hold one of these numbers). */
const CONCURRENCY_CHOICES: INodePropertyOptions[] = [
	{ name: 'Auto', value: AUTO_CONCURRENCY, description: 'Starts low and grows while the rate of answers grows and the rate limit leaves room' },
	...Array.from({ length: MAX_CONCURRENCY }, (_, index) => ({ name: String(index + 1), value: index + 1 })),
];

/**
 * The Options collection every operation has: Concurrency, hidden on a tool, whose every call is one item. Its
 * default holds Auto, so a new node stores `options: { concurrency: 'auto' }`; a node saved before stores
 * `options: {}` (n8n keeps a collection's options only as set), which reads as DEFAULT_CONCURRENCY.
 */
export const optionsProperty: INodeProperties = {
	displayName: 'Options',
	name: 'options',
	type: 'collection',
	placeholder: 'Add Option',
	default: { concurrency: AUTO_CONCURRENCY },
	displayOptions: HIDDEN_ON_TOOLS,
	options: [
		{
			displayName: 'Concurrency',
			name: 'concurrency',
			type: 'options',
			options: CONCURRENCY_CHOICES,
			default: AUTO_CONCURRENCY,
			description: `How many requests to keep in flight at once across the input items: Auto (the output panel says what it settled on) or 1 to ${MAX_CONCURRENCY}. Without this option: ${DEFAULT_CONCURRENCY}. Output order always follows input order; the service's rate limit is respected either way. Retry On Fail (node Settings) reruns the whole node for every item, including those that succeeded: operations that are not safe to repeat then send them again.`,
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

function fieldProperties(resources: ResourceDefinition[], versions: readonly number[]): INodeProperties[] {
	const current = versions[0] >= 2;
	return resources.flatMap((resource) =>
		resource.operations.flatMap((operation) =>
			[
				...deprecationNotice(operation),
				...repeatNotice(operation),
				...(current ? recordFieldsChoice(operation) : []),
				...operation.properties.map((property) => (current ? hiddenWhenAutoMapped(operation, property) : property)),
				...(current ? version2Mapper(operation) : []),
				...(operation.list ? listProperties(operation) : []),
				...(operation.simplify ? [simplifyProperty, ...outputProperties] : []),
			]
				.map((property) => forVersions(versions, property))
				.filter((property): property is INodeProperties => property !== undefined)
				.map((property) => showFor(resource.value, operation.value, lighten(property))),
		),
	);
}

/** Which operations each resource has: compaction may show a shared field for a pair that is no operation. */
function operationsOf(resources: ResourceDefinition[]): Map<string, Set<string>> {
	return new Map(resources.map((resource) => [resource.value, new Set(resource.operations.map((operation) => operation.value))]));
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
	return [
		resourceProperty,
		...authenticationPropertiesV1(resources),
		...resources.map(operationProperty),
		...compactProperties(fieldProperties(resources, [1]).map(withoutHelp), operationsOf(resources)),
		optionsProperty,
	];
}

/** The resources an Authentication value can call. */
export function resourcesFor(resources: ResourceDefinition[], authentication: string): ResourceDefinition[] {
	return resources.filter((resource) => AUTHENTICATIONS[resource.auth].includes(authentication));
}

const resourceOptions = (resources: ResourceDefinition[]): INodePropertyOptions[] =>
	resources.map(({ name, value }) => ({ name, value })).sort(byName);

/**
 * Version 2's Resource lists, one per Authentication, each with its own default (its saved workflows leave a
 * default out). Their options load from the node (getAuthenticationResources) rather than sitting in the
 * description: n8n's nodes panel builds one action per resource option of every Resource list, and version 3's
 * list already names every resource once.
 */
function version2ResourceLists(): INodeProperties[] {
	const list = (authentication: string[], defaultResource: string): INodeProperties => ({
		displayName: 'Resource Name or ID',
		name: 'resource',
		type: 'options',
		noDataExpression: true,
		typeOptions: { loadOptionsMethod: 'getAuthenticationResources', loadOptionsDependsOn: ['authentication'] },
		description: 'Choose from the list, or specify an ID using an <a href="https://docs.n8n.io/code/expressions/">expression</a>',
		default: defaultResource,
		displayOptions: { show: { '@version': [2], authentication } },
	});
	// The two OAuth credentials call the same resources: one list for both.
	return [list(['appKeys'], 'voucher'), list(['managementKeys'], 'webhook'), list(['oAuth2', 'oAuthServiceKey'], 'voucher')];
}

/** The loadOptions method behind version 2's Resource lists. */
export function authenticationResourcesMethod(resources: ResourceDefinition[]) {
	return async function getAuthenticationResources(this: ILoadOptionsFunctions): Promise<INodePropertyOptions[]> {
		return resourceOptions(resourcesFor(resources, String(this.getNodeParameter('authentication', 'appKeys'))));
	};
}

/**
 * What the panel says when the chosen credential cannot call the resource (e.g. an action picked from the nodes
 * panel while another credential type was the only one saved): the credential it needs, before anything is run.
 */
function credentialNotices(resources: ResourceDefinition[]): INodeProperties[] {
	// One notice per set of credentials (appKeysOrOAuth2 and oAuth2OrAppKeys take the same ones, in another order).
	const bySet = new Map<string, ResourceDefinition[]>();
	for (const resource of resources) {
		const set = [...AUTHENTICATIONS[resource.auth]].sort().join();
		bySet.set(set, [...(bySet.get(set) ?? []), resource]);
	}
	return [...bySet.values()].map((group) => {
		const auth = group[0].auth;
		const allowed = AUTHENTICATIONS[auth];
		return {
			displayName: `This resource needs ${neededCredentials(auth, 'a')}: choose or create one in Credential to connect with`,
			name: 'credentialNotice',
			type: 'notice',
			default: '',
			displayOptions: {
				show: {
					resource: group.map((resource) => resource.value),
					authentication: ALL_AUTHENTICATION_OPTIONS.map((option) => String(option.value)).filter((value) => !allowed.includes(value)),
				},
			},
		};
	});
}

/**
 * Versions 2 and 3: Authentication first, depending on nothing, as n8n's editor expects (Credential to connect
 * with lists every credential type, and picking one sets Authentication). Version 3 then shows one Resource list
 * of every resource, so an action picked from the nodes panel keeps its resource under any credential; version 2
 * its per-Authentication lists. Operation lists and fields are shared, each field written once for all the
 * operations that show it.
 */
function describeCurrent(resources: ResourceDefinition[]): INodeProperties[] {
	const authentication: INodeProperties = {
		displayName: 'Authentication',
		name: 'authentication',
		type: 'options',
		noDataExpression: true,
		options: ALL_AUTHENTICATION_OPTIONS,
		default: 'appKeys',
	};
	const resourceList: INodeProperties = {
		displayName: 'Resource',
		name: 'resource',
		type: 'options',
		noDataExpression: true,
		options: resourceOptions(resources),
		default: 'voucher',
		displayOptions: { show: { '@version': [3] } },
	};
	return [
		authentication,
		...version2ResourceLists(),
		resourceList,
		...credentialNotices(resources),
		...resources.map(operationProperty),
		...compactProperties(fieldProperties(resources, CURRENT_VERSIONS), operationsOf(resources)),
		maxCallsPerRunProperty(writeOperations(resources)),
		optionsProperty,
	];
}

/**
 * The values of the operations that are not safe to repeat (writes) in some resource: Max Calls per Run shows
 * for them and counts every tool call of them (an upsert Create of another resource included, which only makes
 * it stricter).
 */
export function writeOperations(resources: ResourceDefinition[]): string[] {
	return [...new Set(resources.flatMap((resource) => resource.operations.filter((operation) => !isSafeToRepeat(operation)).map((operation) => operation.value)))].sort();
}

export function describeResources(resources: ResourceDefinition[], version = 1): INodeProperties[] {
	return version >= 2 ? describeCurrent(resources) : describeVersion1(resources);
}

/**
 * The node's subtitle, e.g. "Get Many: Voucher": n8n evaluates it as an expression over the node's parameters, so
 * the display names are looked up in maps built from the resource list: operation names by value (the few values
 * named differently in some resource are listed by "resource.operation"), resource names by value.
 */
export function subtitleExpression(resources: ResourceDefinition[]): string {
	const operations: Record<string, string> = {};
	const exceptions: Record<string, string> = {};
	for (const resource of resources) {
		for (const operation of resource.operations) {
			operations[operation.value] ??= operation.name;
			if (operations[operation.value] !== operation.name) exceptions[`${resource.value}.${operation.value}`] = operation.name;
		}
	}
	const names = Object.fromEntries(resources.map((resource) => [resource.value, plainName(resource)]));
	const [o, x, r] = [operations, exceptions, names].map((map) => JSON.stringify(map));
	return `={{ ((${x})[$parameter["resource"] + "." + $parameter["operation"]] ?? (${o})[$parameter["operation"]]) + ": " + (${r})[$parameter["resource"]] }}`;
}

/**
 * Refuses a From List or dropdown call when the chosen resource cannot use the node's current Authentication
 * (e.g. its credential was chosen before the resource): it says which credential the resource needs instead
 * of asking the service with the wrong one.
 */
function checkCredentialFits(ctx: ILoadOptionsFunctions, resources: ResourceDefinition[]): void {
	const authentication = String(ctx.getCurrentNodeParameter('authentication') ?? 'appKeys');
	const resource = resources.find((candidate) => candidate.value === ctx.getCurrentNodeParameter('resource'));
	if (resource && !AUTHENTICATIONS[resource.auth].includes(authentication)) {
		throw new NodeOperationError(ctx.getNode(), `${plainName(resource)} needs ${neededCredentials(resource.auth, 'a')}: choose one in Credential to connect with`);
	}
}

function checkedListSearch(resources: ResourceDefinition[], method: ListSearchMethod): ListSearchMethod {
	return async function (this: ILoadOptionsFunctions, filter?: string, paginationToken?: string) {
		checkCredentialFits(this, resources);
		return await method.call(this, filter, paginationToken);
	};
}

function checkedLoadOptions(resources: ResourceDefinition[], method: LoadOptionsMethod): LoadOptionsMethod {
	return async function (this: ILoadOptionsFunctions) {
		checkCredentialFits(this, resources);
		return await method.call(this);
	};
}

/**
 * The node's `methods`: every resource's listSearch and loadOptions methods (each checking the credential
 * first), each name used once.
 */
export function collectMethods(resources: ResourceDefinition[]): Required<ResourceMethods> {
	const methods: Required<ResourceMethods> = {
		listSearch: {},
		loadOptions: { getAuthenticationResources: authenticationResourcesMethod(resources) },
		resourceMapping: { getRecordFields: recordFieldsMethod(resources) },
	};
	const add = (kind: keyof ResourceMethods, name: string, method: unknown) => {
		if (name in methods[kind]) throw new ApplicationError(`Two resources define the ${kind} method ${name}`);
		(methods[kind] as Record<string, unknown>)[name] = method;
	};
	for (const resource of resources) {
		for (const [name, method] of Object.entries(resource.methods?.listSearch ?? {})) add('listSearch', name, checkedListSearch(resources, method));
		for (const [name, method] of Object.entries(resource.methods?.loadOptions ?? {})) add('loadOptions', name, checkedLoadOptions(resources, method));
		for (const [name, method] of Object.entries(resource.methods?.resourceMapping ?? {})) add('resourceMapping', name, method);
	}
	return methods;
}
