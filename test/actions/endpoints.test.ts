import { RESOURCES } from '../../nodes/LoyaltyPromotions/actions/resources';
import { FIXTURES, startEmulator, type RunningEmulator } from '../emulator';
import { credentialsFor } from '../harness/emulatorCredentials';
import { runNode } from '../harness/runWorkflow';
import type { INodeParameters } from 'n8n-workflow';

/**
 * Every operation's documented endpoint (the README table) is the request it really sends. Each operation
 * needs one entry below: a new operation without one fails this test.
 */
const MINIMAL: Record<string, INodeParameters> = {
	'oAuthToken.create': { scopes: ['api'] },
	'oAuthToken.introspect': { accessToken: 'not-a-token' },
	'customEventSchema.getAll': { returnAll: true },
	'webhook.create': { targetUrl: 'http://127.0.0.1:9/hook', events: ['customer.created'] },
	'webhook.get': { webhookId: '{webhookId}' },
	'webhook.getAll': { returnAll: true },
	'webhook.update': { webhookId: '{webhookId}', updateFields: { active: false } },
	'webhook.delete': { webhookId: '{webhookId}' },
	'loyaltyMember.getManyPendingPoints': { memberId: FIXTURES.memberWithPendingPoints, limit: 5 },
	'loyaltyMember.getActivity': { memberId: FIXTURES.memberWithManyActivities, limit: 5 },
	'loyaltyCard.getManyPendingPointBuckets': { programId: FIXTURES.programActive, memberId: FIXTURES.memberId, cardId: FIXTURES.cardId, limit: 5 },
	'programReward.batch': { programId: FIXTURES.programActive, unassign: { rewards: [{ rewardId: FIXTURES.programRewardId }] } },
	'cardDefinition.update': { cardDefinitionId: FIXTURES.cardDefinitionDraft, updateFields: { name: 'Gold card' } },
	'tierStructure.update': { tierStructureId: FIXTURES.tierStructureDraft, updateFields: { name: 'Tiers' } },
	'program.update': { programId: FIXTURES.programDraft, updateFields: { name: 'Program' } },
	'customer.getManyActivities': { customerId: FIXTURES.customerId, limit: 5 },
	'sku.create': { productId: FIXTURES.productId, additionalFields: { sku: 'Blue' } },
	'sku.upsert': { productId: FIXTURES.productId, sourceId: 'blue-1' },
	'sku.update': { productId: FIXTURES.productId, skuId: FIXTURES.skuId, updateFields: { currency: 'EUR' } },
	'category.getAll': { returnAll: true },
	'rewardAssignment.create': { rewardId: FIXTURES.rewardIds[5], campaign: FIXTURES.campaignId, points: 10 },
	'campaignTemplate.get': { campaignTemplateId: FIXTURES.campaignTemplateId },
	'event.track': { eventName: FIXTURES.customEventName, customerSourceId: 'customer-1' },
};

/** 'GET /v1/x/{id}' → a RegExp matching the method and path, any value in place of {…}. */
function endpointPatterns(endpoint: string): RegExp[] {
	return endpoint.split(' or ').map((alternative) => {
		const [method, path] = alternative.trim().split(' ');
		const pathPattern = path.split(/\{[^}]+\}/).map((part) => part.replace(/[.*+?^$()|[\]\\]/g, '\\$&')).join('[^/]+');
		return new RegExp(`^${method} ${pathPattern}$`);
	});
}

let emu: RunningEmulator;

async function createWebhook(): Promise<string> {
	const created = await runNode({
		parameters: { resource: 'webhook', operation: 'create', ...MINIMAL['webhook.create'] },
		credentials: credentialsFor(emu),
	});
	return String(created.items[0].json.id);
}

beforeAll(async () => {
	emu = await startEmulator({ port: 0 });
});
afterAll(() => emu.stop());

const operations = RESOURCES.flatMap((resource) =>
	resource.operations.map((operation) => ({ key: `${resource.value}.${operation.value}`, resource, operation })),
);

it.each(operations)('$key sends the request its endpoint documents', async ({ key, resource, operation }) => {
	const minimal = MINIMAL[key];
	expect(minimal).toBeDefined();
	const parameters = { ...minimal };
	if (parameters.webhookId === '{webhookId}') parameters.webhookId = await createWebhook();
	emu.control.clearRequests();
	const result = await runNode({
		parameters: { resource: resource.value, operation: operation.value, ...parameters },
		credentials: credentialsFor(emu),
	});
	expect(result.error).toBeUndefined();
	const sent = emu.control.requests().filter((request) => key === 'oAuthToken.create' || request.path !== '/v1/oauth/token');
	expect(sent.length).toBeGreaterThan(0);
	const first = `${sent[0].method} ${sent[0].path}`;
	expect(endpointPatterns(operation.endpoint).some((pattern) => pattern.test(first))).toBe(true);
});
