 
import { request } from 'undici';

import type { ServiceModule } from '../../sandbox/core/context';
import { Router } from '../../sandbox/core/router';
import { SandboxServer } from '../../sandbox/core/server';

/** A one-route service, to test what the server does for every service. */
function echoService(): ServiceModule & { state: { expired: number } } {
	const state = { expired: 0 };
	const router = new Router()
		.get('/things/:id', (req) => ({ status: 200, json: { id: req.params.id } }))
		.post('/things', (req) => ({ status: 201, json: { received: req.body.length } }));
	return {
		name: 'forms',
		mount: '/echo',
		router,
		error: (status, message) => ({ status, json: { code: String(status), message, errors: [], traceId: 'trace-x' } }),
		rateKey: (req) => String(req.headers.authorization ?? 'anonymous'),
		expireAuth: () => {
			state.expired++;
		},
		credentialHints: (base) => ({ baseUrl: `${base}/echo` }),
		state,
	};
}

let sandbox: SandboxServer;
let service: ReturnType<typeof echoService>;

beforeEach(async () => {
	service = echoService();
	sandbox = new SandboxServer({ port: 0, rateLimits: { forms: { limit: 3, windowSeconds: 60 } } }, [() => service]);
	await sandbox.listen();
});
afterEach(async () => sandbox.close());

const get = (path: string, headers: Record<string, string> = {}) => request(`${sandbox.baseUrl}${path}`, { headers });

describe('sandbox server', () => {
	it('routes below the mount, decodes a path parameter once, and logs what was sent', async () => {
		const res = await get('/echo/things/a%2Fb?x=1&x=2');
		expect(res.statusCode).toBe(200);
		expect(await res.body.json()).toEqual({ id: 'a/b' });
		const [entry] = sandbox.requests('forms', 'GET');
		expect(entry).toMatchObject({ path: '/things/a%2Fb', query: { x: ['1', '2'] }, status: 200 });
	});

	it('logs JSON and urlencoded bodies parsed', async () => {
		await request(`${sandbox.baseUrl}/echo/things`, {
			method: 'POST',
			headers: { 'content-type': 'application/json' },
			body: '{"a":1}',
		});
		await request(`${sandbox.baseUrl}/echo/things`, {
			method: 'POST',
			headers: { 'content-type': 'application/x-www-form-urlencoded' },
			body: 'grant_type=client_credentials',
		});
		expect(sandbox.requests('forms', 'POST').map((e) => e.body)).toEqual([{ a: 1 }, { grant_type: 'client_credentials' }]);
	});

	it("answers unknown paths and methods in the service's own error shape", async () => {
		const missing = await get('/echo/nothing');
		expect(missing.statusCode).toBe(404);
		expect(await missing.body.json()).toMatchObject({ code: '404', traceId: 'trace-x' });
		const wrong = await request(`${sandbox.baseUrl}/echo/things/1`, { method: 'DELETE' });
		expect(wrong.statusCode).toBe(405);
		await wrong.body.dump();
	});

	it('rate-limits per client with x-ratelimit-* headers and a 429 past the limit', async () => {
		const remaining: string[] = [];
		for (let i = 0; i < 3; i++) {
			const res = await get('/echo/things/1', { authorization: 'client-a' });
			remaining.push(String(res.headers['x-ratelimit-remaining']));
			await res.body.dump();
		}
		expect(remaining).toEqual(['2', '1', '0']);
		const limited = await get('/echo/things/1', { authorization: 'client-a' });
		expect(limited.statusCode).toBe(429);
		expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
		expect(Number(limited.headers['x-ratelimit-reset'])).toBeGreaterThan(Date.now() / 1000);
		await limited.body.dump();
		// Another client has its own window.
		const other = await get('/echo/things/1', { authorization: 'client-b' });
		expect(other.statusCode).toBe(200);
		await other.body.dump();
	});

	it('fault knobs: 5xx share, dropped connections, latency, expiry every N, bounded by times', async () => {
		sandbox.setFaults([{ path: '^/things/1$', errorRate: 1, errorStatus: 502, times: 1 }]);
		const failed = await get('/echo/things/1');
		expect(failed.statusCode).toBe(502);
		expect(await failed.body.json()).toMatchObject({ message: 'Service Unavailable (sandbox fault)' });
		const after = await get('/echo/things/1');
		expect(after.statusCode).toBe(200);
		await after.body.dump();

		sandbox.setFaults([{ dropRate: 1 }]);
		await expect(get('/echo/things/2')).rejects.toThrow();
		expect(sandbox.log.at(-1)?.fault).toBe('drop');

		sandbox.setFaults([{ latencyMs: 150 }]);
		const started = Date.now();
		await (await get('/echo/things/2')).body.dump();
		expect(Date.now() - started).toBeGreaterThanOrEqual(140);

		sandbox.setFaults([{ expireEvery: 2 }]);
		sandbox.setRateLimit('forms', { limit: 100 });
		for (let i = 0; i < 4; i++) await (await get('/echo/things/3')).body.dump();
		expect(service.state.expired).toBe(2);
	});

	it('is controlled over HTTP by processes that do not hold it', async () => {
		await (await get('/echo/things/1')).body.dump();
		const log = await (await get('/_sandbox/log')).body.json();
		expect(log).toEqual([expect.objectContaining({ service: 'forms', path: '/things/1' })]);
		const faults = await request(`${sandbox.baseUrl}/_sandbox/faults`, {
			method: 'PUT',
			body: JSON.stringify([{ errorRate: 1 }]),
		});
		expect(await faults.body.json()).toEqual({ faults: 1 });
		expect((await get('/echo/things/1')).statusCode).toBe(503);
		await request(`${sandbox.baseUrl}/_sandbox/expire`, { method: 'POST', body: '{}' }).then((r) => r.body.dump());
		expect(service.state.expired).toBe(1);
		const info = await (await get('/')).body.json();
		expect(info).toEqual({
			sandbox: 'n8n-nodes-skyslope',
			services: { forms: { baseUrl: `${sandbox.baseUrl}/echo`, credentials: { baseUrl: `${sandbox.baseUrl}/echo` } } },
		});
	});
});
