import { startSandbox, type SandboxServer } from '../../sandbox';
import {
	AGENT_LISTINGS_LIMIT,
	MAX_PAGE_SIZE,
	OFFERS_CLIENT_ID,
	OFFERS_CLIENT_SECRET,
	type Offer,
	type OffersState,
} from '../../sandbox/offers';

const DAY = 24 * 3600 * 1000;
const basic = (id: string, secret: string) => `Basic ${Buffer.from(`${id}:${secret}`).toString('base64')}`;
const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);

describe('offers sandbox over plain HTTP', () => {
	let sandbox: SandboxServer;
	let base: string;
	let state: OffersState;
	let now = Date.parse('2026-03-15T12:00:00Z');

	beforeAll(async () => {
		sandbox = await startSandbox({ port: 0, clock: () => now, lifetimes: { offersToken: 600 } });
		base = `${sandbox.baseUrl}/offers/offers-api`;
		state = sandbox.service<OffersState>('offers').state;
	});
	afterAll(async () => sandbox.close());

	async function token(): Promise<string> {
		const res = await fetch(`${base}/ext/token`, {
			method: 'POST',
			headers: {
				authorization: basic(OFFERS_CLIENT_ID, OFFERS_CLIENT_SECRET),
				'content-type': 'application/x-www-form-urlencoded',
			},
			body: 'grant_type=client_credentials',
		});
		expect(res.status).toBe(200);
		const body = (await res.json()) as { token_type: string; expires_in: number; access_token: string };
		expect(body.token_type).toBe('Bearer');
		expect(body.expires_in).toBe(600);
		return body.access_token;
	}

	async function get(path: string, accessToken?: string) {
		const res = await fetch(`${base}${path}`, {
			headers: accessToken ? { authorization: `Bearer ${accessToken}` } : {},
		});
		const text = await res.text();
		return { status: res.status, body: text ? JSON.parse(text) : undefined, text };
	}

	it('seeds the same offers for the same seed, over several months, some on a later version', async () => {
		const again = await startSandbox({ port: 0, clock: () => now });
		try {
			const a = [...state.offers.keys()];
			const b = [...again.service<OffersState>('offers').state.offers.keys()];
			expect(b).toEqual(a);
		} finally {
			await again.close();
		}
		const offers = [...state.offers.values()];
		expect(offers.length).toBeGreaterThanOrEqual(100);
		const times = offers.map((o) => Date.parse(o.OfferSubmissionDate));
		expect(Math.max(...times) - Math.min(...times)).toBeGreaterThan(150 * DAY);
		expect(Math.max(...times)).toBeLessThan(now);
		expect(offers.some((o) => o.OfferTerms.OfferVersionNumber > 1)).toBe(true);
		for (const o of offers) {
			expect(Date.parse(o.ModificationTimestamp)).toBeGreaterThanOrEqual(Date.parse(o.OfferSubmissionDate));
		}
	});

	it('the scale knob adds offers over a year', async () => {
		const big = await startSandbox({ port: 0, clock: () => now, scale: { offers: 500 } });
		try {
			const offers = [...big.service<OffersState>('offers').state.offers.values()];
			expect(offers.length).toBe(state.offers.size + 500);
			const oldest = Math.min(...offers.map((o) => Date.parse(o.OfferSubmissionDate)));
			expect(now - oldest).toBeGreaterThan(300 * DAY);
		} finally {
			await big.close();
		}
	});

	it('issues a token only for the right Basic credentials', async () => {
		const noAuth = await fetch(`${base}/ext/token`, { method: 'POST' });
		expect(noAuth.status).toBe(401);
		expect(await noAuth.json()).toEqual({ message: expect.any(String) });
		const wrong = await fetch(`${base}/ext/token`, {
			method: 'POST',
			headers: { authorization: basic(OFFERS_CLIENT_ID, 'nope') },
		});
		expect(wrong.status).toBe(401);
		const badGrant = await fetch(`${base}/ext/token`, {
			method: 'POST',
			headers: {
				authorization: basic(OFFERS_CLIENT_ID, OFFERS_CLIENT_SECRET),
				'content-type': 'application/x-www-form-urlencoded',
			},
			body: 'grant_type=password',
		});
		expect(badGrant.status).toBe(400);
		// Without a body at all (the spec's own example) it works too.
		const bare = await fetch(`${base}/ext/token`, {
			method: 'POST',
			headers: { authorization: basic(OFFERS_CLIENT_ID, OFFERS_CLIENT_SECRET) },
		});
		expect(bare.status).toBe(200);
	});

	it('refuses calls without a valid, unexpired Bearer token', async () => {
		expect((await get('/ext/report?startDate=2026-01-01&endDate=2026-01-31')).status).toBe(401);
		expect((await get('/ext/report?startDate=2026-01-01&endDate=2026-01-31', 'made-up')).status).toBe(401);
		const t = await token();
		expect((await get('/ext/report?startDate=2026-01-01&endDate=2026-01-31', t)).status).toBe(200);
		now += 601 * 1000;
		const expired = await get('/ext/report?startDate=2026-01-01&endDate=2026-01-31', t);
		expect(expired.status).toBe(401);
		expect(expired.body.message).toMatch(/expired/);
		const t2 = await token();
		expect((await get('/ext/report?startDate=2026-01-01&endDate=2026-01-31', t2)).status).toBe(200);
		sandbox.expireAuth('offers');
		expect((await get('/ext/report?startDate=2026-01-01&endDate=2026-01-31', t2)).status).toBe(401);
	});

	it('gets one offer, 404 for an unknown id, and an encoded slash stays inside the id', async () => {
		const t = await token();
		const [first] = state.offers.values();
		const one = await get(`/ext/offer/${encodeURIComponent(first.OfferId)}`, t);
		expect(one.status).toBe(200);
		expect(one.body).toEqual(first);
		expect((await get('/ext/offer/nope', t)).status).toBe(404);
		const sneaky = await get(`/ext/offer/${encodeURIComponent('../token')}`, t);
		expect(sneaky.status).toBe(404);
		expect(sneaky.body.message).toContain('../token');
	});

	it('pages offers in a range, cuts a range to 31 days, and answers 204 when there is nothing', async () => {
		const t = await token();
		const start = state.anchorMs - 120 * DAY;
		const expected31 = state.inRange(start, start + 31 * DAY);
		expect(expected31.length).toBeGreaterThan(25);
		const pages: Offer[] = [];
		for (let page = 1; ; page++) {
			const res = await get(`/ext/offers/?startDate=${day(start)}&endDate=${day(start + 90 * DAY)}&page=${page}`, t);
			if (res.status === 204) {
				expect(res.text).toBe('');
				break;
			}
			expect(res.status).toBe(200);
			expect(res.body.length).toBeLessThanOrEqual(25);
			pages.push(...res.body);
		}
		// 90 days asked: only the first 31 days came back.
		expect(pages.map((o) => o.OfferId)).toEqual(expected31.map((o) => o.OfferId));

		const big = await get(`/ext/offers/?startDate=${day(start)}&pageSize=${MAX_PAGE_SIZE}`, t);
		expect(big.body.length).toBe(expected31.length);
		expect((await get(`/ext/offers/?startDate=${day(start)}&pageSize=${MAX_PAGE_SIZE + 1}`, t)).status).toBe(400);
		expect((await get('/ext/offers/?startDate=2000-01-01&endDate=2000-01-02', t)).status).toBe(204);
		const missing = await get('/ext/offers/', t);
		expect(missing.status).toBe(400);
		expect(missing.body.errors.join(' ')).toContain('startDate');
		expect((await get('/ext/offers/?startDate=yesterday', t)).status).toBe(400);
		expect((await get('/ext/offers/?startDate=2026-02-01&endDate=2026-01-01', t)).status).toBe(400);
		// Date-times in UTC work as well, inclusive at both ends.
		const o = expected31[3];
		const exact = await get(
			`/ext/offers?startDate=${o.OfferSubmissionDate}&endDate=${o.OfferSubmissionDate}`,
			t,
		);
		expect(exact.body.map((x: Offer) => x.OfferId)).toContain(o.OfferId);
	});

	it('reads endDate with or without its own day, as set (the documents leave it open), cutting either way to 31 days', async () => {
		const t = await token();
		// Two offers on each of 41 days (its first and last millisecond), years before the seed's.
		const d0 = Date.UTC(2018, 5, 1);
		for (let i = 0; i <= 40; i++) {
			state.upsert({ OfferId: `reading-${i}-first`, OfferSubmissionDate: new Date(d0 + i * DAY).toISOString() });
			state.upsert({ OfferId: `reading-${i}-last`, OfferSubmissionDate: new Date(d0 + (i + 1) * DAY - 1).toISOString() });
		}
		const ids = async (query: string) => {
			const res = await get(`/ext/offers/?${query}&pageSize=${MAX_PAGE_SIZE}`, t);
			return res.status === 204 ? [] : (res.body as Offer[]).map((o) => o.OfferId);
		};
		const days = (from: number, to: number) =>
			Array.from({ length: to - from }, (_, i) => [`reading-${from + i}-first`, `reading-${from + i}-last`]).flat();
		const report = async (query: string) => (await get(`/ext/report?${query}`, t)).body.offerCount;
		try {
			expect(await ids(`startDate=${day(d0)}&endDate=${day(d0 + 2 * DAY)}`)).toEqual(days(0, 3));
			expect(await report(`startDate=${day(d0)}&endDate=${day(d0 + 2 * DAY)}`)).toBe(6);
			state.endDateReading = 'exclusive';
			expect(await ids(`startDate=${day(d0)}&endDate=${day(d0 + 2 * DAY)}`)).toEqual(days(0, 2));
			expect(await report(`startDate=${day(d0)}&endDate=${day(d0 + 2 * DAY)}`)).toBe(4);
			// The same day twice is an empty range, not a bad one; a date-time endDate is left out too.
			expect((await get(`/ext/offers/?startDate=${day(d0)}&endDate=${day(d0)}`, t)).status).toBe(204);
			expect(await ids(`startDate=${day(d0)}&endDate=${new Date(d0 + DAY - 1).toISOString()}`)).toEqual(['reading-0-first']);
			// 40 days asked: the first 31, [d0, d0 + 31 days), not a millisecond more.
			expect(await ids(`startDate=${day(d0)}&endDate=${day(d0 + 40 * DAY)}`)).toEqual(days(0, 31));
			expect((await get(`/ext/offers/?startDate=${day(d0 + DAY)}&endDate=${day(d0)}`, t)).status).toBe(400);
		} finally {
			state.endDateReading = 'inclusive';
		}
	});

	it('lists the ten listings of an agent that most recently got offers, newest first', async () => {
		const t = await token();
		const res = await get('/ext/agent/AG1001/listings', t);
		expect(res.status).toBe(200);
		expect(res.body.listings).toHaveLength(AGENT_LISTINGS_LIMIT);
		const dates = res.body.listings.map((l: { latestOfferDate: string }) => Date.parse(l.latestOfferDate));
		expect([...dates].sort((a, b) => b - a)).toEqual(dates);
		expect(typeof res.body.hasNewOffers).toBe('boolean');
		for (const l of res.body.listings) {
			expect(l).toEqual({
				fileId: expect.any(Number),
				listingName: expect.any(String),
				offersCount: expect.any(Number),
				hasNewOffers: expect.any(Boolean),
				latestOfferDate: expect.any(String),
			});
		}
		const since = await get(`/ext/agent/AG1001/listings?startDate=${day(state.anchorMs - 30 * DAY)}`, t);
		expect(since.body.listings.length).toBeGreaterThan(0);
		expect(since.body.listings.length).toBeLessThan(AGENT_LISTINGS_LIMIT);
		expect((await get('/ext/agent/NOBODY/listings', t)).status).toBe(204);
	});

	it('reports offer and listing counts for a range', async () => {
		const t = await token();
		const start = state.anchorMs - 60 * DAY;
		const end = state.anchorMs - 1;
		const found = state.inRange(start, end);
		const res = await get(`/ext/report?startDate=${day(start)}&endDate=${day(end)}`, t);
		expect(res.body).toEqual({
			mlsMarket: 'MetroList',
			offerCount: found.length,
			listingCount: new Set(found.map((o) => o.OfferProperty.ListingKey)).size,
		});
		expect((await get(`/ext/report?startDate=${day(start)}`, t)).status).toBe(400);
	});

	it('adds and updates offers through the sandbox-only route', async () => {
		const post = async (body: unknown) => {
			const res = await fetch(`${sandbox.baseUrl}/offers/sandbox/offers`, {
				method: 'POST',
				headers: { 'content-type': 'application/json' },
				body: JSON.stringify(body),
			});
			return { status: res.status, body: (await res.json()) as Offer };
		};
		const created = await post({ fileId: 10003, OfferTerms: { OfferPrice: 555000 } });
		expect(created.status).toBe(201);
		expect(created.body.OfferTerms).toMatchObject({ OfferPrice: 555000, OfferVersionNumber: 1 });
		expect(created.body.OfferSubmissionDate).toBe(new Date(now).toISOString());
		now += 5000;
		const updated = await post({ OfferId: created.body.OfferId, OfferTerms: { OfferStatus: 'Countered' } });
		expect(updated.status).toBe(200);
		expect(updated.body.OfferTerms).toMatchObject({ OfferStatus: 'Countered', OfferVersionNumber: 2 });
		expect(updated.body.ModificationTimestamp).toBe(new Date(now).toISOString());
		expect((await post({ nonsense: true })).status).toBe(400);
		expect((await post({ fileId: 1 })).status).toBe(400);
	});
});
