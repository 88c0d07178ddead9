#!/usr/bin/env node
'use strict';
/**
 * npm run demo — the package in a real n8n against the local emulator, in one command.
 *
 *   node scripts/demo.js [--headless] [--queue] [--port N] [--emulator-port N] [--no-build] [--user-folder DIR] [--keep]
 *
 * 1. installs the n8n runtime on first use (n8n 2.41.1 + Node 24, ~2–4 min once; cached after),
 * 2. builds the package (npm run build) when dist/ is missing or older than the sources,
 * 3. starts the emulator (seeded data) and prepares an n8n user folder with the package installed,
 * 4. imports three credentials pointing at the emulator and every workflow in examples/ (and, for the AI
 *    examples, an OpenAI credential at a scripted local model, an SMTP credential at a local reviewers' mailbox (the
 *    agent's reviews go there, not to the person chatting), the MCP trigger's token and, once n8n runs, an n8n API
 *    credential with the owner's key),
 * 5. interactive (default): publishes the Loyalty Events example, starts n8n on 127.0.0.1, creates the owner
 *    account, prints the editor URL, the login and how to emit an event; Ctrl-C stops n8n and the emulator.
 *    --headless: runs every example with `n8n execute` and prints status, items and time of each; exit code 1
 *    when one fails.
 * --queue: the same in n8n's queue mode (test/e2e/queue/topology.js): private Redis and PostgreSQL (installed from
 *    Debian's packages when missing and run as root), one main, two workers and one webhook process; the Loyalty
 *    Events example and a webhook-started SKU sync are active. With --headless it sends one event and one
 *    300-item sync through the queue, prints which worker ran each, and stops.
 *
 * --watch (npm run dev): the interactive demo as a development loop, what `n8n-node dev --external-n8n` does the
 *    project's way: tsc recompiles nodes/ and credentials/ on every change (tsconfig.build.json; its first compile is
 *    the build's, and n8n starts after it), the package is
 *    symlinked into the user folder instead of copied, and n8n runs with N8N_DEV_RELOAD=true so it reloads the nodes.
 *
 * Everything listens on 127.0.0.1. No stdin or TTY is needed (it waits for SIGINT/SIGTERM/SIGHUP).
 */

const fs = require('fs');
const os = require('os');
const path = require('path');
const { spawn, spawnSync } = require('child_process');

require('./ensureDeps').ensureDependencies();

const ROOT = path.resolve(__dirname, '..');
const { createN8n, freePort, ensureRuntime } = require('../test/e2e/n8n');
const { staleReason } = require('../test/e2e/globalSetup');
const { emulatorCredentials, goLive, loadExamples, summarizeRun } = require('../test/e2e/examples');
const { startQueueTopology } = require('../test/e2e/queue/topology');
const { LOYALTY_EVENTS, SKU_SYNC } = require('../test/e2e/queue/workflows');
const { startScriptedModel } = require('../test/e2e/ai/scriptedModel');
const { supportScript } = require('../test/e2e/ai/supportScript');
const { openAiCredential, mcpBearerCredential, n8nApiCredential } = require('../test/e2e/ai/aiExamples');
const { startMailbox, serveMailboxPage, smtpCredential } = require('../test/e2e/ai/mailbox');

const DEMO_OWNER = { email: 'demo@example.com', firstName: 'Demo', lastName: 'User', password: 'Demo-Passw0rd!' };
const TRIGGER_EXAMPLE = 'loyalty-events.json';
const TRIGGER_EVENT = 'voucher.loyalty_card.points_aded';
const AI_AGENT_EXAMPLE = 'ai-loyalty-agent.json';
const MCP_EXAMPLE = 'loyalty-mcp-server.json';
const DEMO_MCP_TOKEN = 'demo-mcp-token';

const HELP = `Usage: npm run demo -- [options]

Starts the local emulator and a real n8n (127.0.0.1) with this package, the example workflows and
credentials pointing at the emulator. Ctrl-C stops both.

Options:
  --headless            execute every example workflow once, print a summary, and exit
  --queue               n8n in queue mode: Redis, PostgreSQL, one main, two workers and a webhook process
                        (with --headless: one event and one SKU sync through the queue, then exit)
  --port N              n8n's port (default: a free one; N+1 is n8n's task broker)
  --emulator-port N     the emulator's port (default: a free one)
  --no-build            do not run \`npm run build\` first, even when dist/ is older than the sources
  --watch               development loop: recompile on change, package symlinked, n8n reloads it (npm run dev)
  --user-folder DIR     n8n user folder (default: a new temp folder, removed on exit)
  --keep                keep the temp user folder on exit
  -h, --help            this text
`;

