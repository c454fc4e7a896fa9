/**
 * The end-to-end smoke set on the n8n 1.x line (n8n 1.123.x, Node 22), installed by the project's
 * own script into its own cache folder: each credential's connect and renewal, one read and one
 * write per node, a dropped connection, and each trigger firing once. The whole suite runs on 2.x
 * (test/e2e/jest.config.js); test/e2e-1x/README.md says what this set covers and what 1.x cannot do.
 * @type {import('jest').Config}
 */
module.exports = {
	rootDir: '../..',
	testEnvironment: 'node',
	// Each fetch on a connection of its own: harness/fresh-connections.ts says why.
	setupFiles: ['<rootDir>/harness/fresh-connections.ts'],
	roots: ['<rootDir>/test/e2e-1x'],
	// Not *.test.ts: the unit run (jest.config.js) must not pick these up.
	testMatch: ['**/*.e2e.ts'],
	transform: {
		'^.+\\.ts$': ['ts-jest', { tsconfig: 'tsconfig.dev.json' }],
	},
	globalSetup: '<rootDir>/test/e2e-1x/global-setup.ts',
	globalTeardown: '<rootDir>/harness/n8n/global-teardown.ts',
	maxWorkers: 1,
	testTimeout: 120000,
	slowTestThreshold: 30,
};
