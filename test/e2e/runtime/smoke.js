#!/usr/bin/env node
'use strict';
/**
 * Self-check of the real-n8n runtime and of the helpers in ../n8n.js, independent of this
 * project's own nodes: builds a throwaway community package `n8n-nodes-smoketest` (a node that
 * outputs {ok:true}, a credential, a trigger whose webhook methods record their calls) in a temp
 * folder, then: link, import credentials and workflows, `n8n execute` (success, node error, no
 * start node), publish, `n8n start`, owner + API key, webhook delivery, deactivate/activate through
 * the public API (checking the trigger's delete/create calls), execution listing, stop.
 *
 *   node test/e2e/runtime/smoke.js            # prints timings; exit code 0 when all checks pass
 *   node test/e2e/runtime/smoke.js --keep     # keep the temp folder (n8n.log, database) for a look
 */

const fs = require('fs');
const os = require('os');
const path = require('path');
const assert = require('assert');
const { createN8n, nodeOutput } = require('../n8n');

const keep = process.argv.includes('--keep');
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'lp-n8n-smoke-'));
const pkgDir = path.join(tmp, 'n8n-nodes-smoketest');
const recordFile = path.join(tmp, 'trigger-calls.jsonl');
const webhookId = '7c0c2f3e-1111-4222-8333-944455556666';

function write(rel, text) {
  const file = path.join(pkgDir, rel);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, text);
}

function makePackage() {
  write(
    'package.json',
    JSON.stringify(
      {
        name: 'n8n-nodes-smoketest',
        version: '0.0.1',
        keywords: ['n8n-community-node-package'],
        license: 'MIT',
        files: ['dist'],
        n8n: {
          n8nNodesApiVersion: 1,
          credentials: ['dist/credentials/SmokeApi.credentials.js'],
          nodes: ['dist/nodes/Smoke/Smoke.node.js', 'dist/nodes/SmokeTrigger/SmokeTrigger.node.js'],
        },
        peerDependencies: { 'n8n-workflow': '*' },
      },
      null,
      2,
    ),
  );
  write(
    'dist/credentials/SmokeApi.credentials.js',
    `"use strict";
class SmokeApi {
  constructor() {
    this.name = 'smokeApi';
    this.displayName = 'Smoke API';
    this.properties = [{ displayName: 'API Key', name: 'apiKey', type: 'string', typeOptions: { password: true }, default: '' }];
  }
}
exports.SmokeApi = SmokeApi;
`,
  );
  write(
    'dist/nodes/Smoke/Smoke.node.js',
    `"use strict";
const { NodeOperationError } = require('n8n-workflow');
class Smoke {
  constructor() {
    this.description = {
      displayName: 'Smoke', name: 'smoke', group: ['transform'], version: 1, description: 'Outputs {ok:true}',
      defaults: { name: 'Smoke' }, inputs: ['main'], outputs: ['main'],
      credentials: [{ name: 'smokeApi', required: false }],
      properties: [{ displayName: 'Fail', name: 'fail', type: 'boolean', default: false }],
    };
  }
  async execute() {
    const items = this.getInputData();
    const out = [];
    for (let i = 0; i < items.length; i++) {
      if (this.getNodeParameter('fail', i)) throw new NodeOperationError(this.getNode(), 'smoke failure on purpose', { itemIndex: i });
      let keyLength = null;
      try { keyLength = String((await this.getCredentials('smokeApi')).apiKey).length; } catch { keyLength = null; }
      out.push({ json: { ok: true, keyLength, n8nWorkflowFrom: require.resolve('n8n-workflow') }, pairedItem: { item: i } });
    }
    return [out];
  }
}
exports.Smoke = Smoke;
`,
  );
  write(
    'dist/nodes/SmokeTrigger/SmokeTrigger.node.js',
    `"use strict";
const fs = require('fs');
function record(ctx, what) {
  fs.appendFileSync(ctx.getNodeParameter('recordFile'), JSON.stringify({ what, url: ctx.getNodeWebhookUrl('default') }) + '\\n');
}
class SmokeTrigger {
  constructor() {
    this.description = {
      displayName: 'Smoke Trigger', name: 'smokeTrigger', group: ['trigger'], version: 1, description: 'records webhook calls',
      defaults: { name: 'Smoke Trigger' }, inputs: [], outputs: ['main'],
      webhooks: [{ name: 'default', httpMethod: 'POST', responseMode: 'onReceived', path: 'smoke' }],
      properties: [{ displayName: 'Record File', name: 'recordFile', type: 'string', default: '' }],
    };
    this.webhookMethods = { default: {
      async checkExists() { record(this, 'checkExists'); return false; },
      async create() { record(this, 'create'); return true; },
      async delete() { record(this, 'delete'); return true; },
    } };
  }
  async webhook() { return { workflowData: [[{ json: { received: this.getBodyData() } }]] }; }
}
exports.SmokeTrigger = SmokeTrigger;
`,
  );
}

