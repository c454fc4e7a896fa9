// harness/README.md's example, kept runnable (with import paths as seen from a folder of test/).
import { startSandbox, type SandboxServer } from '../../sandbox';
import { OFFERS_CLIENT_ID, OFFERS_CLIENT_SECRET, type OffersState } from '../../sandbox/offers';
import { SkySlope } from '../../nodes/SkySlope/SkySlope.node';
import { runNode } from '../../harness/node';

let sandbox: SandboxServer;
beforeAll(async () => (sandbox = await startSandbox({ port: 0 })));
afterAll(async () => await sandbox.close());

it('gets one offer', async () => {
	const [offer] = sandbox.service<OffersState>('offers').state.offers.values();
	const customBaseUrl = `${sandbox.baseUrl}/offers/offers-api`;
	const { output, error, credentials } = await runNode({
		node: SkySlope,
		parameters: { resource: 'offer', operation: 'get', offerId: offer.OfferId },
		credentials: { skySlopeOffersOAuth2Api: { environment: 'custom', customBaseUrl, clientId: OFFERS_CLIENT_ID, clientSecret: OFFERS_CLIENT_SECRET } },
	});
	expect(error).toBeUndefined();
	expect(output[0][0].pairedItem).toEqual({ item: 0 });
	expect(credentials.skySlopeOffersOAuth2Api.oauthTokenData).toBeDefined(); // the token n8n stores
});
