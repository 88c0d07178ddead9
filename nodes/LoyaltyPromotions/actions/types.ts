import type {
	IBinaryKeyData,
	IDataObject,
	IExecuteFunctions,
	ILoadOptionsFunctions,
	INode,
	INodeListSearchResult,
	INodeProperties,
	INodePropertyOptions,
	ResourceMapperFields,
} from 'n8n-workflow';
import type { ListSpec } from '../transport/paginate';
import type { CredentialType, ServiceRequest } from '../transport/request';

/**
 * How a resource authenticates: fixed to one credential, or the user's choice of app keys or an OAuth token.
 * `oAuth2OrAppKeys` (Loyalty v2) takes either too, with OAuth first: its resources shipped OAuth-only, so their
 * saved version-1 nodes left the then fixed Authentication out and must keep reading "oAuth2".
 */
export type ResourceAuth = 'appKeys' | 'management' | 'appKeysOrOAuth2' | 'oAuth2OrAppKeys';

/** What an operation's build() reads its parameters through, for one input item. */
export interface ParamReader {
	readonly itemIndex: number;
	readonly node: INode;
	readonly context: IExecuteFunctions;
	/** The parameter's value for this item (n8n's getNodeParameter), or `fallback` when it is not set. */
	get<T = unknown>(name: string, fallback?: T): T;
	/**
	 * The ID in parameter `name` (a string or a resource locator), checked as one path segment (requireId):
	 * failures name `field`, the label the user sees.
	 */
	id(name: string, field: string): string;
	/** The node's Project ID parameter, or the management credential's default project. */
	projectId(): Promise<string>;
	/**
	 * Sends a request through the execution's transport (its pacing, retries and error mapping), for an operation
	 * that must read before it builds its own request (e.g. a PUT that replaces a whole resource).
	 */
	send<T = IDataObject>(request: ServiceRequest): Promise<T>;
}

/** One output item of an operation: its JSON and, for a file, its binary data. */
export interface OutputItem {
	json: IDataObject;
	binary?: IBinaryKeyData;
}

/** Further requests an operation sends in the same execution: same credential, pacing, retries and errors. */
export interface ServiceClient {
	request<T = IDataObject>(request: ServiceRequest): Promise<T>;
	/** The base URL the credential points at (e.g. to tell the service's own addresses from others). */
	baseUrl(path?: string): Promise<string>;
}

/** What every operation describes: its names, documented endpoint and parameters. */
interface OperationBase {
	/** The `operation` parameter's value, e.g. 'getAll'. */
	value: string;
	/** Shown in the operation dropdown, e.g. 'Get Many'. */
	name: string;
	/** Sentence shown to AI agents and in the node panel, e.g. 'Get many categories'. */
	action: string;
	description: string;
	/**
	 * The request it sends, as documented in the README, e.g. 'GET /v1/categories'; alternatives joined by ' or ',
	 * later requests after ' then '. Tests check the first request sent against it.
	 */
	endpoint: string;
	properties: INodeProperties[];
	/**
	 * Whether sending the request twice has the same effect as sending it once (a read, a PUT, an upsert).
	 * Default: false for POST endpoints, true otherwise. The transport repeats a request after a 5xx or a lost
	 * connection only when it is safe (build() may decide per request with ServiceRequest.safeToRepeat), and the
	 * panel shows a notice on operations that are not, because n8n's Retry On Fail reruns the whole node.
	 */
	safeToRepeat?: boolean;
	/** Appended to that notice, e.g. how to make the operation safe to repeat. */
	repeatHint?: string;
	/**
	 * For large answers: the key paths the Simplify toggle keeps (shared/simplify.ts); the node then offers
	 * Simplify (version 2 on) and applies it to every output item.
	 */
	simplify?: readonly string[];
	/**
	 * The service has deprecated this operation's endpoint: its successor, e.g. 'Loyalty v2: GET
	 * /v2/loyalties/programs/{programId}/members'. The operation keeps sending what it always sent (saved workflows
	 * keep working); its description, a panel notice and the README say so and name the successor.
	 */
	deprecated?: string;
	/** When the service deprecated it, e.g. '2026-07-21': the panel's notice says since when. */
	deprecatedSince?: string;
	/**
	 * For operations that write a record: its fields as the input item names them (the service's field names),
	 * each with the typed parameter it stands for, e.g. { source_id: 'sourceId', price: 'additionalFields.price' }.
	 * The node then offers Map Input Fields (version 2 on: Map Automatically / Map Each Field Below) and puts each
	 * mapped value where the typed one would be, checked by the typed field's rules (shared/mapping/).
	 */
	record?: RecordMap;
	/**
	 * Where the service's own record (what a read returns) nests a field of `record`: its path in the service's
	 * object → the record's field name, e.g. { 'discount.amount_off': 'amount_off' }. Map Automatically reads the
	 * service's shape by these paths (an item `{"discount": {"amount_off": 1000}}`), in the service's units.
	 */
	recordPaths?: RecordMap;
	/**
	 * The fields whose value moves points or money in this one call (adds, takes off, spends, or gives each new
	 * card), or says how many cards, codes or members it issues, by path as in `record` ('points',
	 * 'additionalFields.pointsLimit', 'redeemables.redeemable.credits'), each with the bound that holds it
	 * (shared/limits.ts: Max Points per Call, Max Amount per Call, Max Cards per Call; a batch operation's `cards`
	 * field is the one each input item gives, and the number of items is what is bounded). The operation
	 * shows that bound's parameter and checks the value against it before sending; the tests and the docs read
	 * this list, and a catalogue-wide test fails on a points or money field that is neither here nor excused.
	 */
	bounded?: Readonly<Record<string, BoundKind>>;
	/**
	 * The budgets the operation's writes count in (shared/budgets.ts): what one member may receive or spend within
	 * a time window over any number of calls, read from the service's own history before the write. The operation
	 * shows each budget's parameter and the window, and checks them before sending.
	 */
	budgeted?: readonly BudgetKind[];
}

