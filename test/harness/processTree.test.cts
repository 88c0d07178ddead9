import { spawn } from 'child_process';
import { readFileSync } from 'fs';
import { watchDescendants } from './processTree.cjs';

const { waitFor } = require('../e2e/n8n');

/**
 * test/harness/processTree.cts, which the demo, dev and bench tests use to prove they leave no process behind: a
 * process first sampled before its exec (the parent's command line under the same pid) is reported with the
 * command it ran.
 */
const commandOf = (pid: number) => {
	try {
		return readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').join(' ').trim();
	} catch {
		return '';
	}
};

it("reports a process by the command it exec'd, though first sampled as the shell that started it", async () => {
	// a shell that is sampled, then replaces itself (same pid) with a long sleep once told to
	const child = spawn('sh', ['-c', 'read go; exec sleep 300'], { stdio: ['pipe', 'ignore', 'ignore'] });
	const watcher = watchDescendants(process.pid, 20);
	try {
		const pid = child.pid!;
		await waitFor(() => watcher.samples() > 1 && commandOf(pid).startsWith('sh -c'), { timeoutMs: 60_000, what: 'the shell sampled' });
		child.stdin!.write('go\n');
		await waitFor(() => commandOf(pid) === 'sleep 300', { timeoutMs: 60_000, what: "the shell's exec" });
		const after = watcher.samples();
		await waitFor(() => watcher.samples() > after + 1, { timeoutMs: 60_000, what: 'a sample after the exec' });
		const { seen, left } = watcher.stop();
		const mine = seen.filter((p) => p.pid === pid);
		expect(mine.map((p) => p.command)).toEqual(['sleep 300']);
		expect(left.map((p) => p.pid)).toContain(pid);
	} finally {
		watcher.stop();
		child.kill('SIGKILL');
	}
});
