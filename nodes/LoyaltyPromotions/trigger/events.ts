import type { INodePropertyOptions } from 'n8n-workflow';

/**
 * The webhook event catalog of the Loyalty and Promotions Service.
 *
 * This module is the single source of truth for event kinds: the trigger's
 * Events parameter, the Webhook resource's event selectors, the README and the
 * tests all read from it. Identifiers are exact, including the service's
 * `aded` spellings (e.g. `voucher.loyalty_card.points_aded`); deliveries and
 * listings may spell those kinds `added`, which canonicalKind() maps back.
 */
export const EVENT_FAMILIES = {
	'Business Validation Rules': [
		'business_validation_rule.assignment.created',
		'business_validation_rule.assignment.deleted',
		'business_validation_rule.created',
		'business_validation_rule.deleted',
		'business_validation_rule.updated',
	],
	Campaigns: [
		'campaign.created',
		'campaign.deleted',
		'campaign.disabled',
		'campaign.enabled',
		'campaign.updated',
		'campaign.vouchers.aded',
		'campaign.vouchers.generation.completed',
		'campaign.vouchers.generation.failed',
		'campaign.vouchers.generation.started',
	],
	'Campaign Earning Rules': [
		'campaign.earning_rule.assigned',
		'campaign.earning_rule.deleted',
		'campaign.earning_rule.disabled',
		'campaign.earning_rule.enabled',
		'campaign.earning_rule.updated',
	],
	'Campaign Tiers and Stacks': [
		'campaign.loyalty_tier.created',
		'campaign.loyalty_tier.deleted',
		'campaign.loyalty_tier.updated',
		'campaign.promotion_stack.created',
		'campaign.promotion_stack.updated',
		'campaign.promotion_tier.created',
		'campaign.promotion_tier.deleted',
		'campaign.promotion_tier.disabled',
		'campaign.promotion_tier.enabled',
		'campaign.promotion_tier.updated',
		'campaign.referral_tier.created',
		'campaign.referral_tier.deleted',
		'campaign.referral_tier.updated',
	],
	'Campaign Reward Assignments': [
		'campaign.reward.assignment.created',
		'campaign.reward.assignment.deleted',
		'campaign.reward.assignment.updated',
	],
	Customers: [
		'customer.confirmed',
		'customer.created',
		'customer.deleted',
		'customer.rewarded',
		'customer.rewarded.loyalty_points',
	],
	'Publications and Redemptions': [
		'publication.succeeded',
		'redemption.failed',
		'redemption.rollback.failed',
		'redemption.rollback.succeeded',
		'redemption.succeeded',
	],
	Vouchers: [
		'voucher.created',
		'voucher.deleted',
		'voucher.disabled',
		'voucher.enabled',
		'voucher.published',
		'voucher.updated',
		'voucher.gift.balance_aded',
		'voucher.gift.transaction.created',
	],
	'Loyalty Cards': [
		'voucher.loyalty_card.pending_points.activated',
		'voucher.loyalty_card.pending_points.aded',
		'voucher.loyalty_card.pending_points.canceled',
		'voucher.loyalty_card.pending_points.updated',
		'voucher.loyalty_card.points_aded',
		'voucher.loyalty_card.points_expired',
		'voucher.loyalty_card.transaction.created',
	],
} as const satisfies Record<string, readonly string[]>;

export type EventFamily = keyof typeof EVENT_FAMILIES;
export type EventKind = (typeof EVENT_FAMILIES)[EventFamily][number];

/** All 60 event kinds, in catalog (family) order. */
export const EVENT_KINDS: string[] = Object.values(EVENT_FAMILIES).flat();

/** Sentinel value of the "All Events" choice; expands to EVENT_KINDS. */
export const ALL_EVENTS = '*';

const EVENT_KIND_SET: ReadonlySet<string> = new Set(EVENT_KINDS);

export function isEventKind(value: unknown): value is EventKind {
	return typeof value === 'string' && EVENT_KIND_SET.has(value);
}

/** Family a kind belongs to, or undefined for an unknown kind. */
export function familyOf(kind: string): EventFamily | undefined {
	for (const [family, kinds] of Object.entries(EVENT_FAMILIES)) {
		if ((kinds as readonly string[]).includes(kind)) return family as EventFamily;
	}
	return undefined;
}

/** Short, singular prefix used in labels, per family. */
const FAMILY_LABEL: Record<EventFamily, (kind: string) => string> = {
	'Business Validation Rules': () => 'Business Validation Rule',
	Campaigns: () => 'Campaign',
	'Campaign Earning Rules': () => 'Campaign Earning Rule',
	'Campaign Tiers and Stacks': (kind) => {
		if (kind.startsWith('campaign.loyalty_tier.')) return 'Campaign Loyalty Tier';
		if (kind.startsWith('campaign.promotion_stack.')) return 'Campaign Promotion Stack';
		if (kind.startsWith('campaign.promotion_tier.')) return 'Campaign Promotion Tier';
		return 'Campaign Referral Tier';
	},
	'Campaign Reward Assignments': () => 'Campaign Reward Assignment',
	Customers: () => 'Customer',
	'Publications and Redemptions': (kind) =>
		kind.startsWith('publication.') ? 'Publication' : 'Redemption',
	Vouchers: (kind) => (kind.startsWith('voucher.gift.') ? 'Gift Voucher' : 'Voucher'),
	'Loyalty Cards': () => 'Loyalty Card',
};

