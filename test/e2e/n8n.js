'use strict';
/**
 * Helpers to drive a real n8n 2.x (the runtime from ./runtime/ensure-runtime.js) from tests or scripts.
 * CommonJS, Node built-ins only, runs under the machine's Node 20; n8n itself runs under Node 24.
 *
 *   const { createN8n } = require('./test/e2e/n8n');
 *   const n8n = await createN8n({ userFolder: '/tmp/x', packageDir: process.cwd() });
 *   await n8n.importCredentials([{ id: 'c1', name: 'c', type: 'myApi', data: { apiKey: 'k' } }]);
 *   const [id] = await n8n.importWorkflow('wf.json');
 *   const result = await n8n.execute(id);          // parsed `n8n execute --rawOutput` JSON (2.x: in one kept n8n process)
 *   const runs = await n8n.executeBatch();          // every imported workflow, one `n8n execute-batch` process
 *   await n8n.publish(triggerId);                   // active on next start
 *   await n8n.start();                              // waits for readiness and the activation of published workflows
 *   const apiKey = await n8n.setupOwnerAndApiKey();
 *   await n8n.deactivate(triggerId, apiKey);
 *   await n8n.stop();
 *
 * Everything listens on 127.0.0.1 only. See test/e2e/README.md.
 */

const fs = require('fs');
const os = require('os');
const path = require('path');
const crypto = require('crypto');
const { spawn } = require('child_process');
const { ensureRuntime, pidAlive } = require('./runtime/ensure-runtime');
const { ensureTemplate, seedDatabase } = require('./dbTemplate');
const { freePort, freePorts } = require('./ports');

const PACKAGE_NAME = 'n8n-nodes-loyalty-promotions';
const ENCRYPTION_KEY = 'lp-e2e-fixed-encryption-key-0123456789';
const PID_FILE = 'n8n.pid';
const EXECUTE_SERVER = path.join(__dirname, 'executeServer.js');
const IMPORT_BATCH = path.join(__dirname, 'importBatch.js');
/** importBatch.js's exit code when this n8n cannot run the set-up commands in one process. */
const IMPORT_BATCH_UNSUPPORTED = 3;
/** What executeServer.js prints before the line that ends a run. */
const EXECUTE_DONE = '@@lp-execute-done ';
const LOG_FILE = 'n8n.log';

// ------------------------------------------------------------------ environment

/**
 * The environment variables that keep n8n quiet and local (only the n8n ones; merge with a base env).
 * @param {{userFolder: string, port?: number, brokerPort?: number, logLevel?: string, publicationOutbox?: boolean}} opts
 * @returns {Record<string,string>}
 */
function n8nEnv({ userFolder, port = 5678, brokerPort, logLevel, publicationOutbox = false } = {}) {
  if (!userFolder) throw new Error('n8nEnv: userFolder is required');
  const p = Number(port);
  return {
    // n8n 2.41 publishes/unpublishes through an outbox by default: the public API's activate and
    // deactivate return before the trigger's webhook create/delete ran (they run later, or even only
    // at shutdown). 'false' makes them run inside the API call, so tests can assert right after it.
    N8N_USE_WORKFLOW_PUBLICATION_SERVICE: publicationOutbox ? 'true' : 'false',
    N8N_USER_FOLDER: path.resolve(userFolder),
    N8N_ENCRYPTION_KEY: ENCRYPTION_KEY,
    N8N_DIAGNOSTICS_ENABLED: 'false',
    N8N_DIAGNOSTICS_CONFIG_FRONTEND: '',
    N8N_DIAGNOSTICS_CONFIG_BACKEND: '',
    N8N_PERSONALIZATION_ENABLED: 'false',
    N8N_VERSION_NOTIFICATIONS_ENABLED: 'false',
    N8N_TEMPLATES_ENABLED: 'false',
    N8N_HIRING_BANNER_ENABLED: 'false',
    N8N_ENFORCE_SETTINGS_FILE_PERMISSIONS: 'false',
    N8N_SECURE_COOKIE: 'false',
    N8N_HOST: '127.0.0.1',
    N8N_LISTEN_ADDRESS: '127.0.0.1',
    N8N_PROTOCOL: 'http',
    N8N_PORT: String(p),
    N8N_RUNNERS_BROKER_LISTEN_ADDRESS: '127.0.0.1',
    N8N_RUNNERS_BROKER_PORT: String(brokerPort || p + 1),
    N8N_WEBHOOK_URL: `http://127.0.0.1:${p}/`,
    N8N_EDITOR_BASE_URL: `http://127.0.0.1:${p}/`,
    N8N_GRACEFUL_SHUTDOWN_TIMEOUT: '10',
    N8N_LOG_LEVEL: logLevel || 'info',
    N8N_LOG_OUTPUT: 'console',
    GENERIC_TIMEZONE: 'UTC',
    TZ: 'UTC',
    DB_TYPE: 'sqlite',
    EXTERNAL_FRONTEND_HOOKS_URLS: '',
    N8N_PUBLIC_API_SWAGGERUI_DISABLED: 'true',
    // the MCP server registry refreshes from api.n8n.io every start (unreachable here: a stack trace
    // in the log each time); nothing in these tests needs it
    N8N_DISABLED_MODULES: 'mcp-registry',
    N8N_DYNAMIC_BANNERS_ENABLED: 'false',
    N8N_UNVERIFIED_PACKAGES_ENABLED: 'true',
    N8N_RUNNERS_TASK_TIMEOUT: '300',
  };
}


// ------------------------------------------------------------------ package linking

