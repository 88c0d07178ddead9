/** The in-memory store: one map per resource, plus lookups by id or source id. */
import { randomBytes } from 'crypto';
import { ConcatSeq, Seq } from './envelopes.cjs';
import type { Json } from './validate.cjs';

export type Status = 'DRAFT' | 'ACTIVE' | 'INACTIVE' | 'DELETED';

export interface Project {
	id: string;
	name: string;
	description: string;
	timezone: string;
	currency: string;
	created_at: string;
	object: 'project';
	/** The other settings the management API reads and writes (client-side switches, notifications, …). */
	[setting: string]: unknown;
}

export interface CustomEventSchema {
	id: string;
	name: string;
	schema: { properties: Record<string, { type: string; optional: boolean; deleted?: boolean }> };
	created_at: string;
	/** Left out until the schema is updated. */
	updated_at?: string;
	object: 'custom-event-schema';
}

/** A user of the account (management API): their role in each project they belong to. */
export interface AccountUser {
	id: string;
	login: string;
	email: string;
	first_name: string;
	last_name: string;
	/** project id → role (ADMIN, USER, VIEWER, MERCHANT or a custom role's id) */
	projects: Record<string, string>;
	is_owner: boolean;
}

export interface Webhook {
	id: string;
	object: 'webhook';
	created_at: string;
	target_url: string;
	events: string[];
	active: boolean;
}

export interface Customer {
	object: 'customer';
	id: string;
	source_id: string | null;
	name: string | null;
	description: string | null;
	email: string | null;
	phone: string | null;
	metadata: Json;
	system_metadata: Json;
	created_at: string;
	updated_at: string | null;
	/** Set by POST/PUT /v1/customers (commerce). */
	address?: Json | null;
	birthdate?: string | null;
}

export interface Campaign extends Json {
	id: string;
	name: string;
	campaign_type: string;
	object: 'campaign';
}

/** A v1 loyalty card (a voucher), addressed by its code as `memberId`. */
export interface LoyaltyCard {
	id: string;
	code: string;
	campaign_id: string;
	customer_id: string;
	pendingPoints: PendingPoint[];
	activity: Seq<MemberActivity>;
}

export interface PendingPoint extends Json {
	id: string;
	voucher_id: string;
	campaign_id: string;
	customer_id: string;
	order_id: string;
	points: number;
	activates_at: string;
	created_at: string;
}

export interface MemberActivity extends Json {
	id: string;
	created_at: string;
	group_id: string;
}

export interface CustomerActivity extends Json {
	id: string;
	created_at: string;
	group_id: string;
}

/** The attributes customer-activity filters and orders read, cheap to compute for generated entries. */
export interface ActivityMeta {
	created_at: number;
	updated_at: number;
	type: string;
	code: string;
	campaign: string;
	campaign_id: string | null;
	campaign_type: string | null;
	category: string;
	product_id: string | null;
}

export class CustomerActivityLog {
	readonly seq: ConcatSeq<CustomerActivity>;
	private readonly tailMeta: ActivityMeta[] = [];
	constructor(
		readonly tag: string,
		head: Seq<CustomerActivity>,
		private readonly headMeta: (i: number) => ActivityMeta,
	) {
		this.seq = new ConcatSeq(head);
	}
	get length(): number {
		return this.seq.length;
	}
	meta(i: number): ActivityMeta {
		const h = this.seq.head.length;
		return i < h ? this.headMeta(i) : this.tailMeta[i - h];
	}
	nextId(): string {
		return `cact_${this.tag}${this.length.toString(16).padStart(10, '0')}`;
	}
	append(activity: CustomerActivity, meta: ActivityMeta): void {
		this.seq.tail.push(activity);
		this.tailMeta.push(meta);
	}
}

export interface Product {
	id: string;
	source_id: string | null;
	name: string;
	price: number | null;
	attributes: string[];
	metadata: Json;
	created_at: string;
	updated_at: string | null;
	object: 'product';
}

export interface Sku {
	id: string;
	source_id: string | null;
	product_id: string;
	sku: string | null;
	price: number | null;
	currency: string | null;
	attributes: Json;
	image_url: string | null;
	metadata: Json;
	created_at: string;
	updated_at: string | null;
	object: 'sku';
}

