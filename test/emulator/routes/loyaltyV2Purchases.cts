/**
 * v2 reward purchases (auth B): a program's assigned rewards (the node's reward picker), a member's purchase of a
 * reward with points (or its dry run), the member's purchases, and the refund of one. The service's rules: an
 * ACTIVE program and member (423), the reward assigned to the program (404) with stock left (423
 * reward_out_of_stock), enough points on the member's card of the reward's card definition (423
 * insufficient_card_balance, nothing stored); a purchase spends the points and a unit of stock, a refund (of an
 * APPROVED purchase, once: 409 otherwise) returns both (stock WRITE_OFF keeps the unit spent).
 */
import { ApiError, notFound } from '../errors.cjs';
import { accepted, type Ctx, ok, type Router } from '../router.cjs';
import type { Card, Member, ProgramReward } from '../state.cjs';
import { bodyObject, type Json, nullable, obj, str } from '../validate.cjs';
import { v2Page } from './loyaltyV2Lists.cjs';
import { findMember, findProgram } from './loyaltyV2Members.cjs';
import { checkActiveMember, locked, memberRequest, memberRows } from './loyaltyV2Payments.cjs';

/** The points a reward costs when its fixture names none. */
export const DEFAULT_REWARD_COST = 100;

const PURCHASE = obj({ reward_id: str({ pattern: /^lrew_[a-f0-9]+$/ }), mode: str({ enum: ['TRANSACTION', 'DRY_RUN'] }) }, ['reward_id']);
const REFUND = obj({
	policies: nullable(obj({ refund: nullable(str({ enum: ['DEFAULT', 'ALLOW'] })), stock: nullable(str({ enum: ['DEFAULT', 'WRITE_OFF'] })) })),
});

const nowIso = () => new Date().toISOString();
type Row = Json & { id: string; created_at: string };

const purchasesOf = (ctx: Ctx, member: Member): Row[] => memberRows(ctx.env.store.rewardTransactions, member);

function purchase(ctx: Ctx) {
	const { store } = ctx.env;
	const { program, member, body } = memberRequest(ctx, PURCHASE);
	const rewardId = body.reward_id as string;
	const reward = store.v2Rewards.get(rewardId);
	const assigned = store.programRewards.get(program.id)?.get(rewardId);
	if (!reward || !assigned) throw notFound('reward', rewardId);
	checkActiveMember(program, member, 'purchase reward');
	if (assigned.stock.type === 'LIMITED' && assigned.redeemed >= assigned.stock.limited.quantity)
		throw locked('reward_out_of_stock', 'Cannot purchase reward when stock is not available', 'Reward stock is not available');
	// The reward's costs name the card definition paying; a reward without costs costs DEFAULT_REWARD_COST on the program's card.
	const spendings = ((reward.costs ?? []) as Json[]).map((c) => (c.spending as Json[])[0]);
	const assignments = store.programAssignments.get(program.id);
	const pays = (definition: string) => (spendings.length ? spendings.some((s) => s.card_definition_id === definition) : assignments?.card_definitions.has(definition));
	const card = [...store.cards.values()].find((c) => c.member_id === member.id && pays(c.card_definition_id));
	if (!card) throw notFound('card', member.id, 'card of the member for the reward cost');
	const cost = Number(spendings.find((s) => s.card_definition_id === card.card_definition_id)?.points ?? reward.points_cost ?? DEFAULT_REWARD_COST);
	if ((card.points ?? 0) < cost) throw locked('insufficient_card_balance', 'Insufficient card balance', 'Operation exceeds the available card balance');
	const transaction = (id: string | undefined, cardTransactionId: string | null, status: string): Json => ({
		...(id ? { id } : {}),
		card_id: card.id,
		card_transaction_id: cardTransactionId,
		program_id: program.id,
		member_id: member.id,
		reward_id: rewardId,
		status,
		type: 'PURCHASE',
		details: { reason: 'Points spent on reward', rejection: null, metadata: {}, points: { total: cost }, result: null },
		...(id ? { created_at: nowIso() } : {}),
		updated_at: null,
		object: 'reward_transaction',
	});
	if (body.mode === 'DRY_RUN')
		return ok({ transaction: transaction(undefined, null, 'SIMULATED'), status: 'DRY_RUN', message: 'Dry run mode. No transaction was created. This is only a simulation.' });
	const stored = transaction(store.newId('lrtx_'), store.newId('lctx_'), 'APPROVED');
	spend(card, assigned, cost, 1);
	purchasesOf(ctx, member).push(stored as Row);
	// Answered as created (PENDING), applied at once.
	return accepted({ transaction: { ...stored, status: 'PENDING' }, status: 'TRANSACTION_CREATED', message: 'Reward purchase transaction created' });
}

