/**
 * v2 member transactions beside points and purchases (auth B): paying an order with a card's points, and the
 * member's order payments, benefit transactions and tier transactions (v2 cursor lists, newest first).
 *
 * Paying with points, as the service rules it: an ACTIVE program and member (423), the member's card (404), a card
 * definition with pay with points on (EXCHANGE_RATIO, 423 otherwise). The points spent are the card balance capped
 * by the payment limit and by the order's remaining total; the exchange ratio is the money one point is worth (the
 * emulator evaluates numeric formulas only), the order's amounts being in minor units. A TRANSACTION is answered
 * 202 PENDING and applied at once: APPROVED (points spent, the order's paid amount grown) or REJECTED with the
 * service's reason (ORDER_NOT_FOUND, NOT_ENOUGH_BALANCE, PAYMENT_EXCEEDS_ORDER_TOTAL_AMOUNT), nothing spent. A
 * DRY_RUN answers 200 SIMULATED and stores nothing.
 */
import { ApiError, invalidPayload, notFound } from '../errors.cjs';
import { accepted, type Ctx, ok, type Router } from '../router.cjs';
import type { Card, Member, Program } from '../state.cjs';
import { bodyObject, int, isObject, type Json, nullable, obj, type Rule, str } from '../validate.cjs';
import { v2Page } from './loyaltyV2Lists.cjs';
import { findMember, findProgram } from './loyaltyV2Members.cjs';

const LIMIT_VALUE = obj({ max: int({ min: 1 }) }, ['max']);
const PAYMENT = obj(
	{
		card_id: str({ pattern: /^lcrd_[a-f0-9]+$/ }),
		order: obj({ id: nullable(str({ pattern: /^ord_[a-f0-9]+$/ })), source_id: nullable(str({ min: 1 })) }, [], (o, path) => {
			if (!o.id && !o.source_id) throw invalidPayload(`Field ${path} needs id or source_id`);
		}),
		payment_limit: nullable(
			obj({ type: str({ enum: ['CARD_BALANCE', 'POINTS_LIMIT', 'AMOUNT_LIMIT'] }), points_limit: nullable(LIMIT_VALUE), amount_limit: nullable(LIMIT_VALUE) }, ['type'], (o, path) => {
				for (const [type, own] of [['POINTS_LIMIT', 'points_limit'], ['AMOUNT_LIMIT', 'amount_limit']]) {
					if (o.type === type && !isObject(o[own])) throw invalidPayload(`Field ${path}.${own} is required when ${path}.type is ${type}`);
					if (o.type !== type && isObject(o[own])) throw invalidPayload(`Field ${path}.${own} must be null or absent when ${path}.type is ${String(o.type)}`);
				}
			}),
		),
		mode: nullable(str({ enum: ['TRANSACTION', 'DRY_RUN'] })),
	},
	['card_id', 'order'],
);

const nowIso = () => new Date().toISOString();
type Row = Json & { id: string; created_at: string };

/** A member's list of one kind of transaction (oldest first), made on first use. */
export function memberRows(map: Map<string, Json[]>, member: Member): Row[] {
	let list = map.get(member.id);
	if (!list) {
		list = [];
		map.set(member.id, list);
	}
	return list as Row[];
}

/** The service's 423: the request is valid but the state refuses it. */
export const locked = (key: string, message: string, details: string) => new ApiError(423, key, details, { message });

/** The program and member of the path, and the request body checked by `rule`. */
export function memberRequest(ctx: Ctx, rule: Rule): { program: Program; member: Member; body: Json } {
	const program = findProgram(ctx);
	const member = findMember(ctx);
	const body = bodyObject(ctx.body);
	rule(body, '');
	return { program, member, body };
}

/** Spending points needs an ACTIVE program and an ACTIVE member (423 otherwise), `what` naming the spending. */
export function checkActiveMember(program: Program, member: Member, what: string): void {
	if (program.status !== 'ACTIVE') throw locked('non_active_program', 'Invalid program status', `Cannot ${what} when program status is not ACTIVE`);
	if ((member.status ?? 'ACTIVE') !== 'ACTIVE') throw locked('non_active_member', 'Invalid member status', `Cannot ${what} when member status is not ACTIVE`);
}

