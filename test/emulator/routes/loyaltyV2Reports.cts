/**
 * The v2 loyalty reports (auth B), computed from the emulator's state: a program's earning rule, points
 * earnings, spending and tier reports (daily over a date range, or all-time summaries), and a member's daily
 * reports of a card and of an earning rule. The service's rules: daily reports need `start_date` and
 * `end_date` (YYYY-MM-DD, the end after the start) and a `resolution` whose range is bounded (day: 90 days,
 * week: 12 weeks, month: 12 months, quarter: 4 quarters); filters are `filters[<field>][conditions][$is|$is_not|
 * $in|$not_in]` on the report's own ID fields; the answer is `{ object: 'report', data }`, whole (only the tiers
 * summary takes `limit` and `order`).
 *
 * What the state holds stands for the events the service counts: benefit transactions of an earning rule are its
 * successful evaluations (REJECTED ones its failures) and, for points benefits, its points earnings; reward
 * purchases and order payments are spending; tier transactions are tier movements; card transactions,
 * purchases, refunds and payments make the card's daily points.
 */
import { createHash } from 'crypto';
import { invalidParam, notFound } from '../errors.cjs';
import { type Ctx, ok, type Router } from '../router.cjs';
import type { Card, Member, Store } from '../state.cjs';
import { type Json, parseEnumParam, parseLimit } from '../validate.cjs';
import { findMember, findProgram } from './loyaltyV2Members.cjs';

const CARD_ID = /^lcrd_[a-f0-9]+$/;
const EARNING_RULE_ID = /^lern_[a-f0-9]+$/;
const DATE = /^\d{4}-\d{2}-\d{2}$/;
const DAY_MS = 86_400_000;
const RESOLUTIONS = ['day', 'week', 'month', 'quarter'] as const;
type Resolution = (typeof RESOLUTIONS)[number];

/** One counted event: its day, the report's dimensions (IDs) and what it adds. */
interface Fact {
	date: string;
	dims: Record<string, string | null>;
	counts: Record<string, number>;
}

interface Range {
	start: string;
	end: string;
	resolution: Resolution;
}

const utc = (date: string) => Date.parse(`${date}T00:00:00Z`);
const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);

function readDate(query: Record<string, string>, name: string): string {
	const raw = query[name];
	if (raw === undefined || raw === '') throw invalidParam(`Query parameter ${name} is required`);
	if (!DATE.test(raw) || Number.isNaN(utc(raw)) || day(utc(raw)) !== raw) throw invalidParam(`Query parameter ${name} must be a date in YYYY-MM-DD format (got ${raw})`);
	return raw;
}

function addMonths(date: string, months: number): number {
	const [year, month, dayOfMonth] = date.split('-').map(Number);
	const last = new Date(Date.UTC(year, month - 1 + months + 1, 0)).getUTCDate();
	return Date.UTC(year, month - 1 + months, Math.min(dayOfMonth, last));
}

/** The daily reports' range: both dates, the end after the start, within the resolution's bound. */
function readRange(query: Record<string, string>): Range {
	const start = readDate(query, 'start_date');
	const end = readDate(query, 'end_date');
	const resolution = parseEnumParam(query, 'resolution', RESOLUTIONS);
	if (!resolution) throw invalidParam('Query parameter resolution is required');
	if (utc(end) <= utc(start)) throw invalidParam(`Query parameter end_date must be after start_date (got ${start} to ${end})`);
	const bound = { day: utc(start) + 90 * DAY_MS, week: utc(start) + 84 * DAY_MS, month: addMonths(start, 12), quarter: addMonths(start, 12) }[resolution];
	if (utc(end) > bound) throw invalidParam(`The date range ${start} to ${end} is too long for resolution ${resolution}`);
	return { start, end, resolution };
}

