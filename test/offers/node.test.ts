import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { SkySlope } from '../../nodes/SkySlope/SkySlope.node';
import { OFFERS_CLIENT_ID, OFFERS_CLIENT_SECRET, type Offer } from '../../sandbox/offers';
import { runNode } from '../../harness/node';
import { offersBetween, useOffers } from './setup';

const DAY = 24 * 3600 * 1000;

describe('SkySlope node (Offers) against the sandbox', () => {
	const env = useOffers();
	beforeEach(() => {
		env.sandbox.clearLog();
		env.reconnect();
	});
	const run = (parameters: INodeParameters, input?: IDataObject[]) => env.run(parameters, { input });
	const apiCalls = (path?: RegExp) => env.apiCalls(path);
	const tokenCalls = () => env.tokenCalls();

	it('gets one offer by id, with the token fetched by Basic auth at {base}/ext/token', async () => {
		const offer = [...env.state.offers.values()][5];
		const result = await run({ resource: 'offer', operation: 'get', offerId: offer.OfferId, simplify: false });
		expect(result.error).toBeUndefined();
		expect(result.output[0]).toEqual([{ json: offer, pairedItem: { item: 0 } }]);
		const [tokenCall] = tokenCalls();
		expect(tokenCall.headers.authorization).toBe(
			`Basic ${Buffer.from(`${OFFERS_CLIENT_ID}:${OFFERS_CLIENT_SECRET}`).toString('base64')}`,
		);
		expect(apiCalls()[0].path).toBe(`/offers-api/ext/offer/${offer.OfferId}`);
		expect(apiCalls()[0].headers.authorization).toMatch(/^Bearer \S+$/);
	});

	it('flattens OfferProperty and OfferTerms into one level when asked', async () => {
		const offer = [...env.state.offers.values()].find((o) => o.OfferTerms.Contingencies.length > 1) as Offer;
		const result = await run({ resource: 'offer', operation: 'get', offerId: offer.OfferId, options: { flatten: true } });
		const json = result.output[0][0].json;
		expect(json.OfferId).toBe(offer.OfferId);
		expect(json.City).toBe(offer.OfferProperty.City);
		expect(json.OfferPrice).toBe(offer.OfferTerms.OfferPrice);
		expect(json.Contingencies).toBe(offer.OfferTerms.Contingencies.join(', '));
		expect(json.OfferProperty).toBeUndefined();
		expect(Object.values(json).every((v) => v === null || typeof v !== 'object')).toBe(true);
	});

	it('refuses ids that could steer the path before any call, and sends an unknown id to the service', async () => {
		for (const offerId of ['../token', '..', 'a/b', 'a?b', 'a#b', '%2F', 'a b']) {
			const refused = await run({ resource: 'offer', operation: 'get', offerId });
			expect(refused.error?.message).toMatch(/^Offer ID: .* \[item 0\]$/);
		}
		const agent = await run({ resource: 'agent', operation: 'getListings', agentId: 'AG1001/../../report' });
		expect(agent.error?.message).toBe('Agent ID: contains "/", which no ID has [item 0]');
		expect(apiCalls()).toHaveLength(0);

		const unknown = await run({ resource: 'offer', operation: 'get', offerId: 'no-such-offer' });
		expect(unknown.error?.message).toMatch(/404/);
		expect(apiCalls().map((e) => e.path)).toEqual(['/offers-api/ext/offer/no-such-offer']);
	});

	it('reads a 100-day range in 31-day windows: every offer exactly once, in pages of 100', async () => {
		const end = env.state.anchorMs - 1000;
		const start = end - 100 * DAY;
		const expected = env.state.inRange(start, end).map((o) => o.OfferId);
		expect(expected.length).toBeGreaterThan(60);
		const result = await run(offersBetween(start, end));
		expect(result.error).toBeUndefined();
		const ids = result.output[0].map((i) => i.json.OfferId as string);
		expect(new Set(ids).size).toBe(ids.length);
		expect([...ids].sort()).toEqual([...expected].sort());
		expect(result.output[0].every((i) => (i.pairedItem as { item: number }).item === 0)).toBe(true);

		const calls = apiCalls(/\/ext\/offers/);
		expect(calls.length).toBeGreaterThanOrEqual(4);
		const lastDay = Math.floor(end / DAY) * DAY;
		for (const call of calls) {
			// Dates as both documents type them (`YYYY-MM-DD`), at most 30 days apart (31 days even if
			// endDate counts its own day), never past the day after the range's last day.
			expect(call.query.startDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
			expect(call.query.endDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
			const from = Date.parse(call.query.startDate as string);
			const to = Date.parse(call.query.endDate as string);
			expect(to - from).toBeLessThanOrEqual(30 * DAY);
			expect(to).toBeLessThanOrEqual(lastDay + DAY);
			expect(call.query.pageSize).toBe('100');
		}
		expect(calls[0].query.startDate).toBe(new Date(start).toISOString().slice(0, 10));
		expect(Date.parse(calls[calls.length - 1].query.endDate as string)).toBe(lastDay + DAY);
	});

	it('stops at the limit, filters by agent, and an empty range (204) gives no items', async () => {
		const end = env.state.anchorMs - 1;
		const start = end - 100 * DAY;
		const limited = await run(offersBetween(start, end, { returnAll: false, limit: 7 }));
		expect(limited.output[0]).toHaveLength(7);
		expect(apiCalls(/\/ext\/offers/)).toHaveLength(1);

		const mine = await run(offersBetween(start, end, { options: { agentId: 'AG1002' } }));
		const expected = env.state.inRange(start, end).filter((o) => o.OfferProperty.OfferAgentId === 'AG1002');
		expect(mine.output[0].map((i) => i.json.OfferId)).toEqual(expected.map((o) => o.OfferId));

		env.sandbox.clearLog();
		const none = await run({
			resource: 'offer',
			operation: 'getAll',
			startDate: '2001-01-01',
			endDate: '2001-01-31',
			returnAll: true,
		});
		expect(none.error).toBeUndefined();
		expect(none.output[0]).toEqual([]);
		expect(apiCalls()[0].status).toBe(204);
	});

	it('refuses a reversed or unreadable range before any call, naming the parameter and item', async () => {
		const reversed = await run(
			{ resource: 'offer', operation: 'getAll', startDate: '2026-02-01', endDate: '2026-01-01', returnAll: true },
			[{}, {}],
		);
		expect(reversed.error?.message).toMatch(/End Date.*item 0/);
		const bad = await run({ resource: 'report', operation: 'get', startDate: 'last tuesday', endDate: '2026-01-01' });
		expect(bad.error?.message).toMatch(/Start Date/);
		expect(apiCalls()).toHaveLength(0);
	});

	it('lists an agent\'s listings with offers, one item each', async () => {
		const result = await run({ resource: 'agent', operation: 'getListings', agentId: 'AG1001' });
		expect(result.output[0]).toHaveLength(10);
		expect(result.output[0][0].json).toMatchObject({ agentId: 'AG1001', fileId: expect.any(Number), offersCount: expect.any(Number) });
		const since = new Date(env.state.anchorMs - 30 * DAY).toISOString();
		await run({ resource: 'agent', operation: 'getListings', agentId: 'AG1001', options: { startDate: since } });
		expect(apiCalls(/agent/).pop()?.query.startDate).toBe(since.slice(0, 10));
	});

	it('gets the report for a range, sent as the UTC days the documents type (YYYY-MM-DD)', async () => {
		const result = await run({ resource: 'report', operation: 'get', startDate: '2026-01-01', endDate: '2026-01-31' });
		expect(result.output[0][0].json).toMatchObject({
			mlsMarket: 'MetroList',
			offerCount: expect.any(Number),
			listingCount: expect.any(Number),
			startDate: '2026-01-01',
			endDate: '2026-01-31',
		});
		expect(apiCalls(/report/)[0].query).toEqual({ startDate: '2026-01-01', endDate: '2026-01-31' });
	});

	it('fetches ONE token for many calls and renews it silently after the service expires it', async () => {
		const end = env.state.anchorMs - 1;
		const first = await run(
			offersBetween(end - 90 * DAY, end),
			[{}, {}, {}],
		);
		expect(first.error).toBeUndefined();
		await run({ resource: 'report', operation: 'get', startDate: '2026-01-01', endDate: '2026-01-31' });
		expect(apiCalls().length).toBeGreaterThanOrEqual(10);
		expect(tokenCalls()).toHaveLength(1);
		expect(env.credentials.skySlopeOffersOAuth2Api.oauthTokenData).toMatchObject({ access_token: expect.any(String) });

		env.sandbox.expireAuth('offers');
		env.sandbox.clearLog();
		const after = await run({ resource: 'agent', operation: 'getListings', agentId: 'AG1002' });
		expect(after.error).toBeUndefined();
		expect(after.output[0].length).toBeGreaterThan(0);
		expect(tokenCalls()).toHaveLength(1);
		expect(apiCalls().map((e) => e.status)).toEqual([401, 200]);
	});

	it('survives a service that fails twice with 503 on the way: every offer still exactly once', async () => {
		const end = env.state.anchorMs - 1000;
		const start = end - 70 * DAY;
		env.sandbox.setFaults([{ service: 'offers', path: '/ext/offers', errorRate: 1, errorStatus: 503, times: 2 }]);
		try {
			const result = await run(offersBetween(start, end));
			expect(result.error).toBeUndefined();
			const ids = result.output[0].map((i) => i.json.OfferId as string);
			expect(ids.sort()).toEqual(env.state.inRange(start, end).map((o) => o.OfferId).sort());
			expect(apiCalls(/\/ext\/offers/).filter((e) => e.status === 503)).toHaveLength(2);
		} finally {
			env.sandbox.setFaults([]);
		}
	});

	it('with continue on fail, an unknown offer becomes an error item paired with its input', async () => {
		const offer = [...env.state.offers.values()][7];
		const result = await runNode({
			node: SkySlope,
			parameters: { resource: 'offer', operation: 'get', offerId: '={{ $json.id }}' },
			credentials: env.credentials,
			input: [{ json: { id: offer.OfferId } }, { json: { id: 'no-such-offer' } }],
			continueOnFail: true,
		});
		expect(result.error).toBeUndefined();
		expect(result.output[0].map((i) => i.pairedItem)).toEqual([{ item: 0 }, { item: 1 }]);
		expect(result.output[0][0].json.OfferId).toBe(offer.OfferId);
		expect(String(result.output[0][1].json.error)).toMatch(/404.*no-such-offer/);
	});

	it('production and staging environments point at SkySlope\'s hosts', async () => {
		const offersBaseUrl = (await import('../../nodes/SkySlope/offers/service')).offersService.baseUrl;
		expect(offersBaseUrl({ environment: 'production' })).toBe('https://offers.skyslope.com/offers-api');
		expect(offersBaseUrl({ environment: 'staging' })).toBe('https://staging-offers.skyslope.com/offers-api');
		expect(offersBaseUrl({ environment: 'custom', customBaseUrl: 'http://x/offers-api//' })).toBe('http://x/offers-api');
	});
});
