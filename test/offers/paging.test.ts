// Paging against services that behave unlike the sandbox: the spec names no maximum pageSize, so a
// service may answer fewer offers than asked, or ignore `page` altogether.
import type { INodeParameters } from 'n8n-workflow';

import { SkySlope } from '../../nodes/SkySlope/SkySlope.node';
import { type OffersState } from '../../sandbox/offers';
import { runNode } from '../../harness/node';
import { offersBetween, offersCredentialsAt, useOffers } from './setup';
import { startTestServer, type RecordedRequest, type Reply, type TestServer } from '../../harness/node/test-server';

const offers = Array.from({ length: 130 }, (_, i) => ({
	OfferId: `offer-${String(i).padStart(3, '0')}`,
	OfferSubmissionDate: new Date(Date.UTC(2026, 0, 2, 0, i)).toISOString(),
	OfferTerms: { OfferVersionNumber: 1 },
}));

/** A service of our own making, behind the Offers token endpoint. */
async function serve(answer: (request: RecordedRequest) => Reply): Promise<TestServer> {
	return await startTestServer((request: RecordedRequest): Reply =>
		request.path.endsWith('/ext/token') ? { body: { token_type: 'Bearer', expires_in: 3600, access_token: 'token' } } : answer(request),
	);
}

/** A service giving offers a page at a time, a 204 past them. */
async function servePages(pageOf: (page: number, pageSize: number) => unknown[]): Promise<TestServer> {
	return await serve((request) => {
		const records = pageOf(Number(request.query.page), Number(request.query.pageSize));
		return records.length ? { body: records } : { status: 204, body: '' };
	});
}

const run = async (server: TestServer, parameters: INodeParameters) =>
	await runNode({ node: SkySlope, credentials: offersCredentialsAt(server.url, { clientId: 'id', clientSecret: 'secret' }), parameters });

const getMany = (server: TestServer) =>
	run(server, { resource: 'offer', operation: 'getAll', startDate: '2026-01-01', endDate: '2026-01-20', returnAll: true });

