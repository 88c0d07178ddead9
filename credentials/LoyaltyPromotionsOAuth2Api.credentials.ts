import type {
	IAuthenticateGeneric,
	ICredentialDataDecryptedObject,
	ICredentialTestRequest,
	ICredentialType,
	IDataObject,
	IHttpRequestHelper,
	IHttpRequestOptions,
	INodeProperties,
} from 'n8n-workflow';
import { BASE_URL_EXPRESSION, baseUrlOf, locationProperties } from './location';
import { joinScopes, SCOPE_OPTIONS } from './scopes';

/**
 * Client-credentials OAuth: the app keys buy a bearer token from POST /v1/oauth/token. The token lives in a
 * hidden `expirable` field, so n8n fetches it when empty and again, once, when a request answers 401.
 */
export class LoyaltyPromotionsOAuth2Api implements ICredentialType {
	name = 'loyaltyPromotionsOAuth2Api';

	displayName = 'Loyalty Promotions OAuth2 API';

	icon = { light: 'file:loyaltyPromotions.svg', dark: 'file:loyaltyPromotions.dark.svg' } as const;

	documentationUrl = 'https://docs.voucherify.io/reference/generate-oauth-20-token';

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
		},
		{
			displayName: 'Scopes',
			name: 'scopes',
			type: 'multiOptions',
			options: SCOPE_OPTIONS,
			default: ['api'],
			description: 'What the token may do. "api" covers the whole server-side API.',
		},
		{
			displayName: 'Access Token',
			name: 'accessToken',
			type: 'hidden',
			typeOptions: { expirable: true, password: true },
			default: '',
		},
		...locationProperties,
	];

	async preAuthentication(this: IHttpRequestHelper, credentials: ICredentialDataDecryptedObject) {
		const request: IHttpRequestOptions = {
			method: 'POST',
			url: `${baseUrlOf(credentials)}/v1/oauth/token`,
			headers: {
				'X-App-Id': String(credentials.appId ?? ''),
				'X-App-Token': String(credentials.appToken ?? ''),
				'Content-Type': 'application/x-www-form-urlencoded',
			},
			body: new URLSearchParams({
				grant_type: 'client_credentials',
				scope: joinScopes(credentials.scopes),
			}).toString(),
			json: true,
		};
		const token = (await this.helpers.httpRequest(request)) as IDataObject;
		return { accessToken: String(token.access_token ?? '') };
	}

	authenticate: IAuthenticateGeneric = {
		type: 'generic',
		properties: {
			headers: {
				Authorization: '=Bearer {{$credentials.accessToken}}',
				'X-App-Id': '={{$credentials.appId}}',
				'X-App-Token': '={{$credentials.appToken}}',
			},
		},
	};

	test: ICredentialTestRequest = {
		request: { baseURL: BASE_URL_EXPRESSION, url: '/v1/categories', method: 'GET' },
	};
}
