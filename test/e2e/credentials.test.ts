// The three credentials inside a real n8n: n8n's own credential test, a real call through each,
// and an expired session or token renewed without the user seeing it. Asserts what n8n sent (the
// sandbox log) and what came back (the execution).
import {
	clearSandboxLog,
	CREDENTIAL_READS,
	CREDENTIALS,
	editorClient,
	expire,
	type RequestLogEntry,
	runWorkflow,
	sandboxLog,
	state,
	testCredential,
} from '../../harness/n8n/workflows';

const line = (e: RequestLogEntry) => `${e.method} ${e.path} ${e.status}`;

/** The requests these tests cause (a polling trigger left active elsewhere may add others). */
const RELEVANT = /^\/(oauth2\/|partner\/api\/users\/profile|auth\/login|api\/subscribers|offers-api\/ext\/(token|report))/;
async function relevantLog(service: 'forms' | 'listings' | 'offers'): Promise<RequestLogEntry[]> {
	return (await sandboxLog(service)).filter((e) => RELEVANT.test(e.path));
}
const header = (e: RequestLogEntry, name: string) => e.headers[name.toLowerCase()] ?? '';

const profileWorkflow = CREDENTIAL_READS.forms();
const subscribersWorkflow = CREDENTIAL_READS.listings();
const reportWorkflow = CREDENTIAL_READS.offers();

beforeEach(async () => {
	await clearSandboxLog();
});

describe('SkySlope Forms OAuth2 API credential (authorization code with PKCE)', () => {
	it("connects through n8n's own OAuth2 flow, with PKCE S256 and offline_access", async () => {
		const client = await editorClient();
		await client.connectOAuth2(CREDENTIALS.forms.id);

		const log = await relevantLog('forms');
		expect(log.map(line)).toEqual(['GET /oauth2/authorize 302', 'POST /oauth2/token 200']);
		const [authorize, token] = log;
		expect(authorize.query.code_challenge_method).toBe('S256');
		expect(String(authorize.query.code_challenge)).toMatch(/^[A-Za-z0-9_-]{43}$/);
		expect(authorize.query.client_id).toBe('sandbox-forms-client');
		expect(String(authorize.query.scope).split(' ')).toContain('offline_access');
		expect(authorize.query.redirect_uri).toBe(`${state().n8nUrl}/rest/oauth2-credential/callback`);
		const body = token.body as Record<string, string>;
		expect(body.grant_type).toBe('authorization_code');
		expect(body.code_verifier).toMatch(/^[A-Za-z0-9._~-]{43,128}$/);
		expect(body.client_id).toBe('sandbox-forms-client');
	});

	it("passes n8n's credential test (it holds an access token)", async () => {
		await expect(testCredential(CREDENTIALS.forms.id)).resolves.toMatchObject({ status: 'OK' });
	});

	it('User > Get Profile calls the service with the bearer token', async () => {
		const result = await runWorkflow(profileWorkflow);

		expect(result.status).toBe('success');
		const [profile] = result.json('Get Profile');
		expect(profile).toEqual(expect.objectContaining({ id: expect.anything(), email: expect.stringContaining('@') }));
		const log = await relevantLog('forms');
		expect(log.map(line)).toEqual(['GET /partner/api/users/profile 200']);
		expect(header(log[0], 'authorization')).toMatch(/^Bearer \S+$/);
	});

	it('an expired access token is refreshed and the call sent again, without an error', async () => {
		await runWorkflow(profileWorkflow);
		await expire('forms');
		await clearSandboxLog();

		const result = await runWorkflow(profileWorkflow);

		expect(result.status).toBe('success');
		expect(result.json('Get Profile')).toHaveLength(1);
		const log = await relevantLog('forms');
		expect(log.map(line)).toEqual([
			'GET /partner/api/users/profile 401',
			'POST /oauth2/token 200',
			'GET /partner/api/users/profile 200',
		]);
		expect((log[1].body as Record<string, string>).grant_type).toBe('refresh_token');
		expect(header(log[2], 'authorization')).not.toBe(header(log[0], 'authorization'));
	});
});

