// An expired listings-and-sales session (403) is renewed with one login and no refused request in
// between, the same whether n8n renews on 403 itself (2.x, preAuthenticationRetryStatusCode) or only
// on 401 (1.x): on 1.x the node sends the request again through n8n with the session emptied, so
// n8n logs in first (stored) and sends it with the new one. Real n8n-core request helpers, in
// process; `listings1x` is the same service with n8n 1.x's 401-only renewal. The real n8n 1.x is in
// test/e2e-1x.
import type { ICredentialDataDecryptedObject } from 'n8n-workflow';

import { startSandbox, type SandboxServer } from '../../sandbox';
import { probe } from './probe';
import { demoCredentials } from '../../sandbox/listings';

let sandbox: SandboxServer;
beforeAll(async () => (sandbox = await startSandbox({ port: 0 })));
afterAll(async () => await sandbox.close());
afterEach(() => sandbox.setFaults([]));

function credentials(): ICredentialDataDecryptedObject {
	return demoCredentials(sandbox.baseUrl);
}

/** A working session, stored as n8n stores it after a first call. */
async function loggedIn(): Promise<ICredentialDataDecryptedObject> {
	const first = await probe('listings', '/api/subscribers', credentials());
	expect(first.error).toBeUndefined();
	const stored = first.credentials.skySlopeApi;
	expect(stored.sessionToken).toEqual(expect.any(String));
	return stored;
}

const trail = () => sandbox.requests('listings').map((e) => `${e.method} ${e.path} ${e.status}`);

describe.each([
	['n8n 1.x (renews on 401 only)', 'listings1x' as const],
	['n8n 2.x (renews on 401 and 403)', 'listings' as const],
])('%s', (_line, service) => {
	it('an expired session (403) is renewed once, stored, and the call succeeds', async () => {
		const stored = await loggedIn();
		sandbox.expireAuth('listings');
		sandbox.clearLog();
		const result = await probe(service, '/api/subscribers', stored, { items: 2 });
		expect(result.error).toBeUndefined();
		expect(result.output[0]).toHaveLength(2);
		// On both lines: the 403, one login (n8n 2.x's own, or the node's through n8n on 1.x), the call
		// again with the new session; the second item uses it too. No request refused on the way.
		expect(trail()).toEqual(['GET /api/subscribers 403', 'POST /auth/login 200', 'GET /api/subscribers 200', 'GET /api/subscribers 200']);
		const log = sandbox.requests('listings');
		// The new session is stored for the next execution.
		expect(result.credentials.skySlopeApi.sessionToken).not.toBe(stored.sessionToken);
		expect(log[log.length - 1].headers.session).toBe(result.credentials.skySlopeApi.sessionToken);
	});

	it('a session past its renewal time is renewed before the call: one login, nothing refused', async () => {
		const stored = await loggedIn();
		sandbox.clearLog();
		const due = { ...stored, sessionRenewAt: new Date(Date.now() - 1000).toISOString() };
		const result = await probe(service, '/api/subscribers', due, { items: 2 });
		expect(result.error).toBeUndefined();
		expect(trail()).toEqual(['POST /auth/login 200', 'GET /api/subscribers 200', 'GET /api/subscribers 200']);
		expect(result.credentials.skySlopeApi.sessionToken).not.toBe(stored.sessionToken);
		expect(Date.parse(String(result.credentials.skySlopeApi.sessionRenewAt))).toBeGreaterThan(Date.now());
	});

	it('a write refused with 403 (expired session) is renewed and sent again: the service had not processed it', async () => {
		const stored = await loggedIn();
		sandbox.expireAuth('listings');
		sandbox.clearLog();
		// An empty listing: once the session is good, the service validates it and answers 400.
		const result = await probe(service, '/api/files/listings', stored, { method: 'POST' });
		const posts = trail().filter((t) => t.startsWith('POST /api/files/listings'));
		expect(posts[0]).toBe('POST /api/files/listings 403');
		expect(posts[posts.length - 1]).toBe('POST /api/files/listings 400');
		expect(trail()).toContain('POST /auth/login 200');
		expect(result.error?.message).toMatch(/^SkySlope Listings & Sales answered 400/);
	});

	it('a 403 that is not an expiry (still 403 with a new session) is renewed once, then reported, and not renewed again', async () => {
		const stored = await loggedIn();
		sandbox.clearLog();
		sandbox.setFaults([{ service: 'listings', path: '^/api/subscribers$', errorRate: 1, errorStatus: 403 }]);
		const result = await probe(service, '/api/subscribers', stored, { items: 2 });
		expect(result.error?.message).toMatch(/^SkySlope Listings & Sales answered 403/);
		expect(trail().filter((t) => t === 'POST /auth/login 200').length).toBeLessThanOrEqual(2);
		expect(trail().filter((t) => t.startsWith('GET')).length).toBeLessThanOrEqual(4);
	});
});
