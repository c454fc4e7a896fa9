import { SkySlopeOffersOAuth2Api } from '../../credentials/SkySlopeOffersOAuth2Api.credentials';
import { startSandbox, type SandboxServer } from '../../sandbox';
import { OFFERS_CLIENT_ID, OFFERS_CLIENT_SECRET } from '../../sandbox/offers';
import { testCredential } from '../../harness/node';
import { createAdditionalData, makeCredentialsHelper } from '../../harness/node/context';
import { prepareEnvironment } from '../../harness/node/environment';

describe('SkySlope Offers OAuth2 API credential', () => {
	let sandbox: SandboxServer;
	beforeAll(async () => {
		sandbox = await startSandbox({ port: 0 });
	});
	afterAll(async () => sandbox.close());

	const data = (secret: string) => ({
		environment: 'custom',
		customBaseUrl: `${sandbox.baseUrl}/offers/offers-api/`,
		clientId: OFFERS_CLIENT_ID,
		clientSecret: secret,
	});

	it('is an OAuth2 client-credentials credential with Basic auth at {base}/ext/token', () => {
		const credential = new SkySlopeOffersOAuth2Api();
		expect(credential.extends).toEqual(['oAuth2Api']);
		const byName = Object.fromEntries(credential.properties.map((p) => [p.name, p]));
		expect(byName.grantType).toMatchObject({ type: 'hidden', default: 'clientCredentials' });
		expect(byName.authentication).toMatchObject({ type: 'hidden', default: 'header' });
		expect(byName.scope).toMatchObject({ type: 'hidden', default: '' });
		expect(byName.accessTokenUrl.type).toBe('hidden');
	});

	it.each([
		[{ environment: 'production' }, 'https://offers.skyslope.com/offers-api/ext/token'],
		[{ environment: 'staging' }, 'https://staging-offers.skyslope.com/offers-api/ext/token'],
		[{ environment: 'custom', customBaseUrl: 'https://proxy.example.com/offers-api/' }, 'https://proxy.example.com/offers-api/ext/token'],
	])('resolves the token URL for %j', async (environment, tokenUrl) => {
		prepareEnvironment();
		const helper = makeCredentialsHelper({ credentials: {} });
		const resolved = await helper.applyDefaults(
			createAdditionalData(helper),
			{ ...environment, clientId: 'id', clientSecret: 'secret' },
			'skySlopeOffersOAuth2Api',
			'manual',
		);
		expect(resolved).toMatchObject({ accessTokenUrl: tokenUrl, grantType: 'clientCredentials', authentication: 'header', scope: '' });
	});

	it('passes its test with the sandbox values: one token request, then the report', async () => {
		sandbox.clearLog();
		const result = await testCredential(SkySlopeOffersOAuth2Api, data(OFFERS_CLIENT_SECRET));
		expect(result.status).toBe('OK');
		const log = sandbox.requests('offers');
		expect(log.map((e) => `${e.method} ${e.path} ${e.status}`)).toEqual([
			'POST /offers-api/ext/token 200',
			'GET /offers-api/ext/report 200',
		]);
		expect(log[0].headers.authorization).toBe(
			`Basic ${Buffer.from(`${OFFERS_CLIENT_ID}:${OFFERS_CLIENT_SECRET}`).toString('base64')}`,
		);
		expect(log[0].body).toMatchObject({ grant_type: 'client_credentials' });
	});

	it('fails its test with a wrong secret', async () => {
		const result = await testCredential(SkySlopeOffersOAuth2Api, data('wrong'));
		expect(result.status).toBe('Error');
	});
});
