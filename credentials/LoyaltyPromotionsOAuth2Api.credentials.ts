import type {
	IAuthenticate,
	ICredentialDataDecryptedObject,
	ICredentialTestRequest,
	ICredentialType,
	IHttpRequestHelper,
	INodeProperties,
} from 'n8n-workflow';
import { appKeyHeaders, appKeyProperties, authenticateWithHeaders, credentialText } from './appKeys';
import { OAUTH_TEST_RULES } from './testRules';
import { BASE_URL_EXPRESSION, baseUrlOf, locationProperties } from './location';
import { joinScopes, SCOPES } from './scopes';
import { OAuthTokenError } from './tokenError';
import { ACCESS_TOKEN_PROPERTY, buyAccessToken } from './tokenPurchase';

/**
 * Client-credentials OAuth: the app keys buy a bearer token from POST /v1/oauth/token. The token lives in a
 * hidden `expirable` field, so n8n fetches it when empty and again, once, when a request answers 401.
 */
export class LoyaltyPromotionsOAuth2Api implements ICredentialType {
	name = 'loyaltyPromotionsOAuth2Api';

	displayName = 'Loyalty Promotions (Voucherify) OAuth2.0 API';

	icon = { light: 'file:loyaltyPromotions.svg', dark: 'file:loyaltyPromotions.dark.svg' } as const;

	documentationUrl = 'https://docs.voucherify.io/reference/generate-oauth-20-token';

	properties: INodeProperties[] = [
		{
			displayName: 'Takes the same Application ID and Secret Key as the App Keys credential (Project Settings → Application Keys) and buys a bearer token with them: either credential works for every resource it lists, Loyalty v2 included',
			name: 'sameKeysNotice',
			type: 'notice',
			default: '',
		},
		...appKeyProperties,
		{
			// A text field, not a multi-select: n8n's credential form shows a multi-select's default as an empty
			// "Select", while a text field shows "api". A list of scopes in a saved credential is read too.
			displayName: 'Scopes',
			name: 'scopes',
			type: 'string',
			default: 'api',
			placeholder: 'api',
			description: `What the token may do: scope names separated by spaces or commas, e.g. "api" (the whole server-side API) or "customers, vouchers". Empty means "api". Known scopes: ${SCOPES.join(', ')}.`,
		},
		ACCESS_TOKEN_PROPERTY,
		...locationProperties,
	];

	async preAuthentication(this: IHttpRequestHelper, credentials: ICredentialDataDecryptedObject) {
		let scope: string;
		try {
			scope = joinScopes(credentials.scopes, 'Scopes', 'api');
		} catch (error) {
			throw new OAuthTokenError((error as Error).message);
		}
		return await buyAccessToken(this, {
			url: `${baseUrlOf(credentials)}/v1/oauth/token`,
			headers: appKeyHeaders(credentials),
			form: { grant_type: 'client_credentials', scope },
		});
	}

	authenticate: IAuthenticate = authenticateWithHeaders((credentials) => ({
		Authorization: `Bearer ${credentialText(credentials.accessToken)}`,
		...appKeyHeaders(credentials),
	}));

	test: ICredentialTestRequest = {
		request: { baseURL: BASE_URL_EXPRESSION, url: '/v1/categories', method: 'GET', disableFollowRedirect: true },
		rules: OAUTH_TEST_RULES,
	};
}
