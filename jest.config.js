/** Unit and integration tests. ts-jest only transpiles; `npm run typecheck` (tsc) checks the types. */
const os = require('os');

module.exports = {
	testEnvironment: 'node',
	// jest's default is one worker fewer than the cores: on CI's 2 cores that is one process for the whole suite. The
	// tests wait about half their time (names.test.cts in band: 61 s, 30 s of it CPU) on the emulator's job delays,
	// the node's polls and n8n's timers, so a third worker fills those waits: 389 s for the suite against 443-483 s
	// with two on this 2-core machine. The tests wait on conditions, not on time, so they hold under the extra load.
	// Bigger machines keep the default.
	maxWorkers: Math.max(3, (os.availableParallelism?.() ?? os.cpus().length) - 1),
	roots: ['<rootDir>/test'],
	testMatch: ['**/*.test.cts'],
	testPathIgnorePatterns: ['/node_modules/', '/test/e2e/'],
	// tests are CommonJS TypeScript (.cts); they import the node's TypeScript (.ts)
	transform: {
		'^.+\\.c?ts$': ['ts-jest', { tsconfig: { isolatedModules: true, module: 'commonjs', target: 'es2021', esModuleInterop: true, resolveJsonModule: true }, diagnostics: false }],
	},
	moduleFileExtensions: ['js', 'cts', 'ts', 'json', 'node'],
	resolver: '<rootDir>/test/harness/resolveCts.js',
	setupFiles: ['<rootDir>/test/harness/quietLogs.js'],
	// fails a test file after which Object.prototype, Array.prototype or another built-in prototype has changed
	setupFilesAfterEnv: ['<rootDir>/test/harness/prototypeGuard.js'],
	testTimeout: 60000,
};
