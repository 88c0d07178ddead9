'use strict';
/**
 * Private Redis and PostgreSQL servers for n8n's queue mode, on 127.0.0.1 and free ports, from Debian's packages.
 * CommonJS, Node built-ins only (used by the jest suite, the demo and .ci/run).
 *
 *   const { ensureServices, startRedis, startPostgres } = require('./test/e2e/queue/services');
 *   await ensureServices();                      // apt-get install redis-server postgresql when missing (root only)
 *   const redis = await startRedis({ folder });  // { port, pid, logFile, stop() }
 *   const pg = await startPostgres({ folder });  // { port, pid, user, logFile, dataDir, createDatabase(name), stop() }
 *
 * Never the system-wide services: each server is a child process of the caller with its own data under a temp
 * folder, stopped by its PID (SIGTERM, then SIGKILL). PostgreSQL refuses to run as root: when the caller is root,
 * initdb and postgres run as the `postgres` user the package creates (spawn's uid/gid, so the PID is the server's
 * own). Each server's PID is also written to `<folder>/services.json`, so a later process can stop leftovers
 * (stopServicesFromFile). On the command line: `node test/e2e/queue/services.js install|check|stop <folder>`.
 */

const fs = require('fs');
const os = require('os');
const net = require('net');
const path = require('path');
const { spawn, spawnSync } = require('child_process');
const { freePort } = require('../n8n');
const { pidAlive } = require('../runtime/ensure-runtime');
const { aptInstall, which, isRoot, run } = require('../apt');

const PACKAGES = ['redis-server', 'postgresql'];
const SERVICES_FILE = 'services.json';
const INSTALL_HINT = 'sudo apt-get install -y redis-server postgresql';

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

function log(message) {
	process.stderr.write(`[queue] ${message}\n`);
}

// ------------------------------------------------------------------ binaries

/** PostgreSQL's server binaries: Debian keeps them in /usr/lib/postgresql/<major>/bin (not on PATH); newest major. */
function postgresBinDir() {
	const root = '/usr/lib/postgresql';
	const majors = fs.existsSync(root)
		? fs
				.readdirSync(root)
				.filter((v) => /^\d+$/.test(v) && fs.existsSync(path.join(root, v, 'bin', 'postgres')))
				.sort((a, b) => Number(b) - Number(a))
		: [];
	if (majors.length) return path.join(root, majors[0], 'bin');
	const initdb = which('initdb');
	return initdb && fs.existsSync(path.join(path.dirname(initdb), 'postgres')) ? path.dirname(fs.realpathSync(initdb)) : undefined;
}

/** What is installed: { redisServer, pgBin, missing: [debian package names] }. */
function findServices() {
	const redisServer = which('redis-server') || (fs.existsSync('/usr/bin/redis-server') ? '/usr/bin/redis-server' : undefined);
	const pgBin = postgresBinDir();
	const missing = [];
	if (!redisServer) missing.push('redis-server');
	if (!pgBin) missing.push('postgresql');
	return { redisServer, pgBin, missing };
}

/**
 * Install Redis and PostgreSQL from Debian's packages when they are missing (as CI does on a fresh machine, as
 * root). While installing, a temporary /usr/sbin/policy-rc.d stops the packages from starting their system-wide
 * services (only when no such file exists). Not root and missing: throws with the command to run.
 * @returns {{redisServer: string, pgBin: string, installed: boolean}}
 */
function ensureServices({ quiet = false } = {}) {
	let found = findServices();
	if (found.missing.length === 0) return { redisServer: found.redisServer, pgBin: found.pgBin, installed: false };
	const t0 = Date.now();
	if (!quiet) log(`installing ${found.missing.join(', ')} from Debian's packages (apt-get; about 1 min on a fresh machine)…`);
	aptInstall(PACKAGES, {
		tag: 'queue',
		hint: INSTALL_HINT,
		why: `queue mode needs Redis and PostgreSQL servers, and ${found.missing.join(' and ')} ${found.missing.length > 1 ? 'are' : 'is'} not installed (the tests start private instances on 127.0.0.1 and never use the system-wide services)`,
		quiet,
	});
	found = findServices();
	if (found.missing.length) throw new Error(`installed ${PACKAGES.join(' ')}, but still missing: ${found.missing.join(', ')}`);
	if (!quiet) log(`Redis and PostgreSQL installed in ${Math.round((Date.now() - t0) / 1000)} s`);
	return { redisServer: found.redisServer, pgBin: found.pgBin, installed: true };
}

