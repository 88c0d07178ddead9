/**
 * Seed fixtures: stable, predictable ids (FIXTURES) and the default credentials. Big lists are generated from
 * their index on demand, so `seed: 100` (100,000+ member activity entries) costs nothing up front.
 */
import { seedRecord } from './crud.cjs';
import { METADATA_SCHEMAS } from './routes/managementCollections.cjs';
import { ArraySeq, GeneratedSeq, hexIndex } from './envelopes.cjs';
import type { EmulatorCredentials } from './types.cjs';
import { defaultProjectSettings } from './projectSettings.cjs';
import { newExport } from './routes/exports.cjs';
import { STACK_SPEC, TIER_SPEC } from './routes/promotions.cjs';
import { ASSIGNMENT_SPEC, RULE_SPEC } from './routes/validationRules.cjs';
import { SEGMENT_SPEC } from './routes/segments.cjs';
import { LOCATION_SPEC } from './routes/locations.cjs';
import { COLLECTION_SPEC } from './routes/productCollections.cjs';
import { referralHolder } from './routes/referrals.cjs';
import {
	ActivityMeta,
	Bucket,
	Campaign,
	CardDefinition,
	Customer,
	CustomerActivity,
	CustomEventSchema,
	CustomerActivityLog,
	MemberActivity,
	PendingPoint,
	Order,
	OrderBook,
	OrderStatus,
	Store,
	TierStructure,
	Voucher,
} from './state.cjs';

export const DEFAULT_CREDENTIALS: EmulatorCredentials = {
	appId: 'emulator-app-id',
	appToken: 'emulator-app-token',
	managementId: 'emulator-management-id',
	managementToken: 'emulator-management-token',
	projectId: 'proj_emulator',
	webhookSecret: 'emulator-webhook-secret',
	serviceKeyId: 'emulator-service-key-id',
	serviceKeySecret: 'emulator-service-key-secret',
};

const fixtures = {
	projectId: DEFAULT_CREDENTIALS.projectId,
	customerId: 'cust_0000000000000001',
	customerSourceId: 'customer-1',
	customerWithManyActivities: 'cust_many000000000001',
	customerWithManyActivitiesSourceId: 'customer-many-activities',
	/** Loyalty campaign (LOYALTY_PROGRAM) holding the v1 loyalty cards. */
	campaignId: 'camp_loyalty00000001',
	/** Another loyalty campaign with no cards (campaign variant of pending points → 404 for the cards above). */
	campaignOtherId: 'camp_loyalty00000002',
	discountCampaignId: 'camp_discount0000001',
	giftCampaignId: 'camp_gift00000000001',
	referralCampaignId: 'camp_referral0000001',
	promotionCampaignId: 'camp_promotion000001',
	/** Two promotion tiers of the promotion campaign (hierarchy 1 and 2), and a stack of both. */
	promotionTierIds: ['promo_0000000000000001', 'promo_0000000000000002'],
	promotionStackId: 'stack_0000000000000001',
	/**
	 * A second referral campaign ("Friends Referral") with one referral code: customerWithManyActivities refers,
	 * customerId is its referee (holder referralRefereeHolderId).
	 */
	friendsReferralCampaignId: 'camp_referral0000002',
	referralCode: 'REF-ALICE',
	referralCodeId: 'v_referral00000001',
	referralReferrerHolderId: 'rh_0000000000000001',
	referralRefereeHolderId: 'rh_0000000000000002',
	/** Two validation rules; the first is assigned to the promotion campaign. */
	validationRuleIds: ['val_0000000000000001', 'val_0000000000000002'],
	validationRuleAssignmentId: 'asgm_0000000000000001',
	/**
	 * 230 customer segments, three created in each millisecond (so pages of the list end inside a moment):
	 * seg_0000000000000001 is active ("Gold members"), …02 passive ("Newsletter subscribers"), the rest static.
	 */
	segmentIds: Array.from({ length: 230 }, (_, i) => `seg_${hexIndex(i + 1, 16)}`),
	// branch v1catalogue (issue 22): more locations than one page of 100, two created in each millisecond
	locationIds: Array.from({ length: 130 }, (_, i) => `loc_${hexIndex(i + 1, 16)}`),
	// a static collection (the fixture product and a SKU of it) and an auto-update one (products named "Coffee…")
	productCollectionIds: ['pc_0000000000000001', 'pc_0000000000000002'],
	/** v1 loyalty card code with 1,000 × seed + 25 member activity entries. */
	memberWithManyActivities: 'LC-MANY-ACTIVITY',
	/** v1 loyalty card code with 30 × seed future pending point entries (and 5 already activated, not listed). */
	memberWithPendingPoints: 'LC-PENDING',
	/** v1 loyalty card code with no pending points and no activity. */
	memberEmpty: 'LC-EMPTY',
	loyaltyCardManyId: 'v_card_many_0001',
	loyaltyCardPendingId: 'v_card_pending_0001',
	programDraft: 'lprg_d0000000000001',
	programActive: 'lprg_a0000000000001',
	programInactive: 'lprg_c0000000000001',
	/** v2 earning rules: programActive and programInactive have the active one and cardDefinitionActive assigned. */
	earningRuleActive: 'lern_a0000000000001',
	earningRuleDraft: 'lern_d0000000000001',
	cardDefinitionDraft: 'lcdef_d0000000000001',
	cardDefinitionActive: 'lcdef_a0000000000001',
	/** ACTIVE card definition whose pending points are off (type IMMEDIATE). */
	cardDefinitionPendingDisabled: 'lcdef_a0000000000002',
	/** DRAFT, type POINT_BALANCE. */
	tierStructureDraft: 'lts_d0000000000001',
	/** DRAFT, type POINT_EARNED. */
	tierStructureDraftEarned: 'lts_d0000000000002',
	/** ACTIVE, type POINT_EARNED. */
	tierStructureActive: 'lts_a0000000000001',
	/** Tiers: one of tierStructureDraft (0–999 points) and one of tierStructureActive (1000 points and more). */
	tierDraftId: 'lt_d0000000000001',
	tierActiveId: 'lt_a0000000000001',
	/** v2 member of programActive, holding cardId and cardPendingPointsDisabled. */
	memberId: 'lmbr_0000000000001',
	/** A v2 benefit (ACTIVE, 50 points on cardDefinitionActive's cards) memberId was given once (one benefit transaction). */
	benefitId: 'lben_0000000000001',
	/** v2 card (cardDefinitionActive) with 25 × seed future PENDING buckets (+3 past, +2 CANCELED, not listed). */
	cardId: 'lcrd_0000000000001',
	/** cardId's code, as a loyalty card event's delivery names the card (data.voucher.code). */
	cardCode: 'LC-00000001',
	/** cardId's first two pending points buckets (PENDING, activating tomorrow and in 8 days). */
	pendingBucketIds: ['lcppb_00010000000000', 'lcppb_00010000000001'],
	/** cardId's points expiration buckets: 200 points in 30 days, 400 in 90, 600 in 200 (ACTIVE). */
	expiringBucketIds: ['lcpeb_0000000000001', 'lcpeb_0000000000002', 'lcpeb_0000000000003'],
	/** v2 card whose card definition has pending points disabled: the bucket list is empty. */
	cardPendingPointsDisabled: 'lcrd_0000000000002',
	productId: 'prod_0000000000001',
	productSourceId: 'product-1',
	product2Id: 'prod_0000000000002',
	skuId: 'sku_0000000000001',
	skuSourceId: 'sku-1',
	rewardId: 'rew_0000000000001',
	/** 12 v1 rewards (reward assignments): rew_0000000000001 … rew_000000000000c; even positions MATERIAL, odd COIN. */
	rewardIds: Array.from({ length: 12 }, (_, i) => `rew_${hexIndex(i + 1, 13)}`),
	/** 12 v2 rewards (program reward batches): lrew_0000000000001 … lrew_000000000000c. */
	v2RewardIds: Array.from({ length: 12 }, (_, i) => `lrew_${hexIndex(i + 1, 13)}`),
	/** v2 reward already assigned to programActive (LIMITED stock 50, redeemed 3). */
	programRewardId: 'lrew_0000000000001',
	/** v2 reward also assigned to programActive, UNLIMITED stock (100 points, as every v2 reward). */
	programRewardUnlimitedId: 'lrew_000000000000c',
	campaignTemplateId: 'camt_0000000000001',
	campaignTemplateGiftId: 'camt_0000000000002',
	categoryIds: ['cat_0000000000001', 'cat_0000000000002', 'cat_0000000000003'],
	customEventName: 'order_shipped',
	customEventSchemaIds: ['ms_0000000000001', 'ms_0000000000002', 'ms_0000000000003'],
	/** Management API: a second, empty project (e.g. production, the credential's being staging). */
	productionProjectId: 'proj_production',
	/** The account's users (management API): the owner (ADMIN in the credential project), a USER there, one in no project. */
	userIds: ['user_owner0000000001', 'user_member000000001', 'user_outside00000001'],
	outsideUserLogin: 'outside@example.com',
	/** The credential project's metadata schemas (management API): customer and order. */
	metadataSchemaIds: ['ms_meta000000000001', 'ms_meta000000000002'],
	// ---- Voucher engine ----
	/** DISCOUNT_COUPONS campaign that issues a new 10% code (WELCOME-…) for every publication (auto-update). */
	welcomeCampaignId: 'camp_welcome00000001',
	welcomeCampaignName: 'Welcome Discount',
	/** DISCOUNT_COUPONS campaign with 10,000 unpublished codes BULK-00000 … BULK-09999 (more than 99 pages of 100). */
	bulkCampaignId: 'camp_bulk00000000001',
	/** Codes in the discount campaign (discountCampaignId): 10.00 off, unpublished. */
	discountCodes: ['SAVE10-A', 'SAVE10-B', 'SAVE10-C'],
	/** Standalone 20% code, redeemed 5 times by customerId (SUCCESS) and failed twice. */
	percentCode: 'PERCENT20',
	/** Standalone 10.00-off code that is disabled. */
	disabledCode: 'DISABLED-10',
	/** Standalone code that expired on 2024-06-30. */
	expiredCode: 'EXPIRED-10',
	/** Gift card of giftCampaignId held by customerId: 100.00 (10000), two transactions. */
	giftCode: 'GIFT-100',
	/** Gift card with a balance of 0. */
	giftEmptyCode: 'GIFT-EMPTY',
	/** Points on the v1 loyalty cards (memberWithManyActivities, memberWithPendingPoints, memberEmpty). */
	loyaltyBalances: { 'LC-MANY-ACTIVITY': 1000, 'LC-PENDING': 500, 'LC-EMPTY': 0 } as Record<string, number>,
	/** Reward assigned to the loyalty campaign (campaignId) for 100 points. */
	loyaltyRewardId: 'rew_0000000000004',
	loyaltyRewardAssignmentId: 'rewa_loyalty0000001',
	loyaltyRewardPoints: 100,
	/** The fixture redemptions of percentCode: 5 SUCCESS then 2 FAILURE. */
	redemptionIds: ['r_fixture000000001', 'r_fixture000000002', 'r_fixture000000003', 'r_fixture000000004', 'r_fixture000000005', 'r_fixture000000006', 'r_fixture000000007'],
	/** The first of the generated orders (ord_0000000000001 … , source IDs order-1 …), oldest first. */
	orderId: 'ord_0000000000001',
	orderSourceId: 'order-1',
	/** A finished customer export whose file can be downloaded at once. */
	exportId: 'exp_0000000000001',
};
export const FIXTURES: Readonly<typeof fixtures> = Object.freeze(fixtures);

