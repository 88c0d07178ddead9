#!/usr/bin/env node
/**
 * npm run lint: the checks n8n applies to community packages, offline.
 * 1. `n8n-node lint` (@n8n/node-cli, the linter n8n asks verified community nodes to pass) in strict mode at the
 *    repository root, as a reviewer runs it: n8n's default eslint.config.mjs (unmodified, which strict mode checks)
 *    on every `.ts` file, which is the shipped code (nodes/, credentials/), and on package.json. Tests, benchmarks
 *    and scripts are CommonJS TypeScript (`.cts`): they use what shipped code must not (fs, process, require), and
 *    n8n's config, written for `.ts`, leaves them to step 2.
 * 2. ESLint with eslint.tooling.config.mjs on what is not shipped: test/, bench/, scripts/ and the root's .js files,
 *    which run under Node with its APIs (docs/development.md: why there are two configs).
 * 3. No eslint-disable comments anywhere in the source (n8n's scanner ignores them in shipped code).
 * 4. Every registry package in the lockfiles has its tarball URL (scripts/lockfileResolved.js: without one, npm fetches
 *    the package's registry document first).
 * 5. n8n's community-package scanner (its analyzePackage) over the source and over the packed tarball, as
 *    `npx @n8n/scan-community-package` does for a published package.
 */
const { execFileSync } = require('child_process');
const fs = require('fs');
const os = require('os');
const path = require('path');

const root = path.resolve(__dirname, '..');
/** What eslint.tooling.config.mjs lints: everything that is not shipped. */
const TOOLING_PATHS = ['test', 'bench', 'scripts', '*.js'];
const run = (command, args, options = {}) =>
	execFileSync(command, args, { cwd: root, stdio: 'inherit', ...options });

function step(title) {
	console.log(`\n[lint] ${title}`);
}

function filesUnder(dir) {
	return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
		const full = path.join(dir, entry.name);
		return entry.isDirectory() ? filesUnder(full) : [full];
	});
}

async function main() {
	step("n8n-node lint, strict mode, at the repository root (n8n's default eslint.config.mjs)");
	try {
		const out = execFileSync(process.execPath, [path.join(root, 'node_modules', '@n8n', 'node-cli', 'bin', 'n8n-node.mjs'), 'lint'], {
			cwd: root,
			env: { ...process.env, FORCE_COLOR: '0' },
			encoding: 'utf8',
			stdio: ['ignore', 'pipe', 'inherit'],
		});
		process.stdout.write(out);
		// n8n-node lint exits 0 on warnings: n8n's verification counts them, so this does too
		if (/\d+ problems? \(\d+ errors?, [1-9]\d* warnings?\)|\bwarning\b/.test(out)) throw new Error('n8n-node lint reported warnings');
	} catch (error) {
		if (error.stdout) process.stdout.write(error.stdout);
		throw error.stdout ? new Error('n8n-node lint found problems (above)') : error;
	}

	step('ESLint on tests, benchmarks and scripts (eslint.tooling.config.mjs)');
	run(process.execPath, [
		path.join(root, 'node_modules', 'eslint', 'bin', 'eslint.js'),
		'--config',
		'eslint.tooling.config.mjs',
		'--max-warnings',
		'0',
		...TOOLING_PATHS,
	]);
	console.log('  no problems');

	step('No eslint-disable comments; no .ts outside the shipped code');
	const notShipped = ['test', 'bench', 'scripts'].flatMap((dir) => filesUnder(path.join(root, dir)));
	const disabled = ['nodes', 'credentials']
		.flatMap((dir) => filesUnder(path.join(root, dir)))
		.concat(notShipped)
		.concat(fs.readdirSync(root).filter((name) => /\.[cm]?js$/.test(name)).map((name) => path.join(root, name)))
		.filter((file) => file !== __filename && /\.[cm]?[jt]s$/.test(file))
		.filter((file) => /eslint-disable/.test(fs.readFileSync(file, 'utf8')));
	if (disabled.length > 0) throw new Error(`eslint-disable comments in: ${disabled.join(', ')}`);
	// n8n's config applies its community-node rules to every .ts file: what is not shipped is .cts
	const notShippedTs = notShipped.filter((file) => file.endsWith('.ts'));
	if (notShippedTs.length > 0) throw new Error(`TypeScript in test/, bench/ or scripts/ is written as .cts (docs/development.md): rename ${notShippedTs.join(', ')}`);

	step('Lockfiles name each tarball (scripts/lockfileResolved.js --check)');
	run(process.execPath, [path.join(root, 'scripts', 'lockfileResolved.js'), '--check']);
	console.log('  every registry package has its resolved URL');

	step('Build and pack');
	run('npm', ['run', '--silent', 'build']);
	const packDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lp-pack-'));
	const tarball = execFileSync('npm', ['pack', '--silent', '--pack-destination', packDir], { cwd: root })
		.toString()
		.trim()
		.split('\n')
		.pop();
	run('tar', ['-xzf', path.join(packDir, tarball), '-C', packDir]);

	step("n8n's community-package scan (source and tarball)");
	const scanner = await import(
		require.resolve('@n8n/scan-community-package/scanner/scanner.mjs', { paths: [root] })
	);
	const results = [
		['source', await scanner.analyzePackage(root, scanner.SOURCE_FILE_PATTERNS)],
		['tarball', await scanner.analyzePackage(path.join(packDir, 'package'), ['**/*.js', 'package.json'])],
	];
	fs.rmSync(packDir, { recursive: true, force: true });
	let failed = false;
	for (const [what, result] of results) {
		console.log(`  ${what}: ${result.passed ? 'passed' : `FAILED — ${result.message}`}`);
		if (!result.passed) {
			failed = true;
			if (result.details) console.log(result.details);
		}
	}
	if (failed) throw new Error('the community-package scan found problems');
	console.log('\n[lint] all checks passed');
}

main().catch((error) => {
	console.error(`\n[lint] ${error.message}`);
	process.exit(1);
});