/**
 * Make a package visible to n8n as an installed community package:
 * `<userFolder>/.n8n/nodes/node_modules/<name>`. n8n 2.x scans `n8n-nodes-*` and `@*\/n8n-nodes-*` there
 * at start-up (no package.json in `.n8n/nodes` is needed). Node types become `<name>.<nodeName>`.
 *
 * mode 'copy' (default): copies package.json and the `files` entries (what `npm pack` ships). This is
 *   what n8n's own installer leaves (it unpacks the tarball and drops peer/dev dependencies): the
 *   package's `require('n8n-workflow')` resolves to n8n's own copy (n8n puts its module paths on
 *   NODE_PATH), so error classes etc. are n8n's. Re-run after a rebuild.
 * mode 'symlink': a symlink to packageDir; picks up rebuilds, but `require('n8n-workflow')` inside the
 *   package then resolves to the repo's node_modules copy (a devDependency), not n8n's.
 * No package.json in `.n8n/nodes` is needed (n8n creates one itself on first start).
 * @returns {string} the link/copy path
 */
function linkPackage(userFolder, packageDir, { mode = 'copy', name } = {}) {
  const src = path.resolve(packageDir);
  const pkg = JSON.parse(fs.readFileSync(path.join(src, 'package.json'), 'utf8'));
  const pkgName = name || pkg.name;
  const nodeModules = path.join(path.resolve(userFolder), '.n8n', 'nodes', 'node_modules');
  const dest = path.join(nodeModules, pkgName);
  fs.mkdirSync(path.dirname(dest), { recursive: true });
  fs.rmSync(dest, { recursive: true, force: true });
  if (mode === 'symlink') {
    fs.symlinkSync(src, dest, 'dir');
  } else if (mode === 'copy') {
    fs.mkdirSync(dest, { recursive: true });
    fs.copyFileSync(path.join(src, 'package.json'), path.join(dest, 'package.json'));
    for (const entry of pkg.files || ['dist']) {
      const from = path.join(src, entry);
      if (fs.existsSync(from)) fs.cpSync(from, path.join(dest, entry), { recursive: true, dereference: true });
    }
  } else {
    throw new Error(`linkPackage: unknown mode ${mode}`);
  }
  return dest;
}

// ------------------------------------------------------------------ processes

function tailText(text, lines = 40) {
  return String(text).split('\n').slice(-lines).join('\n');
}

/** Parse `n8n execute --rawOutput` stdout: log lines first, then the JSON from the first line starting with `{`. */
function parseExecuteOutput(stdout) {
  const lines = String(stdout).split('\n');
  const i = lines.findIndex((l) => l.startsWith('{'));
  if (i < 0) return undefined;
  const text = lines.slice(i).join('\n').trim();
  try {
    return JSON.parse(text);
  } catch {
    // trailing log lines after the JSON: cut at the last closing brace that parses
    for (let end = text.lastIndexOf('}'); end > 0; end = text.lastIndexOf('}', end - 1)) {
      try {
        return JSON.parse(text.slice(0, end + 1));
      } catch {
        /* keep looking */
      }
    }
    return undefined;
  }
}

/**
 * The items (their `json`) a node produced in an execute() result:
 * result.data.resultData.runData[nodeName][run].data.main[output].map((i) => i.json).
 */
function nodeOutput(result, nodeName, { run = 0, output = 0, full = false } = {}) {
  const runs = result && result.data && result.data.resultData && result.data.resultData.runData;
  const task = runs && runs[nodeName] && runs[nodeName][run];
  if (!task) throw new Error(`nodeOutput: node "${nodeName}" has no run ${run} (ran: ${Object.keys(runs || {}).join(', ')})`);
  if (task.error) throw Object.assign(new Error(`nodeOutput: node "${nodeName}" failed: ${task.error.message}`), { nodeError: task.error });
  const items = (task.data && task.data.main && task.data.main[output]) || [];
  return full ? items : items.map((i) => i.json);
}

/** Poll fn() (sync or async) until it returns a truthy value; resolves with that value. */
async function waitFor(fn, { timeoutMs = 10000, intervalMs = 200, what = 'condition' } = {}) {
  const until = Date.now() + timeoutMs;
  let lastError;
  for (;;) {
    try {
      const v = await fn();
      if (v) return v;
    } catch (e) {
      lastError = e;
    }
    if (Date.now() > until) {
      throw new Error(`waitFor: ${what} not met after ${timeoutMs} ms${lastError ? ` (last error: ${lastError.message})` : ''}`);
    }
    await sleep(intervalMs);
  }
}

function writeTemp(userFolder, prefix, data) {
  const dir = path.join(userFolder, 'import');
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `${prefix}-${Date.now()}-${crypto.randomBytes(3).toString('hex')}.json`);
  fs.writeFileSync(file, JSON.stringify(data, null, 2));
  return file;
}

function newWorkflowId() {
  const abc = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
  return Array.from(crypto.randomBytes(16), (b) => abc[b % abc.length]).join('');
}


function killGroup(pid, signal) {
  try {
    process.kill(-pid, signal); // the whole group: n8n and its task runner
  } catch {
    try {
      process.kill(pid, signal);
    } catch {
      /* gone */
    }
  }
}

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** What is left of an ended process's group (e.g. the task runner an `n8n execute` started): SIGTERM, at most
 * timeoutMs for the group to go, then SIGKILL. */
async function endGroup(pid, { timeoutMs = 10000 } = {}) {
  const groupAlive = () => {
    try {
      process.kill(-pid, 0);
      return true;
    } catch {
      return false;
    }
  };
  if (!groupAlive()) return;
  killGroup(pid, 'SIGTERM');
  const until = Date.now() + timeoutMs;
  while (groupAlive() && Date.now() < until) await sleep(50);
  killGroup(pid, 'SIGKILL');
}