// ------------------------------------------------------------------ processes

function tail(file, lines = 20) {
	try {
		return fs.readFileSync(file, 'utf8').split('\n').slice(-lines).join('\n');
	} catch {
		return '(no log)';
	}
}

/** Servers started by this process: SIGKILLed if it exits without stopping them. */
const running = new Map();
process.on('exit', () => {
	for (const pid of running.keys()) {
		try {
			process.kill(pid, 'SIGKILL');
		} catch {
			/* gone */
		}
	}
});

/** SIGTERM (PostgreSQL: SIGINT, its fast shutdown), wait up to timeoutMs, then SIGKILL. Resolves when gone. */
async function stopPid(pid, { signal = 'SIGTERM', timeoutMs = 10000 } = {}) {
	if (!pid || !pidAlive(pid)) return false;
	try {
		process.kill(pid, signal);
	} catch {
		return false;
	}
	const until = Date.now() + timeoutMs;
	while (pidAlive(pid) && Date.now() < until) await sleep(100);
	if (pidAlive(pid)) {
		try {
			process.kill(pid, 'SIGKILL');
		} catch {
			/* gone */
		}
		const hard = Date.now() + 5000;
		while (pidAlive(pid) && Date.now() < hard) await sleep(100);
	}
	return true;
}

function recordService(folder, name, entry) {
	const file = path.join(folder, SERVICES_FILE);
	let all = {};
	try {
		all = JSON.parse(fs.readFileSync(file, 'utf8'));
	} catch {
		/* first */
	}
	if (entry) all[name] = entry;
	else delete all[name];
	fs.writeFileSync(file, JSON.stringify(all, null, 2));
}

/**
 * Spawn a server (stdout+stderr to logFile), then wait until ready() resolves true. Fails with the log's tail
 * when the process exits first or timeoutMs passes.
 */
async function spawnServer({ name, cmd, args, logFile, folder, spawnOpts = {}, ready, timeoutMs = 60000, extra = {} }) {
	const out = fs.openSync(logFile, 'a');
	const child = spawn(cmd, args, { stdio: ['ignore', out, out], ...spawnOpts });
	fs.closeSync(out);
	const exited = new Promise((r) => child.once('exit', (code, signal) => r({ code, signal })));
	let exit;
	exited.then((e) => (exit = e));
	await new Promise((resolve, reject) => {
		child.once('spawn', resolve);
		child.once('error', reject);
	});
	running.set(child.pid, name);
	recordService(folder, name, { pid: child.pid, signal: 'SIGTERM', ...extra });
	const until = Date.now() + timeoutMs;
	let last = '';
	for (;;) {
		if (exit) {
			running.delete(child.pid);
			recordService(folder, name, undefined);
			throw new Error(`${name} exited (${exit.signal || `code ${exit.code}`}) before it was ready; log ${logFile}:\n${tail(logFile)}`);
		}
		try {
			if (await ready()) break;
		} catch (e) {
			last = e.message;
		}
		if (Date.now() > until) {
			await stopPid(child.pid, { signal: 'SIGKILL' });
			running.delete(child.pid);
			recordService(folder, name, undefined);
			throw new Error(`${name} not ready after ${timeoutMs} ms${last ? ` (last check: ${last})` : ''}; log ${logFile}:\n${tail(logFile)}`);
		}
		await sleep(150);
	}
	return { child, pid: child.pid };
}

