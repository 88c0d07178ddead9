'use strict';
/**
 * Before the version matrix: what the e2e suite's set-up does (build dist/ when stale, the n8n 2.41.1 runtime),
 * then every other n8n of the matrix into the per-user cache, one after the other (each ~3–5 min once, with
 * progress on stderr; a few ms when cached). Jest does not time out global setup: scripts/test.js bounds the run.
 */
const e2eSetup = require('../globalSetup');
const { installAll } = require('./versions');

module.exports = async function globalSetup() {
	await e2eSetup();
	const t0 = Date.now();
	const timings = await installAll();
	if (timings.some((v) => v.installed)) process.stderr.write(`[matrix] runtimes ready in ${Math.round((Date.now() - t0) / 1000)} s\n`);
};