/** The first day of the period holding `date`: the day, its week's Monday, its month's or quarter's first day. */
function periodOf(date: string, resolution: Resolution): string {
	const [year, month] = date.split('-').map(Number);
	switch (resolution) {
		case 'day':
			return date;
		case 'week': {
			const ms = utc(date);
			return day(ms - ((new Date(ms).getUTCDay() + 6) % 7) * DAY_MS);
		}
		case 'month':
			return `${date.slice(0, 7)}-01`;
		case 'quarter':
			return `${year}-${String(month - ((month - 1) % 3)).padStart(2, '0')}-01`;
	}
}

/** Every period of the range, in order. */
function periods({ start, end, resolution }: Range): string[] {
	const all = new Set<string>();
	for (let ms = utc(start); ms <= utc(end); ms += DAY_MS) all.add(periodOf(day(ms), resolution));
	return [...all];
}

const inRange = (fact: Fact, { start, end }: Range) => fact.date >= start && fact.date <= end;

// ---- Filters ----

const FILTER = /^filters\[(\w+)\]\[conditions\]\[\$(\w+)\]$/;

/** The facts a report's filters keep: `fields` are the report's filterable IDs and their patterns. */
function filtered(query: Record<string, string>, facts: Fact[], fields: Record<string, RegExp>): Fact[] {
	const tests = Object.entries(query).flatMap(([param, raw]) => {
		if (param === 'filters[junction]') return [];
		if (!param.startsWith('filters[')) return [];
		const match = FILTER.exec(param);
		if (!match || !(match[1] in fields)) throw invalidParam(`Query parameter ${param} is not a filter of this report`);
		const [, field, op] = match;
		const values = raw.split(',').filter(Boolean);
		if (values.length === 0 || values.some((value) => !fields[field].test(value))) throw invalidParam(`Query parameter ${param} must match ${fields[field].source} (got ${raw})`);
		if ((op === 'is' || op === 'is_not') && values.length > 1) throw invalidParam(`Query parameter ${param} takes one value`);
		const has = (fact: Fact) => values.includes(String(fact.dims[field]));
		if (op === 'is' || op === 'in') return [has];
		if (op === 'is_not' || op === 'not_in') return [(fact: Fact) => !has(fact)];
		throw invalidParam(`Query parameter ${param}: condition $${op} is not supported`);
	});
	return facts.filter((fact) => tests.every((test) => test(fact)));
}

// ---- Aggregation ----

function sum(facts: Fact[], fields: readonly string[]): Record<string, number> {
	const totals = Object.fromEntries(fields.map((field) => [field, 0]));
	for (const fact of facts) for (const [field, value] of Object.entries(fact.counts)) if (field in totals) totals[field] += value;
	return totals;
}

/** Facts grouped by their dimensions (and period, for a daily report), in a stable order. */
function grouped(facts: Fact[], periodKey?: (fact: Fact) => string): Map<string, Fact[]> {
	const groups = new Map<string, Fact[]>();
	for (const fact of facts) {
		const key = JSON.stringify([periodKey?.(fact) ?? '', fact.dims]);
		groups.set(key, [...(groups.get(key) ?? []), fact]);
	}
	return new Map([...groups.entries()].sort(([a], [b]) => a.localeCompare(b)));
}

/** The report of a program: daily (per period and dimensions) or summary (per dimensions, with a row id). */
function programReport(query: Record<string, string>, facts: Fact[], spec: ReportSpec, daily: boolean): Json {
	const kept = filtered(query, facts, spec.filters);
	if (daily) {
		const range = readRange(query);
		const rows = [...grouped(kept.filter((fact) => inRange(fact, range)), (fact) => periodOf(fact.date, range.resolution)).entries()].map(([key, group]) => ({
			date: (JSON.parse(key) as [string])[0],
			...group[0].dims,
			...sum(group, spec.counts),
			...spec.extra?.(group),
			object: `${spec.object}_daily_report`,
		}));
		return { data: rows, object: 'report' };
	}
	let rows: Json[] = [...grouped(kept).values()].map((group) => ({
		id: `${spec.idPrefix}${createHash('sha1').update(JSON.stringify(group[0].dims)).digest('hex').slice(0, 18)}`,
		...group[0].dims,
		...sum(group, spec.counts),
		...spec.extra?.(group),
		object: `${spec.object}_summary_report`,
	}));
	if (spec.capped) {
		const limit = parseLimit(query, 100);
		const order = parseEnumParam(query, 'order', ['id', '-id'], '-id');
		rows = rows.sort((a, b) => String(a.id).localeCompare(String(b.id)) * (order === 'id' ? 1 : -1)).slice(0, limit);
	}
	return { data: rows, object: 'report' };
}