export interface Category {
	id: string;
	name: string;
	hierarchy: number;
	created_at: string;
	updated_at?: string;
	object: 'category';
}

export interface Reward {
	id: string;
	name: string;
	type: string;
	created_at: string;
	object: 'reward';
	/** The type's settings: `campaign` (CAMPAIGN), `product` (MATERIAL) or `coin` (COIN). */
	parameters?: Json;
	stock?: number | null;
	redeemed?: number | null;
	attributes?: Json;
	metadata?: Json;
	updated_at?: string | null;
}

export interface RewardAssignment {
	id: string;
	reward_id: string;
	related_object_id: string;
	related_object_type: 'campaign';
	parameters: Json;
	created_at: string;
	updated_at: string | null;
	object: 'reward_assignment';
}

export interface CampaignTemplate {
	id: string;
	name: string;
	description?: string;
	campaign_type: 'DISCOUNT_COUPONS' | 'GIFT_VOUCHERS';
	created_at: string;
	updated_at?: string;
	object: 'campaign_template';
	json_template: Json;
}

export interface CardDefinition extends Json {
	id: string;
	name: string;
	type: 'INDIVIDUAL';
	status: Status;
	code_config: Json;
	points_expiration: Json | null;
	pending_points: Json | null;
	earning_limits: Json | null;
	spending_limits: Json | null;
	refunds: Json | null;
	balance_settings: Json | null;
	pay_with_points: Json | null;
	metadata: Json;
	created_at: string;
	updated_at: string | null;
	object: 'card_definition';
}

export interface TierStructure extends Json {
	id: string;
	name: string;
	type: 'POINT_BALANCE' | 'POINT_EARNED';
	/** The tracking settings of the type (the other one left out); each names its card definition. */
	point_balance?: Json;
	point_earned?: Json;
	expiration: Json | null;
	downgrade: Json | null;
	metadata: Json;
	status: Status;
	created_at: string;
	updated_at: string | null;
	object: 'tier_structure';
}

export interface Program {
	id: string;
	name: string;
	status: Status;
	start_date: string | null;
	end_date: string | null;
	metadata: Json;
	created_at: string;
	updated_at: string | null;
	object: 'program';
}

export interface ProgramAssignments {
	card_definitions: Set<string>;
	earning_rules: Set<string>;
	tier_structures: Set<string>;
}

export interface ProgramReward {
	reward_id: string;
	stock: { type: 'UNLIMITED' } | { type: 'LIMITED'; limited: { quantity: number } };
	redeemed: number;
	created_at: string;
	updated_at: string | null;
	object: 'program_reward';
}

/** A v2 program member (`lmbr_…`); a deleted one leaves the store. */
export interface Member {
	id: string;
	program_id: string;
	customer_id: string;
	status?: 'ACTIVE' | 'INACTIVE';
	metadata?: Json;
	created_at?: string;
	updated_at?: string | null;
}

/** A v2 loyalty card (`lcrd_…`), one per card definition of the member's program. */
export interface Card {
	id: string;
	member_id: string;
	program_id: string;
	card_definition_id: string;
	type: 'INDIVIDUAL';
	/** The card's code (the service makes it in the background: a new card shows null at first). */
	code?: string | null;
	/** Usable points. */
	points?: number;
	created_at?: string;
}

export interface Bucket {
	id: string;
	card_id: string;
	card_definition_id: string;
	program_id: string;
	card_type: string;
	member_id: string;
	points: { total: number };
	date: string;
	type: string;
	status: string;
	created_at: string;
	updated_at: string | null;
	object: 'card_pending_points_bucket';
}

export interface Token {
	access_token: string;
	client_id: string;
	scope: string;
	/** The project an OAuth v2 token was bought for (v1 tokens: the app keys' project, not recorded). */
	project_id?: string;
	issuedAt: number;
	expiresAtMs: number;
	revoked: boolean;
}

export interface V2Cursor {
	key: string;
	offset: number;
	expiresAt: number;
}

// ---- Voucher engine (vouchers, publications, redemptions, transactions, loyalty members) ----