/**
 * Stop an n8n started by start(), from its pid file (works from another process, e.g. a global teardown).
 * SIGTERM to the process group, SIGKILL after timeoutMs. Resolves true when something was stopped.
 * onlyRun: leave it alone unless the npm test run that started it (the pid file's LP_TEST_RUN) is this one: runs
 * side by side (scripts/test.js) share .e2e/, and one's teardown must not stop the other's n8n.
 */
async function stopFromPidFile(userFolder, { timeoutMs = 15000, onlyRun } = {}) {
  const file = path.join(path.resolve(userFolder), PID_FILE);
  let pid;
  try {
    const recorded = JSON.parse(fs.readFileSync(file, 'utf8'));
    if (onlyRun !== undefined && (recorded.run || '') !== onlyRun) return false;
    pid = Number(recorded.pid);
  } catch {
    return false;
  }
  let stopped = false;
  if (pid && pidAlive(pid)) {
    killGroup(pid, 'SIGTERM');
    const until = Date.now() + timeoutMs;
    while (pidAlive(pid) && Date.now() < until) await sleep(200);
    killGroup(pid, 'SIGKILL'); // leftovers of the group (runner), or n8n itself after the timeout
    stopped = true;
  }
  fs.rmSync(file, { force: true });
  return stopped;
}

// ------------------------------------------------------------------ HTTP

async function request(method, url, { body, headers = {}, cookie, timeoutMs = 15000 } = {}) {
  const h = { accept: 'application/json', ...headers };
  if (body !== undefined) h['content-type'] = 'application/json';
  if (cookie) h.cookie = cookie;
  const res = await fetch(url, {
    method,
    headers: h,
    body: body === undefined ? undefined : JSON.stringify(body),
    signal: AbortSignal.timeout(timeoutMs),
  });
  const text = await res.text();
  let json;
  try {
    json = text ? JSON.parse(text) : undefined;
  } catch {
    json = undefined;
  }
  return { status: res.status, headers: res.headers, text, json };
}

function expectOk(what, res) {
  if (res.status < 200 || res.status >= 300) {
    throw new Error(`${what}: HTTP ${res.status} ${res.text.slice(0, 500)}`);
  }
  return res.json;
}

/**
 * What `n8n start` prints once its start-up is over. n8n 2.41 answers /healthz/readiness as soon as its HTTP
 * server listens, and only then activates the published workflows (the triggers' checkExists/create), so a
 * ready server may not have registered any trigger yet. This line comes after that activation.
 */
const STARTED_LINE = 'Editor is now accessible via';
/** The line each n8n command prints when its start-up is over (queue mode's worker and webhook processes). */
const STARTED_LINES = {
  start: STARTED_LINE,
  worker: 'n8n worker is now ready',
  webhook: 'Webhook listener waiting for requests',
};

/** n8n's log lines about activating workflows, for error messages. */
function activationLines(text) {
  return text
    .split('\n')
    .filter((l) => /activat|Start Active Workflows|webhook/i.test(l) && !/^\s+at /.test(l))
    .slice(-15)
    .join('\n');
}

/**
 * Wait until n8n has printed STARTED_LINE after logOffset in its log (start-up, including the activation of
 * published workflows, is over).
 */
async function waitForStartupComplete({ timeoutMs = 90000, child, logFile, logOffset = 0, startedLine = STARTED_LINE }) {
  const until = Date.now() + timeoutMs;
  const read = () => (fs.existsSync(logFile) ? fs.readFileSync(logFile).subarray(logOffset).toString('utf8') : '');
  for (;;) {
    const text = read();
    if (text.includes(startedLine)) return;
    if (child && (child.exitCode !== null || child.signalCode !== null)) {
      throw new Error(`n8n exited with code ${child.exitCode} during start-up (log: ${logFile})\n${tailText(text, 25)}`);
    }
    if (Date.now() > until) {
      throw new Error(
        `n8n answered /healthz/readiness but did not finish starting within ${timeoutMs} ms: waited for its log line ` +
          `"${startedLine}"${startedLine === STARTED_LINE ? ', which follows the activation of published workflows' : ''} (log: ${logFile}). ` +
          `Activation lines seen:\n${activationLines(text) || '(none)'}`,
      );
    }
    await sleep(200);
  }
}

/** Poll GET <baseUrl>/healthz/readiness until 200. */
async function waitForReadiness(baseUrl, { timeoutMs = 90000, child, logFile, logOffset = 0 } = {}) {
  const until = Date.now() + timeoutMs;
  let last = '';
  while (Date.now() < until) {
    if (child && (child.exitCode !== null || child.signalCode !== null)) {
      const text = logFile && fs.existsSync(logFile) ? fs.readFileSync(logFile).subarray(logOffset).toString('utf8') : '';
      const log = tailText(text.split('\n').filter((l) => l.trim() && !/^\s+at /.test(l)).join('\n'), 25);
      throw new Error(`n8n exited with code ${child.exitCode} before it was ready${logFile ? ` (log: ${logFile})` : ''}\n${log}`);
    }
    try {
      const res = await request('GET', `${baseUrl}/healthz/readiness`, { timeoutMs: 2000 });
      if (res.status === 200) return;
      last = `HTTP ${res.status}`;
    } catch (e) {
      last = e.cause ? e.cause.code || e.message : e.message;
    }
    await sleep(250);
  }
  throw new Error(`n8n not ready at ${baseUrl} after ${timeoutMs} ms (${last})${logFile ? ` (log: ${logFile})` : ''}`);
}

const OWNER = { email: 'owner@example.com', firstName: 'E2E', lastName: 'Owner', password: 'E2e-Passw0rd!' };
const API_KEY_SCOPES = [
  'workflow:read',
  'workflow:list',
  'workflow:activate',
  'workflow:deactivate',
  'execution:list',
  'execution:read',
];

