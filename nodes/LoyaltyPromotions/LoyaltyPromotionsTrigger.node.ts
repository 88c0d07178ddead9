import {
	NodeConnectionTypes,
	type IExecuteFunctions,
	type IHookFunctions,
	type INodeExecutionData,
	type INodeType,
	type INodeTypeDescription,
	type IWebhookFunctions,
	type IWebhookResponseData,
} from 'n8n-workflow';
import { emitDeliveries, receiveDelivery } from './trigger/delivery';
import { triggerProperties } from './trigger/description';
import { checkSubscription, createSubscription, deleteSubscription } from './trigger/subscription';

export class LoyaltyPromotionsTrigger implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Loyalty Promotions Trigger',
		name: 'loyaltyPromotionsTrigger',
		icon: { light: 'file:loyaltyPromotions.svg', dark: 'file:loyaltyPromotions.dark.svg' },
		group: ['trigger'],
		version: 1,
		subtitle: '={{($parameter["events"] || []).includes("*") ? "All events" : "Events: " + ($parameter["events"] || []).join(", ")}}',
		// n8n's nodes panel shows the action node and this trigger as one entry, under the trigger's description
		// (generateMergedNodesAndActions): so it names what the action node does first, then what the trigger adds.
		description:
			'Vouchers, coupons, gift cards, promotions, referrals and loyalty programs of the Loyalty and Promotions Service (Voucherify, voucherify.io), and workflows started by its webhook events',
		defaults: { name: 'Loyalty Promotions Trigger' },
		inputs: [],
		outputs: [NodeConnectionTypes.Main],
		credentials: [{ name: 'loyaltyPromotionsManagementApi', required: true }],
		webhooks: [
			{
				name: 'default',
				httpMethod: 'POST',
				responseMode: 'onReceived',
				// Empty, so that n8n answers with the webhookResponse the node returns ({"received":true});
				// left out, n8n 2.41 answers the text "firstEntryJson".
				responseData: '',
				path: 'webhook',
			},
		],
		properties: triggerProperties,
	};

	webhookMethods = {
		default: {
			async checkExists(this: IHookFunctions): Promise<boolean> {
				return await checkSubscription(this);
			},
			async create(this: IHookFunctions): Promise<boolean> {
				return await createSubscription(this);
			},
			async delete(this: IHookFunctions): Promise<boolean> {
				return await deleteSubscription(this);
			},
		},
	};

	async webhook(this: IWebhookFunctions): Promise<IWebhookResponseData> {
		return await receiveDelivery.call(this);
	}

	/** The first step of every run a delivery starts: applies the Output option and records the delivery id. */
	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		return [emitDeliveries(this)];
	}
}
