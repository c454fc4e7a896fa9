// Every read of the SkySlope (listings & sales) node, run against every wrapping the service may
// choose: the records come out the same; an answer holding none fails the item, naming the
// operation, the status and the keys it saw; the seller limit never counts an unread listing as 0.
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { byId, json, startEnv, type Env } from '../../harness/listings-env';
import { describeEveryWrapping, expectUnreadable, VARIANTS, type ReadCase } from './variants';

let env: Env;
let listingGuid: string;
let saleGuid: string;
let officeGuid: string;

beforeAll(async () => {
	// A generous rate limit: the table below makes a few hundred reads.
	env = await startEnv({ rateLimits: { listings: { limit: 100_000 } } });
	const store = env.state.store;
	const listing = [...store.listings.values()][0];
	listingGuid = listing.dto.listingGuid;
	// A referring agent and a commission log, so that those reads have something to read.
	listing.referringAgent = { referringAgentGuid: '00000000-0000-4000-8000-0000000000aa', agentName: 'Finn Example', company: 'Refs' };
	const sale = [...store.sales.values()][0];
	saleGuid = sale.dto.saleGuid;
	sale.commissionLog.push(
		{ commissionLogGuid: '00000000-0000-4000-8000-0000000000b1', note: 'first', amount: 100, loggedOn: '2026-01-02T00:00:00Z' },
		{ commissionLogGuid: '00000000-0000-4000-8000-0000000000b2', note: 'second', amount: 200, loggedOn: '2026-01-03T00:00:00Z' },
	);
	officeGuid = store.offices[0].officeGuid;
});
afterAll(async () => await env.sandbox.close());

async function node(parameters: INodeParameters): Promise<IDataObject[]> {
	const result = await env.run(parameters);
	if (result.error) throw new Error(`${result.error.message} | ${String(result.error.description ?? '')}`);
	return json(result);
}

function withoutLinks(output: unknown): unknown {
	if (!Array.isArray(output)) return output;
	return output.map((item: IDataObject) => {
		const rest = { ...item };
		delete rest.links;
		return rest;
	});
}

const cases = (): ReadCase[] => [
	{ name: 'listing get', reads: /^\/api\/files\/listings\/[^/]+$/, run: () => node({ resource: 'listing', operation: 'get', listingGuid: byId(listingGuid), simplify: false }) },
	{ name: 'listing getAll', reads: /^\/api\/files\/listings$/, run: () => node({ resource: 'listing', operation: 'getAll', returnAll: false, limit: 25, simplify: false }) },
	{
		name: 'listing getReferringAgent',
		reads: /\/referringagent$/,
		run: () => node({ resource: 'listing', operation: 'getReferringAgent', listingGuid: byId(listingGuid) }),
	},
	{ name: 'sale get', reads: /^\/api\/files\/sales\/[^/]+$/, run: () => node({ resource: 'sale', operation: 'get', saleGuid: byId(saleGuid), simplify: false }) },
	{ name: 'sale getAll', reads: /^\/api\/files\/sales$/, run: () => node({ resource: 'sale', operation: 'getAll', returnAll: false, limit: 12, simplify: false }) },
	{
		name: 'sale getCommissionLog',
		reads: /\/commissionLog$/,
		run: () => node({ resource: 'sale', operation: 'getCommissionLog', saleGuid: byId(saleGuid) }),
	},
	{ name: 'office get', reads: /^\/api\/offices\/[^/]+$/, run: () => node({ resource: 'office', operation: 'get', officeGuid: byId(officeGuid) }) },
	{ name: 'office getAll', reads: /^\/api\/offices$/, run: () => node({ resource: 'office', operation: 'getAll', returnAll: true }) },
	{
		name: 'checklistType getAll',
		reads: /checklistTypes$/,
		run: () => node({ resource: 'checklistType', operation: 'getAll', officeGuid: byId(officeGuid), transactionType: 'Sale', returnAll: true }),
	},
	{ name: 'contact search', reads: /^\/api\/contacts$/, run: () => node({ resource: 'directoryContact', operation: 'search', returnAll: true }) },
	{ name: 'subscriber get', reads: /^\/api\/subscribers$/, run: () => node({ resource: 'subscriber', operation: 'get' }) },
	{ name: 'searchListings', reads: /^\/api\/files\/listings$/, run: () => env.method('listSearch', 'searchListings', {}) },
	{ name: 'searchSales', reads: /^\/api\/files\/sales$/, run: () => env.method('listSearch', 'searchSales', {}) },
	{ name: 'searchOffices', reads: /^\/api\/offices$/, run: () => env.method('listSearch', 'searchOffices', {}) },
	{ name: 'searchAgents', reads: /^\/api\/subscribers$/, run: () => env.method('listSearch', 'searchAgents', {}) },
	{ name: 'searchDirectoryContacts', reads: /^\/api\/contacts$/, run: () => env.method('listSearch', 'searchDirectoryContacts', {}) },
	{
		name: 'searchListingContacts',
		reads: /^\/api\/files\/listings\/[^/]+$/,
		run: () => env.method('listSearch', 'searchListingContacts', { resource: 'listing', operation: 'updateContact', listingGuid: byId(listingGuid) }),
	},
	{
		name: 'searchListingDocuments',
		reads: /^\/api\/files\/listings\/[^/]+$/,
		run: () => env.method('listSearch', 'searchListingDocuments', { resource: 'listing', operation: 'updateDocument', listingGuid: byId(listingGuid) }),
	},
	{ name: 'getAgents', reads: /^\/api\/subscribers$/, run: () => env.method('loadOptions', 'getAgents', {}) },
	{
		name: 'getListingChecklistTypes (of the listing picked)',
		reads: /^\/api\/(files\/listings\/[^/]+|offices\/[^/]+\/checklistTypes)$/,
		run: () =>
			env.method('loadOptions', 'getListingChecklistTypes', { resource: 'listing', operation: 'updateChecklistType', listingGuid: byId(listingGuid) }),
	},
];

