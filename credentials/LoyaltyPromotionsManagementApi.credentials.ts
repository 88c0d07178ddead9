import type {
	IAuthenticate,
	ICredentialTestRequest,
	ICredentialType,
	INodeProperties,
} from 'n8n-workflow';
import { authenticateWithHeaders, credentialText } from './appKeys';
import { MANAGEMENT_TEST_RULES } from './testRules';
import { BASE_URL_EXPRESSION, locationProperties } from './location';

export class LoyaltyPromotionsManagementApi implements ICredentialType {
	name = 'loyaltyPromotionsManagementApi';

	displayName = 'Loyalty Promotions (Voucherify) Management API';

	icon = { light: 'file:loyaltyPromotions.svg', dark: 'file:loyaltyPromotions.dark.svg' } as const;

	documentationUrl = 'https://docs.voucherify.io/docs/management-api';

	properties: INodeProperties[] = [
		{
			displayName: 'Management ID',
			name: 'managementId',
			type: 'string',
			default: '',
			required: true,
			description: 'From Team Settings → Management API Keys (needs a plan with the Management API)',
		},
		{
			displayName: 'Management Token',
			name: 'managementToken',
			type: 'string',
			typeOptions: { password: true },
			default: '',
			required: true,
			description: 'Spaces and line breaks around it (from copying it) are left out when it is sent',
		},
		{
			displayName: 'Project ID',
			name: 'projectId',
			type: 'string',
			default: '',
			required: true,
			placeholder: 'proj_abc123',
			description:
				'The project that management operations and the trigger use unless a node says otherwise',
		},
		{
			displayName: 'Webhook Signing Secret',
			name: 'webhookSecret',
			type: 'string',
			typeOptions: { password: true },
			default: '',
			description:
				"The project's webhook secret, shown only in the service's Project Settings → Webhooks (the API never returns it). The trigger refuses deliveries whose x-voucherify-signature does not match it, and cannot be activated without it unless its Verify Signature option is off.",
		},
		...locationProperties,
	];

	authenticate: IAuthenticate = authenticateWithHeaders((credentials) => ({
		'X-Management-Id': credentialText(credentials.managementId),
		'X-Management-Token': credentialText(credentials.managementToken),
	}));

	test: ICredentialTestRequest = {
		request: {
			baseURL: BASE_URL_EXPRESSION,
			url: '=/management/v1/projects/{{encodeURIComponent($credentials.projectId)}}/custom-event-schemas',
			method: 'GET',
			// Redirects are not followed: they would carry the keys along.
			disableFollowRedirect: true,
		},
		rules: MANAGEMENT_TEST_RULES,
	};
}
