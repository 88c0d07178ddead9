import type { INodeParameters } from 'n8n-workflow';
import { RESOURCES } from '../../nodes/LoyaltyPromotions/actions/resources';
import { FIXTURES, type RunningEmulator } from '../emulator/index.cjs';
import { AREA_FIXTURES } from '../emulator/routes/areas.cjs';
import { credentialsFor } from '../harness/emulatorCredentials.cjs';
import { runNode } from '../harness/runWorkflow.cjs';

/**
 * Parameters that make each operation send a request the emulator accepts. Each operation needs one entry: a new
 * operation without one fails the endpoint and path-segment tests.
 */
/** A branding's required fields. */
const BRANDING = { brandName: 'Minimal', street: 'Main 1', city: 'Warsaw', postal: '00-001', country: 'Poland', email: 'a@example.com' };
/** The fixture member's card, as the Loyalty v2 card operations name it. */
const V2_CARD = { programId: FIXTURES.programActive, memberId: FIXTURES.memberId, cardId: FIXTURES.cardId };
/** A points benefit on the fixture's active card definition, and an earning rule's typed earning of points. */
const V2_POINTS_BENEFIT = { benefitType: 'POINTS', points: 1, cardDefinitionId: FIXTURES.cardDefinitionActive };
/** A daily report's range: the fixtures' first days, by day. */
const V2_REPORT_RANGE = { startDate: '2024-01-01', endDate: '2024-01-10', resolution: 'day' };
const V2_EARNINGS = { earning: [{ effect: 'POINTS', points: 1, cardDefinitionId: FIXTURES.cardDefinitionActive }] };
/** A v2 reward giving points, costing points, both on the fixture's active card definition. */
const V2_POINTS_REWARD = {
	rewardType: 'DIGITAL',
	digitalType: 'LOYALTY_CARD_POINTS',
	points: 5,
	cardDefinitionId: FIXTURES.cardDefinitionActive,
	costs: { cost: [{ points: 10, cardDefinitionId: FIXTURES.cardDefinitionActive }] },
};

