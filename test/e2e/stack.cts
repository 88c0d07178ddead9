/**
 * One emulator (in-process) and one n8n user folder (with the built package, the three credentials and the
 * given workflows imported) per e2e test file. Everything on 127.0.0.1; n8n's processes are tracked by the pid
 * file in the user folder, which jest's global teardown also uses.
 */
import * as fs from 'fs';
import * as path from 'path';
import { startEmulator, type RunningEmulator } from '../emulator/index.cjs';

const n8nLib = require('./n8n');
const { emulatorCredentials, ROOT } = require('./examples');
const { E2E_DIR } = require('./setup');

export interface N8nInstance {
	baseUrl: string;
	userFolder: string;
	pidFile: string;
	logFile: string;
	child: { pid: number; exitCode: number | null } | null;
	webhookUrl(p: string): string;
	cli(args: string[], opts?: { timeoutMs?: number; allowFailure?: boolean; env?: Record<string, string> }): Promise<{ code: number; stdout: string; stderr: string }>;
	importCredentials(data: unknown): Promise<void>;
	importWorkflow(data: unknown): Promise<string[]>;
	execute(id: string, opts?: { timeoutMs?: number }): Promise<any>;
	/** Every imported workflow run once in one n8n process (`n8n execute-batch`): the runs by workflow id. */
	executeBatch(opts?: { timeoutMs?: number }): Promise<Record<string, any>>;
	publish(id: string): Promise<void>;
	start(opts?: { timeoutMs?: number }): Promise<{ pid: number; exitCode: number | null }>;
	stop(opts?: { timeoutMs?: number }): Promise<void>;
	setupOwnerAndApiKey(opts?: unknown): Promise<string>;
	/** The owner's session cookie (`n8n-auth=…`); the owner is created on first call. */
	setupOwner(owner?: unknown): Promise<string>;
	activate(id: string, apiKey: string): Promise<any>;
	deactivate(id: string, apiKey: string): Promise<any>;
	listExecutions(id: string, apiKey: string, opts?: unknown): Promise<any[]>;
	waitForExecutions(id: string, apiKey: string, opts?: unknown): Promise<any[]>;
	log(): string;
}

export interface Stack {
	emulator: RunningEmulator;
	n8n: N8nInstance;
	teardown(): Promise<void>;
}

export const { nodeOutput, waitFor } = n8nLib as {
	nodeOutput(result: unknown, node: string, opts?: { run?: number; output?: number; full?: boolean }): any[];
	waitFor<T>(fn: () => T | Promise<T>, opts?: { timeoutMs?: number; intervalMs?: number; what?: string }): Promise<T>;
};

/** Emulator + n8n user folder with the package (copied, as n8n's installer would), credentials and workflows. */
export async function startStack(name: string, workflows: object[]): Promise<Stack> {
	const emulator = await startEmulator({ port: 0, host: '127.0.0.1', quiet: true });
	const userFolder = path.join(E2E_DIR, `${name}-${process.pid}`);
	fs.rmSync(userFolder, { recursive: true, force: true });
	fs.mkdirSync(userFolder, { recursive: true });
	let n8n: N8nInstance | undefined;
	try {
		n8n = (await n8nLib.createN8n({ userFolder, packageDir: ROOT })) as N8nInstance;
		await n8n.importCredentials(emulatorCredentials(emulator));
		await n8n.importWorkflow(workflows);
	} catch (e) {
		if (n8n) await n8n.stop();
		await emulator.stop();
		throw e;
	}
	const instance = n8n;
	return {
		emulator,
		n8n: instance,
		async teardown() {
			await instance.stop();
			await emulator.stop();
			if (process.env.LP_E2E_KEEP !== '1') fs.rmSync(userFolder, { recursive: true, force: true });
		},
	};
}

/** Whether a process id is alive (a zombie counts as gone). */
export function pidAlive(pid: number): boolean {
	try {
		process.kill(pid, 0);
	} catch (e) {
		return (e as NodeJS.ErrnoException).code === 'EPERM';
	}
	try {
		return !/^\d+ \(.*\) Z/.test(fs.readFileSync(`/proc/${pid}/stat`, 'utf8'));
	} catch {
		return false;
	}
}
