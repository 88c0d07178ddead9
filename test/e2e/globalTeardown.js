'use strict';
/**
 * After the e2e suite: stop any n8n a test file of this run left running, by the pid files under .e2e/ (each test
 * file's user folder; each file removes its own folder unless LP_E2E_KEEP=1), then remove .e2e/ when it is empty.
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
			// only this run's (another may be running beside it: scripts/test.js)
			const stopped = await stopFromPidFile(folder, { onlyRun: process.env.LP_TEST_RUN || '' });
			if (stopped) process.stderr.write(`[e2e] stopped a leftover n8n (${folder})\n`);
		}
	}
	removeIfEmpty(E2E_DIR);
};

/** rmdir when empty; a run beside this one may be adding a folder at the same moment, and then it stays. */
function removeIfEmpty(dir) {
	try {
		if (fs.readdirSync(dir).length === 0) fs.rmdirSync(dir);
	} catch (e) {
		if (!['ENOTEMPTY', 'ENOENT', 'EEXIST'].includes(e.code)) throw e;
	}
}
