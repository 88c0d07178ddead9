/**
 * The harness's set-up commands (import:credentials, import:workflow, publish:workflow) wait for the next n8n process
 * and then run together in one (test/e2e/importBatch.js): what every other e2e file's set-up stands on. Here, in real
 * n8n 2.41.1: they land in the database in order, as each `n8n <command>` would leave it, and a failing one fails the
 * next command, naming itself, after the ones before it landed.
 */
import { mkdtempSync, readFileSync, rmSync } from 'fs';
import { tmpdir } from 'os';
import { join } from 'path';

const { createN8n } = require('./n8n');

const workflow = (id: string, name: string) => ({
	id,
	name,
	nodes: [{ id: `${id}-start`, name: 'Start', type: 'n8n-nodes-base.manualTrigger', typeVersion: 1, position: [0, 0], parameters: {} }],
	connections: {},
	settings: {},
});
const credential = { id: 'lpSetupHeaderCred', name: 'Set-up header', type: 'httpHeaderAuth', data: { name: 'X-Set-Up', value: 'one process' } };

let n8n: any;
let folder: string;

beforeAll(async () => {
	folder = mkdtempSync(join(tmpdir(), 'lp-setup-commands-'));
	n8n = await createN8n({ userFolder: folder, importEach: false });
}, 10 * 60 * 1000);

afterAll(() => {
	if (folder) rmSync(folder, { recursive: true, force: true });
});

async function exported(kind: 'workflow' | 'credentials'): Promise<any[]> {
	const file = join(folder, `export-${kind}-${Date.now()}.json`);
	await n8n.cli([`export:${kind}`, '--all', ...(kind === 'credentials' ? ['--decrypted'] : []), `--output=${file}`]);
	return JSON.parse(readFileSync(file, 'utf8'));
}

test('credentials, workflows and a publish wait, then run in one process and land as separate commands would leave them', async () => {
	await n8n.importCredentials([credential]);
	await n8n.importWorkflow([workflow('lpSetupFirst', 'Set-up first'), workflow('lpSetupSecond', 'Set-up second')]);
	await n8n.publish('lpSetupFirst');
	expect(n8n.deferred.map((job: { command: string }) => job.command)).toEqual(['import:credentials', 'import:workflow', 'publish:workflow']);

	const workflows = await exported('workflow'); // the export runs the waiting jobs first
	expect(n8n.deferred).toEqual([]);
	const byId = Object.fromEntries(workflows.map((wf) => [wf.id, wf]));
	expect(Object.keys(byId).sort()).toEqual(['lpSetupFirst', 'lpSetupSecond']);
	expect(byId.lpSetupFirst).toMatchObject({ name: 'Set-up first', active: true, activeVersionId: byId.lpSetupFirst.versionId });
	expect(byId.lpSetupSecond).toMatchObject({ name: 'Set-up second', active: false, activeVersionId: null });
	const credentials = await exported('credentials');
	expect(credentials.map(({ id, name, type, data }) => ({ id, name, type, data }))).toEqual([credential]);
}, 5 * 60 * 1000);

test('a failing job fails the next command with its command, flags and place in the batch, after the jobs before it landed', async () => {
	await n8n.importWorkflow(workflow('lpSetupThird', 'Set-up third'));
	await n8n.publish('lpSetupMissing');
	const failure = exported('workflow');
	await expect(failure).rejects.toThrow(/import:workflow --input=\S+, then publish:workflow --id=lpSetupMissing \(in one process\) exited with code 1/);
	await expect(failure).rejects.toThrow(/publish:workflow \(job 2 of 2\): Workflow "lpSetupMissing" not found/);
	const workflows = await exported('workflow');
	expect(workflows.map((wf) => wf.id).sort()).toEqual(['lpSetupFirst', 'lpSetupSecond', 'lpSetupThird']);
}, 5 * 60 * 1000);