export type VoucherType = 'DISCOUNT_VOUCHER' | 'GIFT_VOUCHER' | 'LOYALTY_CARD';

/** A voucher: a discount code, a gift card or a loyalty card (whose code is the v1 loyalty `memberId`). */
export interface Voucher extends Json {
	id: string;
	code: string;
	campaign: string | null;
	campaign_id: string | null;
	category: string | null;
	category_id: string | null;
	type: VoucherType;
	discount: Json | null;
	gift: { amount: number; balance: number; subtracted_amount?: number; effect?: string } | null;
	loyalty_card: { points: number; balance: number; pending_points?: number; expired_points?: number; subtracted_points?: number } | null;
	start_date: string | null;
	expiration_date: string | null;
	active: boolean;
	additional_info: string | null;
	metadata: Json;
	redemption: { quantity: number | null; redeemed_quantity: number; redeemed_amount?: number; redeemed_points?: number; object: 'list' };
	publish: { object: 'list'; count: number };
	/** Left out until the voucher is published to a customer, as the service's vouchers have it. */
	holder_id?: string;
	is_referral_code: boolean;
	created_at: string;
	updated_at: string | null;
	object: 'voucher';
}

/** A credit or point movement on a gift or loyalty card. */
export interface VoucherTransaction extends Json {
	id: string;
	source_id: string | null;
	voucher_id: string;
	campaign_id: string | null;
	source: string | null;
	reason: string | null;
	type: string;
	details: Json;
	related_transaction_id: string | null;
	created_at: string;
}

export interface Publication extends Json {
	id: string;
	object: 'publication';
	created_at: string;
	customer_id: string;
	tracking_id: string | null;
	metadata: Json;
	channel: string;
	source_id: string | null;
	result: 'SUCCESS' | 'FAILURE';
	/** Kept for the list filters; not part of the service's publication object (publicationView leaves them out). */
	campaign_id: string | null;
	voucher_code: string;
	vouchers_id: string[];
}

export interface Redemption extends Json {
	id: string;
	object: 'redemption' | 'redemption_rollback';
	date: string;
	customer_id: string | null;
	tracking_id: string | null;
	metadata: Json | null;
	amount?: number;
	/** The parent redemption's id (a stacked redemption), or, for a rollback, the redemption it undoes. */
	redemption: string | null;
	result: 'SUCCESS' | 'FAILURE';
	status: 'SUCCEEDED' | 'FAILED' | 'ROLLED_BACK';
	related_object_type: 'voucher' | 'promotion_tier' | 'redemption';
	related_object_id: string;
}

// ---------- Commerce: orders, exports, async actions (customers, products and SKUs above) ----------

export type OrderStatus = 'CREATED' | 'PAID' | 'CANCELED' | 'FULFILLED';

export interface Order extends Json {
	id: string;
	source_id: string | null;
	status: OrderStatus;
	amount: number;
	initial_amount: number;
	discount_amount: number;
	items_discount_amount: number;
	total_discount_amount: number;
	total_amount: number;
	applied_discount_amount: number;
	items_applied_discount_amount: number;
	total_applied_discount_amount: number;
	items: Json[];
	metadata: Json;
	customer_id: string | null;
	referrer_id: string | null;
	created_at: string;
	updated_at: string | null;
	object: 'order';
}

/**
 * The orders: a generated head (fixtures, built when read, never stored unless changed) and the orders created
 * at run time, oldest first. Changed fixture orders live in `changed`.
 */
export class OrderBook {
	readonly tail: Order[] = [];
	private readonly byId = new Map<string, Order>();
	private readonly bySourceId = new Map<string, string>();
	private readonly changed = new Map<string, Order>();
	constructor(
		readonly head: Seq<Order>,
		/** The index of a generated order's id or source id, or undefined. */
		private readonly headIndex: (idOrSourceId: string) => number | undefined,
	) {}
	get length(): number {
		return this.head.length + this.tail.length;
	}
	at(i: number): Order {
		if (i >= this.head.length) return this.tail[i - this.head.length];
		const generated = this.head.at(i);
		return this.changed.get(generated.id) ?? generated;
	}
	find(idOrSourceId: string): Order | undefined {
		const own = this.byId.get(idOrSourceId) ?? this.byId.get(this.bySourceId.get(idOrSourceId) ?? '');
		if (own) return own;
		const i = this.headIndex(idOrSourceId);
		return i === undefined || i >= this.head.length ? undefined : this.at(i);
	}
	add(order: Order): void {
		this.tail.push(order);
		this.byId.set(order.id, order);
		if (order.source_id) this.bySourceId.set(order.source_id, order.id);
	}
	/** Keeps a changed order (a fixture one is copied out of the generated head first). */
	save(order: Order): void {
		if (this.byId.has(order.id)) {
			if (order.source_id) this.bySourceId.set(order.source_id, order.id);
		} else this.changed.set(order.id, order);
	}
}

