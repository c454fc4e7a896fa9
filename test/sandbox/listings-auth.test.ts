import { expectedSignature } from '../../sandbox/listings/auth';
import { DEMO, Listings, sign } from '../../harness/listings-client';

describe('listings sandbox: login and sessions (spec 5)', () => {
	let now = Date.now();
	let api: Listings;
	beforeEach(async () => {
		now = Date.now();
		api = await Listings.start({ clock: () => now, lifetimes: { listingsSession: 600 } });
	});
	afterEach(async () => api.close());

	it('verifies the published test vector', () => {
		expect(expectedSignature('testAccessSecret', 'myClientId', 'myClientSecret', '2024-01-02T03:04:05Z')).toBe(
			'wVSJ8Rv45kXhWvoTCH9K0/PRjCEBQxu7PTrNG+Bj6Rw=',
		);
	});

	it('logs in and opens a session that lasts listingsSession', async () => {
		const r = await api.loginRaw();
		expect(r.status).toBe(200);
		expect(typeof r.json.Session).toBe('string');
		expect(Date.parse(String(r.json.Expiration))).toBe(now + 600 * 1000);
		api.session = String(r.json.Session);
		expect((await api.get('/api/subscribers')).status).toBe(200);
	});

	it('accepts ClientId/ClientSecret keys and timestamps with milliseconds or +00:00', async () => {
		const ts = new Date(now).toISOString();
		const body = JSON.stringify({ ClientId: DEMO.clientId, ClientSecret: DEMO.clientSecret });
		expect((await api.loginRaw({ timestamp: ts, body })).status).toBe(200);
		const plus = new Date(now).toISOString().replace('Z', '+00:00');
		expect((await api.loginRaw({ timestamp: plus })).status).toBe(200);
		expect((await api.loginRaw({ contentType: 'application/json; charset=utf-8' })).status).toBe(200);
	});

	it('refuses a bad signature, a stale or malformed timestamp, an unknown key or client, a wrong content type', async () => {
		const bad = await api.loginRaw({ signature: sign('wrong', DEMO.clientId, DEMO.clientSecret, 'x') });
		expect(bad.status).toBe(401);
		expect(bad.json).toEqual({ errors: ['Invalid signature'] });

		const stale = new Date(now - 6 * 60 * 1000).toISOString().replace(/\.\d{3}Z$/, 'Z');
		expect((await api.loginRaw({ timestamp: stale })).status).toBe(401);
		const future = new Date(now + 6 * 60 * 1000).toISOString();
		expect((await api.loginRaw({ timestamp: future })).status).toBe(401);
		const withinSkew = new Date(now - 4 * 60 * 1000).toISOString();
		expect((await api.loginRaw({ timestamp: withinSkew })).status).toBe(200);
		expect((await api.loginRaw({ timestamp: '2024-01-02 03:04:05' })).status).toBe(401);
		expect((await api.loginRaw({ timestamp: new Date(now).toISOString().replace('Z', '+02:00') })).status).toBe(401);

		expect((await api.loginRaw({ accessKey: 'no-such-key' })).status).toBe(401);
		expect((await api.loginRaw({ clientId: 'no-such-client' })).status).toBe(401);
		expect((await api.loginRaw({ clientSecret: 'wrong-secret' })).status).toBe(401);

		const type = await api.loginRaw({ contentType: 'text/plain' });
		expect(type.status).toBe(415);
		expect(type.json.errors).toEqual(['Content-Type must be application/json']);
		expect((await api.loginRaw({ body: 'not json' })).status).toBe(400);
		expect((await api.loginRaw({ body: '{}' })).status).toBe(400);
	});

	it('answers 401 without or with an unknown session, 403 once it expired; a new login works', async () => {
		expect((await api.raw('GET', '/api/offices')).status).toBe(401);
		api.session = 'not-a-session';
		const unknown = await api.get('/api/offices');
		expect(unknown.status).toBe(401);
		expect(unknown.json).toEqual({ errors: ['Unknown session'] });

		await api.login();
		expect((await api.get('/api/offices')).status).toBe(200);
		now += 600 * 1000;
		const expired = await api.get('/api/offices');
		expect(expired.status).toBe(403);
		expect(expired.json.errors?.[0]).toMatch(/expired/i);

		await api.login();
		expect((await api.get('/api/offices')).status).toBe(200);
		api.sandbox.expireAuth('listings');
		expect((await api.get('/api/offices')).status).toBe(403);
		await api.login();
		expect((await api.get('/api/offices')).status).toBe(200);
	});

	it('the health check needs no session', async () => {
		const r = await api.raw('GET', '/api/healthcheck');
		expect(r.status).toBe(200);
		expect(r.headers['content-type']).toBe('application/json; charset=utf-8');
	});
});

describe('listings sandbox: rate limit per clientId (spec 8)', () => {
	let api: Listings;
	beforeEach(async () => {
		api = await Listings.start({ rateLimits: { listings: { limit: 5, windowSeconds: 60 } } });
	});
	afterEach(async () => api.close());

	it('counts every session of one client together and answers 429 with the x-ratelimit headers', async () => {
		const first = await api.login(); // 1
		await api.login('agent'); // 2: another user, same clientId
		const a = await api.get('/api/offices'); // 3
		expect(a.headers['x-ratelimit-limit']).toBe('5');
		expect(a.headers['x-ratelimit-remaining']).toBe('2');
		api.session = first;
		await api.get('/api/offices'); // 4
		await api.get('/api/offices'); // 5
		const limited = await api.get('/api/offices'); // 6
		expect(limited.status).toBe(429);
		expect(limited.json.errors).toEqual(['Too Many Requests']);
		expect(limited.headers['x-ratelimit-remaining']).toBe('0');
		expect(Number(limited.headers['x-ratelimit-reset'])).toBeGreaterThan(Date.now() / 1000);
		expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
	});
});
