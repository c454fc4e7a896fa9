// The sandbox's activity controls for the mirror's tests (sandbox/listings/activity.ts, the offers
// service's `_sandbox/offers`): history spread over the days asked, changes of every kind stamped
// now, records as the export presents them; and a service's own `_sandbox/` controls stay outside
// its rate limit and faults, while its API does not.
import { startSandbox, type SandboxServer } from '../../sandbox';

let sandbox: SandboxServer;
const DAY = 24 * 3600 * 1000;

beforeAll(async () => {
	sandbox = await startSandbox({ port: 0, rateLimits: { listings: { limit: 2 }, offers: { limit: 2 } } });
});
afterAll(async () => sandbox.close());
afterEach(() => {
	sandbox.setFaults([]);
	sandbox.setLive({});
});

const call = async (method: string, path: string, body?: unknown) => {
	const res = await fetch(`${sandbox.baseUrl}${path}`, {
		method,
		headers: body === undefined ? {} : { 'content-type': 'application/json' },
		body: body === undefined ? undefined : JSON.stringify(body),
	});
	const text = await res.text();
	return { status: res.status, json: text ? JSON.parse(text) : undefined };
};

interface Records {
	listings: Array<Record<string, unknown>>;
	sales: Array<Record<string, unknown>>;
}

describe('listings activity', () => {
	it('adds history created over the days asked, each changed after its creation and never after now', async () => {
		const before = ((await call('GET', '/listings/_sandbox/activity/records')).json as Records);
		const grown = await call('POST', '/listings/_sandbox/activity/history', { listings: 50, sales: 40, days: 730 });
		expect(grown).toEqual({ status: 200, json: { listings: before.listings.length + 50, sales: before.sales.length + 40 } });
		const after = (await call('GET', '/listings/_sandbox/activity/records')).json as Records;
		const added = after.listings.filter((l) => !before.listings.some((b) => b.listingGuid === l.listingGuid));
		expect(added).toHaveLength(50);
		const created = added.map((l) => Date.parse(String(l.createdOn)));
		expect(Math.min(...created)).toBeLessThan(Date.now() - 700 * DAY);
		expect(Math.max(...created)).toBeGreaterThan(Date.now() - 60 * DAY);
		for (const l of added) {
			expect(Date.parse(String(l.modifiedOn))).toBeGreaterThanOrEqual(Date.parse(String(l.createdOn)));
			expect(Date.parse(String(l.modifiedOn))).toBeLessThanOrEqual(Date.now());
		}
	});

	it('gives the listings and sales created in a range as one plain array, as /records presents them', async () => {
		await call('POST', '/listings/_sandbox/activity/history', { listings: 30, sales: 20, days: 365, seed: 3 });
		const all = (await call('GET', '/listings/_sandbox/activity/records')).json as Records;
		const [from, to] = [new Date(Date.now() - 200 * DAY).toISOString(), new Date(Date.now() - 100 * DAY).toISOString()];
		const inRange = (r: Record<string, unknown>) => String(r.createdOn) >= from && String(r.createdOn) <= to;
		const expected = [...all.listings.filter(inRange), ...all.sales.filter(inRange)];
		const slice = await call('GET', `/listings/_sandbox/activity/slice?createdAfter=${from}&createdBefore=${to}`);
		expect(slice.status).toBe(200);
		expect(expected.length).toBeGreaterThan(0);
		expect(expected.length).toBeLessThan(all.listings.length + all.sales.length);
		expect(slice.json).toEqual(expected);
		expect((await call('GET', `/listings/_sandbox/activity/slice?createdAfter=soon&createdBefore=${to}`)).json).toEqual({
			errors: ['createdAfter must be a date-time'],
		});
	});

	it('makes changes of every kind, each stamped now, and tallies them', async () => {
		const before = (await call('GET', '/listings/_sandbox/activity/records')).json as Records;
		const start = Date.now();
		const changed = await call('POST', '/listings/_sandbox/activity/changes', { count: 14, seed: 7 });
		expect(changed).toEqual({
			status: 200,
			json: { newListing: 2, newSale: 2, listingPrice: 2, listingStatus: 2, saleClosed: 2, saleStatus: 2, saleCommission: 2 },
		});
		const after = (await call('GET', '/listings/_sandbox/activity/records')).json as Records;
		expect(after.listings.length).toBe(before.listings.length + 2);
		expect(after.sales.length).toBe(before.sales.length + 2);
		const touched = [...after.listings, ...after.sales].filter((r) => Date.parse(String(r.modifiedOn)) >= start);
		// 14 changes; a record drawn twice counts once.
		expect(touched.length).toBeGreaterThanOrEqual(8);
		expect(touched.length).toBeLessThanOrEqual(14);
		expect(after.sales.filter((s) => s.status === 'closed' && Date.parse(String(s.actualClosingDate)) >= start).length).toBeGreaterThanOrEqual(1);
	});

	it('presents records as the export does, live switches applied', async () => {
		sandbox.setLive({ zonelessDates: true, displayStatuses: true });
		const { sales } = (await call('GET', '/listings/_sandbox/activity/records')).json as Records;
		expect(sales.every((s) => !/Z$/.test(String(s.createdOn)))).toBe(true);
		expect(sales.some((s) => s.status === 'Closed')).toBe(true);
	});

	it('changes one listing as an agent would, stamped now', async () => {
		const { listings } = (await call('GET', '/listings/_sandbox/activity/records')).json as Records;
		const start = Date.now();
		const patched = await call('PATCH', `/listings/_sandbox/activity/listings/${String(listings[0].listingGuid)}`, { listingPrice: 123456 });
		expect(patched.status).toBe(200);
		const after = ((await call('GET', '/listings/_sandbox/activity/records')).json as Records).listings.find((l) => l.listingGuid === listings[0].listingGuid);
		expect(after?.listingPrice).toBe(123456);
		expect(Date.parse(String(after?.modifiedOn))).toBeGreaterThanOrEqual(start);
		expect((await call('PATCH', '/listings/_sandbox/activity/listings/no-such-guid', {})).status).toBe(400);
	});

	it('refuses a count it cannot take', async () => {
		expect(await call('POST', '/listings/_sandbox/activity/changes', { count: -1 })).toEqual({
			status: 400,
			json: { errors: ['count must be a whole number from 0 to 100000'] },
		});
	});
});