export const MINIMAL: Record<string, INodeParameters> = {
	'oAuthToken.create': { scopes: ['api'] },
	'oAuthToken.introspect': { accessToken: 'not-a-token' },
	'oAuthToken.revoke': { accessToken: 'not-a-token' },
	'customEventSchema.getAll': { returnAll: true },
	'webhook.create': { targetUrl: 'http://127.0.0.1:9/hook', events: ['customer.created'] },
	'webhook.get': { webhookId: '{webhookId}' },
	'webhook.getAll': { returnAll: true },
	// every field given: the PUT goes alone (with fewer, the node reads the webhook first)
	'webhook.update': { webhookId: '{webhookId}', updateFields: { targetUrl: 'http://127.0.0.1:9/other', events: ['customer.created'], active: false } },
	'webhook.delete': { webhookId: '{webhookId}' },
	'loyaltyMember.getManyPendingPoints': { memberId: FIXTURES.memberWithPendingPoints, limit: 5 },
	'loyaltyMember.getActivity': { memberId: FIXTURES.memberWithManyActivities, limit: 5 },
	'loyaltyCard.getManyPendingPointBuckets': { programId: FIXTURES.programActive, memberId: FIXTURES.memberId, cardId: FIXTURES.cardId, limit: 5 },
	'programReward.batch': { programId: FIXTURES.programActive, unassign: { rewards: [{ rewardId: FIXTURES.programRewardId }] } },
	// branch v2rewards: the program's rewards (the unlimited one stays assigned after programReward.batch)
	'programReward.getAll': { programId: FIXTURES.programActive, limit: 5 },
	'programReward.update': { programId: FIXTURES.programActive, rewardId: FIXTURES.programRewardUnlimitedId, stockType: 'LIMITED', stockQuantity: 500 },
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
	// branch v1rest3 (issue 22): campaign templates (a fresh one deleted)
	'campaignTemplate.getAll': { limit: 5 },
	'campaignTemplate.create': { name: 'Minimal template', source: 'campaign', campaignId: FIXTURES.discountCampaignId },
	'campaignTemplate.update': { campaignTemplateId: FIXTURES.campaignTemplateGiftId, updateFields: { description: 'Minimal' } },
	'campaignTemplate.delete': { campaignTemplateId: '{newCampaignTemplate}' },
	'campaignTemplate.setUpCampaign': { campaignTemplateId: FIXTURES.campaignTemplateId, name: 'Minimal set-up campaign' },
	'campaignTemplate.setUpTier': { campaignTemplateId: FIXTURES.campaignTemplateId, campaignId: FIXTURES.promotionCampaignId, name: 'Minimal tier' },
	'event.track': { eventName: FIXTURES.customEventName, customerSourceId: 'customer-1' },
	// Voucher engine (each entry uses its own fixture, as the operations run in turn against one emulator)
	'campaign.get': { campaignId: FIXTURES.campaignId },
	'campaign.getAll': { limit: 5 },
	'campaign.addVouchers': { campaignId: FIXTURES.discountCampaignId },
	'voucher.create': { type: 'DISCOUNT_VOUCHER', amountOff: 5 },
	'voucher.get': { code: FIXTURES.percentCode },
	'voucher.update': { code: FIXTURES.discountCodes[0], updateFields: { additionalInfo: 'minimal' } },
	'voucher.delete': { code: FIXTURES.discountCodes[2] },
	'voucher.getAll': { limit: 5 },
	'voucher.enable': { code: FIXTURES.disabledCode },
	'voucher.disable': { code: FIXTURES.discountCodes[1] },
	'voucher.adjustBalance': { code: FIXTURES.giftCode, cardType: 'gift', amount: 5 },
	'voucher.getManyTransactions': { code: FIXTURES.giftCode, limit: 5 },
	// branch v1rest3 (issue 22): voucher sessions (a fresh lock released), exports and redemptions
	'voucher.releaseSession': { code: FIXTURES.percentCode, sessionKey: '{newSession}' },
	'voucher.exportTransactions': { code: FIXTURES.giftCode },
	'voucher.getRedemptions': { code: FIXTURES.percentCode },
	'publication.create': { campaignId: FIXTURES.welcomeCampaignId, customer: FIXTURES.customerId },
	'publication.getAll': { limit: 5 },
	'publication.createViaGet': { campaignId: FIXTURES.welcomeCampaignId, customer: FIXTURES.customerId },
	'validation.validate': { redeemables: { redeemable: [{ type: 'voucher', code: FIXTURES.percentCode }] }, additionalFields: { orderAmount: 50 } },
	'qualification.checkEligibility': { additionalFields: { customer: FIXTURES.customerId } },
	'redemption.redeem': { redeemables: { redeemable: [{ type: 'voucher', code: FIXTURES.percentCode }] }, additionalFields: { orderAmount: 50 } },
	'redemption.get': { redemptionId: FIXTURES.redemptionIds[0] },
	'redemption.getAll': { limit: 5 },
	'redemption.rollback': { redemptionId: FIXTURES.redemptionIds[1] },
	'loyaltyMember.add': { campaignId: FIXTURES.campaignId, customer: 'minimal-member' },
	'loyaltyMember.get': { memberId: FIXTURES.memberWithPendingPoints },
	'loyaltyMember.getAll': { campaignId: FIXTURES.campaignId, limit: 5 },
	'loyaltyMember.adjustPoints': { memberId: FIXTURES.memberWithPendingPoints, points: 10 },
	'loyaltyMember.redeemReward': { memberId: FIXTURES.memberWithManyActivities, rewardId: FIXTURES.loyaltyRewardId },
	'loyaltyMember.getManyTransactions': { memberId: FIXTURES.memberWithPendingPoints, limit: 5 },
	'customer.upsert': { sourceId: 'minimal-customer' },
	'customer.get': { customerId: FIXTURES.customerId },
	'customer.update': { customerId: FIXTURES.customerId, updateFields: { phone: '+48 600 000 000' } },
	'customer.delete': { customerId: '{newCustomer}' },
	'customer.getAll': { limit: 5 },
	// branch v1rest3 (issue 22): the current activity list, redeemables, segments, and a fresh customer erased
	'customer.getActivities': { customerId: FIXTURES.customerId, limit: 5 },
	'customer.getRedeemables': { customerId: FIXTURES.customerId, limit: 5 },
	'customer.getSegments': { customerId: FIXTURES.customerId },
	'customer.deletePermanently': { customerId: '{newCustomer}' },
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
	// branch v1rest3 (issue 22): the orders' export, and a fresh export deleted
	'order.export': {},
	'export.delete': { exportId: '{newExport}' },
	// v1rest: campaigns
	'campaign.create': { name: 'Minimal campaign', campaignType: 'DISCOUNT_COUPONS', amountOff: 5 },
	'campaign.update': { campaignId: FIXTURES.discountCampaignId, updateFields: { description: 'Minimal' } },
	'campaign.delete': { campaignId: '{newCampaign}' },
	'campaign.enable': { campaignId: FIXTURES.discountCampaignId },
	'campaign.disable': { campaignId: '{newCampaign}' },
	'campaign.getSummary': { campaignId: FIXTURES.discountCampaignId },
	'campaign.getManyTransactions': { campaignId: FIXTURES.giftCampaignId, limit: 5 },
	'campaign.exportTransactions': { campaignId: FIXTURES.giftCampaignId },
	// branch management: the management API (projects, schemas, stacking rules, brandings, users, templates)
	'project.create': { name: 'Minimal project', caseSensitiveCodes: true, timezone: 'UTC', currency: 'EUR' },
	'project.get': { projectId: FIXTURES.projectId },
	'project.getAll': { returnAll: true },
	'project.update': { projectId: FIXTURES.projectId, updateFields: { description: 'Updated' } },
	'project.delete': { projectId: '{newProject}' },
	'customEventSchema.create': { name: 'minimal_event', attributes: { attribute: [{ name: 'carrier', type: 'string', optional: false }] } },
	'customEventSchema.get': { customEventSchemaId: FIXTURES.customEventSchemaIds[0] },
	'customEventSchema.update': { customEventSchemaId: FIXTURES.customEventSchemaIds[1], attributes: { attribute: [{ name: 'source', type: 'string' }] } },
	'customEventSchema.delete': { customEventSchemaId: '{newCustomEventSchema}' },
	// branch loyaltyv2: Loyalty v2
	'program.create': { name: 'Program' },
	'program.get': { programId: FIXTURES.programActive },
	'program.getAll': { limit: 5 },
	'program.getManyActivities': { programId: FIXTURES.programActive, limit: 5 },
	'program.activate': { programId: '{newProgram}' },
	'program.deactivate': { programId: '{newActiveProgram}' },
	'program.delete': { programId: '{newProgram}' },
	// branch v2structure: a program's assignments (batches on fresh draft programs)
	'program.getManyCardDefinitions': { programId: FIXTURES.programActive, limit: 5 },
	'program.getManyEarningRules': { programId: FIXTURES.programActive, limit: 5 },
	'program.getManyTierStructures': { programId: FIXTURES.programActive, limit: 5 },
	'program.batchCardDefinitions': { programId: '{newProgram}', assign: { cardDefinitions: [{ cardDefinitionId: FIXTURES.cardDefinitionActive }] } },
	'program.batchEarningRules': { programId: '{newProgram}', assign: { earningRules: [{ earningRuleId: FIXTURES.earningRuleDraft }] } },
	'program.batchTierStructures': { programId: '{newTieredProgram}', unassign: { tierStructures: [{ tierStructureId: FIXTURES.tierStructureDraft }] } },
	// branch bulk: bulk updates, metadata updates and imports
	'customer.updateMetadataInBulk': { sourceId: 'minimal-bulk-metadata', metadataJson: '{"synced":true}' },
	'customer.updateInBulk': { sourceId: 'minimal-bulk', updateFields: { name: 'Bulk' } },
	'customer.import': { sourceId: 'minimal-customer-import' },
	'voucher.updateInBulk': { code: FIXTURES.discountCodes[1], metadataJson: '{"synced":true}' },
	'voucher.updateMetadataInBulk': { code: FIXTURES.discountCodes[2], metadataJson: '{"synced":true}' },
	'product.updateInBulk': { sourceId: 'minimal-bulk-product', updateFields: { name: 'Bulk product' } },
	'product.updateMetadataInBulk': { sourceId: 'minimal-bulk-product-metadata', metadataJson: '{"synced":true}' },
	// branch management (issue 24): metadata schemas, stacking rules, brandings, users, campaign templates
	'managementMetadataSchema.create': { relatedObject: 'minimal_object', properties: { property: [{ name: 'note', type: 'string' }] } },
	'managementMetadataSchema.get': { metadataSchemaId: FIXTURES.metadataSchemaIds[0] },
	'managementMetadataSchema.getAll': { returnAll: true },
	'managementMetadataSchema.update': { metadataSchemaId: FIXTURES.metadataSchemaIds[0], properties: { property: [{ name: 'minimal', type: 'number' }] } },
	'managementMetadataSchema.delete': { metadataSchemaId: '{newMetadataSchema}' },
	// a project has one set of stacking rules: each run makes its own project
	'stackingRules.create': { projectId: '{newProject}', additionalFields: { redeemablesLimit: 5 } },
	'stackingRules.get': { projectId: '{newProject}', stackingRulesId: '{newStackingRules}' },
	'stackingRules.getAll': { returnAll: true },
	'stackingRules.update': { projectId: '{newProject}', stackingRulesId: '{newStackingRules}', updateFields: { redeemablesLimit: 6 } },
	'stackingRules.delete': { projectId: '{newProject}', stackingRulesId: '{newStackingRules}' },
	'branding.create': BRANDING,
	'branding.get': { brandingId: '{newBranding}' },
	'branding.getAll': { returnAll: true },
	'branding.update': { brandingId: '{newBranding}', updateFields: { phone: '+48 1' } },
	'branding.delete': { brandingId: '{newBranding}' },
	'managementCampaignTemplate.getAll': { limit: 5 },
	'user.assign': { projectId: '{newProject}', identifyBy: 'login', login: FIXTURES.outsideUserLogin, role: 'USER' },
	'user.get': { userId: FIXTURES.userIds[1] },
	'user.getAll': { returnAll: true },
	'user.update': { userId: FIXTURES.userIds[1], role: 'USER' },
	'user.unassign': { projectId: '{newProject}', userId: '{newAssignment}' },
	'user.invite': { email: 'minimal@example.com', firstName: 'Min', lastName: 'Imal', projects: { project: [{ projectId: FIXTURES.projectId, role: 'VIEWER' }] } },
	'managementCampaignTemplate.copy': { campaignTemplateId: FIXTURES.campaignTemplateId, destinationProjectId: FIXTURES.productionProjectId, name: 'Minimal copy' },
	// branch bulk (issue 23, second part): voucher, order and campaign imports
	'voucher.import': { code: 'MINIMAL-IMPORT', type: 'DISCOUNT_VOUCHER', discountType: 'PERCENT', percentOff: 10 },
	'voucher.importCsv': { code: 'MINIMAL-IMPORT-CSV', type: 'DISCOUNT_VOUCHER', discountType: 'PERCENT', percentOff: 10 },
	'order.import': { additionalFields: { sourceId: 'minimal-order-import', amount: 10 } },
	'campaign.importVouchers': { campaignId: FIXTURES.discountCampaignId, code: 'MINIMAL-CAMPAIGN-IMPORT' },
	'campaign.importVouchersCsv': { campaignId: FIXTURES.discountCampaignId, code: 'MINIMAL-CAMPAIGN-IMPORT-CSV' },
	// branch loyaltyv2: Loyalty v2 program members (members need an existing customer: fresh ones are made per run)
	'programMember.add': { programId: FIXTURES.programActive, customer: '{newCustomerRef}' },
	'programMember.addInBatch': { programId: FIXTURES.programActive, customer: '{newCustomerRef}' },
	'programMember.get': { programId: FIXTURES.programActive, memberId: FIXTURES.memberId },
	'programMember.getAll': { programId: FIXTURES.programActive, limit: 5 },
	'programMember.update': { programId: FIXTURES.programActive, memberId: FIXTURES.memberId, metadataJson: '{"synced":true}' },
	'programMember.delete': { programId: FIXTURES.programActive, memberId: '{newMember}' },
	'programMember.activate': { programId: FIXTURES.programActive, memberId: '{newInactiveMember}' },
	'programMember.deactivate': { programId: FIXTURES.programActive, memberId: '{newMember}' },
	'programMember.getManyActivities': { programId: FIXTURES.programActive, memberId: FIXTURES.memberId, limit: 5 },
	'programMember.getMembership': { programId: FIXTURES.programActive, customer: FIXTURES.customerId },
	'programMember.getMemberships': { customer: FIXTURES.customerId },
	// branch loyaltyv2: Loyalty v2 cards and points (cardId's fixture buckets: each run expires, activates or cancels one)
	'loyaltyCard.adjustPoints': { ...V2_CARD, points: 10 },
	'loyaltyCard.getManyTransactions': { ...V2_CARD, limit: 5 },
	'loyaltyCard.getManyActivities': { ...V2_CARD, limit: 5 },
	'loyaltyCard.getManyExpiringPointBuckets': { ...V2_CARD, limit: 5 },
	'loyaltyCard.expirePointBucket': { ...V2_CARD, bucketId: FIXTURES.expiringBucketIds[2] },
	'loyaltyCard.activatePendingPointBucket': { ...V2_CARD, bucketId: FIXTURES.pendingBucketIds[0] },
	'loyaltyCard.cancelPendingPointBucket': { ...V2_CARD, bucketId: FIXTURES.pendingBucketIds[1] },
	// branch loyaltyv2: reward purchases (the fixture card's 1,200 points pay for a few at 100 each; the unlimited reward
	// stays assigned after programReward.batch unassigns the other)
	'programMember.purchaseReward': { programId: FIXTURES.programActive, memberId: FIXTURES.memberId, rewardId: FIXTURES.programRewardUnlimitedId },
	'programMember.getManyRewardPurchases': { programId: FIXTURES.programActive, memberId: FIXTURES.memberId, limit: 5 },
	'programMember.refundRewardPurchase': { programId: FIXTURES.programActive, rewardTransactionId: '{newPurchase}' },
	// branch v1rest2: promotion tiers and stacks
	'promotionTier.get': { promotionTierId: FIXTURES.promotionTierIds[0] },
	'promotionTier.getAll': { limit: 5 },
	'promotionTier.getAllInCampaign': { campaignId: FIXTURES.promotionCampaignId, limit: 5 },
	'promotionTier.create': { campaignId: FIXTURES.promotionCampaignId, name: 'Minimal tier', amountOff: 5 },
	'promotionTier.update': { promotionTierId: FIXTURES.promotionTierIds[1], updateFields: { banner: 'Minimal' } },
	'promotionTier.delete': { promotionTierId: '{newPromotionTier}' },
	'promotionTier.enable': { promotionTierId: FIXTURES.promotionTierIds[0] },
	'promotionTier.disable': { promotionTierId: '{newPromotionTier}' },
	'promotionStack.get': { campaignId: FIXTURES.promotionCampaignId, stackId: FIXTURES.promotionStackId },
	'promotionStack.getAll': { limit: 5 },
	'promotionStack.getAllInCampaign': { campaignId: FIXTURES.promotionCampaignId, limit: 5 },
	'promotionStack.create': { campaignId: FIXTURES.promotionCampaignId, name: 'Minimal stack', tierIds: FIXTURES.promotionTierIds.join(', ') },
	'promotionStack.update': { campaignId: FIXTURES.promotionCampaignId, stackId: FIXTURES.promotionStackId, updateFields: { name: 'Renamed' } },
	'promotionStack.delete': { campaignId: FIXTURES.promotionCampaignId, stackId: '{newPromotionStack}' },
	// branch v1rest2: validation rules and their assignments
	'validationRule.get': { validationRuleId: FIXTURES.validationRuleIds[0] },
	'validationRule.getAll': { limit: 5 },
	'validationRule.create': { name: 'Minimal rule' },
	'validationRule.update': { validationRuleId: FIXTURES.validationRuleIds[1], updateFields: { errorMessage: 'Not today' } },
	'validationRule.delete': { validationRuleId: '{newValidationRule}' },
	'validationRuleAssignment.getAll': { limit: 5 },
	'validationRuleAssignment.getAllOfRule': { validationRuleId: FIXTURES.validationRuleIds[0], limit: 5 },
	'validationRuleAssignment.create': { validationRuleId: FIXTURES.validationRuleIds[1], relatedObjectType: 'campaign', relatedObjectId: FIXTURES.discountCampaignId, additionalFields: { force: true } },
	'validationRuleAssignment.delete': { validationRuleId: FIXTURES.validationRuleIds[0], assignmentId: '{newValidationRuleAssignment}' },
	// branch v1rest2: segments
	'segment.get': { segmentId: FIXTURES.segmentIds[0] },
	'segment.getAll': { limit: 5 },
	'segment.create': { name: 'Minimal segment', type: 'static', customerIds: FIXTURES.customerId },
	'segment.delete': { segmentId: '{newSegment}' },
	// branch v1rest2: rewards and their assignments
	'reward.get': { rewardId: FIXTURES.rewardIds[0] },
	'reward.getAll': { limit: 5 },
	'reward.create': { name: 'Minimal reward', type: 'COIN', exchangeRatio: 1, pointsRatio: 10 },
	'reward.update': { rewardId: FIXTURES.rewardIds[2], updateFields: { description: 'Updated' } },
	'reward.delete': { rewardId: '{newReward}' },
	'rewardAssignment.get': { rewardId: FIXTURES.loyaltyRewardId, assignmentId: FIXTURES.loyaltyRewardAssignmentId },
	'rewardAssignment.getAll': { rewardId: FIXTURES.loyaltyRewardId, limit: 5 },
	'rewardAssignment.update': { rewardId: FIXTURES.loyaltyRewardId, assignmentId: FIXTURES.loyaltyRewardAssignmentId, updateFields: { autoRedeem: false } },
	'rewardAssignment.delete': { rewardId: FIXTURES.rewardIds[7], assignmentId: '{newRewardAssignment}' },
	// branch v1rest2: referral code holders (each Add makes a fresh customer a referee)
	'referralHolder.getAll': { memberId: FIXTURES.referralCode, limit: 5 },
	'referralHolder.getAllInCampaign': { campaignId: FIXTURES.friendsReferralCampaignId, memberId: FIXTURES.referralCode, limit: 5 },
	'referralHolder.add': { memberId: FIXTURES.referralCode, customer: '{newCustomerRef}' },
	'referralHolder.addInCampaign': { campaignId: FIXTURES.friendsReferralCampaignId, memberId: FIXTURES.referralCode, customer: '{newCustomerRef}' },
	'referralHolder.remove': { memberId: FIXTURES.referralCode, holderId: '{newReferralHolder}' },
	'referralHolder.removeInCampaign': { campaignId: FIXTURES.friendsReferralCampaignId, memberId: FIXTURES.referralCode, holderId: '{newReferralHolder}' },
	// branch loyaltyv2 (issue 21): order payments with points, benefit and tier transactions
	'programMember.payOrderWithPoints': { ...V2_CARD, orderId: FIXTURES.orderSourceId, additionalFields: { pointsLimit: 10 } },
	'programMember.getManyOrderPayments': { programId: FIXTURES.programActive, memberId: FIXTURES.memberId, limit: 5 },
	'programMember.getManyBenefitTransactions': { programId: FIXTURES.programActive, memberId: FIXTURES.memberId, limit: 5 },
	'programMember.getManyTierTransactions': { programId: FIXTURES.programActive, memberId: FIXTURES.memberId, limit: 5 },
	// branch loyaltyv2 (issue 21): the program catalogue (earning rules, benefits)
	'earningRule.create': { name: 'Minimal rule', earnings: V2_EARNINGS },
	'earningRule.get': { earningRuleId: FIXTURES.earningRuleActive },
	'earningRule.getAll': { limit: 5 },
	'earningRule.update': { earningRuleId: FIXTURES.earningRuleDraft, updateFields: { name: 'Renamed rule' } },
	'earningRule.delete': { earningRuleId: '{newEarningRule}' },
	'earningRule.activate': { earningRuleId: '{newEarningRule}' },
	'earningRule.deactivate': { earningRuleId: '{newActiveEarningRule}' },
	'earningRule.draft': { earningRuleId: '{newActiveEarningRule}' },
	'earningRule.getManyActivities': { earningRuleId: FIXTURES.earningRuleActive, limit: 5 },
	'benefit.create': { name: 'Minimal benefit', ...V2_POINTS_BENEFIT },
	'benefit.get': { benefitId: FIXTURES.benefitId },
	'benefit.getAll': { limit: 5 },
	'benefit.update': { benefitId: FIXTURES.benefitId, updateFields: { name: 'Renamed benefit' } },
	'benefit.delete': { benefitId: '{newBenefit}' },
	'benefit.activate': { benefitId: '{newBenefit}' },
	'benefit.draft': { benefitId: '{newActiveBenefit}' },
	'benefit.getManyActivities': { benefitId: FIXTURES.benefitId, limit: 5 },
	// branch v2rewards (issue 21): the v2 reward catalogue
	'loyaltyReward.create': { name: 'Minimal reward', ...V2_POINTS_REWARD },
	'loyaltyReward.get': { rewardId: FIXTURES.v2RewardIds[1] },
	'loyaltyReward.getAll': { limit: 5 },
	'loyaltyReward.update': { rewardId: FIXTURES.v2RewardIds[1], updateFields: { name: 'Renamed reward' } },
	'loyaltyReward.delete': { rewardId: '{newLoyaltyReward}' },
	'loyaltyReward.activate': { rewardId: '{newLoyaltyReward}' },
	'loyaltyReward.deactivate': { rewardId: '{newActiveLoyaltyReward}' },
	'loyaltyReward.draft': { rewardId: '{newActiveLoyaltyReward}' },
	'loyaltyReward.getManyActivities': { rewardId: FIXTURES.v2RewardIds[1], limit: 5 },
	'examine.rewards': { examineFor: 'member', examineMemberId: FIXTURES.memberId },
	'examine.earningRules': { customer: FIXTURES.customerId, event: 'customer.order.paid', orderAmount: 10 },
	// branch loyaltyv2 (issue 21): card definitions in the catalogue (the draft one activated; the pending-disabled one,
	// which no other entry needs, drafted then deleted: the moves run before Delete)
	'cardDefinition.get': { cardDefinition: FIXTURES.cardDefinitionActive },
	'cardDefinition.getAll': { limit: 5 },
	'cardDefinition.delete': { cardDefinition: FIXTURES.cardDefinitionPendingDisabled },
	'cardDefinition.activate': { cardDefinition: FIXTURES.cardDefinitionDraft },
	'cardDefinition.draft': { cardDefinition: FIXTURES.cardDefinitionPendingDisabled },
	'cardDefinition.getManyActivities': { cardDefinition: FIXTURES.cardDefinitionActive, limit: 5 },
	// branch loyaltyv2 (issue 21): tier structures in the catalogue (the draft earned one activated, deactivated, deleted)
	'tierStructure.get': { tierStructure: FIXTURES.tierStructureActive },
	'tierStructure.getAll': { limit: 5 },
	'tierStructure.getManyActivities': { tierStructure: FIXTURES.tierStructureActive, limit: 5 },
	'tierStructure.activate': { tierStructure: FIXTURES.tierStructureDraftEarned },
	'tierStructure.deactivate': { tierStructure: FIXTURES.tierStructureDraftEarned },
	'tierStructure.draft': { tierStructure: FIXTURES.tierStructureActive },
	'tierStructure.delete': { tierStructure: FIXTURES.tierStructureDraftEarned },
	// branch v1catalogue (issue 22): product collections, categories, SKUs of a product, locations, metadata schemas
	'productCollection.create': { name: 'Minimal collection', type: 'STATIC' },
	'productCollection.get': { productCollectionId: FIXTURES.productCollectionIds[0] },
	'productCollection.getAll': { limit: 5 },
	'productCollection.getManyProducts': { productCollectionId: FIXTURES.productCollectionIds[0], limit: 5 },
	'productCollection.update': { productCollectionId: FIXTURES.productCollectionIds[1], updateFields: { name: 'Everything coffee' } },
	'productCollection.delete': { productCollectionId: '{newProductCollection}' },
	'category.create': { name: 'Minimal category', hierarchy: 9 },
	'category.get': { categoryId: FIXTURES.categoryIds[0] },
	// both fields given, as the fixture has them: the PUT goes alone (with one, the node reads the category first)
	'category.update': { categoryId: FIXTURES.categoryIds[2], updateFields: { name: 'Clothing', hierarchy: 3 } },
	'category.delete': { categoryId: '{newCategory}' },
	'sku.getAll': { productId: FIXTURES.productId, limit: 5 },
	'sku.delete': { productId: FIXTURES.productId, skuId: '{newSku}' },
	'location.get': { locationId: FIXTURES.locationIds[0] },
	'location.getAll': { limit: 5 },
	'metadataSchema.get': { relatedObject: 'customer' },
	'metadataSchema.getAll': { returnAll: true },
	// issue 52: by ID on the app keys (a fresh schema is created, updated and deleted)
	'metadataSchema.create': { relatedObject: 'minimal_app_keys_object', properties: { property: [{ name: 'note', type: 'string' }] } },
	'metadataSchema.getById': { metadataSchemaId: FIXTURES.metadataSchemaIds[0] },
	'metadataSchema.update': { metadataSchemaId: '{newMetadataSchema}', properties: { property: [{ name: 'minimal', type: 'number' }] } },
	'metadataSchema.delete': { metadataSchemaId: '{newMetadataSchema}' },
	// issue 52: areas (the emulator seeds three; fresh ones are updated and deleted)
	'area.create': { name: 'Minimal area' },
	'area.get': { areaId: AREA_FIXTURES[0].id },
	'area.getAll': { limit: 5 },
	'area.update': { areaId: '{newArea}', updateFields: { name: 'Renamed area' } },
	'area.delete': { areaId: '{newArea}' },
	// branch v2reports (issue 21): the v2 loyalty reports (daily ones over the fixtures' first days)
	'programReport.getCardDaily': { ...V2_CARD, ...V2_REPORT_RANGE },
	'programReport.getMemberEarningRuleDaily': { programId: FIXTURES.programActive, memberId: FIXTURES.memberId, earningRuleId: FIXTURES.earningRuleActive, ...V2_REPORT_RANGE },
	'programReport.getEarningRulesDaily': { programId: FIXTURES.programActive, ...V2_REPORT_RANGE },
	'programReport.getEarningRulesSummary': { programId: FIXTURES.programActive },
	'programReport.getPointsEarningsDaily': { programId: FIXTURES.programActive, ...V2_REPORT_RANGE },
	'programReport.getPointsEarningsSummary': { programId: FIXTURES.programActive },
	'programReport.getSpendingDaily': { programId: FIXTURES.programActive, ...V2_REPORT_RANGE },
	'programReport.getSpendingSummary': { programId: FIXTURES.programActive },
	'programReport.getTiersDaily': { programId: FIXTURES.programActive, ...V2_REPORT_RANGE },
	'programReport.getTiersSummary': { programId: FIXTURES.programActive, limit: 5 },
	// branch v2structure: card definition create
	'cardDefinition.create': { name: 'Minimal card', type: 'INDIVIDUAL' },
	// branch v2structure: tier structure create and tiers (a tier added to a fresh structure; the fresh tier deleted)
	'tierStructure.create': { name: 'Minimal tiers', type: 'POINT_BALANCE', cardDefinitionId: FIXTURES.cardDefinitionActive },
	'tierStructure.getManyTiers': { tierStructure: FIXTURES.tierStructureActive, limit: 5 },
	'tierStructure.createTier': { tierStructure: '{newTierStructure}', name: 'Silver', qualificationType: 'POINTS', minPoints: 0 },
	'tierStructure.updateTier': { tierStructure: FIXTURES.tierStructureActive, tierId: FIXTURES.tierActiveId, updateFields: { name: 'Platinum' } },
	'tierStructure.deleteTier': { tierStructure: FIXTURES.tierStructureDraft, tierId: '{newTier}' },
	// branch v1rest3 (issue 22): async actions, and the bin (a voucher deleted into it, then deleted for good)
	'asyncAction.getAll': { limit: 5 },
	'trashBin.getAll': { limit: 5 },
	'trashBin.delete': { binEntryId: '{newBinEntry}' },
};

