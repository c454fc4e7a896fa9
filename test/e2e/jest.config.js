/**
 * End-to-end tests: the packed package inside a real n8n (installed once into a cache folder
 * outside the repository), against the sandbox. One n8n and one sandbox serve the whole suite,
 * and tests run one at a time because they share the sandbox's request log. See test/e2e/README.md.
 * @type {import('jest').Config}
 */
module.exports = {
	rootDir: '../..',
	testEnvironment: 'node',
	// Each fetch on a connection of its own: harness/fresh-connections.ts says why.
	setupFiles: ['<rootDir>/harness/fresh-connections.ts'],
	roots: ['<rootDir>/test/e2e'],
	testMatch: ['**/*.test.ts'],
	transform: {
		'^.+\\.ts$': ['ts-jest', { tsconfig: 'tsconfig.dev.json' }],
	},
	globalSetup: '<rootDir>/harness/n8n/global-setup.ts',
	globalTeardown: '<rootDir>/harness/n8n/global-teardown.ts',
	maxWorkers: 1,
	testTimeout: 120000,
	slowTestThreshold: 30,
};
