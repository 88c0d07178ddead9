'use strict';
/**
 * Gives every registry package in the project's lockfiles its `resolved` tarball URL.
 *
 *   node scripts/lockfileResolved.js          # write the URLs where they are missing
 *   node scripts/lockfileResolved.js --check  # exit 1 naming each lockfile that lacks some
 *
 * Why: a lockfile written with npm's omit-lockfile-registry-resolved (as this machine's ~/.npmrc has it) keeps each
 * package's integrity but not its URL, and npm then fetches the package's whole registry document (a packument) to
 * find the tarball: 2,432 of them for the e2e runtime's n8n. With the URL it fetches the tarball straight away
 * (measured: the runtime's install took 178 CPU-s without, 136 with; docs/development.md).
 * The URL is the registry's own convention, <registry>/<name>/-/<name without scope>-<version>.tgz; npm swaps the
 * host for a configured registry (replace-registry-host=npmjs, its default), and the integrity still checks every
 * tarball, so a wrong URL fails the install loudly instead of installing something else.
 * Node built-ins only.
 */
const fs = require('fs');
const path = require('path');

const ROOT = path.resolve(__dirname, '..');
const REGISTRY = 'https://registry.npmjs.org';
const LOCKFILES = [
	'package-lock.json',
	'test/e2e/runtime/package-lock.json',
	...fs
		.readdirSync(path.join(ROOT, 'test/e2e/matrix/versions'), { withFileTypes: true })
		.filter((entry) => entry.isDirectory())
		.map((entry) => `test/e2e/matrix/versions/${entry.name}/package-lock.json`),
].filter((file) => fs.existsSync(path.join(ROOT, file)));

/** The registry tarball URL of a lockfile entry at `location` (e.g. node_modules/a/node_modules/@s/b), or null. */
function tarballUrl(location, entry) {
	if (location === '' || entry.link || entry.resolved || !entry.version || !entry.integrity) return null;
	const name = entry.name || location.slice(location.lastIndexOf('node_modules/') + 'node_modules/'.length);
	if (!/^(@[a-z0-9][\w.-]*\/)?[a-z0-9][\w.-]*$/i.test(name)) throw new Error(`${location}: not a package name (${name})`);
	return `${REGISTRY}/${name}/-/${name.split('/').pop()}-${entry.version}.tgz`;
}

function main() {
	const check = process.argv.includes('--check');
	const lacking = [];
	for (const file of LOCKFILES) {
		const full = path.join(ROOT, file);
		const text = fs.readFileSync(full, 'utf8');
		const lock = JSON.parse(text);
		let added = 0;
		for (const [location, entry] of Object.entries(lock.packages || {})) {
			const url = tarballUrl(location, entry);
			if (!url) continue;
			added += 1;
			if (check) continue;
			// npm writes resolved right after version: keep that order so the file reads as npm's own
			const rebuilt = {};
			for (const [key, value] of Object.entries(entry)) {
				rebuilt[key] = value;
				if (key === 'version') rebuilt.resolved = url;
			}
			lock.packages[location] = rebuilt;
		}
		if (added === 0) continue;
		if (check) {
			lacking.push(`${file}: ${added} packages without a resolved URL`);
		} else {
			fs.writeFileSync(full, `${JSON.stringify(lock, null, 2)}\n`);
			console.log(`${file}: resolved added to ${added} packages`);
		}
	}
	if (lacking.length > 0) {
		console.error(`${lacking.join('\n')}\nrun: node scripts/lockfileResolved.js`);
		process.exit(1);
	}
}

if (require.main === module) main();

module.exports = { tarballUrl, LOCKFILES };