export type ExportStatus = 'SCHEDULED' | 'IN_PROGRESS' | 'DONE' | 'ERROR';

export interface ExportJob {
	id: string;
	object: 'export';
	created_at: string;
	status: ExportStatus;
	channel: 'API';
	exported_object: string;
	parameters: Json;
	result: { url: string } | null;
	user_id: null;
	/** The download token (in result.url once DONE). */
	token: string;
	/** When the file is ready (epoch ms). */
	readyAt: number;
	/** The file, made when the export finishes. */
	csv?: string;
}

export type AsyncStatus = 'ENQUEUED' | 'IN_PROGRESS' | 'DONE' | 'FAILED';

export interface AsyncAction {
	id: string;
	type: string;
	status: AsyncStatus;
	result: Json | null;
	created_at: string;
	updated_at: string;
	request_id: string;
	progress: number;
	processing_time: number;
	object: 'async_action';
	startedAt: number;
	readyAt: number;
	/** Applies the job to the store once, when it finishes, and gives its result. */
	finish?: () => Json;
}

export class Store {
	projects = new Map<string, Project>();
	customEventSchemas = new Map<string, CustomEventSchema[]>();
	/** Webhooks of all projects by id; `webhookProject` gives each one's project. */
	webhooks = new Map<string, Webhook>();
	webhookProject = new Map<string, string>();
	customers = new Map<string, Customer>();
	customersBySourceId = new Map<string, string>();
	/** Each referral code's holders (its referrer and referees), by the code's voucher id, oldest first. */
	referralHolders = new Map<string, Json[]>();
	customerActivities = new Map<string, CustomerActivityLog>();
	campaigns = new Map<string, Campaign>();
	/** v1 loyalty cards by id; `cardsByCode` maps a code to an id. */
	loyaltyCards = new Map<string, LoyaltyCard>();
	cardsByCode = new Map<string, string>();
	products = new Map<string, Product>();
	productsBySourceId = new Map<string, string>();
	skus = new Map<string, Sku>();
	categories = new Map<string, Category>();
	rewards = new Map<string, Reward>();
	/** v2 loyalty rewards (`lrew_…`, /v2/loyalties/rewards): a resource apart from the v1 rewards. */
	v2Rewards = new Map<string, Json & { id: string; name: string; status: Status; created_at: string }>();
	rewardAssignments = new Map<string, RewardAssignment>();
	campaignTemplates = new Map<string, CampaignTemplate>();
	/** Management API: each project's campaign templates (the credential project's are `campaignTemplates`). */
	projectTemplates = new Map<string, Map<string, CampaignTemplate>>();
	/** Management API: the account's users, and the invitations sent (email → projects and roles). */
	accountUsers = new Map<string, AccountUser>();
	invitations = new Map<string, Record<string, string>>();
	cardDefinitions = new Map<string, CardDefinition>();
	tierStructures = new Map<string, TierStructure>();
	programs = new Map<string, Program>();
	programRewards = new Map<string, Map<string, ProgramReward>>();
	/** v2 earning rules (`lern_…`) by id: what program activation and assignments check. */
	earningRules = new Map<string, Json & { id: string; status: Status }>();
	/** v2 benefits (`lben_…`) by id. */
	benefits = new Map<string, Json & { id: string; status: Status; created_at: string }>();
	/** The activities of the v2 catalogue's records (earning rules, benefits…), by record id, oldest first. */
	catalogueActivities = new Map<string, Json[]>();
	/** Each program's card definition, earning rule and tier structure assignments (ids). */
	programAssignments = new Map<string, ProgramAssignments>();
	/** When each program assignment was made, by `<programId>|<assigned id>` (absent: with the program). */
	assignedAt = new Map<string, string>();
	/** Each v2 tier structure's tiers (`lt_…`) by id, in creation order. */
	tiers = new Map<string, Map<string, Json & { id: string; name: string; created_at: string }>>();
	/** Each program's activities (`laprg_…`), oldest first. */
	programActivities = new Map<string, Json[]>();
	members = new Map<string, Member>();
	/** Each v2 member's activities (`lambr_…`), oldest first. */
	memberActivities = new Map<string, Json[]>();
	cards = new Map<string, Card>();
	buckets = new Map<string, Bucket[]>();
	/** Each v2 card's points expiration buckets (`lcpeb_…`), transactions (`lctx_…`) and activities (`lacrd_…`). */
	expiringBuckets = new Map<string, Json[]>();
	cardTransactions = new Map<string, Json[]>();
	cardActivities = new Map<string, Json[]>();
	/** Each v2 member's reward transactions (`lrtx_…`: purchases and refunds), oldest first. */
	rewardTransactions = new Map<string, Json[]>();
	/** Each v2 member's order payments (`lotx_…`), benefit transactions (`lbtx_…`) and tier transactions (`lttx_…`), oldest first. */
	orderTransactions = new Map<string, Json[]>();
	benefitTransactions = new Map<string, Json[]>();
	tierTransactions = new Map<string, Json[]>();
	/** Tracked events, in order. */
	events: Json[] = [];
	tokens = new Map<string, Token>();
	cursors = new Map<string, V2Cursor>();
	// Commerce
	orders = new OrderBook({ length: 0, at: () => undefined as never, idAt: () => '' }, () => undefined);
	exports = new Map<string, ExportJob>();
	asyncActions = new Map<string, AsyncAction>();
	/**
	 * Records (by source ID or code) that bulk jobs refuse, with the reason: a test stands in for the service's own
	 * reasons (a metadata schema, a locked record) to see one record fail in a job.
	 */
	bulkRefusals = new Map<string, string>();
	/** Plain CRUD resources (crud.cts), by collection path and parent ids. */
	records = new Map<string, Map<string, Json>>();

