import { createHash, randomBytes } from 'node:crypto';

import { ClientOAuth2 } from '@n8n/client-oauth2';
import type { ICredentialDataDecryptedObject, IWorkflowExecuteAdditionalData } from 'n8n-workflow';
import { request } from 'undici';

import { SkySlopeFormsOAuth2Api } from '../../credentials/SkySlopeFormsOAuth2Api.credentials';
import { CredentialTypes, HarnessCredentialsHelper, type CredentialStore } from '../../harness/node';
import { bootForms, type FormsHarness } from '../sandbox/forms-client';

const TYPE = 'skySlopeFormsOAuth2Api';

/** The credential's values as n8n resolves them: defaults of the type and its parent, `$self` expressions. */
async function resolve(data: ICredentialDataDecryptedObject): Promise<ICredentialDataDecryptedObject> {
	const store: CredentialStore = new Map([[TYPE, data]]);
	const helper = new HarnessCredentialsHelper(new CredentialTypes([SkySlopeFormsOAuth2Api]), store);
	return await helper.getDecrypted({} as IWorkflowExecuteAdditionalData, { id: '1', name: 'forms' }, TYPE, 'manual');
}

describe('SkySlope Forms OAuth2 API credential', () => {
	const credential = new SkySlopeFormsOAuth2Api();

	it('is an OAuth2 PKCE credential with the agreed names', () => {
		expect(credential.name).toBe('skySlopeFormsOAuth2Api');
		expect(credential.displayName).toBe('SkySlope Forms OAuth2 API');
		expect(credential.extends).toEqual(['oAuth2Api']);
		const byName = new Map(credential.properties.map((p) => [p.name, p]));
		expect(byName.get('grantType')).toMatchObject({ type: 'hidden', default: 'pkce' });
		for (const hidden of ['authUrl', 'accessTokenUrl', 'scope', 'baseUrl', 'apiBaseUrl', 'authQueryParameters']) {
			expect(byName.get(hidden)?.type).toBe('hidden');
		}
		const scopes = byName.get('scopes');
		expect(scopes?.type).toBe('multiOptions');
		expect((scopes?.options as Array<{ value: string }>).map((o) => o.value).sort()).toEqual([
			'admin.groups',
			'forms.buyerAgreements.restrictedRead',
			'forms.documents',
			'forms.documents.read',
			'forms.files',
			'forms.files.read',
			'forms.forms.read',
			'forms.libraries.read',
			'forms.mls.import',
			'forms.templates.read',
			'forms.webhooks',
		]);
		expect((byName.get('authentication')?.options as Array<{ value: string }>).map((o) => o.value)).toEqual(['body', 'header']);
	});

	it('resolves production hosts and always asks for offline_access', async () => {
		const data = await resolve({ clientId: 'id', clientSecret: 'secret', scopes: ['forms.files.read'] });
		expect(data).toMatchObject({
			grantType: 'pkce',
			environment: 'production',
			baseUrl: 'https://forms.skyslope.com',
			apiBaseUrl: 'https://forms.skyslope.com/partner/api',
			authUrl: 'https://accounts.skyslope.com/oauth2/authorize',
			accessTokenUrl: 'https://accounts.skyslope.com/oauth2/token',
			scope: 'offline_access forms.files.read',
			authentication: 'body',
		});
	});

	it('resolves staging, and the default scope list', async () => {
		const data = await resolve({ environment: 'staging', clientId: 'id', clientSecret: 'secret' });
		expect(data.apiBaseUrl).toBe('https://staging-forms.skyslope.com/partner/api');
		expect(data.authUrl).toBe('https://accounts.skyslope.com/oauth2/authorize');
		expect(String(data.scope).split(' ')).toEqual([
			'offline_access',
			'forms.files',
			'forms.documents',
			'forms.templates.read',
			'forms.forms.read',
			'forms.libraries.read',
			'forms.webhooks',
			'forms.mls.import',
		]);
	});

	it('resolves custom URLs without trailing slashes', async () => {
		const data = await resolve({
			environment: 'custom',
			customBaseUrl: 'http://127.0.0.1:4010/forms/',
			customAccountsUrl: 'http://127.0.0.1:4010/forms//',
			clientId: 'id',
			clientSecret: 'secret',
			scopes: [],
		});
		expect(data).toMatchObject({
			baseUrl: 'http://127.0.0.1:4010/forms',
			apiBaseUrl: 'http://127.0.0.1:4010/forms/partner/api',
			authUrl: 'http://127.0.0.1:4010/forms/oauth2/authorize',
			accessTokenUrl: 'http://127.0.0.1:4010/forms/oauth2/token',
		});
	});

	it('asks for the default scopes when none are picked: n8n 2.41.1\'s credential dialog saves an untouched Scopes as [] (the recorded demo\'s Forms token could list no file)', async () => {
		const untouched = await resolve({ environment: 'staging', clientId: 'id', clientSecret: 'secret' });
		const none = await resolve({ environment: 'staging', clientId: 'id', clientSecret: 'secret', scopes: [] });
		// The default list itself: the test above.
		expect(String(none.scope).split(' ').length).toBeGreaterThan(5);
		expect(none.scope).toBe(untouched.scope);
		// A pick is asked for as it is.
		expect((await resolve({ environment: 'staging', clientId: 'id', clientSecret: 'secret', scopes: ['forms.files.read'] })).scope).toBe('offline_access forms.files.read');
	});

	describe('against the sandbox, through n8n’s own OAuth2 client', () => {
		let h: FormsHarness;

		beforeEach(async () => {
			h = await bootForms();
		});
		afterEach(async () => h.close());

		it.each(['body', 'header'])('connects with PKCE and refreshes (client authentication: %s)', async (authentication) => {
			const data = await resolve({
				environment: 'custom',
				customBaseUrl: h.base,
				customAccountsUrl: h.base,
				clientId: 'sandbox-forms-client',
				clientSecret: 'sandbox-forms-secret',
				scopes: ['forms.files', 'forms.documents.read'],
				authentication,
			});
			// What n8n's OAuth2 credential controller does for grantType pkce.
			const verifier = randomBytes(48).toString('base64url');
			const redirectUri = 'http://127.0.0.1:5678/rest/oauth2-credential/callback';
			const client = new ClientOAuth2({
				clientId: String(data.clientId),
				clientSecret: String(data.clientSecret),
				accessTokenUri: String(data.accessTokenUrl),
				authorizationUri: String(data.authUrl),
				authentication: data.authentication as 'body' | 'header',
				redirectUri,
				scopes: String(data.scope).split(','),
				scopesSeparator: ' ',
				state: 'csrf-state',
				query: {
					code_challenge: createHash('sha256').update(verifier).digest('base64url'),
					code_challenge_method: 'S256',
				},
			});
			const consent = await request(client.code.getUri());
			expect(consent.statusCode).toBe(302);
			await consent.body.dump();
			const callback = String(consent.headers.location);
			const token = await client.code.getToken(callback, { body: { code_verifier: verifier } });
			expect(token.tokenType).toBe('bearer');
			expect(token.refreshToken).toMatch(/^rt_/);
			expect(token.data.scope).toBe('offline_access forms.files forms.documents.read');

			const profile = await request(`${String(data.apiBaseUrl)}/users/profile`, { headers: { authorization: `Bearer ${token.accessToken}` } });
			expect(profile.statusCode).toBe(200);
			expect(await profile.body.json()).toMatchObject({ id: h.state.users.caller });

			h.sandbox.expireAuth('forms');
			const expired = await request(`${String(data.apiBaseUrl)}/files`, { headers: { authorization: `Bearer ${token.accessToken}` } });
			expect(expired.statusCode).toBe(401);
			await expired.body.dump();
			const refreshed = await token.refresh();
			expect(refreshed.accessToken).not.toBe(token.accessToken);
			expect(refreshed.refreshToken).not.toBe(token.refreshToken);
			const files = await request(`${String(data.apiBaseUrl)}/files`, { headers: { authorization: `Bearer ${refreshed.accessToken}` } });
			expect(files.statusCode).toBe(200);
			await files.body.dump();

			// What went over the wire at the token endpoint.
			const [exchange, refresh] = h.sandbox.requests('forms', 'POST', /^\/oauth2\/token$/);
			expect(exchange.body).toMatchObject({ grant_type: 'authorization_code', code_verifier: verifier, redirect_uri: redirectUri });
			expect(refresh.body).toMatchObject({ grant_type: 'refresh_token', refresh_token: token.refreshToken });
			if (authentication === 'body') {
				expect(refresh.body).toMatchObject({ client_id: 'sandbox-forms-client', client_secret: 'sandbox-forms-secret' });
				expect(refresh.headers.authorization).toBeUndefined();
			} else {
				expect(refresh.body).not.toHaveProperty('client_secret');
				expect(refresh.headers.authorization).toMatch(/^Basic /);
			}
		});

		it('an app registered as a public client, under an Okta-style issuer: no secret sent, connects and refreshes', async () => {
			h.sandbox.setLive({ publicFormsClient: true });
			const issuer = `${h.base}/oauth2/aus-sandbox/`;
			const data = await resolve({
				environment: 'custom',
				customBaseUrl: h.base,
				authServer: 'issuer',
				issuerUrl: issuer,
				clientId: 'sandbox-forms-public-client',
				clientSecret: '',
				scopes: ['forms.files'],
			});
			expect(data.authUrl).toBe(`${h.base}/oauth2/aus-sandbox/v1/authorize`);
			expect(data.accessTokenUrl).toBe(`${h.base}/oauth2/aus-sandbox/v1/token`);
			const verifier = randomBytes(48).toString('base64url');
			const client = new ClientOAuth2({
				clientId: String(data.clientId),
				clientSecret: String(data.clientSecret ?? ''),
				accessTokenUri: String(data.accessTokenUrl),
				authorizationUri: String(data.authUrl),
				authentication: data.authentication as 'body' | 'header',
				redirectUri: 'http://127.0.0.1:5678/rest/oauth2-credential/callback',
				scopes: String(data.scope).split(','),
				scopesSeparator: ' ',
				state: 'csrf-state',
				query: { code_challenge: createHash('sha256').update(verifier).digest('base64url'), code_challenge_method: 'S256' },
			});
			const consent = await request(client.code.getUri());
			expect(consent.statusCode).toBe(302);
			await consent.body.dump();
			const token = await client.code.getToken(String(consent.headers.location), { body: { code_verifier: verifier } });
			h.sandbox.expireAuth('forms');
			const refreshed = await token.refresh();
			const files = await request(`${String(data.apiBaseUrl)}/files`, { headers: { authorization: `Bearer ${refreshed.accessToken}` } });
			expect(files.statusCode).toBe(200);
			await files.body.dump();
			const calls = h.sandbox.requests('forms', 'POST', /^\/oauth2\/aus-sandbox\/v1\/token$/);
			expect(calls.map((c) => (c.body as Record<string, string>).grant_type)).toEqual(['authorization_code', 'refresh_token']);
			for (const call of calls) {
				expect(call.status).toBe(200);
				expect(call.body).toMatchObject({ client_id: 'sandbox-forms-public-client' });
				expect(call.body).not.toHaveProperty('client_secret');
				expect(call.headers.authorization).toBeUndefined();
			}
			// While the sandbox answers as the documents say, there is no issuer, and no public client.
			h.sandbox.setLive({});
			const noIssuer = await request(client.code.getUri());
			expect(noIssuer.statusCode).toBe(404);
			await noIssuer.body.dump();
			const accounts = await request(`${h.base}/oauth2/authorize?client_id=sandbox-forms-public-client&redirect_uri=http://127.0.0.1:5678/cb&response_type=code`);
			expect(accounts.statusCode).toBe(400);
			await accounts.body.dump();
		});
	});
});