/**
 * Log in as a user (the editor's sign-in): the session cookie (`n8n-auth=…`), as a browser would send it.
 * @returns {Promise<string>}
 */
async function login(baseUrl, { email, password }) {
  const res = await request('POST', `${baseUrl}/rest/login`, { body: { emailOrLdapLoginId: email, password } });
  expectOk('login', res);
  const setCookie = typeof res.headers.getSetCookie === 'function' ? res.headers.getSetCookie() : [res.headers.get('set-cookie')];
  const cookie = setCookie
    .filter(Boolean)
    .map((c) => c.split(';')[0])
    .join('; ');
  if (!/n8n-auth=/.test(cookie)) throw new Error(`login: no n8n-auth cookie in response (${setCookie.join(' | ')})`);
  return cookie;
}

/** Create the owner account (first call only) and log in as it: the session cookie. */
async function setupOwner(baseUrl, owner = OWNER) {
  const setup = await request('POST', `${baseUrl}/rest/owner/setup`, { body: owner });
  if (setup.status >= 300 && !/already/i.test(setup.text)) expectOk('owner setup', setup); // 400 'Instance owner already setup' on a second call
  return login(baseUrl, owner);
}

/**
 * Create the owner account (first call only), log in, and create a public-API key.
 * @returns {Promise<string>} the raw API key (header X-N8N-API-KEY)
 */
async function setupOwnerAndApiKey(baseUrl, { owner = OWNER, scopes = API_KEY_SCOPES, label } = {}) {
  const cookie = await setupOwner(baseUrl, owner);
  const created = await request('POST', `${baseUrl}/rest/api-keys`, {
    cookie,
    body: { label: label || `e2e-${Date.now()}`, expiresAt: null, scopes },
  });
  const json = expectOk('create API key', created);
  const key = json && json.data && json.data.rawApiKey;
  if (!key) throw new Error(`create API key: no data.rawApiKey in ${created.text.slice(0, 300)}`);
  return key;
}

async function publicApi(baseUrl, apiKey, method, route, body) {
  const res = await request(method, `${baseUrl}/api/v1${route}`, { body, headers: { 'X-N8N-API-KEY': apiKey } });
  return expectOk(`${method} /api/v1${route}`, res);
}

/** POST /api/v1/workflows/<id>/activate: n8n registers the trigger (calls the node's webhook checkExists/create). */
const activate = (baseUrl, id, apiKey) => publicApi(baseUrl, apiKey, 'POST', `/workflows/${id}/activate`);
/** POST /api/v1/workflows/<id>/deactivate: n8n calls the trigger node's webhook delete. */
const deactivate = (baseUrl, id, apiKey) => publicApi(baseUrl, apiKey, 'POST', `/workflows/${id}/deactivate`);

/** GET /api/v1/executions?workflowId=<id> (all pages). Items: {id, finished, mode, status, startedAt, stoppedAt, workflowId, data?}. */
async function listExecutions(baseUrl, workflowId, apiKey, { includeData = false, status } = {}) {
  const out = [];
  let cursor;
  do {
    const q = new URLSearchParams({ workflowId: String(workflowId), limit: '250' });
    if (includeData) q.set('includeData', 'true');
    if (status) q.set('status', status);
    if (cursor) q.set('cursor', cursor);
    const page = await publicApi(baseUrl, apiKey, 'GET', `/executions?${q}`);
    out.push(...(page.data || []));
    cursor = page.nextCursor;
  } while (cursor);
  return out;
}

// ------------------------------------------------------------------ instance

const started = new Set();
// A test process that ends without stop() must not leave n8n (and its task runner) behind.
process.on('exit', () => {
  for (const child of started) {
    if (child.exitCode === null) killGroup(child.pid, 'SIGKILL');
    if (child.pidFile) fs.rmSync(child.pidFile, { force: true });
  }
});

/** A set-up command's CLI arguments: {command, flags: {k: v}} → [command, --k=v, …]. */
const setupArgs = ({ command, flags }) => [command, ...Object.entries(flags).map(([k, v]) => `--${k}=${v}`)];

class N8n {
  /** Use createN8n(): it installs the runtime first. */
  constructor(runtime, { userFolder, port, packageDir, linkMode, env, logLevel, publicationOutbox, importEach }) {
    this.runtime = runtime;
    this.userFolder = path.resolve(userFolder);
    this.port = port;
    this.baseUrl = `http://127.0.0.1:${port}`;
    this.logFile = path.join(this.userFolder, LOG_FILE);
    this.pidFile = path.join(this.userFolder, PID_FILE);
    this.child = null;
    this.deferred = []; // set-up commands waiting for the next process (setupCommand)
    this.importEach = importEach === undefined ? process.env.LP_N8N_IMPORT_EACH === '1' : Boolean(importEach);
    const base = { ...runtime.env };
    delete base.NODE_OPTIONS; // e.g. ts-node/jest hooks of the caller must not leak into n8n
    // jest sets NODE_ENV=test, which makes n8n's logger silent (no `execute --rawOutput` JSON) and changes defaults
    delete base.NODE_ENV;
    delete base.JEST_WORKER_ID;
    for (const k of Object.keys(base)) if (/^(N8N_|DB_)/.test(k)) delete base[k];
    // requests from n8n to services on loopback (the emulator) must never go through a proxy
    const noProxy = [base.NO_PROXY || base.no_proxy, '127.0.0.1,localhost,::1'].filter(Boolean).join(',');
    base.NO_PROXY = noProxy;
    base.no_proxy = noProxy;
    this.env = { ...base, ...n8nEnv({ userFolder: this.userFolder, port, logLevel, publicationOutbox }), ...(env || {}) };
    // n8n 1.x has no mcp-registry module to disable, and refuses to start when asked to
    if (Number(String(runtime.version && runtime.version.n8n).split('.')[0]) < 2) delete this.env.N8N_DISABLED_MODULES;
    fs.mkdirSync(path.join(this.userFolder, '.n8n'), { recursive: true });
    if (packageDir) linkPackage(this.userFolder, packageDir, { mode: linkMode });
  }