function parseArgs(argv) {
	const opts = { headless: false, queue: false, build: true, keep: false, watch: false };
	for (let i = 0; i < argv.length; i++) {
		const [flag, inline] = argv[i].split('=', 2);
		const value = () => {
			const v = inline !== undefined ? inline : argv[++i];
			if (v === undefined) throw new Error(`${flag} needs a value`);
			return v;
		};
		const port = () => {
			const n = Number(value());
			if (!Number.isInteger(n) || n < 1 || n > 65534) throw new Error(`${flag} needs a port number (1–65534)`);
			return n;
		};
		switch (flag) {
			case '--headless': opts.headless = true; break;
			case '--queue': opts.queue = true; break;
			case '--port': opts.port = port(); break;
			case '--emulator-port': opts.emulatorPort = port(); break;
			case '--no-build': opts.build = false; break;
			case '--user-folder': opts.userFolder = path.resolve(value()); break;
			case '--keep': opts.keep = true; break;
			case '--watch': opts.watch = true; break;
			case '-h': case '--help': opts.help = true; break;
			default: throw new Error(`unknown option ${argv[i]} (see --help)`);
		}
	}
	if (opts.watch && (opts.headless || opts.queue)) throw new Error('--watch runs the interactive demo: not with --headless or --queue');
	if (opts.watch && !opts.build) throw new Error('--watch builds first (icons and codex files): not with --no-build');
	return opts;
}

const log = (msg) => process.stdout.write(`[demo] ${msg}\n`);
const secs = (ms) => `${(ms / 1000).toFixed(1)} s`;

async function timed(what, fn) {
	const t0 = Date.now();
	log(`${what}…`);
	const r = await fn();
	log(`${what}: done in ${secs(Date.now() - t0)}`);
	return r;
}

/** How long the watch's first compile may take (a cold compile of the shipped sources takes 10–30 s). */
const FIRST_COMPILE_MS = 10 * 60_000;

/**
 * tsc in watch mode on the shipped sources; its messages go to the terminal with a [tsc] prefix. Returns the child
 * and `compiled`, which settles on its first compile: n8n starts only after it, so that the compile's writes do not
 * land under an n8n reading or reloading the package (an editor asked meanwhile answered an empty node list).
 */
function watchSources() {
	const tsc = path.join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc');
	const child = spawn(process.execPath, [tsc, '-p', 'tsconfig.build.json', '--watch', '--preserveWatchOutput'], {
		cwd: ROOT,
		stdio: ['ignore', 'pipe', 'pipe'],
	});
	let settle;
	const compiled = new Promise((resolve, reject) => {
		const timer = setTimeout(() => reject(new Error(`tsc --watch did not finish its first compile in ${FIRST_COMPILE_MS / 60000} min`)), FIRST_COMPILE_MS);
		settle = (error) => {
			clearTimeout(timer);
			settle = () => {};
			if (error) reject(error);
			else resolve();
		};
	});
	child.once('exit', (code, signal) => settle(new Error(`tsc --watch exited (${signal || `code ${code}`}) before its first compile`)));
	for (const stream of [child.stdout, child.stderr]) {
		stream.setEncoding('utf8');
		let pending = '';
		stream.on('data', (chunk) => {
			const lines = (pending + chunk).split('\n');
			pending = lines.pop();
			for (const line of lines) {
				if (line.trim()) process.stdout.write(`[tsc] ${line}\n`);
				const found = /Found (\d+) errors?\. Watching for file changes/.exec(line);
				if (found) settle(found[1] === '0' ? undefined : new Error(`tsc found ${found[1]} errors in nodes/ or credentials/ (above)`));
			}
		});
	}
	return { child, compiled };
}

/**
 * The watch's build: dist/ emptied, tsc --watch's first compile (the one compile a build would make first), then the
 * build's other step (icons, codex and schema files copied by gulp).
 */
