/**
 * The package's documented commands (`npm run NAME`) as a test runs them: the script's command from package.json,
 * its program from node_modules/.bin (`node`: this Node), in a child process of the test's own (no npm in between, so the test stops
 * the very process it started). A script that is not one plain command is refused rather than half-run.
 */
import { spawn, type ChildProcessByStdio } from 'child_process';
import { readFileSync, realpathSync } from 'fs';
import { join } from 'path';
import type { Readable } from 'stream';

export const ROOT = join(__dirname, '..', '..');
const SCRIPTS = (JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts;

export type ScriptProcess = ChildProcessByStdio<null, Readable, Readable>;

/** Starts `npm run <name> -- <args>` in `root` (a copy of the package: its own scripts and files); stdout and stderr are piped. */
export function startScript(name: string, args: string[] = [], root: string = ROOT): ScriptProcess {
	const command = Object.prototype.hasOwnProperty.call(SCRIPTS, name) ? SCRIPTS[name] : undefined;
	if (command === undefined) throw new Error(`package.json has no script "${name}"`);
	if (/[&|;<>$`'"\\]/.test(command)) throw new Error(`script "${name}" is not one plain command: ${command}`);
	const [program, ...rest] = command.trim().split(/\s+/);
	// `node scripts/x.js` runs on this Node; any other program is a dev dependency's bin
	const bin = program === 'node' ? [] : [realpathSync(join(root, 'node_modules', '.bin', program))];
	return spawn(process.execPath, [...bin, ...rest, ...args], { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
}

export interface ScriptResult {
	/** The exit code, or null when a signal ended it. */
	code: number | null;
	stdout: string;
	stderr: string;
	/** Set when the script ran past its time and was stopped. */
	timedOut: boolean;
}

/**
 * Runs `npm run <name> -- <args>` to its end. Past `timeoutMs` it gets SIGTERM (the bench and the emulator stop
 * their own children on it), then SIGKILL if it has not ended 10 s later. `started` gets the process at once.
 */
export function runScript(name: string, args: string[], timeoutMs: number, started?: (child: ScriptProcess) => void): Promise<ScriptResult> {
	const child = startScript(name, args);
	started?.(child);
	let stdout = '';
	let stderr = '';
	child.stdout.on('data', (chunk) => (stdout += String(chunk)));
	child.stderr.on('data', (chunk) => (stderr += String(chunk)));
	let timedOut = false;
	let kill: NodeJS.Timeout | undefined;
	const term = setTimeout(() => {
		timedOut = true;
		child.kill('SIGTERM');
		kill = setTimeout(() => child.kill('SIGKILL'), 10_000);
	}, timeoutMs);
	return new Promise((resolve, reject) => {
		child.once('error', reject);
		child.once('close', (code) => {
			clearTimeout(term);
			clearTimeout(kill);
			resolve({ code, stdout, stderr, timedOut });
		});
	});
}
