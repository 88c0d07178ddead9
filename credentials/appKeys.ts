import type { ICredentialDataDecryptedObject, IHttpRequestOptions, INodeProperties } from 'n8n-workflow';

/** The application key pair, shared by the App Keys and OAuth2 credentials (OAuth buys its token with it). */
export const appKeyProperties: INodeProperties[] = [
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
		description: 'The secret key paired with the application ID. Spaces and line breaks around it (from copying it) are left out when it is sent.',
	},
];

/**
 * A credential field's value as sent: without the spaces, tabs and line breaks that copying a key often brings
 * along. HTTP would drop them from a header anyway; trimming here makes what is sent, and so what redaction
 * looks for, one known text.
 */
export function credentialText(value: unknown): string {
	return String(value ?? '').trim();
}

/** The headers that carry the application key pair. */
export function appKeyHeaders(credentials: ICredentialDataDecryptedObject): Record<string, string> {
	return { 'X-App-Id': credentialText(credentials.appId), 'X-App-Token': credentialText(credentials.appToken) };
}

/**
 * An `authenticate` that adds headers computed from the credential. Plain code rather than n8n expressions:
 * it runs for every request, and n8n's expression engine costs about 0.1 ms a request, which bulk runs feel.
 */
export function authenticateWithHeaders(
	headersFor: (credentials: ICredentialDataDecryptedObject) => Record<string, string>,
): (credentials: ICredentialDataDecryptedObject, requestOptions: IHttpRequestOptions) => Promise<IHttpRequestOptions> {
	return async (credentials: ICredentialDataDecryptedObject, requestOptions: IHttpRequestOptions) => ({
		...requestOptions,
		headers: { ...requestOptions.headers, ...headersFor(credentials) },
	});
}
