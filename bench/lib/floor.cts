/**
 * The raw floor: a tight keep-alive client on Node's http module, sending the same requests as the node with the
 * same concurrency and doing nothing else (no retries, no pacing, no n8n). What the node costs is measured
 * against it.
 */
import * as http from 'http';
import * as https from 'https';

export interface RawResponse {
	status: number;
	headers: http.IncomingHttpHeaders;
	body: string;
}

export class RawClient {
	readonly agent: http.Agent;

	private readonly origin: URL;

	private readonly secure: boolean;

	constructor(
		baseUrl: string,
		private readonly headers: Record<string, string>,
		maxSockets: number,
		keepAlive = true,
		/** A certificate to trust, for an https base URL (the bench's test-only one). */
		ca?: string,
	) {
		this.origin = new URL(baseUrl);
		this.secure = this.origin.protocol === 'https:';
		this.agent = this.secure ? new https.Agent({ keepAlive, maxSockets, ca }) : new http.Agent({ keepAlive, maxSockets });
	}

	request(method: string, path: string, body?: unknown): Promise<RawResponse> {
		const payload = body === undefined ? undefined : JSON.stringify(body);
		return new Promise((resolve, reject) => {
			const req = (this.secure ? https : http).request(
				{
					host: this.origin.hostname,
					port: this.origin.port,
					method,
					path,
					agent: this.agent,
					headers: {
						...this.headers,
						accept: 'application/json',
						...(payload === undefined ? {} : { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) }),
					},
				},
				(res) => {
					const chunks: Buffer[] = [];
					res.on('data', (chunk: Buffer) => chunks.push(chunk));
					res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString('utf8') }));
					res.on('error', reject);
				},
			);
			req.on('error', reject);
			req.end(payload);
		});
	}

	destroy(): void {
		this.agent.destroy();
	}
}

/** Runs work(i) for i in [0, count) with `limit` in flight. */
export async function pool(count: number, limit: number, work: (index: number) => Promise<void>): Promise<void> {
	let next = 0;
	const worker = async () => {
		while (next < count) await work(next++);
	};
	await Promise.all(Array.from({ length: Math.min(limit, count) }, worker));
}

/** The floor for the SKU sync: POST every body at `concurrency`; JSON-parses each answer like any client would. */
export async function floorSkuSync(
	client: RawClient,
	productId: string,
	sourceIds: string[],
	concurrency: number,
): Promise<{ ok: number; failed: number }> {
	let ok = 0;
	let failed = 0;
	await pool(sourceIds.length, concurrency, async (i) => {
		const res = await client.request('POST', `/v1/products/${productId}/skus`, { source_id: sourceIds[i] });
		JSON.parse(res.body);
		if (res.status < 300) ok++;
		else failed++;
	});
	return { ok, failed };
}

/** The floor for Return All: follow more_starting_after with limit=100, keeping every entry (like the node). */
export async function floorPaging(client: RawClient, memberId: string): Promise<unknown[]> {
	const all: unknown[] = [];
	let cursor: string | undefined;
	for (;;) {
		const query = `limit=100${cursor ? `&starting_after_id=${encodeURIComponent(cursor)}` : ''}`;
		const res = await client.request('GET', `/v1/loyalties/members/${encodeURIComponent(memberId)}/activity?${query}`);
		if (res.status !== 200) throw new Error(`paging floor: ${res.status} ${res.body}`);
		const page = JSON.parse(res.body) as { data: unknown[]; has_more: boolean; more_starting_after?: string };
		for (const entry of page.data) all.push(entry);
		if (!page.has_more || !page.more_starting_after) return all;
		cursor = page.more_starting_after;
	}
}
