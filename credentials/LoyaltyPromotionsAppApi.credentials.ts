import type {
	IAuthenticate,
	ICredentialTestRequest,
	ICredentialType,
	INodeProperties,
} from 'n8n-workflow';
import { appKeyHeaders, appKeyProperties, authenticateWithHeaders } from './appKeys';
import { APP_KEY_TEST_RULES } from './testRules';
import { BASE_URL_EXPRESSION, locationProperties } from './location';

export class LoyaltyPromotionsAppApi implements ICredentialType {
	name = 'loyaltyPromotionsAppApi';

	displayName = 'Loyalty Promotions App Keys API';

	icon = { light: 'file:loyaltyPromotions.svg', dark: 'file:loyaltyPromotions.dark.svg' } as const;

	documentationUrl = 'https://docs.voucherify.io/docs/authentication';

	properties: INodeProperties[] = [
		...appKeyProperties,
		...locationProperties,
	];

	authenticate: IAuthenticate = authenticateWithHeaders(appKeyHeaders);

	test: ICredentialTestRequest = {
		// Redirects are not followed: they would carry the keys along.
		request: { baseURL: BASE_URL_EXPRESSION, url: '/v1/categories', method: 'GET', disableFollowRedirect: true },
		rules: APP_KEY_TEST_RULES,
	};
}
