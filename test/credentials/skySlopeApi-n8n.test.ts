// The SkySlope API credential inside n8n-core: credential test, session kept, renewed after a 403,
// and renewed ahead of expiry through the 401 its authenticate provokes.
import type { ICredentialDataDecryptedObject, IDataObject, IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';
import { NodeApiError } from 'n8n-workflow';

import { SkySlopeApi } from '../../credentials/SkySlopeApi.credentials';
import { startSandbox, type SandboxServer } from '../../sandbox';
import { demoCredentials } from '../../sandbox/listings';
import { runNode, testCredential } from '../../harness/node';
import { testNode } from '../../harness/node/test-node';

/** GET /api/subscribers with the SkySlope API credential. */
const SubscribersProbe = testNode({
	displayName: 'Subscribers Probe',
	credentials: [{ name: 'skySlopeApi', required: true }],
	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		const credentials = await this.getCredentials('skySlopeApi');
		const response = (await this.helpers.httpRequestWithAuthentication.call(
			this,
			'skySlopeApi',
			{ method: 'GET', url: `${String(credentials.customBaseUrl)}/api/subscribers`, json: true },
			{ preAuthenticationRetryStatusCode: [401, 403] },
		)) as IDataObject;
		if (!response?.value) throw new NodeApiError(this.getNode(), { message: 'no value' });
		return [[{ json: response.value as IDataObject, pairedItem: { item: 0 } }]];
	},
});

describe('SkySlope API credential in n8n-core', () => {
	let sandbox: SandboxServer;
	let creds: ICredentialDataDecryptedObject;
	beforeEach(async () => {
		sandbox = await startSandbox({ port: 0 });
		creds = demoCredentials(sandbox.baseUrl);
	});
	afterEach(async () => sandbox.close());

	const logins = () => sandbox.requests('listings', 'POST', /^\/auth\/login$/).length;
	const run = (credentials: ICredentialDataDecryptedObject) =>
		runNode({ node: SubscribersProbe, credentialTypes: [SkySlopeApi], credentials: { skySlopeApi: credentials } });

	it('the credential test logs in and reads the subscribers', async () => {
		const result = await testCredential(SkySlopeApi, creds);
		expect(result).toMatchObject({ status: 'OK', message: 'Connection successful!' });
		expect(typeof result.credentials.skySlopeApi.sessionToken).toBe('string');
		const wrong = await testCredential(SkySlopeApi, { ...creds, accessSecret: 'wrong' });
		expect(wrong.status).toBe('Error');
	});

	it('logs in once, reuses the session, and renews it after the service answers 403', async () => {
		const first = await run(creds);
		expect(first.error).toBeUndefined();
		expect(first.output[0][0].json.isMultiOffice).toBe(true);
		expect(logins()).toBe(1);

		const second = await run(first.credentials.skySlopeApi);
		expect(second.error).toBeUndefined();
		expect(logins()).toBe(1);

		sandbox.expireAuth('listings');
		sandbox.clearLog();
		const third = await run(second.credentials.skySlopeApi);
		expect(third.error).toBeUndefined();
		expect(sandbox.requests('listings').map((e) => `${e.method} ${e.path} ${e.status}`)).toEqual([
			'GET /api/subscribers 403',
			'POST /auth/login 200',
			'GET /api/subscribers 200',
		]);
		expect(third.credentials.skySlopeApi.sessionToken).not.toBe(first.credentials.skySlopeApi.sessionToken);
	});

	it('renews ahead of expiry: past sessionRenewAt the Session header is left out, the 401 triggers a login', async () => {
		const first = await run(creds);
		const stored = { ...first.credentials.skySlopeApi, sessionRenewAt: new Date(Date.now() - 1000).toISOString() };
		sandbox.clearLog();
		const second = await run(stored);
		expect(second.error).toBeUndefined();
		const log = sandbox.requests('listings');
		expect(log.map((e) => `${e.method} ${e.path} ${e.status}`)).toEqual([
			'GET /api/subscribers 401',
			'POST /auth/login 200',
			'GET /api/subscribers 200',
		]);
		expect(log[0].headers.session).toBeUndefined();
		expect(Date.parse(String(second.credentials.skySlopeApi.sessionRenewAt))).toBeGreaterThan(Date.now());
	});
});
