'use strict';
/**
 * Before the real-browser project: what the e2e project's setup does (build dist/ when stale, install the n8n
 * runtime on first use), then install Debian's Chromium when missing (as root, as CI runs; otherwise a message
 * says what to install).
 */
const baseSetup = require('../globalSetup');
const { ensureChromium } = require('./chromium');

module.exports = async function browserGlobalSetup() {
	await baseSetup();
	ensureChromium();
};
