// The reason a failed request declares on its error (`failure`, n8n-workflow errors/failure.ts):
// n8n 2.x backs a durable poll trigger off on it (poll-backoff-policy.js), at least as long as a
// rate limit asked, 30 minutes when someone must fix something. An n8n that does not read it reads
// the status (`httpCode`), which every error still carries.
import type { INode } from 'n8n-workflow';

import { offersService } from '../../nodes/SkySlope/offers/service';
import { toApiError } from '../../nodes/SkySlope/shared/transport/error-words';
import type { Failure } from '../../nodes/SkySlope/shared/transport/failure';

const node = { name: 'SkySlope Trigger', credentials: {} } as unknown as INode;
const ctx = { getNode: () => node };

async function declared(failure: Failure): Promise<{ failure?: unknown; httpCode?: string | null }> {
	const error = await toApiError({ ctx: ctx as never, service: offersService, failure, secrets: [] });
	return { failure: (error as { failure?: unknown }).failure, httpCode: error.httpCode };
}

describe('what a failed request declares to n8n', () => {
	it('a 429: rate limited, with the wait the service asked (Retry-After, else the window\'s reset)', async () => {
		expect(await declared({ status: 429, message: 'x', headers: { 'retry-after': '120' } })).toEqual({ failure: { cause: 'rate-limited', retryAfterMs: 120_000 }, httpCode: '429' });
		const reset = Math.ceil((Date.now() + 600_000) / 1000);
		const byReset = await declared({ status: 429, message: 'x', headers: { 'x-ratelimit-reset': String(reset), 'x-ratelimit-remaining': '0' } });
		expect(byReset.failure).toEqual({ cause: 'rate-limited', retryAfterMs: expect.any(Number) });
		expect((byReset.failure as { retryAfterMs: number }).retryAfterMs).toBeGreaterThan(590_000);
		expect(await declared({ status: 429, message: 'x' })).toEqual({ failure: { cause: 'rate-limited' }, httpCode: '429' });
	});

	it('a 5xx, or no answer at all: temporarily unavailable', async () => {
		expect((await declared({ status: 503, message: 'x', headers: { 'retry-after': '30' } })).failure).toEqual({ cause: 'temporarily-unavailable', retryAfterMs: 30_000 });
		expect((await declared({ message: 'x', code: 'ECONNREFUSED' })).failure).toEqual({ cause: 'temporarily-unavailable' });
	});

	it('a refused credential: someone must reconnect it', async () => {
		expect((await declared({ status: 401, message: 'x' })).failure).toEqual({ cause: 'credential-invalid' });
		expect((await declared({ status: 400, message: 'x', refusal: { oauthError: 'invalid_client' }, authStage: true })).failure).toEqual({ cause: 'credential-invalid' });
	});

	it('a 403 (the account may not): configuration; a 400, 404, 409 or 422 declares nothing (a passing fault waits on n8n\'s curve, not 30 minutes)', async () => {
		expect((await declared({ status: 403, message: 'x' })).failure).toEqual({ cause: 'configuration-invalid' });
		for (const status of [400, 404, 409, 422]) expect((await declared({ status, message: 'x' })).failure).toBeUndefined();
	});
});
