/**
 * The editor tests: the packed package inside a real n8n (the same host as the end-to-end tests),
 * driven in headless Chromium from Debian's packages through playwright-core. See test/browser/README.md.
 * @type {import('jest').Config}
 */
module.exports = {
	rootDir: '../..',
	testEnvironment: 'node',
	// Each fetch on a connection of its own: harness/fresh-connections.ts says why.
	setupFiles: ['<rootDir>/harness/fresh-connections.ts'],
	roots: ['<rootDir>/test/browser'],
	testMatch: ['**/*.test.ts'],
	transform: {
		'^.+\\.ts$': ['ts-jest', { tsconfig: 'tsconfig.dev.json' }],
	},
	globalSetup: '<rootDir>/test/browser/global-setup.ts',
	globalTeardown: '<rootDir>/harness/n8n/global-teardown.ts',
	maxWorkers: 1,
	testTimeout: 600000,
	slowTestThreshold: 60,
};