  /** URL of a production webhook: <N8N_WEBHOOK_URL>webhook/<path>. */
  webhookUrl(p) {
    return `${this.env.N8N_WEBHOOK_URL}webhook/${String(p).replace(/^\//, '')}`;
  }

  /**
   * Run an n8n CLI command under Node 24. Resolves {code, stdout, stderr}; rejects on non-zero exit
   * unless allowFailure.
   */
  async cli(args, opts = {}) {
    await this.runDeferred();
    return this.runCli([this.runtime.n8nBin, ...args], `n8n ${args.join(' ')}`, opts);
  }

  /** One CLI process (node <argv>) of this instance; `what` names it in errors. */
  runCli(argv, what, { timeoutMs = 120000, allowFailure = false, env } = {}) {
    return new Promise((resolve, reject) => {
      // Output goes to files, not pipes: n8n exits right after printing (e.g. `execute --rawOutput`), and Node
      // drops what it had not yet written to a pipe, which cut large run outputs short; writes to a file complete.
      const dir = path.join(this.userFolder, 'cli');
      fs.mkdirSync(dir, { recursive: true });
      const base = path.join(dir, `${Date.now()}-${crypto.randomBytes(3).toString('hex')}`);
      const out = fs.openSync(`${base}.out`, 'w');
      const err = fs.openSync(`${base}.err`, 'w');
      const child = spawn(this.runtime.nodeBin, argv, {
        cwd: this.userFolder,
        env: { ...this.env, ...(env || {}) },
        stdio: ['ignore', out, err],
        detached: true,
      });
      fs.closeSync(out);
      fs.closeSync(err);
      const output = () => {
        const read = (file) => {
          try {
            return fs.readFileSync(file, 'utf8');
          } catch {
            return '';
          }
        };
        const result = { stdout: read(`${base}.out`), stderr: read(`${base}.err`) };
        fs.rmSync(`${base}.out`, { force: true });
        fs.rmSync(`${base}.err`, { force: true });
        return result;
      };
      started.add(child);
      const timer = setTimeout(() => {
        killGroup(child.pid, 'SIGKILL');
        const { stdout, stderr } = output();
        reject(new Error(`${what} timed out after ${timeoutMs} ms\n${tailText(stdout + stderr)}`));
      }, timeoutMs);
      child.on('error', (e) => {
        clearTimeout(timer);
        started.delete(child);
        reject(e);
      });
      child.on('close', (code) => {
        clearTimeout(timer);
        started.delete(child);
        const { stdout, stderr } = output();
        if (code !== 0 && !allowFailure) {
          reject(new Error(`${what} exited with code ${code}\n${tailText(stdout + stderr)}`));
        } else {
          resolve({ code, stdout, stderr });
        }
      });
    });
  }

  /**
   * `n8n import:credentials`. fileOrData: a JSON file path, or an object / array of
   * {id, name, type, data: {...plain values}} (n8n encrypts plain data on import).
   */
  async importCredentials(fileOrData) {
    const file = typeof fileOrData === 'string' ? path.resolve(fileOrData) : writeTemp(this.userFolder, 'credentials', fileOrData);
    await this.setupCommand('import:credentials', { input: file });
  }

  /**
   * `n8n import:workflow`. fileOrData: a JSON file path, or a workflow object / array of them.
   * Workflows without an id get one. Imported workflows are inactive (see publish()).
   * @returns {Promise<string[]>} the workflow ids, in file order
   */
  async importWorkflow(fileOrData) {
    let data = typeof fileOrData === 'string' ? JSON.parse(fs.readFileSync(fileOrData, 'utf8')) : fileOrData;
    const list = (Array.isArray(data) ? data : [data]).map((wf) => (wf.id ? wf : { ...wf, id: newWorkflowId() }));
    data = Array.isArray(data) ? list : list[0];
    const file = writeTemp(this.userFolder, 'workflow', data);
    await this.setupCommand('import:workflow', { input: file });
    return list.map((wf) => wf.id);
  }

  /**
   * A set-up command (import:credentials, import:workflow, publish:workflow). While no process of this n8n 2.x
   * instance runs, it waits for the next command that needs it (cli(), start(), the kept execute process), and the
   * waiting ones then run together in one n8n process (importBatch.js); a failure then names the job. While one
   * runs (the server reads credentials as it needs them), or for n8n 1.x, or with importEach (createN8n's option;
   * default LP_N8N_IMPORT_EACH=1), it runs at once in its own `n8n <command>`.
   */
  async setupCommand(command, flags) {
    if (this.canDefer()) this.deferred.push({ command, flags });
    else await this.cli(setupArgs({ command, flags }));
  }

  canDefer() {
    const running = (child) => Boolean(child) && child.exitCode === null && child.signalCode === null;
    return (
      !this.importEach &&
      Number(String(this.runtime.version && this.runtime.version.n8n).split('.')[0]) >= 2 &&
      !running(this.child) &&
      !running(this.server && this.server.child)
    );
  }

