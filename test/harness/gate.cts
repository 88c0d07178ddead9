import http, { type IncomingMessage, type ServerResponse } from 'http';
import type { AddressInfo } from 'net';

/** A request the gate holds until released. */
export interface HeldRequest {
	/**
	 * Resolves when a matching request has arrived and is being held; rejects after `timeoutMs` saying what was
	 * awaited and which requests the gate saw.
	 */
	arrived(timeoutMs?: number): Promise<void>;
	/** Lets the request through to the service (also before it arrived: it then passes straight away). */
	release(): void;
	/** Resolves when the service's answer to the released request has been passed back. */
	readonly answered: Promise<void>;
}

interface Hold {
	method: string;
	path: RegExp;
	held: HeldRequest;
	arrive: () => void;
	answer: () => void;
	released: Promise<void>;
}

/**
 * A pass-through HTTP proxy in front of the emulator that can hold chosen requests until the test releases them,
 * so a test can order the steps of two operations (two activations, an activation and a deactivation) exactly as
 * it wants, waiting on conditions rather than on time. Point a credential's Base URL at `baseUrl`.
 */
export class RequestGate {
	private readonly holds: Hold[] = [];

	/** `METHOD path` of every request the gate passed or held, in order of arrival. */
	readonly seen: string[] = [];

	private constructor(
		private readonly server: http.Server,
		readonly baseUrl: string,
		private readonly target: string,
	) {}

	static async start(target: string): Promise<RequestGate> {
		let gate: RequestGate | undefined;
		const server = http.createServer((req, res) => {
			void gate!.handle(req, res);
		});
		await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
		const { port } = server.address() as AddressInfo;
		gate = new RequestGate(server, `http://127.0.0.1:${port}`, target);
		return gate;
	}

	/** Holds the next request with this method whose path (without query) matches `path`. */
	hold(method: string, path: RegExp): HeldRequest {
		let arrive!: () => void;
		let release!: () => void;
		let answer!: () => void;
		let hasArrived = false;
		const arrival = new Promise<void>((resolve) => (arrive = resolve));
		void arrival.then(() => (hasArrived = true));
		const released = new Promise<void>((resolve) => (release = resolve));
		const answered = new Promise<void>((resolve) => (answer = resolve));
		const arrived = async (timeoutMs = 10_000) => {
			let timer: NodeJS.Timeout | undefined;
			const timeout = new Promise<never>((_, reject) => {
				timer = setTimeout(() => {
					if (hasArrived) return;
					reject(new Error(`No ${method} ${path} arrived within ${timeoutMs} ms; the gate saw: ${this.seen.join(', ') || 'nothing'}`));
				}, timeoutMs);
			});
			try {
				await Promise.race([arrival, timeout]);
			} finally {
				clearTimeout(timer);
			}
		};
		const held: HeldRequest = { arrived, release, answered };
		this.holds.push({ method: method.toUpperCase(), path, held, arrive, answer, released });
		return held;
	}

	async stop(): Promise<void> {
		for (const hold of this.holds) hold.held.release();
		this.server.closeAllConnections();
		await new Promise<void>((resolve) => this.server.close(() => resolve()));
	}

	private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
		const chunks: Buffer[] = [];
		for await (const chunk of req) chunks.push(chunk as Buffer);
		const body = Buffer.concat(chunks);
		const path = (req.url ?? '/').split('?')[0];
		this.seen.push(`${req.method} ${path}`);
		const index = this.holds.findIndex((h) => h.method === req.method && h.path.test(path));
		const hold = index >= 0 ? this.holds.splice(index, 1)[0] : undefined;
		if (hold) {
			hold.arrive();
			await hold.released;
		}
		const forwarded = http.request(
			new URL(req.url ?? '/', this.target),
			{ method: req.method, headers: { ...req.headers, host: new URL(this.target).host } },
			(answer) => {
				res.writeHead(answer.statusCode ?? 502, answer.headers);
				answer.pipe(res);
				answer.on('end', () => hold?.answer());
			},
		);
		forwarded.on('error', (error) => {
			res.writeHead(502, { 'content-type': 'application/json' });
			res.end(JSON.stringify({ message: error.message }));
			hold?.answer();
		});
		forwarded.end(body);
	}
}
