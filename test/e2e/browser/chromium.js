'use strict';
/**
 * Debian's Chromium for the real-browser suite (driven by puppeteer-core, which brings no browser of its own).
 * CommonJS, Node built-ins only (used by the suite's global setup and by .ci/run).
 *
 *   const { ensureChromium } = require('./test/e2e/browser/chromium');
 *   const { executablePath, installed } = ensureChromium();   // apt-get install chromium when missing (root only)
 *
 * LP_CHROMIUM=/path/to/chrome uses another Chromium or Chrome. On the command line:
 * `node test/e2e/browser/chromium.js install` (what `npm run e2e:chromium` runs).
 */

const fs = require('fs');
const { aptInstall, which } = require('../apt');

// fonts-liberation: the editor's text renders in screenshots with metric-compatible fonts (Chromium only recommends it)
const PACKAGES = ['chromium', 'fonts-liberation'];
const INSTALL_HINT = 'sudo apt-get install -y chromium fonts-liberation';

const log = (message) => process.stderr.write(`[browser] ${message}\n`);

/** The Chromium executable, or undefined. */
function findChromium() {
	const own = process.env.LP_CHROMIUM;
	if (own) {
		if (!fs.existsSync(own)) throw new Error(`LP_CHROMIUM=${own}: no such file`);
		return own;
	}
	return which('chromium') || ['/usr/bin/chromium', '/usr/lib/chromium/chromium'].find((p) => fs.existsSync(p));
}

/**
 * Install Chromium from Debian's packages when it is missing (as CI does on a fresh machine, as root; about
 * 1–2 min). Not root and missing: throws with the command to run.
 * @returns {{executablePath: string, installed: boolean}}
 */
function ensureChromium({ quiet = false } = {}) {
	const found = findChromium();
	if (found) return { executablePath: found, installed: false };
	const t0 = Date.now();
	if (!quiet) log("installing Chromium from Debian's packages (apt-get; 1–2 min on a fresh machine)…");
	aptInstall(PACKAGES, { tag: 'browser', hint: INSTALL_HINT, why: 'the real-browser suite needs Chromium, and it is not installed', quiet });
	const executablePath = findChromium();
	if (!executablePath) throw new Error(`installed ${PACKAGES.join(' ')}, but no chromium executable was found`);
	if (!quiet) log(`Chromium installed in ${Math.round((Date.now() - t0) / 1000)} s`);
	return { executablePath, installed: true };
}

module.exports = { ensureChromium, findChromium, INSTALL_HINT };

if (require.main === module) {
	try {
		const r = ensureChromium();
		log(r.installed ? `installed: ${r.executablePath}` : `already installed: ${r.executablePath}`);
	} catch (e) {
		log(e.message);
		process.exitCode = 1;
	}
}
