/**
 * End-to-end tests in a real n8n (test/e2e/README.md): `npm run test:e2e`. Four projects, one test file at a time:
 * - e2e: test/e2e/*.e2e.test.cts, each file with its own emulator (in-process) and n8n (child processes, 127.0.0.1);
 * - matrix: test/e2e/matrix/*.matrix.test.cts, the package installed as each n8n version's installer does and run
 *   there (test/e2e/matrix/README.md); `--selectProjects matrix`.
 * - queue: test/e2e/queue/*.e2e.test.cts, n8n in queue mode (main, two workers, a webhook process) on private
 *   Redis and PostgreSQL servers (installed from Debian's packages when missing); `--selectProjects queue`;
 * - browser: test/e2e/browser/*.browser.test.cts, n8n's editor in Debian's Chromium (installed when missing) driven
 *   by puppeteer-core, against n8n and the emulator as in e2e; `--selectProjects browser`.
 * The global setups build the package when dist/ is stale and install the n8n runtime on first use (~2–4 min,
 * progress on stderr); the queue project's also installs Redis and PostgreSQL when missing, the browser project's
 * Chromium.
 */
const common = {
	testEnvironment: 'node',
	roots: ['<rootDir>/test'],
	// tests are CommonJS TypeScript (.cts); they import the node's TypeScript (.ts)
	transform: {
		'^.+\\.c?ts$': ['ts-jest', { tsconfig: { isolatedModules: true, module: 'commonjs', target: 'es2021', esModuleInterop: true, resolveJsonModule: true }, diagnostics: false }],
	},
	moduleFileExtensions: ['js', 'cts', 'ts', 'json', 'node'],
	resolver: '<rootDir>/test/harness/resolveCts.js',
	slowTestThreshold: 60,
};

module.exports = {
	projects: [
		{
			...common,
			displayName: 'e2e',
			testMatch: ['<rootDir>/test/e2e/**/*.e2e.test.cts'],
			testPathIgnorePatterns: ['/node_modules/', '<rootDir>/test/e2e/queue/', '<rootDir>/test/e2e/matrix/'],
			globalSetup: '<rootDir>/test/e2e/globalSetup.js',
			globalTeardown: '<rootDir>/test/e2e/globalTeardown.js',
		},
		{
			...common,
			displayName: 'matrix',
			testMatch: ['<rootDir>/test/e2e/matrix/**/*.matrix.test.cts'],
			testPathIgnorePatterns: ['/node_modules/'],
			globalSetup: '<rootDir>/test/e2e/matrix/globalSetup.js',
			globalTeardown: '<rootDir>/test/e2e/globalTeardown.js',
		},
		{
			...common,
			displayName: 'queue',
			testMatch: ['<rootDir>/test/e2e/queue/**/*.e2e.test.cts'],
			testPathIgnorePatterns: ['/node_modules/'],
			globalSetup: '<rootDir>/test/e2e/queue/globalSetup.js',
			globalTeardown: '<rootDir>/test/e2e/queue/globalTeardown.js',
		},
		{
			...common,
			displayName: 'browser',
			testMatch: ['<rootDir>/test/e2e/browser/**/*.browser.test.cts'],
			testPathIgnorePatterns: ['/node_modules/'],
			globalSetup: '<rootDir>/test/e2e/browser/globalSetup.js',
			globalTeardown: '<rootDir>/test/e2e/globalTeardown.js',
		},
	],
	// n8n runs as child processes: one test file at a time keeps the machine's CPU for them (npm test runs the e2e
	// project two files at a time: scripts/test.js)
	maxWorkers: 1,
	testTimeout: 180000,
};