interface ReportSpec {
	/** The entries' object prefix, e.g. program_tiers → program_tiers_daily_report. */
	object: string;
	idPrefix: string;
	counts: readonly string[];
	filters: Record<string, RegExp>;
	extra?: (facts: Fact[]) => Json;
	capped?: boolean;
	facts: (store: Store, programId: string) => Fact[];
}

// ---- The state as facts ----

const dateOf = (row: Json) => String(row.created_at ?? '').slice(0, 10);

function programMembers(store: Store, programId: string): Member[] {
	return [...store.members.values()].filter((member) => member.program_id === programId);
}

function rowsOf(map: Map<string, Json[]>, members: Member[], programId: string): Json[] {
	return members.flatMap((member) => map.get(member.id) ?? []).filter((row) => row.program_id === undefined || row.program_id === programId);
}

/** The points a benefit transaction gave, and the card definition they went to (points benefits only). */
function benefitPoints(store: Store, tx: Json): { points: number; cardDefinitionId: string } | undefined {
	const benefit = store.benefits.get(String(tx.benefit_id));
	const points = benefit?.points as Json | null | undefined;
	if (benefit?.type !== 'POINTS' || !points) return undefined;
	return { points: Number(points.value ?? 0), cardDefinitionId: String(points.card_definition_id) };
}

/** Reward purchases and order payments: the points spent, by the paying card's definition. */
function spendingFacts(store: Store, programId: string): Fact[] {
	const members = programMembers(store, programId);
	const definition = (cardId: unknown) => store.cards.get(String(cardId))?.card_definition_id ?? null;
	const purchases = rowsOf(store.rewardTransactions, members, programId)
		.filter((tx) => tx.type === 'PURCHASE' && tx.status === 'APPROVED')
		.map((tx) => {
			const points = Number(((tx.details as Json).points as Json).total ?? 0);
			return { date: dateOf(tx), dims: { card_definition_id: definition(tx.card_id) }, counts: { success: 1, success_on_reward: 1, points, points_on_rewards: points } };
		});
	const payments = rowsOf(store.orderTransactions, members, programId)
		.filter((tx) => tx.status === 'APPROVED')
		.map((tx) => {
			const payment = (tx.details as Json).payment as Json;
			const points = Number(payment.points_spent ?? 0);
			return { date: dateOf(tx), dims: { card_definition_id: definition(tx.card_id) }, counts: { success: 1, success_on_order: 1, points, points_on_order: points, amount_on_order: Number(payment.amount ?? 0) } };
		});
	return [...purchases, ...payments];
}

/** The earning rules' benefit transactions: successes (APPROVED) and failures (REJECTED). */
function earningRuleFacts(store: Store, programId: string): Fact[] {
	return rowsOf(store.benefitTransactions, programMembers(store, programId), programId)
		.filter((tx) => typeof tx.earning_rule_id === 'string' && (tx.status === 'APPROVED' || tx.status === 'REJECTED'))
		.map((tx): Fact => ({ date: dateOf(tx), dims: { earning_rule_id: String(tx.earning_rule_id) }, counts: { [tx.status === 'APPROVED' ? 'success_count' : 'failures_count']: 1 } }));
}