async function buildWatching() {
	fs.rmSync(path.join(ROOT, 'dist'), { recursive: true, force: true });
	const watcher = watchSources();
	try {
		await watcher.compiled;
		const gulp = path.join(ROOT, 'node_modules', 'gulp', 'bin', 'gulp.js');
		const r = spawnSync(process.execPath, [gulp, 'build:icons'], { cwd: ROOT, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
		if (r.status !== 0) {
			process.stderr.write(`${r.stdout || ''}${r.stderr || ''}`);
			throw new Error(`gulp build:icons failed (exit code ${r.status})`);
		}
	} catch (error) {
		watcher.child.kill('SIGTERM');
		throw error;
	}
	log('tsc is watching nodes/ and credentials/; n8n reloads the package after each compile (icons: npm run build)');
	return watcher.child;
}

function build() {
	const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
	const r = spawnSync(npm, ['run', 'build'], { cwd: ROOT, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
	if (r.status !== 0) {
		process.stderr.write(`${r.stdout || ''}${r.stderr || ''}`);
		throw new Error(`npm run build failed (exit code ${r.status})`);
	}
}

/** The emulator as a child process (own process group); resolves with { child, info } once it printed its JSON line. */
function startEmulator(port) {
	return new Promise((resolve, reject) => {
		const tsNode = require.resolve('ts-node/dist/bin.js', { paths: [ROOT] });
		const child = spawn(process.execPath, [tsNode, '--transpile-only', path.join('test', 'emulator', 'cli.cts'), '--port', String(port || 0)], {
			cwd: ROOT,
			env: { ...process.env, TS_NODE_TRANSPILE_ONLY: 'true' },
			stdio: ['ignore', 'pipe', 'pipe'],
			detached: true,
		});
		let out = '';
		let err = '';
		const timer = setTimeout(() => fail(new Error('the emulator did not start within 60 s')), 60000);
		const fail = (e) => {
			clearTimeout(timer);
			killGroup(child, 'SIGKILL');
			reject(new Error(`${e.message}${err ? `\n${err.trim()}` : ''}`));
		};
		child.stderr.on('data', (d) => (err += d));
		child.stdout.on('data', (d) => {
			out += d;
			const nl = out.indexOf('\n');
			if (nl < 0) return;
			clearTimeout(timer);
			try {
				resolve({ child, info: JSON.parse(out.slice(0, nl)) });
			} catch {
				fail(new Error(`unexpected emulator output: ${out.slice(0, 200)}`));
			}
		});
		child.on('error', fail);
		child.on('exit', (code) => {
			if (!out.includes('\n')) fail(new Error(`the emulator exited with code ${code}`));
		});
	});
}

function killGroup(child, signal) {
	if (!child || child.exitCode !== null || child.signalCode !== null) return;
	try {
		process.kill(-child.pid, signal);
	} catch {
		try {
			child.kill(signal);
		} catch {
			/* gone */
		}
	}
}

async function stopEmulator(child) {
	if (!child || child.exitCode !== null || child.signalCode !== null) return;
	const exited = new Promise((r) => child.once('exit', r));
	killGroup(child, 'SIGTERM');
	const t = await Promise.race([exited.then(() => 'exited'), new Promise((r) => setTimeout(() => r('timeout'), 5000))]);
	if (t === 'timeout') {
		killGroup(child, 'SIGKILL');
		await exited;
	}
}

function pad(text, width) {
	const s = String(text);
	return s.length >= width ? s : s + ' '.repeat(width - s.length);
}

async function headless(n8n, imported) {
	log('executing every example workflow (n8n execute)…');
	const rows = [];
	for (const { file, workflow } of imported) {
		const t0 = Date.now();
		let summary;
		try {
			summary = summarizeRun(await n8n.execute(workflow.id, { timeoutMs: 180000 }), workflow);
		} catch (e) {
			summary = { status: 'error', nodes: {}, ends: [], error: e.message.split('\n')[0] };
		}
		const ms = Date.now() - t0;
		rows.push({ file, name: workflow.name, ms, ...summary });
		const items = summary.ends.map((e) => `${e.name}: ${e.items}`).join(', ');
		log(`  ${summary.status === 'success' ? 'ok  ' : 'FAIL'} ${file} (${secs(ms)})${items ? ` → ${items}` : ''}`);
	}
	const w = Math.max(...rows.map((r) => r.name.length), 8);
	process.stdout.write(`\n${pad('Workflow', w)}  ${pad('Status', 8)}  ${pad('Time', 7)}  Items per node\n`);
	for (const r of rows) {
		const perNode = Object.entries(r.nodes)
			.map(([name, n]) => `${name} ${n.items}${n.status === 'success' ? '' : ` (${n.status})`}`)
			.join(' · ');
		process.stdout.write(`${pad(r.name, w)}  ${pad(r.status, 8)}  ${pad(secs(r.ms), 7)}  ${perNode}\n`);
		if (r.error) process.stdout.write(`${pad('', w)}  error: ${r.error}\n`);
	}
	const failed = rows.filter((r) => r.status !== 'success');
	process.stdout.write(`\n${rows.length - failed.length} of ${rows.length} example workflows succeeded\n`);
	return failed.length === 0;
}

function printQueueBanner(topology, emu) {
	const workers = topology.workers.map((w, i) => `worker ${i + 1} (health ${w.baseUrl}/healthz, log ${path.relative(topology.folder, w.logFile)})`);
	process.stdout.write(
		[
			'',
			'  ┌ Loyalty Promotions demo is running in n8n queue mode',
			`  │ n8n editor (main): ${topology.main.baseUrl}/`,
			`  │ login:             ${DEMO_OWNER.email} / ${DEMO_OWNER.password}`,
			`  │ webhook process:   ${topology.env.N8N_WEBHOOK_URL}  (the trigger's webhook is registered here)`,
			...workers.map((w) => `  │ ${w}`),
			`  │ Redis 127.0.0.1:${topology.redis.port}, PostgreSQL 127.0.0.1:${topology.postgres.port} (database n8n, user n8n)`,
			`  │ emulator:          ${emu}  (credentials: lp-app, lp-management, lp-oauth)`,
			'  │',
			`  │ "${LOYALTY_EVENTS.name}" is active. Send it an event (delivered to the webhook process, run by a worker):`,
			`  │   curl -X POST ${emu}/_emulator/emit -H 'content-type: application/json' -d '{"type":"${TRIGGER_EVENT}"}'`,
			`  │ Start a 2,000-item SKU sync on a worker:`,
			`  │   curl -X POST ${topology.webhookUrl(SKU_SYNC.path)} -H 'content-type: application/json' -d '{"count":2000,"prefix":"demo"}'`,
			`  │ Which worker ran what: grep "Worker started execution" ${path.join(topology.folder, 'worker-*', 'n8n.log')}`,
			`  │ All logs: ${topology.folder}`,
			'  └ Press Ctrl-C to stop every process (by PID), Redis and PostgreSQL.',
			'',
		].join('\n') + '\n',
	);
}

/** --queue --headless: one event and one 300-item SKU sync through the queue; which worker ran each. */
async function queueHeadless(topology, apiKey, emu) {
	const { listExecutions } = require('../test/e2e/n8n');
	const finished = (e) => e.finished || (e.status && !['new', 'running', 'waiting'].includes(e.status));
	async function waitForRun(workflowId, what, before) {
		const until = Date.now() + 180000;
		for (;;) {
			const list = await listExecutions(topology.main.baseUrl, workflowId, apiKey);
			const fresh = list.filter((e) => !before.has(e.id) && finished(e));
			if (fresh.length) return fresh[0];
			if (Date.now() > until) throw new Error(`${what}: no finished execution within 180 s (executions: ${list.map((e) => `#${e.id} ${e.status}`).join(', ') || 'none'})`);
			await new Promise((r) => setTimeout(r, 300));
		}
	}
	const ids = async (wf) => new Set((await listExecutions(topology.main.baseUrl, wf, apiKey)).map((e) => e.id));
	const rows = [];
	const beforeEvent = await ids(LOYALTY_EVENTS.id);
	const emitted = await fetch(`${emu.baseUrl}/_emulator/emit`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ type: TRIGGER_EVENT }) });
	if (!emitted.ok) throw new Error(`emitting an event failed: HTTP ${emitted.status}`);
	rows.push(['event → Loyalty Events', await waitForRun(LOYALTY_EVENTS.id, 'the event', beforeEvent)]);
	const beforeSync = await ids(SKU_SYNC.id);
	const t0 = Date.now();
	const posted = await fetch(topology.webhookUrl(SKU_SYNC.path), { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ count: 300, prefix: 'demo-queue' }) });
	if (!posted.ok) throw new Error(`starting the SKU sync failed: HTTP ${posted.status}`);
	rows.push([`300-item SKU sync (${secs(Date.now() - t0)} to queue)`, await waitForRun(SKU_SYNC.id, 'the SKU sync', beforeSync)]);
	const runs = topology.workerRuns();
	process.stdout.write('\n');
	for (const [what, e] of rows) {
		const worker = (runs.get(String(e.id)) || []).map((i) => `worker ${i + 1}`).join(', ') || 'no worker logged it';
		process.stdout.write(`  ${e.status === 'success' ? 'ok  ' : 'FAIL'} ${what}: execution ${e.id} ${e.status} on ${worker}\n`);
	}
	process.stdout.write('\n');
	return rows.every(([, e]) => e.status === 'success');
}

