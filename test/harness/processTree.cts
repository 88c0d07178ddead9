/**
 * The processes a command starts, for a test that it leaves none behind: the descendants of a pid, sampled from
 * /proc while it runs, each with its start time (a pid used again later is not taken for it). Linux only.
 */
import { readdirSync, readFileSync } from 'fs';

export interface Descendant {
	pid: number;
	/** The start time in clock ticks since boot (/proc/<pid>/stat, field 22). */
	start: string;
	/** Its command line when last sampled (after its exec, for any process that lived past one sample). */
	command: string;
}

function stat(pid: number): { state: string; ppid: number; start: string } | undefined {
	try {
		const text = readFileSync(`/proc/${pid}/stat`, 'utf8');
		// the command name, in parentheses, may hold spaces: the fields after it start at field 3 (the state)
		const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
		return { state: fields[0], ppid: Number(fields[1]), start: fields[19] };
	} catch {
		return undefined;
	}
}

function commandOf(pid: number): string {
	try {
		return readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').join(' ').trim();
	} catch {
		return '';
	}
}

/** A live process with this start time (a zombie has ended: only its exit status is left). */
const alive = (process: Descendant) => {
	const now = stat(process.pid);
	return now !== undefined && now.start === process.start && now.state !== 'Z';
};

/** Samples `root`'s descendants every `intervalMs` until `stop()`, which returns every one seen and those alive. */
export function watchDescendants(root: number, intervalMs = 200) {
	const seen = new Map<string, Descendant>();
	const sample = () => {
		const children = new Map<number, number[]>();
		const starts = new Map<number, string>();
		for (const name of readdirSync('/proc')) {
			if (!/^\d+$/.test(name)) continue;
			const info = stat(Number(name));
			if (!info) continue;
			starts.set(Number(name), info.start);
			children.set(info.ppid, [...(children.get(info.ppid) ?? []), Number(name)]);
		}
		const queue = [...(children.get(root) ?? [])];
		for (let pid = queue.shift(); pid !== undefined; pid = queue.shift()) {
			const key = `${pid}:${starts.get(pid)}`;
			// read again each time: a sample between a spawn's fork and its exec sees the parent's command line
			// (the same pid and start time), which a busy machine makes likely
			const command = commandOf(pid);
			const known = seen.get(key);
			if (!known) seen.set(key, { pid, start: starts.get(pid) ?? '', command });
			else if (command) known.command = command;
			queue.push(...(children.get(pid) ?? []));
		}
	};
	let samples = 0;
	const counted = () => {
		sample();
		samples++;
	};
	counted();
	const timer = setInterval(counted, intervalMs);
	return {
		/** How many samples it has taken (a test waits on this, not on time). */
		samples: () => samples,
		stop(): { seen: Descendant[]; left: Descendant[] } {
			clearInterval(timer);
			const all = [...seen.values()];
			return { seen: all, left: all.filter(alive) };
		},
	};
}
