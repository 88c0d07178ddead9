import { existsSync, readdirSync, readFileSync } from 'fs';
import { join } from 'path';
import { ROOT } from '../harness/npmScript.cjs';

/**
 * Every `npm run <script>` the README and docs/ name is run where its breaking fails something: by a test, or by the
 * runner or CI step that runs it (`npm test` is scripts/test.js, CI is .ci/run). Each entry names the file and the
 * text there that runs the script; a command newly documented without an entry fails here, named.
 */
const RUN_BY: Record<string, Array<[file: string, runs: string]>> = {
	bench: [
		['test/bench/smoke.test.cts', "runScript('bench', ['--smoke']"],
		['test/e2e/bench.e2e.test.cts', "smoke(['--real', '--smoke']"],
		['test/e2e/bench.e2e.test.cts', "smoke(['--real', '--download', '--smoke']"],
	],
	build: [['test/e2e/globalSetup.js', "spawnSync('npm', ['run', 'build']"]],
	demo: [
		['test/e2e/demo.e2e.test.cts', "startScript('demo')"],
		['test/e2e/demo.e2e.test.cts', "runScript('demo', ['--headless']"],
		['test/e2e/queue/demo.e2e.test.cts', "runScript('demo', ['--queue', '--headless']"],
	],
	dev: [['test/e2e/dev.e2e.test.cts', "startScript('dev', [], copy)"]],
	docs: [['test/scripts/commands.test.cts', "['docs', ['--check']"]],
	'e2e:chromium': [['.ci/run', 'npm run e2e:chromium']],
	'e2e:matrix': [['.ci/run', 'npm run e2e:matrix']],
	'e2e:runtime': [['.ci/run', 'npm run e2e:runtime']],
	'e2e:services': [['.ci/run', 'npm run e2e:services']],
	emulator: [['test/scripts/commands.test.cts', "startScript('emulator'"]],
	lint: [['.ci/run', 'npm run lint']],
	schemas: [['test/scripts/commands.test.cts', "['schemas', ['--check', '--only'"]],
	test: [['.ci/run', 'npm test']],
	'test:browser': [['scripts/test.js', "['--selectProjects', 'browser']"]],
	'test:e2e': [['scripts/test.js', "['--selectProjects', 'e2e'"]],
	'test:matrix': [['scripts/test.js', "['--selectProjects', 'matrix']"]],
	'test:queue': [['scripts/test.js', "['--selectProjects', 'queue']"]],
	'test:unit': [['scripts/test.js', "'jest.config.js', 'unit'"]],
	typecheck: [['test/scripts/commands.test.cts', "runScript('typecheck'"]],
};

/** Documented commands no test runs yet, each with why (test/e2e/README.md's suite notes say more). */
const NOT_RUN: Record<string, string> = {};

const documents = ['README.md', ...readdirSync(join(ROOT, 'docs')).filter((name) => name.endsWith('.md')).map((name) => join('docs', name))];
const scripts = (JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts;

describe('the commands the README and docs/ name', () => {
	const named = [...new Set(documents.flatMap((document) => [...readFileSync(join(ROOT, document), 'utf8').matchAll(/npm run ([a-z][\w:-]*)/g)].map((match) => match[1])))].sort();

	it('are package.json scripts, each run by a test or by the runner that runs the tests', () => {
		expect(named.filter((name) => !Object.prototype.hasOwnProperty.call(scripts, name))).toEqual([]);
		expect(named.filter((name) => !RUN_BY[name] && !NOT_RUN[name])).toEqual([]);
	});

	it.each(Object.entries(RUN_BY).flatMap(([script, runs]) => runs.map(([file, text]) => [script, file, text])))('npm run %s is run by %s', (script, file, text) => {
		expect(Object.prototype.hasOwnProperty.call(scripts, script)).toBe(true);
		expect(existsSync(join(ROOT, file))).toBe(true);
		expect(readFileSync(join(ROOT, file), 'utf8')).toContain(text);
	});
});
