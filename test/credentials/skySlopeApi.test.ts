import type { ICredentialDataDecryptedObject, IDataObject, IHttpRequestHelper, IHttpRequestOptions } from 'n8n-workflow';
import { request } from 'undici';

import { SkySlopeApi } from '../../credentials/SkySlopeApi.credentials';
import { LOGIN_REFUSED_CODE } from '../../nodes/SkySlope/shared/transport';
import {
	addSession,
	listingsBaseUrl as apiBaseUrl,
	loginTimestamp,
	renewAt,
	signLogin,
} from '../../nodes/SkySlope/listingsSales/service';
import { startSandbox, type SandboxServer } from '../../sandbox';
import { DEMO, demoCredentials } from '../../sandbox/listings';

/** this.helpers.httpRequest as n8n gives it to preAuthentication: throws on 4xx/5xx. */
const helper: IHttpRequestHelper = {
	helpers: {
		httpRequest: async (o: IHttpRequestOptions) => {
			const res = await request(o.url, {
				method: (o.method ?? 'GET') as 'POST',
				headers: o.headers as Record<string, string>,
				body: o.body === undefined ? undefined : JSON.stringify(o.body),
			});
			const text = await res.body.text();
			if (res.statusCode >= 400) throw Object.assign(new Error(`HTTP ${res.statusCode}`), { response: { status: res.statusCode, body: text } });
			return JSON.parse(text) as IDataObject;
		},
	},
};

/** Sends a request the way httpRequestWithAuthentication would after authenticate. */
async function send(o: IHttpRequestOptions) {
	const res = await request(`${o.baseURL ?? ''}${o.url}`, { method: (o.method ?? 'GET') as 'GET', headers: o.headers as Record<string, string> });
	await res.body.text();
	return res.statusCode;
}

