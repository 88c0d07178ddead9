import * as http from 'http';
import type { AddressInfo } from 'net';

export interface SlowService {
	/** Point a credential's Base URL (Cluster: Custom URL) here. */
	baseUrl: string;
	/** Resolves when the file's first bytes went out, and when its connection was closed by the client. */
	fileStarted: Promise<void>;
	fileClosed: Promise<void>;
	/** How many times export exp_slow was asked for. */
	looks(): number;
	stop(): Promise<void>;
}

/**
 * A misbehaving loopback service: export `exp_slow` is IN_PROGRESS, and every later look at it is answered a
 * byte at a time, never finishing; export `exp_file` is DONE and its file streams a chunk at a time, never ending;
 * exports `exp_sized_<N>` and `exp_chunked_<N>` are DONE with a file of exactly N bytes, its length announced or not.
 */
export async function startSlowService(): Promise<SlowService> {
	let looks = 0;
	const timers = new Set<NodeJS.Timeout>();
	let fileStarted!: () => void;
	let fileClosed!: () => void;
	const started = new Promise<void>((resolve) => (fileStarted = resolve));
	const closed = new Promise<void>((resolve) => (fileClosed = resolve));
	const trickle = (res: http.ServerResponse, piece: string, everyMs: number, onClose?: () => void) => {
		const timer = setInterval(() => res.write(piece), everyMs);
		timers.add(timer);
		res.on('close', () => {
			clearInterval(timer);
			timers.delete(timer);
			onClose?.();
		});
	};
	const server = http.createServer((req, res) => {
		const base = `http://${req.headers.host}`;
		if (req.url?.startsWith('/v1/exports/exp_slow')) {
			looks++;
			if (looks === 1) {
				res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ id: 'exp_slow', object: 'export', status: 'IN_PROGRESS' }));
				return;
			}
			res.writeHead(200, { 'content-type': 'application/json' });
			res.write('{');
			trickle(res, ' ', 200);
			return;
		}
		if (req.url?.startsWith('/v1/exports/exp_file')) {
			res.writeHead(200, { 'content-type': 'application/json' });
			res.end(JSON.stringify({ id: 'exp_file', object: 'export', status: 'DONE', exported_object: 'customer', result: { url: `${base}/files/exp_file.csv` } }));
			return;
		}
		// exp_sized_<N> / exp_chunked_<N>: DONE, its file exactly N bytes, with its length announced or not
		const sized = /^\/v1\/exports\/(exp_(sized|chunked)_(\d+))/.exec(req.url ?? '');
		if (sized) {
			res.writeHead(200, { 'content-type': 'application/json' });
			res.end(JSON.stringify({ id: sized[1], object: 'export', status: 'DONE', exported_object: 'customer', result: { url: `${base}/sized/${sized[2]}/${sized[3]}` } }));
			return;
		}
		const file = /^\/sized\/(sized|chunked)\/(\d+)$/.exec(req.url ?? '');
		if (file) {
			const body = Buffer.alloc(Number(file[2]), 'x');
			res.writeHead(200, { 'content-type': 'text/csv', ...(file[1] === 'sized' ? { 'content-length': String(body.length) } : {}) });
			res.end(body);
			return;
		}
		if (req.url?.startsWith('/files/')) {
			res.writeHead(200, { 'content-type': 'text/csv' });
			res.write('id,source_id\n');
			fileStarted();
			trickle(res, 'cust_1,source-1\n', 100, fileClosed);
			return;
		}
		res.writeHead(404, { 'content-type': 'application/json' }).end('{"code":404,"message":"Not found"}');
	});
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
	const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
	return {
		baseUrl,
		fileStarted: started,
		fileClosed: closed,
		looks: () => looks,
		async stop() {
			for (const timer of timers) clearInterval(timer);
			server.closeAllConnections();
			await new Promise<void>((resolve) => server.close(() => resolve()));
		},
	};
}