describe('Get Many paging against other services', () => {
	it('reads every offer when the service silently answers at most 40 a page', async () => {
		const server = await servePages((page) => offers.slice((page - 1) * 40, page * 40));
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

	it('fails loudly, naming the repeat, when the service ignores page: the rest of the window is not taken for none', async () => {
		const server = await servePages((_page, pageSize) => offers.slice(0, pageSize));
		try {
			const result = await getMany(server);
			expect(result.error?.message).toMatch(/answered page 2 of the offers of 2026-01-01 to 2026-01-21 with the same 100 offers as page 1: the rest of the window cannot be read/);
			expect(server.requests.filter((r) => r.path.endsWith('/ext/offers/'))).toHaveLength(2);
		} finally {
			await server.close();
		}
	});
});

describe('a page of offers already returned is not the end', () => {
	// More than a page (100) of offers on each day around the window edges: neighbouring windows
	// share a day, so the next window's first pages hold only offers already returned. Whatever the
	// order the service returns them in, every offer comes once.
	const dense = Array.from({ length: 3 * 250 }, (_, i) => ({
		OfferId: `dense-${String(i).padStart(4, '0')}`,
		// 250 offers on each of the last day of the first window, the shared day and the day after.
		OfferSubmissionDate: new Date(Date.UTC(2026, 0, 30 + Math.floor(i / 250), 1, 0, i % 250)).toISOString(),
		OfferTerms: { OfferVersionNumber: 1 },
	}));
	const inWindow = (startDate: string, endDate: string) =>
		dense.filter((o) => o.OfferSubmissionDate.slice(0, 10) >= startDate && o.OfferSubmissionDate.slice(0, 10) <= endDate);

	it.each([
		['oldest first', (list: typeof dense) => list],
		['newest first', (list: typeof dense) => [...list].reverse()],
	])('Get Many over two windows, offers %s: every offer once', async (_order, order) => {
		const server = await serve((request) => {
			const list = order(inWindow(String(request.query.startDate), String(request.query.endDate)));
			const page = Number(request.query.page);
			const size = Number(request.query.pageSize);
			const records = list.slice((page - 1) * size, page * size);
			return records.length ? { body: records } : { status: 204, body: '' };
		});
		try {
			const result = await run(server, { resource: 'offer', operation: 'getAll', startDate: '2026-01-01', endDate: '2026-02-05', returnAll: true });
			expect(result.error).toBeUndefined();
			const ids = result.output[0].map((i) => String(i.json.OfferId));
			expect(ids.length).toBe(dense.length);
			expect(new Set(ids)).toEqual(new Set(dense.map((o) => o.OfferId)));
		} finally {
			await server.close();
		}
	});
});

describe('every operation may answer 204', () => {
	it('Get gives no item, Report gives zero counts', async () => {
		const server = await serve(() => ({ status: 204, body: '' }));
		try {
			const get = await run(server, { resource: 'offer', operation: 'get', offerId: 'any' });
			expect(get.error).toBeUndefined();
			expect(get.output[0]).toEqual([]);
			const report = await run(server, { resource: 'report', operation: 'get', startDate: '2026-01-01', endDate: '2026-01-01' });
			expect(report.error).toBeUndefined();
			expect(report.output[0].map((i) => i.json)).toEqual([
				{ offerCount: 0, listingCount: 0, startDate: '2026-01-01', endDate: '2026-01-01' },
			]);
		} finally {
			await server.close();
		}
	});
});

describe('Get Many asks for whole days (`YYYY-MM-DD`, as both documents type them), against the sandbox', () => {
	const DAY = 24 * 3600 * 1000;
	const env = useOffers();

	it('each offer in a range that starts and ends mid-day comes exactly once, windows sharing a day included', async () => {
		// A range far from the seed, with offers on every day edge the windows make.
		const start = Date.UTC(2019, 2, 3, 15, 30);
		const end = start + 75 * DAY;
		const at = (ms: number, id: string) => env.state.upsert({ OfferId: id, OfferSubmissionDate: new Date(ms).toISOString() });
		const startDay = Date.UTC(2019, 2, 3);
		const endDay = startDay + 75 * DAY;
		at(startDay + 1000, 'before-start'); // the first day, before the range starts
		at(start, 'at-start');
		at(startDay + 30 * DAY, 'shared-day-1'); // the day the first two windows share
		at(startDay + 30 * DAY + DAY - 1, 'shared-day-1-late');
		at(startDay + 60 * DAY + 12 * 3600 * 1000, 'shared-day-2');
		at(end, 'at-end');
		at(end + 1, 'after-end'); // the last day, after the range ends
		at(endDay + DAY + 60_000, 'day-after'); // the extra day the last window asks for
		env.sandbox.clearLog();

		const result = await runNode({
			node: SkySlope,
			credentials: env.credentials,
			parameters: offersBetween(start, end),
		});
		expect(result.error).toBeUndefined();
		const ids = result.output[0].map((i) => String(i.json.OfferId));
		expect(ids.filter((id) => ids.indexOf(id) !== ids.lastIndexOf(id))).toEqual([]);
		expect(ids.sort()).toEqual(['at-end', 'at-start', 'shared-day-1', 'shared-day-1-late', 'shared-day-2']);

		const firstPages = env.sandbox.requests('offers', 'GET', /\/ext\/offers\/$/).filter((r) => r.query.page === '1');
		const windows = firstPages.map((r) => [r.query.startDate, r.query.endDate]);
		expect(windows).toEqual([
			['2019-03-03', '2019-04-02'],
			['2019-04-02', '2019-05-02'],
			// The last window stops the day after the range's last day (2019-05-17), not 30 days on.
			['2019-05-02', '2019-05-18'],
		]);
		// Every window was answered (the shared days twice): the node kept each offer once.
		expect(firstPages.map((r) => r.status)).toEqual([200, 200, 200]);
	});

	it('Get and Get Many give the same flattened offers whether contingencies come as names or as OpenAPI {name} objects', async () => {
		const { credentials } = env;
		const end = env.state.anchorMs - 1000;
		const withContingencies = env.state.inRange(end - 20 * DAY, end).find((o) => o.OfferTerms.Contingencies.length > 0)!;
		const run = async (naming: OffersState['naming']) => {
			env.state.naming = naming;
			env.sandbox.clearLog();
			const many = await runNode({
				node: SkySlope,
				credentials,
				parameters: offersBetween(end - 20 * DAY, end, { options: { flatten: true } }),
			});
			const one = await runNode({
				node: SkySlope,
				credentials,
				parameters: { resource: 'offer', operation: 'get', offerId: withContingencies.OfferId, options: { flatten: true } },
			});
			const raw = env.sandbox.requests('offers', 'GET', /\/ext\/offer\//)[0];
			return { many: many.output[0].map((i) => i.json), one: one.output[0].map((i) => i.json), status: raw?.status };
		};
		try {
			const service = await run('service');
			const openapi = await run('openapi');
			expect(openapi.status).toBe(200);
			expect(service.one[0].Contingencies).toBe(withContingencies.OfferTerms.Contingencies.join(', '));
			expect(openapi.one).toEqual(service.one);
			expect(openapi.many).toEqual(service.many);
			expect(service.many.length).toBeGreaterThan(0);

			// Agent listings: the OpenAPI's viewOffersLink is passed on; its absence (service documents) is no error.
			const agentId = String(withContingencies.OfferProperty.OfferAgentId);
			const listingsIn = async (naming: OffersState['naming']) => {
				env.state.naming = naming;
				const result = await runNode({ node: SkySlope, credentials, parameters: { resource: 'agent', operation: 'getListings', agentId } });
				expect(result.error).toBeUndefined();
				return result.output[0].map((i) => i.json);
			};
			const plain = await listingsIn('service');
			const linked = await listingsIn('openapi');
			expect(plain.length).toBeGreaterThan(0);
			expect(linked.map(({ viewOffersLink, ...rest }) => [rest, typeof viewOffersLink])).toEqual(plain.map((l) => [l, 'string']));
		} finally {
			env.state.naming = 'service';
		}
	});
});
