/** Builds dist/ when it is missing or older than the sources, as the e2e suite's global setup does. */
import { spawnSync } from 'child_process';
import * as path from 'path';

const { staleReason } = require('../../test/e2e/globalSetup');

export function globalSetupBuild(): void {
	const reason = staleReason();
	if (!reason) return;
	process.stderr.write(`[bench] building the package (${reason}): npm run build\n`);
	const result = spawnSync('npm', ['run', 'build'], { cwd: path.resolve(__dirname, '..', '..'), encoding: 'utf8' });
	if (result.status !== 0) throw new Error(`npm run build failed (exit code ${result.status})\n${result.stdout}\n${result.stderr}`);
}
