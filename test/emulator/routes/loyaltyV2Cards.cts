/**
 * v2 loyalty cards' points (auth B): adjust points, the card's transactions, activities and expiring points
 * buckets, expiring a bucket early, and activating or canceling a pending points bucket. The service's rules:
 * every change needs an ACTIVE program and an ACTIVE member (423 non_active_program / non_active_member), a
 * balance never goes below zero unless the card definition allows it (the debit is then REJECTED), only ACTIVE
 * expiration buckets expire and only PENDING buckets dated in the future activate or cancel (423). Changes are
 * card transactions (`lctx_…`), answered as created (PENDING) and applied at once.
 */
import { ApiError, invalidParam, notFound } from '../errors.cjs';
import { type Ctx, type Env, ok, type Router } from '../router.cjs';
import type { Bucket, Card, Member, Program } from '../state.cjs';
import { bodyObject, int, type Json, obj, str } from '../validate.cjs';
import { v2Page } from './loyaltyV2Lists.cjs';
import { findMember, findProgram } from './loyaltyV2Members.cjs';

const CARD_ID = /^lcrd_[a-f0-9]+$/;
const PENDING_BUCKET_ID = /^lcppb_[a-f0-9]+$/;
const EXPIRING_BUCKET_ID = /^lcpeb_[a-f0-9]+$/;
const ADJUST = obj({ points: int({ min: -9007199254740991, max: 9007199254740991 }), reason: str({ max: 255 }) }, ['points']);

const nowIso = () => new Date().toISOString();
const today = () => nowIso().slice(0, 10);

interface CardCtx {
	program: Program;
	member: Member;
	card: Card;
}

function checkPath(name: string, id: string, pattern: RegExp): void {
	if (!pattern.test(id)) throw invalidParam(`Path parameter ${name} must match ${pattern.source} (got ${id})`);
}

function findCard(ctx: Ctx): CardCtx {
	const program = findProgram(ctx);
	const member = findMember(ctx);
	checkPath('cardId', ctx.params.cardId, CARD_ID);
	const card = ctx.env.store.cards.get(ctx.params.cardId);
	if (!card || card.member_id !== member.id) throw notFound('card', ctx.params.cardId);
	return { program, member, card };
}

/** A change to points needs an ACTIVE program and an ACTIVE member. */
function checkActive({ program, member }: CardCtx, what: string): void {
	if (program.status !== 'ACTIVE') throw new ApiError(423, 'non_active_program', 'Invalid program status', { message: `Cannot ${what} when program status is not ACTIVE` });
	if ((member.status ?? 'ACTIVE') !== 'ACTIVE') throw new ApiError(423, 'non_active_member', 'Invalid member status', { message: `Cannot ${what} when member status is not ACTIVE` });
}

const listOf = (map: Map<string, Json[]>, id: string): Json[] => {
	let list = map.get(id);
	if (!list) {
		list = [];
		map.set(id, list);
	}
	return list;
};

/** Records a card transaction, applied at once: APPROVED, or REJECTED with the reason. */
function transaction(env: Env, { member, card }: CardCtx, type: string, details: Json, rejection?: { reason: string; details: string }): Json {
	const tx: Json = {
		id: env.store.newId('lctx_'),
		card_id: card.id,
		program_id: card.program_id,
		member_id: member.id,
		card_definition_id: card.card_definition_id,
		card_type: card.type,
		type,
		details: { reason: null, metadata: {}, ...details, rejection: rejection ?? null },
		status: rejection ? 'REJECTED' : 'APPROVED',
		created_at: nowIso(),
		updated_at: nowIso(),
		object: 'card_transaction',
	};
	listOf(env.store.cardTransactions, card.id).push(tx);
	// The answer shows it as the service does: created, to be processed.
	return { ...tx, status: 'PENDING', updated_at: null };
}

const created = (tx: Json, message: string) => ok({ transaction: tx, status: 'TRANSACTION_CREATED', message });

/** Takes points off a card's expiration buckets, soonest first. */
function spendBuckets(env: Env, card: Card, points: number): void {
	let left = points;
	const active = listOf(env.store.expiringBuckets, card.id)
		.filter((b) => b.status === 'ACTIVE')
		.sort((a, b) => String(a.expiration_date).localeCompare(String(b.expiration_date)));
	for (const bucket of active) {
		if (left <= 0) break;
		const total = (bucket.points as { total: number }).total;
		const taken = Math.min(total, left);
		bucket.points = { total: total - taken };
		if (total - taken === 0) bucket.status = 'USED';
		left -= taken;
	}
}

function adjust(ctx: Ctx) {
	const { store } = ctx.env;
	const found = findCard(ctx);
	const body = bodyObject(ctx.body);
	ADJUST(body, '');
	checkActive(found, "adjust member's card points");
	const points = body.points as number;
	if (points === 0) return ok({ transaction: null, status: 'NO_CHANGE', message: 'Provided amount is zero, transaction was not created' });
	const { card } = found;
	const balance = card.points ?? 0;
	const reason = (body.reason ?? null) as string | null;
	if (points > 0) {
		card.points = balance + points;
		const expiration = new Date(Date.now() + 365 * 86_400_000).toISOString().slice(0, 10);
		const bucket = { id: store.newId('lcpeb_'), points: { total: points }, expiration_date: expiration, expiration_type: 'ROLLING_EXPIRATION' };
		listOf(store.expiringBuckets, card.id).push({ ...bucketBase(found), ...bucket, status: 'ACTIVE', created_at: nowIso(), updated_at: null, object: 'card_points_bucket' });
		return created(transaction(ctx.env, found, 'ADMIN_CREDIT', { reason, points: { total: points, expiration_date: expiration, expiration_type: 'ROLLING_EXPIRATION' }, bucket }), 'Points addition transaction created');
	}
	const allowNegative = store.cardDefinitions.get(card.card_definition_id)?.balance_settings?.allow_negative === true;
	if (balance + points < 0 && !allowNegative) {
		const rejection = { reason: 'insufficient_balance', details: `The card has ${balance} points: it cannot lose ${-points}` };
		return created(transaction(ctx.env, found, 'ADMIN_DEBIT', { reason, points: { total: points } }, rejection), 'Points subtraction transaction created');
	}
	card.points = balance + points;
	spendBuckets(ctx.env, card, -points);
	return created(transaction(ctx.env, found, 'ADMIN_DEBIT', { reason, points: { total: points } }), 'Points subtraction transaction created');
}

