import { joinScopes, SCOPE_OPTIONS } from '../../../../credentials/scopes';
import { fail } from '../../shared/validate';
import type { OperationDefinition } from '../types';

const SCOPES_FIELD = 'Scopes';

export const create: OperationDefinition = {
	value: 'create',
	name: 'Create',
	action: 'Create an OAuth token',
	description: 'Buy an access token with the app keys (client credentials grant)',
	endpoint: 'POST /v1/oauth/token',
	properties: [
		{
			displayName: 'Scopes',
			name: 'scopes',
			type: 'multiOptions',
			options: SCOPE_OPTIONS,
			default: ['api'],
			required: true,
			description: 'What the token may do; "api" covers the whole server-side API. Sent space-separated.',
		},
	],
	build(params) {
		let scope: string;
		try {
			scope = joinScopes(params.get('scopes', []), SCOPES_FIELD);
		} catch (error) {
			fail(params, SCOPES_FIELD, (error as Error).message.replace(`${SCOPES_FIELD}: `, ''));
		}
		return {
			method: 'POST',
			path: '/v1/oauth/token',
			form: { grant_type: 'client_credentials', scope },
		};
	},
};
