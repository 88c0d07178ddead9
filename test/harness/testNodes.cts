import {
	NodeConnectionTypes,
	type IDataObject,
	type IExecuteFunctions,
	type INodeExecutionData,
	type INodeType,
	type INodeTypeDescription,
} from 'n8n-workflow';

/** Lets a test node use any of the package's credentials. */
export const ANY_PACKAGE_CREDENTIAL: INodeTypeDescription['credentials'] = [
	{ name: 'loyaltyPromotionsAppApi', required: false },
	{ name: 'loyaltyPromotionsManagementApi', required: false },
	{ name: 'loyaltyPromotionsOAuth2Api', required: false },
	{ name: 'loyaltyPromotionsOAuthServiceKeyApi', required: false },
];

/** Emits the items in its `items` parameter: the input of the node under test. */
export class FixtureInput implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Fixture Input',
		name: 'fixtureInput',
		group: ['input'],
		version: 1,
		description: 'Test input',
		defaults: { name: 'Fixture Input' },
		inputs: [],
		outputs: [NodeConnectionTypes.Main],
		properties: [{ displayName: 'Items', name: 'items', type: 'json', default: '[]' }],
	};

	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		const raw = this.getNodeParameter('items', 0) as string | IDataObject[];
		const items = (typeof raw === 'string' ? JSON.parse(raw) : raw) as IDataObject[];
		return [items.map((json, index) => ({ json, pairedItem: { item: index } }))];
	}
}

/**
 * What the credential probe threw, as thrown: n8n's run data keeps a copy without the error's `cause`, which n8n's
 * credential test reads the answered status from.
 */
export const credentialProbeErrors: unknown[] = [];

/**
 * Sends a credential type's test request through n8n's httpRequestWithAuthentication, as n8n's credential
 * test does: with the credential's real preAuthentication and authenticate.
 */
export class CredentialProbe implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Credential Probe',
		name: 'credentialProbe',
		group: ['transform'],
		version: 1,
		description: 'Test a credential',
		defaults: { name: 'Credential Probe' },
		inputs: [NodeConnectionTypes.Main],
		outputs: [NodeConnectionTypes.Main],
		credentials: ANY_PACKAGE_CREDENTIAL,
		properties: [
			{ displayName: 'Type', name: 'credentialType', type: 'string', default: '' },
			{ displayName: 'Method', name: 'method', type: 'string', default: 'GET' },
			{ displayName: 'URL', name: 'url', type: 'string', default: '' },
		],
	};

	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		try {
			const response = (await this.helpers.httpRequestWithAuthentication.call(
				this,
				this.getNodeParameter('credentialType', 0) as string,
				{
					method: this.getNodeParameter('method', 0) as 'GET',
					url: this.getNodeParameter('url', 0) as string,
					json: true,
					returnFullResponse: true,
				},
			)) as { statusCode: number };
			return [[{ json: { statusCode: response.statusCode }, pairedItem: { item: 0 } }]];
		} catch (error) {
			credentialProbeErrors.push(error);
			throw error;
		}
	}
}
