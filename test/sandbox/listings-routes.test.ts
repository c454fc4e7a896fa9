import { listingsEndpoints, listingsExtraEndpoints } from '../../sandbox/listings/manifest';
import type { ListingRecord, SaleRecord } from '../../sandbox/listings/types';
import { Listings, validListing } from '../../harness/listings-client';

describe('listings sandbox: every endpoint of the manifest is served', () => {
	const api = Listings.use({ rateLimits: { listings: { limit: 10000 } } });

	it('lists each row of the spec tables once', () => {
		const keys = listingsEndpoints.map((e) => `${e.method} ${e.path}`);
		expect(new Set(keys).size).toBe(keys.length);
		expect(keys.length).toBe(3 + 1 + 2 + 4 + 3 + 6 + 29 + 1 + 5 + 29);
		expect(keys).toEqual(expect.arrayContaining(['GET /api/files', 'PATCH /api/listings/{listingGuid}/stage', 'GET /api/files/saleForm', 'PUT /api/files/sales/{saleGuid}']));
	});

	it('answers every endpoint with success when called as the spec intends', async () => {
		const { store } = api.state;
		const agents = store.users.filter((u) => u.userType === 'Agent');
		// A seeded incomplete listing and sale: no commission yet, so POST /commissions is allowed.
		const listing = [...store.listings.values()].find((l) => l.dto.status === 'incomplete' && store.checklistType(l.checklistTypeId)?.kind === 'residential') as ListingRecord;
		const sale = [...store.sales.values()].find((s) => s.dto.status === 'incomplete' && store.checklistType(s.checklistTypeId)?.kind === 'residential') as SaleRecord;
		const office = store.offices.find((o) => o.officeGuid !== listing.dto.officeGuid)!;
		const directoryContact = [...store.contacts.keys()][0];
		const seller = await api.value<{ contactGuid: string }>('POST', `/api/files/listings/${listing.dto.listingGuid}/sellerContact`, { firstName: 'Sel', lastName: 'Ler' });
		const landListingType = store.checklistTypesOf(listing.dto.officeGuid, 'Listing').find((t) => t.kind === 'land')!;
		const landSaleType = store.checklistTypesOf(sale.dto.officeGuid, 'Sale').find((t) => t.kind === 'land')!;
		const taken = [listing.dto.agentGuid, sale.dto.agentGuid, ...(listing.dto.coAgentGuids as string[]), ...(sale.dto.coAgentGuids as string[])];
		const newAgent = agents.find((a) => !taken.includes(a.userGuid))!;
		const coAgent = agents.find((a) => a.userGuid !== newAgent.userGuid)!;
		const saleType = store.checklistTypesOf(agents[0].officeGuid, 'Sale')[0];
		const listingType = store.checklistTypesOf(agents[0].officeGuid, 'Listing')[0];
		const person = { firstName: 'Route', lastName: 'Tester' };

		const bodies: Record<string, unknown> = {
			'POST /api/contacts': person,
			'PATCH /api/contacts/{contactGuid}': { phone: '555-0199' },
			'PATCH /api/offices/{officeGuid}': { phone: '555-0111' },
			'POST /api/files/listings': validListing(agents[0].officeGuid, agents[0].userGuid, listingType.checklistTypeId),
			'PUT /api/files/listings/{listingGuid}': { listingPrice: 460000 },
			'PUT /api/files/listings/{listingGuid}/agent': { agentGuid: newAgent.userGuid },
			'PUT /api/files/listings/{listingGuid}/checklistType': { checklistTypeId: landListingType.checklistTypeId },
			'PUT /api/files/listings/{listingGuid}/coAgents': { coAgentGuids: [coAgent.userGuid] },
			'POST /api/files/listings/{listingGuid}/commissionReferral': { referralCompany: 'Example Referrals', referralAgentName: 'Ref Agent' },
			'PATCH /api/files/listings/{listingGuid}/commissionReferral': { referralPercent: 10 },
			'POST /api/files/listings/{listingGuid}/commissions': { listingCommissionPercent: 3, saleCommissionPercent: 2 },
			'PUT /api/files/listings/{listingGuid}/commissions': { notes: 'adjusted' },
			'POST /api/files/listings/{listingGuid}/homeWarrantyContact': { company: 'Example Warranty' },
			'POST /api/files/listings/{listingGuid}/miscellaneousContact': { ...person, role: 'Stager' },
			'POST /api/files/listings/{listingGuid}/sellerContact': person,
			'PUT /api/files/listings/{listingGuid}/contact/{contactGuid}': JSON.stringify({ phone: '555-0123' }),
			'PATCH /api/files/listings/{listingGuid}/documents/{documentGuid}': { documentStatusId: 2 },
			'PUT /api/files/listings/{listingGuid}/office': { officeGuid: office.officeGuid },
			'PUT /api/files/listings/{listingGuid}/property': { city: 'Exampleville' },
			'POST /api/files/listings/{listingGuid}/referringagent': { agentName: 'Ref Agent', company: 'Example Referrals' },
			'PUT /api/files/listings/{listingGuid}/referringagent': { phone: '555-0100' },
			'PUT /api/files/listings/{listingGuid}/customFields': { customFields: { lockbox: '1234' } },
			'PATCH /api/listings/{listingGuid}/stage': { stageId: 3 },
			'POST /api/files/sales': {
				officeGuid: agents[0].officeGuid,
				agentGuid: agents[0].userGuid,
				checklistTypeId: saleType.checklistTypeId,
				dealTypeId: 2,
				salePrice: 500000,
				contractAcceptedDate: '2026-01-02T00:00:00Z',
				escrowClosingDate: '2099-02-01T00:00:00Z',
				property: { streetNumber: '1', streetAddress: 'Mock Blvd', city: 'Sampleton', state: 'CA', zip: '95814' },
			},
			'PUT /api/files/sales/{saleGuid}': { salePrice: 510000 },
			'PUT /api/files/sales/{saleGuid}/agent': { agentGuid: newAgent.userGuid },
			'PUT /api/files/sales/{saleGuid}/checklistType': { checklistTypeId: landSaleType.checklistTypeId },
			'PUT /api/files/sales/{saleGuid}/coAgents': { coAgentGuids: [coAgent.userGuid] },
			'PUT /api/files/sales/{saleGuid}/commissionBreakdown': { commissionBreakdowns: [{ description: 'Base', amount: 1000 }] },
			'POST /api/files/sales/{saleGuid}/commissionReferral': { referralCompany: 'Example Referrals', referralAgentName: 'Ref Agent' },
			'PATCH /api/files/sales/{saleGuid}/commissionReferral': { referralAmount: 500 },
			'PUT /api/files/sales/{saleGuid}/commissionSplit': { commissionSplits: [{ agentGuid: newAgent.userGuid, splitPercent: 60 }, { agentGuid: coAgent.userGuid, splitPercent: 40 }] },
			'POST /api/files/sales/{saleGuid}/commissions': { listingCommissionPercent: 3, saleCommissionPercent: 2 },
			'PUT /api/files/sales/{saleGuid}/commissions': { totalCommission: 25000 },
			'POST /api/files/sales/{saleGuid}/commissionLog': { note: 'Paid out', amount: 100 },
			'POST /api/files/sales/{saleGuid}/attorneyContact': JSON.stringify({ ...person, represents: 'Buyer' }),
			'POST /api/files/sales/{saleGuid}/buyerContact': person,
		};
		const queries: Record<string, string> = {
			'PATCH /api/files/sales/{saleGuid}/earnestMoneyDeposit': '?DepositAmount=1000&IsEarnestMoneyHeld=true&DepositDueDate=2026-02-01',
			'GET /api/files/listingForm': `?checklistTypeId=${listingType.checklistTypeId}&officeGuid=${agents[0].officeGuid}`,
			'GET /api/offices/{officeGuid}/checklistTypes': '?transactionType=Sale',
		};
		const expected: Record<string, number> = {
			'DELETE /api/contacts/{contactGuid}': 204,
			// A multi-office broker (the default seed) must use the per-office operation (documented).
			'GET /api/checklistTypes': 422,
		};

		const ordered = [...listingsEndpoints].sort((a, b) => Number(a.method === 'DELETE') - Number(b.method === 'DELETE'));
		const failures: string[] = [];
		for (const e of ordered) {
			const key = `${e.method} ${e.path}`;
			if (key === 'POST /auth/login') {
				expect((await api.loginRaw()).status).toBe(200);
				continue;
			}
			const inListing = e.path.includes('{listingGuid}');
			const path = e.path
				.replace('{listingGuid}', listing.dto.listingGuid)
				.replace('{saleGuid}', sale.dto.saleGuid)
				.replace('{officeGuid}', office.officeGuid)
				.replace('{contactGuid}', inListing ? seller.contactGuid : directoryContact)
				.replace('{documentGuid}', listing.documents[0].documentGuid);
			const r = await api.call(e.method, `${path}${queries[key] ?? ''}`, bodies[key]);
			if (r.status !== (expected[key] ?? 200)) failures.push(`${key}: ${r.status} ${r.text.slice(0, 200)}`);
			if (r.status === 200 && key !== 'GET /api/files') expect(Array.isArray(r.json.links)).toBe(true);
		}
		expect(failures).toEqual([]);
		expect(listing.dto.status).toBe('active');
		expect(sale.dto.status).toBe('pending');
	});

	it('serves the extra sale operations too', async () => {
		const sale = [...api.state.store.sales.values()][0];
		for (const e of listingsExtraEndpoints.filter((x) => x.method === 'GET')) {
			const r = await api.get(e.path.replace('{saleGuid}', sale.dto.saleGuid));
			expect(r.status).toBe(200);
		}
	});

	it('answers an unknown path 404 and a wrong method 405, both with {errors}', async () => {
		const miss = await api.get('/api/nothing');
		expect(miss.status).toBe(404);
		expect(Object.keys(miss.json)).toEqual(['errors']);
		const wrong = await api.call('DELETE', '/api/offices');
		expect(wrong.status).toBe(405);
		expect(Object.keys(wrong.json)).toEqual(['errors']);
	});

	it('treats a non-guid path parameter like an unknown guid: 404', async () => {
		for (const path of ['/api/files/listings/not-a-guid', '/api/files/sales/123', '/api/offices/xyz', '/api/files/listings/00000000-0000-4000-8000-000000000000']) {
			const r = await api.get(path);
			expect(r.status).toBe(404);
			expect(r.json.errors?.length).toBe(1);
		}
	});

	it('rejects script injection anywhere in a body with 422', async () => {
		const listing = [...api.state.store.listings.values()][0];
		for (const bad of ['<script>alert(1)</script>', 'javascript:alert(1)', '<img src=x onerror=alert(1)>']) {
			const r = await api.call('PUT', `/api/files/listings/${listing.dto.listingGuid}`, { property: { city: bad } });
			expect(r.status).toBe(422);
			expect(r.json.errors?.[0]).toMatch(/script injection/);
		}
		const contact = await api.call('POST', '/api/contacts', { firstName: 'A', lastName: 'B', company: 'x" onclick="steal()' });
		expect(contact.status).toBe(422);
	});

	it('rejects a body that is not JSON: 415 for another content type, 400 for broken JSON', async () => {
		const listing = [...api.state.store.listings.values()][0];
		const path = `/api/files/listings/${listing.dto.listingGuid}`;
		const xml = await api.raw('PUT', path, { headers: { session: api.session, 'content-type': 'application/xml' }, body: '<a/>' });
		expect(xml.status).toBe(415);
		const broken = await api.raw('PUT', path, { headers: { session: api.session, 'content-type': 'application/json' }, body: '{' });
		expect(broken.status).toBe(400);
		for (const type of ['application/json-patch+json', 'text/json', 'application/vnd.skyslope+json']) {
			const ok = await api.raw('PUT', path, { headers: { session: api.session, 'content-type': type }, body: '{"listingPrice": 1}' });
			expect(ok.status).toBe(200);
		}
	});

	it('answers a deprecated form with Deprecation and successor-version Link headers', async () => {
		const listing = [...api.state.store.listings.values()][0];
		const r = await api.get(`/api/files/listings/${listing.dto.listingGuid}/updateListingCommissionsForm`);
		expect(r.status).toBe(200);
		expect(r.headers.deprecation).toMatch(/^version=\d{4}-\d{2}-\d{2}$/);
		expect(String(r.headers.link)).toMatch(/^<http:\/\/127\.0\.0\.1:\d+\/listings\/api\/files\/listings\/[0-9a-f-]+\/addCommissionsToListingForm>; rel="successor-version"$/);
	});
});
