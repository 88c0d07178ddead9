'use strict';
/**
 * Installs the packed package into an n8n user folder the way that n8n version's community-package installer
 * does (Settings → Community Nodes → Install), read from the installed n8n's own installer source:
 *
 * - 'pack-extract' (n8n 1.123.81 and 2.x here; community-packages.service: `npm pack <name>@<version>`, then): the tarball
 *   unpacked into ~/.n8n/nodes/node_modules/<name>, devDependencies, peerDependencies and optionalDependencies
 *   dropped from its package.json, `npm install --audit=false --fund=false --bin-links=false
 *   --install-strategy=shallow --ignore-scripts=true --package-lock=false` in that folder, and the package
 *   recorded in ~/.n8n/nodes/package.json;
 * - 'npm-install' (older 1.x, e.g. 1.88.0): `npm install <name>@<version>` in ~/.n8n/nodes with NODE_ENV=production, the
 *   package.json untouched, so npm also installs its non-optional peer dependencies.
 * The registry spec `<name>@<version>` is replaced by the packed tarball; npm is the one first on the runtime's PATH.
 * CommonJS, Node built-ins only.
 */
const fs = require('fs');
const path = require('path');
const { execFileSync, spawnSync } = require('child_process');

const ROOT = path.resolve(__dirname, '..', '..', '..');
const SERVICE_FILES = [
	'dist/modules/community-packages/community-packages.service.js',
	'dist/services/community-packages.service.js',
	'dist/services/communityPackages.service.js',
];
const PACK_EXTRACT_ARGS = [
	'--audit=false',
	'--fund=false',
	'--bin-links=false',
	'--install-strategy=shallow',
	'--ignore-scripts=true',
	'--package-lock=false',
];

/** Which installer an installed n8n has: 'pack-extract' or 'npm-install', from its community-packages service. */
function installerStyle(runtimeDir) {
	const n8nDir = path.join(runtimeDir, 'node_modules', 'n8n');
	const file = SERVICE_FILES.map((f) => path.join(n8nDir, f)).find((f) => fs.existsSync(f));
	if (!file) throw new Error(`no community-packages service in ${n8nDir} (looked for ${SERVICE_FILES.join(', ')})`);
	const source = fs.readFileSync(file, 'utf8');
	if (source.includes('--install-strategy=shallow') && /'pack'|npm pack/.test(source)) return { style: 'pack-extract', file };
	if (/npm install \$\{packageName\}@\$\{packageVersion\}|npm install \$\{/.test(source)) return { style: 'npm-install', file };
	throw new Error(`unknown community-package installer in ${file}`);
}

/** `npm pack` of the built package into outDir; returns the tarball's path. Build first (`npm run build`). */
function packTarball(outDir) {
	fs.mkdirSync(outDir, { recursive: true });
	const out = execFileSync('npm', ['pack', '--silent', '--pack-destination', outDir], { cwd: ROOT, encoding: 'utf8' });
	return path.join(outDir, out.trim().split('\n').pop());
}

function npm(args, { cwd, env, what }) {
	const r = spawnSync('npm', args, { cwd, env, encoding: 'utf8', timeout: 10 * 60_000, killSignal: 'SIGKILL' });
	if (r.status !== 0) {
		throw new Error(`${what}: npm ${args.join(' ')} failed (exit ${r.status}${r.error ? `, ${r.error.message}` : ''})\n${`${r.stdout}\n${r.stderr}`.trim().split('\n').slice(-25).join('\n')}`);
	}
	return r.stdout;
}

/**
 * Install `tarball` into `<userFolder>/.n8n/nodes` as `runtime`'s n8n would. Returns { style, packageDir, seconds,
 * installedPeers } (installedPeers: n8n-workflow or n8n-core copies npm put beside the package, which n8n's
 * installer would fail on or shadow n8n's own with).
 */
function installLikeN8n({ runtime, userFolder, tarball }) {
	const t0 = Date.now();
	const { style } = installerStyle(runtime.dir);
	const nodesDir = path.join(path.resolve(userFolder), '.n8n', 'nodes');
	fs.mkdirSync(nodesDir, { recursive: true });
	const pkg = JSON.parse(execFileSync('tar', ['-xzOf', tarball, 'package/package.json'], { encoding: 'utf8' }));
	const packageDir = path.join(nodesDir, 'node_modules', pkg.name);
	// n8n's npm runs with the environment of the n8n process: Node of that version first on PATH; no npm_config_*
	// of a calling npm script (e.g. ignore-scripts=false) may leak in
	const env = {};
	for (const [k, v] of Object.entries(runtime.env)) if (!/^npm_(config|package|lifecycle)_/i.test(k) || /^npm_config_(cache|registry)$/i.test(k)) env[k] = v;
	if (style === 'pack-extract') {
		fs.rmSync(packageDir, { recursive: true, force: true });
		fs.mkdirSync(packageDir, { recursive: true });
		execFileSync('tar', ['-xzf', tarball, '-C', packageDir, '--strip-components=1']);
		const { devDependencies, peerDependencies, optionalDependencies, ...stripped } = pkg;
		fs.writeFileSync(path.join(packageDir, 'package.json'), JSON.stringify(stripped, null, 2));
		npm(['install', ...PACK_EXTRACT_ARGS], { cwd: packageDir, env, what: `installing ${pkg.name} (${style})` });
		const manifest = path.join(nodesDir, 'package.json');
		const current = fs.existsSync(manifest) ? JSON.parse(fs.readFileSync(manifest, 'utf8')) : { name: 'installed-nodes', private: true, dependencies: {} };
		current.dependencies = { ...(current.dependencies || {}), [pkg.name]: pkg.version };
		fs.writeFileSync(manifest, JSON.stringify(current, null, 2));
	} else {
		const manifest = path.join(nodesDir, 'package.json');
		if (!fs.existsSync(manifest)) fs.writeFileSync(manifest, JSON.stringify({ name: 'installed-nodes', private: true }, null, 2));
		npm(['install', tarball], { cwd: nodesDir, env: { ...env, NODE_ENV: 'production' }, what: `installing ${pkg.name} (${style})` });
	}
	const installedPeers = ['n8n-workflow', 'n8n-core'].filter(
		(name) => fs.existsSync(path.join(nodesDir, 'node_modules', name)) || fs.existsSync(path.join(packageDir, 'node_modules', name)),
	);
	return { style, packageDir, seconds: (Date.now() - t0) / 1000, installedPeers };
}

module.exports = { installerStyle, packTarball, installLikeN8n };
