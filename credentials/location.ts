import type { INodeProperties } from 'n8n-workflow';

/**
 * Where the service lives, shared by all three credentials: the cluster (or a custom base URL, which is how
 * users and tests point at the local emulator) and the service domain.
 */

/** The clusters of the service, as data. `value` is the host prefix in `https://{cluster}.{domain}`. */
export const CLUSTERS = [
	{ name: 'Europe (Default) — api', value: 'api' },
	{ name: 'United States — us1.api', value: 'us1.api' },
	{ name: 'Asia — as1.api', value: 'as1.api' },
	{ name: 'Europe Exports — download', value: 'download' },
	{ name: 'United States Exports — us1.download', value: 'us1.download' },
	{ name: 'Asia Exports — as1.download', value: 'as1.download' },
] as const;

export const CUSTOM_URL = 'custom';
export const DEFAULT_SERVICE_DOMAIN = 'voucherify.io';

export const locationProperties: INodeProperties[] = [
	{
		displayName: 'Cluster',
		name: 'cluster',
		type: 'options',
		options: [
			...CLUSTERS.map(({ name, value }) => ({ name, value })),
			{ name: 'Custom URL', value: CUSTOM_URL },
		],
		default: 'api',
		description: 'The cluster your project lives on, as shown in your project settings',
	},
	{
		displayName: 'Service Domain',
		name: 'serviceDomain',
		type: 'string',
		default: DEFAULT_SERVICE_DOMAIN,
		description: 'The domain after the cluster, e.g. api.voucherify.io',
		displayOptions: { hide: { cluster: [CUSTOM_URL] } },
	},
	{
		displayName: 'Base URL',
		name: 'baseUrl',
		type: 'string',
		default: '',
		placeholder: 'http://127.0.0.1:4010',
		description: 'The full address of the service, without a trailing slash, e.g. a local emulator',
		displayOptions: { show: { cluster: [CUSTOM_URL] } },
		required: true,
	},
];

/** The base URL as an n8n expression, for credential tests (which cannot run code). */
export const BASE_URL_EXPRESSION =
	"={{$credentials.cluster === 'custom' ? String($credentials.baseUrl).replace(/\\/+$/, '') : 'https://' + $credentials.cluster + '.' + ($credentials.serviceDomain || 'voucherify.io')}}";

export interface LocationCredentials {
	cluster?: string;
	serviceDomain?: string;
	baseUrl?: string;
}

/**
 * The base URL the credential points at. The v2 loyalty operations are served on the `api` hosts only, so for
 * them a `download` cluster is mapped to its `api` counterpart.
 */
export function baseUrlOf(credentials: LocationCredentials, forV2 = false): string {
	const cluster = credentials.cluster || 'api';
	if (cluster === CUSTOM_URL) return String(credentials.baseUrl ?? '').replace(/\/+$/, '');
	const host = forV2 ? cluster.replace('download', 'api') : cluster;
	return `https://${host}.${credentials.serviceDomain || DEFAULT_SERVICE_DOMAIN}`;
}
