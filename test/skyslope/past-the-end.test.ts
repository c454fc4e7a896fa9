// The live service ends a list with 422 "Please check your query parameters" for the page after a
// full last page (a brokerage met it at exactly 40 sale folders). With the sandbox's pastEnd422
// switch on, every paged read of the node must still return every record once, without an error.
import { NodeApiError } from 'n8n-workflow';

import { isPastTheEnd } from '../../nodes/SkySlope/listingsSales/transport';
import { startTestServer, type RecordedRequest, type Reply } from '../../harness/node/test-server';
import { json, startEnv, type Env } from '../../harness/listings-env';

let env: Env;
let seeded: Array<Map<string, unknown>>;
beforeAll(async () => {
	env = await startEnv({ live: { pastEnd422: true }, scale: { listings: 40, sales: 40 } });
	seeded = [new Map(env.state.store.listings), new Map(env.state.store.sales)];
});
afterAll(async () => env.sandbox.close());

/** Keeps exactly `n` listings and `n` sales in the sandbox (the broker sees them all). */
function keep(n: number): void {
	[env.state.store.listings, env.state.store.sales].forEach((records, i) => {
		const all = [...seeded[i].entries()];
		if (all.length < n) throw new Error(`the sandbox holds only ${all.length} records`);
		records.clear();
		for (const [key, record] of all.slice(0, n)) (records as Map<string, unknown>).set(key, record);
	});
}

const pages = (path: RegExp) => env.sent('GET', path).map((e) => `${String(e.query.PageNumber ?? e.query.pageNumber ?? 1)}:${e.status}`);

