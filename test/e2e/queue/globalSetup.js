'use strict';
/**
 * Before the queue project: what the e2e project's setup does (build dist/ when stale, install the n8n runtime on
 * first use), then install Redis and PostgreSQL from Debian's packages when missing (as root, as CI runs; otherwise
 * a message says what to install).
 */
const baseSetup = require('../globalSetup');
const { ensureServices } = require('./services');

module.exports = async function queueGlobalSetup() {
	await baseSetup();
	ensureServices();
};
