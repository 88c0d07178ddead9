#!/usr/bin/env node
/**
 * npm test: the unit and integration suites (jest, against the emulator, through n8n-core's engine), then the
 * end-to-end suite in real n8n (jest.e2e.config.js: its `e2e` project, with its `browser` project beside it, n8n's
 * editor in Debian's Chromium (browserBesideE2e; LP_TEST_SERIAL=1: one after the other), then its `queue` project,
 * n8n in queue mode on Redis and PostgreSQL, then its `matrix` project, the package in each supported n8n version),
 * then one plain closing line `N passed, N failed`.
 * Extra arguments go to every jest run (e.g. a test path pattern). LP_SKIP_E2E=1 skips the real-n8n suites;
 * LP_SKIP_QUEUE=1 only the queue-mode one, LP_SKIP_BROWSER=1 only the real-browser one, LP_SKIP_MATRIX=1 only the
 * version matrix, for a quick local loop; CI sets none.
 */
const { spawn, spawnSync } = require('child_process');
const { createInterface } = require('readline');
const fs = require('fs');
const os = require('os');
const path = require('path');

require('./ensureDeps').ensureDependencies();

const root = path.resolve(__dirname, '..');
const jestBin = path.join(root, 'node_modules', 'jest', 'bin', 'jest.js');
const extra = process.argv.slice(2);

// A suite that never ends must not hang CI: jest is stopped after this long and the run counts as failed.
// The version matrix's limit is its cold run (n8n installs) plus two warm runs' worth.
const DEADLINE_MS = { unit: 20 * 60_000, e2e: 50 * 60_000, queue: 25 * 60_000, browser: 30 * 60_000, matrix: 45 * 60_000 };
// and all of them within CI's own limit: .ci/run sets when its 90 minutes end, less a margin for the summary
// (LP_TEST_DEADLINE_AT, seconds since the epoch); a suite gets at most what is left of it
const RUN_DEADLINE_MS = Number(process.env.LP_TEST_DEADLINE_AT) * 1000 || Infinity;
const ProgressReporter = require(path.join(root, 'test', 'harness', 'progressReporter.js'));

/**
 * CPU-seconds (user + sys) of the processes this one has started and waited for, and theirs in turn: jest, its
 * workers, and the n8n, Chromium, Redis and PostgreSQL processes they started. On a machine shared with other
 * work this is what a suite costs (its wall time mostly measures the others). Linux only (/proc); USER_HZ is 100.
 */
function childrenCpuSeconds() {
	try {
		const stat = fs.readFileSync('/proc/self/stat', 'utf8');
		const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
		// fields 16 and 17 of proc(5) (cutime, cstime), counted from the state field (3)
		return (Number(fields[13]) + Number(fields[14])) / 100;
	} catch {
		return NaN;
	}
}

