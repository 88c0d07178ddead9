'use strict';
/**
 * Several `n8n import:credentials`, `import:workflow` and `publish:workflow` in one n8n 2.x process, in order, run
 * by the runtime's Node as `node importBatch.js <n8n bin> <jobs file>` with the instance's environment (N8n's
 * deferred set-up commands). The jobs file is a JSON array of {"command": "<one of the three>", "flags": {...}}.
 * n8n starts as for `n8n import:workflow` (its own command and init: the other two need no more than it), then each
 * job runs as that command's own run() with its flags parsed by the command's own schema; the first that fails
 * ends the process with n8n's exit code 1 and a message naming the job.
 * Why: one start-up of n8n 2.41.1 costs 2.5–3 CPU-seconds, and a test file's set-up ran two to five back to back.
 */
const fs = require('fs');
const path = require('path');

const [n8nBin, jobsFile] = process.argv.slice(2);
const dist = path.join(path.dirname(n8nBin), '..', 'dist');
const fromN8n = (name) => require(require.resolve(name, { paths: [dist] }));
/** Exit code for "this n8n is not laid out as importBatch expects": N8n then runs the jobs one process each. */
const UNSUPPORTED = 3;

/**
 * n8n's command classes, loaded after what n8n's bin loads before a command, in its order: decorated classes need
 * reflect-metadata to record their constructor's parameters (n8n's dependency injection reads them), the database
 * entities read the config, and the command registry adds the zod extension (.alias) the flag schemas use.
 */
function loadN8n() {
	process.env.NODE_CONFIG_DIR = process.env.NODE_CONFIG_DIR || path.join(path.dirname(n8nBin), 'config');
	fromN8n('reflect-metadata');
	require(path.join(dist, 'config'));
	require(path.join(dist, 'command-registry.js'));
	const loaded = { Container: fromN8n('@n8n/di').Container, CommandMetadata: fromN8n('@n8n/decorators').CommandMetadata, commands: {} };
	for (const [name, [file, exported]] of Object.entries(COMMANDS)) {
		const Command = require(path.join(dist, 'commands', file))[exported];
		if (typeof Command !== 'function' || typeof Command.prototype.run !== 'function') throw new Error(`no ${exported} in dist/commands/${file}`);
		loaded.commands[name] = { Command, run: Command.prototype.run };
	}
	return loaded;
}

const COMMANDS = {
	'import:credentials': ['import/credentials.js', 'ImportCredentialsCommand'],
	'import:workflow': ['import/workflow.js', 'ImportWorkflowsCommand'],
	'publish:workflow': ['publish/workflow.js', 'PublishWorkflowCommand'],
};
let loaded;
try {
	loaded = loadN8n();
} catch (error) {
	process.stderr.write(`importBatch: this n8n cannot run its set-up commands in one process: ${error.message}\n`);
	process.exit(UNSUPPORTED);
}
const { Container, CommandMetadata, commands } = loaded;

const jobs = JSON.parse(fs.readFileSync(jobsFile, 'utf8'));
const host = commands['import:workflow'];

host.Command.prototype.run = async function runJobs() {
	const metadata = Container.get(CommandMetadata);
	for (const [index, job] of jobs.entries()) {
		const entry = commands[job.command];
		if (!entry) throw new Error(`importBatch: job ${index + 1} names no batched command (${job.command})`);
		const command = entry.Command === host.Command ? this : Container.get(entry.Command);
		command.flags = metadata.get(job.command).flagsSchema.parse(job.flags);
		try {
			await entry.run.call(command);
		} catch (error) {
			if (error && typeof error.message === 'string') error.message = `n8n ${job.command} (job ${index + 1} of ${jobs.length}): ${error.message}`;
			throw error;
		}
	}
};

// the bin's own start (its prelude again is a no-op: each module is loaded once) runs the host command, which runs the jobs
process.argv = [process.argv[0], n8nBin, 'import:workflow'];
require(n8nBin);
