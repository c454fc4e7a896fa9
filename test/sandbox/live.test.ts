/* eslint-disable @n8n/community-nodes/no-restricted-globals -- dev tooling, never shipped in dist */
import { request } from 'undici';

import type { ServiceModule } from '../../sandbox/core/context';
import { allLive, LIVE_BEHAVIOURS, parseLiveSwitches } from '../../sandbox/core/live';
import { Router } from '../../sandbox/core/router';
import { SandboxServer } from '../../sandbox/core/server';

/** A service whose one route answers after a delay, to hold requests in flight. */
function slowService(): ServiceModule {
	const router = new Router().get('/slow', async () => {
		await new Promise((r) => setTimeout(r, 150));
		return { status: 200, json: { ok: true } };
	});
	return {
		name: 'listings',
		mount: '/slow',
		router,
		error: (status, message) => ({ status, json: { message } }),
		rateKey: () => 'one',
		expireAuth: () => undefined,
		credentialHints: () => ({}),
		state: {},
		applyLive: (_req, answer, switches) => ({ ...answer, json: { ...(answer.json as object), live: Object.keys(switches) } }),
	};
}

describe('sandbox live switches', () => {
	it('reads "all", comma lists with numbers, arrays and objects, and refuses an unknown name', () => {
		expect(Object.keys(parseLiveSwitches('all'))).toEqual([...LIVE_BEHAVIOURS]);
		expect(parseLiveSwitches('pastEnd422, parallel429=6')).toEqual({ pastEnd422: true, parallel429: 6 });
		expect(parseLiveSwitches(['zonelessDates'])).toEqual({ zonelessDates: true });
		expect(parseLiveSwitches({ switches: 'valuesPayload' })).toEqual({ valuesPayload: true });
		expect(parseLiveSwitches({ displayStatuses: true, writeWarnings: false })).toEqual({ displayStatuses: true });
		expect(parseLiveSwitches(undefined)).toEqual({});
		expect(() => parseLiveSwitches('pastEnd')).toThrow(/unknown live switch 'pastEnd'/);
		expect(allLive().parallel429).toBe(true);
	});

	it('are set over HTTP, reach the service per answer, and parallel429 refuses requests beyond the limit', async () => {
		const sandbox = new SandboxServer({ port: 0 }, [slowService]);
		await sandbox.listen();
		try {
			const put = await request(`${sandbox.baseUrl}/_sandbox/live`, {
				method: 'PUT',
				body: JSON.stringify({ switches: 'parallel429=2,valuesPayload' }),
			});
			expect(await put.body.json()).toEqual({ parallel429: 2, valuesPayload: true });
			const bad = await request(`${sandbox.baseUrl}/_sandbox/live`, { method: 'PUT', body: JSON.stringify({ switches: 'nope' }) });
			expect(bad.statusCode).toBe(400);
			await bad.body.text();

			const answers = await Promise.all(
				[1, 2, 3, 4].map(async () => {
					const res = await request(`${sandbox.baseUrl}/slow/slow`);
					return { status: res.statusCode, body: (await res.body.json()) as Record<string, unknown> };
				}),
			);
			expect(answers.map((a) => a.status).sort()).toEqual([200, 200, 429, 429]);
			expect(answers.find((a) => a.status === 200)?.body.live).toEqual(['parallel429', 'valuesPayload']);
			expect(sandbox.log.filter((e) => e.fault === 'parallel')).toHaveLength(2);

			// Done in flight: the next ones are answered again; switched off, the answer is the service's own.
			await request(`${sandbox.baseUrl}/_sandbox/live`, { method: 'DELETE' }).then((r) => r.body.text());
			const res = await request(`${sandbox.baseUrl}/slow/slow`);
			expect(await res.body.json()).toEqual({ ok: true });
		} finally {
			await sandbox.close();
		}
	});
});
