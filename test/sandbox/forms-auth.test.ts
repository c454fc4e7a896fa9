import { createHash } from 'node:crypto';

import { SANDBOX_CLIENT_ID, SANDBOX_CLIENT_SECRET } from '../../sandbox/forms';
import { bootForms, errorOf, type FormsHarness } from './forms-client';

const REDIRECT = 'http://127.0.0.1:5678/rest/oauth2-credential/callback';
const VERIFIER = 'verifier-0123456789-abcdefghijklmnopqrstuvwxyz-ABCDEFG';
const CHALLENGE = createHash('sha256').update(VERIFIER).digest('base64url');
const BASIC = `Basic ${Buffer.from(`${SANDBOX_CLIENT_ID}:${SANDBOX_CLIENT_SECRET}`).toString('base64')}`;

let h: FormsHarness;
let now: number;

beforeEach(async () => {
	now = Date.UTC(2026, 0, 5, 12);
	h = await bootForms({ clock: () => now, lifetimes: { formsAuthCode: 60, formsAccessToken: 600, formsRefreshToken: 3600 } });
});
afterEach(async () => h.close());

function authorizeQuery(over: Record<string, string | undefined> = {}): string {
	const params: Record<string, string | undefined> = {
		response_type: 'code',
		client_id: SANDBOX_CLIENT_ID,
		redirect_uri: REDIRECT,
		scope: 'forms.files forms.documents.read offline_access',
		state: 'state-42',
		code_challenge: CHALLENGE,
		code_challenge_method: 'S256',
		...over,
	};
	const q = new URLSearchParams();
	for (const [k, v] of Object.entries(params)) if (v !== undefined) q.set(k, v);
	return q.toString();
}

async function authorize(over: Record<string, string | undefined> = {}): Promise<URL> {
	const res = await h.call('GET', `/oauth2/authorize?${authorizeQuery(over)}`);
	expect(res.status).toBe(302);
	expect(res.headers['content-type']).toContain('text/html');
	return new URL(res.headers.location);
}

async function token(fields: Record<string, string>, headers: Record<string, string> = {}) {
	return await h.call('POST', '/oauth2/token', {
		body: new URLSearchParams(fields).toString(),
		headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
	});
}

async function codeFor(over: Record<string, string | undefined> = {}): Promise<string> {
	const back = await authorize(over);
	return back.searchParams.get('code') as string;
}

