'use strict';
/**
 * n8n in queue mode on one machine, from the project's own files: private Redis and PostgreSQL (services.js),
 * one main (`n8n start`, EXECUTIONS_MODE=queue), N workers (`n8n worker`) and one webhook process (`n8n webhook`),
 * each with its own user folder holding a copy of the built package, all on 127.0.0.1 and free ports.
 * CommonJS, Node built-ins only (used by the jest queue project and `npm run demo -- --queue`).
 *
 *   const { startQueueTopology } = require('./test/e2e/queue/topology');
 *   const q = await startQueueTopology({ folder, packageDir, workers: 2, credentials, workflows });
 *   q.main, q.workers[i], q.webhook       // N8n instances (test/e2e/n8n.js); q.main.baseUrl is the editor and API
 *   q.webhookUrl('<webhookId>/<path>')   // a production webhook URL, served by the webhook process
 *   q.workerRuns()                        // Map executionId → worker indexes that logged "Worker started execution"
 *   await q.stop();                       // every process it started, by PID; then Redis and PostgreSQL
 *
 * Layout of `folder`: main/, worker-1/, worker-2/, webhook/ (n8n user folders, each with n8n.log and n8n.pid),
 * redis.log, postgres.log, services.json (the servers' PIDs). PostgreSQL's data lives in a temp folder of its own.
 */

const fs = require('fs');
const path = require('path');
const { createN8n, freePort } = require('../n8n');
const { ensureServices, startPostgres, startRedis, stopServicesFromFile } = require('./services');

const DATABASE = 'n8n';

/** The environment every queue-mode process shares (besides n8nEnv's per-process ports). */
function queueEnv({ redisPort, postgresPort, postgresUser, webhookPort, database = DATABASE }) {
	const webhookUrl = `http://127.0.0.1:${webhookPort}/`;
	return {
		EXECUTIONS_MODE: 'queue',
		QUEUE_BULL_REDIS_HOST: '127.0.0.1',
		QUEUE_BULL_REDIS_PORT: String(redisPort),
		DB_TYPE: 'postgresdb',
		DB_POSTGRESDB_HOST: '127.0.0.1',
		DB_POSTGRESDB_PORT: String(postgresPort),
		DB_POSTGRESDB_DATABASE: database,
		DB_POSTGRESDB_USER: postgresUser,
		DB_POSTGRESDB_PASSWORD: '',
		// what the main process gives a trigger's checkExists/create as its URL: the webhook process's
		N8N_WEBHOOK_URL: webhookUrl,
		// manual runs from the editor go to the workers too (n8n 3's only behaviour)
		OFFLOAD_MANUAL_EXECUTIONS_TO_WORKERS: 'true',
	};
}