/** The fields every bucket of the card carries. */
function bucketBase({ member, card }: CardCtx): Json {
	return { card_id: card.id, customer_id: member.customer_id, card_definition_id: card.card_definition_id, program_id: card.program_id, card_type: card.type, member_id: member.id };
}

function expireBucket(ctx: Ctx) {
	const { store } = ctx.env;
	const found = findCard(ctx);
	checkPath('bucketId', ctx.params.bucketId, EXPIRING_BUCKET_ID);
	const bucket = listOf(store.expiringBuckets, found.card.id).find((b) => b.id === ctx.params.bucketId);
	if (!bucket) throw notFound('card_points_bucket', ctx.params.bucketId);
	checkActive(found, 'expire points');
	if (bucket.status !== 'ACTIVE') throw new ApiError(423, 'invalid_points_bucket_status', 'Points bucket must be in ACTIVE status in order to be expired', { message: 'Invalid points bucket status' });
	if (String(bucket.expiration_date) < today()) throw new ApiError(423, 'points_bucket_expired', 'Points bucket expiration date is in the past', { message: 'Invalid points bucket' });
	const total = (bucket.points as { total: number }).total;
	bucket.status = 'EXPIRED';
	bucket.updated_at = nowIso();
	found.card.points = Math.max(0, (found.card.points ?? 0) - total);
	const simple = { id: bucket.id, points: { total }, expiration_date: bucket.expiration_date, expiration_type: bucket.expiration_type };
	return created(transaction(ctx.env, found, 'ADMIN_POINTS_EXPIRATION', { points: { total: -total }, bucket: simple }), 'Points expiration transaction created');
}

/** Activates (points become usable) or cancels (points never come) a PENDING bucket dated in the future. */
function settlePending(ctx: Ctx, activate: boolean) {
	const { store } = ctx.env;
	const found = findCard(ctx);
	checkPath('bucketId', ctx.params.bucketId, PENDING_BUCKET_ID);
	const bucket = (store.buckets.get(found.card.id) ?? []).find((b: Bucket) => b.id === ctx.params.bucketId);
	if (!bucket) throw notFound('card_pending_points_bucket', ctx.params.bucketId);
	checkActive(found, `${activate ? 'activate' : 'cancel'} pending points`);
	const verb = activate ? 'activated' : 'canceled';
	if (bucket.status !== 'PENDING')
		throw new ApiError(423, 'invalid_pending_points_bucket_status', `Pending points bucket must be in PENDING status in order to be ${verb}`, { message: 'Invalid pending points bucket status' });
	if (bucket.date <= today()) throw new ApiError(423, 'invalid_pending_points_bucket_date', `Pending points bucket activation date must be in the future in order to be ${verb}`, { message: 'Invalid pending points bucket date' });
	bucket.status = activate ? 'ACTIVATED' : 'CANCELED';
	bucket.updated_at = nowIso();
	if (activate) found.card.points = (found.card.points ?? 0) + bucket.points.total;
	// the pending bucket is no expiration bucket: details name none (the contract's bucket is an expiration bucket)
	const details = { points: { total: bucket.points.total, date: bucket.date, type: bucket.type } };
	const tx = transaction(ctx.env, found, activate ? 'PENDING_POINTS_ACTIVATED' : 'PENDING_POINTS_CANCELED', details);
	return created(tx, activate ? 'Points activation transaction created' : 'Points cancellation transaction created');
}

const C = '/v2/loyalties/programs/{programId}/members/{memberId}/cards/{cardId}';
type Row = Json & { id: string; created_at: string };

export function register(r: Router): void {
	r.post(`${C}/points`, 'B', adjust);
	r.get(`${C}/transactions`, 'B', (ctx) => {
		const { card } = findCard(ctx);
		return v2Page(ctx, `card-transactions|${card.id}`, 'lcrsctx_', listOf(ctx.env.store.cardTransactions, card.id) as Row[], ['created_at', '-created_at']);
	});
	r.get(`${C}/activities`, 'B', (ctx) => {
		const { card } = findCard(ctx);
		return v2Page(ctx, `card-activities|${card.id}`, 'lcrsacrd_', listOf(ctx.env.store.cardActivities, card.id) as Row[], ['created_at', '-created_at']);
	});
	r.get(`${C}/expiring-points`, 'B', (ctx) => {
		const { card } = findCard(ctx);
		if (ctx.query.order === undefined) ctx.query.order = 'expiration_date';
		const active = listOf(ctx.env.store.expiringBuckets, card.id).filter((b) => b.status === 'ACTIVE') as Row[];
		return v2Page(ctx, `card-expiring|${card.id}`, 'lcrspeb_', active, ['expiration_date', '-expiration_date']);
	});
	r.post(`${C}/expiring-points/{bucketId}/expire`, 'B', expireBucket);
	r.post(`${C}/pending-points/{bucketId}/activate`, 'B', (ctx) => settlePending(ctx, true));
	r.post(`${C}/pending-points/{bucketId}/cancel`, 'B', (ctx) => settlePending(ctx, false));
}
