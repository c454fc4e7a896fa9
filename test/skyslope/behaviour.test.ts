// What every operation shares: input checks before sending, limits, errors in the service's words,
// continueOnFail, session renewal, pacing under a tight rate limit, a cut-off export; the pickers.
import type { IDataObject } from 'n8n-workflow';

import { byId, json, listingCreate, startEnv, type Env } from '../../harness/listings-env';

const NOT_SEEN = '00000000-0000-4000-8000-000000000000';

describe('input checks, limits and errors', () => {
	let env: Env;
	beforeAll(async () => {
		env = await startEnv({ rateLimits: { listings: { limit: 10_000 } } });
	});
	afterAll(async () => env.sandbox.close());

	it('a guid that is not a guid is refused with the parameter named, and nothing is sent', async () => {
		await env.run({ resource: 'service', operation: 'checkHealth' });
		const before = env.sent().length;
		// A fixed value is refused by the editor already (the locator's regex); an expression reaches the node.
		const r = await env.run({ resource: 'listing', operation: 'get', listingGuid: byId('={{ "12345" }}') });
		expect(r.error?.message).toMatch(/^Listing: must be a GUID/);
		expect(r.error?.message).toContain('[item 0]');
		const f = await env.run({ resource: 'sale', operation: 'getAll', returnAll: true, filters: { agentGuid: 'nope' } });
		expect(f.error?.message).toMatch(/^Filters: Agent: must be a GUID/);
		expect(env.sent().length).toBe(before);
	});

	it('a Limit that is not a whole number from 1 to 500, and an unknown transaction type, are refused before sending', async () => {
		const before = env.sent().length;
		for (const [resource, operation] of [
			['listing', 'getAll'],
			['sale', 'getAll'],
			['office', 'getAll'],
			['directoryContact', 'search'],
			['checklistType', 'getAll'],
		]) {
			for (const limit of [0, 1.5, 501, '={{ "abc" }}']) {
				const r = await env.run({ resource, operation, returnAll: false, limit, filters: {}, transactionType: '' });
				expect(`${resource}.${operation} ${String(limit)}: ${r.error?.message ?? 'sent'}`).toMatch(/: Limit: must be a whole number from 1 to 500/);
			}
		}
		const t = await env.run({ resource: 'checklistType', operation: 'getAll', returnAll: true, transactionType: '={{ "Lease" }}' });
		expect(t.error?.message).toMatch(/^Transaction Type: must be one of Listing, Sale, got "Lease"/);
		expect(env.sent().length).toBe(before);
	});

	it('a date range that ends before it starts is refused before sending', async () => {
		const before = env.sent().length;
		const a = await env.run({
			resource: 'listing',
			operation: 'getAll',
			returnAll: true,
			filters: { earliestDate: '2026-02-01T00:00:00Z', latestDate: '2026-01-01T00:00:00Z' },
		});
		expect(a.error?.message).toBe('Filters: Created After: is later than Created Before [item 0]');
		const b = await env.run({
			resource: 'bulkExport',
			operation: 'export',
			types: ['sale'],
			statuses: [],
			includeSummary: false,
			filters: { modifiedAfter: '2026-02-01T00:00:00Z', modifiedBefore: '2026-01-01T00:00:00Z' },
		});
		expect(b.error?.message).toBe('Filters: Modified After: is later than Modified Before [item 0]');
		expect(env.sent().length).toBe(before);
	});

	it('more than 5 co-agents are refused before sending', async () => {
		const listing = [...env.state.store.listings.values()][0].dto.listingGuid;
		const six = Array.from({ length: 6 }, (_, i) => `00000000-0000-4000-8000-00000000000${i}`);
		const before = env.sent('PUT').length;
		const r = await env.run({
			resource: 'listing',
			operation: 'updateCoAgents',
			listingGuid: byId(listing),
			columns: { mappingMode: 'defineBelow', value: { coAgentGuids: six }, matchingColumns: [], schema: [{ id: 'coAgentGuids', displayName: 'coAgentGuids', type: 'array', required: true, defaultMatch: false, display: true }] },
		});
		expect(r.error?.message).toContain('Fields: coAgentGuids: has 6 entries; the service allows at most 5');
		expect(env.sent('PUT').length).toBe(before);
	});

	it('a sixth seller contact is refused before sending', async () => {
		const rec = [...env.state.store.listings.values()][1];
		const sellers = rec.dto.sellers as IDataObject[];
		while (sellers.length < 5) sellers.push({ contactGuid: `${NOT_SEEN.slice(0, -1)}${sellers.length}`, firstName: 'S' });
		const before = env.sent('POST', /sellerContact$/).length;
		const r = await env.run({
			resource: 'listing',
			operation: 'addSellerContact',
			listingGuid: byId(rec.dto.listingGuid),
			columns: { mappingMode: 'defineBelow', value: { firstName: 'Six', lastName: 'Th' }, matchingColumns: [], schema: [] },
		});
		expect(r.error?.message).toContain('Listing: already has 5 seller contacts; a listing has at most 5');
		expect(env.sent('POST', /sellerContact$/).length).toBe(before);
	});

	it("the service's 422 reaches the user with every error", async () => {
		const office = env.state.store.offices[0];
		const agent = env.state.store.users.find((u) => u.userType === 'Agent' && u.officeGuid === office.officeGuid)!;
		// Every field the form requires, two dates the service refuses (the form cannot say).
		const r = await env.run(
			listingCreate(office.officeGuid, 11, agent.userGuid, 'Main St', {
				listingPrice: 1,
				listingDate: 'soon',
				expirationDate: 'later',
				'property.city': 'Austin',
				'property.state': 'TX',
				'property.zip': '78701',
			}),
		);
		expect(r.error?.message).toContain('SkySlope Listings & Sales answered 422');
		expect(`${r.error?.message}\n${r.error?.description}`).toContain('listingDate: must be an ISO 8601 date-time');
		expect(r.error?.description).toContain('expirationDate: must be an ISO 8601 date-time');
	});

	it('continueOnFail: a missing listing becomes an error item paired with its input, the others go on', async () => {
		const good = [...env.state.store.listings.values()][2].dto.listingGuid;
		const r = await env.run(
			{ resource: 'listing', operation: 'get', listingGuid: byId('={{ $json.guid }}') },
			{ input: [{ json: { guid: good } }, { json: { guid: NOT_SEEN } }], continueOnFail: true },
		);
		const out = r.output[0];
		expect(out[0].json.listingGuid).toBe(good);
		expect(out[0].pairedItem).toEqual({ item: 0 });
		expect(String(out[1].json.error)).toContain('404');
		expect(out[1].pairedItem).toEqual({ item: 1 });
	});

	it('an export cut off mid-stream is an error naming how many objects arrived', async () => {
		env.state.setExportCutAfter(4);
		try {
			const r = await env.run({ resource: 'bulkExport', operation: 'export', types: ['listing', 'sale'], statuses: [], includeSummary: false, filters: {} });
			expect(r.error?.message).toContain('after 4 complete objects');
		} finally {
			env.state.setExportCutAfter(undefined);
		}
	});
});

