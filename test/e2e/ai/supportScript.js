'use strict';
/**
 * The scripted model's support conversation for the AI agent example (examples/ai-loyalty-agent.json), shared by the
 * e2e test and the demo: find the customer whose email the user wrote → read their membership (cards and balances)
 * → add the goodwill points the user asked for (default 50) to the first card → answer with the new balance.
 * Each step reads the IDs it needs from the tool results n8n sent back, as a model would.
 */
const { conversationScript, toolName, toolResults, userText } = require('./scriptedModel');

const TOOLS = {
	findCustomer: toolName('Find Customer by Email'),
	membership: toolName('Get Loyalty Membership'),
	addPoints: toolName('Add Loyalty Points'),
	purchaseReward: toolName('Purchase Reward'),
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
			const args = call ? JSON.parse(call.function.arguments) : {};
			if (!result || /error/i.test(result.content)) return { content: `Adding the points failed: ${result ? result.content : 'no answer'}` };
			return { content: `Done: added ${args.points} goodwill points to card ${args.cardId}.` };
		},
	]);
}

module.exports = { supportScript, cardOf, TOOLS, lastResult, first };
