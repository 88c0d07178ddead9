import {
	NodeConnectionTypes,
	type IExecuteFunctions,
	type INodeExecutionData,
	type INodeType,
	type INodeTypeBaseDescription,
	type INodeTypeDescription,
} from 'n8n-workflow';
import { collectMethods, describeResources, subtitleExpression } from './description';
import { RESOURCES } from './resources';
import { route } from './router';
import { resourcesForVersion } from './versions';

/** One version of the action node: its description from the resources that version offers; one router for all. */
export class LoyaltyPromotionsVersion implements INodeType {
	description: INodeTypeDescription;

	methods = collectMethods(RESOURCES);

	constructor(baseDescription: INodeTypeBaseDescription, version: number) {
		const resources = resourcesForVersion(RESOURCES, version);
		this.description = {
			...baseDescription,
			version,
			subtitle:
				version >= 2 ? subtitleExpression(resources) : '={{$parameter["operation"] + ": " + $parameter["resource"]}}',
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
			properties: describeResources(resources, version),
		};
	}

	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		return await route.call(this);
	}
}
