import type { IAuthenticateRuleResponseCode } from 'n8n-workflow';

/**
 * A credential test's failures as sentences naming the field to fix, by the status the service answers (n8n's
 * credential test shows the rule's message instead of the bare status text, e.g. "Unauthorized").
 */
export function failureRules(messages: Record<number, string>): IAuthenticateRuleResponseCode[] {
	return Object.entries(messages).map(([status, message]) => ({ type: 'responseCode', properties: { value: Number(status), message } }));
}

const NOT_THE_SERVICE =
	'Cluster / Base URL: nothing at this address answers as the service does (404). Check the cluster, or the Custom URL (e.g. https://api.voucherify.io).';

export const APP_KEY_TEST_RULES = failureRules({
	401: 'Application ID or Secret Key: the service refused them (401). Copy both from the project\'s Project Settings → Application Keys, and check the cluster is the project\'s.',
	403: 'Application ID or Secret Key: these keys may not read the project (403). Use server-side keys, not client-side ones.',
	404: NOT_THE_SERVICE,
});

export const OAUTH_TEST_RULES = failureRules({
	401: 'Scopes: the token was refused for reading categories (401). Choose "api" (the whole server-side API) or include "categories".',
	403: 'Scopes: the token may not read categories (403). Choose "api" or include "categories".',
	404: NOT_THE_SERVICE,
});

export const MANAGEMENT_TEST_RULES = failureRules({
	401: 'Management ID or Management Token: the service refused them (401). Copy both from Team Settings → Management API Keys.',
	402: "Management ID: the account's plan has no Management API (402). Management keys need a plan that includes it.",
	403: 'Management ID or Management Token: these keys may not manage this project, or the plan has no Management API (403).',
	404: 'Project ID: the management keys find no such project (404), or the Cluster / Base URL is not the service. Copy the ID (proj_…) from the project\'s settings.',
});

/**
 * The OAuth service key's credential test is a token request (see its credential file): each status is the
 * token endpoint's answer, and names the field to fix.
 */
export const SERVICE_KEY_TEST_RULES = failureRules({
	400: 'Scopes or Project ID: the service refused the token request (400). Scopes are permission codes such as vouchers.read, separated by spaces; the Project ID is proj_….',
	401: 'Client ID or Client Secret: the service refused the OAuth service key (401). Copy both from Project or Team Settings → OAuth Service, and check the cluster is the project\'s.',
	403: "Scopes: a scope is outside the role the service key has in this project (403). Choose only permissions the key's role grants, or give the key a role that has them.",
	404: 'Project ID or Cluster / Base URL: the service key has no such project (404), or nothing at this address answers as the service does. Use a project the key was created for (proj_…).',
});