	// ---- Voucher engine ----
	private readonly voucherMap = new Map<string, Voucher>();
	private readonly codeMap = new Map<string, string>();
	private pendingVouchers: (() => void) | null = null;

	/** Vouchers by id. */
	get vouchers(): Map<string, Voucher> {
		this.seedVouchers();
		return this.voucherMap;
	}

	/** Voucher ids by code. */
	get vouchersByCode(): Map<string, string> {
		this.seedVouchers();
		return this.codeMap;
	}

	/** Adds big fixture lists of vouchers when they are first read, so that a fresh store costs nothing until then. */
	deferVouchers(seed: () => void): void {
		this.pendingVouchers = seed;
	}

	private seedVouchers(): void {
		const seed = this.pendingVouchers;
		if (!seed) return;
		this.pendingVouchers = null;
		seed();
	}
	/** Transactions of each voucher (by voucher id), ids ascending. */
	voucherTransactions = new Map<string, VoucherTransaction[]>();
	publications: Publication[] = [];
	/** Redemptions and rollbacks by id, in creation order. */
	redemptions = new Map<string, Redemption>();
	/** Each redeemable a stackable validation checked: its campaign and whether it was applicable (a campaign's summary counts them). */
	validations: Array<{ campaign_id: string | null; date: string; result: 'SUCCESS' | 'FAILURE' }> = [];
	/** The vouchers deleted, with what was left on them (a campaign's summary counts them). */
	deletedVouchers: Array<{ campaign_id: string | null; deleted_at: string; balance: number }> = [];
	private serial = 0;

	/** An id that sorts after every earlier one of this store (for id-cursor lists). */
	nextSortableId(prefix: string): string {
		return `${prefix}${(++this.serial).toString(16).padStart(16, '0')}`;
	}

	findVoucher(codeOrId: string): Voucher | undefined {
		return this.vouchers.get(this.vouchersByCode.get(codeOrId) ?? codeOrId);
	}

