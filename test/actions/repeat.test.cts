import type { INodeProperties } from 'n8n-workflow';
import { ACTION_NODE_TYPE, nodeTypeFor } from '../harness/types.cjs';
import { isSafeToRepeat } from '../../nodes/LoyaltyPromotions/actions/types';
import { FIXTURES } from '../emulator/index.cjs';
import { OPERATIONS } from './minimal.cjs';
import { useEmulator } from './v2/helpers.cjs';

/**
 * Which operations are safe to repeat is data, declared once on the operation (by default: POST is not): the
 * transport repeats a request after a 5xx or a lost connection only when it is, and the panel shows a notice on
 * the others, because n8n's own Retry On Fail reruns the whole node, sending again the items that had
 * succeeded. The Concurrency option says the same.
 */

const ctx = useEmulator();
const properties = nodeTypeFor(ACTION_NODE_TYPE).description.properties;

function noticeFor(resource: string, operation: string): INodeProperties | undefined {
	return properties.find(
		(property) =>
			property.type === 'notice' &&
			property.name === 'repeatNotice' &&
			property.displayOptions?.show?.resource?.includes(resource) &&
			property.displayOptions?.show?.operation?.includes(operation),
	);
}

it('the operations not safe to repeat are the POSTs that create or change something each time they are sent', () => {
	const unsafe = OPERATIONS.filter(({ operation }) => !isSafeToRepeat(operation)).map(({ key }) => key);
	expect(unsafe.sort()).toEqual(
		[
			'campaign.addVouchers',
			'event.track',
			'loyaltyMember.add',
			'loyaltyMember.adjustPoints',
			'loyaltyMember.redeemReward',
			'oAuthToken.create',
			'order.create',
			'product.import',
			'program.create',
			'programReward.batch',
			'publication.create',
			'redemption.redeem',
			'rewardAssignment.create',
			'sku.create',
			'voucher.adjustBalance',
			'voucher.create',
			'webhook.create',
			// branch v1rest
			'campaign.create',
			// branch management
			'project.create',
			'customEventSchema.create',
			'managementMetadataSchema.create',
			'stackingRules.create',
			'branding.create',
			'managementCampaignTemplate.copy',
			'user.assign',
			'user.invite',
			// branch bulk: imports that are not upserts
			'voucher.import',
			'order.import',
			'campaign.importVouchers',
			'campaign.importVouchersCsv',
			// branch loyaltyv2
			'programMember.add',
			'programMember.addInBatch',
			'loyaltyCard.adjustPoints',
			'programMember.purchaseReward',
			'programMember.payOrderWithPoints',
			'earningRule.create',
			'benefit.create',
			// branch v2rewards
			'loyaltyReward.create',
			// branch v1rest2
			'promotionTier.create',
			'promotionStack.create',
			'validationRule.create',
			'validationRuleAssignment.create',
			'segment.create',
			'reward.create',
			'referralHolder.add',
			'referralHolder.addInCampaign',
			// branch v1catalogue: each create makes another record (names are not unique keys)
			'productCollection.create',
			'category.create',
			'area.create',
			'metadataSchema.create',
			// branch v2structure: batches leave the assignments changed (a repeated unassign answers 404), creates add records
			'program.batchCardDefinitions',
			'program.batchEarningRules',
			'program.batchTierStructures',
			'cardDefinition.create',
			'tierStructure.create',
			'tierStructure.createTier',
			// branch v1rest3
			'campaignTemplate.create',
			'campaignTemplate.setUpCampaign',
			'campaignTemplate.setUpTier',
			'publication.createViaGet',
		].sort(),
	);
});

it.each(OPERATIONS)('$key shows the Retry On Fail notice exactly when it is not safe to repeat', ({ resource, operation }) => {
	const notice = noticeFor(resource.value, operation.value);
	if (isSafeToRepeat(operation)) {
		expect(notice).toBeUndefined();
		return;
	}
	expect(notice?.displayName).toMatch(/^Not safe to repeat: keep Retry On Fail \(Settings\) off, since it resends items that succeeded/);
	if (operation.repeatHint) expect(notice?.displayName).toContain(operation.repeatHint);
});

it('the Concurrency option explains what Retry On Fail does', () => {
	const options = properties.find((property) => property.name === 'options')!;
	const concurrency = (options.options as INodeProperties[]).find((option) => option.name === 'concurrency')!;
	expect(concurrency.description).toMatch(/Retry On Fail \(node Settings\) reruns the whole node for every item, including those that succeeded/);
});

describe("the transport follows the operation's declaration", () => {
	it('Introspect (a POST declared safe) is repeated after a 503', async () => {
		ctx.emu.control.setFaults({ route: '/v1/oauth/introspect', sequence: [503] });
		const { error } = await ctx.run({ resource: 'oAuthToken', operation: 'introspect', accessToken: 'not-a-token' });
		expect(error).toBeUndefined();
		expect(ctx.emu.control.requests({ path: '/v1/oauth/introspect' }).map((request) => request.status)).toEqual([503, 200]);
	});

	it('Track (a POST, not safe) is sent once after a 503, and the error says why it was not repeated', async () => {
		ctx.emu.control.setFaults({ route: '/v1/events', sequence: [503] });
		const { error } = await ctx.run({ resource: 'event', operation: 'track', eventName: FIXTURES.customEventName, customerSourceId: 'once-1' });
		expect(error?.description).toMatch(/The request was not repeated, because repeating it could apply it twice/);
		expect(ctx.emu.control.requests({ path: '/v1/events' })).toHaveLength(1);
	});
});
