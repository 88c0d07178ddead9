/** Every OAuth scope name the service knows, as data: used by the OAuth credential, the node and the tests. */
export const SCOPE_GROUPS = {
	whole: ['api', 'client_api'],
	serverSide: [
		'assets',
		'async-actions',
		'campaigns',
		'categories',
		'consents',
		'customers',
		'events',
		'exports',
		'locations',
		'loyalties',
		'metadata-schemas',
		'orders',
		'product-collections',
		'products',
		'promotions',
		'publications',
		'qualifications',
		'redemptions',
		'referrals',
		'rewards',
		'segments',
		'skus',
		'task-results',
		'templates',
		'trash-bin',
		'validation-rules-assignments',
		'validation-rules',
		'validations',
		'vouchers',
	],
	clientSide: [
		'client_consents',
		'client_customers',
		'client_events',
		'client_promotions',
		'client_publish',
		'client_qualifications',
		'client_redeem',
		'client_redemptions',
		'client_validate',
		'client_validations',
		'client_vouchers',
	],
} as const;

export const SCOPES: readonly string[] = [
	...SCOPE_GROUPS.whole,
	...SCOPE_GROUPS.serverSide,
	...SCOPE_GROUPS.clientSide,
];

const DESCRIPTIONS: Record<string, string> = {
	api: 'The whole server-side API',
	client_api: 'The whole client-side API',
};

/** Options for a multi-select, sorted by name as n8n's UI expects. */
export const SCOPE_OPTIONS = [...SCOPES]
	.sort((a, b) => a.localeCompare(b))
	.map((scope) => ({ name: scope, value: scope, description: DESCRIPTIONS[scope] }));

/** Scope names as typed or saved: a list, or text separated by spaces or commas; blanks dropped. */
function scopeList(input: unknown): string[] {
	return (Array.isArray(input) ? input : String(input ?? '').split(/[\s,]+/))
		.map((scope) => String(scope).trim())
		.filter((scope) => scope !== '');
}

/**
 * Checks and joins scope names for the token request: single spaces, never commas. An empty selection is
 * `whenEmpty` where given (the credential: n8n's credential form can save a multi-select without its default),
 * else refused.
 */
export function joinScopes(input: unknown, fieldName = 'Scopes', whenEmpty?: string): string {
	const list = scopeList(input);
	if (list.length === 0 && whenEmpty !== undefined) return whenEmpty;
	if (list.length === 0) throw new Error(`${fieldName}: choose at least one scope`);
	const unknown = list.filter((scope) => !SCOPES.includes(scope));
	if (unknown.length > 0) {
		throw new Error(
			`${fieldName}: unknown scope ${unknown.map((s) => `"${s}"`).join(', ')} (allowed: ${SCOPES.join(', ')})`,
		);
	}
	return [...new Set(list)].join(' ');
}

/**
 * The fine-grained permission codes of OAuth v2 (service keys) that the service has named (22 July 2026):
 * examples, not a list of all. Every code is a resource and an action, e.g. vouchers.read.
 */
export const FINE_GRAINED_EXAMPLES = ['areas.manage', 'areas.read', 'vouchers.read'] as const;

const FINE_GRAINED = /^[a-z][a-z0-9_-]*\.[a-z][a-z0-9_-]*$/;

/**
 * Checks and joins OAuth v2 scopes: at least one, each a permission code `resource.action` (the service has not
 * published the whole list, so any such code is sent; the service refuses one outside the key's role).
 */
export function joinFineGrainedScopes(input: unknown, fieldName = 'Scopes'): string {
	const list = scopeList(input);
	if (list.length === 0) throw new Error(`${fieldName}: choose at least one permission code, e.g. ${FINE_GRAINED_EXAMPLES.join(' ')}`);
	const malformed = list.filter((scope) => !FINE_GRAINED.test(scope));
	if (malformed.length > 0) {
		throw new Error(
			`${fieldName}: ${malformed.map((s) => `"${s}"`).join(', ')} is not a permission code: each is a resource and an action joined by a dot, e.g. vouchers.read`,
		);
	}
	return [...new Set(list)].join(' ');
}
