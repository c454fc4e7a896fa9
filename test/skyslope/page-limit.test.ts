// The live service takes `pageNumber` 1 to 1000 only: a page past it answers the same 422 as a page
// past the end. With the sandbox's pageLimit switch on (and the 422 past the end), Get Many with
// Return All and the pickers must give every record of a list longer than 10,000 once, walking
// creation-date ranges under the limit, with requests close to the minimum (records / 10).
import { addHistory } from '../../sandbox/listings/activity';
import { MAX_PAGE } from '../../nodes/SkySlope/listingsSales/helpers/fileWalk';
import { json, startEnv, type Env } from '../../harness/listings-env';

const LISTINGS = 10_040;
const SALES = 10_030;

let env: Env;
beforeAll(async () => {
	env = await startEnv({ live: { pastEnd422: true, pageLimit: true, zonelessDates: true }, rateLimits: { listings: { limit: 1_000_000 } } });
	// Ten years of a brokerage's files, besides the sandbox's own seed.
	addHistory(env.state.store, Date.now(), { listings: LISTINGS, sales: SALES, days: 3650, seed: 29 });
}, 60_000);
afterAll(async () => env.sandbox.close());

const pageOf = (e: { query: Record<string, string | string[]> }) => Number(e.query.PageNumber ?? e.query.pageNumber ?? 1);

describe('lists past the page limit (pageNumber 1 to 1000)', () => {
	it.each([
		['listing', /^\/api\/files\/listings$/, 'listingGuid'],
		['sale', /^\/api\/files\/sales$/, 'saleGuid'],
	] as const)('%s > Get Many with Return All gives every one of more than 10,000 records once, in few more requests than records / 10', async (resource, path, key) => {
		const stored = [...(resource === 'listing' ? env.state.store.listings : env.state.store.sales).keys()];
		expect(stored.length).toBeGreaterThan(MAX_PAGE * 10);
		env.sandbox.clearLog();
		const r = await env.run({ resource, operation: 'getAll', returnAll: true, simplify: false });
		expect(r.error).toBeUndefined();
		const guids = json(r).map((x) => String(x[key]));
		expect(guids).toHaveLength(stored.length);
		expect(new Set(guids)).toEqual(new Set(stored));

		const sent = env.sent('GET', path);
		// No page past the limit was asked for, and nothing was refused but the ends of ranges.
		expect(Math.max(...sent.map(pageOf))).toBeLessThanOrEqual(MAX_PAGE);
		expect(sent.filter((e) => e.status !== 200 && e.status !== 422)).toEqual([]);
		const minimum = Math.ceil(stored.length / 10);
		expect(sent.length).toBeGreaterThanOrEqual(minimum);
		expect(sent.length).toBeLessThanOrEqual(minimum + 60);
		// The whole list, open at both ends, split at its middle second: the newer half keeps the open
		// end and the older half the open start, and the two share that second (no gap between them).
		const range = (e: { query: Record<string, string | string[]> }) => [e.query.earliestDate, e.query.latestDate].map((v) => (v === undefined ? undefined : Number(v)));
		const halves = [...new Set(sent.map((e) => JSON.stringify(range(e))))].map((r) => JSON.parse(r) as Array<number | null>);
		const newer = halves.find(([earliest, latest]) => earliest !== null && latest === null);
		const older = halves.find(([earliest, latest]) => earliest === null && latest !== null);
		expect(newer && older && newer[0] === older[1]).toBe(true);
		// 20,000 records a case: about 20 s alone, past two minutes with the suite's lanes beside it.
	}, 600_000);

	it('Return All with Created After and Before walks inside the range asked for, and no further', async () => {
		const now = Math.floor(Date.now() / 1000);
		const earliest = now - 3650 * 86400 - 3600;
		const latest = now - 2 * 86400;
		const inRange = [...env.state.store.listings.values()].filter((l) => {
			const t = Date.parse(String(l.dto.createdOn)) / 1000;
			return t >= earliest && t <= latest;
		});
		expect(inRange.length).toBeGreaterThan(MAX_PAGE * 10);
		env.sandbox.clearLog();
		const r = await env.run({
			resource: 'listing',
			operation: 'getAll',
			returnAll: true,
			filters: { earliestDate: new Date(earliest * 1000).toISOString(), latestDate: new Date(latest * 1000).toISOString() },
		});
		expect(r.error).toBeUndefined();
		expect(new Set(json(r).map((x) => x.listingGuid))).toEqual(new Set(inRange.map((l) => l.dto.listingGuid)));
		expect(json(r)).toHaveLength(inRange.length);
		for (const e of env.sent('GET', /^\/api\/files\/listings$/)) {
			expect(Number(e.query.earliestDate)).toBeGreaterThanOrEqual(earliest);
			expect(Number(e.query.latestDate)).toBeLessThanOrEqual(latest);
		}
	}, 600_000);

	it('a Limit reads only the first pages, with no probe and no split', async () => {
		env.sandbox.clearLog();
		const r = await env.run({ resource: 'sale', operation: 'getAll', returnAll: false, limit: 500 });
		expect(json(r)).toHaveLength(500);
		expect(env.sent('GET', /^\/api\/files\/sales$/).map(pageOf)).toEqual(Array.from({ length: 50 }, (_, i) => i + 1));
	});

	it('the listing picker reads on past page 1000 and lists every listing once', async () => {
		const seen: unknown[] = [];
		let token: string | undefined;
		let calls = 0;
		do {
			const page = await env.method('listSearch', 'searchListings', {}, { paginationToken: token });
			seen.push(...page.results.map((c) => c.value));
			token = page.paginationToken as string | undefined;
			calls++;
		} while (token && calls < 5000);
		const stored = [...env.state.store.listings.keys()];
		expect(seen).toHaveLength(stored.length);
		expect(new Set(seen)).toEqual(new Set(stored));
	}, 600_000);
});

describe('a range that cannot be split', () => {
	it('more than 10,000 listings created within one second fail the item loudly, naming the range, with nothing output', async () => {
		const dense = await startEnv({ live: { pastEnd422: true, pageLimit: true }, rateLimits: { listings: { limit: 1_000_000 } } });
		try {
			const store = dense.state.store;
			addHistory(store, Date.now(), { listings: MAX_PAGE * 10 + 5, sales: 0, days: 1, seed: 3 });
			const second = '2026-03-04T05:06:07.000Z';
			for (const rec of store.listings.values()) rec.dto.createdOn = second;
			const r = await dense.run({ resource: 'listing', operation: 'getAll', returnAll: true }, { continueOnFail: true });
			const out = json(r);
			expect(out).toHaveLength(1);
			expect(String(out[0].error)).toMatch(/More than 10000 listings were created between 2026-03-04T05:06:0\dZ? ?.*and 2026-03-04T05:06:0[78]/);
			expect(String(out[0].error)).not.toMatch(/listingGuid/);
		} finally {
			await dense.sandbox.close();
		}
	}, 600_000);
});
