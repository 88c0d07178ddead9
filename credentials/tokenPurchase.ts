import type { IDataObject, IHttpRequestHelper, IHttpRequestOptions, INodeProperties } from 'n8n-workflow';
import { OAuthTokenError, toOAuthTokenError } from './tokenError';

/**
 * Where a bought token lives: hidden, and expirable, so that n8n fetches it when empty and again, once, when a
 * request answers 401 (preAuthentication).
 */
export const ACCESS_TOKEN_PROPERTY: INodeProperties = {
	displayName: 'Access Token',
	name: 'accessToken',
	type: 'hidden',
	typeOptions: { expirable: true, password: true },
	default: '',
};

/** A client-credentials token request: where it goes, how it signs and its form fields. */
export interface TokenRequest {
	url: string;
	headers: Record<string, string>;
	form: Record<string, string>;
}

/** The HTTP options of a token request: a form POST that never follows a redirect (it would carry the keys along). */
export function tokenRequestOptions({ url, headers, form }: TokenRequest): IHttpRequestOptions {
	return {
		method: 'POST',
		url,
		headers: { ...headers, 'Content-Type': 'application/x-www-form-urlencoded' },
		body: new URLSearchParams(form).toString(),
		json: true,
		timeout: 30_000,
		disableFollowRedirect: true,
	};
}

/**
 * Buys an access token for an OAuth credential's preAuthentication (both OAuth credentials): what it throws is
 * an OAuthTokenError with the safe parts of the answer only, as the HTTP client's error holds the request's keys.
 */
export async function buyAccessToken(helper: IHttpRequestHelper, request: TokenRequest): Promise<{ accessToken: string }> {
	let token: IDataObject;
	try {
		token = (await helper.helpers.httpRequest(tokenRequestOptions(request))) as IDataObject;
	} catch (error) {
		throw toOAuthTokenError(error);
	}
	const accessToken = typeof token?.access_token === 'string' ? token.access_token : '';
	if (!accessToken) throw new OAuthTokenError('Could not get an OAuth access token: the answer held no access_token');
	return { accessToken };
}