/**
 * A budget (OperationDefinition.budgeted), per window: points and reward purchases per member or over a program's
 * members (the total), money a customer's redemptions take or all redemptions take (the total, over every
 * customer), vouchers published to a customer or in all (the total), vouchers added to a campaign.
 */
export type BudgetKind =
	| 'memberPoints'
	| 'memberPurchases'
	| 'totalPoints'
	| 'totalPurchases'
	| 'customerAmount'
	| 'totalAmount'
	| 'customerVouchers'
	| 'totalVouchers'
	| 'campaignCards';

/**
 * What a bounded field holds (OperationDefinition.bounded): points, money in the currency's main unit, or a count
 * of cards, codes or members one call issues (bounded on the tool form only: shared/limits.ts).
 */
export type BoundKind = 'points' | 'amount' | 'cards';

/** Input key → typed parameter path ('sourceId', or 'additionalFields.price' for a collection's option). */
export type RecordMap = Readonly<Record<string, string>>;

/** Whether an operation is safe to repeat: as it declares, else by its endpoint's method (POST is not). */
export function isSafeToRepeat(operation: OperationDefinition): boolean {
	return operation.safeToRepeat ?? !operation.endpoint.trimStart().startsWith('POST ');
}

/**
 * An operation that sends one request per input item: its parameters (shown only for it) and a function that
 * builds its request from them. The router owns everything operations share: credentials, validation errors,
 * concurrency, paging, Continue On Fail and item pairing.
 */
export interface ItemOperation extends OperationBase {
	/** Checks the item's parameters (throwing NodeOperationError naming the field and rule) and builds the request. */
	build(params: ParamReader): ServiceRequest | Promise<ServiceRequest>;
	/** For list operations: the envelope and paging; the router adds Return All and Limit. */
	list?: ListSpec & { maxLimit?: number };
	/** Shapes the response into output items; default: the response object as one item. */
	output?(response: IDataObject, params: ParamReader): IDataObject[];
	/**
	 * Instead of output: what the item still needs after build()'s request (e.g. wait for an export and fetch its
	 * file), through `client`, and its output items (which may carry binary data).
	 */
	follow?(response: IDataObject, params: ParamReader, client: ServiceClient): Promise<OutputItem[]>;
	batch?: never;
}

/** One input item's row of a batch operation. */
export interface BatchRow {
	itemIndex: number;
	row: IDataObject;
}

/** An output item of a batch operation, naming the input items it comes from. */
export interface BatchOutput extends OutputItem {
	itemIndexes: number[];
}

