/**
 * ESLint for the code that is not shipped: tests (test/), benchmarks (bench/), scripts (scripts/) and the root's
 * JavaScript files. It runs under Node with Node's APIs (files, processes, timers), which n8n's default config
 * (eslint.config.mjs, for nodes/ and credentials/) rightly forbids in a community node. `npm run lint` runs it as
 * `eslint --config eslint.tooling.config.mjs`; docs/development.md says why there are two configs.
 *
 * typescript-eslint is taken from @n8n/node-cli, so both configs parse and check TypeScript with the same version.
 */
import js from '@eslint/js';
import { createRequire } from 'node:module';

const tseslint = createRequire(createRequire(import.meta.url).resolve('@n8n/node-cli/eslint'))('typescript-eslint');

// The globals of the Node.js that runs the lint, plus CommonJS's module-scoped names.
const nodeGlobals = Object.fromEntries(
	[...Object.getOwnPropertyNames(globalThis), '__dirname', '__filename'].map((name) => [name, 'readonly']),
);
const jestGlobals = Object.fromEntries(
	['afterAll', 'afterEach', 'beforeAll', 'beforeEach', 'describe', 'expect', 'it', 'jest', 'test'].map((name) => [
		name,
		'readonly',
	]),
);

// `_name` marks what is deliberately unused (a callback's leading parameters, a field left out by a rest pattern).
const unusedVars = ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', ignoreRestSiblings: true }];
// a server's handler may name the object that is built, with that server, after it
const preferConst = ['error', { ignoreReadBeforeAssign: true }];

export default tseslint.config(
	{ ignores: ['dist/', 'coverage/', '.e2e/', '.n8n-runtime/', 'bench/profiles/'] },
	{
		files: ['test/**/*.cts', 'bench/**/*.cts', 'scripts/**/*.cts'],
		extends: [js.configs.recommended, tseslint.configs.recommended],
		languageOptions: { globals: { ...nodeGlobals, ...jestGlobals } },
		rules: {
			// tests read untyped JSON from the emulator and from n8n, and load JSON, YAML and optional modules lazily
			'@typescript-eslint/no-explicit-any': 'off',
			'@typescript-eslint/no-require-imports': 'off',
			'@typescript-eslint/no-unused-vars': unusedVars,
			'prefer-const': preferConst,
		},
	},
	{
		files: ['test/**/*.js', 'bench/**/*.js', 'scripts/**/*.js', '*.js'],
		extends: [js.configs.recommended],
		languageOptions: { sourceType: 'commonjs', globals: { ...nodeGlobals, ...jestGlobals } },
		rules: { 'no-unused-vars': unusedVars, 'prefer-const': preferConst },
	},
);