/** Prefixes stripped from the identifier before building the action part of the label. */
const STRIP_PREFIXES = [
	'business_validation_rule.',
	'campaign.earning_rule.',
	'campaign.loyalty_tier.',
	'campaign.promotion_stack.',
	'campaign.promotion_tier.',
	'campaign.referral_tier.',
	'campaign.reward.assignment.',
	'campaign.',
	'customer.',
	'publication.',
	'redemption.',
	'voucher.gift.',
	'voucher.loyalty_card.',
	'voucher.',
];

function titleCase(word: string): string {
	return word.length === 0 ? word : word[0].toUpperCase() + word.slice(1);
}

function humanizeAction(rest: string): string {
	return rest
		.split(/[._]/)
		.filter((w) => w.length > 0)
		.map((w) => (w === 'aded' ? 'Added' : titleCase(w)))
		.join(' ');
}

/** Readable label for a kind, e.g. "Loyalty Card: Points Added" for voucher.loyalty_card.points_aded. */
export function eventLabel(kind: string): string {
	const family = familyOf(kind);
	if (!family) return kind;
	const subject = FAMILY_LABEL[family](kind);
	const prefix = STRIP_PREFIXES.find((p) => kind.startsWith(p)) ?? '';
	let action = humanizeAction(kind.slice(prefix.length));
	if (kind.startsWith('business_validation_rule.assignment.')) {
		action = humanizeAction(kind.slice('business_validation_rule.'.length));
	}
	return `${subject}: ${action}`;
}

/**
 * An option's name: the label, then the identifier the service's management API and dashboard use, e.g.
 * "Customer: Created (customer.created)". n8n's select filters options by name only, so this is what lets a user
 * type the service's own key; the option's value stays the bare identifier that workflows store.
 */
export function eventOptionName(kind: string): string {
	return `${eventLabel(kind)} (${kind})`;
}

/**
 * The nodes panel's name for the trigger started by one kind, e.g. "On loyalty card points added". Without it n8n
 * makes one from the option's name, key included ("On customer created customer created").
 */
export function eventAction(kind: string): string {
	return `On ${eventLabel(kind).replace(':', '').toLowerCase()}`;
}

/**
 * Options for a multiOptions Events parameter: the 60 kinds, sorted by name.
 * With `{ includeAll: true }` an "All Events" choice (value ALL_EVENTS) comes
 * first; callers sending events to the service must pass the selection
 * through expandEvents(). Only the kinds delivered with another spelling have a
 * description (the name already says what the event is).
 */
export function eventOptions(opts: { includeAll?: boolean } = {}): INodePropertyOptions[] {
	const options: INodePropertyOptions[] = EVENT_KINDS.map((kind) => ({
		name: eventOptionName(kind),
		value: kind,
		action: eventAction(kind),
		...(ADDED_SPELLINGS[kind] ? { description: `Delivered with the type ${ADDED_SPELLINGS[kind]}` } : {}),
	}));
	options.sort((a, b) => a.name.localeCompare(b.name));
	if (opts.includeAll) {
		options.unshift({
			name: '[All Events]',
			value: ALL_EVENTS,
			action: 'On any event',
			description: `Every one of the ${EVENT_KINDS.length} kinds`,
		});
	}
	return options;
}

/**
 * Expands a selection to a sorted, de-duplicated list of event kinds. The
 * ALL_EVENTS sentinel expands to all 60 kinds; an empty selection stays empty.
 * Unknown values are kept (the service decides), so nothing the user typed is
 * silently dropped.
 */
export function expandEvents(selected: string | string[] | undefined | null): string[] {
	const list = selected === undefined || selected === null ? [] : Array.isArray(selected) ? selected : [selected];
	if (list.includes(ALL_EVENTS)) return [...EVENT_KINDS].sort();
	return [...new Set(list.filter((e) => typeof e === 'string' && e.length > 0))].sort();
}

/** Whether `kind` (either spelling) is included by an (expanded or not) selection. */
export function matchesEvents(selected: string[], kind: string): boolean {
	return selected.includes(ALL_EVENTS) || selected.includes(canonicalKind(kind));
}

/**
 * The service subscribes with the `aded` identifiers of the catalog, but its published delivery types and its
 * webhook listings spell the same kinds `added` (e.g. `voucher.loyalty_card.points_added`). Both spellings are
 * one kind: this maps the `added` spelling of a catalog kind to the catalog identifier and leaves any other
 * value as it is.
 */
export function canonicalKind(kind: string): string {
	if (!kind.endsWith('added')) return kind;
	const catalogSpelling = `${kind.slice(0, -'added'.length)}aded`;
	return EVENT_KIND_SET.has(catalogSpelling) ? catalogSpelling : kind;
}

/** The `added` spelling of each catalog kind spelled `aded` (derived from the catalog). */
export const ADDED_SPELLINGS: Readonly<Record<string, string>> = Object.fromEntries(
	EVENT_KINDS.filter((kind) => kind.endsWith('aded')).map((kind) => [kind, `${kind.slice(0, -'aded'.length)}added`]),
);