/**
 * An operation that sends all input items as one job (e.g. a CSV import): each item is read into a row (checked
 * like build() checks its fields, before anything is sent), then `send` sends the rows together and returns the
 * output items, each naming the input items it belongs to.
 */
export interface BatchOperation extends OperationBase {
	batch: {
		readRow(params: ParamReader): IDataObject | Promise<IDataObject>;
		/** `params` reads the operation-wide settings (from the first row's item). */
		send(rows: BatchRow[], params: ParamReader, client: ServiceClient): Promise<BatchOutput[]>;
	};
	build?: never;
	list?: never;
	output?: never;
	follow?: never;
}

export type OperationDefinition = ItemOperation | BatchOperation;

export type ListSearchMethod = (this: ILoadOptionsFunctions, filter?: string, paginationToken?: string) => Promise<INodeListSearchResult>;
export type LoadOptionsMethod = (this: ILoadOptionsFunctions) => Promise<INodePropertyOptions[]>;

/** The node's `methods` a resource brings: listSearch (resource locators' From List) and loadOptions (dropdowns). */
export interface ResourceMethods {
	listSearch?: Record<string, ListSearchMethod>;
	loadOptions?: Record<string, LoadOptionsMethod>;
	/** Resource mappers' column loaders (Map Input Fields). */
	resourceMapping?: Record<string, (this: ILoadOptionsFunctions) => Promise<ResourceMapperFields>>;
}

export interface ResourceDefinition {
	/** The `resource` parameter's value, e.g. 'sku'. */
	value: string;
	/** Shown in the resource dropdown, e.g. 'SKU' or 'Program'. */
	name: string;
	auth: ResourceAuth;
	operations: OperationDefinition[];
	/** Methods its fields load lists with; names are unique across the node. */
	methods?: ResourceMethods;
}

/**
 * A resource's name in a sentence or a subtitle: without the group its list name starts with ("Management:
 * Webhook" → "Webhook"), the group being there only to keep the Resource list's groups together.
 */
export const plainName = (resource: Pick<ResourceDefinition, 'name'>): string => resource.name.replace(/^[^:]+:\s*/, '');

/** The values of the `authentication` parameter a resource can use, by its auth; the first is its default. */
export const AUTHENTICATIONS: Record<ResourceAuth, readonly string[]> = {
	appKeys: ['appKeys'],
	appKeysOrOAuth2: ['appKeys', 'oAuth2', 'oAuthServiceKey'],
	management: ['managementKeys'],
	oAuth2OrAppKeys: ['oAuth2', 'appKeys', 'oAuthServiceKey'],
};

/** The Authentication values in the order sentences name them, whatever a resource's default. */
const AUTHENTICATION_ORDER = ['appKeys', 'managementKeys', 'oAuth2', 'oAuthServiceKey'];

/** The credentials' display names (as in credentials/*.credentials.ts; a test keeps them equal), for errors. */
export const CREDENTIAL_NAMES: Record<CredentialType, string> = {
	loyaltyPromotionsAppApi: 'Loyalty Promotions (Voucherify) App Keys API',
	loyaltyPromotionsManagementApi: 'Loyalty Promotions (Voucherify) Management API',
	loyaltyPromotionsOAuth2Api: 'Loyalty Promotions (Voucherify) OAuth2.0 API',
	loyaltyPromotionsOAuthServiceKeyApi: 'Loyalty Promotions (Voucherify) OAuth Service Key API',
};

/** The credentials a resource can use, for a sentence: "the A credential" / "the A or the B credential". */
export function neededCredentials(auth: ResourceAuth, article = 'the'): string {
	const values = [...AUTHENTICATIONS[auth]].sort((a, b) => AUTHENTICATION_ORDER.indexOf(a) - AUTHENTICATION_ORDER.indexOf(b));
	return `${values.map((value) => `${article} ${CREDENTIAL_NAMES[credentialTypeFor(value)]}`).join(' or ')} credential`;
}

/** The credential type behind each value of the `authentication` parameter. */
export function credentialTypeFor(authentication: string): CredentialType {
	switch (authentication) {
		case 'managementKeys':
			return 'loyaltyPromotionsManagementApi';
		case 'oAuth2':
			return 'loyaltyPromotionsOAuth2Api';
		case 'oAuthServiceKey':
			return 'loyaltyPromotionsOAuthServiceKeyApi';
		default:
			return 'loyaltyPromotionsAppApi';
	}
}
