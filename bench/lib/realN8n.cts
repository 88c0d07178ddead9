/**
 * Runs generated workflows in a real n8n (the e2e runtime: n8n 2.41.1 on Node 24) with `n8n execute`, one
 * process per run, and measures what users see: the time from the end of the item-generating Code node to the
 * end of the run, and the n8n process's peak RSS (VmHWM, sampled from /proc while it runs).
 */
import { spawn } from 'child_process';
import * as fs from 'fs';
import * as net from 'net';
import * as path from 'path';

const n8nLib = require('../../test/e2e/n8n');

export interface N8nHandle {
	userFolder: string;
	env: Record<string, string>;
	runtime: { nodeBin: string; n8nBin: string };
	importCredentials(data: unknown): Promise<void>;
	importWorkflow(data: unknown): Promise<string[]>;
	/** Runs the imports that wait for the instance's next command (test/e2e/README.md: set-up commands). */
	runDeferred(): Promise<void>;
}

export interface ExecuteResult {
	/** From the end of the node named `startAfter` to the end of the run. */
	ms: number;
	/** The n8n process's peak resident memory, bytes (0 where /proc is not readable). */
	peakRssBytes: number;
	status: string;
	/** The run's error message, when it failed. */
	error?: string;
	/** Items the node named `countNode` output (its last run). */
	items: number;
	/** Items among those that carry an `error` field (Continue On Fail). */
	errors: number;
	/** Date.now() just before the process was spawned (a CPU profile starts about then). */
	spawnedAt: number;
	/** Epoch ms when `startAfter` finished and when the run ended. */
	window: { from: number; to: number };
	/** The run data, for checks. */
	runData: Record<string, Array<{ startTime: number; executionTime: number; data?: { main: Array<Array<{ json: Record<string, unknown> }>> } }>>;
}

/** A fresh n8n user folder with the package; `env` adds to n8n's environment (e.g. the binary data mode). */
export async function createN8n(userFolder: string, packageDir: string, env?: Record<string, string>): Promise<N8nHandle> {
	fs.rmSync(userFolder, { recursive: true, force: true });
	fs.mkdirSync(userFolder, { recursive: true });
	return (await n8nLib.createN8n({ userFolder, packageDir, env })) as N8nHandle;
}

function freePort(): Promise<number> {
	return new Promise((resolve, reject) => {
		const server = net.createServer();
		server.once('error', reject);
		server.listen(0, '127.0.0.1', () => {
			const { port } = server.address() as net.AddressInfo;
			server.close(() => resolve(port));
		});
	});
}

function readPeakRss(pid: number): number {
	try {
		const match = /VmHWM:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
		return match ? Number(match[1]) * 1024 : 0;
	} catch {
		return 0;
	}
}

/**
 * `n8n execute --id=<id> --rawOutput` with optional extra Node flags (e.g. --cpu-prof). Resolves with the time
 * after `startAfter` finished, the peak RSS and the output count of `countNode`.
 */
export async function execute(
	n8n: N8nHandle,
	id: string,
	options: { startAfter: string; countNode: string; nodeFlags?: string[]; timeoutMs?: number },
): Promise<ExecuteResult> {
	await n8n.runDeferred(); // the imports first, outside the measured process
	const brokerPort = await freePort();
	// Output to files, not pipes: n8n exits right after printing the run, and Node cuts short what is still
	// queued for a pipe (a 2,000-item run is megabytes), while writes to a file complete.
	const outFile = path.join(n8n.userFolder, `execute-${id}.out`);
	const errFile = path.join(n8n.userFolder, `execute-${id}.err`);
	const out = fs.openSync(outFile, 'w');
	const err = fs.openSync(errFile, 'w');
	const spawnedAt = Date.now();
	const child = spawn(n8n.runtime.nodeBin, [...(options.nodeFlags ?? []), n8n.runtime.n8nBin, 'execute', `--id=${id}`, '--rawOutput'], {
		cwd: n8n.userFolder,
		env: { ...n8n.env, N8N_RUNNERS_BROKER_PORT: String(brokerPort) },
		stdio: ['ignore', out, err],
		detached: true, // its own process group, with the task runner it starts, which outlives it for a few seconds
	});
	fs.closeSync(out);
	fs.closeSync(err);
	let peak = 0;
	const sampler = setInterval(() => {
		peak = Math.max(peak, readPeakRss(child.pid!));
	}, 25);
	const timeoutMs = options.timeoutMs ?? 600_000;
	const code = await new Promise<number | null>((resolve, reject) => {
		const timer = setTimeout(() => {
			n8nLib.killGroup(child.pid!, 'SIGKILL');
			reject(new Error(`n8n execute --id=${id} did not finish in ${timeoutMs} ms`));
		}, timeoutMs);
		child.once('exit', (exitCode) => {
			clearTimeout(timer);
			resolve(exitCode);
		});
	}).finally(() => clearInterval(sampler));
	await n8nLib.endGroup(child.pid!); // its task runner, left behind
	const text = fs.readFileSync(outFile, 'utf8');
	const result = n8nLib.parseExecuteOutput(text);
	if (!result?.data?.resultData) {
		const stderr = fs.readFileSync(errFile, 'utf8');
		throw new Error(`n8n execute --id=${id} printed no run (exit code ${code}; output in ${outFile})\n${(text + stderr).slice(-1500)}`);
	}
	const runData = result.data.resultData.runData as ExecuteResult['runData'];
	const after = runData[options.startAfter]?.[0];
	if (!after) throw new Error(`n8n execute --id=${id}: node ${options.startAfter} did not run`);
	const finished = Math.max(
		...Object.values(runData).flatMap((runs) => runs.map((run) => run.startTime + run.executionTime)),
	);
	const counted = runData[options.countNode] ?? [];
	const lastOutput = counted.flatMap((run) => run.data?.main?.[0] ?? []);
	const from = after.startTime + after.executionTime;
	return {
		ms: finished - from,
		spawnedAt,
		window: { from, to: finished },
		peakRssBytes: peak,
		status: String(result.status ?? (result.data.resultData.error ? 'error' : 'success')),
		error: result.data.resultData.error?.message,
		items: lastOutput.length,
		errors: lastOutput.filter((item) => item.json.error !== undefined).length,
		runData,
	};
}

/** The Node CPU profile files a `--cpu-prof --cpu-prof-dir=<dir>` run wrote, newest first. */
export function cpuProfiles(dir: string): string[] {
	if (!fs.existsSync(dir)) return [];
	return fs
		.readdirSync(dir)
		.filter((name) => name.endsWith('.cpuprofile'))
		.map((name) => path.join(dir, name))
		.sort((a, b) => fs.statSync(b).mtimeMs - fs.statSync(a).mtimeMs);
}
