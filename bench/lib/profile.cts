/**
 * Reads a V8 CPU profile (`node --cpu-prof`) and says where the time went: self time per function and per
 * package (n8n-core, n8n-workflow, axios, this package, Node's internals…), as Markdown.
 */
import * as fs from 'fs';

interface ProfileNode {
	id: number;
	callFrame: { functionName: string; url: string; lineNumber: number };
	children?: number[];
}

interface CpuProfile {
	nodes: ProfileNode[];
	startTime: number;
	samples: number[];
	timeDeltas: number[];
}

/** A part of the profiled process's life, in ms since the profile started (about when the process started). */
export interface ProfileWindow {
	fromMs: number;
	toMs: number;
}

/** The package a script belongs to: the folder after the last node_modules, this package's own files, or Node. */
export function packageOf(url: string): string {
	if (!url) return '(V8 / native)';
	if (url.startsWith('node:')) return 'node: built-ins';
	const inModules = url.split('node_modules/').pop()!;
	if (inModules === url) return url;
	const name = inModules.startsWith('@') ? inModules.split('/').slice(0, 2).join('/') : inModules.split('/')[0];
	return name === 'n8n-nodes-loyalty-promotions' ? `${name} (this package)` : name;
}

export function summarizeProfile(file: string, window?: ProfileWindow, top = 20): string {
	const profile = JSON.parse(fs.readFileSync(file, 'utf8')) as CpuProfile;
	const byId = new Map(profile.nodes.map((node) => [node.id, node]));
	const selfUs = new Map<number, number>();
	let atUs = 0;
	profile.samples.forEach((id, i) => {
		atUs += profile.timeDeltas[i] ?? 0;
		if (window && (atUs / 1000 < window.fromMs || atUs / 1000 > window.toMs)) return;
		selfUs.set(id, (selfUs.get(id) ?? 0) + (profile.timeDeltas[i + 1] ?? profile.timeDeltas[i] ?? 0));
	});
	const total = [...selfUs.values()].reduce((a, b) => a + b, 0);
	const functions = new Map<string, number>();
	const packages = new Map<string, number>();
	for (const [id, us] of selfUs) {
		const frame = byId.get(id)!.callFrame;
		if (frame.functionName === '(idle)' || frame.functionName === '(program)') continue;
		const where = frame.url ? `${frame.url.split('node_modules/').pop()}:${frame.lineNumber + 1}` : '';
		const key = `${frame.functionName || '(anonymous)'} ${where}`.trim();
		functions.set(key, (functions.get(key) ?? 0) + us);
		const pkg = packageOf(frame.url);
		packages.set(pkg, (packages.get(pkg) ?? 0) + us);
	}
	const busy = [...packages.values()].reduce((a, b) => a + b, 0);
	const rows = (map: Map<string, number>, n: number) =>
		[...map.entries()]
			.sort((a, b) => b[1] - a[1])
			.slice(0, n)
			.map(([name, us]) => `| ${name} | ${(us / 1000).toFixed(0)} ms | ${((us / busy) * 100).toFixed(1)}% |`);
	return [
		`Profile ${file}${window ? `, ${(window.fromMs / 1000).toFixed(1)}–${(window.toMs / 1000).toFixed(1)} s after start` : ''}: ${(total / 1e6).toFixed(2)} s sampled, ${(busy / 1e6).toFixed(2)} s busy.`,
		'',
		'| Package | Self time | Share of busy |',
		'|---|---|---|',
		...rows(packages, 12),
		'',
		'| Function | Self time | Share of busy |',
		'|---|---|---|',
		...rows(functions, top),
	].join('\n');
}