async function main() {
	let opts;
	try {
		opts = parseArgs(process.argv.slice(2));
	} catch (e) {
		process.stderr.write(`demo: ${e.message}\n`);
		process.exit(2);
	}
	if (opts.help) {
		process.stdout.write(HELP);
		return 0;
	}

	let emulator;
	let model;
	let mailbox;
	let mailboxPage;
	let n8n;
	let topology;
	let compiler;
	let tempFolder;
	let shuttingDown;
	const shutdown = (reason) => {
		if (shuttingDown) return shuttingDown;
		shuttingDown = (async () => {
			if (reason) log(`${reason}: stopping n8n and the emulator…`);
			if (compiler) compiler.kill('SIGTERM');
			if (n8n) await n8n.stop().catch((e) => log(`stopping n8n: ${e.message}`));
			if (topology) await topology.stop().catch((e) => log(`stopping the queue-mode processes: ${e.message}`));
			if (emulator) await stopEmulator(emulator.child).catch((e) => log(`stopping the emulator: ${e.message}`));
			if (model) await model.stop().catch((e) => log(`stopping the scripted model: ${e.message}`));
			if (mailboxPage) await mailboxPage.stop().catch((e) => log(`stopping the mailbox page: ${e.message}`));
			if (mailbox) await mailbox.stop().catch((e) => log(`stopping the reviewers' mailbox: ${e.message}`));
			if (tempFolder && !opts.keep) fs.rmSync(tempFolder, { recursive: true, force: true });
			else if (tempFolder) log(`kept the user folder ${tempFolder}`);
			if (reason) log('stopped');
		})();
		return shuttingDown;
	};
	let interrupted = false;
	for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
		process.on(signal, () => {
			if (interrupted) return;
			interrupted = true;
			shutdown(signal).then(() => process.exit(signal === 'SIGINT' ? 0 : 128 + os.constants.signals[signal]));
		});
	}

	try {
		const runtime = await timed('n8n runtime (first run installs n8n 2.41.1 + Node 24, ~2–4 min)', () => ensureRuntime());
		log(`runtime: n8n ${runtime.version.n8n}, Node ${runtime.version.node} in ${runtime.dir}`);
		// an up-to-date dist/ is not rebuilt: a build empties dist/ first, under any n8n copying it (the e2e suite's)
		const stale = opts.watch ? 'the watch starts from a build' : staleReason();
		if (opts.watch) compiler = await timed('building the package: tsc --watch, its first compile, and the icons', () => buildWatching());
		else if (opts.build && stale) await timed(`building the package (${stale}): npm run build`, async () => build());
		else if (opts.build) log('dist/ is up to date with the sources: no build');
		else if (!fs.existsSync(path.join(ROOT, 'dist'))) throw new Error('dist/ is missing: run without --no-build');

		emulator = await timed('starting the emulator', () => startEmulator(opts.emulatorPort));
		log(`emulator: ${emulator.info.baseUrl}`);
		emulator.child.on('exit', (code, signal) => {
			if (!shuttingDown) {
				log(`the emulator exited unexpectedly (${signal || `code ${code}`})`);
				shutdown('emulator exit').then(() => process.exit(1));
			}
		});

		if (!opts.userFolder) tempFolder = fs.mkdtempSync(path.join(os.tmpdir(), opts.queue ? 'lp-demo-queue-' : 'lp-demo-'));
		if (opts.queue) {
			const folder = opts.userFolder || tempFolder;
			topology = await timed('starting n8n in queue mode (Redis, PostgreSQL, main, 2 workers, webhook process)', () =>
				startQueueTopology({
					folder,
					packageDir: ROOT,
					mainPort: opts.port,
					credentials: emulatorCredentials(emulator.info),
					// the published example with its trigger enabled (the one activated below), as its sticky note says to go live
					workflows: [...loadExamples().map((e) => (e.file === TRIGGER_EXAMPLE ? LOYALTY_EVENTS : e.workflow)), SKU_SYNC.workflow],
					log: (m) => log(`  ${m}`),
				}),
			);
			const apiKey = await topology.main.setupOwnerAndApiKey({ owner: DEMO_OWNER, label: 'demo' });
			// the main process activates them: the trigger registers the webhook process's URL at the emulator
			for (const wf of [LOYALTY_EVENTS, SKU_SYNC.workflow]) await topology.main.activate(wf.id, apiKey);
			const processes = [['main', topology.main], ...topology.workers.map((w, i) => [`worker ${i + 1}`, w]), ['webhook process', topology.webhook]];
			for (const [name, inst] of processes) {
				inst.child.on('exit', (code, signal) => {
					if (!shuttingDown) {
						log(`n8n ${name} exited unexpectedly (${signal || `code ${code}`}); log: ${inst.logFile}`);
						shutdown('n8n exit').then(() => process.exit(1));
					}
				});
			}
			if (opts.headless) {
				const ok = await queueHeadless(topology, apiKey, emulator.info);
				await shutdown();
				return ok ? 0 : 1;
			}
			printQueueBanner(topology, emulator.info.baseUrl);
			setInterval(() => {}, 1 << 30); // keep running (no stdin/TTY needed) until a signal
			await new Promise(() => {});
		}
		const port = opts.port || (await freePort());
		n8n = await createN8n({
			userFolder: opts.userFolder || tempFolder,
			port,
			packageDir: ROOT,
			...(opts.watch ? { linkMode: 'symlink', env: { N8N_DEV_RELOAD: 'true' } } : {}),
		});
		log(`n8n user folder: ${n8n.userFolder} (package ${opts.watch ? 'symlinked' : 'copied'} into .n8n/nodes/node_modules)`);

		const examples = loadExamples();
		// the AI examples run in `n8n start` (a chat and an MCP client drive them), not in --headless's `n8n execute`
		const aiExamples = opts.headless ? [] : loadExamples(undefined, { ai: 'only' });
		if (aiExamples.length) {
			// nothing here reaches the internet: the OpenAI credential's Base URL points at a scripted local model
			model = await startScriptedModel({ script: supportScript() });
			log(`scripted OpenAI-compatible model: ${model.baseUrl}`);
			// the agent's reviews are e-mailed to the reviewers (not the person chatting): a local mailbox and its page
			mailbox = await startMailbox();
			mailboxPage = await serveMailboxPage(mailbox);
			log(`reviewers' mailbox: SMTP 127.0.0.1:${mailbox.port}, page ${mailboxPage.url}`);
		}
		// the imports and publishes wait for n8n's next command and then run in one n8n process (test/e2e/README.md)
		await n8n.importCredentials(emulatorCredentials(emulator.info));
		if (model) await n8n.importCredentials([openAiCredential(model.baseUrl), mcpBearerCredential(DEMO_MCP_TOKEN), smtpCredential(mailbox.port)]);
		// the published example with its trigger enabled, as its sticky note says to go live
		await n8n.importWorkflow([...examples.map((e) => (e.file === TRIGGER_EXAMPLE ? goLive(e.workflow) : e.workflow)), ...aiExamples.map((e) => e.workflow)]);
		log(`credentials (lp-app, lp-management, lp-oauth) and ${examples.length + aiExamples.length} example workflows: imported by n8n's next command`);

		if (opts.headless) {
			const ok = await headless(n8n, examples);
			await shutdown();
			return ok ? 0 : 1;
		}

		const trigger = examples.find((e) => e.file === TRIGGER_EXAMPLE);
		if (trigger) await n8n.publish(trigger.workflow.id);
		if (trigger) log(`"${trigger.workflow.name}" published: its trigger registers a webhook at the emulator when n8n starts`);
		for (const { workflow } of aiExamples) await n8n.publish(workflow.id);
		const agent = aiExamples.find((e) => e.file === AI_AGENT_EXAMPLE);
		const mcp = aiExamples.find((e) => e.file === MCP_EXAMPLE);
		const chatWebhook = agent && agent.workflow.nodes.find((n) => n.type === '@n8n/n8n-nodes-langchain.chatTrigger').webhookId;
		const mcpPath = mcp && mcp.workflow.nodes.find((n) => n.type === '@n8n/n8n-nodes-langchain.mcpTrigger').parameters.path;
		// who reviews the agent's writes: the review nodes' To Email (the reviewers' mailbox, not the person chatting)
		const reviewers = agent ? [...new Set(agent.workflow.nodes.filter((n) => n.type === 'n8n-nodes-base.emailSendHitlTool').map((n) => n.parameters.toEmail))].join(', ') : '';
		const child = await timed(`importing and publishing, then starting n8n on ${n8n.baseUrl}`, () => n8n.start({ timeoutMs: 120000 }));
		const apiKey = await n8n.setupOwnerAndApiKey({ owner: DEMO_OWNER, label: 'demo' });
		// the agent example's Get This Execution reads its run with an API key of this n8n, which exists only now
		if (agent) await n8n.importCredentials([n8nApiCredential(n8n.baseUrl, apiKey)]);
		child.on('exit', (code, signal) => {
			if (!shuttingDown) {
				log(`n8n exited unexpectedly (${signal || `code ${code}`}); log: ${n8n.logFile}`);
				shutdown('n8n exit').then(() => process.exit(1));
			}
		});

		const emu = emulator.info.baseUrl;
		process.stdout.write(
			[
				'',
				'  ┌ Loyalty Promotions demo is running',
				`  │ n8n editor:   ${n8n.baseUrl}/`,
				`  │ login:        ${DEMO_OWNER.email} / ${DEMO_OWNER.password}`,
				`  │ emulator:     ${emu}  (credentials: lp-app, lp-management, lp-oauth)`,
				`  │ workflows:    ${examples.map((e) => e.workflow.name.replace(/^Loyalty Promotions: /, '')).join('; ')}`,
				'  │',
				`  │ The "${trigger ? trigger.workflow.name : 'loyalty events'}" workflow is active. Send it an event:`,
				`  │   curl -X POST ${emu}/_emulator/emit -H 'content-type: application/json' -d '{"type":"${TRIGGER_EVENT}"}'`,
				`  │ then open Executions in the editor. Emulator request log: ${emu}/_emulator/requests`,
				...(chatWebhook
					? [
							'  │',
							`  │ AI agent (scripted model at ${model.baseUrl}; a real OpenAI credential works unchanged): chat at`,
							`  │   ${n8n.webhookUrl(`${chatWebhook}/chat`)}  e.g. "Please add 50 goodwill points for customer-1@example.com".`,
							'  │   Requester: you in the chat, signed in to n8n (sign in to the editor with the login above in the same browser first).',
							`  │   Reviewer: ${reviewers}, not the requester: each points change and reward purchase is e-mailed`,
							`  │   there; open the reviewers' mailbox at ${mailboxPage.url} and click Approve or Decline (the chat shows no buttons).`,
						]
					: []),
				...(mcpPath ? [`  │ MCP server (Streamable HTTP): ${n8n.baseUrl}/mcp/${mcpPath}  header  Authorization: Bearer ${DEMO_MCP_TOKEN}`] : []),
				`  │ n8n log: ${n8n.logFile}`,
				'  └ Press Ctrl-C to stop n8n and the emulator.',
				'',
			].join('\n') + '\n',
		);
		setInterval(() => {}, 1 << 30); // keep running (no stdin/TTY needed) until a signal
		await new Promise(() => {});
		return 0;
	} catch (e) {
		process.stderr.write(`[demo] FAILED: ${e.message}\n`);
		if (n8n && fs.existsSync(n8n.logFile)) process.stderr.write(`[demo] n8n log: ${n8n.logFile}\n`);
		if (tempFolder) opts.keep = true; // keep the log for inspection
		await shutdown();
		return 1;
	}
}

main().then(
	(code) => process.exit(code),
	(e) => {
		process.stderr.write(`[demo] ${e.stack || e.message}\n`);
		process.exit(1);
	},
);