describe('the end of a list as the live service writes it (422 past the last page)', () => {
	it.each([40, 20, 10])('Return All reads all %i listings and sales once, and takes the 422 after a full last page as the end', async (n) => {
		keep(n);
		for (const [resource, path, key] of [
			['listing', /^\/api\/files\/listings$/, 'listingGuid'],
			['sale', /^\/api\/files\/sales$/, 'saleGuid'],
		] as const) {
			env.sandbox.clearLog();
			const r = await env.run({ resource, operation: 'getAll', returnAll: true, simplify: false });
			expect(r.error).toBeUndefined();
			const guids = json(r).map((x) => x[key]);
			expect(guids).toHaveLength(n);
			expect(new Set(guids).size).toBe(n);
			// Pages 1..n/10 answered, the page past the end answered 422 once, and not asked again.
			const expected = [...Array.from({ length: n / 10 }, (_, i) => `${i + 1}:200`), `${n / 10 + 1}:422`];
			expect(pages(path)).toEqual(expected);
		}
	});

	it('a Limit the pages already satisfied asks for no page beyond', async () => {
		keep(20);
		env.sandbox.clearLog();
		const ten = await env.run({ resource: 'listing', operation: 'getAll', returnAll: false, limit: 10 });
		expect(json(ten)).toHaveLength(10);
		expect(pages(/^\/api\/files\/listings$/)).toEqual(['1:200']);
		env.sandbox.clearLog();
		const twenty = await env.run({ resource: 'listing', operation: 'getAll', returnAll: false, limit: 20 });
		expect(json(twenty)).toHaveLength(20);
		expect(pages(/^\/api\/files\/listings$/)).toEqual(['1:200', '2:200']);
	});

	it('the listing and sale pickers list every record and end without an error', async () => {
		keep(20);
		for (const [name, key] of [
			['searchListings', 'listingGuid'],
			['searchSales', 'saleGuid'],
		] as const) {
			const seen: unknown[] = [];
			let token: string | undefined;
			for (let calls = 0; calls < 10; calls++) {
				const page = await env.method('listSearch', name, {}, { paginationToken: token });
				seen.push(...page.results.map((c) => c.value));
				token = page.paginationToken as string | undefined;
				if (!token) break;
			}
			const records = [...(key === 'listingGuid' ? env.state.store.listings : env.state.store.sales).keys()];
			expect(new Set(seen)).toEqual(new Set(records));
			expect(seen).toHaveLength(20);
			// A filtered search reads on through the end too.
			const filtered = await env.method('listSearch', name, {}, { filter: 'zzz-no-such-text' });
			expect(filtered.results).toEqual([]);
			expect(filtered.paginationToken).toBeUndefined();
		}
	});

	it('a 422 on the first page, or with other words, stays an error with the service words', async () => {
		keep(20);
		env.sandbox.clearLog();
		const first = await env.run(
			{ resource: 'listing', operation: 'getAll', returnAll: true, filters: { earliestDate: '1960-01-01T00:00:00Z' } },
			{ continueOnFail: true },
		);
		expect(String(json(first)[0]?.error)).toMatch(/answered 422: earliestDate/);
		expect(pages(/^\/api\/files\/listings$/)).toEqual(['1:422']);

		const node = { name: 'SkySlope', type: 'n', typeVersion: 1, position: [0, 0], parameters: {} } as never;
		const error = (words: string) => new NodeApiError(node, { message: words }, { message: `SkySlope answered 422: ${words}`, httpCode: '422' });
		expect(isPastTheEnd(error('Please check your query parameters'))).toBe(true);
		expect(isPastTheEnd(error('pageNumber: must be at most 1000'))).toBe(false);
		expect(isPastTheEnd(new NodeApiError(node, {}, { message: 'Please check your query parameters', httpCode: '400' }))).toBe(false);
	});

	/**
	 * Against a stand-in (the sandbox ends its lists only one way): `listings` answers each page of
	 * /api/files/listings, by number; the env's credential points at the stand-in meanwhile.
	 */
	async function withStandIn(listings: (page: number) => Reply, use: (asked: () => number[]) => Promise<void>): Promise<void> {
		const server = await startTestServer((req: RecordedRequest) => {
			if (req.method === 'POST' && req.path === '/auth/login') {
				return { body: { Session: 'stand-in', Expiration: new Date(Date.now() + 3600_000).toISOString() } };
			}
			return listings(Number(req.query.PageNumber ?? req.query.pageNumber ?? 1));
		});
		const credentials = env.credentials;
		env.credentials = { ...credentials, customBaseUrl: server.url };
		try {
			await use(() => server.requests.filter((r) => r.path === '/api/files/listings').map((r) => Number(r.query.PageNumber ?? r.query.pageNumber ?? 1)));
		} finally {
			env.credentials = credentials;
			await server.close();
		}
	}
	const fullPage = (page: number): Reply => ({
		body: {
			value: { listings: Array.from({ length: 10 }, (_, i) => ({ listingGuid: `00000000-0000-4000-8000-${String(page * 100 + i).padStart(12, '0')}` })) },
			links: [{ rel: 'next', href: `api/files/listings?PageNumber=${page + 1}`, method: 'GET' }],
			warnings: [],
		},
	});
	const refused = (words: string): Reply => ({ status: 422, body: { errors: [words] } });

	it('a 422 with other words on the page after a full page stays an error with those words, the page asked once', async () => {
		await withStandIn(
			(page) => (page === 1 ? fullPage(1) : refused('PageNumber must be between 1 and 1000')),
			async (asked) => {
				const r = await env.run({ resource: 'listing', operation: 'getAll', returnAll: true });
				expect(r.error?.message).toMatch(/answered 422: PageNumber must be between 1 and 1000/);
				expect(asked()).toEqual([1, 2]);
				await expect(env.method('listSearch', 'searchListings', {}, { paginationToken: '2' })).rejects.toThrow(
					/answered 422: PageNumber must be between 1 and 1000/,
				);
				// The picker goes on from page 2 by asking the list's page 1000 first (is it longer than the
				// service's 10,000?): refused with those words, it stays the error it is.
				expect(asked()).toEqual([1, 2, 1000]);
			},
		);
	});

	it("a 422 'Please check your query parameters' on the first page stays an error with those words", async () => {
		await withStandIn(
			() => refused('Please check your query parameters'),
			async (asked) => {
				const r = await env.run({ resource: 'listing', operation: 'getAll', returnAll: false, limit: 5 });
				expect(r.error?.message).toMatch(/answered 422: Please check your query parameters/);
				expect(asked()).toEqual([1]);
				await expect(env.method('listSearch', 'searchListings', {})).rejects.toThrow(/answered 422: Please check your query parameters/);
				expect(asked()).toEqual([1, 1]);
			},
		);
	});
});
