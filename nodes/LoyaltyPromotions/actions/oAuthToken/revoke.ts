import type { OperationDefinition } from '../types';
import { accessTokenProperty, readAccessToken } from './fields';

export const revoke: OperationDefinition = {
	value: 'revoke',
	name: 'Revoke',
	action: 'Revoke an OAuth token',
	description: 'End an access token before it expires: requests with it are refused from then on',
	endpoint: 'POST /v1/oauth/token/revoke',
	// Revoking a token twice leaves it revoked, so a repeat after a fault is harmless.
	safeToRepeat: true,
	properties: [
		accessTokenProperty('The token to revoke. The output does not repeat it.'),
	],
	build(params) {
		const accessToken = readAccessToken(params);
		// The service answers 204 with no content.
		return { method: 'POST', path: '/v1/oauth/token/revoke', form: { access_token: accessToken }, noContent: true, secrets: [accessToken] };
	},
	// The token is never echoed.
	output: () => [{ revoked: true }],
};