  /** Runs the set-up commands that wait (setupCommand), in order: one alone as `n8n <command>`, more in one process. */
  async runDeferred() {
    const jobs = this.deferred.splice(0);
    const eachAlone = async () => {
      for (const job of jobs) await this.runCli([this.runtime.n8nBin, ...setupArgs(job)], `n8n ${setupArgs(job).join(' ')}`);
    };
    if (jobs.length <= 1) return eachAlone();
    const file = writeTemp(this.userFolder, 'setup-jobs', jobs);
    const what = `n8n ${jobs.map((job) => setupArgs(job).join(' ')).join(', then ')} (in one process)`;
    const r = await this.runCli([IMPORT_BATCH, this.runtime.n8nBin, file], what, { timeoutMs: 120000 * jobs.length, allowFailure: true });
    if (r.code === IMPORT_BATCH_UNSUPPORTED && r.stderr.includes('importBatch: this n8n cannot')) {
      await eachAlone(); // an n8n laid out otherwise: the same commands, one process each
    } else if (r.code !== 0) {
      throw new Error(`${what} exited with code ${r.code}\n${tailText(r.stdout + r.stderr)}`);
    }
  }

  /**
   * `n8n execute --id=<id> --rawOutput` → the parsed run data (n8n's IRun without the wrapper):
   *   { data: { resultData: { runData: { '<node name>': [ { data: { main: [[{json, pairedItem}]] }, executionStatus, ... } ] },
   *             lastNodeExecuted, error? } }, status, mode, finished, ... }
   * see README for the exact shape. A failed workflow makes n8n exit non-zero: then the
   * result is still returned (with error details) when n8n printed JSON, and the exit code is in
   * result.__exitCode; without JSON it throws.
   */
  async execute(id, { timeoutMs = 120000 } = {}) {
    const r = this.executesInOneProcess() ? await this.executeInServer(id, timeoutMs) : await this.executeAlone(id, timeoutMs);
    const parsed = parseExecuteOutput(r.stdout);
    if (parsed === undefined) {
      throw new Error(`n8n execute --id=${id}: no JSON result (exit code ${r.code})\n${tailText(r.stdout + r.stderr)}`);
    }
    if (parsed && typeof parsed === 'object') Object.defineProperty(parsed, '__exitCode', { value: r.code, enumerable: false });
    return parsed;
  }

  /**
   * Whether execute() runs in one n8n process kept for this instance (executeServer.js: n8n 2.x's execute command
   * called once per run) rather than one `n8n execute` process per run; LP_N8N_EXECUTE_EACH=1 asks for the latter.
   */
  executesInOneProcess() {
    return process.env.LP_N8N_EXECUTE_EACH !== '1' && Number(String(this.runtime.version && this.runtime.version.n8n).split('.')[0]) >= 2;
  }

  async executeAlone(id, timeoutMs) {
    // `execute` starts its own task broker: give it a port of its own so it can run while the
    // server (which holds N8N_RUNNERS_BROKER_PORT) is up.
    const brokerPort = await freePorts(1);
    return this.cli(['execute', `--id=${id}`, '--rawOutput'], {
      timeoutMs,
      allowFailure: true,
      env: { N8N_RUNNERS_BROKER_PORT: String(brokerPort) },
    });
  }