/** One request/response on a fresh TCP connection (for Redis PING). */
function tcpExchange(port, payload, { timeoutMs = 2000 } = {}) {
	return new Promise((resolve, reject) => {
		const socket = net.connect({ host: '127.0.0.1', port });
		let data = '';
		const timer = setTimeout(() => {
			socket.destroy();
			reject(new Error(`no answer on port ${port} within ${timeoutMs} ms`));
		}, timeoutMs);
		socket.on('connect', () => socket.write(payload));
		socket.on('data', (d) => {
			data += d;
			if (data.includes('\r\n')) {
				clearTimeout(timer);
				socket.end();
				resolve(data);
			}
		});
		socket.on('error', (e) => {
			clearTimeout(timer);
			reject(e);
		});
	});
}

// ------------------------------------------------------------------ Redis

/**
 * One Redis command on a fresh connection, its first reply line (e.g. ':1' for EXISTS of a key that exists):
 * enough to look at what n8n stored without a Redis client library.
 */
async function redisCommand(port, args, opts) {
	const payload = `*${args.length}\r\n${args.map((a) => `$${Buffer.byteLength(String(a))}\r\n${a}\r\n`).join('')}`;
	return (await tcpExchange(port, payload, opts)).split('\r\n')[0];
}

/** A private redis-server on 127.0.0.1 (no persistence), its log and dump dir in `folder`. */
async function startRedis({ folder, port, timeoutMs = 30000 } = {}) {
	const { redisServer } = findServices();
	if (!redisServer) throw new Error(`redis-server is not installed (${INSTALL_HINT})`);
	fs.mkdirSync(folder, { recursive: true });
	const p = port || (await freePort());
	const logFile = path.join(folder, 'redis.log');
	const args = ['--port', String(p), '--bind', '127.0.0.1', '--protected-mode', 'yes', '--save', '', '--appendonly', 'no', '--dir', folder, '--daemonize', 'no', '--logfile', ''];
	const { pid } = await spawnServer({
		name: 'redis',
		cmd: redisServer,
		args,
		logFile,
		folder,
		timeoutMs,
		ready: async () => (await tcpExchange(p, 'PING\r\n')).startsWith('+PONG'),
		extra: { port: p },
	});
	return {
		port: p,
		pid,
		logFile,
		async stop() {
			await stopPid(pid);
			running.delete(pid);
			recordService(folder, 'redis', undefined);
		},
	};
}

// ------------------------------------------------------------------ PostgreSQL

function postgresAccount() {
	const r = run('id', ['-u', 'postgres']);
	const g = run('id', ['-g', 'postgres']);
	if (r.code !== 0 || g.code !== 0) {
		throw new Error('running as root, but there is no `postgres` user to run PostgreSQL as (the postgresql package creates it)');
	}
	return { uid: Number(r.out.trim()), gid: Number(g.out.trim()) };
}

/**
 * A private PostgreSQL cluster on 127.0.0.1 (trust authentication for the superuser `n8n`, no Unix socket,
 * durability settings off: test data). Data in a new temp folder (owned by `postgres` when root), the server's
 * log in `folder`. createDatabase(name) adds a database.
 */
