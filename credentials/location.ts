import { ApplicationError, type INodeProperties } from 'n8n-workflow';

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
		description:
			'The full http(s) address of the service, e.g. a local emulator. Without a user name or password: an address with user:password@ is refused, so that they are never sent.',
		displayOptions: { show: { cluster: [CUSTOM_URL] } },
		required: true,
	},
];

/** Where a credential test goes when the Base URL holds a user name or password: nowhere, with the reason as its name. */
export const REFUSED_BASE_URL = 'http://base-url-must-not-contain-a-user-name-or-password.invalid';

/**
 * The base URL as an n8n expression, for credential tests (which cannot run code). A Base URL with a user name
 * or password becomes REFUSED_BASE_URL (a reserved .invalid name, which never resolves): the test fails naming
 * the problem, and neither the keys nor the password reach any server.
 */
export const BASE_URL_EXPRESSION =
	"={{$credentials.cluster === 'custom' ? (/^[a-z][a-z0-9+.-]*:\\/\\/[^\\/?#]*@/i.test(String($credentials.baseUrl).trim()) ? '" +
	REFUSED_BASE_URL +
	"' : String($credentials.baseUrl).replace(/\\/+$/, '')) : 'https://' + $credentials.cluster + '.' + ($credentials.serviceDomain || 'voucherify.io')}}";

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
	if (cluster === CUSTOM_URL) {
		const problem = baseUrlProblem(credentials);
		if (problem) throw new BaseUrlError(problem);
		return trimmedBaseUrl(credentials.baseUrl);
	}
	const host = forV2 ? cluster.replace('download', 'api') : cluster;
	return `https://${host}.${credentials.serviceDomain || DEFAULT_SERVICE_DOMAIN}`;
}

/** Text with the user:password@ (or user@) of any URL in it replaced by ***@, so that no error shows them. */
export function redactUrlCredentials(text: string): string {
	return text.replace(/([a-z][a-z0-9+.-]*:\/\/)[^\s/?#@]*@/gi, '$1***@');
}

/** A Base URL that cannot be used; its message names the field and the rule, and never shows a password. */
export class BaseUrlError extends ApplicationError {}

function trimmedBaseUrl(value: unknown): string {
	return String(value ?? '').trim().replace(/\/+$/, '');
}

/**
 * What is wrong with a Custom URL's Base URL, naming the field and the rule; undefined when it is an http(s)
 * address without a user name or password (HTTP clients turn those into an Authorization header, and errors
 * would show them). The message never shows a password.
 */
export function baseUrlProblem(credentials: LocationCredentials): string | undefined {
	if ((credentials.cluster || 'api') !== CUSTOM_URL) return undefined;
	const text = trimmedBaseUrl(credentials.baseUrl);
	let url: URL | undefined;
	try {
		url = new URL(text);
	} catch {
		// reported below
	}
	if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:')) {
		return `Base URL: must be an http:// or https:// address, e.g. http://127.0.0.1:4010 (got "${redactUrlCredentials(text)}")`;
	}
	if (url.username || url.password) {
		return "Base URL: must not contain a user name or password (user:password@ before the host). Remove them from the credential's Base URL: the service's keys go in the credential's own fields.";
	}
	return undefined;
}
