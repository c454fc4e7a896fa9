import type {
	ICredentialDataDecryptedObject,
	IDataObject,
	IExecuteFunctions,
	INodeExecutionData,
} from 'n8n-workflow';

import { SkySlopeApi } from '../../credentials/SkySlopeApi.credentials';
import { SkySlopeFormsOAuth2Api } from '../../credentials/SkySlopeFormsOAuth2Api.credentials';
import { SkySlopeOffersOAuth2Api } from '../../credentials/SkySlopeOffersOAuth2Api.credentials';
import { startSandbox, type SandboxServer } from '../../sandbox';
import { SANDBOX_CLIENT_ID, SANDBOX_CLIENT_SECRET } from '../../sandbox/forms';
import { obtainFormsToken, runNode, testCredential } from '../../harness/node';
import { testCredentialType, testNode } from '../../harness/node/test-node';
import { demoCredentials } from '../../sandbox/listings';
import { offersCredentials } from '../offers/setup';

/** A throwaway PKCE credential shaped like the Forms one: oAuth2Api with grantType pkce. */
const PkceApi = testCredentialType(
	'pkceApi',
	[
		{ displayName: 'Grant Type', name: 'grantType', type: 'hidden', default: 'pkce' },
		{ displayName: 'Base URL', name: 'baseUrl', type: 'string', default: '' },
		{ displayName: 'API Base URL', name: 'apiBaseUrl', type: 'hidden', default: '={{$self["baseUrl"]}}/partner/api' },
		{ displayName: 'Authorization URL', name: 'authUrl', type: 'hidden', default: '={{$self["baseUrl"]}}/oauth2/authorize' },
		{ displayName: 'Access Token URL', name: 'accessTokenUrl', type: 'hidden', default: '={{$self["baseUrl"]}}/oauth2/token' },
		{ displayName: 'Scope', name: 'scope', type: 'hidden', default: 'forms.files.read offline_access' },
		{ displayName: 'Authentication', name: 'authentication', type: 'hidden', default: 'body' },
	],
	{ extends: ['oAuth2Api'] },
);

/** Reads the Forms user profile with the named credential, from its `urlField` base. */
const profileNode = (credential: string, urlField: string) =>
	testNode({
		displayName: 'Profile',
		credentials: [{ name: credential, required: true }],
		async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
			const data = await this.getCredentials(credential);
			const profile = (await this.helpers.httpRequestWithAuthentication.call(this, credential, {
				url: `${data[urlField] as string}/users/profile`,
				json: true,
			})) as IDataObject;
			return [[{ json: profile, pairedItem: { item: 0 } }]];
		},
	});

const Profile = profileNode('pkceApi', 'apiBaseUrl');

describe('harness against the sandbox', () => {
	let sandbox: SandboxServer;

	beforeAll(async () => {
		sandbox = await startSandbox({ port: 0 });
	});
	afterAll(async () => await sandbox.close());

	it('obtainFormsToken runs authorization code + PKCE; the token works and is refreshed after expiry', async () => {
		const oauthTokenData = await obtainFormsToken(sandbox.baseUrl, {
			clientId: SANDBOX_CLIENT_ID,
			clientSecret: SANDBOX_CLIENT_SECRET,
			scopes: ['forms.files.read', 'offline_access'],
		});
		expect(oauthTokenData).toMatchObject({
			access_token: expect.any(String),
			refresh_token: expect.any(String),
			token_type: 'Bearer',
		});

		const credentials = {
			pkceApi: {
				baseUrl: `${sandbox.baseUrl}/forms`,
				clientId: SANDBOX_CLIENT_ID,
				clientSecret: SANDBOX_CLIENT_SECRET,
				oauthTokenData,
			},
		};
		const first = await runNode({ node: Profile, credentialTypes: [PkceApi], credentials });
		expect(first.error).toBeUndefined();
		expect(first.output[0][0].json).toEqual(expect.any(Object));
		expect(first.credentials.pkceApi.oauthTokenData).toEqual(oauthTokenData);

		sandbox.expireAuth('forms');
		const second = await runNode({ node: Profile, credentialTypes: [PkceApi], credentials: first.credentials });
		expect(second.error).toBeUndefined();
		const renewed = second.credentials.pkceApi.oauthTokenData as IDataObject;
		expect(renewed.access_token).not.toBe(oauthTokenData.access_token);
		expect(renewed.refresh_token).not.toBe(oauthTokenData.refresh_token);
		expect(sandbox.requests('forms', 'POST', /oauth2\/token$/)).toHaveLength(2);
	});

	it('obtainFormsToken reports a refused authorization', async () => {
		await expect(
			obtainFormsToken(sandbox.baseUrl, { clientId: SANDBOX_CLIENT_ID, clientSecret: 'x', scopes: ['no.such.scope'] }),
		).rejects.toThrow(/invalid_scope/);
	});

	it("testCredential runs the package's own credentials' tests (OAuth2 client credentials, HMAC login)", async () => {
		const offers = offersCredentials(sandbox, { trailingSlash: false }).skySlopeOffersOAuth2Api;
		const ok = await testCredential(SkySlopeOffersOAuth2Api, offers);
		expect(ok).toMatchObject({ status: 'OK' });
		expect(ok.credentials.skySlopeOffersOAuth2Api.oauthTokenData).toMatchObject({ access_token: expect.any(String) });
		expect(await testCredential(SkySlopeOffersOAuth2Api, { ...offers, clientSecret: 'wrong' })).toMatchObject({
			status: 'Error',
		});

		const listings = demoCredentials(sandbox.baseUrl);
		const session = await testCredential(SkySlopeApi, listings);
		expect(session).toMatchObject({ status: 'OK' });
		expect(session.credentials.skySlopeApi.sessionToken).toEqual(expect.any(String));
		expect(await testCredential(SkySlopeApi, { ...listings, accessSecret: 'wrong' })).toMatchObject({
			status: 'Error',
		});
	});

	it("finds the package's Forms credential by name and uses its expressions, token and refresh", async () => {
		const oauthTokenData = await obtainFormsToken(sandbox.baseUrl, {
			clientId: SANDBOX_CLIENT_ID,
			clientSecret: SANDBOX_CLIENT_SECRET,
			scopes: ['forms.files.read', 'offline_access'],
		});
		const credentials = {
			skySlopeFormsOAuth2Api: {
				environment: 'custom',
				customBaseUrl: `${sandbox.baseUrl}/forms`,
				customAccountsUrl: `${sandbox.baseUrl}/forms`,
				clientId: SANDBOX_CLIENT_ID,
				clientSecret: SANDBOX_CLIENT_SECRET,
				oauthTokenData,
			},
		};
		const Node = profileNode('skySlopeFormsOAuth2Api', 'apiBaseUrl');
		const first = await runNode({ node: Node, credentials });
		expect(first.error).toBeUndefined();
		sandbox.expireAuth('forms');
		const second = await runNode({ node: Node, credentials: first.credentials });
		expect(second.error).toBeUndefined();
		expect((second.credentials.skySlopeFormsOAuth2Api.oauthTokenData as IDataObject).access_token).not.toBe(
			oauthTokenData.access_token,
		);
		expect(await testCredential(SkySlopeFormsOAuth2Api, credentials.skySlopeFormsOAuth2Api)).toMatchObject({
			status: 'OK',
		});
		const unconnected: ICredentialDataDecryptedObject = { ...credentials.skySlopeFormsOAuth2Api };
		delete unconnected.oauthTokenData;
		expect(await testCredential(SkySlopeFormsOAuth2Api, unconnected)).toMatchObject({ status: 'Error' });
	});
});
