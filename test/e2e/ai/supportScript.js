'use strict';
/**
 * The scripted model's support conversation for the AI agent example (examples/ai-loyalty-agent.json), shared by the
 * e2e test and the demo: find the customer whose email the user wrote → read their membership (cards and balances)
 * → add the goodwill points the user asked for (default 50) to the first card → answer with the new balance.
 * Each step reads the IDs it needs from the tool results n8n sent back, as a model would.
 */
const { conversationScript, toolName, toolResults, userText, callArguments } = require('./scriptedModel');

const TOOLS = {
	findCustomer: toolName('Find Customer by Email'),
	membership: toolName('Get Loyalty Membership'),
	addPoints: toolName('Add Loyalty Points'),
	purchaseReward: toolName('Purchase Reward'),
	rewards: toolName('Get Rewards for Member'),
};

const first = (text, re) => (String(text).match(re) || [])[1];
const lastResult = (request, name) => toolResults(request.messages).filter((r) => r.name === name).pop();

/** The card a membership result lists first, and its balance. */
function cardOf(result) {
	const text = result ? result.content : '';
	return {
		memberId: first(text, /"(lmbr_[a-f0-9]+)"/),
		cardId: first(text, /"(lcrd_[a-f0-9]+)"/),
		balance: Number(first(text, /"balance"\s*:\s*\{\s*"points"\s*:\s*(-?\d+)/) ?? NaN),
	};
}

/** n8n's text when the person reviewing a tool call declines it (utils/agent-execution, processHitlResponses). */
const DECLINED = /^User rejected the tool call\b/;

/**
 * What a write's tool result says happened. Only a result that carries the service's transaction counts as applied:
 * a declined review, a refusal by the node, a service error, or no result at all changed nothing, except an error
 * saying the request was "not repeated", which the service may have applied.
 */
function writeOutcome(result) {
	const items = result ? parsed(result) : undefined;
	const first = Array.isArray(items) ? items[0] : undefined;
	if (first && first.transaction && first.transaction.id) return { kind: 'applied', transactionId: first.transaction.id };
	const text = first ? String(first.output ?? first.error ?? result.content) : result ? String(result.content) : 'no answer from the tool';
	if (DECLINED.test(text)) return { kind: 'declined', text };
	if (/not repeated/i.test(text)) return { kind: 'unclear', text };
	return { kind: 'refused', text };
}

/** The support conversation's last answer, from what the points change's result says happened. */
function pointsAnswer(outcome, args) {
	switch (outcome.kind) {
		case 'applied':
			return `Done: added ${args.points} goodwill points to card ${args.cardId}.`;
		case 'declined':
			return `The points change was declined, so nothing was changed: no points were added to card ${args.cardId}.`;
		case 'unclear':
			return `Adding the points may have been applied (${outcome.text}): please check card ${args.cardId}'s transactions before asking again.`;
		default:
			return `Adding the points was refused (${outcome.text}), so nothing was changed: no points were added to card ${args.cardId}.`;
	}
}

/** The support conversation; `points` overrides the amount the user's message names. */
function supportScript({ points: fixedPoints } = {}) {
	return conversationScript([
		(request) => {
			const email = first(userText(request.messages), /([\w.+-]+@[\w.-]+\.\w+)/);
			if (!email) return { content: 'Which email address does the customer use?' };
			return { toolCalls: [{ name: TOOLS.findCustomer, arguments: { email } }] };
		},
		(request) => {
			const customerId = first(lastResult(request, TOOLS.findCustomer)?.content, /"(cust_[a-zA-Z0-9]+)"/);
			if (!customerId) return { content: 'I could not find a customer with that email address.' };
			return { toolCalls: [{ name: TOOLS.membership, arguments: { customerId } }] };
		},
		(request) => {
			const { memberId, cardId, balance } = cardOf(lastResult(request, TOOLS.membership));
			if (!memberId || !cardId) return { content: 'The customer is not a member of the loyalty program.' };
			const asked = Number(first(userText(request.messages), /(\d+)\s*(?:goodwill\s*)?points/i));
			const points = fixedPoints ?? (Number.isInteger(asked) && asked > 0 ? asked : 50);
			return { toolCalls: [{ name: TOOLS.addPoints, arguments: { memberId, cardId, points, reason: `Goodwill (balance was ${balance})` } }] };
		},
		(request) => {
			const result = lastResult(request, TOOLS.addPoints);
			const call = request.messages.filter((m) => m.role === 'assistant').pop()?.tool_calls?.[0];
			const args = call ? callArguments(call) : {};
			return { content: pointsAnswer(writeOutcome(result), args) };
		},
	]);
}

/** A tool result's JSON (the items n8n passed the model), or undefined when it is not JSON. */
function parsed(result) {
	try {
		return JSON.parse(result.content);
	} catch {
		return undefined;
	}
}

/** The rewards a card can buy now (AVAILABLE, cost within the balance), from Get Rewards for Member's result. */
function affordableRewards(result, cardId, balance) {
	const items = (result && parsed(result)) || [];
	const cards = items.flatMap((item) => (item.memberships || []).flatMap((m) => m.cards || []));
	const card = cards.find((c) => c.card && c.card.id === cardId);
	return ((card && card.rewards) || [])
		.filter((r) => r.status === 'AVAILABLE' && r.cost && r.cost.points <= balance)
		.map((r) => ({ rewardId: r.reward.id, cost: r.cost.points }));
}

/**
 * The whole path of the example, from a customer's email to both writes, with only its tools: find the customer →
 * membership (member, card, the card's balance) → the rewards the card can buy → add `points` → buy the cheapest
 * affordable reward → an answer that lists each change the service confirmed.
 */
function fullPathScript({ points = 50 } = {}) {
	const state = {};
	return conversationScript([
		(request) => ({ toolCalls: [{ name: TOOLS.findCustomer, arguments: { email: first(userText(request.messages), /([\w.+-]+@[\w.-]+\.\w+)/) } }] }),
		(request) => {
			state.customerId = first(lastResult(request, TOOLS.findCustomer)?.content, /"(cust_[a-zA-Z0-9]+)"/);
			return { toolCalls: [{ name: TOOLS.membership, arguments: { customerId: state.customerId } }] };
		},
		(request) => {
			Object.assign(state, cardOf(lastResult(request, TOOLS.membership)));
			return { toolCalls: [{ name: TOOLS.rewards, arguments: { memberId: state.memberId } }] };
		},
		(request) => {
			state.affordable = affordableRewards(lastResult(request, TOOLS.rewards), state.cardId, state.balance);
			return { toolCalls: [{ name: TOOLS.addPoints, arguments: { memberId: state.memberId, cardId: state.cardId, points, reason: 'Goodwill' } }] };
		},
		(request) => {
			state.added = first(lastResult(request, TOOLS.addPoints)?.content, /"(lctx_[a-zA-Z0-9]+)"/);
			const cheapest = [...state.affordable].sort((a, b) => a.cost - b.cost)[0];
			if (!cheapest) return { content: `Added ${points} points (${state.added}); no reward is affordable.` };
			state.reward = cheapest.rewardId;
			return { toolCalls: [{ name: TOOLS.purchaseReward, arguments: { memberId: state.memberId, rewardId: cheapest.rewardId } }] };
		},
		(request) => {
			const purchased = lastResult(request, TOOLS.purchaseReward);
			const ok = purchased && !/"error"/.test(purchased.content);
			return { content: `Applied: ${points} points added to ${state.cardId} (${state.added}); ${ok ? `reward ${state.reward} purchased` : 'no reward purchased'}.` };
		},
	]);
}

module.exports = { supportScript, fullPathScript, affordableRewards, cardOf, writeOutcome, TOOLS, lastResult, first };
