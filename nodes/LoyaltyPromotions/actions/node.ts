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

/**
 * One description of the action node, for one version (1) or several (2 and 3 share theirs): its parameters from
 * the resources it offers; one router for all, which reads the node's typeVersion where versions differ.
 */
export class LoyaltyPromotionsVersion implements INodeType {
	description: INodeTypeDescription;

	methods = collectMethods(RESOURCES);

	constructor(baseDescription: INodeTypeBaseDescription, version: number | number[]) {
		const first = Array.isArray(version) ? version[0] : version;
		const resources = resourcesForVersion(RESOURCES, first);
		this.description = {
			...baseDescription,
			version,
			subtitle:
				first >= 2 ? subtitleExpression(resources) : '={{$parameter["operation"] + ": " + $parameter["resource"]}}',
			defaults: { name: 'Loyalty Promotions' },
			// A tool node is always created at the latest version; version 1 (superseded within two days, before the
			// first release) is not offered as one, which keeps its copy out of every editor load.
			...(first >= 2 ? { usableAsTool: true as const } : {}),
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
					name: 'loyaltyPromotionsOAuthServiceKeyApi',
					required: true,
					displayOptions: { show: { authentication: ['oAuthServiceKey'] } },
				},
				{
					name: 'loyaltyPromotionsManagementApi',
					required: true,
					displayOptions: { show: { authentication: ['managementKeys'] } },
				},
			],
			properties: describeResources(resources, first),
		};
	}

	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		return await route.call(this);
	}
}