async function startPostgres({ folder, port, user = 'n8n', timeoutMs = 90000 } = {}) {
	const { pgBin } = findServices();
	if (!pgBin) throw new Error(`PostgreSQL is not installed (${INSTALL_HINT})`);
	fs.mkdirSync(folder, { recursive: true });
	const account = isRoot() ? postgresAccount() : undefined;
	// under os.tmpdir(): the postgres user must reach it (a clone under /root is not traversable for it)
	const base = fs.mkdtempSync(path.join(os.tmpdir(), 'lp-queue-pg-'));
	const dataDir = path.join(base, 'data');
	fs.mkdirSync(dataDir, { mode: 0o700 });
	if (account) {
		fs.chownSync(base, account.uid, account.gid);
		fs.chownSync(dataDir, account.uid, account.gid);
	}
	const logFile = path.join(folder, 'postgres.log');
	const asServer = account ? { uid: account.uid, gid: account.gid } : {};
	const env = { ...process.env, LC_ALL: 'C', LANG: 'C' };
	const init = spawnSync(path.join(pgBin, 'initdb'), ['-D', dataDir, '-U', user, '--auth=trust', '-E', 'UTF8', '--locale=C', '--no-sync'], {
		encoding: 'utf8',
		cwd: base,
		env,
		timeout: 120000,
		...asServer,
	});
	fs.appendFileSync(logFile, `${init.stdout || ''}${init.stderr || ''}`);
	if (init.status !== 0) {
		fs.rmSync(base, { recursive: true, force: true });
		throw new Error(`initdb failed (exit code ${init.status}${init.error ? `, ${init.error.message}` : ''}); log ${logFile}:\n${tail(logFile)}`);
	}
	const p = port || (await freePort());
	const args = [
		'-D', dataDir,
		'-p', String(p),
		'-c', 'listen_addresses=127.0.0.1',
		'-c', 'unix_socket_directories=',
		'-c', 'fsync=off',
		'-c', 'synchronous_commit=off',
		'-c', 'full_page_writes=off',
		'-c', 'max_connections=200',
		'-c', 'shared_buffers=64MB',
	];
	const isReady = path.join(pgBin, 'pg_isready');
	let pid;
	try {
		({ pid } = await spawnServer({
			name: 'postgres',
			cmd: path.join(pgBin, 'postgres'),
			args,
			logFile,
			folder,
			timeoutMs,
			spawnOpts: { cwd: base, env, ...asServer },
			ready: () => run(isReady, ['-h', '127.0.0.1', '-p', String(p), '-U', user, '-d', 'postgres'], { timeout: 5000 }).code === 0,
			// SIGINT is PostgreSQL's fast shutdown
			extra: { port: p, signal: 'SIGINT', removeDir: base },
		}));
	} catch (e) {
		fs.rmSync(base, { recursive: true, force: true });
		throw e;
	}
	return {
		port: p,
		pid,
		user,
		logFile,
		dataDir,
		/** CREATE DATABASE <name> (createdb over TCP, as the cluster's superuser). */
		createDatabase(name) {
			const r = run(path.join(pgBin, 'createdb'), ['-h', '127.0.0.1', '-p', String(p), '-U', user, name], { timeout: 30000 });
			if (r.code !== 0) throw new Error(`createdb ${name} failed (exit code ${r.code}): ${r.out.trim()}`);
			return name;
		},
		async stop() {
			await stopPid(pid, { signal: 'SIGINT', timeoutMs: 15000 });
			running.delete(pid);
			recordService(folder, 'postgres', undefined);
			fs.rmSync(base, { recursive: true, force: true });
		},
	};
}

/** Stop the servers listed in <folder>/services.json (leftovers of a process that died), by PID. */
async function stopServicesFromFile(folder) {
	const file = path.join(folder, SERVICES_FILE);
	let all;
	try {
		all = JSON.parse(fs.readFileSync(file, 'utf8'));
	} catch {
		return [];
	}
	const stopped = [];
	for (const [name, entry] of Object.entries(all)) {
		if (await stopPid(Number(entry.pid), { signal: entry.signal || 'SIGTERM' })) stopped.push(`${name} (pid ${entry.pid})`);
		if (entry.removeDir) fs.rmSync(entry.removeDir, { recursive: true, force: true });
	}
	fs.rmSync(file, { force: true });
	return stopped;
}

module.exports = { ensureServices, findServices, startRedis, redisCommand, startPostgres, stopServicesFromFile, stopPid, pidAlive, freePort, INSTALL_HINT };

if (require.main === module) {
	const [cmd, folder] = process.argv.slice(2);
	(async () => {
		if (cmd === 'install') {
			const r = ensureServices();
			log(r.installed ? 'installed' : `already installed: ${r.redisServer}, ${r.pgBin}`);
		} else if (cmd === 'check') {
			const r = findServices();
			console.log(JSON.stringify(r));
			process.exitCode = r.missing.length ? 1 : 0;
		} else if (cmd === 'stop' && folder) {
			const stopped = await stopServicesFromFile(folder);
			console.log(stopped.length ? `stopped ${stopped.join(', ')}` : 'nothing running');
		} else {
			console.error('usage: node test/e2e/queue/services.js install | check | stop <folder>');
			process.exitCode = 2;
		}
	})().catch((e) => {
		console.error(`[queue] ${e.message}`);
		process.exitCode = 1;
	});
}