const manualTrigger = { id: 'm', name: 'Manual', type: 'n8n-nodes-base.manualTrigger', typeVersion: 1, position: [0, 0], parameters: {} };
const smokeNode = (extra = {}) => ({ id: 's', name: 'Smoke', type: 'n8n-nodes-smoketest.smoke', typeVersion: 1, position: [200, 0], parameters: {}, ...extra });
const link = (from, to) => ({ [from]: { main: [[{ node: to, type: 'main', index: 0 }]] } });

const workflows = {
  ok: {
    id: 'SmokeManual00001',
    name: 'smoke: manual → Smoke → Set',
    nodes: [
      manualTrigger,
      smokeNode({ credentials: { smokeApi: { id: 'SmokeCred0000001', name: 'smoke cred' } } }),
      {
        id: 't',
        name: 'Set',
        type: 'n8n-nodes-base.set',
        typeVersion: 3.4,
        position: [400, 0],
        parameters: {
          assignments: { assignments: [{ id: 'x', name: 'doubled', value: '={{ $json.keyLength * 2 }}', type: 'number' }] },
          includeOtherFields: true,
          options: {},
        },
      },
    ],
    connections: { ...link('Manual', 'Smoke'), ...link('Smoke', 'Set') },
    settings: { executionOrder: 'v1' },
  },
  fail: {
    id: 'SmokeFail0000001',
    name: 'smoke: node error',
    nodes: [manualTrigger, smokeNode({ parameters: { fail: true } })],
    connections: link('Manual', 'Smoke'),
    settings: { executionOrder: 'v1' },
  },
  noStart: {
    id: 'SmokeNoStart0001',
    name: 'smoke: no start node',
    nodes: [smokeNode()],
    connections: {},
    settings: { executionOrder: 'v1' },
  },
  trigger: {
    id: 'SmokeTrigger0001',
    name: 'smoke: trigger',
    nodes: [
      {
        id: 'tr',
        name: 'Smoke Trigger',
        type: 'n8n-nodes-smoketest.smokeTrigger',
        typeVersion: 1,
        position: [0, 0],
        webhookId,
        parameters: { recordFile },
      },
      smokeNode(),
    ],
    connections: link('Smoke Trigger', 'Smoke'),
    settings: { executionOrder: 'v1' },
  },
};

const timings = {};
let passed = 0;
let failed = 0;

async function timed(name, fn) {
  const t = performance.now();
  const v = await fn();
  timings[name] = Number(((performance.now() - t) / 1000).toFixed(1));
  return v;
}

async function check(name, fn) {
  try {
    await fn();
    passed++;
    console.log(`ok - ${name}`);
  } catch (e) {
    failed++;
    console.log(`not ok - ${name}\n  ${String(e && e.stack ? e.stack : e).split('\n').slice(0, 6).join('\n  ')}`);
  }
}

const calls = () =>
  fs.existsSync(recordFile)
    ? fs.readFileSync(recordFile, 'utf8').trim().split('\n').map((l) => JSON.parse(l).what)
    : [];