describe('SkySlope API credential (signed login, session)', () => {
	it("passes n8n's credential test: a signed login, then the subscribers with the session", async () => {
		await expect(testCredential(CREDENTIALS.listings.id)).resolves.toMatchObject({ status: 'OK' });

		const log = await relevantLog('listings');
		// A login happens when the credential holds no session yet (the first use in the suite).
		for (const login of log.filter((e) => e.path === '/auth/login')) {
			expect(login.status).toBe(200);
			expect(header(login, 'authorization')).toMatch(/^SS sandbox-access-key:[A-Za-z0-9+/]{43}=$/);
			expect(header(login, 'timestamp')).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
		}
		const last = log[log.length - 1];
		expect(line(last)).toBe('GET /api/subscribers 200');
		expect(header(last, 'session')).not.toBe('');
	});

	it('Subscriber > Get returns the subscribers through the session', async () => {
		const result = await runWorkflow(subscribersWorkflow);

		expect(result.status).toBe('success');
		expect(result.items('Get Subscribers').length).toBeGreaterThan(0);
		const log = await relevantLog('listings');
		const last = log[log.length - 1];
		expect(line(last)).toBe('GET /api/subscribers 200');
		expect(header(last, 'session')).not.toBe('');
	});

	it('a session the service ended is renewed by a new signed login, and the call sent again', async () => {
		await runWorkflow(subscribersWorkflow);
		await expire('listings');
		await clearSandboxLog();

		const result = await runWorkflow(subscribersWorkflow);

		expect(result.status).toBe('success');
		const log = await relevantLog('listings');
		// The service refuses an ended session with 401 or 403; either must lead to a new login.
		expect(log.map(line)).toEqual([
			expect.stringMatching(/^GET \/api\/subscribers 40[13]$/),
			'POST /auth/login 200',
			'GET /api/subscribers 200',
		]);
		expect(header(log[2], 'session')).not.toBe(header(log[0], 'session'));
	});
});

describe('SkySlope Offers OAuth2 API credential (client credentials)', () => {
	const basic = `Basic ${Buffer.from('sandbox-offers-client:sandbox-offers-secret').toString('base64')}`;

	it("passes n8n's credential test: a token with Basic auth, then the report", async () => {
		await expect(testCredential(CREDENTIALS.offers.id)).resolves.toMatchObject({ status: 'OK' });

		const log = await relevantLog('offers');
		const last = log[log.length - 1];
		expect(line(last)).toBe('GET /offers-api/ext/report 200');
		expect(header(last, 'authorization')).toMatch(/^Bearer \S+$/);
		for (const tokenCall of log.filter((e) => e.path === '/offers-api/ext/token')) {
			expect(header(tokenCall, 'authorization')).toBe(basic);
		}
	});

	it('Report > Get returns the report for the range it sent', async () => {
		const result = await runWorkflow(reportWorkflow);

		expect(result.status).toBe('success');
		const [report] = result.json('Get Report');
		expect(report).toEqual(
			expect.objectContaining({ offerCount: expect.any(Number), startDate: '2024-01-01' }),
		);
		const log = await relevantLog('offers');
		const call = log[log.length - 1];
		expect(line(call)).toBe('GET /offers-api/ext/report 200');
		expect(call.query).toEqual(
			expect.objectContaining({ startDate: '2024-01-01', endDate: '2024-12-31' }),
		);
	});

	it('an expired token is replaced by a new one, and the call sent again', async () => {
		await runWorkflow(reportWorkflow);
		await expire('offers');
		await clearSandboxLog();

		const result = await runWorkflow(reportWorkflow);

		expect(result.status).toBe('success');
		const log = await relevantLog('offers');
		expect(log.map(line)).toEqual([
			'GET /offers-api/ext/report 401',
			'POST /offers-api/ext/token 200',
			'GET /offers-api/ext/report 200',
		]);
		expect(header(log[1], 'authorization')).toBe(basic);
		expect(header(log[2], 'authorization')).not.toBe(header(log[0], 'authorization'));
	});
});