describe('forms sandbox: OAuth 2.0 authorization code with PKCE', () => {
	it('approves at once and redirects back with code and state', async () => {
		const back = await authorize();
		expect(`${back.origin}${back.pathname}`).toBe(REDIRECT);
		expect(back.searchParams.get('state')).toBe('state-42');
		expect(back.searchParams.get('code')).toMatch(/^code_[0-9a-f]{64}$/);
	});

	it('exchanges the code (client in the body) for a Bearer token with refresh token and scope', async () => {
		const code = await codeFor();
		const res = await token({
			grant_type: 'authorization_code',
			code,
			redirect_uri: REDIRECT,
			code_verifier: VERIFIER,
			client_id: SANDBOX_CLIENT_ID,
			client_secret: SANDBOX_CLIENT_SECRET,
		});
		expect(res.status).toBe(200);
		expect(res.headers['cache-control']).toBe('no-store');
		expect(res.json).toEqual({
			access_token: expect.stringMatching(/^at_/),
			token_type: 'Bearer',
			expires_in: 600,
			refresh_token: expect.stringMatching(/^rt_/),
			scope: 'forms.files forms.documents.read offline_access',
		});
		const access = (res.json as { access_token: string }).access_token;
		const profile = await h.api('GET', '/users/profile', { token: access });
		expect(profile.status).toBe(200);
		expect(profile.json).toMatchObject({ id: h.state.users.caller, firstName: 'Avery' });
	});

	it('accepts the client as HTTP Basic, and gives no refresh token without offline_access', async () => {
		const code = await codeFor({ scope: 'forms.files' });
		const res = await token(
			{ grant_type: 'authorization_code', code, redirect_uri: REDIRECT, code_verifier: VERIFIER },
			{ authorization: BASIC },
		);
		expect(res.status).toBe(200);
		expect(res.json).not.toHaveProperty('refresh_token');
		expect((res.json as { scope: string }).scope).toBe('forms.files');
	});

	it('rejects a wrong verifier, a reused code, an expired code and a different redirect_uri', async () => {
		const base = { grant_type: 'authorization_code', redirect_uri: REDIRECT, code_verifier: VERIFIER };
		const wrong = await token({ ...base, code: await codeFor(), code_verifier: `${VERIFIER}x` }, { authorization: BASIC });
		expect(wrong.status).toBe(400);
		expect(wrong.json).toMatchObject({ error: 'invalid_grant' });

		const code = await codeFor();
		const first = await token({ ...base, code }, { authorization: BASIC });
		expect(first.status).toBe(200);
		const access = (first.json as { access_token: string }).access_token;
		const again = await token({ ...base, code }, { authorization: BASIC });
		expect(again.status).toBe(400);
		expect(again.json).toMatchObject({ error: 'invalid_grant', error_description: expect.stringContaining('already used') });
		// Presenting a code twice revokes what it issued.
		expect((await h.api('GET', '/users/profile', { token: access })).status).toBe(401);

		const late = await codeFor();
		now += 61_000;
		const expired = await token({ ...base, code: late }, { authorization: BASIC });
		expect(expired.json).toMatchObject({ error: 'invalid_grant', error_description: expect.stringContaining('expired') });

		const other = await token({ ...base, code: await codeFor(), redirect_uri: 'http://127.0.0.1:9/cb' }, { authorization: BASIC });
		expect(other.status).toBe(400);
		expect(other.json).toMatchObject({ error: 'invalid_grant' });
	});

	it('rejects bad client credentials and a body that is not form-encoded', async () => {
		const code = await codeFor();
		const bad = await token(
			{ grant_type: 'authorization_code', code, redirect_uri: REDIRECT, code_verifier: VERIFIER, client_id: SANDBOX_CLIENT_ID, client_secret: 'nope' },
		);
		expect(bad.status).toBe(401);
		expect(bad.json).toMatchObject({ error: 'invalid_client' });
		const none = await token({ grant_type: 'authorization_code', code, redirect_uri: REDIRECT, code_verifier: VERIFIER });
		expect(none.status).toBe(401);
		const json = await h.call('POST', '/oauth2/token', { json: { grant_type: 'authorization_code' } });
		expect(json.status).toBe(400);
		expect(json.json).toMatchObject({ error: 'invalid_request' });
		const grant = await token({ grant_type: 'password' }, { authorization: BASIC });
		expect(grant.json).toMatchObject({ error: 'unsupported_grant_type' });
	});

	it('validates the authorize request: client and redirect_uri shown, the rest redirected as errors', async () => {
		const unknownClient = await h.call('GET', `/oauth2/authorize?${authorizeQuery({ client_id: 'someone-else' })}`);
		expect(unknownClient.status).toBe(400);
		expect(unknownClient.headers.location).toBeUndefined();
		const badRedirect = await h.call('GET', `/oauth2/authorize?${authorizeQuery({ redirect_uri: 'not a url' })}`);
		expect(badRedirect.status).toBe(400);

		const plain = await authorize({ code_challenge_method: 'plain' });
		expect(plain.searchParams.get('error')).toBe('invalid_request');
		expect(plain.searchParams.get('state')).toBe('state-42');
		expect(plain.searchParams.get('code')).toBeNull();
		expect((await authorize({ response_type: 'token' })).searchParams.get('error')).toBe('unsupported_response_type');
		expect((await authorize({ code_challenge: undefined })).searchParams.get('error')).toBe('invalid_request');
		expect((await authorize({ scope: 'forms.files admin' })).searchParams.get('error')).toBe('invalid_scope');
	});

	it('rotates the refresh token: a new pair, the old refresh token dead', async () => {
		const first = await token(
			{ grant_type: 'authorization_code', code: await codeFor(), redirect_uri: REDIRECT, code_verifier: VERIFIER },
			{ authorization: BASIC },
		);
		const { refresh_token: refresh1, access_token: access1 } = first.json as { refresh_token: string; access_token: string };
		const second = await token({
			grant_type: 'refresh_token',
			refresh_token: refresh1,
			client_id: SANDBOX_CLIENT_ID,
			client_secret: SANDBOX_CLIENT_SECRET,
		});
		expect(second.status).toBe(200);
		const pair = second.json as { refresh_token: string; access_token: string; scope: string };
		expect(pair.refresh_token).not.toBe(refresh1);
		expect(pair.access_token).not.toBe(access1);
		expect(pair.scope).toBe('forms.files forms.documents.read offline_access');
		const reuse = await token({ grant_type: 'refresh_token', refresh_token: refresh1 }, { authorization: BASIC });
		expect(reuse.status).toBe(400);
		expect(reuse.json).toMatchObject({ error: 'invalid_grant' });
		const third = await token({ grant_type: 'refresh_token', refresh_token: pair.refresh_token }, { authorization: BASIC });
		expect(third.status).toBe(200);
	});

	it('answers 401 in the service shape for a missing, unknown or expired token, and after expireAuth', async () => {
		const missing = await h.api('GET', '/files', { token: null });
		expect(missing.status).toBe(401);
		expect(missing.headers['www-authenticate']).toContain('Bearer');
		expect(errorOf(missing).code).toBe('Unauthorized');
		expect((await h.api('GET', '/files', { token: 'at_unknown' })).status).toBe(401);

		const t = h.tokenWith(['forms.files.read']);
		expect((await h.api('GET', '/files', { token: t })).status).toBe(200);
		now += 600_001;
		const expired = await h.api('GET', '/files', { token: t });
		expect(expired.status).toBe(401);
		expect(expired.headers['www-authenticate']).toContain('invalid_token');

		const fresh = h.tokenWith(['forms.files.read']);
		h.sandbox.expireAuth('forms');
		expect((await h.api('GET', '/files', { token: fresh })).status).toBe(401);
	});

	it('answers 403 when the token lacks the operation scope; the profile needs none', async () => {
		const readOnly = h.tokenWith(['forms.files.read']);
		const res = await h.api('POST', '/files', { token: readOnly, json: { name: 'x', representationType: 'Buyer' } });
		expect(res.status).toBe(403);
		expect(errorOf(res)).toMatchObject({ code: 'Forbidden', message: expect.stringContaining('forms.files') });
		expect((await h.api('GET', '/files/1001/documents', { token: readOnly })).status).toBe(403);
		expect((await h.api('GET', '/users/profile', { token: h.tokenWith([]) })).status).toBe(200);
	});

	it('mints a token pair through the sandbox shortcut, all scopes unless told', async () => {
		const all = await h.call('POST', '/sandbox/tokens');
		expect(all.status).toBe(200);
		const pair = all.json as { access_token: string; refresh_token: string; scope: string };
		expect(pair.scope.split(' ')).toHaveLength(12);
		expect((await h.api('GET', '/files', { token: pair.access_token })).status).toBe(200);
		const narrow = await h.call('POST', '/sandbox/tokens', { json: { scope: 'forms.files.read' } });
		const t = (narrow.json as { access_token: string; scope: string; refresh_token?: string });
		expect(t.scope).toBe('forms.files.read');
		expect(t.refresh_token).toBeUndefined();
		expect((await h.api('POST', '/files', { token: t.access_token, json: { name: 'x', representationType: 'Buyer' } })).status).toBe(403);
		expect((await h.call('POST', '/sandbox/tokens', { json: { scope: 'admin' } })).status).toBe(400);
	});

	it('prints the demo client, URLs and scopes as credential hints', async () => {
		const hints = h.sandbox.service('forms').credentialHints(h.sandbox.baseUrl);
		expect(hints).toMatchObject({
			clientId: 'sandbox-forms-client',
			clientSecret: 'sandbox-forms-secret',
			authUrl: `${h.sandbox.baseUrl}/forms/oauth2/authorize`,
			accessTokenUrl: `${h.sandbox.baseUrl}/forms/oauth2/token`,
			baseUrl: `${h.sandbox.baseUrl}/forms`,
		});
		expect(hints.scopes.split(' ')).toContain('offline_access');
	});
});
