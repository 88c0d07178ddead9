'use strict';
/**
 * After the e2e suite: stop any n8n a test file left running, by the pid files under .e2e/ (each test file's
 * user folder; each file removes its own folder unless LP_E2E_KEEP=1), then remove .e2e/ when it is empty.
 */
const fs = require('fs');
const path = require('path');
const { stopFromPidFile } = require('./n8n');
const { E2E_DIR } = require('./setup');

module.exports = async function globalTeardown() {
	if (!fs.existsSync(E2E_DIR)) return;
	for (const name of fs.readdirSync(E2E_DIR)) {
		const folder = path.join(E2E_DIR, name);
		if (fs.existsSync(path.join(folder, 'n8n.pid'))) {
			const stopped = await stopFromPidFile(folder);
			if (stopped) process.stderr.write(`[e2e] stopped a leftover n8n (${folder})\n`);
		}
	}
	if (fs.readdirSync(E2E_DIR).length === 0) fs.rmdirSync(E2E_DIR);
};
