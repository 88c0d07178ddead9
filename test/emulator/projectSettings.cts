/**
 * The settings every project has from its creation (the contract's required keys, with the service's values for a
 * new project: client-side API off, usage notifications off at 80 % of a limit): written once, for the seeded
 * projects and for the ones the management API creates.
 */
const USAGE_LIMITS = ['redemptions', 'messages', 'api_calls', 'bulk_api_calls', 'webhook_calls', 'cycle_calls'];
const CLIENT_SWITCHES = ['redeem', 'publish', 'list_vouchers', 'create_customer', 'loyalty_events', 'set_voucher_expiration_date'];

const calloutNotification = () => ({ email: false, in_app: true, emails: [] as string[] });

export function defaultProjectSettings(): Record<string, unknown> {
	return {
		cluster_id: 'eu1',
		api_version: 'v2018-08-01',
		webhook_version: 'v2024-01-01',
		is_sandbox: false,
		client_trusted_domains: [],
		...Object.fromEntries(CLIENT_SWITCHES.map((name) => [`client_${name}_enabled`, false])),
		api_usage_notifications: Object.fromEntries(USAGE_LIMITS.map((limit) => [limit, { enabled: false, value: 80, emails: [], in_app: false }])),
		webhooks_callout_notifications: { distributions: calloutNotification(), webhooks: calloutNotification() },
	};
}