function runJest(label, configFile, deadline, projectArgs = []) {
	const runDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lp-jest-'));
	const resultsFile = path.join(runDir, 'results.json');
	const progressFile = path.join(runDir, 'progress.json');
	const timeout = Math.min(DEADLINE_MS[deadline], RUN_DEADLINE_MS - Date.now());
	if (timeout <= 0) {
		console.log(`\n[test] ${label}: not run, CI's time is up (LP_TEST_DEADLINE_AT)`);
		return { label: deadline, wall: 0, cpu: 0, passed: 0, failed: 1, status: 1 };
	}
	const reporters = ['--reporters', 'default', '--reporters', path.join(root, 'test', 'harness', 'progressReporter.js')];
	const args = [jestBin, '--config', configFile, ...projectArgs, ...reporters, '--json', '--outputFile', resultsFile, ...extra];
	if (process.env.CI) args.push('--ci');
	// a test path pattern may match files of one run only: the other runs then have nothing to do
	if (extra.length > 0) args.push('--passWithNoTests');
	console.log(`\n[test] ${label}`);
	const started = { at: Date.now(), cpu: childrenCpuSeconds() };
	const { status, error } = spawnSync(process.execPath, args, {
		cwd: root,
		stdio: 'inherit',
		// LP_TEST_RUN: the n8n it starts are marked as this run's, for its teardown (another run may be beside it)
		env: { ...process.env, LP_PROGRESS_FILE: progressFile, LP_TEST_RUN: deadline },
		timeout,
		killSignal: 'SIGKILL',
	});
	if (error) {
		const limit = timeout < 120_000 ? `${Math.round(timeout / 1000)} s` : `${Math.round(timeout / 60_000)} min`;
		console.log(`\n[test] ${label}: stopped (${error.code === 'ETIMEDOUT' ? `over its time limit of ${limit}` : error.message})`);
		for (const line of ProgressReporter.describe(progressFile)) console.log(`[test]   still running: ${line}`);
		// a killed jest runs no global teardown: stop what its stand-ups left (n8n, Redis, PostgreSQL), by their PID files
		if (configFile === 'jest.e2e.config.js') {
			spawnSync(process.execPath, ['-e', "require('./test/e2e/queue/globalTeardown.js')().catch((e) => console.error(e.message))"], { cwd: root, stdio: 'inherit', timeout: 120_000, env: { ...process.env, LP_TEST_RUN: deadline } });
		}
	}
	const wall = Math.round((Date.now() - started.at) / 1000);
	const cpu = Math.round(childrenCpuSeconds() - started.cpu);
	console.log(`\n[test] ${label}: ${wall} s, ${Number.isNaN(cpu) ? 'CPU time unknown' : `${cpu} CPU-s`}`);
	let results = { numPassedTests: 0, numFailedTests: 0, numTotalTests: 0 };
	if (fs.existsSync(resultsFile)) results = JSON.parse(fs.readFileSync(resultsFile, 'utf8'));
	const failedToRun = status !== 0 && results.numFailedTests === 0;
	return { label: deadline, wall, cpu, passed: results.numPassedTests, failed: results.numFailedTests + (failedToRun ? 1 : 0), status };
}

/** Each jest run by name (its label in the summary), run when called. */
const RUNS = {
	unit: () => runJest('unit and integration tests (emulator + n8n-core)', 'jest.config.js', 'unit'),
	// two files at a time: each has its own n8n and emulator, and spends most of its time waiting on them
	e2e: () => runJest('end-to-end tests in real n8n', 'jest.e2e.config.js', 'e2e', ['--selectProjects', 'e2e', '--maxWorkers', '2']),
	queue: () => runJest('end-to-end tests in n8n queue mode (main, 2 workers, webhook process; Redis, PostgreSQL)', 'jest.e2e.config.js', 'queue', ['--selectProjects', 'queue']),
	browser: () => runJest("real-browser tests: n8n's editor in Chromium (puppeteer-core)", 'jest.e2e.config.js', 'browser', ['--selectProjects', 'browser']),
	matrix: () => runJest('version matrix: the packed package installed and run in each supported n8n (test/e2e/matrix)', 'jest.e2e.config.js', 'matrix', ['--selectProjects', 'matrix']),
};

/**
 * `names` run one after the other in a child process (this script, LP_TEST_RUNS), which writes their results to a
 * file; resolves them. With a prefix its output is shown line by line behind it (it runs beside another child).
 */
function runInChild(names, { prefix, env = {} } = {}) {
	const resultsFile = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'lp-runs-')), 'runs.json');
	const child = spawn(process.execPath, [__filename, ...extra], {
		cwd: root,
		env: { ...process.env, ...env, LP_TEST_RUNS: names.join(','), LP_TEST_RESULTS: resultsFile },
		stdio: prefix ? ['ignore', 'pipe', 'pipe'] : ['ignore', 'inherit', 'inherit'],
	});
	if (prefix) {
		for (const [from, to] of [[child.stdout, process.stdout], [child.stderr, process.stderr]]) {
			createInterface({ input: from, crlfDelay: Infinity }).on('line', (line) => to.write(line ? `${prefix}${line}\n` : '\n'));
		}
	}
	return new Promise((resolve) => {
		child.on('close', (code, signal) => {
			let results = [];
			try {
				results = JSON.parse(fs.readFileSync(resultsFile, 'utf8'));
			} catch {
				console.log(`\n[test] ${names.join(', ')}: the run ended (${signal || `exit code ${code}`}) without its results`);
			}
			fs.rmSync(path.dirname(resultsFile), { recursive: true, force: true });
			// a run that left no result (its child died) counts as failed
			resolve(names.map((name) => results.find((run) => run.label === name) || { label: name, wall: 0, cpu: 0, passed: 0, failed: 1, status: 1 }));
		});
	});
}

