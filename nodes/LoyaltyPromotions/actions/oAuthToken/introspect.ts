import type { OperationDefinition } from '../types';
import { accessTokenProperty, readAccessToken } from './fields';

export const introspect: OperationDefinition = {
	value: 'introspect',
	name: 'Introspect',
	action: 'Introspect an OAuth token',
	description: 'Check an access token: its scope, expiry and whether it is active',
	endpoint: 'POST /v1/oauth/introspect',
	// Asking about a token changes nothing, so a repeat after a fault is harmless.
	safeToRepeat: true,
	properties: [
		accessTokenProperty('The token to check. A token the service does not know comes back with active set to false.'),
	],
	build(params) {
		const accessToken = readAccessToken(params);
		return {
			method: 'POST',
			path: '/v1/oauth/introspect',
			form: { access_token: accessToken },
			secrets: [accessToken],
		};
	},
};
