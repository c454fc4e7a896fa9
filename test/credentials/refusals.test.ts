/* eslint-disable @n8n/community-nodes/no-restricted-imports -- dev tooling, never shipped in dist */
// Issue "Nothing silent" section 4: a credential the service refuses is a credential error (naming
// the credential, the service's words, what to fix), never "could not be reached"; a 5xx or a
// network failure at the token endpoint or login stays "could not be reached", with its cause.
// Each of the three credentials against: refused, refresh token expired (OAuth2), 5xx, connection
// refused. Real n8n-core (2.41) request helpers and OAuth2 handling, in process.
import { createServer } from 'node:net';

import type { ICredentialDataDecryptedObject, IDataObject } from 'n8n-workflow';

import { retryPolicy } from '../../nodes/SkySlope/shared/transport';
import { startSandbox, type SandboxServer } from '../../sandbox';
import { SANDBOX_CLIENT_ID, SANDBOX_CLIENT_SECRET } from '../../sandbox/forms/auth';
import { DEMO, demoCredentials } from '../../sandbox/listings';
import { OFFERS_CLIENT_SECRET } from '../../sandbox/offers';
import { obtainFormsToken } from '../../harness/node';
import { startTestServer, type Reply, type TestServer } from '../../harness/node/test-server';
import { probe } from './probe';
import { offersCredentials } from '../offers/setup';

/** A port nothing listens on. */
async function closedPort(): Promise<number> {
	const server = createServer();
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
	const { port } = server.address() as { port: number };
	await new Promise<void>((resolve) => server.close(() => resolve()));
	return port;
}

let sandbox: SandboxServer;
/** Stands in for a token endpoint or login that fails on its side; every other path answers 401. */
let failing: TestServer;
let tokenReply: Reply = { status: 503, body: { message: 'token service down' } };
/**
 * Stands in for a token endpoint and a login that are busy (429 with Retry-After) for their first
 * `busyAnswers` requests, then issue a token or session that the API paths accept.
 */
let busy: TestServer;
let busyAnswers = 0;
const originalPolicy = { ...retryPolicy };

beforeAll(async () => {
	sandbox = await startSandbox({ port: 0 });
	failing = await startTestServer((r) =>
		/\/(ext\/token|oauth2\/token|auth\/login)$/.test(r.path) ? tokenReply : { status: 401, body: { message: 'token expired' } },
	);
	busy = await startTestServer((r) => {
		if (/\/(ext\/token|auth\/login)$/.test(r.path)) {
			if (busyAnswers > 0) {
				busyAnswers--;
				return { status: 429, headers: { 'retry-after': '0' }, body: { message: 'Too Many Requests' } };
			}
			return r.path.endsWith('/auth/login')
				? { body: { Session: 'busy-session', Expiration: new Date(Date.now() + 7_200_000).toISOString() } }
				: { body: { access_token: 'busy-token', token_type: 'bearer', expires_in: 3600 } };
		}
		const admitted = r.headers.session === 'busy-session' || r.headers.authorization === 'Bearer busy-token';
		return admitted ? { body: { answered: r.path } } : { status: 403, body: { message: 'Forbidden' } };
	});
});
afterAll(async () => {
	await busy.close();
	await failing.close();
	await sandbox.close();
});
beforeEach(() => {
	failing.requests.length = 0;
	busy.requests.length = 0;
	busyAnswers = 0;
	tokenReply = { status: 503, body: { message: 'token service down' } };
	Object.assign(retryPolicy, originalPolicy, { baseDelayMs: 5, maxDelayMs: 20 });
});
afterAll(() => Object.assign(retryPolicy, originalPolicy));

/** The error says it is the credential, with the service's words and a fix, and carries no secret. */
function expectRefusal(error: { message?: string; description?: string | null } | undefined, label: string, credential: string, words: RegExp, fix: RegExp) {
	expect(error?.message).toMatch(new RegExp(`^${label} refused the credential "${credential}"`));
	expect(error?.message).toMatch(words);
	expect(error?.message).not.toMatch(/could not be reached/);
	expect(error?.description).toMatch(/was reached \(the network is fine\) and refused the credential/);
	expect(error?.description).toMatch(fix);
	const all = JSON.stringify(error);
	for (const secret of ['wrong-secret', OFFERS_CLIENT_SECRET, SANDBOX_CLIENT_SECRET, DEMO.accessSecret, DEMO.clientSecret]) {
		expect(all).not.toContain(secret);
	}
}