/** The points to spend and the amount they pay, or the reason the payment is refused. */
function price(card: Card, ratio: number, limit: Json, orderLeft: number | undefined): { points: number; amount: number; rejection?: string } {
	const perPoint = ratio * 100;
	const balance = card.points ?? 0;
	if (orderLeft === undefined) return { points: 0, amount: 0, rejection: 'ORDER_NOT_FOUND' };
	if (orderLeft <= 0) return { points: 0, amount: 0, rejection: 'PAYMENT_EXCEEDS_ORDER_TOTAL_AMOUNT' };
	if (balance <= 0) return { points: 0, amount: 0, rejection: 'NOT_ENOUGH_BALANCE' };
	let points = Math.min(balance, Math.ceil(orderLeft / perPoint));
	if (limit.type === 'POINTS_LIMIT') points = Math.min(points, (limit.points_limit as { max: number }).max);
	if (limit.type === 'AMOUNT_LIMIT') points = Math.min(points, Math.floor((limit.amount_limit as { max: number }).max / perPoint));
	if (points <= 0) return { points: 0, amount: 0, rejection: 'NOT_ENOUGH_BALANCE' };
	return { points, amount: Math.min(orderLeft, Math.round(points * perPoint)) };
}

function pay(ctx: Ctx) {
	const { store } = ctx.env;
	const { program, member, body } = memberRequest(ctx, PAYMENT);
	const card = store.cards.get(body.card_id as string);
	if (!card || card.member_id !== member.id) throw notFound('card', body.card_id as string);
	checkActiveMember(program, member, 'pay with points');
	const setting = store.cardDefinitions.get(card.card_definition_id)?.pay_with_points as Json | null | undefined;
	const ratio = Number(isObject(setting) && setting.type === 'EXCHANGE_RATIO' ? (setting.exchange_ratio as Json).formula : NaN);
	if (!(ratio > 0)) throw locked('pay_with_points_disabled', 'Pay with points is not enabled', `Card definition ${card.card_definition_id} has no pay with points exchange ratio`);
	const ref = body.order as Json;
	const order = store.orders.find(String(ref.id ?? ref.source_id));
	const paid = (order as unknown as Json | undefined)?.points_paid_amount as number | undefined;
	const left = order ? order.total_amount - (paid ?? 0) : undefined;
	const limit = (body.payment_limit ?? { type: 'CARD_BALANCE' }) as Json;
	const result = price(card, ratio, limit, left);
	const metadata: Json = {};
	if (limit.type === 'POINTS_LIMIT') metadata.points_limit = (limit.points_limit as Json).max;
	if (limit.type === 'AMOUNT_LIMIT') metadata.amount_limit = (limit.amount_limit as Json).max;
	const dryRun = body.mode === 'DRY_RUN';
	const transaction = (status: string): Json => ({
		...(dryRun ? {} : { id: store.newId('lotx_') }),
		program_id: program.id,
		member_id: member.id,
		card_id: card.id,
		card_definition_id: card.card_definition_id,
		card_transaction_id: dryRun || result.rejection ? null : store.newId('lctx_'),
		order_id: order?.id ?? null,
		status,
		type: 'PAY_WITH_POINTS',
		details: {
			reason: 'Points spent on order payment',
			rejection: result.rejection ? { reason: result.rejection } : null,
			metadata,
			payment: { amount: result.amount, points_spent: result.points, exchange_ratio: ratio },
		},
		...(dryRun ? {} : { created_at: nowIso() }),
		updated_at: null,
		object: 'order_transaction',
	});
	if (dryRun) return ok({ transaction: transaction('SIMULATED'), status: 'DRY_RUN', message: 'Dry run mode. No transaction was created. This is only a simulation.' });
	const stored = transaction(result.rejection ? 'REJECTED' : 'APPROVED');
	if (!result.rejection && order) {
		card.points = (card.points ?? 0) - result.points;
		(order as unknown as Json).points_paid_amount = (paid ?? 0) + result.amount;
		store.orders.save(order);
	}
	memberRows(store.orderTransactions, member).push(stored as Row);
	// Answered as created (PENDING), applied at once.
	return accepted({ transaction: { ...stored, status: 'PENDING' }, status: 'TRANSACTION_CREATED', message: 'Pay with points transaction created' });
}

/** A member's list of one kind of transaction: `prefix` names its cursors. */
function memberList(map: (ctx: Ctx) => Map<string, Json[]>, kind: string, prefix: string) {
	return (ctx: Ctx) => {
		findProgram(ctx);
		const member = findMember(ctx);
		return v2Page(ctx, `${kind}|${member.id}`, prefix, memberRows(map(ctx), member), ['created_at', '-created_at']);
	};
}

export function register(r: Router): void {
	const member = '/v2/loyalties/programs/{programId}/members/{memberId}';
	r.post(`${member}/orders/payments`, 'B', pay);
	r.get(`${member}/orders/payments`, 'B', memberList((ctx) => ctx.env.store.orderTransactions, 'order-payments', 'lcrsotx_'));
	r.get(`${member}/benefits/transactions`, 'B', memberList((ctx) => ctx.env.store.benefitTransactions, 'benefit-transactions', 'lcrsbtx_'));
	r.get(`${member}/tiers/transactions`, 'B', memberList((ctx) => ctx.env.store.tierTransactions, 'tier-transactions', 'lcrsttx_'));
}