async function main() {
  makePackage();
  const n8n = await timed('ensureRuntime', () => createN8n({ userFolder: path.join(tmp, 'user'), packageDir: pkgDir }));
  console.log(`n8n ${n8n.runtime.version.n8n} on Node ${n8n.runtime.version.node}; user folder ${n8n.userFolder}; port ${n8n.port}`);
  try {
    await check('import credentials', () =>
      timed('importCredentials', () =>
        n8n.importCredentials([{ id: 'SmokeCred0000001', name: 'smoke cred', type: 'smokeApi', data: { apiKey: 'secret-12345' } }]),
      ),
    );
    await check('import workflows', async () => {
      const ids = await timed('importWorkflow', () => n8n.importWorkflow(Object.values(workflows)));
      assert.deepStrictEqual(ids, Object.values(workflows).map((w) => w.id));
    });
    await check('execute: community node runs, credential decrypted, output shape', async () => {
      const r = await timed('execute', () => n8n.execute(workflows.ok.id));
      assert.strictEqual(r.status, 'success');
      assert.strictEqual(r.__exitCode, 0);
      const [smoke] = nodeOutput(r, 'Smoke');
      assert.strictEqual(smoke.ok, true);
      assert.strictEqual(smoke.keyLength, 12);
      assert.ok(smoke.n8nWorkflowFrom.startsWith(n8n.runtime.dir), `n8n-workflow resolved to ${smoke.n8nWorkflowFrom}`);
      assert.strictEqual(nodeOutput(r, 'Set')[0].doubled, 24);
      assert.strictEqual(r.data.resultData.lastNodeExecuted, 'Set');
    });
    await check('execute: a node error gives status error, exit code 1 and the error JSON', async () => {
      const r = await timed('executeFailing', () => n8n.execute(workflows.fail.id));
      assert.strictEqual(r.status, 'error');
      assert.strictEqual(r.__exitCode, 1);
      assert.strictEqual(r.data.resultData.error.message, 'smoke failure on purpose');
      assert.strictEqual(r.data.resultData.error.name, 'NodeOperationError');
      assert.strictEqual(r.data.resultData.runData.Smoke[0].executionStatus, 'error');
    });
    await check('execute: a workflow without a Manual Trigger cannot be run from the CLI', async () => {
      await assert.rejects(n8n.execute(workflows.noStart.id), /Missing node to start execution/);
    });
    await check('publish trigger workflow (CLI)', () => timed('publish', () => n8n.publish(workflows.trigger.id)));
    await timed('startToReady', () => n8n.start());
    await check('start: the published trigger was registered (checkExists, create)', () =>
      assert.deepStrictEqual(calls(), ['checkExists', 'create']),
    );
    const apiKey = await timed('setupOwnerAndApiKey', () => n8n.setupOwnerAndApiKey());
    await check('webhook delivery starts an execution', async () => {
      const res = await fetch(n8n.webhookUrl(`${webhookId}/smoke`), {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{"event":"smoke"}',
      });
      assert.strictEqual(res.status, 200);
      const list = await n8n.waitForExecutions(workflows.trigger.id, apiKey, { includeData: true });
      assert.strictEqual(list[0].status, 'success');
      assert.strictEqual(list[0].data.resultData.runData.Smoke[0].data.main[0][0].json.ok, true);
    });
    await check('public API deactivate calls the trigger delete before returning', async () => {
      const wf = await timed('deactivate', () => n8n.deactivate(workflows.trigger.id, apiKey));
      assert.strictEqual(wf.active, false);
      assert.deepStrictEqual(calls(), ['checkExists', 'create', 'delete']);
    });
    await check('public API activate calls checkExists + create before returning', async () => {
      const wf = await timed('activate', () => n8n.activate(workflows.trigger.id, apiKey));
      assert.strictEqual(wf.active, true);
      assert.deepStrictEqual(calls().slice(3), ['checkExists', 'create']);
    });
    await check('execute works while the server runs', async () => {
      const r = await n8n.execute(workflows.ok.id);
      assert.strictEqual(r.status, 'success');
    });
    await check('listExecutions', async () => {
      const list = await n8n.listExecutions(workflows.trigger.id, apiKey);
      assert.strictEqual(list.length, 1);
    });
  } finally {
    await timed('stop', () => n8n.stop());
  }
  await check('stop (SIGTERM) does not call the trigger delete', () => assert.deepStrictEqual(calls().slice(5), []));
  console.log(`timings (s): ${JSON.stringify(timings)}`);
}

main()
  .catch((e) => {
    failed++;
    console.log(`not ok - smoke run aborted: ${e && e.stack ? e.stack : e}`);
  })
  .finally(() => {
    if (keep) console.log(`kept ${tmp}`);
    else fs.rmSync(tmp, { recursive: true, force: true });
    console.log(`smoke: ${passed} passed, ${failed} failed`);
    process.exitCode = failed ? 1 : 0;
  });