describe('SkySlope Offers credential (client credentials)', () => {
	const offers = (over: ICredentialDataDecryptedObject = {}) => ({ ...offersCredentials(sandbox, { trailingSlash: false }).skySlopeOffersOAuth2Api, ...over });

	it('refused by the token endpoint (wrong secret): a credential error, asked once, not retried', async () => {
		sandbox.clearLog();
		const { error } = await probe('offers', '/ext/report?startDate=2024-01-01&endDate=2024-01-01', offers({ clientSecret: 'wrong-secret' }));
		expectRefusal(error, 'SkySlope Offers', 'skySlopeOffersOAuth2Api', /unknown client or wrong secret/, /Client ID and Client Secret/);
		expect(error?.description).toMatch(/with 401/);
		expect(sandbox.requests('offers').map((e) => `${e.method} ${e.path} ${e.status}`)).toEqual(['POST /offers-api/ext/token 401']);
	});

	it('a stored token expired and the new one refused: a credential error too', async () => {
		const stored = offers({ clientSecret: 'wrong-secret', oauthTokenData: { access_token: 'expired-token-value', token_type: 'Bearer' } });
		const { error } = await probe('offers', '/ext/report?startDate=2024-01-01&endDate=2024-01-01', stored);
		expectRefusal(error, 'SkySlope Offers', 'skySlopeOffersOAuth2Api', /unknown client or wrong secret/, /Client ID and Client Secret/);
		expect(JSON.stringify(error)).not.toContain('expired-token-value');
	});

	it('a 5xx of the token endpoint: could not be reached, with the status and the endpoint', async () => {
		const { error } = await probe('offers', '/ext/report', offers({ customBaseUrl: failing.url }));
		expect(error?.message).toBe('SkySlope Offers could not be reached: its token or login endpoint answered 503: token service down');
		expect(error?.description).toContain(`Endpoint: ${failing.url}/ext/token`);
		// The call itself was never sent: the token request is tried again, within the bounded attempts.
		expect(failing.requests.map((r) => r.path)).toEqual(Array(retryPolicy.attempts).fill('/ext/token'));
	});

	it('a busy token endpoint (429) is not a refusal: the token is asked again, and the call goes', async () => {
		busyAnswers = 2;
		const { error, output } = await probe('offers', '/ext/report', offers({ customBaseUrl: busy.url }));
		expect(error).toBeUndefined();
		expect(output[0][0].json).toEqual({ body: { answered: '/ext/report' } });
		expect(busy.requests.map((r) => r.path)).toEqual(['/ext/token', '/ext/token', '/ext/token', '/ext/report']);
	});

	it('a token endpoint busy (429) at every attempt: says so with its endpoint, never that the credential was refused', async () => {
		busyAnswers = 1_000;
		const { error } = await probe('offers', '/ext/report', offers({ customBaseUrl: busy.url }));
		expect(error?.message).toBe('SkySlope Offers answered 429 at its token or login endpoint: Too Many Requests');
		expect(error?.message).not.toMatch(/refused/);
		// n8n's OAuth2 client keeps the status and body of a 4xx token answer, not its address.
		expect(error?.description).toMatch(/To fix: the service limits the requests/);
		expect(busy.requests.map((r) => r.path)).toEqual(Array(retryPolicy.attempts).fill('/ext/token'));
	});

	it('connection refused at the token endpoint: could not be reached, with the cause', async () => {
		const { error } = await probe('offers', '/ext/report', offers({ customBaseUrl: `http://127.0.0.1:${await closedPort()}` }));
		expect(error?.message).toMatch(/^SkySlope Offers could not be reached: /);
		expect(error?.message).toMatch(/nothing is listening/);
		expect(error?.description).toContain('ECONNREFUSED');
	});
});

