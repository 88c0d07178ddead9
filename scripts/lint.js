#!/usr/bin/env node
/**
 * npm run lint: the checks n8n applies to community packages, offline.
 * 1. ESLint with eslint-plugin-n8n-nodes-base and @n8n/eslint-plugin-community-nodes (eslint.config.mjs).
 * 2. No eslint-disable comments in nodes/ or credentials/ (n8n's scanner ignores them).
 * 3. n8n's community-package scanner (its analyzePackage) over the source and over the packed tarball, as
 *    `npx @n8n/scan-community-package` does for a published package.
 */
const { execFileSync } = require('child_process');
const fs = require('fs');
const os = require('os');
const path = require('path');

const root = path.resolve(__dirname, '..');
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
	step('ESLint (n8n-nodes-base + community-nodes rules)');
	run(process.execPath, [path.join(root, 'node_modules', 'eslint', 'bin', 'eslint.js'), '--max-warnings', '0', 'nodes', 'credentials', 'package.json']);

	step('No eslint-disable comments');
	const disabled = ['nodes', 'credentials']
		.flatMap((dir) => filesUnder(path.join(root, dir)))
		.filter((file) => /eslint-disable/.test(fs.readFileSync(file, 'utf8')));
	if (disabled.length > 0) throw new Error(`eslint-disable comments in: ${disabled.join(', ')}`);

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
