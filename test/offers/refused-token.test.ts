// A 401 that survives a fresh token is final: the Offers API refuses the client itself (its access
// was revoked while the token endpoint still issues tokens). The item fails with the service's
// words after one renewal, and the token endpoint is not asked again for a retry. (Requests in
// flight together still go again up to twice: one of their refreshes may have replaced the token.)
import { SkySlope } from '../../nodes/SkySlope/SkySlope.node';
import { startSandbox, type SandboxServer } from '../../sandbox';
import { runNode } from '../../harness/node';
import { offersCredentials } from './setup';

let sandbox: SandboxServer;
beforeAll(async () => {
	sandbox = await startSandbox({ port: 0 });
});
afterAll(async () => sandbox.close());

describe('Offers: a token refused after its renewal', () => {
	it.each([1])('%i item: fails with the service words after one renewal, no resend, no token asked again', async (count) => {
		sandbox.clearLog();
		// Every API request refused with 401; the token endpoint (its own path) keeps issuing.
		sandbox.setFaults([{ service: 'offers', path: '/ext/offer/', errorRate: 1, errorStatus: 401 }]);
		try {
			const result = await runNode({
				node: SkySlope,
				credentials: offersCredentials(sandbox),
				parameters: { resource: 'offer', operation: 'get', offerId: '={{ $json.id }}' },
				input: Array.from({ length: count }, (_, i) => ({ json: { id: `offer-${i}` } })),
				continueOnFail: true,
			});
			const items = result.output[0] ?? [];
			expect(items).toHaveLength(count);
			for (const item of items) expect(String(item.json.error)).toMatch(/refused the credential/);
			const tokens = sandbox.requests('offers', 'POST', /\/ext\/token$/);
			const calls = sandbox.requests('offers', 'GET', /\/ext\/offer\//);
			// The first token, then one renewal by n8n; the call sent with each, and no resend after.
			expect(tokens).toHaveLength(2);
			expect(calls).toHaveLength(2);
		} finally {
			sandbox.setFaults([]);
		}
	});
});
