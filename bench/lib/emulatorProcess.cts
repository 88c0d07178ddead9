/**
 * The emulator in its own child process (so the node under test and the server don't share one CPU), driven
 * through its HTTP control API under /_emulator/.
 */
import { spawn, type ChildProcess } from 'child_process';
import * as http from 'http';
import * as path from 'path';
import * as readline from 'readline';
import type { EmulatorCredentials } from '../../test/emulator/types.cjs';

/** What the emulator CLI prints on start: its address and seeded credentials. */
export type EmulatorInfo = EmulatorCredentials & { baseUrl: string };

const ROOT = path.resolve(__dirname, '..', '..');

/** A keep-alive agent for control calls only (never used by the clients under test). */
const controlAgent = new http.Agent({ keepAlive: true, maxSockets: 2 });

export class EmulatorProcess {
	private constructor(
		readonly info: EmulatorInfo,
		private readonly child: ChildProcess,
	) {}

	static async start(options: { latencyMs: number; seed: number }): Promise<EmulatorProcess> {
		const child = spawn(
			process.execPath,
			[
				'-r',
				'ts-node/register/transpile-only',
				path.join(ROOT, 'test/emulator/cli.cts'),
				'--port',
				'0',
				'--latency',
				String(options.latencyMs),
				'--seed',
				String(options.seed),
				'--no-request-log',
			],
			{ cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] },
		);
		let stderr = '';
		child.stderr!.on('data', (chunk) => (stderr += String(chunk)));
		const info = await new Promise<EmulatorInfo>((resolve, reject) => {
			const lines = readline.createInterface({ input: child.stdout! });
			const timer = setTimeout(() => reject(new Error(`emulator did not start in 120 s: ${stderr}`)), 120_000);
			lines.once('line', (line) => {
				clearTimeout(timer);
				try {
					resolve(JSON.parse(line) as EmulatorInfo);
				} catch (error) {
					reject(new Error(`emulator printed ${line}: ${(error as Error).message}`));
				}
			});
			child.once('exit', (code) => reject(new Error(`emulator exited (${code}): ${stderr}`)));
		});
		return new EmulatorProcess(info, child);
	}

	get pid(): number | undefined {
		return this.child.pid;
	}

	/** Calls the control API; resolves to the parsed JSON answer (or undefined for 204). */
	control<T = unknown>(method: string, route: string, body?: unknown): Promise<T> {
		const url = new URL(`/_emulator${route}`, this.info.baseUrl);
		const payload = body === undefined ? undefined : JSON.stringify(body);
		return new Promise<T>((resolve, reject) => {
			const req = http.request(
				url,
				{
					method,
					agent: controlAgent,
					headers: payload === undefined ? {} : { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) },
				},
				(res) => {
					let text = '';
					res.setEncoding('utf8');
					res.on('data', (chunk) => (text += chunk));
					res.on('end', () => {
						if ((res.statusCode ?? 0) >= 400) reject(new Error(`${method} ${route} → ${res.statusCode}: ${text}`));
						else resolve((text ? JSON.parse(text) : undefined) as T);
					});
				},
			);
			req.on('error', reject);
			req.end(payload);
		});
	}

	reset = () => this.control('POST', '/reset');
	setLatency = (ms: number) => this.control('PUT', '/latency', { ms });
	setRateLimit = (limit: { limit: number; windowMs: number; route?: string } | null) => this.control('PUT', '/rate-limit', limit);
	setFaults = (faults: unknown) => this.control('PUT', '/faults', faults);
	setAsyncActionTiming = (timing: { baseMs?: number; rowsPerSecond?: number }) => this.control('PUT', '/async-action-timing', timing);
	setBulkRefusals = (refusals: Record<string, string>) => this.control('PUT', '/bulk-refusals', refusals);
	setRequestLog = (enabled: boolean) => this.control('PUT', '/request-log', { enabled });
	counters = () => this.control<Record<string, number>>('GET', '/counters');
	requests = (query = '') => this.control<Array<{ method: string; path: string; status: number; at: number; fault?: string }>>('GET', `/requests${query}`);

	async stop(): Promise<void> {
		if (this.child.exitCode !== null) return;
		await new Promise<void>((resolve) => {
			const timer = setTimeout(() => {
				this.child.kill('SIGKILL');
			}, 5000);
			this.child.once('exit', () => {
				clearTimeout(timer);
				resolve();
			});
			this.child.kill('SIGTERM');
		});
		controlAgent.destroy();
	}
}