	addVoucher(v: Voucher): void {
		this.vouchers.set(v.id, v);
		this.vouchersByCode.set(v.code, v.id);
	}

	removeVoucher(v: Voucher): void {
		this.deletedVouchers.push({ campaign_id: v.campaign_id, deleted_at: new Date().toISOString(), balance: (v.gift ?? v.loyalty_card)?.balance ?? 0 });
		this.vouchers.delete(v.id);
		this.vouchersByCode.delete(v.code);
		this.voucherTransactions.delete(v.id);
		const card = this.cardsByCode.get(v.code);
		if (card) {
			this.loyaltyCards.delete(card);
			this.cardsByCode.delete(v.code);
		}
	}

	/** A campaign by id or by name. */
	findCampaign(idOrName: string): Campaign | undefined {
		const byId = this.campaigns.get(idOrName);
		if (byId) return byId;
		for (const c of this.campaigns.values()) if (c.name === idOrName) return c;
		return undefined;
	}

	newId(prefix: string): string {
		return `${prefix}${randomBytes(8).toString('hex')}`;
	}

	findCustomer(idOrSourceId: string): Customer | undefined {
		return this.customers.get(idOrSourceId) ?? this.customers.get(this.customersBySourceId.get(idOrSourceId) ?? '');
	}

	addCustomer(c: Customer): void {
		this.customers.set(c.id, c);
		if (c.source_id) this.customersBySourceId.set(c.source_id, c.id);
	}

	findProduct(idOrSourceId: string): Product | undefined {
		return this.products.get(idOrSourceId) ?? this.products.get(this.productsBySourceId.get(idOrSourceId) ?? '');
	}

	/** A SKU of `productId` by id or source id. */
	findSku(productId: string, idOrSourceId: string): Sku | undefined {
		const byId = this.skus.get(idOrSourceId);
		if (byId && byId.product_id === productId) return byId;
		for (const s of this.skus.values()) if (s.product_id === productId && s.source_id === idOrSourceId) return s;
		return undefined;
	}

	/**
	 * source_id → SKU id, kept by addSku (which every change of a SKU's source_id goes through); rebuilt when
	 * `skus` was changed around it (its size differs).
	 */
	private skuIndex = new Map<string, string>();
	private skuIndexSize = -1;

	/** Adds (or re-indexes, after its source_id changed) a SKU; imports of 100,000 rows stay O(n). */
	addSku(sku: Sku): void {
		const inSync = this.skuIndexSize === this.skus.size;
		const isNew = !this.skus.has(sku.id);
		this.skus.set(sku.id, sku);
		if (sku.source_id) this.skuIndex.set(sku.source_id, sku.id);
		if (inSync && isNew) this.skuIndexSize++;
	}

	findSkuBySourceId(sourceId: string): Sku | undefined {
		if (this.skuIndexSize !== this.skus.size) {
			this.skuIndex = new Map();
			for (const s of this.skus.values()) if (s.source_id) this.skuIndex.set(s.source_id, s.id);
			this.skuIndexSize = this.skus.size;
		}
		const id = this.skuIndex.get(sourceId);
		if (id === undefined) return undefined;
		const sku = this.skus.get(id);
		if (sku?.source_id === sourceId) return sku;
		// A stale entry (its SKU changed source_id without addSku): look the slow way.
		for (const s of this.skus.values()) if (s.source_id === sourceId) return s;
		return undefined;
	}

	findLoyaltyCard(codeOrId: string): LoyaltyCard | undefined {
		return this.loyaltyCards.get(this.cardsByCode.get(codeOrId) ?? codeOrId);
	}

	activitiesOf(customerId: string): CustomerActivityLog {
		let log = this.customerActivities.get(customerId);
		if (!log) {
			const tag = (this.customerActivities.size + 1).toString(16).padStart(4, '0');
			log = new CustomerActivityLog(tag, { length: 0, at: () => undefined as never, idAt: () => '' }, () => undefined as never);
			this.customerActivities.set(customerId, log);
		}
		return log;
	}

	webhooksOf(projectId: string): Webhook[] {
		return [...this.webhooks.values()].filter((w) => this.webhookProject.get(w.id) === projectId);
	}
}