/**
 * The browser suite beside the e2e suite: it waits more than half its time (n8n's editor rendering, debounces and
 * saves: 569 s wall for 279 CPU-s on a quiet machine, 701 s for 283 beside a CPU hog), and the e2e suite's files,
 * bound by CPU, use that time. Queue mode is not its partner: its six n8n processes, Redis and PostgreSQL poll while
 * they wait, so a slower queue run costs more CPU (+170 CPU-s beside the browser suite and the hog). Each is its own
 * jest run with its own deadline, ports (LP_PORT_SLICE_BASE) and leftovers to stop (LP_TEST_RUN); the browser run's
 * lines start with `[browser] `. LP_TEST_SERIAL=1 runs them one after the other.
 */
async function browserBesideE2e() {
	// what both runs' global set-ups would do, done once first: a build of a stale dist/ (two at once would empty
	// each other's), and Chromium from Debian's packages (apt-get)
	try {
		require('../test/e2e/globalSetup').buildIfStale();
		require('../test/e2e/browser/chromium').ensureChromium({ quiet: true });
	} catch {
		/* the suites' own set-ups try again and report it, as a failure */
	}
	console.log('\n[test] the real-browser suite runs beside the e2e suite: its lines start with [browser]');
	const [e2e, browser] = await Promise.all([runInChild(['e2e']), runInChild(['browser'], { prefix: '[browser] ', env: { LP_PORT_SLICE_BASE: '8' } })]);
	return [...e2e, ...browser];
}

async function main() {
	if (process.env.LP_TEST_RUNS) {
		// a child of runInChild: only these runs, their results to the file
		const results = process.env.LP_TEST_RUNS.split(',').map((name) => RUNS[name]());
		fs.writeFileSync(process.env.LP_TEST_RESULTS, JSON.stringify(results));
		return;
	}
	const runs = [RUNS.unit()];
	if (process.env.LP_SKIP_E2E === '1') console.log('\n[test] LP_SKIP_E2E=1: skipping the end-to-end suites in real n8n');
	else {
		const browser = process.env.LP_SKIP_BROWSER !== '1';
		if (!browser) console.log('\n[test] LP_SKIP_BROWSER=1: skipping the real-browser suite');
		if (browser && process.env.LP_TEST_SERIAL !== '1') runs.push(...(await browserBesideE2e()));
		else runs.push(RUNS.e2e(), ...(browser ? [RUNS.browser()] : []));
		// separate runs, so that a queue-mode stand-up that cannot start (no Redis/PostgreSQL) leaves the others intact
		if (process.env.LP_SKIP_QUEUE === '1') console.log('\n[test] LP_SKIP_QUEUE=1: skipping the queue-mode suite');
		else runs.push(RUNS.queue());
		if (process.env.LP_SKIP_MATRIX === '1') console.log('\n[test] LP_SKIP_MATRIX=1: skipping the version matrix');
		else runs.push(RUNS.matrix());
	}
	summarize(runs);
}

function summarize(runs) {
	// per run: wall seconds and CPU-seconds (docs/development.md, "The whole run's time")
	console.log(`\n[test] time per run (s wall / CPU-s): ${runs.map((run) => `${run.label} ${run.wall}/${run.cpu}`).join(', ')}`);
	const passed = runs.reduce((sum, run) => sum + run.passed, 0);
	const failed = runs.reduce((sum, run) => sum + run.failed, 0);
	console.log(`\n${passed} passed, ${failed} failed`);
	process.exit(runs.every((run) => run.status === 0) && failed === 0 ? 0 : 1);
}

main().catch((error) => {
	console.error(error);
	process.exit(1);
});
