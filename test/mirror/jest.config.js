/**
 * The mirror suite (`npm run test:mirror`): the example workflows of examples/mirror/ in a real
 * n8n with a real Postgres (installed from Debian like the queue suite's), against the sandbox,
 * once as the documents say and once as the live service answers; the two files run side by side,
 * each with its own n8n, sandbox and database. See docs/MIRROR.md.
 * @type {import('jest').Config}
 */
module.exports = {
	rootDir: '../..',
	testEnvironment: 'node',
	// Each fetch on a connection of its own: harness/fresh-connections.ts says why.
	setupFiles: ['<rootDir>/harness/fresh-connections.ts'],
	roots: ['<rootDir>/test/mirror'],
	testMatch: ['**/*.mirror.ts'],
	globalSetup: '<rootDir>/test/mirror/global-setup.ts',
	transform: {
		'^.+\\.ts$': ['ts-jest', { tsconfig: 'tsconfig.dev.json' }],
	},
	maxWorkers: 2,
	testTimeout: 900000,
	slowTestThreshold: 120,
};