/** The worker that logged the start of each execution: Map executionId → [worker index, …] (more than one = ran twice). */
function workerRuns(workers) {
	const runs = new Map();
	workers.forEach((worker, index) => {
		const text = worker.log();
		for (const m of text.matchAll(/Worker started execution (\d+) \(job/g)) {
			const list = runs.get(m[1]) || [];
			list.push(index);
			runs.set(m[1], list);
		}
	});
	return runs;
}

function tailOf(instance, lines = 30) {
	const text = instance.log();
	return text
		.split('\n')
		.filter((l) => l.trim() && !/^\s+at /.test(l))
		.slice(-lines)
		.join('\n');
}

/**
 * Stand the topology up. Options:
 *   folder (required; created), packageDir (the built package, copied into every user folder),
 *   workers (2), credentials / workflows (imported through the main's CLI before it starts; activate them through
 *   the public API once it runs), mainPort (default a free one), env (extra variables for every process),
 *   timeoutMs per process (180 s), log (progress lines; default none).
 * On failure everything started so far is stopped and the error carries the failing process's log tail.
 */
async function startQueueTopology({
	folder,
	packageDir,
	workers: workerCount = 2,
	credentials,
	workflows,
	mainPort,
	env: extraEnv = {},
	timeoutMs = 180000,
	log = () => {},
} = {}) {
	if (!folder) throw new Error('startQueueTopology: folder is required');
	fs.mkdirSync(folder, { recursive: true });
	const t0 = Date.now();
	const since = () => `${((Date.now() - t0) / 1000).toFixed(1)} s`;
	const topology = {
		folder,
		redis: undefined,
		postgres: undefined,
		main: undefined,
		webhook: undefined,
		workers: [],
		env: undefined,
		webhookUrl: (p) => `${topology.env.N8N_WEBHOOK_URL}webhook/${String(p).replace(/^\//, '')}`,
		workerRuns: () => workerRuns(topology.workers),
		/** The last lines of every n8n process's log, for failure messages. */
		logTails(lines = 15) {
			const all = [['main', topology.main], ...topology.workers.map((w, i) => [`worker-${i + 1}`, w]), ['webhook', topology.webhook]];
			return all
				.filter(([, inst]) => inst)
				.map(([name, inst]) => `--- ${name} (${inst.logFile})\n${tailOf(inst, lines)}`)
				.join('\n');
		},
		async stop() {
			const n8ns = [topology.webhook, ...topology.workers, topology.main].filter(Boolean);
			await Promise.all(n8ns.map((inst) => inst.stop().catch(() => undefined)));
			if (topology.redis) await topology.redis.stop();
			if (topology.postgres) await topology.postgres.stop();
			await stopServicesFromFile(folder); // anything a crashed start left behind
		},
	};
	try {
		ensureServices();
		[topology.redis, topology.postgres] = await Promise.all([startRedis({ folder }), startPostgres({ folder })]);
		topology.postgres.createDatabase(DATABASE);
		log(`Redis on 127.0.0.1:${topology.redis.port}, PostgreSQL on 127.0.0.1:${topology.postgres.port} (${since()})`);

		const webhookPort = await freePort();
		topology.env = {
			...queueEnv({
				redisPort: topology.redis.port,
				postgresPort: topology.postgres.port,
				postgresUser: topology.postgres.user,
				webhookPort,
			}),
			...extraEnv,
		};
		const instance = async (name, port, env = {}) =>
			createN8n({ userFolder: path.join(folder, name), port, packageDir, env: { ...topology.env, ...env } });

		topology.main = await instance('main', mainPort || (await freePort()));
		if (credentials) await topology.main.importCredentials(credentials);
		if (workflows && workflows.length) await topology.main.importWorkflow(workflows);
		log(`database prepared: credentials and ${(workflows || []).length} workflows imported (${since()})`);

		await topology.main.start({ timeoutMs });
		log(`main: ${topology.main.baseUrl} (${since()})`);

		topology.webhook = await instance('webhook', webhookPort);
		for (let i = 1; i <= workerCount; i++) {
			const port = await freePort(); // the worker's health server; port + 1 is its task broker
			topology.workers.push(
				await instance(`worker-${i}`, port, {
					QUEUE_HEALTH_CHECK_ACTIVE: 'true',
					QUEUE_HEALTH_CHECK_PORT: String(port),
					N8N_WORKER_SERVER_ADDRESS: '127.0.0.1',
				}),
			);
		}
		await Promise.all([
			topology.webhook.start({ command: 'webhook', timeoutMs }),
			...topology.workers.map((w) => w.start({ command: 'worker', timeoutMs })),
		]);
		log(`${workerCount} workers and the webhook process (${topology.env.N8N_WEBHOOK_URL}) ready (${since()})`);
		return topology;
	} catch (e) {
		const tails = topology.main ? `\n${topology.logTails()}` : '';
		await topology.stop().catch(() => undefined);
		e.message = `queue-mode stand-up failed after ${since()}: ${e.message}${tails}`;
		throw e;
	}
}

/**
 * Wraps test bodies so that a failure carries the tail of every n8n process's log (once: an error that already
 * holds them keeps its text) and is recorded in `run.failed`, so that the run's folder is kept to read.
 */
function withLogTails(getTopology, run, lines = 15) {
	return (fn) => async () => {
		try {
			await fn();
		} catch (e) {
			run.failed = true;
			const topology = getTopology();
			if (topology && !/^--- main/m.test(e.message)) e.message = `${e.message}\n${topology.logTails(lines)}`;
			throw e;
		}
	};
}

module.exports = { startQueueTopology, queueEnv, workerRuns, withLogTails, DATABASE };
