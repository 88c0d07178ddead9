'use strict';
/**
 * Debian packages the e2e suites need on the machine (Redis and PostgreSQL for queue mode, Chromium for the
 * real-browser suite), installed with apt-get when missing, as CI does on a fresh machine (as root).
 * CommonJS, Node built-ins only.
 *
 *   const { aptInstall, which } = require('./test/e2e/apt');
 *   aptInstall(['chromium'], { tag: 'browser', hint: 'sudo apt-get install -y chromium', why: 'the browser suite needs Chromium' });
 */

const fs = require('fs');
const path = require('path');
const { spawnSync } = require('child_process');

/** The full path of an executable on PATH, or undefined. */
function which(name) {
	for (const dir of (process.env.PATH || '').split(path.delimiter)) {
		const full = path.join(dir, name);
		try {
			fs.accessSync(full, fs.constants.X_OK);
			return full;
		} catch {
			/* next */
		}
	}
	return undefined;
}

/** How long apt-get waits for dpkg's lock held by another install (seconds; within the install's own 10 min). */
const DPKG_LOCK_WAIT_S = 300;

const isRoot = () => typeof process.getuid === 'function' && process.getuid() === 0;

/** spawnSync with the output collected: { code, out (stdout+stderr), error }. */
function run(cmd, args, opts = {}) {
	const r = spawnSync(cmd, args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], ...opts });
	return { code: r.status, out: `${r.stdout || ''}${r.stderr || ''}`, error: r.error };
}

/**
 * apt-get install -y --no-install-recommends <packages> (bounded: 10 min, of which at most 5 waiting for dpkg's lock
 * held by another install; on failure one `apt-get update`, 5 min, and one more try). While installing, a temporary /usr/sbin/policy-rc.d stops the packages from starting
 * system-wide services (only when no such file exists). Not root or no apt-get: throws `<why>. Install them
 * (<hint>) and run again`. Progress lines go to stderr as `[<tag>] …` unless quiet.
 */
function aptInstall(packages, { tag, hint, why, quiet = false }) {
	const log = (message) => quiet || process.stderr.write(`[${tag}] ${message}\n`);
	if (!isRoot() || !which('apt-get')) throw new Error(`${why}. Install ${packages.join(' and ')} (Debian/Ubuntu: ${hint}) and run again.`);
	const policy = '/usr/sbin/policy-rc.d';
	const ownPolicy = !fs.existsSync(policy);
	if (ownPolicy) fs.writeFileSync(policy, '#!/bin/sh\n# written by the e2e tests while installing; removed after\nexit 101\n', { mode: 0o755 });
	try {
		const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
		// another suite's install beside this one (the browser suite runs beside the others) holds dpkg's lock: wait for it
		const lockWait = ['-o', `DPkg::Lock::Timeout=${DPKG_LOCK_WAIT_S}`];
		const install = () => run('apt-get', [...lockWait, 'install', '-y', '--no-install-recommends', ...packages], { env, timeout: 10 * 60_000 });
		let r = install();
		if (r.code !== 0) {
			// a fresh machine's package lists may be missing or stale
			log('apt-get install failed; running apt-get update and trying again…');
			const u = run('apt-get', [...lockWait, 'update'], { env, timeout: 5 * 60_000 });
			if (u.code !== 0) throw new Error(`apt-get update failed (exit code ${u.code}):\n${u.out.split('\n').slice(-15).join('\n')}`);
			r = install();
		}
		if (r.code !== 0) throw new Error(`apt-get install ${packages.join(' ')} failed (exit code ${r.code}):\n${r.out.split('\n').slice(-15).join('\n')}`);
	} finally {
		if (ownPolicy) fs.rmSync(policy, { force: true });
	}
}

module.exports = { aptInstall, which, isRoot, run };