describe("a service's own controls", () => {
	it('are outside its rate limit and faults; its API is not', async () => {
		sandbox.setFaults([{ service: 'listings', errorRate: 1 }, { service: 'offers', errorRate: 1 }]);
		for (let i = 0; i < 5; i++) {
			expect((await call('GET', '/listings/_sandbox/activity/records')).status).toBe(200);
			expect((await call('GET', '/offers/_sandbox/offers')).status).toBe(200);
		}
		expect((await call('GET', '/listings/api/healthcheck')).status).toBe(503);
		sandbox.setFaults([]);
		const statuses = [];
		for (let i = 0; i < 3; i++) statuses.push((await call('GET', '/offers/offers-api/ext/offers')).status);
		expect(statuses).toContain(429);
	});

	it('adds many offers at once, all or none', async () => {
		const before = ((await call('GET', '/offers/_sandbox/offers')).json as unknown[]).length;
		const refused = await call('POST', '/offers/_sandbox/offers', [{ fileId: 10001 }, { fileId: 1 }]);
		expect(refused).toEqual({ status: 400, json: { message: 'No listing with fileId 1.' } });
		expect(((await call('GET', '/offers/_sandbox/offers')).json as unknown[]).length).toBe(before);
		const added = await call('POST', '/offers/_sandbox/offers', [
			{ fileId: 10001, OfferSubmissionDate: '2025-01-02T03:04:05.000Z' },
			{ fileId: 10002, OfferSubmissionDate: '2025-01-03T03:04:05.000Z' },
		]);
		expect(added.status).toBe(200);
		expect(added.json).toHaveLength(2);
		expect(((await call('GET', '/offers/_sandbox/offers')).json as unknown[]).length).toBe(before + 2);
	});
});