// Without the envelope there are no links to keep: the record itself must be the same.
describeEveryWrapping('every read of the SkySlope node, in every wrapping', 'listings', () => env.sandbox, cases, (baseline, variant) =>
	variant === 'unwrapped' ? withoutLinks(baseline) : baseline,
);

// The live service's other shapes of the same answers: the payload under `values`, a single office
// as `{ guid, name }` (sandbox switches valuesPayload, shortOfficeKeys).
describe('every read of the SkySlope node, as the live service shapes its answers', () => {
	afterEach(() => env.sandbox.setLive({}));

	it.each(cases().map((c) => [c.name, c] as const))('%s comes out the same', async (_name, c) => {
		const baseline = await c.run();
		env.sandbox.setLive({ valuesPayload: true, shortOfficeKeys: true });
		expect(await c.run()).toEqual(baseline);
	});
});

describe('an answer holding nothing the node can read', () => {
	afterEach(() => env.sandbox.setShapes([]));

	it.each([
		['listing', 'get', 'Get a listing', /^\/api\/files\/listings\/[^/]+$/],
		['listing', 'getAll', 'Get many listings', /^\/api\/files\/listings$/],
		['sale', 'getCommissionLog', 'Get the commission log of a sale', /\/commissionLog$/],
		['office', 'getAll', 'Get many offices', /^\/api\/offices$/],
		['subscriber', 'get', 'Get subscribers', /^\/api\/subscribers$/],
	])('%s %s fails the item naming the operation, the status and the keys', async (resource, operation, action, path) => {
		env.sandbox.setShapes([{ service: 'listings', variant: 'unrecognisable', path: path.source }]);
		const result = await env.run({
			resource,
			operation,
			listingGuid: byId(listingGuid),
			saleGuid: byId(saleGuid),
			returnAll: true,
		});
		expectUnreadable(result, action);
	});

	it('with Continue On Fail, becomes an error item, not an empty or wrapper item', async () => {
		env.sandbox.setShapes([{ service: 'listings', variant: 'unrecognisable', path: '^/api/files/listings/' }]);
		const result = await env.run({ resource: 'listing', operation: 'get', listingGuid: byId(listingGuid) }, { continueOnFail: true });
		expect(result.error).toBeUndefined();
		expect(json(result)).toEqual([
			{
				error: expect.stringContaining('Get a listing: the answer could not be read as a listing (HTTP 200'),
				description: expect.stringContaining('Expected a listing'),
			},
		]);
	});

	it('an editor list says so instead of showing an empty list', async () => {
		env.sandbox.setShapes([{ service: 'listings', variant: 'unrecognisable', path: '^/api/offices$' }]);
		await expect(env.method('listSearch', 'searchOffices', {})).rejects.toThrow(/Load offices: .*HTTP 200.*weird/);
	});

	it.each(['plural-one', 'bare-array', 'unwrapped'] as const)('a recognisably empty list (%s) is an empty result', async (variant) => {
		env.sandbox.setShapes([{ service: 'listings', variant }]);
		const result = await env.run({ resource: 'directoryContact', operation: 'search', filters: { firstName: 'zz-nobody-zz' }, returnAll: true });
		expect(result.error).toBeUndefined();
		expect(json(result)).toEqual([]);
		expect(env.sent('GET', /^\/api\/contacts$/).at(-1)?.query).toEqual({ firstName: 'zz-nobody-zz' });
	});
});

describe('the seller limit reads the listing in every wrapping, and never counts an unread one as 0', () => {
	let full: string;
	beforeAll(() => {
		const rec = [...env.state.store.listings.values()][2];
		const sellers = rec.dto.sellers as IDataObject[];
		while (sellers.length < 5) sellers.push({ contactGuid: `00000000-0000-4000-8000-00000000010${sellers.length}`, firstName: 'S' });
		full = rec.dto.listingGuid;
	});
	afterEach(() => env.sandbox.setShapes([]));

	const add = () =>
		env.run({
			resource: 'listing',
			operation: 'addSellerContact',
			listingGuid: byId(full),
			columns: { mappingMode: 'defineBelow', value: { firstName: 'Six', lastName: 'Th' }, matchingColumns: [], schema: [] },
		});

	it.each(VARIANTS)('a sixth seller is refused before sending when the listing is %s', async (variant) => {
		env.sandbox.setShapes([{ service: 'listings', variant, path: '^/api/files/listings/[^/]+$' }]);
		const before = env.sent('POST', /sellerContact$/).length;
		const r = await add();
		expect(r.error?.message).toContain('Listing: already has 5 seller contacts; a listing has at most 5');
		expect(env.sent('POST', /sellerContact$/).length).toBe(before);
		expect(env.sandbox.requests('listings', 'GET', /^\/api\/files\/listings\/[^/]+$/).at(-1)?.shape).toBe(variant);
	});

	it('an unreadable listing fails the item, and nothing is sent', async () => {
		env.sandbox.setShapes([{ service: 'listings', variant: 'unrecognisable', path: '^/api/files/listings/[^/]+$' }]);
		const before = env.sent('POST', /sellerContact$/).length;
		const r = await add();
		expect(r.error?.message).toMatch(/Check the listing before adding a seller contact: .*HTTP 200.*weird/);
		expect(env.sent('POST', /sellerContact$/).length).toBe(before);
	});
});