/** Sizes of the generated lists for a seed. */
export function fixtureCounts(seed: number) {
	return {
		memberActivities: 1000 * seed + 25,
		customerActivities: 1000 * seed + 30,
		pendingPoints: 30 * seed,
		buckets: 25 * seed,
		/** Not scaled: enough for more than 99 pages of 100. */
		bulkVouchers: 10_000,
		/** All customers: the two named ones and generated ones (cust_gen…, customer-gen-N). */
		customers: 150,
		/** Generated orders: more than the 100 pages of 100 the order list serves. */
		orders: 10_100,
	};
}

const BASE = Date.UTC(2024, 0, 1);
const iso = (ms: number): string => new Date(ms).toISOString();
const DAY = 86_400_000;
const dateOnly = (ms: number): string => iso(ms).slice(0, 10);

function campaign(id: string, name: string, type: string): Campaign {
	const loyalty = type === 'LOYALTY_PROGRAM';
	return {
		id,
		name,
		campaign_type: type,
		is_referral_code: type === 'REFERRAL_PROGRAM',
		auto_join: loyalty,
		join_once: loyalty,
		active: true,
		use_voucher_metadata_schema: false,
		protected: false,
		creation_status: 'DONE',
		vouchers_generation_status: 'DONE',
		category_id: FIXTURES.categoryIds[0],
		category: 'Electronics',
		categories: [
			{ id: FIXTURES.categoryIds[0], name: 'Electronics', hierarchy: 1, object: 'category', created_at: iso(BASE) },
		],
		metadata: {},
		start_date: iso(BASE),
		expiration_date: null,
		description: `${name} (emulator fixture)`,
		created_at: iso(BASE),
		updated_at: null,
		object: 'campaign',
		voucher: {
			redemption: { quantity: null, redeemed_quantity: 0 },
			code_config: { length: 8, charset: 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789', pattern: '########', prefix: '', postfix: '', initial_count: 0 },
			discount: { type: 'AMOUNT', amount_off: 1000, is_dynamic: false },
			gift: { amount: 0, balance: 0, subtracted_amount: 0 },
			loyalty_card: { points: 0, expiration_rules: { period_type: 'MONTH', period_value: 12, rounding_value: 0 } },
			is_referral_code: type === 'REFERRAL_PROGRAM',
		},
		referral_program: {
			custom_event: { id: FIXTURES.customEventSchemaIds[0], name: FIXTURES.customEventName },
			// the referee gets 100 of the gift card campaign's credits
			referee_reward: { related_object_parent: { id: FIXTURES.giftCampaignId, name: 'Gift Cards', object: 'CAMPAIGN' }, type: 'GIFT_VOUCHER', amount: 100 },
		},
	};
}

function customer(id: string, sourceId: string, name: string): Customer {
	return {
		object: 'customer',
		id,
		source_id: sourceId,
		name,
		description: null,
		email: `${sourceId}@example.com`,
		phone: null,
		metadata: {},
		system_metadata: {},
		created_at: iso(BASE),
		updated_at: null,
	};
}

export const embedCustomer = (c: Customer) => ({
	id: c.id,
	name: c.name,
	email: c.email,
	source_id: c.source_id,
	metadata: c.metadata,
	object: 'customer' as const,
});

function tier(id: string, name: string, from: number, to: number) {
	return {
		id,
		name,
		campaign_id: FIXTURES.campaignId,
		points: { from, to },
		config: { points: { from, to } },
		metadata: {},
		created_at: iso(BASE),
		updated_at: null,
		object: 'loyalty_tier',
		earning_rules: {},
		rewards: {},
		expiration: null,
	};
}

const apiSource = (appId: string) => ({ channel: 'API', api_key: { name: 'emulator', app_id: appId } });
const userSource = { channel: 'USER_PORTAL', user: { id: 'user_0000000000001' } };

function memberActivities(tag: string, count: number, cust: Customer, camp: Campaign, appId: string) {
	const c = embedCustomer(cust);
	const bronze = tier('ltr_bronze', 'Bronze', 0, 999);
	const silver = tier('ltr_silver', 'Silver', 1000, 4999);
	const idAt = (i: number) => `mbact_${tag}${hexIndex(i)}`;
	// Every 100th entry embeds the whole campaign; the others a compact one, to keep big pages light.
	const compact = (({ voucher: _v, referral_program: _r, categories: _c, ...rest }) => rest)(camp);
	return new GeneratedSeq<MemberActivity>(
		count,
		(i) => {
			const at = iso(BASE + i * 60_000);
			const upgraded = i % 5 === 4;
			return {
				id: idAt(i),
				type: upgraded ? 'customer.loyalty.tier.upgraded' : 'customer.rewarded.loyalty_points',
				created_at: at,
				group_id: `v-${tag}${hexIndex(i)}`,
				data: {
					data: {
						created_at: at,
						customer: c,
						campaign: i % 100 === 0 ? camp : compact,
						loyalty_tier_from: upgraded ? bronze : null,
						loyalty_tier_to: upgraded ? silver : null,
					},
					event_source: i % 3 === 0 ? userSource : apiSource(appId),
				},
			};
		},
		idAt,
	);
}

const ACTIVITY_TYPES = [
	'customer.redemption.succeeded',
	'customer.publication.succeeded',
	'customer.rewarded',
	'customer.order.paid',
	'customer.custom_event',
	'customer.rewarded.loyalty_points',
	'customer.segment.entered',
];
const ACTIVITY_CAMPAIGNS: Array<[string, string, string] | null> = [
	[FIXTURES.campaignId, 'Loyalty Program', 'LOYALTY_PROGRAM'],
	[FIXTURES.discountCampaignId, 'Discount Coupons', 'DISCOUNT_COUPONS'],
	[FIXTURES.giftCampaignId, 'Gift Cards', 'GIFT_VOUCHERS'],
	[FIXTURES.referralCampaignId, 'Referral Program', 'REFERRAL_PROGRAM'],
	[FIXTURES.promotionCampaignId, 'Spring Promotion', 'PROMOTION'],
	null,
];
const ACTIVITY_PRODUCTS = [FIXTURES.productId, FIXTURES.product2Id, null];

function generatedMeta(i: number): ActivityMeta {
	const camp = ACTIVITY_CAMPAIGNS[i % ACTIVITY_CAMPAIGNS.length];
	const t = BASE + i * 60_000;
	return {
		created_at: t,
		updated_at: t + (i % 7) * 1000,
		type: ACTIVITY_TYPES[i % ACTIVITY_TYPES.length],
		code: `CODE-${String((i * 37) % 1000).padStart(4, '0')}`,
		campaign: camp ? camp[1] : '',
		campaign_id: camp ? camp[0] : null,
		campaign_type: camp ? camp[2] : null,
		category: i % 2 ? 'EFFECT' : 'ACTION',
		product_id: ACTIVITY_PRODUCTS[i % ACTIVITY_PRODUCTS.length],
	};
}

/** Build the full activity object from its meta (shared by generated and tracked entries). */
export function customerActivity(
	id: string,
	m: ActivityMeta,
	cust: Customer,
	eventSource: Record<string, unknown>,
	extra: Record<string, unknown> = {},
): CustomerActivity {
	return {
		id,
		type: m.type,
		category: m.category,
		created_at: iso(m.created_at),
		updated_at: iso(m.updated_at),
		group_id: `v-${id.slice(5)}`,
		data: {
			data: {
				customer: embedCustomer(cust),
				unconfirmed_customer: null,
				campaign: m.campaign_id ? { id: m.campaign_id, name: m.campaign, campaign_type: m.campaign_type } : null,
				voucher: { code: m.code },
				order: m.product_id ? { id: `ord_${id.slice(5)}`, items: [{ product_id: m.product_id, quantity: 1 }] } : null,
				...extra,
			},
			event_source: eventSource,
		},
	};
}

function activityLog(tag: string, count: number, cust: Customer, appId: string): CustomerActivityLog {
	const idAt = (i: number) => `cact_${tag}${hexIndex(i)}`;
	const head = new GeneratedSeq<CustomerActivity>(
		count,
		(i) => customerActivity(idAt(i), generatedMeta(i), cust, i % 4 === 0 ? userSource : apiSource(appId)),
		idAt,
	);
	return new CustomerActivityLog(tag, head, generatedMeta);
}

function pendingPoints(cardId: string, custId: string, count: number, past: number, appId: string): PendingPoint[] {
	const today = Date.now();
	const out: PendingPoint[] = [];
	let pastSoFar = 0;
	for (let i = 0; i < count + past; i++) {
		const isPast = pastSoFar < past && (i % 7 === 3 || count + past - i <= past - pastSoFar);
		if (isPast) pastSoFar++;
		out.push({
			id: `lpp_${cardId.slice(-4)}${hexIndex(i)}`,
			voucher_id: cardId,
			campaign_id: FIXTURES.campaignId,
			customer_id: custId,
			order_id: `ord_pp${hexIndex(i)}`,
			points: 10 + (i % 10) * 5,
			activates_at: isPast ? dateOnly(today - (i + 1) * DAY) : dateOnly(today + (1 + (i % 90)) * DAY),
			details: {
				holder_loyalty_tier: { id: 'ltr_bronze', name: 'Bronze' },
				event: {
					id: `evcus_${hexIndex(i)}`,
					type: 'customer.order.paid',
					group_id: `v-pp${hexIndex(i)}`,
					entity_id: custId,
					created_at: iso(BASE + i * 3_600_000),
					category: 'EFFECT',
					event_source: i % 2 ? apiSource(appId) : userSource,
				},
				earning_rule: { id: 'ern_0000000000001', source: { banner: 'Earn 10 points per order' } },
				order: { id: `ord_pp${hexIndex(i)}`, source_id: `order-${i}` },
			},
			created_at: iso(BASE + i * 3_600_000),
		});
	}
	return out;
}

function cardDefinition(id: string, name: string, status: CardDefinition['status'], pending: boolean): CardDefinition {
	return {
		id,
		name,
		type: 'INDIVIDUAL',
		status,
		code_config: { pattern: '##########', length: 10, charset: 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789', prefix: '', postfix: '' },
		points_expiration: { type: 'ROLLING_EXPIRATION', rolling_expiration: { period: { value: 12, unit: 'MONTH' }, rounding: null } },
		pending_points: pending ? { type: 'PERIOD_BASED', period_based: { period: { value: 14, unit: 'DAY' } } } : { type: 'IMMEDIATE' },
		earning_limits: {
			global: { type: 'LIMITED', limits: [{ type: 'TIME_BASED', period: { type: 'CURRENT_PERIOD', current_period: { unit: 'MONTH' } }, points: { max: 10000 } }] },
			transactions: { type: 'LIMITED', limits: [{ type: 'POINTS', max: 500 }, { type: 'SPENDING', min_amount: 100 }] },
		},
		spending_limits: {
			global: { type: 'LIMITED', limits: [{ type: 'SPENDING_BASED', max: 5000 }] },
			transactions: { type: 'LIMITED', limits: [{ type: 'POINTS', max: 1000 }] },
		},
		refunds: { spent_points: { type: 'REFUNDABLE', methods: [{ type: 'RETURN_POINTS', mode: 'REFUND_ALL' }] }, earned_points: { type: 'NONE', methods: [] } },
		balance_settings: { allow_negative: false },
		pay_with_points: { type: 'NO_PAYMENTS' },
		metadata: { fixture: true },
		created_at: iso(BASE),
		updated_at: null,
		object: 'card_definition',
	};
}

function tierStructure(id: string, name: string, type: TierStructure['type'], status: TierStructure['status'], cardDef: string): TierStructure {
	return {
		id,
		name,
		type,
		...(type === 'POINT_BALANCE' ? { point_balance: { card_definition_id: cardDef } } : { point_earned: { card_definition_id: cardDef, period: { value: 12, unit: 'MONTH' }, type: 'IMMEDIATELY' } }),
		expiration: { type: 'FIXED_DURATION', fixed_duration: { period: { value: 12, unit: 'MONTH' } } },
		downgrade: { type: 'SINGLE_LEVEL', grace_period: { value: 30, unit: 'DAY', round_up: false } },
		metadata: { fixture: true },
		status,
		created_at: iso(BASE),
		updated_at: null,
		object: 'tier_structure',
	};
}

function buckets(cardId: string, cardDef: string, count: number): Bucket[] {
	const today = Date.now();
	const out: Bucket[] = [];
	const mk = (i: number, date: string, status: string): Bucket => ({
		id: `lcppb_${cardId.slice(-4)}${hexIndex(i)}`,
		card_id: cardId,
		card_definition_id: cardDef,
		program_id: FIXTURES.programActive,
		card_type: 'INDIVIDUAL',
		member_id: FIXTURES.memberId,
		points: { total: 5 + (i % 20) * 5 },
		date,
		type: 'PERIOD_BASED',
		status,
		created_at: iso(BASE + i * 3_600_000),
		updated_at: null,
		object: 'card_pending_points_bucket',
	});
	let i = 0;
	for (let k = 0; k < count; k++, i++) out.push(mk(i, dateOnly(today + (1 + ((k * 7) % 120)) * DAY), 'PENDING'));
	for (let k = 0; k < 3; k++, i++) out.push(mk(i, dateOnly(today - (k + 1) * DAY), 'PENDING'));
	for (let k = 0; k < 2; k++, i++) out.push(mk(i, dateOnly(today + (k + 5) * DAY), 'CANCELED'));
	return out;
}

/** A fresh store with every fixture. */
export function buildStore(seed: number, creds: EmulatorCredentials): Store {
	const s = new Store();
	const n = fixtureCounts(seed);
	s.projects.set(creds.projectId, {
		id: creds.projectId,
		name: 'Emulator project',
		description: 'Seeded by the local emulator',
		timezone: 'UTC',
		currency: 'USD',
		case_sensitive_codes: false,
		...defaultProjectSettings(),
		created_at: iso(BASE),
		object: 'project',
	});
	s.projects.set(FIXTURES.productionProjectId, {
		id: FIXTURES.productionProjectId,
		name: 'Production',
		description: 'A second project, for copies between projects',
		timezone: 'UTC',
		currency: 'USD',
		case_sensitive_codes: false,
		...defaultProjectSettings(),
		created_at: iso(BASE),
		object: 'project',
	});
	const users: Array<[string, string, string, Record<string, string>]> = [
		['owner@example.com', 'Olga', 'Owner', { [creds.projectId]: 'ADMIN', [FIXTURES.productionProjectId]: 'ADMIN' }],
		['member@example.com', 'Mark', 'Member', { [creds.projectId]: 'USER' }],
		[FIXTURES.outsideUserLogin, 'Oscar', 'Outside', {}],
	];
	users.forEach(([login, first, last, projects], i) =>
		s.accountUsers.set(FIXTURES.userIds[i], { id: FIXTURES.userIds[i], login, email: login, first_name: first, last_name: last, projects, is_owner: i === 0 }));
	seedRecord(s, METADATA_SCHEMAS, {
		id: FIXTURES.metadataSchemaIds[0],
		related_object: 'customer',
		properties: { region: { type: 'string', optional: true, array: false, eq: ['EU', 'US'] }, vip: { type: 'boolean', optional: true, array: false } },
		allow_defined_only: false,
		created_at: iso(BASE),
		updated_at: null,
	}, [creds.projectId]);
	seedRecord(s, METADATA_SCHEMAS, {
		id: FIXTURES.metadataSchemaIds[1],
		related_object: 'order',
		properties: { channel: { type: 'string', optional: false, array: false }, legacy: { type: 'number', optional: true, array: false, deleted: true } },
		allow_defined_only: true,
		created_at: iso(BASE),
		updated_at: null,
	}, [creds.projectId]);
	const schemas: Array<{ name: string; properties: CustomEventSchema['schema']['properties'] }> = [
		{ name: FIXTURES.customEventName, properties: { carrier: { type: 'string', optional: false }, weight: { type: 'number', optional: true } } },
		{ name: 'newsletter_signup', properties: { list: { type: 'string', optional: true }, at: { type: 'datetime', optional: true } } },
		{ name: 'app_opened', properties: { first: { type: 'boolean', optional: true }, legacy: { type: 'date', optional: true, deleted: true } } },
	];
	s.customEventSchemas.set(creds.projectId, schemas.map((e, i): CustomEventSchema => ({
		id: FIXTURES.customEventSchemaIds[i],
		name: e.name,
		schema: { properties: e.properties },
		created_at: iso(BASE),
		...(i === 2 ? { updated_at: iso(BASE + DAY) } : {}),
		object: 'custom-event-schema',
	})));

	const cust1 = customer(FIXTURES.customerId, FIXTURES.customerSourceId, 'Customer One');
	const custMany = customer(FIXTURES.customerWithManyActivities, FIXTURES.customerWithManyActivitiesSourceId, 'Busy Customer');
	s.addCustomer(cust1);
	s.addCustomer(custMany);
	s.customerActivities.set(cust1.id, activityLog('0001', 12, cust1, creds.appId));
	s.customerActivities.set(custMany.id, activityLog('0002', n.customerActivities, custMany, creds.appId));

	for (const [id, name, type] of [
		[FIXTURES.campaignId, 'Loyalty Program', 'LOYALTY_PROGRAM'],
		[FIXTURES.campaignOtherId, 'Second Loyalty Program', 'LOYALTY_PROGRAM'],
		[FIXTURES.discountCampaignId, 'Discount Coupons', 'DISCOUNT_COUPONS'],
		[FIXTURES.giftCampaignId, 'Gift Cards', 'GIFT_VOUCHERS'],
		[FIXTURES.referralCampaignId, 'Referral Program', 'REFERRAL_PROGRAM'],
		[FIXTURES.promotionCampaignId, 'Spring Promotion', 'PROMOTION'],
		[FIXTURES.friendsReferralCampaignId, 'Friends Referral', 'REFERRAL_PROGRAM'],
	]) s.campaigns.set(id, campaign(id, name, type));
	const loyaltyCampaign = s.campaigns.get(FIXTURES.campaignId)!;

	const cards: Array<[string, string, number, number, number]> = [
		[FIXTURES.loyaltyCardManyId, FIXTURES.memberWithManyActivities, n.memberActivities, 5, 0],
		[FIXTURES.loyaltyCardPendingId, FIXTURES.memberWithPendingPoints, 12, n.pendingPoints, 5],
		['v_card_empty_0001', FIXTURES.memberEmpty, 0, 0, 0],
	];
	cards.forEach(([id, code, activities, pending, past], k) => {
		s.loyaltyCards.set(id, {
			id,
			code,
			campaign_id: FIXTURES.campaignId,
			customer_id: cust1.id,
			pendingPoints: pendingPoints(id, cust1.id, pending, past, creds.appId),
			activity: (() => {
				const gen = memberActivities(hexIndex(k + 1, 4), activities, cust1, loyaltyCampaign, creds.appId);
				return activities > 50 ? gen : new ArraySeq(Array.from({ length: activities }, (_, i) => gen.at(i)));
			})(),
		});
		s.cardsByCode.set(code, id);
	});

	const now = iso(BASE);
	s.products.set(FIXTURES.productId, { id: FIXTURES.productId, source_id: FIXTURES.productSourceId, name: 'Coffee Maker', price: 4999, attributes: ['color', 'size'], metadata: {}, created_at: now, updated_at: null, object: 'product' });
	s.products.set(FIXTURES.product2Id, { id: FIXTURES.product2Id, source_id: 'product-2', name: 'Tea Kettle', price: 2999, attributes: ['color'], metadata: {}, created_at: now, updated_at: null, object: 'product' });
	for (const [k, v] of s.products) if (v.source_id) s.productsBySourceId.set(v.source_id, k);
	const skus: Array<[string, string, string, string, number]> = [
		[FIXTURES.skuId, FIXTURES.skuSourceId, FIXTURES.productId, 'Coffee Maker Black', 4999],
		['sku_0000000000002', 'sku-2', FIXTURES.productId, 'Coffee Maker White', 5199],
		['sku_0000000000003', 'sku-3', FIXTURES.product2Id, 'Tea Kettle Red', 2999],
	];
	for (const [id, sourceId, productId, sku, price] of skus)
		s.skus.set(id, { id, source_id: sourceId, product_id: productId, sku, price, currency: 'USD', attributes: { color: 'black' }, image_url: null, metadata: {}, created_at: now, updated_at: null, object: 'sku' });

	['Electronics', 'Books', 'Clothing'].forEach((name, i) =>
		s.categories.set(FIXTURES.categoryIds[i], { id: FIXTURES.categoryIds[i], name, hierarchy: i + 1, created_at: now, object: 'category' }));
	FIXTURES.rewardIds.forEach((id, i) =>
		s.rewards.set(id, {
			id, name: `Reward ${i + 1}`, type: i % 2 ? 'COIN' : 'MATERIAL', created_at: now, updated_at: null, object: 'reward', attributes: {}, metadata: {},
			...(i % 2
				? { parameters: { coin: { exchange_ratio: 1, points_ratio: 10 } }, stock: null, redeemed: null }
				: { parameters: { product: { id: FIXTURES.productId, sku_id: null } }, stock: 100, redeemed: 0 }),
		}));
	// Active rewards costing 100 points on the active card definition: odd ones give points, even ones the product.
	FIXTURES.v2RewardIds.forEach((id, i) =>
		s.v2Rewards.set(id, {
			id, name: `Loyalty reward ${i + 1}`, type: i % 2 ? 'DIGITAL' : 'MATERIAL', status: 'ACTIVE', start_date: null, end_date: null, validity_hours: { type: 'ANY_TIME' },
			...(i % 2
				? { digital: { type: 'LOYALTY_CARD_POINTS', loyalty_card_points: { points: 50, card_definition_id: FIXTURES.cardDefinitionActive } } }
				: { material: { type: 'PRODUCT', product: { id: FIXTURES.productId } } }),
			refunds: { type: 'REFUNDABLE' },
			costs: [{ id: `lrcst_${hexIndex(i + 1, 13)}`, spending: [{ id: `lrspn_${hexIndex(i + 1, 13)}`, name: null, points: 100, card_definition_id: FIXTURES.cardDefinitionActive }] }],
			purchase_limits: { cooldown: { type: 'NO_COOLDOWN' }, frequency: { type: 'NO_LIMIT', limits: [] } },
			metadata: {}, created_at: now, updated_at: null, object: 'reward',
		}));
	s.campaignTemplates.set(FIXTURES.campaignTemplateId, {
		id: FIXTURES.campaignTemplateId, name: 'Discount template', description: 'A 10% discount campaign', campaign_type: 'DISCOUNT_COUPONS', created_at: now, object: 'campaign_template',
		json_template: { name: 'Discount template', campaign_type: 'DISCOUNT_COUPONS', voucher: { type: 'DISCOUNT_VOUCHER', discount: { type: 'PERCENT', percent_off: 10 } } },
	});
	s.projectTemplates.set(creds.projectId, s.campaignTemplates);
	s.campaignTemplates.set(FIXTURES.campaignTemplateGiftId, {
		id: FIXTURES.campaignTemplateGiftId, name: 'Gift template', campaign_type: 'GIFT_VOUCHERS', created_at: now, updated_at: iso(BASE + DAY), object: 'campaign_template',
		json_template: { name: 'Gift template', campaign_type: 'GIFT_VOUCHERS', voucher: { type: 'GIFT_VOUCHER', gift: { amount: 5000 } } },
	});

	for (const cd of [
		cardDefinition(FIXTURES.cardDefinitionDraft, 'Draft card', 'DRAFT', true),
		cardDefinition(FIXTURES.cardDefinitionActive, 'Active card', 'ACTIVE', true),
		cardDefinition(FIXTURES.cardDefinitionPendingDisabled, 'Card without pending points', 'ACTIVE', false),
	]) s.cardDefinitions.set(cd.id, cd);
	// cardId's points pay orders: one point is worth 0.01 of the order's currency (1 minor unit).
	s.cardDefinitions.get(FIXTURES.cardDefinitionActive)!.pay_with_points = { type: 'EXCHANGE_RATIO', exchange_ratio: { formula: '0.01' } };
	for (const ts of [
		tierStructure(FIXTURES.tierStructureDraft, 'Draft tiers', 'POINT_BALANCE', 'DRAFT', FIXTURES.cardDefinitionDraft),
		tierStructure(FIXTURES.tierStructureDraftEarned, 'Draft earned tiers', 'POINT_EARNED', 'DRAFT', FIXTURES.cardDefinitionDraft),
		tierStructure(FIXTURES.tierStructureActive, 'Active tiers', 'POINT_EARNED', 'ACTIVE', FIXTURES.cardDefinitionActive),
	]) s.tierStructures.set(ts.id, ts);
	for (const [id, structure, name, points] of [
		[FIXTURES.tierDraftId, FIXTURES.tierStructureDraft, 'Bronze', { min_value: 0, max_value: 999 }],
		[FIXTURES.tierActiveId, FIXTURES.tierStructureActive, 'Gold', { min_value: 1000 }],
	] as const)
		s.tiers.set(structure, new Map([[id, { id, tier_structure_id: structure, name, qualification_rules: { type: 'POINTS', points: { ...points } }, downgrade: { type: 'INHERIT' }, metadata: {}, created_at: now, updated_at: null, object: 'tier' }]]));
	for (const [id, name, status] of [
		[FIXTURES.programDraft, 'Draft program', 'DRAFT'],
		[FIXTURES.programActive, 'Active program', 'ACTIVE'],
		[FIXTURES.programInactive, 'Inactive program', 'INACTIVE'],
	] as const) {
		s.programs.set(id, { id, name, status, start_date: status === 'DRAFT' ? null : iso(BASE), end_date: null, metadata: { fixture: true }, created_at: now, updated_at: null, object: 'program' });
		s.programRewards.set(id, new Map());
		const assigned = status !== 'DRAFT';
		s.programAssignments.set(id, {
			card_definitions: new Set(assigned ? [FIXTURES.cardDefinitionActive] : []),
			earning_rules: new Set(assigned ? [FIXTURES.earningRuleActive] : []),
			tier_structures: new Set(),
		});
		s.programActivities.set(id, []);
	}
	for (const [id, status] of [[FIXTURES.earningRuleActive, 'ACTIVE'], [FIXTURES.earningRuleDraft, 'DRAFT']] as const)
		s.earningRules.set(id, { id, name: `${status === 'ACTIVE' ? 'Active' : 'Draft'} earning rule`, status, created_at: now, object: 'earning_rule' });
	// The active rule gives 10 points on cardDefinitionActive's cards for a paid order (what Examine estimates).
	Object.assign(s.earningRules.get(FIXTURES.earningRuleActive)!, {
		trigger: { event: 'customer.order.paid' },
		earnings: [{ id: 'lernei_0000000000001', name: null, rules: null, tier_rules: null, effects: [{ type: 'POINTS', points: { value: 10, card_definition_id: FIXTURES.cardDefinitionActive } }] }],
		metadata: {},
	});
	buildCommerce(s, n, cust1, custMany);
	s.programRewards.get(FIXTURES.programActive)!.set(FIXTURES.programRewardId, {
		reward_id: FIXTURES.programRewardId,
		stock: { type: 'LIMITED', limited: { quantity: 50 } },
		redeemed: 3,
		created_at: now,
		updated_at: null,
		object: 'program_reward',
	});
	s.programRewards.get(FIXTURES.programActive)!.set(FIXTURES.programRewardUnlimitedId, {
		reward_id: FIXTURES.programRewardUnlimitedId,
		stock: { type: 'UNLIMITED' },
		redeemed: 0,
		created_at: now,
		updated_at: null,
		object: 'program_reward',
	});
	s.members.set(FIXTURES.memberId, { id: FIXTURES.memberId, program_id: FIXTURES.programActive, customer_id: cust1.id, status: 'ACTIVE', metadata: { fixture: true }, created_at: now, updated_at: null });
	s.cards.set(FIXTURES.cardId, { id: FIXTURES.cardId, member_id: FIXTURES.memberId, program_id: FIXTURES.programActive, card_definition_id: FIXTURES.cardDefinitionActive, type: 'INDIVIDUAL', code: FIXTURES.cardCode, points: 1200, created_at: now });
	s.cards.set(FIXTURES.cardPendingPointsDisabled, { id: FIXTURES.cardPendingPointsDisabled, member_id: FIXTURES.memberId, program_id: FIXTURES.programActive, card_definition_id: FIXTURES.cardDefinitionPendingDisabled, type: 'INDIVIDUAL', code: 'LC-00000002', points: 0, created_at: now });
	s.buckets.set(FIXTURES.cardId, buckets(FIXTURES.cardId, FIXTURES.cardDefinitionActive, n.buckets));
	// The 1,200 points of cardId: three expiration buckets (in 30, 90 and 200 days), one admin credit, and its activities.
	const base = { card_id: FIXTURES.cardId, customer_id: cust1.id, card_definition_id: FIXTURES.cardDefinitionActive, program_id: FIXTURES.programActive, card_type: 'INDIVIDUAL', member_id: FIXTURES.memberId };
	s.expiringBuckets.set(FIXTURES.cardId, [[30, 200], [90, 400], [200, 600]].map(([days, total], i) => ({
		...base, id: FIXTURES.expiringBucketIds[i], points: { total }, expiration_date: dateOnly(Date.now() + days * DAY), expiration_type: 'ROLLING_EXPIRATION', status: 'ACTIVE', created_at: iso(BASE + i * DAY), updated_at: null, object: 'card_points_bucket',
	})));
	s.cardTransactions.set(FIXTURES.cardId, [{
		...base, id: 'lctx_0000000000001', card_type: 'INDIVIDUAL', type: 'ADMIN_CREDIT', details: { reason: 'Opening balance', rejection: null, metadata: {}, points: { total: 1200 } }, status: 'APPROVED', created_at: iso(BASE), updated_at: iso(BASE), object: 'card_transaction',
	}]);
	s.cardActivities.set(FIXTURES.cardId, ['vl.card.created', 'vl.card.assigned', 'vl.card.code_generation.succeeded'].map((type, i) => ({
		id: `lacrd_000000000000${i + 1}`, card_id: FIXTURES.cardId, member_id: FIXTURES.memberId, type, data: {}, created_at: iso(BASE + i * 60_000), object: 'card_activity',
	})));
	// memberId's tier history on cardId (joined, then upgraded) and one benefit fulfilled by the active earning rule.
	const tierBase = { card_id: FIXTURES.cardId, program_id: FIXTURES.programActive, member_id: FIXTURES.memberId, card_definition_id: FIXTURES.cardDefinitionActive, tier_structure_id: FIXTURES.tierStructureActive, status: 'APPROVED', updated_at: null, object: 'tier_transaction' };
	const origin = { type: 'card_operations', card_transaction_ids: ['lctx_0000000000001'] };
	s.tierTransactions.set(FIXTURES.memberId, [
		{ ...tierBase, id: 'lttx_0000000000001', tier_id: 'lt_0000000000001', type: 'JOINED', details: { points: 0, tier_from: null, tier_to: 'lt_0000000000001', origin, rejection: null, start_at: iso(BASE), expires_at: null }, created_at: iso(BASE) },
		{ ...tierBase, id: 'lttx_0000000000002', tier_id: 'lt_0000000000002', type: 'UPGRADED', details: { points: 1200, tier_from: 'lt_0000000000001', tier_to: 'lt_0000000000002', origin, rejection: null, start_at: iso(BASE + DAY), expires_at: null }, created_at: iso(BASE + DAY) },
	]);
	s.benefits.set(FIXTURES.benefitId, {
		id: FIXTURES.benefitId, name: 'Welcome points', type: 'POINTS', status: 'ACTIVE', points: { value: 50, card_definition_id: FIXTURES.cardDefinitionActive },
		stock: { type: 'UNLIMITED' }, created_at: iso(BASE), updated_at: null, object: 'benefit',
	});
	s.benefitTransactions.set(FIXTURES.memberId, [{
		id: 'lbtx_0000000000001', benefit_id: FIXTURES.benefitId, program_id: FIXTURES.programActive, member_id: FIXTURES.memberId, earning_rule_id: FIXTURES.earningRuleActive, type: 'FULFILLMENT',
		details: { reason: 'Welcome benefit', rejection: null, metadata: {}, result: null }, status: 'APPROVED', created_at: iso(BASE + DAY), updated_at: null, object: 'benefit_transaction',
	}]);
	s.buckets.set(FIXTURES.cardPendingPointsDisabled, buckets(FIXTURES.cardPendingPointsDisabled, FIXTURES.cardDefinitionPendingDisabled, 4));
	seedVoucherEngine(s, n.bulkVouchers, cust1);
	const promotion = FIXTURES.promotionCampaignId;
	FIXTURES.promotionTierIds.forEach((id, i) =>
		seedRecord(s, TIER_SPEC, {
			id, name: `${(i + 1) * 10}% off`, banner: null, action: { discount: { type: 'PERCENT', percent_off: (i + 1) * 10 } }, metadata: {}, hierarchy: i + 1,
			campaign_id: promotion, campaign: { id: promotion, object: 'campaign' }, active: true, category_id: null, categories: [],
		}),
	);
	seedRecord(s, STACK_SPEC, { id: FIXTURES.promotionStackId, name: 'Both tiers', tiers: { ids: [...FIXTURES.promotionTierIds], hierarchy_mode: 'MANUAL' }, campaign_id: promotion, category_id: null, categories: [] }, [promotion]);
	const ruleDefaults = { rules: {}, applicable_to: { excluded: [], included: [], included_all: false }, type: 'expression', context_type: 'global' };
	seedRecord(s, RULE_SPEC, { id: FIXTURES.validationRuleIds[0], name: 'Orders over 100', ...ruleDefaults, rules: { '1': { name: 'order.amount', conditions: { $more_than: [10000] }, rules: {} }, logic: '1' } });
	seedRecord(s, RULE_SPEC, { id: FIXTURES.validationRuleIds[1], name: 'Weekdays only', ...ruleDefaults });
	FIXTURES.segmentIds.forEach((id, i) => {
		const [name, type, filter] =
			i === 0 ? ['Gold members', 'auto-update', { junction: 'and', 'metadata.club_level': { conditions: { $is: 'Gold' } } }]
			: i === 1 ? ['Newsletter subscribers', 'passive', { junction: 'and', 'events.newsletter_subscribed.count': { conditions: { $more_than: [0] } } }]
			: [`Segment ${i + 1}`, 'static', null];
		seedRecord(s, SEGMENT_SPEC, { id, name, type, filter, created_at: iso(BASE + Math.floor(i / 3)), updated_at: null, initial_sync_status: 'DONE' });
	});
	FIXTURES.locationIds.forEach((id, i) => {
		const shape = i % 2
			? { type: 'polygon', format: 'geojson', geojson: { type: 'Polygon', coordinates: [[[18.55, 50.56], [18.53, 51.09], [19.59, 50.83], [18.55, 50.56]]] } }
			: { type: 'circle', format: 'distance', distance: { center: 'geo:52.2297,21.0122', radius: `${i + 1} km` } };
		seedRecord(s, LOCATION_SPEC, { id, name: i === 0 ? 'Warsaw' : `Area ${i + 1}`, shape, created_at: iso(BASE + Math.floor(i / 2)), updated_at: null });
	});
	seedRecord(s, COLLECTION_SPEC, {
		id: FIXTURES.productCollectionIds[0],
		name: 'Coffee corner',
		type: 'STATIC',
		products: [{ id: FIXTURES.productId, object: 'product' }, { id: FIXTURES.skuId, product_id: FIXTURES.productId, object: 'sku' }],
		created_at: iso(BASE),
	});
	seedRecord(s, COLLECTION_SPEC, {
		id: FIXTURES.productCollectionIds[1],
		name: 'Everything coffee',
		type: 'AUTO_UPDATE',
		filter: { junction: 'and', name: { conditions: { $starts_with: ['Coffee'] } } },
		created_at: iso(BASE + 1),
	});
	seedRecord(s, ASSIGNMENT_SPEC, { id: FIXTURES.validationRuleAssignmentId, rule_id: FIXTURES.validationRuleIds[0], related_object_type: 'campaign', related_object_id: promotion }, [FIXTURES.validationRuleIds[0]]);
	return s;
}

// ---- Voucher engine: campaigns' code templates, vouchers, cards' balances, publications, redemptions ----

const CAMPAIGN_VOUCHER_TYPE: Record<string, Voucher['type']> = {
	DISCOUNT_COUPONS: 'DISCOUNT_VOUCHER',
	REFERRAL_PROGRAM: 'DISCOUNT_VOUCHER',
	GIFT_VOUCHERS: 'GIFT_VOUCHER',
	LOYALTY_PROGRAM: 'LOYALTY_CARD',
};

function voucher(code: string, id: string, type: Voucher['type'], camp: Campaign | undefined, at: number, extra: Partial<Voucher> = {}): Voucher {
	return {
		id,
		code,
		campaign: camp?.name ?? null,
		campaign_id: camp?.id ?? null,
		category: (camp?.category as string | undefined) ?? null,
		category_id: (camp?.category_id as string | undefined) ?? null,
		type,
		discount: type === 'DISCOUNT_VOUCHER' ? { type: 'AMOUNT', amount_off: 1000 } : null,
		gift: null,
		loyalty_card: null,
		start_date: null,
		expiration_date: null,
		active: true,
		additional_info: null,
		metadata: {},
		redemption: { quantity: null, redeemed_quantity: 0, object: 'list' },
		publish: { object: 'list', count: 0 },
		is_referral_code: false,
		created_at: iso(at),
		updated_at: null,
		object: 'voucher',
		...extra,
	};
}

function seedVoucherEngine(s: Store, bulkCount: number, holder: Customer): void {
	const camp = (id: string) => s.campaigns.get(id)!;
	s.campaigns.set(FIXTURES.welcomeCampaignId, {
		...campaign(FIXTURES.welcomeCampaignId, FIXTURES.welcomeCampaignName, 'DISCOUNT_COUPONS'),
		created_at: iso(BASE + 2 * DAY),
	});
	s.campaigns.set(FIXTURES.bulkCampaignId, { ...campaign(FIXTURES.bulkCampaignId, 'Bulk Coupons', 'DISCOUNT_COUPONS'), created_at: iso(BASE + DAY) });
	for (const c of s.campaigns.values()) {
		const template = c.voucher as Record<string, unknown>;
		c.type = c.id === FIXTURES.welcomeCampaignId ? 'AUTO_UPDATE' : 'STATIC';
		template.type = CAMPAIGN_VOUCHER_TYPE[c.campaign_type] ?? null;
	}
	const welcome = camp(FIXTURES.welcomeCampaignId).voucher as Record<string, unknown>;
	welcome.discount = { type: 'PERCENT', percent_off: 10 };
	welcome.code_config = { length: 6, charset: 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789', pattern: 'WELCOME-######', prefix: '', postfix: '', initial_count: 0 };

	const discount = camp(FIXTURES.discountCampaignId);
	FIXTURES.discountCodes.forEach((code, i) => s.addVoucher(voucher(code, `v_save10${hexIndex(i, 10)}`, 'DISCOUNT_VOUCHER', discount, BASE + 3 * DAY + i * 1000)));
	s.addVoucher(voucher(FIXTURES.percentCode, 'v_percent20000001', 'DISCOUNT_VOUCHER', undefined, BASE + 4 * DAY, { discount: { type: 'PERCENT', percent_off: 20 } }));
	s.addVoucher(voucher(FIXTURES.disabledCode, 'v_disabled00000001', 'DISCOUNT_VOUCHER', undefined, BASE + 4 * DAY + 1000, { active: false }));
	s.addVoucher(voucher(FIXTURES.expiredCode, 'v_expired000000001', 'DISCOUNT_VOUCHER', undefined, BASE + 4 * DAY + 2000, { expiration_date: '2024-06-30T23:59:59.000Z' }));
	const referral = voucher(FIXTURES.referralCode, FIXTURES.referralCodeId, 'DISCOUNT_VOUCHER', camp(FIXTURES.friendsReferralCampaignId), BASE + 4 * DAY + 3000, {
		holder_id: FIXTURES.customerWithManyActivities,
		is_referral_code: true,
		publish: { object: 'list', count: 1 },
	});
	s.addVoucher(referral);
	s.referralHolders.set(referral.id, [
		referralHolder(referral, FIXTURES.customerWithManyActivities, 'REFERRER', FIXTURES.referralReferrerHolderId, iso(BASE + 4 * DAY + 3000)),
		referralHolder(referral, holder.id, 'REFEREE', FIXTURES.referralRefereeHolderId, iso(BASE + 4 * DAY + 4000)),
	]);
	const gift = camp(FIXTURES.giftCampaignId);
	s.addVoucher(voucher(FIXTURES.giftCode, 'v_gift100000000001', 'GIFT_VOUCHER', gift, BASE + 5 * DAY, { gift: { amount: 12000, balance: 10000, subtracted_amount: 2000 }, holder_id: holder.id, publish: { object: 'list', count: 1 } }));
	s.addVoucher(voucher(FIXTURES.giftEmptyCode, 'v_giftempty0000001', 'GIFT_VOUCHER', gift, BASE + 5 * DAY + 1000, { gift: { amount: 5000, balance: 0, subtracted_amount: 5000 } }));
	const loyalty = camp(FIXTURES.campaignId);
	for (const card of s.loyaltyCards.values()) {
		const points = FIXTURES.loyaltyBalances[card.code] ?? 0;
		s.addVoucher(
			voucher(card.code, card.id, 'LOYALTY_CARD', loyalty, BASE + 6 * DAY, {
				loyalty_card: { points, balance: points, pending_points: 0, expired_points: 0, subtracted_points: 0 },
				holder_id: card.customer_id,
				publish: { object: 'list', count: 1 },
			}),
		);
	}
	// Two transactions on the gift card: 120.00 loaded, 20.00 spent.
	const giftCard = s.findVoucher(FIXTURES.giftCode)!;
	const balance = (amount: number, after: number) => ({ type: 'gift_voucher', total: 12000, amount, object: 'balance', balance: after, operation_type: 'MANUAL', related_object: { id: giftCard.id, type: 'voucher' } });
	s.voucherTransactions.set(giftCard.id, [
		{ id: s.nextSortableId('vtx_'), source_id: 'load-1', voucher_id: giftCard.id, campaign_id: gift.id, source: 'API', reason: 'Card loaded', type: 'CREDITS_ADDITION', details: { balance: balance(12000, 12000) }, related_transaction_id: null, created_at: iso(BASE + 5 * DAY) },
		{ id: s.nextSortableId('vtx_'), source_id: null, voucher_id: giftCard.id, campaign_id: gift.id, source: null, reason: null, type: 'CREDITS_REDEMPTION', details: { balance: balance(-2000, 10000) }, related_transaction_id: null, created_at: iso(BASE + 5 * DAY + 60_000) },
	]);
	// The cards' publications, and the gift card's.
	for (const v of [giftCard, ...[...s.loyaltyCards.keys()].map((id) => s.vouchers.get(id)!)]) {
		s.publications.push({
			id: `pub_${v.id.slice(2)}`, object: 'publication', created_at: v.created_at, customer_id: holder.id, tracking_id: holder.source_id, metadata: {}, channel: 'API',
			source_id: null, result: 'SUCCESS', campaign_id: v.campaign_id, voucher_code: v.code, vouchers_id: [v.id],
		});
	}
	// The loyalty campaign offers a reward for 100 points.
	s.rewardAssignments.set(FIXTURES.loyaltyRewardAssignmentId, {
		id: FIXTURES.loyaltyRewardAssignmentId, reward_id: FIXTURES.loyaltyRewardId, related_object_id: FIXTURES.campaignId, related_object_type: 'campaign',
		parameters: { loyalty: { points: FIXTURES.loyaltyRewardPoints } }, created_at: iso(BASE), updated_at: null, object: 'reward_assignment',
	});
	// PERCENT20: five successful redemptions by the customer, then two failed attempts.
	const percent = s.findVoucher(FIXTURES.percentCode)!;
	FIXTURES.redemptionIds.forEach((id, i) => {
		const success = i < 5;
		const at = iso(BASE + 7 * DAY + i * 3_600_000);
		s.redemptions.set(id, {
			id, object: 'redemption', date: at, created_at: at, customer_id: holder.id, tracking_id: holder.source_id, metadata: {}, redemption: null,
			result: success ? 'SUCCESS' : 'FAILURE', status: success ? 'SUCCEEDED' : 'FAILED', amount: success ? 1000 : undefined,
			...(success ? {} : { failure_code: 'customer_rules_violated', failure_message: 'Customer does not match the validation rules' }),
			order: success ? { amount: 5000, discount_amount: 1000, total_amount: 4000, object: 'order' } : null,
			channel: { channel_id: 'fixture', channel_type: 'API' }, customer: embedCustomer(holder), related_object_type: 'voucher', related_object_id: percent.id,
			voucher: { id: percent.id, code: percent.code, type: percent.type, object: 'voucher' }, related_redemptions: { rollbacks: [] },
		});
	});
	percent.redemption.redeemed_quantity = 5;
	// The 10,000 bulk codes are made when vouchers are first read: most tests never read them.
	const bulk = camp(FIXTURES.bulkCampaignId);
	s.deferVouchers(() => {
		for (let i = 0; i < bulkCount; i++) {
			s.addVoucher(voucher(`BULK-${String(i).padStart(5, '0')}`, `v_bulk${hexIndex(i, 12)}`, 'DISCOUNT_VOUCHER', bulk, BASE + DAY + i * 1000));
		}
	});
}

// ---------- Commerce fixtures: generated customers and orders, a finished export ----------

const ORDER_STATUSES: OrderStatus[] = ['PAID', 'CREATED', 'FULFILLED', 'CANCELED'];

function generatedOrder(i: number, customers: [Customer, Customer]): Order {
	const price = 1000 + (i % 50) * 100;
	const quantity = 1 + (i % 3);
	const amount = price * quantity;
	return {
		id: `ord_${hexIndex(i + 1, 13)}`,
		source_id: `order-${i + 1}`,
		status: ORDER_STATUSES[i % ORDER_STATUSES.length],
		amount,
		initial_amount: amount,
		discount_amount: 0,
		items_discount_amount: 0,
		total_discount_amount: 0,
		total_amount: amount,
		applied_discount_amount: 0,
		items_applied_discount_amount: 0,
		total_applied_discount_amount: 0,
		items: [{ object: 'order_item', product_id: i % 2 ? FIXTURES.product2Id : FIXTURES.productId, quantity, price, amount }],
		metadata: {},
		customer_id: customers[i % 2].id,
		referrer_id: null,
		created_at: iso(BASE + i * 60_000),
		updated_at: null,
		object: 'order',
	};
}

function buildCommerce(s: Store, n: ReturnType<typeof fixtureCounts>, cust1: Customer, custMany: Customer): void {
	for (let i = 0; i < n.customers - 2; i++) {
		const c = customer(`cust_gen${hexIndex(i + 1, 12)}`, `customer-gen-${i + 1}`, `Generated Customer ${i + 1}`);
		c.created_at = iso(BASE + (i + 1) * 60_000);
		s.addCustomer(c);
	}
	const headIndex = (key: string): number | undefined => {
		const byId = /^ord_([0-9a-f]{13})$/.exec(key);
		const bySource = /^order-(\d+)$/.exec(key);
		const n1 = byId ? parseInt(byId[1], 16) : bySource ? Number(bySource[1]) : 0;
		return n1 >= 1 ? n1 - 1 : undefined;
	};
	s.orders = new OrderBook(new GeneratedSeq(n.orders, (i) => generatedOrder(i, [cust1, custMany]), (i) => `ord_${hexIndex(i + 1, 13)}`), headIndex);
	newExport(s, 'customer', { fields: ['id', 'source_id', 'name', 'email'] }, 0, FIXTURES.exportId, 'fixture-export-token');
}
