// Paging against services that behave unlike the sandbox: the spec names no maximum pageSize, so a
// service may answer fewer offers than asked, or ignore `page` altogether.
import type { ICredentialDataDecryptedObject } from 'n8n-workflow';

import { SkySlopeOffers } from '../../nodes/SkySlopeOffers/SkySlopeOffers.node';
import { runNode } from '../harness';
import { startTestServer, type RecordedRequest, type Reply, type TestServer } from '../harness/test-server';

const offers = Array.from({ length: 130 }, (_, i) => ({
	OfferId: `offer-${String(i).padStart(3, '0')}`,
	OfferSubmissionDate: new Date(Date.UTC(2026, 0, 2, 0, i)).toISOString(),
	OfferTerms: { OfferVersionNumber: 1 },
}));

async function serve(pageOf: (page: number, pageSize: number) => unknown[]): Promise<TestServer> {
	return await startTestServer((request: RecordedRequest): Reply => {
		if (request.path.endsWith('/ext/token')) {
			return { body: { token_type: 'Bearer', expires_in: 3600, access_token: 'token' } };
		}
		const records = pageOf(Number(request.query.page), Number(request.query.pageSize));
		return records.length ? { body: records } : { status: 204, body: '' };
	});
}

async function getMany(server: TestServer) {
	const credentials: Record<string, ICredentialDataDecryptedObject> = {
		skySlopeOffersOAuth2Api: { environment: 'custom', customBaseUrl: server.url, clientId: 'id', clientSecret: 'secret' },
	};
	return await runNode({
		node: SkySlopeOffers,
		credentials,
		parameters: { resource: 'offer', operation: 'getAll', startDate: '2026-01-01', endDate: '2026-01-20', returnAll: true },
	});
}

describe('Get Many paging against other services', () => {
	it('reads every offer when the service silently answers at most 40 a page', async () => {
		const server = await serve((page) => offers.slice((page - 1) * 40, page * 40));
		try {
			const result = await getMany(server);
			expect(result.error).toBeUndefined();
			expect(result.output[0].map((i) => i.json.OfferId)).toEqual(offers.map((o) => o.OfferId));
			const pages = server.requests.filter((r) => r.path.endsWith('/ext/offers/')).map((r) => r.query.page);
			expect(pages).toEqual(['1', '2', '3', '4']);
		} finally {
			await server.close();
		}
	});

	it('stops, without doubles, when the service ignores page', async () => {
		const server = await serve((_page, pageSize) => offers.slice(0, pageSize));
		try {
			const result = await getMany(server);
			expect(result.error).toBeUndefined();
			expect(result.output[0]).toHaveLength(100);
			expect(server.requests.filter((r) => r.path.endsWith('/ext/offers/'))).toHaveLength(2);
		} finally {
			await server.close();
		}
	});
});

describe('every operation may answer 204', () => {
	it('Get gives no item, Report gives zero counts', async () => {
		const server = await startTestServer((request: RecordedRequest): Reply => {
			if (request.path.endsWith('/ext/token')) {
				return { body: { token_type: 'Bearer', expires_in: 3600, access_token: 'token' } };
			}
			return { status: 204, body: '' };
		});
		const credentials: Record<string, ICredentialDataDecryptedObject> = {
			skySlopeOffersOAuth2Api: { environment: 'custom', customBaseUrl: server.url, clientId: 'id', clientSecret: 'secret' },
		};
		try {
			const get = await runNode({
				node: SkySlopeOffers,
				credentials,
				parameters: { resource: 'offer', operation: 'get', offerId: 'any' },
			});
			expect(get.error).toBeUndefined();
			expect(get.output[0]).toEqual([]);
			const report = await runNode({
				node: SkySlopeOffers,
				credentials,
				parameters: { resource: 'report', operation: 'get', startDate: '2026-01-01', endDate: '2026-01-01' },
			});
			expect(report.error).toBeUndefined();
			expect(report.output[0].map((i) => i.json)).toEqual([
				{ offerCount: 0, listingCount: 0, startDate: '2026-01-01T00:00:00.000Z', endDate: '2026-01-01T23:59:59.999Z' },
			]);
		} finally {
			await server.close();
		}
	});
});
