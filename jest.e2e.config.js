/**
 * End-to-end tests in a real n8n (test/e2e/README.md): `npm run test:e2e`. The global setup builds the package
 * when dist/ is stale and installs the n8n runtime on first use (~2–4 min, progress on stderr). Test files share
 * nothing but the runtime; each starts its own emulator (in-process) and n8n (child processes, 127.0.0.1).
 */
module.exports = {
	testEnvironment: 'node',
	roots: ['<rootDir>/test'],
	testMatch: ['<rootDir>/test/e2e/**/*.e2e.test.ts'],
	testPathIgnorePatterns: ['/node_modules/'],
	transform: {
		'^.+\\.ts$': ['ts-jest', { tsconfig: { isolatedModules: true, module: 'commonjs', target: 'es2021', esModuleInterop: true, resolveJsonModule: true }, diagnostics: false }],
	},
	globalSetup: '<rootDir>/test/e2e/globalSetup.js',
	globalTeardown: '<rootDir>/test/e2e/globalTeardown.js',
	// n8n runs as child processes: one test file at a time keeps the machine's CPU for them
	maxWorkers: 1,
	testTimeout: 180000,
	slowTestThreshold: 60,
};