describe('SkySlope API credential', () => {
	const credential = new SkySlopeApi();

	it('signs the published test vector exactly', () => {
		expect(signLogin('testAccessSecret', 'myClientId', 'myClientSecret', '2024-01-02T03:04:05Z')).toBe(
			'wVSJ8Rv45kXhWvoTCH9K0/PRjCEBQxu7PTrNG+Bj6Rw=',
		);
		expect(loginTimestamp(new Date(Date.UTC(2024, 0, 2, 3, 4, 5, 678)))).toBe('2024-01-02T03:04:05Z');
	});

	it('is named skySlopeApi with password secrets and one hidden expirable session field', () => {
		expect(credential.name).toBe('skySlopeApi');
		expect(credential.displayName).toBe('SkySlope Listings & Sales API');
		const byName = Object.fromEntries(credential.properties.map((p) => [p.name, p]));
		for (const secret of ['clientSecret', 'accessSecret']) expect(byName[secret].typeOptions?.password).toBe(true);
		const expirable = credential.properties.filter((p) => p.type === 'hidden' && p.typeOptions?.expirable);
		expect(expirable.map((p) => p.name)).toEqual(['sessionToken']);
		expect(credential.test.request.url).toBe('/api/subscribers');
	});

	it('resolves the environment to {api_url}', () => {
		expect(apiBaseUrl({ environment: 'production' })).toBe('https://api.skyslope.com');
		expect(apiBaseUrl({ environment: 'staging' })).toBe('https://api-latest.skyslope.com');
		expect(apiBaseUrl({ environment: 'custom', customBaseUrl: 'http://127.0.0.1:4010/listings/' })).toBe('http://127.0.0.1:4010/listings');
	});

	it('renews 5 minutes (or a tenth of the lifetime) before expiration', () => {
		expect(renewAt('2024-01-02T03:00:00Z', '2024-01-02T05:00:00Z')).toBe('2024-01-02T04:55:00.000Z');
		expect(renewAt('2024-01-02T03:00:00Z', '2024-01-02T03:00:10Z')).toBe('2024-01-02T03:00:09.000Z');
		expect(renewAt('2024-01-02T03:00:00Z', undefined)).toBe('');
	});

	it('authenticate sends Session and Content-Type, and leaves Session out once renewal is due', async () => {
		const creds = { sessionToken: 'abc', sessionRenewAt: '2024-01-02T04:55:00.000Z' };
		const before = await addSession(creds, { url: '/x', headers: { Accept: 'application/json' } }, Date.parse('2024-01-02T04:00:00Z'));
		expect(before.headers).toEqual({ Accept: 'application/json', 'Content-Type': 'application/json', Session: 'abc' });
		const after = await addSession(creds, { url: '/x' }, Date.parse('2024-01-02T04:56:00Z'));
		expect(after.headers).toEqual({ 'Content-Type': 'application/json' });
		const keep = await addSession({ sessionToken: 'abc' }, { url: '/x', headers: { 'content-type': 'application/json-patch+json' } });
		expect(keep.headers).toEqual({ 'content-type': 'application/json-patch+json', Session: 'abc' });
	});

	it('the renewal marker leaves out the session it names as refused, and sends a session stored since; the marker never leaves', async () => {
		const marked = (refused: string) => ({ url: '/x', headers: { 'x-skyslope-renew-session': refused } });
		// The stored session is the refused one: left out, so the service answers 401 and n8n logs in.
		expect((await addSession({ sessionToken: 'old' }, marked('old'))).headers).toEqual({ 'Content-Type': 'application/json' });
		// Another request logged in since: its session is sent, and nobody logs in again.
		expect((await addSession({ sessionToken: 'new' }, marked('old'))).headers).toEqual({ 'Content-Type': 'application/json', Session: 'new' });
		// The refused session unknown (n8n 1.x keeps no request headers on its errors): left out.
		expect((await addSession({ sessionToken: 'new' }, marked('1'))).headers).toEqual({ 'Content-Type': 'application/json' });
	});

	describe('against the sandbox', () => {
		let sandbox: SandboxServer;
		let creds: ICredentialDataDecryptedObject;
		beforeEach(async () => {
			sandbox = await startSandbox({ port: 0 });
			creds = { ...demoCredentials(sandbox.baseUrl), sessionToken: '', sessionRenewAt: '' };
		});
		afterEach(async () => sandbox.close());

		const testRequest = (): IHttpRequestOptions => ({ baseURL: String(creds.customBaseUrl), url: '/api/subscribers', method: 'GET' });

		it('preAuthentication logs in with a signed request; the test request then succeeds', async () => {
			const out = await credential.preAuthentication!.call(helper, creds);
			expect(typeof out.sessionToken).toBe('string');
			expect(Date.parse(String(out.sessionRenewAt))).toBeGreaterThan(Date.now() + 60 * 60 * 1000);
			const [login] = sandbox.requests('listings', 'POST', /auth\/login/);
			expect(login.headers['content-type']).toBe('application/json');
			expect(login.headers.authorization).toMatch(new RegExp(`^SS ${DEMO.accessKey}:[A-Za-z0-9+/]+=*$`));
			expect(login.headers.timestamp).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/);
			expect(login.body).toEqual({ clientID: DEMO.clientId, clientSecret: DEMO.clientSecret });

			Object.assign(creds, out);
			expect(await send(await addSession(creds, testRequest()))).toBe(200);
		});

		it('a wrong access secret is a refused login: its code, status and words, and no response for n8n to log in again on', async () => {
			const refusal = credential.preAuthentication!.call(helper, { ...creds, accessSecret: 'wrong' });
			await expect(refusal).rejects.toMatchObject({
				code: LOGIN_REFUSED_CODE,
				loginStatus: 401,
				message: 'the login answered 401: Invalid signature',
			});
			await expect(refusal).rejects.not.toHaveProperty('response');
		});

		it('a session is stale from its renewal time on: the transport renews it before sending, the credential leaves it out', async () => {
			Object.assign(creds, await credential.preAuthentication!.call(helper, creds));
			const renewAt = Date.parse(String(creds.sessionRenewAt));
			const due = await addSession(creds, testRequest(), renewAt);
			expect(due.headers).not.toHaveProperty('Session');
			expect((await addSession(creds, testRequest(), renewAt - 1)).headers?.Session).toBe(creds.sessionToken);
			// A session without a renewal time is never stale.
			expect((await addSession({ ...creds, sessionRenewAt: '' }, testRequest(), renewAt)).headers?.Session).toBe(creds.sessionToken);
		});

		it('follows n8n renewal: 403 after expiry, 401 when due, each fixed by one preAuthentication', async () => {
			Object.assign(creds, await credential.preAuthentication!.call(helper, creds));
			expect(await send(await addSession(creds, testRequest()))).toBe(200);

			sandbox.expireAuth('listings');
			expect(await send(await addSession(creds, testRequest()))).toBe(403);
			Object.assign(creds, await credential.preAuthentication!.call(helper, creds));
			expect(await send(await addSession(creds, testRequest()))).toBe(200);

			// Renewal due on this machine's clock: Session left out, the service answers 401, n8n renews.
			const later = Date.parse(String(creds.sessionRenewAt)) + 1000;
			expect(await send(await addSession(creds, testRequest(), later))).toBe(401);
			Object.assign(creds, await credential.preAuthentication!.call(helper, creds));
			expect(await send(await addSession(creds, testRequest()))).toBe(200);
		});
	});
});
