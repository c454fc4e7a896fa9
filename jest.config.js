// The unit tests run outside UTC (west of it, where a date-time read as local time moves hours
// ahead), as many self-hosted n8n instances do; `TZ=... npx jest` picks another zone.
process.env.TZ = process.env.TZ || 'America/Los_Angeles';

/** @type {import('jest').Config} */
module.exports = {
	testEnvironment: 'node',
	roots: ['<rootDir>/test'],
	testMatch: ['**/*.test.ts'],
	transform: {
		'^.+\\.ts$': ['ts-jest', { tsconfig: 'tsconfig.dev.json' }],
	},
	testPathIgnorePatterns: ['/node_modules/', '/test/e2e/', '/test/browser/'],
	testTimeout: 30000,
	// Most unit tests wait on the loopback sandbox rather than compute: one worker per core (jest's
	// default leaves one core idle) halves the run on a 2-core machine.
	maxWorkers: '100%',
};
