// The per-account gate (nodes/SkySlope/shared/transport/gate.ts) on its own, where a test needs
// to hold the clock: what the service's answers and 429s do to it is in concurrency.test.ts.
import { sleep } from 'n8n-workflow';

import { acquire, gateOf, holdUntil } from '../../nodes/SkySlope/shared/transport/gate';
import type { ServiceSpec } from '../../nodes/SkySlope/shared/transport/types';

const service: ServiceSpec = {
	label: 'Gate Test',
	credentialType: 'gateTestApi',
	baseUrl: () => 'http://gate.test',
	rateKey: () => 'account',
	concurrency: 2,
	readError: () => ({}),
};
afterEach(() => jest.restoreAllMocks());

describe('a request waiting for a window that opens', () => {
	it('is let go when its hold ends between two readings of the clock, not left waiting with no wake-up (a lone request after header-less 429s hung so in 2 runs of 12 of concurrency.test.ts)', async () => {
		const gate = gateOf('gate test: a hold ending between readings', service);
		gate.cold = false;
		// A 429's hold ends at a fraction of a millisecond (its back-off is drawn at random), and the
		// clock moves on by one at each reading: the first says the window is still spent, the next
		// that it has opened.
		let now = Date.now();
		holdUntil(gate, now + 0.5, false);
		jest.spyOn(Date, 'now').mockImplementation(() => now++);
		const outcome = await Promise.race([acquire(gate).then(() => 'let go'), sleep(1_000).then(() => 'still waiting after 1 s')]);
		expect(outcome).toBe('let go');
		expect(gate.inFlight).toBe(1);
	});
});
