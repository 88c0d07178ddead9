import {
	NodeConnectionTypes,
	type IExecuteFunctions,
	type INodeExecutionData,
	type INodeType,
	type INodeTypeDescription,
} from 'n8n-workflow';
import { collectMethods, describeResources } from './actions/description';
import { RESOURCES } from './actions/resources';
import { route } from './actions/router';

export class LoyaltyPromotions implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Loyalty Promotions',
		name: 'loyaltyPromotions',
		icon: { light: 'file:loyaltyPromotions.svg', dark: 'file:loyaltyPromotions.dark.svg' },
		group: ['transform'],
		version: 1,
		subtitle: '={{$parameter["operation"] + ": " + $parameter["resource"]}}',
		description:
			'Loyalty programs, vouchers, customers, SKUs, events and webhooks of the Loyalty and Promotions Service (voucherify.io)',
		defaults: { name: 'Loyalty Promotions' },
		usableAsTool: true,
		inputs: [NodeConnectionTypes.Main],
		outputs: [NodeConnectionTypes.Main],
		credentials: [
			{
				name: 'loyaltyPromotionsAppApi',
				required: true,
				displayOptions: { show: { authentication: ['appKeys'] } },
			},
			{
				name: 'loyaltyPromotionsOAuth2Api',
				required: true,
				displayOptions: { show: { authentication: ['oAuth2'] } },
			},
			{
				name: 'loyaltyPromotionsManagementApi',
				required: true,
				displayOptions: { show: { authentication: ['managementKeys'] } },
			},
		],
		properties: describeResources(RESOURCES),
	};

	methods = collectMethods(RESOURCES);

	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		return route.call(this);
	}
}