/** The points the earning rules gave through points benefits, per rule, benefit (the earning item) and card definition. */
function pointsEarningFacts(store: Store, programId: string): Fact[] {
	return rowsOf(store.benefitTransactions, programMembers(store, programId), programId).flatMap((tx) => {
		const given = tx.status === 'APPROVED' && typeof tx.earning_rule_id === 'string' ? benefitPoints(store, tx) : undefined;
		if (!given) return [];
		const dims = { earning_rule_id: String(tx.earning_rule_id), earning_item_id: String(tx.benefit_id), card_definition_id: given.cardDefinitionId };
		return [{ date: dateOf(tx), dims, counts: { success_count: 1, points: given.points, pending_points: 0 } }];
	});
}

const TIER_MOVES: Record<string, string> = { JOINED: 'joins', UPGRADED: 'upgrades', DOWNGRADED: 'downgrades', LEFT: 'lefts', PROLONGED: 'prolongs' };

/** Tier transactions: each counts once in its tier (the tier moved into; the tier left for LEFT). */
function tierFacts(store: Store, programId: string): Fact[] {
	return rowsOf(store.tierTransactions, programMembers(store, programId), programId)
		.filter((tx) => tx.status === 'APPROVED' && String(tx.type) in TIER_MOVES)
		.map((tx) => ({ date: dateOf(tx), dims: { tier_structure_id: String(tx.tier_structure_id), tier_id: String(tx.tier_id) }, counts: { [TIER_MOVES[String(tx.type)]]: 1 } }));
}

const PROGRAM_REPORTS: Record<string, ReportSpec> = {
	'earning-rules': {
		object: 'program_earning_rules',
		idPrefix: 'lpers_',
		counts: ['success_count', 'failures_count'],
		filters: { earning_rule_id: EARNING_RULE_ID },
		// The emulator records no reasons for failures: the breakdown is the service's default.
		extra: () => ({ failures_breakdown: {} }),
		facts: earningRuleFacts,
	},
	'points-earnings': {
		object: 'program_points_earnings',
		idPrefix: 'lppes_',
		counts: ['success_count', 'points', 'pending_points'],
		filters: { earning_rule_id: EARNING_RULE_ID, card_definition_id: /^lcdef_[a-f0-9]+$/ },
		facts: pointsEarningFacts,
	},
	spending: {
		object: 'spending',
		idPrefix: 'lpsps_',
		counts: ['success', 'success_on_reward', 'success_on_order', 'points', 'points_on_rewards', 'points_on_order', 'amount_on_order'],
		filters: { card_definition_id: /^lcdef_[a-f0-9]+$/ },
		facts: spendingFacts,
	},
	tiers: {
		object: 'program_tiers',
		idPrefix: 'lptrs_',
		counts: ['joins', 'upgrades', 'downgrades', 'lefts', 'prolongs'],
		filters: { tier_structure_id: /^lts_[a-f0-9]+$/, tier_id: /^lt_[a-f0-9]+$/ },
		capped: true,
		facts: tierFacts,
	},
};

// ---- Member reports ----

const CARD_COUNTS = [
	'points_total', 'points_earned', 'points_added', 'points_purchased', 'points_purchased_reversed', 'points_subtracted', 'points_expired', 'points_spent',
	'points_refunded', 'points_returned', 'points_locked', 'points_unlocked', 'pending_points_total', 'pending_points_activated', 'pending_points_canceled',
] as const;

