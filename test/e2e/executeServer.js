'use strict';
/**
 * `n8n execute` for many runs in one n8n 2.x process, run by the runtime's Node as
 * `node executeServer.js <n8n bin> <marker>` with the instance's environment (N8n#execute starts it on first use).
 * n8n starts as for `n8n execute` (its own command, init and all), then the command's run is called once per
 * request instead of once per process: each line on stdin is {"id": "<workflow id>", "out": "<file>"}; what
 * `n8n execute --id=<id> --rawOutput` prints for that run (log lines, then the run's JSON) goes to the file, then a
 * line `<marker>{"id", "out", "code"}` to stdout (code 1 where `n8n execute` exits 1: the run failed; n8n's own log
 * lines go to stdout too). Closing stdin ends n8n as a finished command does.
 * Why: one start-up of n8n 2.41.1 costs 2.5–3 CPU-seconds, and the e2e suite ran about 50 `n8n execute`.
 */
const fs = require('fs');
const path = require('path');
const readline = require('readline');

const [n8nBin, marker] = process.argv.slice(2);
const dist = path.join(path.dirname(n8nBin), '..', 'dist');
// n8n's bin loads its config before anything imports its database entities (their column types depend on it)
require(path.join(dist, 'config'));
const { Execute } = require(path.join(dist, 'commands', 'execute.js'));
const runOnce = Execute.prototype.run;

Execute.prototype.run = async function runEach() {
	const logger = this.logger;
	const ownInfo = logger.info;
	for await (const line of readline.createInterface({ input: process.stdin })) {
		if (!line.trim()) continue;
		const { id, out } = JSON.parse(line);
		const printed = [];
		this.flags = { id, rawOutput: true };
		this.log = (message) => printed.push(String(message));
		// the run's JSON of a failed run is logged at info level, as `n8n execute` prints it
		logger.info = (message) => printed.push(String(message));
		let code = 0;
		try {
			await runOnce.call(this);
		} catch (error) {
			code = 1;
			printed.push(`Error: ${(error && error.message) || String(error)}`);
		} finally {
			logger.info = ownInfo;
		}
		fs.writeFileSync(out, `${printed.join('\n')}\n`);
		process.stdout.write(`${marker}${JSON.stringify({ id, out, code })}\n`);
	}
};

process.argv = [process.argv[0], n8nBin, 'execute', '--id=executeServer'];
require(n8nBin);