describe('session and rate limit', () => {
	it('an expired session is renewed once, silently', async () => {
		const env = await startEnv();
		try {
			await env.run({ resource: 'subscriber', operation: 'get' });
			const logins = () => env.sent('POST', /^\/auth\/login$/).length;
			expect(logins()).toBe(1);
			env.sandbox.expireAuth('listings');
			const r = await env.run({ resource: 'office', operation: 'getAll', returnAll: true });
			expect(r.error).toBeUndefined();
			expect(json(r).length).toBeGreaterThan(0);
			expect(logins()).toBe(2);
			expect(env.sent('GET', /^\/api\/offices$/).map((e) => e.status)).toEqual([403, 200]);
		} finally {
			await env.sandbox.close();
		}
	});

	it('a long run under a tight limit is paced and never fails on it', async () => {
		const env = await startEnv({ rateLimits: { listings: { limit: 4, windowSeconds: 1 } } });
		try {
			const r = await env.run({ resource: 'listing', operation: 'getAll', returnAll: true });
			expect(r.error).toBeUndefined();
			const pages = env.sent('GET', /^\/api\/files\/listings$/);
			expect(pages.length).toBeGreaterThanOrEqual(5);
			expect(json(r).length).toBe(env.state.store.listings.size);
			const refused = env.sent().filter((e) => e.status === 429);
			expect(refused).toEqual([]);
		} finally {
			await env.sandbox.close();
		}
	}, 30_000);
});

