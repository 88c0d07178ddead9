import type { INodeParameters } from 'n8n-workflow';
import { RESOURCES } from '../../nodes/LoyaltyPromotions/actions/resources';
import { FIXTURES, type RunningEmulator } from '../emulator';
import { credentialsFor } from '../harness/emulatorCredentials';
import { runNode } from '../harness/runWorkflow';

/**
 * Parameters that make each operation send a request the emulator accepts. Each operation needs one entry: a new
 * operation without one fails the endpoint and path-segment tests.
 */
export const MINIMAL: Record<string, INodeParameters> = {
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
	'customer.upsert': { sourceId: 'minimal-customer' },
	'customer.get': { customerId: FIXTURES.customerId },
	'customer.update': { customerId: FIXTURES.customerId, updateFields: { phone: '+48 600 000 000' } },
	'customer.delete': { customerId: '{newCustomer}' },
	'customer.getAll': { limit: 5 },
	'order.create': { additionalFields: { sourceId: 'minimal-order', amount: 12.5 } },
	'order.get': { orderId: FIXTURES.orderId },
	'order.update': { orderId: FIXTURES.orderSourceId, updateFields: { status: 'PAID' } },
	'order.getAll': { limit: 5 },
	'product.upsert': { sourceId: 'minimal-product' },
	'product.get': { productId: FIXTURES.productId },
	'product.update': { productId: FIXTURES.product2Id, updateFields: { name: 'Tea Kettle' } },
	'product.delete': { productId: '{newProduct}' },
	'product.getAll': { limit: 5 },
	'product.import': { name: 'Imported product', additionalFields: { sourceId: 'minimal-import' } },
	'sku.get': { skuId: FIXTURES.skuId },
	'sku.import': { productId: FIXTURES.productId, sourceId: 'minimal-sku-import' },
	'export.create': { exportedObject: 'customer' },
	'export.get': { exportId: FIXTURES.exportId },
	'export.download': { exportId: FIXTURES.exportId },
	'export.getAll': { limit: 5 },
};

/** Operations whose minimal entry names a resource the run deletes: a fresh one is made for each run. */
const FRESH: Record<string, { parameter: string; resource: string; operation: string; parameters: INodeParameters }> = {
	'{newCustomer}': { parameter: 'customerId', resource: 'customer', operation: 'upsert', parameters: {} },
	'{newProduct}': { parameter: 'productId', resource: 'product', operation: 'upsert', parameters: {} },
};
let fresh = 0;

/** Every operation of the node, keyed 'resource.operation'. */
export const OPERATIONS = RESOURCES.flatMap((resource) =>
	resource.operations.map((operation) => ({ key: `${resource.value}.${operation.value}`, resource, operation })),
);

/** The minimal parameters of an operation, with a webhook created at `emu` where the entry asks for one. */
export async function minimalParameters(key: string, emu: RunningEmulator): Promise<INodeParameters> {
	const parameters = { ...MINIMAL[key] };
	if (parameters.webhookId === '{webhookId}') {
		const created = await runNode({
			parameters: { resource: 'webhook', operation: 'create', ...MINIMAL['webhook.create'] },
			credentials: credentialsFor(emu),
		});
		parameters.webhookId = String(created.items[0].json.id);
	}
	for (const [placeholder, make] of Object.entries(FRESH)) {
		if (parameters[make.parameter] !== placeholder) continue;
		const created = await runNode({
			parameters: { resource: make.resource, operation: make.operation, sourceId: `minimal-fresh-${++fresh}`, ...make.parameters },
			credentials: credentialsFor(emu),
		});
		parameters[make.parameter] = String(created.items[0].json.id);
	}
	return parameters;
}
