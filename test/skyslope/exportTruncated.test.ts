/* eslint-disable @n8n/community-nodes/no-restricted-imports -- dev tooling, never shipped in dist */
// A bulk export that ends cleanly between two objects but short of what its summary announced:
// the sandbox cannot make one, so a tiny stand-in serves the login and such a body.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

import { SkySlopeApi } from '../../credentials/SkySlopeApi.credentials';
import { SkySlope } from '../../nodes/SkySlope/SkySlope.node';
import { runNode } from '../../harness/node';

let server: Server;
let baseUrl: string;
/** The summary row the stand-in sends first; null: none at all (an empty answer but for the files). */
let summaryRow: string | null;
beforeEach(() => {
	summaryRow = '{"objectType":"summary","numberOfSales":1,"numberOfListings":3,"numberOfUsers":2,"createdOn":"2026-01-01T00:00:00Z"},';
});

beforeAll(async () => {
	server = createServer((req, res) => {
		if (req.method === 'POST' && req.url === '/auth/login') {
			res.writeHead(200, { 'content-type': 'application/json' });
			res.end(JSON.stringify({ Session: 'stand-in', Expiration: new Date(Date.now() + 3600_000).toISOString() }));
			return;
		}
		res.writeHead(200, { 'content-type': 'application/json; charset=utf-8' });
		res.write(`\ufeff[\n${summaryRow ?? ''}\n`);
		res.write('{"objectType":"listing","listingGuid":"a"},\n{"objectType":"sale","saleGuid":"s"},\n');
		res.end('{"objectType":"listing","listingGuid":"b"},\n');
	});
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
	baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => await new Promise<void>((resolve) => server.close(() => resolve())));

const run = (types: string[]) =>
	runNode({
		node: SkySlope,
		parameters: { resource: 'bulkExport', operation: 'export', types, statuses: [], includeSummary: false, filters: {} },
		credentialTypes: [SkySlopeApi],
		credentials: {
			skySlopeApi: { environment: 'custom', customBaseUrl: baseUrl, clientId: 'c', clientSecret: 's', accessKey: 'k', accessSecret: 'x' },
		},
	});

describe('bulk export shorter than its summary', () => {
	it('is an error naming what arrived and what was announced', async () => {
		const result = await run(['listing', 'sale']);
		expect(result.error?.message).toBe('The export stream ended early: 2 of 3 listings arrived [item 0]');
	});

	it('an export without its summary is an error: an empty answer is not "nothing there"', async () => {
		summaryRow = null;
		const result = await run(['listing', 'sale']);
		expect(result.error?.message).toBe(
			'The export stream came without its summary, so whether it is whole cannot be told (it brought 2 listings and 1 sales) [item 0]',
		);
		expect(result.output[0] ?? []).toEqual([]);
	});

	it('a summary with no count for a type asked for is an error naming the summary', async () => {
		summaryRow = '{"objectType":"summary","numberOfListings":"3","numberOfUsers":2},';
		const result = await run(['listing', 'sale']);
		expect(result.error?.message).toMatch(/^The export stream came with a summary that gives no number of sales, so whether it is whole cannot be told \(the summary: \{"objectType":"summary","numberOfListings":"3"/);
		// A count written as text is read: listings alone were asked, two of three came.
		expect((await run(['listing'])).error?.message).toBe('The export stream ended early: 2 of 3 listings arrived [item 0]');
	});

	it('counts only the types asked for', async () => {
		const result = await run(['sale']);
		expect(result.error).toBeUndefined();
		expect(result.output[0].map((i) => i.json.objectType)).toEqual(['sale']);
	});
});
