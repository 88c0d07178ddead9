/** Unit and integration tests. ts-jest only transpiles; `npm run typecheck` (tsc) checks the types. */
module.exports = {
	testEnvironment: 'node',
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
