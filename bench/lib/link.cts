/**
 * The simulated link between n8n and the emulator (bench/lib/linkServer.cts in a child process), and the
 * test-only self-signed certificate its HTTPS listener presents: made with `openssl` at bench time, valid for two
 * days, for 127.0.0.1 only, and trusted by the clients under test through NODE_EXTRA_CA_CERTS (n8n) or `ca` (the
 * raw client), so no client turns certificate checks off.
 */
import { execFileSync, fork, type ChildProcess } from 'child_process';
import * as fs from 'fs';
import * as path from 'path';
import type { LinkCounters, LinkKind, ServedLink } from './linkKinds.cjs';

export interface TestCertificate {
	keyFile: string;
	certFile: string;
	/** The certificate's PEM, to trust. */
	ca: string;
}

/** A self-signed certificate for 127.0.0.1 in `dir` (needs `openssl` on the PATH). */
export function makeTestCertificate(dir: string): TestCertificate {
	fs.mkdirSync(dir, { recursive: true });
	const keyFile = path.join(dir, 'link-key.pem');
	const certFile = path.join(dir, 'link-cert.pem');
	execFileSync(
		'openssl',
		['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-keyout', keyFile, '-out', certFile, '-days', '2', '-subj', '/CN=127.0.0.1', '-addext', 'subjectAltName=IP:127.0.0.1'],
		{ stdio: 'ignore' },
	);
	return { keyFile, certFile, ca: fs.readFileSync(certFile, 'utf8') };
}

export class Link {
	private nextId = 1;

	private readonly pending = new Map<number, (counters: Record<ServedLink, LinkCounters>) => void>();

	private constructor(
		private readonly child: ChildProcess,
		private readonly ports: Record<ServedLink, number>,
		private readonly upstreamUrl: string,
	) {
		child.on('message', (message: { id: number; counters: Record<ServedLink, LinkCounters> }) => {
			this.pending.get(message.id)?.(message.counters);
			this.pending.delete(message.id);
		});
	}

	/** Starts the link in front of `upstreamUrl` (the emulator). */
	static async start(upstreamUrl: string, certificate: TestCertificate): Promise<Link> {
		const child = fork(path.join(__dirname, 'linkServer.cts'), [], {
			execArgv: ['-r', 'ts-node/register/transpile-only'],
			env: { ...process.env, LINK_UPSTREAM: upstreamUrl, LINK_KEY: certificate.keyFile, LINK_CERT: certificate.certFile },
			stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
		});
		const ports = await new Promise<Record<ServedLink, number>>((resolve, reject) => {
			const timer = setTimeout(() => reject(new Error('the link did not start in 30 s')), 30_000);
			child.once('message', (message: { ports: Record<ServedLink, number> }) => {
				clearTimeout(timer);
				resolve(message.ports);
			});
			child.once('exit', (code) => reject(new Error(`the link exited (${code})`)));
		});
		return new Link(child, ports, upstreamUrl);
	}

	/** Where a client reaches the emulator over `kind` (`direct`: the emulator itself). */
	url(kind: LinkKind): string {
		if (kind === 'direct') return this.upstreamUrl;
		return `${kind === 'https' ? 'https' : 'http'}://127.0.0.1:${this.ports[kind]}`;
	}

	private call(message: Record<string, unknown>): Promise<Record<ServedLink, LinkCounters>> {
		const id = this.nextId++;
		return new Promise((resolve, reject) => {
			const timer = setTimeout(() => reject(new Error(`the link did not answer ${String(message.type)} in 10 s`)), 10_000);
			this.pending.set(id, (counters) => {
				clearTimeout(timer);
				resolve(counters);
			});
			this.child.send({ ...message, id });
		});
	}

	/** Sets the round trip, in ms, and zeroes the counters. */
	async set(rttMs: number): Promise<void> {
		await this.call({ type: 'set', rttMs });
		await this.call({ type: 'reset' });
	}

	counters(): Promise<Record<ServedLink, LinkCounters>> {
		return this.call({ type: 'counters' });
	}

	stop(): void {
		this.child.disconnect();
	}
}