  /** One run in the kept n8n process (started on first use; stopped by stop(), or when a run passes timeoutMs). */
  async executeInServer(id, timeoutMs) {
    const server = await this.executeServer();
    const dir = path.join(this.userFolder, 'cli');
    fs.mkdirSync(dir, { recursive: true });
    const out = path.join(dir, `execute-${Date.now()}-${crypto.randomBytes(3).toString('hex')}.out`);
    const done = await new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        server.pending.delete(out);
        this.stopExecuteServer({ timeoutMs: 0 });
        reject(new Error(`n8n execute --id=${id} (in the kept process) timed out after ${timeoutMs} ms\n${tailText(server.log())}`));
      }, timeoutMs);
      server.pending.set(out, {
        resolve: (v) => (clearTimeout(timer), resolve(v)),
        reject: (e) => (clearTimeout(timer), reject(e)),
      });
      server.child.stdin.write(`${JSON.stringify({ id, out })}\n`);
    });
    let stdout = '';
    try {
      stdout = fs.readFileSync(out, 'utf8');
    } catch {
      /* no output */
    }
    fs.rmSync(out, { force: true });
    return { code: done.code, stdout, stderr: '' };
  }

  /** The kept execute process of executesInOneProcess(), started when there is none. */
  async executeServer() {
    if (this.server && this.server.child.exitCode === null && this.server.child.signalCode === null) return this.server;
    await this.runDeferred();
    const brokerPort = await freePorts(1);
    const logFile = path.join(this.userFolder, 'execute-server.log');
    const log = fs.openSync(logFile, 'a');
    const child = spawn(this.runtime.nodeBin, [EXECUTE_SERVER, this.runtime.n8nBin, EXECUTE_DONE], {
      cwd: this.userFolder,
      env: { ...this.env, N8N_RUNNERS_BROKER_PORT: String(brokerPort) },
      stdio: ['pipe', 'pipe', log],
      detached: true,
    });
    fs.closeSync(log);
    started.add(child);
    const server = {
      child,
      pending: new Map(),
      log: () => (fs.existsSync(logFile) ? fs.readFileSync(logFile, 'utf8') : ''),
    };
    let buffered = '';
    child.stdout.on('data', (chunk) => {
      buffered += chunk.toString('utf8');
      const lines = buffered.split('\n');
      buffered = lines.pop();
      for (const line of lines) {
        if (!line.startsWith(EXECUTE_DONE)) {
          fs.appendFileSync(logFile, `${line}\n`);
          continue;
        }
        const done = JSON.parse(line.slice(EXECUTE_DONE.length));
        const waiter = server.pending.get(done.out);
        server.pending.delete(done.out);
        if (waiter) waiter.resolve(done);
      }
    });
    child.stdin.on('error', () => undefined); // a write after it exited: the exit handler below answers
    child.on('exit', (code, signal) => {
      started.delete(child);
      for (const waiter of server.pending.values()) waiter.reject(new Error(`the kept n8n execute process exited (${signal || `code ${code}`})\n${tailText(server.log())}`));
      server.pending.clear();
    });
    this.server = server;
    return server;
  }

  /** Ends the kept execute process: stdin closed (n8n ends as a finished command), SIGKILL after timeoutMs. */
  async stopExecuteServer({ timeoutMs = 15000 } = {}) {
    const server = this.server;
    this.server = null;
    if (!server || server.child.exitCode !== null || server.child.signalCode !== null) return;
    const exited = new Promise((r) => server.child.once('exit', r));
    server.child.stdin.end();
    let timer;
    await Promise.race([exited, new Promise((r) => (timer = setTimeout(r, timeoutMs)))]);
    clearTimeout(timer);
    killGroup(server.child.pid, 'SIGKILL');
    await exited;
  }

  /**
   * `n8n execute-batch`: every workflow of this user folder run once, one after the other, in ONE n8n process (each
   * `execute` boots n8n again: 2.5–3 CPU-seconds each for n8n 2.41.1). n8n runs each as `execute` does (mode 'cli',
   * the start node of findCliWorkflowStart, as the instance owner); every n8n of the version matrix has the command.
   * Its flags that filter by id keep only ids with a digit in them, so it runs what is imported: import the others
   * after it. No retries (a retry would send the writes again).
   * Resolves { [workflowId]: run }: a successful run as execute() resolves it (from its snapshot file); a failed one
   * (n8n writes no snapshot then) as { status, finished: false, data: { resultData: { runData: {}, error: { message } } } }
   * with n8n's message ("<description or message> on node <name>").
   */
  async executeBatch({ timeoutMs = 900000 } = {}) {
    const dir = fs.mkdtempSync(path.join(this.userFolder, 'batch-'));
    const snapshots = path.join(dir, 'snapshots');
    const summaryFile = path.join(dir, 'summary.json');
    fs.mkdirSync(snapshots);
    try {
      const brokerPort = await freePorts(1);
      const r = await this.cli(['execute-batch', `--snapshot=${snapshots}`, `--output=${summaryFile}`, '--retries=0'], {
        timeoutMs,
        allowFailure: true,
        env: { N8N_RUNNERS_BROKER_PORT: String(brokerPort) },
      });
      if (!fs.existsSync(summaryFile)) throw new Error(`n8n execute-batch: no summary written (exit code ${r.code})\n${tailText(r.stdout + r.stderr)}`);
      const { executions } = JSON.parse(fs.readFileSync(summaryFile, 'utf8'));
      const runs = {};
      for (const execution of executions) {
        const snapshot = path.join(snapshots, `${execution.workflowId}-snapshot.json`);
        runs[execution.workflowId] =
          execution.executionStatus === 'success' && fs.existsSync(snapshot)
            ? JSON.parse(fs.readFileSync(snapshot, 'utf8'))
            : { status: execution.executionStatus, finished: false, data: { resultData: { runData: {}, error: { message: execution.error || 'no result' } } } };
      }
      return runs;
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }

  /** `n8n publish:workflow --id=<id>`: the workflow is active from the next start(). */
  async publish(id) {
    await this.setupCommand('publish:workflow', { id });
  }

  /**
   * `n8n start` in the background (own process group), stdout+stderr to <userFolder>/n8n.log,
   * pid to <userFolder>/n8n.pid; resolves with the child process once /healthz/readiness answers 200 and n8n
   * has finished starting, published workflows activated (their triggers' webhooks registered).
   * Queue mode's other processes: `command: 'worker'` (readiness on the worker server, which listens on this
   * instance's port when QUEUE_HEALTH_CHECK_ACTIVE=true and QUEUE_HEALTH_CHECK_PORT=<port>) or `command: 'webhook'`;
   * each has its own line that ends start-up (STARTED_LINES).
   */
  async start({ timeoutMs = 90000, command = 'start' } = {}) {
    if (this.child && this.child.exitCode === null) return this.child;
    if (!STARTED_LINES[command]) throw new Error(`start: unknown command ${command} (${Object.keys(STARTED_LINES).join(', ')})`);
    await this.runDeferred();
    await stopFromPidFile(this.userFolder); // a leftover from an earlier crashed run
    const out = fs.openSync(this.logFile, 'a');
    fs.writeSync(out, `\n===== ${new Date().toISOString()} n8n ${command}\n`);
    const logOffset = fs.fstatSync(out).size;
    this.logOffset = logOffset;
    const child = spawn(this.runtime.nodeBin, [this.runtime.n8nBin, command], {
      cwd: this.userFolder,
      env: this.env,
      stdio: ['ignore', out, out],
      detached: true,
    });
    fs.closeSync(out);
    this.child = child;
    child.pidFile = this.pidFile;
    started.add(child);
    child.on('exit', () => started.delete(child));
    // run: which npm test run started it (LP_TEST_RUN), so that a teardown stops only its own run's leftovers
    fs.writeFileSync(this.pidFile, JSON.stringify({ pid: child.pid, port: this.port, startedAt: new Date().toISOString(), run: process.env.LP_TEST_RUN || '' }));
    try {
      const until = Date.now() + timeoutMs;
      await waitForReadiness(this.baseUrl, { timeoutMs, child, logFile: this.logFile, logOffset });
      await waitForStartupComplete({
        timeoutMs: Math.max(1000, until - Date.now()),
        child,
        logFile: this.logFile,
        logOffset,
        startedLine: STARTED_LINES[command],
      });
    } catch (e) {
      await this.stop();
      throw e;
    }
    return child;
  }

  /** SIGTERM (n8n shuts down gracefully; triggers' webhook delete is NOT called), SIGKILL after timeoutMs. */
  async stop({ timeoutMs = 15000 } = {}) {
    await this.stopExecuteServer({ timeoutMs });
    const child = this.child;
    this.child = null;
    if (child && child.exitCode === null) {
      const exited = new Promise((r) => child.once('exit', r));
      killGroup(child.pid, 'SIGTERM');
      let timer;
      const timeout = new Promise((r) => (timer = setTimeout(() => r('timeout'), timeoutMs)));
      const t = await Promise.race([exited.then(() => 'exited'), timeout]);
      clearTimeout(timer); // a pending 15 s timer would keep jest (or a script) from exiting
      killGroup(child.pid, 'SIGKILL');
      if (t === 'timeout') await exited;
    }
    await stopFromPidFile(this.userFolder, { timeoutMs });
  }

  /**
   * SIGKILL the process group at once (n8n and its task runner): a crash, with no graceful shutdown. Resolves
   * when the process has exited; the pid file is removed.
   */
  async kill() {
    const child = this.child;
    this.child = null;
    if (child && child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((r) => child.once('exit', r));
      killGroup(child.pid, 'SIGKILL');
      await exited;
    }
    fs.rmSync(this.pidFile, { force: true });
  }

  /** Contents of <userFolder>/n8n.log (the server's output). */
  log() {
    return fs.existsSync(this.logFile) ? fs.readFileSync(this.logFile, 'utf8') : '';
  }

  setupOwnerAndApiKey(opts) {
    return setupOwnerAndApiKey(this.baseUrl, opts);
  }
  /** The owner's session cookie (the owner is created on first call). */
  setupOwner(owner) {
    return setupOwner(this.baseUrl, owner);
  }
  activate(id, apiKey) {
    return activate(this.baseUrl, id, apiKey);
  }
  deactivate(id, apiKey) {
    return deactivate(this.baseUrl, id, apiKey);
  }
  listExecutions(workflowId, apiKey, opts) {
    return listExecutions(this.baseUrl, workflowId, apiKey, opts);
  }

  /** Poll listExecutions until at least `count` executions (optionally all finished) exist. */
  async waitForExecutions(workflowId, apiKey, { count = 1, timeoutMs = 30000, includeData = false } = {}) {
    const until = Date.now() + timeoutMs;
    for (;;) {
      const list = await this.listExecutions(workflowId, apiKey, { includeData });
      const done = list.filter((e) => e.finished || (e.status && !['new', 'running', 'waiting'].includes(e.status)));
      if (done.length >= count) return list;
      if (Date.now() > until) {
        const seen = list.map((e) => `#${e.id} ${e.mode} ${e.status}`).join(', ') || 'none';
        throw new Error(`waitForExecutions: ${done.length}/${count} finished executions of ${workflowId} after ${timeoutMs} ms (executions: ${seen})`);
      }
      await sleep(300);
    }
  }
}

