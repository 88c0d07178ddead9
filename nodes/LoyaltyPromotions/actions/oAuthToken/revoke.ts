import { requireText } from '../../shared/validate';
import type { OperationDefinition } from '../types';

export const revoke: OperationDefinition = {
	value: 'revoke',
	name: 'Revoke',
	action: 'Revoke an OAuth token',
	description: 'End an access token before it expires: requests with it are refused from then on',
	endpoint: 'POST /v1/oauth/token/revoke',
	// Revoking a token twice leaves it revoked, so a repeat after a fault is harmless.
	safeToRepeat: true,
	properties: [
		{
			displayName: 'Access Token',
			name: 'accessToken',
			type: 'string',
			typeOptions: { password: true },
			default: '',
			required: true,
			description: 'The token to revoke. The output does not repeat it.',
		},
	],
	build(params) {
		const accessToken = requireText(params, 'Access Token', params.get('accessToken', '')).trim();
		// The service answers 204 with no content.
		return { method: 'POST', path: '/v1/oauth/token/revoke', form: { access_token: accessToken }, noContent: true };
	},
	// The token is never echoed.
	output: () => [{ revoked: true }],
};
