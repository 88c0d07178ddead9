import type { IDataObject } from 'n8n-workflow';
import { additionalFieldsProperty, compact, metadataJsonProperty, metadataProperty, readMetadata } from '../../shared/fields';
import { locatorProperty } from '../../shared/locator';
import { maxPointsPerCallProperty, readBoundedPoints } from '../../shared/limits';
import { parseJsonObject, toMinorUnits } from '../../shared/validate';
import type { OperationDefinition } from '../types';
import { campaignOption, memberIdProperty, memberPath, V1_LOYALTY_DEPRECATED_SINCE } from './fields';

export const redeemReward: OperationDefinition = {
	value: 'redeemReward',
	name: 'Redeem Reward',
	action: 'Redeem a reward with v1 loyalty points',
	description: "Spend a member's points on a reward offered in the card's loyalty program",
	endpoint: 'POST /v1/loyalties/members/{memberId}/redemption or POST /v1/loyalties/{campaignId}/members/{memberId}/redemption',
	deprecated: 'Program Member → Purchase Reward (Loyalty v2)',
	deprecatedSince: V1_LOYALTY_DEPRECATED_SINCE,
	properties: [
		memberIdProperty,
		locatorProperty({
			name: 'rewardId',
			displayName: 'Reward',
			description: "The reward; it must be offered in the card's loyalty program",
			noun: 'reward',
			searchListMethod: 'searchRewards',
			idPlaceholder: 'rew_…',
		}),
		maxPointsPerCallProperty,
		additionalFieldsProperty([
			metadataProperty,
			metadataJsonProperty,
			{
				displayName: 'Order Amount',
				name: 'orderAmount',
				type: 'number',
				typeOptions: { minValue: 0, numberPrecision: 2 },
				default: 0,
				description: "For a pay-with-points reward: the order's total, in the currency's main unit (sent ×100)",
			},
			{
				displayName: 'Order (JSON)',
				name: 'orderJson',
				type: 'json',
				default: '{}',
				placeholder: '{ "source_id": "ORD-1001", "items": [{ "product_id": "prod_…", "quantity": 1, "price": 2500 }] }',
				description: 'For a pay-with-points reward: the order as the service takes it (amounts in hundredths); Order Amount, when set, wins',
			},
			campaignOption,
			{
				displayName: 'Points',
				name: 'points',
				type: 'number',
				typeOptions: { minValue: 1, numberPrecision: 0 },
				default: 1,
				description: "For a pay-with-points reward: how many points to spend (the reward's cost otherwise)",
			},
		]),
	],
	bounded: { 'additionalFields.points': 'points' },
	build(params) {
		const fields = params.get<IDataObject>('additionalFields', {});
		const rewardId = params.id('rewardId', 'Reward');
		const order = fields.orderJson === undefined ? {} : parseJsonObject(params, 'Order (JSON)', fields.orderJson);
		if (fields.orderAmount !== undefined) order.amount = toMinorUnits(params, 'Order Amount', fields.orderAmount);
		const body = compact({
			reward: compact({ id: rewardId, points: fields.points === undefined ? undefined : readBoundedPoints(params, 'Points', fields.points, 1) }),
			order: Object.keys(order).length > 0 ? order : undefined,
			metadata: readMetadata(params, fields),
		});
		// Not safe to repeat: a second request would spend the points again.
		return { method: 'POST', path: memberPath(params, fields, '/redemption'), body };
	},
};
