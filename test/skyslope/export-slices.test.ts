// The bulk export over a long history in slices (Options: Slice (Days)): what a mirror's first load
// runs. Two years of stored listings and sales (the sandbox's activity control), exported whole and
// in slices: the same files, each once, and one request per slice with edges that neither overlap
// nor leave a gap.
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { startEnv, type Env } from '../../harness/listings-env';

let env: Env;
const DAY = 24 * 3600 * 1000;

beforeAll(async () => {
	env = await startEnv({ rateLimits: { listings: { limit: 10_000 } } });
	const grown = await fetch(`${env.sandbox.baseUrl}/listings/_sandbox/activity/history`, {
		method: 'POST',
		headers: { 'content-type': 'application/json' },
		body: JSON.stringify({ listings: 300, sales: 300, days: 730 }),
	});
	expect(grown.status).toBe(200);
});
afterAll(async () => env.sandbox.close());

const exportOf = (filters: INodeParameters, options: INodeParameters = {}) =>
	env.run({ resource: 'bulkExport', operation: 'export', types: ['listing', 'sale'], statuses: [], includeSummary: true, filters, options });

const keyOf = (o: IDataObject) => `${String(o.objectType)}:${String(o.objectType === 'sale' ? o.saleGuid : o.listingGuid)}`;

describe('Export in slices', () => {
	it('gives the files of one whole export, each once, from one request per slice', async () => {
		const from = new Date(Date.now() - 800 * DAY).toISOString();
		const whole = await exportOf({ createdAfter: from });
		expect(whole.error).toBeUndefined();
		const [wholeSummary, ...wholeFiles] = whole.output[0].map((i) => i.json);
		expect(wholeFiles.length).toBeGreaterThan(600);

		const before = env.sent('GET', /^\/api\/files$/).length;
		const sliced = await exportOf({ createdAfter: from }, { sliceDays: 90 });
		expect(sliced.error).toBeUndefined();
		const [summary, ...files] = sliced.output[0].map((i) => i.json);
		expect(files.map(keyOf).sort()).toEqual(wholeFiles.map(keyOf).sort());
		expect(new Set(files.map(keyOf)).size).toBe(files.length);
		expect(summary).toMatchObject({
			objectType: 'summary',
			numberOfListings: wholeSummary.numberOfListings,
			numberOfSales: wholeSummary.numberOfSales,
			slices: 9,
		});

		const requests = env.sent('GET', /^\/api\/files$/).slice(before);
		expect(requests).toHaveLength(9);
		expect(requests[0].query.createdAfter).toBe(from);
		for (let i = 1; i < requests.length; i++) {
			// Each slice starts one millisecond after the one before ends.
			expect(Date.parse(String(requests[i].query.createdAfter))).toBe(Date.parse(String(requests[i - 1].query.createdBefore)) + 1);
			expect(Date.parse(String(requests[i].query.createdBefore)) - Date.parse(String(requests[i].query.createdAfter))).toBeLessThanOrEqual(90 * DAY - 1);
		}
		expect(Date.parse(String(requests.at(-1)?.query.createdBefore))).toBeGreaterThan(Date.now() - 60_000);
	});

	it('ends at Created Before when it is set', async () => {
		const from = '2025-01-01T00:00:00.000Z';
		const to = '2025-03-01T00:00:00.000Z';
		const before = env.sent('GET', /^\/api\/files$/).length;
		const sliced = await exportOf({ createdAfter: from, createdBefore: to }, { sliceDays: 31 });
		expect(sliced.error).toBeUndefined();
		const requests = env.sent('GET', /^\/api\/files$/).slice(before);
		expect(requests.map((r) => [r.query.createdAfter, r.query.createdBefore])).toEqual([
			[from, '2025-01-31T23:59:59.999Z'],
			['2025-02-01T00:00:00.000Z', to],
		]);
	});

	it('refuses slices without Created After, before any request, naming the parameter', async () => {
		const before = env.sent().length;
		const result = await exportOf({ modifiedAfter: '2025-01-01T00:00:00Z' }, { sliceDays: 30 });
		expect(result.error?.message).toMatch(/Created After/);
		expect(result.error?.message).toMatch(/slices/);
		expect(env.sent().length).toBe(before);
	});

	it('refuses a slice size that would cut the range into too many requests', async () => {
		const result = await exportOf({ createdAfter: '2000-01-01T00:00:00Z' }, { sliceDays: 1 });
		expect(result.error?.message).toMatch(/Slice \(Days\)/);
	});
});