/**
 * Install the runtime if needed and prepare an n8n user folder.
 * @param {{userFolder?: string, port?: number, packageDir?: string, linkMode?: 'symlink'|'copy',
 *   env?: Record<string,string>, logLevel?: string}} [opts]
 *   userFolder: default a fresh folder under os.tmpdir(); port: default a free one (port+1 is the task broker);
 *   packageDir: a built package to link (see linkPackage); definition: another runtime definition folder (the
 *   version matrix, test/e2e/matrix/versions/<label>), default test/e2e/runtime (n8n 2.41.1).
 * @returns {Promise<N8n>}
 */
async function createN8n(opts = {}) {
  const runtime = await ensureRuntime(opts.definition ? { definition: opts.definition } : undefined);
  const userFolder = opts.userFolder || fs.mkdtempSync(path.join(os.tmpdir(), 'lp-n8n-'));
  const port = opts.port || (await freePort());
  const n8n = new N8n(runtime, { ...opts, userFolder, port });
  // a new SQLite folder starts from the runtime's migrated database (dbTemplate.js): n8n's migrations once per runtime
  if (n8n.env.DB_TYPE === 'sqlite' && process.env.LP_N8N_MIGRATE_EACH !== '1') {
    await ensureTemplate(runtime, async (folder) => {
      // with this instance's environment (an older n8n is started with what it knows, e.g. its modules)
      const scratch = new N8n(runtime, { env: opts.env, logLevel: opts.logLevel, userFolder: folder, port: await freePort() });
      await scratch.cli(['list:workflow'], { timeoutMs: 300000 });
    });
    seedDatabase(runtime, n8n.userFolder);
  }
  return n8n;
}

module.exports = {
  PACKAGE_NAME,
  ENCRYPTION_KEY,
  createN8n,
  N8n,
  n8nEnv,
  freePort,
  linkPackage,
  parseExecuteOutput,
  nodeOutput,
  waitFor,
  waitForReadiness,
  waitForStartupComplete,
  STARTED_LINES,
  activationLines,
  setupOwnerAndApiKey,
  setupOwner,
  login,
  activate,
  deactivate,
  listExecutions,
  publicApi,
  stopFromPidFile,
  killGroup,
  endGroup,
  ensureRuntime,
};

if (require.main === module) {
  // node test/e2e/n8n.js stop <userFolder>   — stop an n8n left running by start()
  const [cmd, folder] = process.argv.slice(2);
  if (cmd === 'stop' && folder) {
    stopFromPidFile(folder).then((s) => console.log(s ? 'stopped' : 'nothing running'));
  } else {
    console.error('usage: node test/e2e/n8n.js stop <userFolder>');
    process.exitCode = 2;
  }
}
