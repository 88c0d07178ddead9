/**
 * Lets the README's two commands work on a fresh clone: when the project's dev dependencies are not installed
 * yet, install them exactly as locked (npm ci) before going on.
 */
const { execFileSync } = require('child_process');
const fs = require('fs');
const path = require('path');

function ensureDependencies() {
	const root = path.resolve(__dirname, '..');
	if (fs.existsSync(path.join(root, 'node_modules', '.package-lock.json'))) return;
	console.log('[setup] installing the development dependencies (npm ci, first run only)…');
	execFileSync('npm', ['ci', '--no-audit', '--no-fund'], { cwd: root, stdio: 'inherit' });
}

module.exports = { ensureDependencies };
