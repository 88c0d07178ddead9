import type {
	ICredentialDataDecryptedObject,
	ICredentialTestRequest,
	ICredentialType,
	IHttpRequestHelper,
	IHttpRequestOptions,
	INodeProperties,
} from 'n8n-workflow';
import { credentialText } from './appKeys';
import { SERVICE_KEY_TEST_RULES } from './testRules';
import { BASE_URL_EXPRESSION, baseUrlOf, locationProperties } from './location';
import { FINE_GRAINED_EXAMPLES, joinFineGrainedScopes } from './scopes';
import { OAuthTokenError } from './tokenError';
import { ACCESS_TOKEN_PROPERTY, buyAccessToken, tokenRequestOptions, type TokenRequest } from './tokenPurchase';

/** The OAuth v2 token endpoint (announced 22 July 2026; its bodies are not published). */
const TOKEN_PATH = '/v2/oauth/token';

/** The token request of a service key: Basic auth with the key, and the scopes and project it is for. */
function serviceKeyTokenRequest(credentials: ICredentialDataDecryptedObject): TokenRequest {
	let scope: string;
	try {
		scope = joinFineGrainedScopes(credentials.scopes);
	} catch (error) {
		throw new OAuthTokenError((error as Error).message);
	}
	const projectId = credentialText(credentials.projectId);
	if (!projectId) throw new OAuthTokenError('Project ID: enter the project the token is for (proj_…); a service key may serve several');
	const key = `${credentialText(credentials.clientId)}:${credentialText(credentials.clientSecret)}`;
	return {
		url: `${baseUrlOf(credentials)}${TOKEN_PATH}`,
		headers: { Authorization: `Basic ${Buffer.from(key, 'utf8').toString('base64')}` },
		form: { grant_type: 'client_credentials', scope, project_id: projectId },
	};
}

/**
 * OAuth v2 with an OAuth service key: the key buys a 15-minute bearer token from POST /v2/oauth/token for one
 * project and fine-grained scopes. Like the OAuth2.0 credential, the token lives in a hidden `expirable` field,
 * which the transport renews once for all requests in flight.
 */
export class LoyaltyPromotionsOAuthServiceKeyApi implements ICredentialType {
	name = 'loyaltyPromotionsOAuthServiceKeyApi';

	displayName = 'Loyalty Promotions (Voucherify) OAuth Service Key API';

	icon = { light: 'file:loyaltyPromotions.svg', dark: 'file:loyaltyPromotions.dark.svg' } as const;

	documentationUrl = 'https://docs.voucherify.io/docs/authentication';

	properties: INodeProperties[] = [
		{
			displayName: 'Client ID',
			name: 'clientId',
			type: 'string',
			default: '',
			required: true,
			description: 'The OAuth service key\'s ID, from Project Settings or Team Settings → OAuth Service',
		},
		{
			displayName: 'Client Secret',
			name: 'clientSecret',
			type: 'string',
			typeOptions: { password: true },
			default: '',
			required: true,
			description: 'The secret paired with the Client ID. Spaces and line breaks around it (from copying it) are left out when it is sent.',
		},
		{
			displayName: 'Project ID',
			name: 'projectId',
			type: 'string',
			default: '',
			required: true,
			placeholder: 'proj_abc123',
			description: 'The project the tokens are for: a team key serves several projects, with a role in each',
		},
		{
			displayName: 'Scopes',
			name: 'scopes',
			type: 'string',
			default: '',
			required: true,
			placeholder: 'vouchers.read',
			description: `Permission codes separated by spaces or commas, each a resource and an action (e.g. ${FINE_GRAINED_EXAMPLES.join(', ')}), within the key's role in the project`,
		},
		ACCESS_TOKEN_PROPERTY,
		...locationProperties,
	];

	async preAuthentication(this: IHttpRequestHelper, credentials: ICredentialDataDecryptedObject) {
		return await buyAccessToken(this, serviceKeyTokenRequest(credentials));
	}

	/**
	 * The bearer token alone: a service key is not an app key pair. The credential test's request (to the token
	 * endpoint) becomes a token request, so that a key passes whatever its scopes, and each failure is the token
	 * endpoint's answer, which the test's rules name.
	 */
	async authenticate(credentials: ICredentialDataDecryptedObject, requestOptions: IHttpRequestOptions): Promise<IHttpRequestOptions> {
		const url = `${requestOptions.baseURL ?? ''}${requestOptions.url}`;
		if (url.endsWith(TOKEN_PATH)) return { ...requestOptions, ...tokenRequestOptions(serviceKeyTokenRequest(credentials)) };
		return { ...requestOptions, headers: { ...requestOptions.headers, Authorization: `Bearer ${credentialText(credentials.accessToken)}` } };
	}

	test: ICredentialTestRequest = {
		request: { baseURL: BASE_URL_EXPRESSION, url: TOKEN_PATH, method: 'POST', disableFollowRedirect: true },
		rules: SERVICE_KEY_TEST_RULES,
	};
}
