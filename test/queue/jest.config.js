/**
 * The queue-mode test (`npm run test:queue`): n8n in queue mode (Postgres, Redis, main, two
 * workers, a webhook processor) with the packed package, against the sandbox. One file; its
 * beforeAll starts everything (scripts/lib/queue-host.ts). See docs/SCALING.md.
 * @type {import('jest').Config}
 */
module.exports = {
	rootDir: '../..',
	testEnvironment: 'node',
	// Each fetch on a connection of its own: harness/fresh-connections.ts says why.
	setupFiles: ['<rootDir>/harness/fresh-connections.ts'],
	roots: ['<rootDir>/test/queue'],
	testMatch: ['**/*.queue.ts'],
	transform: {
		'^.+\\.ts$': ['ts-jest', { tsconfig: 'tsconfig.dev.json' }],
	},
	maxWorkers: 1,
	testTimeout: 300000,
	slowTestThreshold: 60,
};