describe('pickers', () => {
	let env: Env;
	beforeAll(async () => {
		env = await startEnv({ rateLimits: { listings: { limit: 10_000 } } });
	});
	afterAll(async () => env.sandbox.close());

	it('lists listings 10 at a time with a page token, and filters them', async () => {
		const first = await env.method('listSearch', 'searchListings', { resource: 'listing', operation: 'get' });
		expect(first.results).toHaveLength(10);
		expect(first.paginationToken).toEqual(expect.any(String));
		const second = await env.method('listSearch', 'searchListings', { resource: 'listing', operation: 'get' }, { paginationToken: first.paginationToken });
		expect(second.results).toHaveLength(10);
		expect(second.results.filter((r) => first.results.some((f) => f.value === r.value))).toEqual([]);
		// A page number, as earlier versions of the node gave it, still reads that page.
		const byNumber = await env.method('listSearch', 'searchListings', { resource: 'listing', operation: 'get' }, { paginationToken: '2' });
		expect(byNumber.results.map((r) => r.value)).toEqual(second.results.map((r) => r.value));
		const some = first.results[0].name.split(' ')[0];
		const filtered = await env.method('listSearch', 'searchListings', {}, { filter: some });
		expect(filtered.results.every((r) => r.name.includes(some))).toBe(true);
	});

	it('offers agents (never auditors), offices, sales and contacts', async () => {
		const agents = await env.method('listSearch', 'searchAgents', {});
		expect(agents.results.length).toBe(env.state.store.users.filter((u) => u.userType !== 'Auditor').length);
		expect((await env.method('listSearch', 'searchOffices', {})).results.length).toBe(env.state.store.offices.length);
		expect((await env.method('listSearch', 'searchSales', {})).results).toHaveLength(10);
		expect((await env.method('listSearch', 'searchDirectoryContacts', {})).results.length).toBe(env.state.store.contacts.size);
		expect((await env.method('loadOptions', 'getAgents', {})).length).toBe(agents.results.length);
	});

	it('offers the contacts and documents of the listing picked', async () => {
		const rec = [...env.state.store.listings.values()].find((l) => l.documents.length > 0)!;
		rec.dto.sellers = [{ contactGuid: '11111111-1111-4111-8111-111111111111', firstName: 'Ada', lastName: 'Seller' }];
		rec.dto.homeWarrantyContact = { contactGuid: '22222222-2222-4222-8222-222222222222', company: 'Example Warranty' };
		const parameters = { resource: 'listing', operation: 'updateContact', listingGuid: byId(rec.dto.listingGuid) };
		const contacts = await env.method('listSearch', 'searchListingContacts', parameters);
		const sellers = rec.dto.sellers as IDataObject[];
		expect(contacts.results.map((c) => c.value)).toEqual(
			expect.arrayContaining([...sellers.map((c) => c.contactGuid), (rec.dto.homeWarrantyContact as IDataObject).contactGuid]),
		);
		expect(contacts.results.filter((c) => c.name.endsWith('(seller)'))).toHaveLength(sellers.length);
		const docs = await env.method('listSearch', 'searchListingDocuments', { ...parameters, operation: 'updateDocument' });
		expect(docs.results.map((d) => d.value)).toEqual(rec.documents.map((d) => d.documentGuid));
		expect((await env.method('listSearch', 'searchListingContacts', { resource: 'listing', operation: 'updateContact' })).results).toEqual([]);
	});

	it("checklist types follow the office picked, else the listing's office", async () => {
		const office = env.state.store.offices[1];
		const create = { resource: 'listing', operation: 'create' };
		const byOffice = await env.method('loadOptions', 'getListingChecklistTypes', { ...create, officeGuid: byId(office.officeGuid) });
		expect(byOffice.map((o) => o.name)).toEqual(['Residential Listing', 'Land Listing', 'Commercial Lease Listing']);
		expect(byOffice[0].value).toBe(21);
		const listing = [...env.state.store.listings.values()].find((l) => l.dto.officeGuid === office.officeGuid)!;
		const byListing = await env.method('loadOptions', 'getListingChecklistTypes', {
			resource: 'listing',
			operation: 'updateChecklistType',
			listingGuid: byId(listing.dto.listingGuid),
		});
		expect(byListing.map((o) => o.value)).toEqual([21, 22, 23]);
		const sale = await env.method('loadOptions', 'getSaleChecklistTypes', { resource: 'sale', operation: 'create', officeGuid: byId(office.officeGuid) });
		expect(sale.map((o) => o.value)).toEqual([24, 25, 26]);
	});

	it('checklist types wait for the office with several offices, and need none with one', async () => {
		const create = { resource: 'listing', operation: 'create' };
		// Several offices, none picked: an empty list, not the 422 the service answers to a request without an office.
		const before = env.sent('GET', /checklistTypes$/).length;
		expect(await env.method('loadOptions', 'getListingChecklistTypes', create)).toEqual([]);
		expect(env.sent('GET', /checklistTypes$/).length).toBe(before);
		const store = env.state.store;
		store.multiOffice = false;
		try {
			const only = await env.method('loadOptions', 'getSaleChecklistTypes', { resource: 'sale', operation: 'create' });
			expect(only.map((o) => o.name)).toEqual(store.checklistTypesOf(store.offices[0].officeGuid, 'Sale').map((t) => t.checklistTypeName));
			expect(only.length).toBeGreaterThan(0);
		} finally {
			store.multiOffice = true;
		}
	});
});

