/**
 * The simulated network link, run in its own process by link.cts: listens on 127.0.0.1 over plain HTTP and over
 * HTTPS (a test-only self-signed certificate made at bench time) and forwards every request to the emulator over
 * keep-alive connections, after delaying it:
 * - by one round trip (RTT) per request;
 * - by the handshake round trips on a connection's first request: one for TCP on `http`, two for TCP and TLS 1.3
 *   on `https`, none on `loopback` (the earlier bench's stub, which answered after D ms whatever the connection).
 * It counts, per listener, the connections opened and the requests answered, so a client that opens a
 * connection per request shows 1.00 connections per request, and a keep-alive client with 8 in flight 8 ÷ N; and
 * the most requests in flight at once (the emulator behind it answers at once, so it sees few).
 *
 * Control is by IPC messages: { id, type: 'set', rttMs } | { id, type: 'reset' } | { id, type: 'counters' }.
 */
import * as fs from 'fs';
import * as http from 'http';
import * as https from 'https';
import type { Socket } from 'net';
import { HANDSHAKE_RTTS, type LinkCounters, type ServedLink as LinkKind } from './linkKinds.cjs';

const upstream = new URL(process.env.LINK_UPSTREAM!);
const upstreamAgent = new http.Agent({ keepAlive: true, maxFreeSockets: 1024 });
/** Hop-by-hop headers: each side of the link keeps or closes its own connections. */
const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'proxy-connection', 'transfer-encoding', 'upgrade']);

let rttMs = 0;
const counters: Record<LinkKind, LinkCounters> = {
	loopback: { connections: 0, requests: 0, maxInFlight: 0 },
	http: { connections: 0, requests: 0, maxInFlight: 0 },
	https: { connections: 0, requests: 0, maxInFlight: 0 },
};
const inFlight: Record<LinkKind, number> = { loopback: 0, http: 0, https: 0 };
const answered = new WeakSet<Socket>();

function endToEnd(headers: http.IncomingHttpHeaders): http.OutgoingHttpHeaders {
	const out: http.OutgoingHttpHeaders = {};
	for (const [name, value] of Object.entries(headers)) if (!HOP_BY_HOP.has(name) && value !== undefined) out[name] = value;
	return out;
}

function handler(kind: LinkKind) {
	return (req: http.IncomingMessage, res: http.ServerResponse) => {
		const counted = counters[kind];
		counted.requests++;
		counted.maxInFlight = Math.max(counted.maxInFlight, ++inFlight[kind]);
		res.once('close', () => inFlight[kind]--);
		const firstOnConnection = !answered.has(req.socket);
		answered.add(req.socket);
		const delay = rttMs * (1 + (firstOnConnection ? HANDSHAKE_RTTS[kind] : 0));
		const forward = () => {
			const out = http.request(
				{ host: upstream.hostname, port: upstream.port, method: req.method, path: req.url, headers: endToEnd(req.headers), agent: upstreamAgent },
				(answer) => {
					res.writeHead(answer.statusCode ?? 502, endToEnd(answer.headers));
					answer.pipe(res);
				},
			);
			out.on('error', (error) => {
				res.writeHead(502, { 'content-type': 'text/plain' });
				res.end(`link: ${error.message}`);
			});
			req.pipe(out);
		};
		if (delay > 0) setTimeout(forward, delay);
		else forward();
	};
}

function listen(server: http.Server | https.Server): Promise<number> {
	return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve((server.address() as { port: number }).port)));
}

async function main(): Promise<void> {
	const servers: Record<LinkKind, http.Server | https.Server> = {
		loopback: http.createServer(handler('loopback')),
		http: http.createServer(handler('http')),
		https: https.createServer({ key: fs.readFileSync(process.env.LINK_KEY!), cert: fs.readFileSync(process.env.LINK_CERT!) }, handler('https')),
	};
	const ports = {} as Record<LinkKind, number>;
	for (const kind of Object.keys(servers) as LinkKind[]) {
		// A TLS server's 'connection' is the TCP connection, before its handshake.
		servers[kind].on('connection', () => counters[kind].connections++);
		servers[kind].keepAliveTimeout = 30_000;
		ports[kind] = await listen(servers[kind]);
	}
	process.on('message', (message: { id: number; type: string; rttMs?: number }) => {
		if (message.type === 'set') rttMs = Math.max(0, Number(message.rttMs) || 0);
		if (message.type === 'reset') for (const c of Object.values(counters)) Object.assign(c, { connections: 0, requests: 0, maxInFlight: 0 });
		process.send!({ id: message.id, counters });
	});
	process.on('disconnect', () => process.exit(0));
	process.send!({ id: 0, ports });
}

main().catch((error) => {
	process.stderr.write(`link: ${(error as Error).stack}\n`);
	process.exit(1);
});
