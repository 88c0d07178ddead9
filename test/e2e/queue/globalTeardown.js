'use strict';
/**
 * After the queue project: stop what a stand-up under .e2e/queue-* left running (a test process that died before
 * its afterAll): every n8n by the pid file in its user folder, then Redis and PostgreSQL by services.json. Then
 * the e2e project's teardown (leftover n8n directly under .e2e/, and .e2e/ itself when empty).
 */
const fs = require('fs');
const path = require('path');
const { stopFromPidFile } = require('../n8n');
const { E2E_DIR } = require('../setup');
const { stopServicesFromFile } = require('./services');
const baseTeardown = require('../globalTeardown');

module.exports = async function queueGlobalTeardown() {
	if (fs.existsSync(E2E_DIR)) {
		for (const name of fs.readdirSync(E2E_DIR).filter((n) => n.startsWith('queue-'))) {
			const folder = path.join(E2E_DIR, name);
			if (!fs.statSync(folder).isDirectory()) continue;
			for (const sub of fs.readdirSync(folder)) {
				const userFolder = path.join(folder, sub);
				if (fs.existsSync(path.join(userFolder, 'n8n.pid')) && (await stopFromPidFile(userFolder, { onlyRun: process.env.LP_TEST_RUN || '' }))) {
					process.stderr.write(`[queue] stopped a leftover n8n (${userFolder})\n`);
				}
			}
			const stopped = await stopServicesFromFile(folder);
			if (stopped.length) process.stderr.write(`[queue] stopped leftover ${stopped.join(', ')} (${folder})\n`);
		}
	}
	await baseTeardown();
};
