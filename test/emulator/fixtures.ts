/**
 * Seed fixtures: stable, predictable ids (FIXTURES) and the default credentials. Big lists are generated from
 * their index on demand, so `seed: 100` (100,000+ member activity entries) costs nothing up front.
 */
import { ArraySeq, GeneratedSeq, hexIndex } from './envelopes';
import type { EmulatorCredentials } from './types';
import { newExport } from './routes/exports';
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
} from './state';

export const DEFAULT_CREDENTIALS: EmulatorCredentials = {
	appId: 'emulator-app-id',
	appToken: 'emulator-app-token',
	managementId: 'emulator-management-id',
	managementToken: 'emulator-management-token',
	projectId: 'proj_emulator',
	webhookSecret: 'emulator-webhook-secret',
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
	cardDefinitionDraft: 'lcdf_draft00000001',
	cardDefinitionActive: 'lcdf_active0000001',
	/** ACTIVE card definition whose pending points are disabled. */
	cardDefinitionPendingDisabled: 'lcdf_nopending00001',
	/** DRAFT, type POINT_BALANCE. */
	tierStructureDraft: 'ltst_draft00000001',
	/** DRAFT, type POINT_EARNED. */
	tierStructureDraftEarned: 'ltst_draftearned001',
	/** ACTIVE, type POINT_EARNED. */
	tierStructureActive: 'ltst_active0000001',
	/** v2 member of programActive, holding cardId and cardPendingPointsDisabled. */
	memberId: 'lmbr_0000000000001',
	/** v2 card (cardDefinitionActive) with 25 × seed future PENDING buckets (+3 past, +2 CANCELED, not listed). */
	cardId: 'lcrd_0000000000001',
	/** v2 card whose card definition has pending points disabled: the bucket list is empty. */
	cardPendingPointsDisabled: 'lcrd_0000000000002',
	productId: 'prod_0000000000001',
	productSourceId: 'product-1',
	product2Id: 'prod_0000000000002',
	skuId: 'sku_0000000000001',
	skuSourceId: 'sku-1',
	rewardId: 'rew_0000000000001',
	/** 12 rewards: rew_0000000000001 … rew_000000000000c. */
	rewardIds: Array.from({ length: 12 }, (_, i) => `rew_${hexIndex(i + 1, 13)}`),
	/** Reward already assigned to programActive. */
	programRewardId: 'rew_0000000000001',
	campaignTemplateId: 'camt_0000000000001',
	campaignTemplateGiftId: 'camt_0000000000002',
	categoryIds: ['cat_0000000000001', 'cat_0000000000002', 'cat_0000000000003'],
	customEventName: 'order_shipped',
	customEventSchemaIds: ['ms_0000000000001', 'ms_0000000000002', 'ms_0000000000003'],
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
		category_id: FIXTURES.categoryIds[0],
		category: 'Electronics',
		categories: [
			{ id: FIXTURES.categoryIds[0], name: 'Electronics', hierarchy: 1, object: 'category', created_at: iso(BASE), updated_at: null },
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
			discount: { type: 'AMOUNT', amount_off: 1000, amount_off_formula: null, aggregated_amount_limit: null, is_dynamic: false },
			gift: { amount: 0, balance: 0, subtracted_amount: 0 },
			loyalty_card: { points: 0, expiration_rules: { period_value: 12, rounding_value: 0, fixed_month: null, fixed_day: null } },
		},
		referral_program: {
			custom_event: { id: FIXTURES.customEventSchemaIds[0], name: FIXTURES.customEventName },
			referee_reward: { related_object_parent: { id: FIXTURES.rewardId, name: 'Reward 1', object: 'reward' }, amount: 100 },
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
	'redemption.succeeded',
	'voucher.published',
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
		code_config: { pattern: '##########', length: 10, charset: 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789', prefix: null, postfix: null },
		points_expiration: { rolling_expiration: { period: { value: 12 }, rounding: { value: 0 } } },
		pending_points: pending ? { period_based: { period: { value: 14 } } } : null,
		earning_limits: {
			global: { limits: [{ max: 10000, period: { type: 'CURRENT_PERIOD', current_period: {} }, points: { max: 10000 } }] },
			transactions: { limits: [{ max: 500, min_amount: 100 }] },
		},
		spending_limits: {
			global: { limits: [{ max: 5000, period: { type: 'CURRENT_PERIOD', current_period: {} }, points: { max: 5000 } }] },
			transactions: { limits: [{ type: 'POINTS', max: 1000 }] },
		},
		refunds: { spent_points: { methods: [{ type: 'RETURN_POINTS' }] }, earned_points: { methods: [] } },
		balance_settings: { allow_negative: false },
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
		card_definition_id: cardDef,
		point_earned: type === 'POINT_EARNED' ? { period: { value: 12 } } : null,
		expiration: { rolling_expiration: { period: { value: 12 } } },
		downgrade: { grace_period: { value: 30, round_up: false } },
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
		created_at: iso(BASE),
		object: 'project',
	});
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
		updated_at: i === 2 ? iso(BASE + DAY) : null,
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
		s.rewards.set(id, { id, name: `Reward ${i + 1}`, type: i % 2 ? 'COIN' : 'MATERIAL', created_at: now, object: 'reward' }));
	s.campaignTemplates.set(FIXTURES.campaignTemplateId, {
		id: FIXTURES.campaignTemplateId, name: 'Discount template', description: 'A 10% discount campaign', campaign_type: 'DISCOUNT_COUPONS', created_at: now, object: 'campaign_template',
		json_template: { name: 'Discount template', campaign_type: 'DISCOUNT_COUPONS', voucher: { type: 'DISCOUNT_VOUCHER', discount: { type: 'PERCENT', percent_off: 10 } } },
	});
	s.campaignTemplates.set(FIXTURES.campaignTemplateGiftId, {
		id: FIXTURES.campaignTemplateGiftId, name: 'Gift template', campaign_type: 'GIFT_VOUCHERS', created_at: now, updated_at: iso(BASE + DAY), object: 'campaign_template',
		json_template: { name: 'Gift template', campaign_type: 'GIFT_VOUCHERS', voucher: { type: 'GIFT_VOUCHER', gift: { amount: 5000 } } },
	});

	for (const cd of [
		cardDefinition(FIXTURES.cardDefinitionDraft, 'Draft card', 'DRAFT', true),
		cardDefinition(FIXTURES.cardDefinitionActive, 'Active card', 'ACTIVE', true),
		cardDefinition(FIXTURES.cardDefinitionPendingDisabled, 'Card without pending points', 'ACTIVE', false),
	]) s.cardDefinitions.set(cd.id, cd);
	for (const ts of [
		tierStructure(FIXTURES.tierStructureDraft, 'Draft tiers', 'POINT_BALANCE', 'DRAFT', FIXTURES.cardDefinitionDraft),
		tierStructure(FIXTURES.tierStructureDraftEarned, 'Draft earned tiers', 'POINT_EARNED', 'DRAFT', FIXTURES.cardDefinitionDraft),
		tierStructure(FIXTURES.tierStructureActive, 'Active tiers', 'POINT_EARNED', 'ACTIVE', FIXTURES.cardDefinitionActive),
	]) s.tierStructures.set(ts.id, ts);
	for (const [id, name, status] of [
		[FIXTURES.programDraft, 'Draft program', 'DRAFT'],
		[FIXTURES.programActive, 'Active program', 'ACTIVE'],
		[FIXTURES.programInactive, 'Inactive program', 'INACTIVE'],
	] as const) {
		s.programs.set(id, { id, name, status, start_date: status === 'DRAFT' ? null : iso(BASE), end_date: null, metadata: { fixture: true }, created_at: now, updated_at: null, object: 'program' });
		s.programRewards.set(id, new Map());
	}
	buildCommerce(s, n, cust1, custMany);
	s.programRewards.get(FIXTURES.programActive)!.set(FIXTURES.programRewardId, {
		reward_id: FIXTURES.programRewardId,
		costs: [{ rules: {}, spending: [{ points: 100, card_definition_id: FIXTURES.cardDefinitionActive }] }],
		stock: 50,
		redeemed: 3,
		created_at: now,
		object: 'program_reward',
	});
	s.members.set(FIXTURES.memberId, { id: FIXTURES.memberId, program_id: FIXTURES.programActive, customer_id: cust1.id });
	s.cards.set(FIXTURES.cardId, { id: FIXTURES.cardId, member_id: FIXTURES.memberId, program_id: FIXTURES.programActive, card_definition_id: FIXTURES.cardDefinitionActive, type: 'INDIVIDUAL' });
	s.cards.set(FIXTURES.cardPendingPointsDisabled, { id: FIXTURES.cardPendingPointsDisabled, member_id: FIXTURES.memberId, program_id: FIXTURES.programActive, card_definition_id: FIXTURES.cardDefinitionPendingDisabled, type: 'INDIVIDUAL' });
	s.buckets.set(FIXTURES.cardId, buckets(FIXTURES.cardId, FIXTURES.cardDefinitionActive, n.buckets));
	s.buckets.set(FIXTURES.cardPendingPointsDisabled, buckets(FIXTURES.cardPendingPointsDisabled, FIXTURES.cardDefinitionPendingDisabled, 4));
	return s;
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
