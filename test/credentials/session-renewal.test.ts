// Issue "Nothing silent" section 5: an expired listings-and-sales session (403) is renewed at the
// node's own level, the same whether n8n renews on 403 itself (2.x, preAuthenticationRetryStatusCode)
// or only on 401 (1.x): the node resends once without the stored session, the service answers
// 401, n8n logs in (stored) and resends. Real n8n-core request helpers, in process; `listings1x`
// is the same service with n8n 1.x's 401-only renewal. The real n8n 1.x is in test/e2e-1x.
import type { ICredentialDataDecryptedObject } from 'n8n-workflow';

import { startSandbox, type SandboxServer } from '../../sandbox';
import { DEMO } from '../../sandbox/listings';
import { probe } from './probe';

let sandbox: SandboxServer;
beforeAll(async () => (sandbox = await startSandbox({ port: 0 })));
afterAll(async () => await sandbox.close());
afterEach(() => sandbox.setFaults([]));

function credentials(): ICredentialDataDecryptedObject {
	return {
		environment: 'custom',
		customBaseUrl: `${sandbox.baseUrl}/listings`,
		clientId: DEMO.clientId,
		clientSecret: DEMO.clientSecret,
		accessKey: DEMO.accessKey,
		accessSecret: DEMO.accessSecret,
	};
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
		const expected =
			service === 'listings1x'
				? // 403; resent without the session: 401; n8n logs in and resends: 200. The second item uses the new session.
					['GET /api/subscribers 403', 'GET /api/subscribers 401', 'POST /auth/login 200', 'GET /api/subscribers 200', 'GET /api/subscribers 200']
				: // n8n 2.x logs in on the 403 itself.
					['GET /api/subscribers 403', 'POST /auth/login 200', 'GET /api/subscribers 200', 'GET /api/subscribers 200'];
		expect(trail()).toEqual(expected);
		// The resend without the session really left it out, and the renewal marker never left n8n.
		const log = sandbox.requests('listings');
		if (service === 'listings1x') expect(log[1].headers.session).toBeUndefined();
		for (const e of log) expect(Object.keys(e.headers)).not.toContain('x-skyslope-renew-session');
		// The new session is stored for the next execution.
		expect(result.credentials.skySlopeApi.sessionToken).not.toBe(stored.sessionToken);
		expect(log[log.length - 1].headers.session).toBe(result.credentials.skySlopeApi.sessionToken);
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
