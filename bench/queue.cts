/**
 * `npm run bench -- --queue [--reps N]` — the 2,000-item SKU sync on a queue-mode worker against one regular-mode
 * `n8n start` on the same PostgreSQL (20 ms emulator latency, Concurrency 8), and against a raw keep-alive client:
 * the SKU node's time, the execution's and POST→finished per item (the median of N runs per mode, default 1).
 *
 * It is the queue-mode suite's ratio test (test/e2e/queue/queue.e2e.test.cts), run alone on that suite's
 * stand-up (Redis, PostgreSQL, main, two workers, a webhook process). npm test does not declare it: its timings are
 * printed, never asserted. Needs `redis-server` and `postgresql` (installed with apt-get when run as root).
 * Prints the table and writes it to .e2e/queue-ratios.txt.
 */
import { spawnSync } from 'child_process';
import * as fs from 'fs';
import * as path from 'path';
import { numberOption } from './lib/args.cjs';

const ROOT = path.resolve(__dirname, '..');
const reps = numberOption('reps', 1);
const jest = spawnSync(
	process.execPath,
	[
		path.join(ROOT, 'node_modules', 'jest', 'bin', 'jest.js'),
		'--config', 'jest.e2e.config.js',
		'--selectProjects', 'queue',
		'--runTestsByPath', 'test/e2e/queue/queue.e2e.test.cts',
		'--testNamePattern', 'same cost per item',
	],
	{ cwd: ROOT, stdio: 'inherit', env: { ...process.env, LP_QUEUE_RATIO: '1', LP_QUEUE_REPS: String(reps) } },
);
const table = path.join(ROOT, '.e2e', 'queue-ratios.txt');
if (jest.status === 0 && fs.existsSync(table)) process.stdout.write(`\n${fs.readFileSync(table, 'utf8')}\n[bench] wrote .e2e/queue-ratios.txt\n`);
process.exit(jest.status ?? 1);
