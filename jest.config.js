/** Unit and integration tests. ts-jest only transpiles; `npm run typecheck` (tsc) checks the types. */
module.exports = {
	testEnvironment: 'node',
	roots: ['<rootDir>/test'],
	testMatch: ['**/*.test.ts'],
	testPathIgnorePatterns: ['/node_modules/', '/test/e2e/'],
	transform: {
		'^.+\\.ts$': ['ts-jest', { tsconfig: { isolatedModules: true, module: 'commonjs', target: 'es2021', esModuleInterop: true, resolveJsonModule: true }, diagnostics: false }],
	},
	setupFiles: ['<rootDir>/test/harness/quietLogs.js'],
	testTimeout: 60000,
};