describe('updates', () => {
	let env: Env;
	beforeAll(async () => {
		env = await startEnv();
	});
	afterAll(async () => env.sandbox.close());

	it('an update with no field mapped is refused before sending', async () => {
		const listing = [...env.state.store.listings.values()][0].dto.listingGuid;
		const before = env.sent('PUT').length;
		const r = await env.run({
			resource: 'listing',
			operation: 'update',
			listingGuid: byId(listing),
			columns: { mappingMode: 'defineBelow', value: { mlsNumber: '' }, matchingColumns: [], schema: [] },
		});
		expect(r.error?.message).toBe('Fields: map at least one field to change [item 0]');
		expect(env.sent('PUT').length).toBe(before);
	});

	it('"Map Automatically" sends the fields of the form the input item has, and nothing else', async () => {
		const listing = [...env.state.store.listings.values()][3].dto.listingGuid;
		const parameters = { resource: 'listing', operation: 'update', listingGuid: byId(listing) };
		const form = await env.method('resourceMapping', 'getFormFields', parameters);
		const r = await env.run(
			{
				...parameters,
				columns: {
					mappingMode: 'autoMapInputData',
					value: null,
					matchingColumns: [],
					schema: form.fields,
					attemptToConvertTypes: false,
					convertFieldsToString: false,
				},
			},
			{ input: [{ json: { listingPrice: 399000, id: 17, note: 'not a field', property: { city: 'Exampleville', color: 'blue' } } }] },
		);
		expect(r.error).toBeUndefined();
		const put = env.sent('PUT', /^\/api\/files\/listings\/[^/]+$/).at(-1)!;
		expect(put.body).toEqual({ listingPrice: 399000, property: { city: 'Exampleville' } });
	});

	it('a filtered listing search reads on through several pages', async () => {
		const all = [...env.state.store.listings.values()].map((l) => l.dto).sort((a, b) => b.createdOn.localeCompare(a.createdOn));
		// The oldest listing is on the last page; a filter finds it within five pages of ten.
		const target = all[Math.min(all.length, 50) - 1];
		const before = env.sent('GET', /^\/api\/files\/listings$/).length;
		const found = await env.method('listSearch', 'searchListings', { resource: 'listing', operation: 'get' }, { filter: target.listingGuid });
		expect(found.results.map((r) => r.value)).toEqual([target.listingGuid]);
		// Five pages of ten, and once past the first page, the list's page 1000 (is it longer than 10,000?).
		const sent = env.sent('GET', /^\/api\/files\/listings$/).slice(before);
		expect(sent).toHaveLength(Math.min(5, Math.ceil(all.length / 10)) + (all.length > 10 ? 1 : 0));
		expect(sent.filter((e) => e.query.pageNumber === '1000')).toHaveLength(all.length > 10 ? 1 : 0);
	});
});

describe('versioning', () => {
	it('a deprecated endpoint (Deprecation and Link headers) surfaces as a warning', async () => {
		const env = await startEnv();
		try {
			const listing = [...env.state.store.listings.values()][0].dto.listingGuid;
			const r = await env.run({ resource: 'listing', operation: 'getForm', formFor: 'updateCommissions', listingGuid: byId(listing) });
			expect(r.error).toBeUndefined();
			const [form] = json(r);
			expect(form.fields).toBeDefined();
			expect(form.warnings).toEqual([
				expect.stringMatching(/^This SkySlope endpoint is deprecated \(version=2024-06-01\); its successor is http.*\/addCommissionsToListingForm$/),
			]);
		} finally {
			await env.sandbox.close();
		}
	});
});
