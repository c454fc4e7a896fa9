import type { FieldDef } from '../../sandbox/listings/fields';
import type { ChecklistType, ListingRecord, User } from '../../sandbox/listings/types';
import { Listings, validListing } from '../../harness/listings-client';

describe('listings sandbox: form-driven create and update, business limits (spec 1.3, 2.2, 2.6)', () => {
	let api: Listings;
	let agents: User[];
	let office: string;
	let residential: ChecklistType;
	let commercial: ChecklistType;
	beforeEach(async () => {
		api = await Listings.start({ rateLimits: { listings: { limit: 10000 } } });
		await api.login();
		const { store } = api.state;
		agents = store.users.filter((u) => u.userType === 'Agent');
		office = agents[0].officeGuid;
		residential = store.checklistTypesOf(office, 'Listing').find((t) => t.kind === 'residential')!;
		commercial = store.checklistTypesOf(office, 'Listing').find((t) => t.kind === 'commercialLease')!;
	});
	afterEach(async () => api.close());

	const form = async (path: string) => (await api.value<{ fields: FieldDef[] }>('GET', path)).fields;
	const names = (fields: FieldDef[]) => fields.map((f) => f.fieldName);
	const create = async (body: Record<string, unknown>) => api.call('POST', '/api/files/listings', body);
	const newListing = async (extra: Record<string, unknown> = {}) => {
		const r = await create(validListing(office, agents[0].userGuid, residential.checklistTypeId, extra));
		expect(r.status).toBe(200);
		return String(r.json.value?.listingGuid);
	};

	it('returns field definitions with every attribute of 2.2, and they differ by checklist type', async () => {
		const res = await form(`/api/files/listingForm?checklistTypeId=${residential.checklistTypeId}&officeGuid=${office}`);
		const cl = await form(`/api/files/listingForm?checklistTypeId=${commercial.checklistTypeId}&officeGuid=${office}`);
		for (const f of res) {
			expect(Object.keys(f).sort()).toEqual(
				['allowableSelections', 'deprecated', 'deprecatedAsOf', 'deprecatedAvailableSelections', 'deprecatedAvailableSelectionsAsOf', 'description', 'fieldName', 'fieldType', 'isRequired', 'subFields'].sort(),
			);
		}
		expect(names(res)).not.toContain('commercialLease');
		expect(names(cl)).toContain('commercialLease');
		const lease = cl.find((f) => f.fieldName === 'commercialLease')!;
		expect(lease).toMatchObject({ fieldType: 'Object', isRequired: true });
		expect(names(lease.subFields!)).toContain('monthlyRent');
		const property = res.find((f) => f.fieldName === 'property')!;
		expect(names(property.subFields!)).toEqual(expect.arrayContaining(['streetNumber', 'city', 'zip', 'propertyTypeId']));
		const checklist = res.find((f) => f.fieldName === 'checklistTypeId')!;
		expect(checklist.allowableSelections?.map((s) => s.id)).toContain(commercial.checklistTypeId);
		expect(res.find((f) => f.fieldName === 'mlsId')).toMatchObject({ deprecated: true, deprecatedAsOf: '2023-06-01T00:00:00Z' });
		expect(property.subFields!.find((f) => f.fieldName === 'propertyTypeId')).toMatchObject({ deprecatedAvailableSelections: true });
		const types = new Set(res.map((f) => f.fieldType));
		for (const t of ['Guid', 'Int32', 'String', 'Nullable<decimal>', 'Nullable<DateTime>', 'Nullable<int>', 'Object', 'List<Guid>']) expect(types).toContain(t);
	});

	it('offers the form by userGuid as the subscribers links do', async () => {
		const subs = await api.call('GET', '/api/subscribers');
		const formLink = subs.json.links!.find((l) => l.rel === 'listingForm')!;
		const r = await api.raw('GET', formLink.href.replace(api.base, ''), { headers: { session: api.session } });
		expect(r.status).toBe(200);
		expect(Array.isArray((r.json.value as { fields: unknown[] }).fields)).toBe(true);
		expect((await api.get('/api/files/listingForm?checklistTypeId=99999')).status).toBe(422);
	});

	it('422 names every missing required field, wrong type and bad selection', async () => {
		const r = await create({ officeGuid: office, agentGuid: agents[0].userGuid, checklistTypeId: residential.checklistTypeId, listingPrice: 'cheap', sourceId: 42, property: { city: 'X' } });
		expect(r.status).toBe(422);
		const errors = r.json.errors!.join('\n');
		expect(errors).toMatch(/^listingDate: is required$/m);
		expect(errors).toMatch(/^expirationDate: is required$/m);
		expect(errors).toMatch(/^listingPrice: /m);
		expect(errors).toMatch(/^sourceId: must be one of the allowable selections/m);
		expect(errors).toMatch(/^property\.streetNumber: is required$/m);
		expect(Object.keys(r.json)).toEqual(['errors']);

		const otherOffice = await create(validListing('00000000-0000-4000-8000-000000000000', agents[0].userGuid, residential.checklistTypeId, { listingPrice: null }));
		expect(otherOffice.json.errors).toEqual([
			"officeGuid: '00000000-0000-4000-8000-000000000000' is not an office you can use",
			expect.stringMatching(/^checklistTypeId: must be one of the allowable selections/),
			'listingPrice: is required and cannot be null',
		]);
		const badType = await create(validListing(office, agents[0].userGuid, 9999));
		expect(badType.status).toBe(422);
		expect(badType.json.errors!.join()).toMatch(/checklistTypeId/);
		const removedSelection = await create(validListing(office, agents[0].userGuid, residential.checklistTypeId, { property: { ...validListing('', '', 0).property, propertyTypeId: 7 } }));
		expect(removedSelection.status).toBe(422);
		const unknownField = await create(validListing(office, agents[0].userGuid, residential.checklistTypeId, { color: 'blue' }));
		expect(unknownField.json.errors).toEqual(['color: is not a field of this form']);
		const notAGuid = await create(validListing(office, 'agent-1', residential.checklistTypeId));
		expect(notAGuid.json.errors).toEqual(['agentGuid: must be a guid']);
	});

	it('a Commercial Lease type requires its lease fields', async () => {
		const r = await create(validListing(office, agents[0].userGuid, commercial.checklistTypeId));
		expect(r.status).toBe(422);
		expect(r.json.errors).toEqual(['commercialLease: is required']);
		const lease = { leaseStartDate: '2026-01-01T00:00:00Z', leaseEndDate: '2027-01-01T00:00:00Z', monthlyRent: 4200 };
		const ok = await create(validListing(office, agents[0].userGuid, commercial.checklistTypeId, { commercialLease: lease }));
		expect(ok.status).toBe(200);
	});

	it('accepts a deprecated field with a warning', async () => {
		const r = await create(validListing(office, agents[0].userGuid, residential.checklistTypeId, { mlsId: 'OLD-1' }));
		expect(r.status).toBe(200);
		expect(r.json.warnings).toEqual([expect.stringMatching(/^Field 'mlsId' is deprecated as of 2023-06-01/)]);
		const listing = await api.value<{ listing: { mlsNumber: string } }>('GET', `/api/files/listings/${String(r.json.value?.listingGuid)}`);
		expect(listing.listing.mlsNumber).toBe('OLD-1');
	});

	it('updates validate against the update form: partial, but required fields cannot be cleared', async () => {
		const guid = await newListing();
		expect((await api.call('PUT', `/api/files/listings/${guid}`, { listingPrice: 1 })).status).toBe(200);
		const cleared = await api.call('PUT', `/api/files/listings/${guid}`, { listingPrice: null });
		expect(cleared.status).toBe(422);
		expect(cleared.json.errors).toEqual(['listingPrice: is required and cannot be null']);
		const upd = await form(`/api/files/listings/${guid}/updateListingForm`);
		expect(names(upd)).not.toContain('agentGuid');
	});

	it('creates an incomplete listing that becomes active with commissions and a seller', async () => {
		const guid = await newListing();
		const get = async () => (await api.value<{ listing: ListingRecord['dto'] }>('GET', `/api/files/listings/${guid}`)).listing;
		expect((await get()).status).toBe('incomplete');
		await api.value('POST', `/api/files/listings/${guid}/commissions`, { listingCommissionPercent: 3, saleCommissionPercent: 2.5 });
		await api.value('POST', `/api/files/listings/${guid}/sellerContact`, { firstName: 'Sel', lastName: 'Ler' });
		const listing = await get();
		expect(listing.status).toBe('active');
		expect(listing.createdByGuid).toBe(api.state.store.users.find((u) => u.userType === 'Broker')!.userGuid);
	});

	it('enforces the limits of 2.6', async () => {
		const guid = await newListing();
		const base = `/api/files/listings/${guid}`;
		const six = agents.slice(1, 7).map((a) => a.userGuid);
		const tooMany = await api.call('PUT', `${base}/coAgents`, { coAgentGuids: six });
		expect(tooMany.status).toBe(422);
		expect(tooMany.json.errors!.join()).toMatch(/coAgentGuids: at most 5/);
		expect((await api.call('PUT', `${base}/coAgents`, { coAgentGuids: six.slice(0, 5) })).status).toBe(200);
		expect((await api.call('PUT', `${base}/coAgents`, { coAgentGuids: [agents[0].userGuid] })).status).toBe(422);

		for (let i = 0; i < 5; i++) expect((await api.call('POST', `${base}/sellerContact`, { firstName: `S${i}`, lastName: 'Ler' })).status).toBe(200);
		const sixth = await api.call('POST', `${base}/sellerContact`, { firstName: 'S6', lastName: 'Ler' });
		expect(sixth.status).toBe(422);
		expect(sixth.json.errors).toEqual(['A listing has at most 5 seller contacts']);

		expect((await api.call('POST', `${base}/homeWarrantyContact`, { company: 'Warranty One' })).status).toBe(200);
		expect((await api.call('POST', `${base}/homeWarrantyContact`, { company: 'Warranty Two' })).status).toBe(422);
		for (let i = 0; i < 3; i++) expect((await api.call('POST', `${base}/miscellaneousContact`, { firstName: 'M', lastName: `${i}`, role: 'Inspector' })).status).toBe(200);

		expect((await api.call('POST', `${base}/referringagent`, { agentName: 'R', company: 'C' })).status).toBe(200);
		expect((await api.call('POST', `${base}/referringagent`, { agentName: 'R2', company: 'C2' })).status).toBe(422);
	});

	it('a Commercial Lease checklist type cannot switch to a non-CL type, nor the reverse', async () => {
		const guid = await newListing();
		const toCl = await api.call('PUT', `/api/files/listings/${guid}/checklistType`, { checklistTypeId: commercial.checklistTypeId });
		expect(toCl.status).toBe(422);
		expect(toCl.json.errors![0]).toMatch(/Commercial Lease/);
		const land = api.state.store.checklistTypesOf(office, 'Listing').find((t) => t.kind === 'land')!;
		expect((await api.call('PUT', `/api/files/listings/${guid}/checklistType`, { checklistTypeId: land.checklistTypeId })).status).toBe(200);

		const sale = [...api.state.store.sales.values()].find((s) => api.state.store.checklistType(s.checklistTypeId)?.kind === 'commercialLease')!;
		const residentialSale = api.state.store.checklistTypesOf(sale.dto.officeGuid, 'Sale').find((t) => t.kind === 'residential')!;
		expect((await api.call('PUT', `/api/files/sales/${sale.dto.saleGuid}/checklistType`, { checklistTypeId: residentialSale.checklistTypeId })).status).toBe(422);
	});

	it('single-office brokers: PUT /office errors, /api/checklistTypes answers', async () => {
		const guid = await newListing();
		const other = api.state.store.offices[1].officeGuid;
		expect((await api.call('PUT', `/api/files/listings/${guid}/office`, { officeGuid: other })).status).toBe(200);
		expect((await api.get('/api/checklistTypes')).status).toBe(422);

		api.state.setMultiOffice(false);
		const refused = await api.call('PUT', `/api/files/listings/${guid}/office`, { officeGuid: other });
		expect(refused.status).toBe(422);
		expect(refused.json.errors).toEqual(['Office assignment is only available to multi-office brokers']);
		const types = await api.value<{ checklistTypes: Array<{ checklistTypeId: number }> }>('GET', '/api/checklistTypes?transactionType=Sale');
		expect(types.checklistTypes.length).toBe(3);
		expect((await api.value<{ offices: unknown[] }>('GET', '/api/offices')).offices.length).toBe(1);
		expect((await api.value<{ isMultiOffice: boolean }>('GET', '/api/subscribers')).isMultiOffice).toBe(false);
		expect((await api.get('/api/checklistTypes?transactionType=Lease')).status).toBe(422);
	});

	it('an agent sees only their files: 404 for the others', async () => {
		await api.login('agent');
		const me = api.state.store.users.find((u) => u.userType === 'Agent')!;
		const mine = [...api.state.store.listings.values()].find((l) => l.dto.agentGuid === me.userGuid)!;
		const theirs = [...api.state.store.listings.values()].find((l) => !api.state.store.canSee(me, l.dto))!;
		expect((await api.get(`/api/files/listings/${mine.dto.listingGuid}`)).status).toBe(200);
		expect((await api.get(`/api/files/listings/${theirs.dto.listingGuid}`)).status).toBe(404);
		const offices = await api.value<{ offices: Array<{ officeGuid: string }> }>('GET', '/api/offices');
		expect(offices.offices.map((o) => o.officeGuid)).toEqual([me.officeGuid]);
		const notMine = api.state.store.offices.find((o) => o.officeGuid !== me.officeGuid)!;
		expect((await api.get(`/api/offices/${notMine.officeGuid}`)).status).toBe(404);
	});

	it('contacts directory: create, duplicate warning, filter, patch, delete', async () => {
		const body = { firstName: 'Dup', lastName: 'Licate', email: 'dup@example.com', phone: '555-0142', city: 'Sampleton' };
		const first = await api.call('POST', '/api/contacts', body);
		expect(first.status).toBe(200);
		expect(first.json.warnings).toBeNull();
		const second = await api.call('POST', '/api/contacts', body);
		expect(second.json.warnings).toEqual([expect.stringMatching(/already exists/)]);
		const found = await api.value<{ contacts: Array<{ contactGuid: string }> }>('GET', '/api/contacts?lastName=licate&city=Sample');
		expect(found.contacts.length).toBe(2);
		const guid = String(first.json.value?.contactGuid);
		expect((await api.call('PATCH', `/api/contacts/${guid}`, { phone: '555-0143' })).status).toBe(200);
		expect((await api.call('PATCH', `/api/contacts/${guid}`, { firstName: null })).status).toBe(422);
		expect((await api.call('DELETE', `/api/contacts/${guid}`)).status).toBe(204);
		expect((await api.call('DELETE', `/api/contacts/${guid}`)).status).toBe(404);
		expect((await api.call('POST', '/api/contacts', { firstName: 'Only' })).json.errors).toEqual(['lastName: is required']);
	});

	it('sale sub-resources validate too: splits, earnest money query, single contacts', async () => {
		const sale = [...api.state.store.sales.values()].find((s) => s.dto.status === 'pending')!;
		const base = `/api/files/sales/${sale.dto.saleGuid}`;
		const split = await api.call('PUT', `${base}/commissionSplit`, { commissionSplits: [{ agentGuid: sale.dto.agentGuid, splitPercent: 120 }] });
		expect(split.status).toBe(422);
		const stranger = api.state.store.users.find((u) => u.userType === 'Agent' && u.userGuid !== sale.dto.agentGuid && !(sale.dto.coAgentGuids as string[]).includes(u.userGuid))!;
		const wrongAgent = await api.call('PUT', `${base}/commissionSplit`, { commissionSplits: [{ agentGuid: stranger.userGuid, splitPercent: 10 }] });
		expect(wrongAgent.json.errors![0]).toMatch(/neither the primary agent nor a co-agent/);
		const emd = await api.call('PATCH', `${base}/earnestMoneyDeposit?DepositAmount=lots&DateOfCheck=yesterday`);
		expect(emd.json.errors).toEqual(["DateOfCheck: 'yesterday' is not a valid date", "DepositAmount: 'lots' is not a valid decimal"]);
		expect((await api.call('POST', `${base}/lenderContact`, { company: 'Lender One' })).status).toBe(200);
		expect((await api.call('POST', `${base}/lenderContact`, { company: 'Lender Two' })).status).toBe(422);
		const attorney = await api.call('POST', `${base}/attorneyContact`, JSON.stringify({ firstName: 'At', lastName: 'Torney' }));
		expect(attorney.status).toBe(200);
		expect((await api.call('POST', `${base}/attorneyContact`, 'not json inside')).status).toBe(422);
	});
});