/** A program that can become ACTIVE: an active card definition and an active earning rule assigned. */
const PROGRAM_ASSIGNMENTS = { cardDefinitionIds: [FIXTURES.cardDefinitionActive], earningRuleIds: FIXTURES.earningRuleActive };

/** Operations whose minimal entry names a resource the run deletes: a fresh one is made for each run. */
const FRESH: Record<
	string,
	{
		parameter: string;
		resource: string;
		operation: string;
		parameters: INodeParameters;
		named?: boolean;
		inProject?: boolean;
		id?: (json: Record<string, unknown>) => string;
		/** First a fresh voucher is made and deleted into the bin (for an entry to read). */
		voucherToBin?: boolean;
	}
> = {
	'{newCustomer}': { parameter: 'customerId', resource: 'customer', operation: 'upsert', parameters: {} },
	'{newProduct}': { parameter: 'productId', resource: 'product', operation: 'upsert', parameters: {} },
	// v1rest: campaign names are unique, so each fresh campaign is named after its source ID
	'{newCampaign}': { parameter: 'campaignId', resource: 'campaign', operation: 'create', parameters: { campaignType: 'GIFT_VOUCHERS', giftAmount: 10 }, named: true },
	'{newCustomEventSchema}': { parameter: 'customEventSchemaId', resource: 'customEventSchema', operation: 'create', parameters: { name: '{fresh}' } },
	'{newMetadataSchema}': {
		parameter: 'metadataSchemaId',
		resource: 'managementMetadataSchema',
		operation: 'create',
		parameters: { relatedObject: '{fresh}', properties: { property: [{ name: 'note', type: 'string' }] } },
	},
	'{newProject}': { parameter: 'projectId', resource: 'project', operation: 'create', parameters: { name: 'Fresh', caseSensitiveCodes: false, timezone: 'UTC', currency: 'EUR' } },
	// made in the project the entry names (after '{newProject}' is made)
	'{newStackingRules}': { parameter: 'stackingRulesId', resource: 'stackingRules', operation: 'create', parameters: {}, inProject: true },
	'{newAssignment}': {
		parameter: 'userId',
		resource: 'user',
		operation: 'assign',
		parameters: { identifyBy: 'login', login: FIXTURES.outsideUserLogin, role: 'USER' },
		inProject: true,
	},
	'{newBranding}': { parameter: 'brandingId', resource: 'branding', operation: 'create', parameters: BRANDING },
	'{newProgram}': { parameter: 'programId', resource: 'program', operation: 'create', parameters: { name: 'Fresh program', additionalFields: PROGRAM_ASSIGNMENTS } },
	// branch v2structure: a draft tier structure, and a tier of the draft fixture structure
	'{newTierStructure}': {
		parameter: 'tierStructure',
		resource: 'tierStructure',
		operation: 'create',
		parameters: { type: 'POINT_BALANCE', cardDefinitionId: FIXTURES.cardDefinitionActive },
		named: true,
	},
	'{newTier}': {
		parameter: 'tierId',
		resource: 'tierStructure',
		operation: 'createTier',
		parameters: { tierStructure: FIXTURES.tierStructureDraft, qualificationType: 'POINTS', minPoints: 5000 },
		named: true,
	},
	// branch v2structure: a draft program with a tier structure to unassign
	'{newTieredProgram}': {
		parameter: 'programId',
		resource: 'program',
		operation: 'create',
		parameters: { name: 'Fresh tiered program', additionalFields: { ...PROGRAM_ASSIGNMENTS, tierStructureId: FIXTURES.tierStructureDraft } },
	},
	// a customer to name in a body (the customer locator), and members of fresh customers ('{freshCustomer}')
	'{newCustomerRef}': { parameter: 'customer', resource: 'customer', operation: 'upsert', parameters: {} },
	'{newMember}': { parameter: 'memberId', resource: 'programMember', operation: 'add', parameters: { programId: FIXTURES.programActive, customer: '{freshCustomer}' } },
	'{newInactiveMember}': {
		parameter: 'memberId',
		resource: 'programMember',
		operation: 'add',
		parameters: { programId: FIXTURES.programActive, customer: '{freshCustomer}', additionalFields: { status: 'INACTIVE' } },
	},
	'{newPurchase}': {
		parameter: 'rewardTransactionId',
		resource: 'programMember',
		operation: 'purchaseReward',
		parameters: { programId: FIXTURES.programActive, memberId: FIXTURES.memberId, rewardId: FIXTURES.programRewardUnlimitedId },
		id: (json) => String((json.transaction as { id: string }).id),
	},
	// branch v1rest2: a tier of the promotion campaign, and a stack of its first tier
	'{newPromotionTier}': {
		parameter: 'promotionTierId',
		resource: 'promotionTier',
		operation: 'create',
		parameters: { campaignId: FIXTURES.promotionCampaignId, amountOff: 1 },
		named: true,
	},
	'{newPromotionStack}': {
		parameter: 'stackId',
		resource: 'promotionStack',
		operation: 'create',
		parameters: { campaignId: FIXTURES.promotionCampaignId, tierIds: FIXTURES.promotionTierIds[0] },
		named: true,
	},
	'{newValidationRule}': { parameter: 'validationRuleId', resource: 'validationRule', operation: 'create', parameters: {}, named: true },
	'{newValidationRuleAssignment}': {
		parameter: 'assignmentId',
		resource: 'validationRuleAssignment',
		operation: 'create',
		parameters: { validationRuleId: FIXTURES.validationRuleIds[0], relatedObjectType: 'voucher', relatedObjectId: '{fresh}' },
	},
	'{newReward}': { parameter: 'rewardId', resource: 'reward', operation: 'create', parameters: { type: 'COIN', exchangeRatio: 1 }, named: true },
	'{newRewardAssignment}': {
		parameter: 'assignmentId',
		resource: 'rewardAssignment',
		operation: 'create',
		parameters: { rewardId: FIXTURES.rewardIds[7], campaign: FIXTURES.campaignId, points: 5 },
	},
	'{newReferralHolder}': { parameter: 'holderId', resource: 'referralHolder', operation: 'add', parameters: { memberId: FIXTURES.referralCode, customer: '{freshCustomer}' } },
	'{newCampaignTemplate}': { parameter: 'campaignTemplateId', resource: 'campaignTemplate', operation: 'create', parameters: { source: 'campaign', campaignId: FIXTURES.discountCampaignId }, named: true },
	// a validation session locked on the voucher (the service names its key)
	'{newSession}': {
		parameter: 'sessionKey',
		resource: 'validation',
		operation: 'validate',
		parameters: { redeemables: { redeemable: [{ type: 'voucher', code: FIXTURES.percentCode }] }, additionalFields: { orderAmount: 50, sessionJson: '{"type": "LOCK"}' } },
		id: (json) => String((json.session as { key: string }).key),
	},
	'{newExport}': { parameter: 'exportId', resource: 'export', operation: 'create', parameters: { exportedObject: 'customer' }, named: true },
	'{newBinEntry}': {
		parameter: 'binEntryId',
		resource: 'trashBin',
		operation: 'getAll',
		parameters: { limit: 1, filters: { resourceType: 'voucher' } },
		voucherToBin: true,
	},
	'{newSegment}': { parameter: 'segmentId', resource: 'segment', operation: 'create', parameters: { type: 'static' }, named: true },
	'{newEarningRule}': { parameter: 'earningRuleId', resource: 'earningRule', operation: 'create', parameters: { earnings: V2_EARNINGS }, named: true },
	'{newActiveEarningRule}': { parameter: 'earningRuleId', resource: 'earningRule', operation: 'create', parameters: { earnings: V2_EARNINGS, additionalFields: { status: 'ACTIVE' } }, named: true },
	'{newBenefit}': { parameter: 'benefitId', resource: 'benefit', operation: 'create', parameters: V2_POINTS_BENEFIT, named: true },
	'{newActiveBenefit}': { parameter: 'benefitId', resource: 'benefit', operation: 'create', parameters: { ...V2_POINTS_BENEFIT, additionalFields: { status: 'ACTIVE' } }, named: true },
	// branch v1catalogue (issue 22)
	'{newProductCollection}': { parameter: 'productCollectionId', resource: 'productCollection', operation: 'create', parameters: { type: 'STATIC' }, named: true },
	'{newArea}': { parameter: 'areaId', resource: 'area', operation: 'create', parameters: {}, named: true },
	'{newCategory}': { parameter: 'categoryId', resource: 'category', operation: 'create', parameters: { hierarchy: 5 }, named: true },
	'{newSku}': { parameter: 'skuId', resource: 'sku', operation: 'upsert', parameters: { productId: FIXTURES.productId } },
	'{newLoyaltyReward}': { parameter: 'rewardId', resource: 'loyaltyReward', operation: 'create', parameters: V2_POINTS_REWARD, named: true },
	'{newActiveLoyaltyReward}': { parameter: 'rewardId', resource: 'loyaltyReward', operation: 'create', parameters: { ...V2_POINTS_REWARD, additionalFields: { status: 'ACTIVE' } }, named: true },
	'{newActiveProgram}': {
		parameter: 'programId',
		resource: 'program',
		operation: 'create',
		parameters: { name: 'Fresh active program', additionalFields: { ...PROGRAM_ASSIGNMENTS, status: 'ACTIVE' } },
	},
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
		const name = `minimal-fresh-${++fresh}`;
		// '{fresh}' in a maker's parameters is this run's unique name (for resources whose names must be unique)
		// '{freshCustomer}': a customer made for this run (upserted under this run's name as its source ID)
		if (make.voucherToBin) {
			const made = await runNode({ parameters: { resource: 'voucher', operation: 'create', type: 'DISCOUNT_VOUCHER', amountOff: 1 }, credentials: credentialsFor(emu) });
			await runNode({ parameters: { resource: 'voucher', operation: 'delete', code: String(made.items[0].json.code) }, credentials: credentialsFor(emu) });
		}
		if (Object.values(make.parameters).includes('{freshCustomer}')) {
			await runNode({ parameters: { resource: 'customer', operation: 'upsert', sourceId: name }, credentials: credentialsFor(emu) });
		}
		const given = Object.fromEntries(
			Object.entries(make.parameters).map(([key, value]) => [key, value === '{fresh}' || value === '{freshCustomer}' ? name : value]),
		);
		const created = await runNode({
			parameters: {
				resource: make.resource,
				operation: make.operation,
				...(make.named ? { name } : { sourceId: name }),
				...(make.inProject ? { projectId: parameters.projectId } : {}),
				...given,
			},
			credentials: credentialsFor(emu),
		});
		parameters[make.parameter] = make.id ? make.id(created.items[0].json) : String(created.items[0].json.id);
	}
	return parameters;
}
