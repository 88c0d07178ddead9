import type {
	IAuthenticateGeneric,
	ICredentialTestRequest,
	ICredentialType,
	INodeProperties,
} from 'n8n-workflow';
import { BASE_URL_EXPRESSION, locationProperties } from './location';

export class LoyaltyPromotionsAppApi implements ICredentialType {
	name = 'loyaltyPromotionsAppApi';

	displayName = 'Loyalty Promotions App Keys API';

	icon = { light: 'file:loyaltyPromotions.svg', dark: 'file:loyaltyPromotions.dark.svg' } as const;

	documentationUrl = 'https://docs.voucherify.io/docs/authentication';

	properties: INodeProperties[] = [
		{
			displayName: 'Application ID',
			name: 'appId',
			type: 'string',
			default: '',
			required: true,
			description: 'From Project Settings → Application Keys',
		},
		{
			displayName: 'Secret Key',
			name: 'appToken',
			type: 'string',
			typeOptions: { password: true },
			default: '',
			required: true,
			description: 'The secret key paired with the application ID',
		},
		...locationProperties,
	];

	authenticate: IAuthenticateGeneric = {
		type: 'generic',
		properties: {
			headers: {
				'X-App-Id': '={{$credentials.appId}}',
				'X-App-Token': '={{$credentials.appToken}}',
			},
		},
	};

	test: ICredentialTestRequest = {
		request: { baseURL: BASE_URL_EXPRESSION, url: '/v1/categories', method: 'GET' },
	};
}