/** A card's points events: its card transactions, the member's purchases, refunds and payments with it, and points benefits to its definition. */
function cardFacts(store: Store, member: Member, card: Card): Fact[] {
	const points = (tx: Json) => Number(((tx.details as Json)?.points as Json | undefined)?.total ?? 0);
	const fact = (tx: Json, counts: Record<string, number>): Fact => ({ date: dateOf(tx), dims: {}, counts });
	const own = (store.cardTransactions.get(card.id) ?? []).filter((tx) => tx.status === 'APPROVED').flatMap((tx) => {
		const total = points(tx);
		switch (tx.type) {
			case 'ADMIN_CREDIT':
				return [fact(tx, { points_added: total, points_total: total })];
			case 'ADMIN_DEBIT':
				return [fact(tx, { points_subtracted: -total, points_total: total })];
			case 'ADMIN_POINTS_EXPIRATION':
				return [fact(tx, { points_expired: -total, points_total: total })];
			case 'PENDING_POINTS_ACTIVATED':
				return [fact(tx, { pending_points_activated: total, points_total: total, pending_points_total: -total })];
			case 'PENDING_POINTS_CANCELED':
				return [fact(tx, { pending_points_canceled: total, pending_points_total: -total })];
			default:
				return [];
		}
	});
	const rewards = (store.rewardTransactions.get(member.id) ?? [])
		.filter((tx) => tx.card_id === card.id && tx.status === 'APPROVED')
		.map((tx) => (tx.type === 'REFUND' ? fact(tx, { points_refunded: points(tx), points_total: points(tx) }) : fact(tx, { points_spent: points(tx), points_total: -points(tx) })));
	const payments = (store.orderTransactions.get(member.id) ?? [])
		.filter((tx) => tx.card_id === card.id && tx.status === 'APPROVED')
		.map((tx) => {
			const spent = Number(((tx.details as Json).payment as Json).points_spent ?? 0);
			return fact(tx, { points_spent: spent, points_total: -spent });
		});
	const earned = (store.benefitTransactions.get(member.id) ?? []).flatMap((tx) => {
		const given = tx.status === 'APPROVED' ? benefitPoints(store, tx) : undefined;
		return given && given.cardDefinitionId === card.card_definition_id ? [fact(tx, { points_earned: given.points, points_total: given.points })] : [];
	});
	return [...own, ...rewards, ...payments, ...earned];
}

/** A member's daily report: one entry per period of the range, zeros where nothing happened. */
function memberDaily(query: Record<string, string>, facts: Fact[], counts: readonly string[], object: string): Json {
	const range = readRange(query);
	const kept = facts.filter((fact) => inRange(fact, range));
	const data = periods(range).map((date) => ({ date, ...sum(kept.filter((fact) => periodOf(fact.date, range.resolution) === date), counts), object }));
	return { data, object: 'report' };
}

function findCard(ctx: Ctx): { member: Member; card: Card } {
	const member = findMember(ctx);
	const id = ctx.params.cardId;
	if (!CARD_ID.test(id)) throw invalidParam(`Path parameter cardId must match ${CARD_ID.source} (got ${id})`);
	const card = ctx.env.store.cards.get(id);
	if (!card || card.member_id !== member.id) throw notFound('card', id);
	return { member, card };
}

const P = '/v2/loyalties/programs/{programId}';

export function register(r: Router): void {
	for (const [segment, spec] of Object.entries(PROGRAM_REPORTS)) {
		for (const daily of [true, false]) {
			r.get(`${P}/reports/${segment}/${daily ? 'daily' : 'summary'}`, 'B', (ctx) => {
				const program = findProgram(ctx);
				return ok(programReport(ctx.query, spec.facts(ctx.env.store, program.id), spec, daily));
			});
		}
	}
	r.get(`${P}/members/{memberId}/cards/{cardId}/reports/daily`, 'B', (ctx) => {
		const { member, card } = findCard(ctx);
		return ok(memberDaily(ctx.query, cardFacts(ctx.env.store, member, card), CARD_COUNTS, 'card_daily_report'));
	});
	r.get(`${P}/members/{memberId}/earning-rules/{earningRuleId}/reports/daily`, 'B', (ctx) => {
		const member = findMember(ctx);
		const id = ctx.params.earningRuleId;
		if (!EARNING_RULE_ID.test(id)) throw invalidParam(`Path parameter earningRuleId must match ${EARNING_RULE_ID.source} (got ${id})`);
		if (!ctx.env.store.earningRules.has(id)) throw notFound('earning_rule', id);
		const facts = (ctx.env.store.benefitTransactions.get(member.id) ?? [])
			.filter((tx) => tx.earning_rule_id === id && tx.status === 'APPROVED')
			.map((tx) => ({ date: dateOf(tx), dims: {}, counts: { count: 1 } }));
		return ok(memberDaily(ctx.query, facts, ['count'], 'earning_rule_daily_report'));
	});
}