describe('listings sandbox: HTTP test control', () => {
	it('PUT {api_url}/_sandbox/config switches single-office mode and the export cut', async () => {
		const api = await Listings.start();
		try {
			const r = await api.raw('PUT', '/_sandbox/config', { headers: { 'content-type': 'application/json' }, body: JSON.stringify({ multiOffice: false, exportCutAfter: 2 }) });
			expect(r.json).toEqual({ multiOffice: false, exportCutAfter: 2 });
			expect(api.state.store.multiOffice).toBe(false);
			const back = await api.raw('PUT', '/_sandbox/config', { headers: { 'content-type': 'application/json' }, body: JSON.stringify({ multiOffice: true, exportCutAfter: null }) });
			expect(back.json).toEqual({ multiOffice: true, exportCutAfter: null });
		} finally {
			await api.close();
		}
	});
});

describe('listings sandbox: a sale converted from a listing', () => {
	it('carries the listingGuid and the MLS number of its listing; an unknown listing is refused', async () => {
		const api = await Listings.start();
		try {
			await api.login();
			const { store } = api.state;
			const listing = [...store.listings.values()].find((l) => l.dto.status === 'active')!;
			const type = store.checklistTypesOf(listing.dto.officeGuid, 'Sale').find((t) => t.kind === store.checklistType(listing.checklistTypeId)?.kind)!;
			const property = { streetNumber: '1', streetAddress: 'Mock Blvd', city: 'Sampleton', state: 'CA', zip: '95814' };
			const body = (listingGuid: string) => ({
				officeGuid: listing.dto.officeGuid,
				agentGuid: listing.dto.agentGuid,
				checklistTypeId: type.checklistTypeId,
				listingGuid,
				dealTypeId: 1,
				salePrice: 1,
				contractAcceptedDate: '2026-01-02T00:00:00Z',
				escrowClosingDate: '2099-01-02T00:00:00Z',
				property: type.kind === 'land' ? { ...property, lotSizeAcres: 2 } : property,
				...(type.kind === 'commercialLease' ? { commercialLease: { leaseStartDate: '2026-01-01T00:00:00Z', leaseEndDate: '2027-01-01T00:00:00Z', monthlyRent: 1 } } : {}),
			});
			const created = await api.value<{ saleGuid: string }>('POST', '/api/files/sales', body(listing.dto.listingGuid));
			const { sale } = await api.value<{ sale: Record<string, unknown> }>('GET', `/api/files/sales/${created.saleGuid}`);
			expect(sale).toMatchObject({ listingGuid: listing.dto.listingGuid, mlsNumber: listing.dto.mlsNumber, status: 'incomplete', dealType: 'Listing Side' });
			const missing = await api.call('POST', '/api/files/sales', body('00000000-0000-4000-8000-000000000000'));
			expect(missing.status).toBe(422);
			expect(missing.json.errors![0]).toMatch(/^listingGuid: /);
		} finally {
			await api.close();
		}
	});
});