describe('SkySlope Forms credential (authorization code with PKCE)', () => {
	let tokenData: IDataObject;
	const forms = (over: ICredentialDataDecryptedObject = {}) => ({
		environment: 'custom',
		customBaseUrl: `${sandbox.baseUrl}/forms`,
		customAccountsUrl: `${sandbox.baseUrl}/forms`,
		clientId: SANDBOX_CLIENT_ID,
		clientSecret: SANDBOX_CLIENT_SECRET,
		authentication: 'body',
		...over,
	});

	beforeEach(async () => {
		tokenData = await obtainFormsToken(sandbox.baseUrl, {
			clientId: SANDBOX_CLIENT_ID,
			clientSecret: SANDBOX_CLIENT_SECRET,
			scopes: ['offline_access', 'forms.files'],
		});
	});

	it('refused on refresh (wrong client secret, invalid_client): a credential error naming the client fields', async () => {
		sandbox.expireAuth('forms');
		const { error } = await probe('forms', '/users/profile', forms({ clientSecret: 'wrong-secret', oauthTokenData: tokenData }));
		expectRefusal(error, 'SkySlope Forms', 'skySlopeFormsOAuth2Api', /invalid_client/, /Client ID and Client Secret/);
		expect(JSON.stringify(error)).not.toContain(String(tokenData.refresh_token));
	});

	it('refresh token expired (invalid_grant): a credential error that says to reconnect', async () => {
		sandbox.expireAuth('forms');
		const { error } = await probe('forms', '/users/profile', forms({ oauthTokenData: { ...tokenData, refresh_token: 'no-such-refresh-token' } }));
		expectRefusal(error, 'SkySlope Forms', 'skySlopeFormsOAuth2Api', /reconnect|refresh token/i, /click Reconnect/);
	});

	it('a 5xx of the token endpoint on refresh: could not be reached', async () => {
		const { error } = await probe(
			'forms',
			'/users/profile',
			forms({ customBaseUrl: failing.url, customAccountsUrl: failing.url, oauthTokenData: tokenData }),
		);
		expect(error?.message).toBe('SkySlope Forms could not be reached: its token or login endpoint answered 503: token service down');
	});

	it('a token endpoint busy (429) on refresh: says so, never that the credential was refused, within the bounded attempts', async () => {
		tokenReply = { status: 429, body: { message: 'Too Many Requests' } };
		const { error } = await probe(
			'forms',
			'/users/profile',
			forms({ customBaseUrl: failing.url, customAccountsUrl: failing.url, oauthTokenData: tokenData }),
		);
		expect(error?.message).toBe('SkySlope Forms answered 429 at its token or login endpoint: Too Many Requests');
		expect(error?.description).toMatch(/To fix: the service limits the requests/);
		// The call was never sent with a new token: the refresh is asked again, once per attempt.
		expect(failing.requests.filter((r) => r.path.endsWith('/oauth2/token'))).toHaveLength(retryPolicy.attempts);
	});

	it('connection refused at the token endpoint on refresh: could not be reached, with the cause', async () => {
		const { error } = await probe(
			'forms',
			'/users/profile',
			forms({ customBaseUrl: failing.url, customAccountsUrl: `http://127.0.0.1:${await closedPort()}`, oauthTokenData: tokenData }),
		);
		expect(error?.message).toMatch(/^SkySlope Forms could not be reached: its token or login endpoint did not answer/);
		expect(error?.description).toContain('ECONNREFUSED');
	});
});

describe('SkySlope Listings & Sales credential (signed login)', () => {
	const listings = (over: ICredentialDataDecryptedObject = {}) => ({ ...demoCredentials(sandbox.baseUrl), ...over });

	it('a refused login (wrong access secret): a credential error, one login only', async () => {
		sandbox.clearLog();
		const { error } = await probe('listings', '/api/subscribers', listings({ accessSecret: 'wrong-secret' }));
		expectRefusal(error, 'SkySlope Listings & Sales', 'skySlopeApi', /the login answered 401: Invalid signature/, /Access Key and Access Secret/);
		expect(sandbox.requests('listings').map((e) => `${e.method} ${e.path} ${e.status}`)).toEqual(['POST /auth/login 401']);
	});

	it('a stored session expired and the new login refused: a credential error', async () => {
		const { error } = await probe(
			'listings',
			'/api/subscribers',
			listings({ clientSecret: 'wrong-secret', sessionToken: 'stale-session-token', sessionRenewAt: '' }),
		);
		expectRefusal(error, 'SkySlope Listings & Sales', 'skySlopeApi', /Invalid credentials/, /Client ID and Client Secret/);
	});

	it('a 5xx of the login: could not be reached', async () => {
		tokenReply = { status: 502, body: { message: 'login gateway down' } };
		const { error } = await probe('listings', '/api/subscribers', listings({ customBaseUrl: failing.url }));
		expect(error?.message).toBe('SkySlope Listings & Sales could not be reached: its token or login endpoint answered 502: login gateway down');
	});

	it('a busy login (429 with Retry-After) is not a refusal: n8n logs in again after the wait, and the call goes', async () => {
		busyAnswers = 2;
		const { error, output } = await probe('listings', '/api/subscribers', listings({ customBaseUrl: busy.url }));
		expect(error).toBeUndefined();
		expect(output[0][0].json).toEqual({ body: { answered: '/api/subscribers' } });
		expect(busy.requests.map((r) => `${r.method} ${r.path}`)).toEqual(['POST /auth/login', 'POST /auth/login', 'POST /auth/login', 'GET /api/subscribers']);
	});

	it('a login busy (429) at every attempt: says so with its endpoint, never that the credential was refused', async () => {
		busyAnswers = 1_000;
		const { error } = await probe('listings', '/api/subscribers', listings({ customBaseUrl: busy.url }));
		expect(error?.message).toBe('SkySlope Listings & Sales answered 429 at its token or login endpoint: Too Many Requests');
		expect(error?.description).toContain(`Endpoint: ${busy.url}/auth/login`);
		expect(error?.description).toMatch(/To fix: the service limits the requests/);
		expect(busy.requests.map((r) => r.path)).toEqual(Array(retryPolicy.attempts).fill('/auth/login'));
	});

	it('connection refused at the login: could not be reached, with the cause', async () => {
		const { error } = await probe('listings', '/api/subscribers', listings({ customBaseUrl: `http://127.0.0.1:${await closedPort()}` }));
		expect(error?.message).toMatch(/^SkySlope Listings & Sales could not be reached: /);
		expect(error?.description).toContain('ECONNREFUSED');
	});
});
