import { readFileSync } from 'fs';
import { join } from 'path';
import {
	ADDED_SPELLINGS,
	ALL_EVENTS,
	canonicalKind,
	EVENT_FAMILIES,
	EVENT_KINDS,
	eventLabel,
	eventOptionName,
	eventOptions,
	expandEvents,
	familyOf,
	isEventKind,
	matchesEvents,
} from '../../nodes/LoyaltyPromotions/trigger/events';
import { ADDED_SPELLINGS as EMULATOR_ADDED_SPELLINGS, EVENT_KINDS as EMULATOR_EVENT_KINDS } from '../emulator/index.cjs';

/** The identifiers as SERVICE_API.md lists them (Events section), read from the spec beside the project when present. */
function specKinds(): string[] | undefined {
	try {
		const spec = readFileSync(join(__dirname, '..', '..', '..', 'shared', 'SERVICE_API.md'), 'utf8');
		const section = spec.split('## Events')[1]?.split('\nRules:')[0] ?? '';
		return [...section.matchAll(/`([a-z_]+\.[a-z_.]+)`/g)].map((m) => m[1]);
	} catch {
		return undefined;
	}
}

describe('event catalog', () => {
	it('has the 60 kinds, unique, in nine families', () => {
		expect(EVENT_KINDS).toHaveLength(60);
		expect(new Set(EVENT_KINDS).size).toBe(60);
		expect(Object.keys(EVENT_FAMILIES)).toHaveLength(9);
		expect(Object.values(EVENT_FAMILIES).flat()).toEqual(EVENT_KINDS);
	});

	it('keeps the service spellings, including the aded ones', () => {
		for (const kind of [
			'campaign.vouchers.aded',
			'voucher.gift.balance_aded',
			'voucher.loyalty_card.pending_points.aded',
			'voucher.loyalty_card.points_aded',
		]) {
			expect(EVENT_KINDS).toContain(kind);
		}
		expect(EVENT_KINDS.filter((k) => k.includes('added'))).toEqual([]);
	});

	it('matches the spec and the emulator', () => {
		const fromSpec = specKinds();
		if (fromSpec) expect([...fromSpec].sort()).toEqual([...EVENT_KINDS].sort());
		expect([...EMULATOR_EVENT_KINDS].sort()).toEqual([...EVENT_KINDS].sort());
	});

	it('finds the family of a kind', () => {
		expect(familyOf('voucher.loyalty_card.points_aded')).toBe('Loyalty Cards');
		expect(familyOf('voucher.gift.balance_aded')).toBe('Vouchers');
		expect(familyOf('campaign.referral_tier.updated')).toBe('Campaign Tiers and Stacks');
		expect(familyOf('nope')).toBeUndefined();
		expect(isEventKind('customer.rewarded.loyalty_points')).toBe(true);
		expect(isEventKind('customer.rewarded.loyalty_point')).toBe(false);
	});

	it('labels readably, and names each option with the label and the identifier the service uses', () => {
		expect(eventLabel('voucher.loyalty_card.points_aded')).toBe('Loyalty Card: Points Added');
		expect(eventLabel('campaign.vouchers.aded')).toBe('Campaign: Vouchers Added');
		expect(eventLabel('business_validation_rule.assignment.created')).toBe('Business Validation Rule: Assignment Created');
		expect(eventLabel('voucher.gift.balance_aded')).toBe('Gift Voucher: Balance Added');
		for (const kind of EVENT_KINDS) expect(eventLabel(kind)).toMatch(/^[A-Z][A-Za-z ]+: [A-Z][A-Za-z ]+$/);
		expect(eventOptionName('customer.created')).toBe('Customer: Created (customer.created)');
		const names = eventOptions().map((option) => option.name);
		expect(new Set(names).size).toBe(names.length);
		// the stored values stay the bare identifiers, as existing workflows have them
		for (const option of eventOptions()) expect(option.name).toBe(`${eventLabel(String(option.value))} (${option.value})`);
		// the kinds delivered with the `added` spelling say so
		expect(eventOptions().find((o) => o.value === 'voucher.loyalty_card.points_aded')?.description).toBe(
			'Delivered with the type voucher.loyalty_card.points_added',
		);
	});

	/** What n8n's select keeps when the user types `typed`: the options whose name contains it, ignoring case. */
	const filterByName = (typed: string) =>
		eventOptions({ includeAll: true }).filter((o) => o.name.toLowerCase().includes(typed.toLowerCase()));

	it("finds an option by the service's own key as typed in Events, in the management API's spelling", () => {
		expect(filterByName('customer.created').map((o) => o.value)).toEqual(['customer.created']);
		expect(filterByName('voucher.loyalty_card.points_aded').map((o) => o.value)).toEqual(['voucher.loyalty_card.points_aded']);
		for (const kind of EVENT_KINDS) expect(filterByName(kind).map((o) => o.value)).toContain(kind);
		// by the words too
		expect(filterByName('card: points added').map((o) => o.value)).toEqual(['voucher.loyalty_card.points_aded']);
	});

	it('gives the 60 options sorted by name, with All Events only when asked', () => {
		const options = eventOptions();
		expect(options).toHaveLength(60);
		expect(options.map((o) => o.value).sort()).toEqual([...EVENT_KINDS].sort());
		const names = options.map((o) => o.name);
		expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b)));
		expect(new Set(names).size).toBe(60);

		const withAll = eventOptions({ includeAll: true });
		expect(withAll).toHaveLength(61);
		expect(withAll[0]).toMatchObject({ name: '[All Events]', value: ALL_EVENTS });
		expect(withAll.slice(1)).toEqual(options);
	});

	it('expands a selection', () => {
		expect(expandEvents([ALL_EVENTS])).toEqual([...EVENT_KINDS].sort());
		expect(expandEvents(['customer.created', ALL_EVENTS])).toHaveLength(60);
		expect(expandEvents(['redemption.failed', 'customer.created', 'customer.created'])).toEqual([
			'customer.created',
			'redemption.failed',
		]);
		expect(expandEvents('customer.created')).toEqual(['customer.created']);
		expect(expandEvents([])).toEqual([]);
		expect(expandEvents(undefined)).toEqual([]);
	});

	it('treats the `added` spellings of the four `aded` kinds as those kinds', () => {
		expect(ADDED_SPELLINGS).toEqual({
			'campaign.vouchers.aded': 'campaign.vouchers.added',
			'voucher.gift.balance_aded': 'voucher.gift.balance_added',
			'voucher.loyalty_card.pending_points.aded': 'voucher.loyalty_card.pending_points.added',
			'voucher.loyalty_card.points_aded': 'voucher.loyalty_card.points_added',
		});
		// The emulator (the service's model) lists the same pairs, the other way round.
		expect(Object.fromEntries(Object.entries(EMULATOR_ADDED_SPELLINGS).map(([added, aded]) => [aded, added]))).toEqual(ADDED_SPELLINGS);
		for (const [aded, added] of Object.entries(ADDED_SPELLINGS)) {
			expect(canonicalKind(added)).toBe(aded);
			expect(canonicalKind(aded)).toBe(aded);
			expect(matchesEvents([aded], added)).toBe(true);
			expect(matchesEvents([ALL_EVENTS], added)).toBe(true);
			expect(matchesEvents(['customer.created'], added)).toBe(false);
		}
		expect(canonicalKind('customer.created')).toBe('customer.created');
		expect(canonicalKind('something.added')).toBe('something.added');
	});
});
