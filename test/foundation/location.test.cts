/** Where the credentials point: the cluster hosts, a custom URL and the service domain. */
import { NodeConnectionTypes, Workflow, type INode, type INodeType } from 'n8n-workflow';
import { BASE_URL_EXPRESSION, baseUrlOf, CLUSTERS, locationProperties } from '../../credentials/location';
import { resolveWithCredentials } from '../harness/credentialsHelper.cjs';
import { Transport } from '../../nodes/LoyaltyPromotions/transport/request';

describe("baseUrlOf", () => {
	it.each(CLUSTERS.map(({ value }) => value))('maps cluster %s to https://{cluster}.voucherify.io', (cluster) => {
		expect(baseUrlOf({ cluster })).toBe(`https://${cluster}.voucherify.io`);
	});

	it('gives https://us1.api.voucherify.io for the United States cluster', () => {
		expect(baseUrlOf({ cluster: 'us1.api', serviceDomain: 'voucherify.io' })).toBe('https://us1.api.voucherify.io');
	});

	it('defaults to the api cluster and the voucherify.io domain', () => {
		expect(baseUrlOf({})).toBe('https://api.voucherify.io');
		expect(baseUrlOf({ cluster: '', serviceDomain: '' })).toBe('https://api.voucherify.io');
	});

	it('uses a custom service domain', () => {
		expect(baseUrlOf({ cluster: 'as1.api', serviceDomain: 'loyalty.example.com' })).toBe('https://as1.api.loyalty.example.com');
	});

	it('trims trailing slashes from a custom URL', () => {
		expect(baseUrlOf({ cluster: 'custom', baseUrl: 'http://127.0.0.1:4010/' })).toBe('http://127.0.0.1:4010');
		expect(baseUrlOf({ cluster: 'custom', baseUrl: 'https://proxy.example.com/voucherify///' })).toBe(
			'https://proxy.example.com/voucherify',
		);
	});

	it('keeps a custom URL as it is for v2 operations', () => {
		expect(baseUrlOf({ cluster: 'custom', baseUrl: 'http://127.0.0.1:4010/' }, true)).toBe('http://127.0.0.1:4010');
	});

	it.each([
		['download', 'https://api.voucherify.io'],
		['us1.download', 'https://us1.api.voucherify.io'],
		['as1.download', 'https://as1.api.voucherify.io'],
		['api', 'https://api.voucherify.io'],
		['us1.api', 'https://us1.api.voucherify.io'],
	])('maps the %s cluster to its api host for v2 operations', (cluster, expected) => {
		expect(baseUrlOf({ cluster }, true)).toBe(expected);
		expect(baseUrlOf({ cluster, serviceDomain: 'example.org' }, true)).toBe(expected.replace('voucherify.io', 'example.org'));
	});

	it('keeps the download host for v1 operations', () => {
		expect(baseUrlOf({ cluster: 'us1.download' })).toBe('https://us1.download.voucherify.io');
	});
});

describe('BASE_URL_EXPRESSION (used by the credential tests)', () => {
	const probe: INode = { id: 'p', name: 'P', type: 'test.noop', typeVersion: 1, position: [0, 0], parameters: {} };
	const noop: INodeType = {
		description: {
			displayName: 'Noop', name: 'noop', group: ['transform'], version: 1, description: '', defaults: {},
			inputs: [NodeConnectionTypes.Main], outputs: [NodeConnectionTypes.Main], properties: [],
		},
	};
	const workflow = new Workflow({
		nodes: [probe],
		connections: {},
		active: false,
		nodeTypes: { getByName: () => noop, getByNameAndVersion: () => noop, getKnownTypes: () => ({}) },
	});
	const resolve = (credentials: Record<string, string>) =>
		resolveWithCredentials(BASE_URL_EXPRESSION, credentials, workflow, probe);

	it.each([
		[{ cluster: 'api', serviceDomain: 'voucherify.io' }],
		[{ cluster: 'us1.api', serviceDomain: 'voucherify.io' }],
		[{ cluster: 'as1.download', serviceDomain: 'example.org' }],
		[{ cluster: 'api', serviceDomain: '' }],
		[{ cluster: 'custom', baseUrl: 'http://127.0.0.1:4010/' }],
		[{ cluster: 'custom', baseUrl: 'http://127.0.0.1:4010' }],
	])('agrees with baseUrlOf for %j', (credentials) => {
		expect(resolve(credentials)).toBe(baseUrlOf(credentials));
	});
});

describe('locationProperties', () => {
	it('offers every cluster plus Custom URL, defaulting to api', () => {
		const cluster = locationProperties.find((p) => p.name === 'cluster')!;
		expect(cluster.default).toBe('api');
		expect((cluster.options as Array<{ value: string }>).map((o) => o.value)).toEqual([
			'api', 'us1.api', 'as1.api', 'download', 'us1.download', 'as1.download', 'custom',
		]);
	});

	it('shows Base URL only for Custom URL and Service Domain otherwise', () => {
		const baseUrl = locationProperties.find((p) => p.name === 'baseUrl')!;
		const domain = locationProperties.find((p) => p.name === 'serviceDomain')!;
		expect(baseUrl.displayOptions).toEqual({ show: { cluster: ['custom'] } });
		expect(domain.displayOptions).toEqual({ hide: { cluster: ['custom'] } });
	});
});

describe('Transport addresses', () => {
	it('sends v1 paths to the download host and v2 paths to its api host within one execution', async () => {
		const urls: string[] = [];
		let credentialReads = 0;
		const host = {
			getCredentials: async () => {
				credentialReads++;
				return { cluster: 'us1.download', serviceDomain: 'voucherify.io', appId: 'a', appToken: 'secret' };
			},
			getNode: () => ({ id: 'n', name: 'N', type: 't', typeVersion: 1, position: [0, 0], parameters: {} }),
			helpers: {
				httpRequestWithAuthentication: async (_type: string, options: { url: string }) => {
					urls.push(options.url);
					return { body: {}, headers: {}, statusCode: 200 };
				},
			},
		} as unknown as ConstructorParameters<typeof Transport>[0];
		const transport = new Transport(host, 'loyaltyPromotionsOAuth2Api');
		await transport.request({ method: 'GET', path: '/v1/categories' });
		await transport.request({ method: 'PUT', path: '/v2/loyalties/programs/lprg_a1', body: { name: 'x' } });
		await transport.request({ method: 'GET', path: '/v1/categories' });
		expect(urls).toEqual([
			'https://us1.download.voucherify.io/v1/categories',
			'https://us1.api.voucherify.io/v2/loyalties/programs/lprg_a1',
			'https://us1.download.voucherify.io/v1/categories',
		]);
		expect(credentialReads).toBe(1);
	});
});