/** Moves points and stock: `sign` 1 spends them, -1 gives them back. */
function spend(card: Card, assigned: ProgramReward, points: number, sign: 1 | -1, stock = true): void {
	card.points = (card.points ?? 0) - sign * points;
	if (stock) assigned.redeemed += sign;
}

function refund(ctx: Ctx) {
	const { store } = ctx.env;
	const program = findProgram(ctx);
	const body = ctx.body === undefined || ctx.body === null || ctx.body === '' ? {} : bodyObject(ctx.body);
	REFUND(body, '');
	const id = ctx.params.rewardTransactionId;
	const found = [...store.rewardTransactions.values()].flat().find((tx) => tx.id === id && tx.program_id === program.id);
	if (!found) throw notFound('reward_transaction', id);
	if (found.type !== 'PURCHASE' || found.status !== 'APPROVED' || found.refunded === true)
		throw new ApiError(409, 'invalid_reward_transaction', `Reward transaction ${id} must be an APPROVED purchase not refunded yet`, { resource_type: 'reward_transaction', resource_id: id });
	const member = store.members.get(found.member_id as string);
	const card = store.cards.get(found.card_id as string);
	const assigned = store.programRewards.get(program.id)?.get(found.reward_id as string);
	const points = ((found.details as Json).points as { total: number }).total;
	const policies = (body.policies ?? {}) as Json;
	if (card && assigned) spend(card, assigned, points, -1, policies.stock !== 'WRITE_OFF');
	found.refunded = true;
	const tx: Row = {
		id: store.newId('lrtx_'),
		card_id: found.card_id,
		card_transaction_id: store.newId('lctx_'),
		program_id: program.id,
		member_id: found.member_id,
		reward_id: found.reward_id,
		status: 'APPROVED',
		type: 'REFUND',
		details: { reason: 'Reward purchase refunded', rejection: null, metadata: {}, points: { total: points }, purchase: { reward_transaction: { id } } },
		created_at: nowIso(),
		updated_at: null,
		object: 'reward_transaction',
	};
	if (member) purchasesOf(ctx, member).push(tx);
	return accepted({ transaction: tx, status: 'APPROVED', message: "Reward refund transaction created. Points will be returned to the member's card shortly." });
}

export function register(r: Router): void {
	r.get('/v2/loyalties/programs/{programId}/rewards', 'B', (ctx) => {
		const program = findProgram(ctx);
		const { store } = ctx.env;
		const rows = [...(store.programRewards.get(program.id)?.values() ?? [])].map((pr) => ({
			...pr,
			id: pr.reward_id,
			reward: { id: pr.reward_id, name: store.v2Rewards.get(pr.reward_id)?.name ?? null },
		}));
		return v2Page(ctx, `program-rewards|${program.id}`, 'lcrsrewa_', rows, ['created_at', '-created_at']);
	});
	r.post('/v2/loyalties/programs/{programId}/members/{memberId}/rewards/purchases', 'B', purchase);
	r.get('/v2/loyalties/programs/{programId}/members/{memberId}/rewards/purchases', 'B', (ctx) => {
		findProgram(ctx);
		const member = findMember(ctx);
		const rows = purchasesOf(ctx, member).filter((tx) => tx.type === 'PURCHASE');
		return v2Page(ctx, `purchases|${member.id}`, 'lcrstrx_', rows, ['created_at', '-created_at']);
	});
	r.post('/v2/loyalties/programs/{programId}/rewards/purchases/{rewardTransactionId}/refund', 'B', refund);
}
