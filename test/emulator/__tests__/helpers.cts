/** Shared test setup: one emulator per test file and an axios client that never throws on status. */
import axios, { AxiosInstance, AxiosResponse } from 'axios';
import http from 'http';
import type { AddressInfo } from 'net';
import { EmulatorOptions, FIXTURES, RunningEmulator, startEmulator } from '../index.cjs';

export { FIXTURES };

export interface TestEnv {
	emu: RunningEmulator;
	http: AxiosInstance;
	/** App key headers. */
	A: Record<string, string>;
	/** Management key headers. */
	M: Record<string, string>;
	/** Bearer + app key headers with a fresh token. */
	B(scope?: string): Promise<Record<string, string>>;
	/** Form-encoded POST with app keys. */
	form(path: string, fields: Record<string, string>, headers?: Record<string, string>): Promise<AxiosResponse<any>>;
}

export async function setup(options: EmulatorOptions = {}): Promise<TestEnv> {
	const emu = await startEmulator({ port: 0, quiet: true, deliveryRetryDelaysMs: [5], ...options });
	const client = axios.create({ baseURL: emu.baseUrl, validateStatus: () => true });
	const c = emu.credentials;
	const A = { 'X-App-Id': c.appId, 'X-App-Token': c.appToken };
	const M = { 'X-Management-Id': c.managementId, 'X-Management-Token': c.managementToken };
	const form: TestEnv['form'] = (path, fields, headers = A) =>
		client.post(path, new URLSearchParams(fields).toString(), {
			headers: { ...headers, 'Content-Type': 'application/x-www-form-urlencoded' },
		});
	const B = async (scope = 'api') => {
		const r = await form('/v1/oauth/token', { grant_type: 'client_credentials', scope });
		if (r.status !== 200) throw new Error(`token: ${r.status} ${JSON.stringify(r.data)}`);
		return { ...A, Authorization: `Bearer ${r.data.access_token}` };
	};
	return { emu, http: client, A, M, B, form };
}

/** Expect the service error object. */
export function expectError(r: { status: number; data: any }, status: number, key?: string): void {
	expect({ status: r.status, code: r.data?.code, key: r.data?.key }).toEqual({ status, code: status, key: key ?? r.data?.key });
	expect(typeof r.data.message).toBe('string');
	if (status !== 429) expect(typeof r.data.request_id).toBe('string');
}

/** A small webhook receiver; `status` decides what it answers. */
export async function receiver(status: () => number = () => 200) {
	const received: Array<{ headers: http.IncomingHttpHeaders; raw: string; body: any }> = [];
	const server = http.createServer((req, res) => {
		let raw = '';
		req.on('data', (c) => (raw += c));
		req.on('end', () => {
			received.push({ headers: req.headers, raw, body: JSON.parse(raw) });
			res.writeHead(status()).end();
		});
	});
	await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
	const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
	return { url, received, close: () => new Promise<void>((r) => server.close(() => r())) };
}
