// Every operation of the SkySlope node against the sandbox, in the order a user would meet them:
// what was sent (method, path, query, body) and what came out. The last test derives the endpoint
// list from the sandbox manifest and proves every endpoint was reached by some operation.
// The walk runs twice: with the sandbox answering as the documents say, and in the other shapes
// clients of the live service report (the payload under `values`, a single office as
// `{ guid, name }`, every write answered 200 with a warning): the same items come out, and every
// write of the node shows the warning.
import type { IDataObject, INodeParameters, ResourceMapperValue } from 'n8n-workflow';

import { resources } from '../../nodes/SkySlope/listingsSales/actions';
import type { LiveSwitches } from '../../sandbox/core/live';
import { WRITE_WARNING } from '../../sandbox/listings/live';
import { listingsEndpoints, listingsExtraEndpoints } from '../../sandbox/listings/manifest';
import { documentedOperations } from './documented';
import { byId, json, startEnv, type Env } from '../../harness/listings-env';

let env: Env;

const MODES: Array<[string, LiveSwitches]> = [
	['as documented', {}],
	['in the other shapes of the live service', { valuesPayload: true, shortOfficeKeys: true, writeWarnings: true }],
];
/** The switches of the walk running now. */
let live: LiveSwitches = {};

/** Every write of the node, as `resource.operation`. */
const writes = resources.flatMap((r) => r.operations.filter((o) => o.writes).map((o) => `${r.value}.${o.value}`)).sort();
/** The writes whose every item showed the live service's warning, in the walk running now. */
const warned = new Set<string>();

/** A write's items carry the warning its answer had (the sandbox's writeWarnings adds one to each). */
function noteWarning(parameters: INodeParameters, items: IDataObject[]): IDataObject[] {
	const name = `${String(parameters.resource)}.${String(parameters.operation)}`;
	if (writes.includes(name) && items.length && items.every((i) => Array.isArray(i.warnings) && (i.warnings as string[]).includes(WRITE_WARNING))) warned.add(name);
	return items;
}

/** The resource mapper value the editor would save: the form's fields as schema, and the values. */
async function columns(parameters: INodeParameters, value: IDataObject): Promise<ResourceMapperValue> {
	const mapped = await env.method('resourceMapping', 'getFormFields', parameters);
	return {
		mappingMode: 'defineBelow',
		value: value as ResourceMapperValue['value'],
		matchingColumns: [],
		schema: mapped.fields,
		attemptToConvertTypes: false,
		convertFieldsToString: false,
	};
}

/** Runs an operation whose fields come from a form: loads the form, maps the values, runs. */
async function runForm(parameters: INodeParameters, value: IDataObject) {
	return await env.run({ ...parameters, columns: await columns(parameters, value) });
}

async function ok(parameters: INodeParameters) {
	const result = await env.run(parameters);
	if (result.error) throw new Error(`${String(parameters.resource)}.${String(parameters.operation)}: ${result.error.message} ${result.error.description ?? ''}`);
	return noteWarning(parameters, json(result));
}

async function okForm(parameters: INodeParameters, value: IDataObject) {
	const result = await runForm(parameters, value);
	if (result.error) throw new Error(`${String(parameters.resource)}.${String(parameters.operation)}: ${result.error.message} ${result.error.description ?? ''}`);
	return noteWarning(parameters, json(result));
}

const last = (method: string, path: RegExp) => {
	const all = env.sent(method, path);
	return all[all.length - 1];
};

let broker: IDataObject;
let agents: IDataObject[];
let offices: IDataObject[];
let listingGuid: string;
let saleGuid: string;

describe.each(MODES)('the walk, %s', (_mode, switches) => {
	beforeAll(async () => {
		// A generous rate limit: this file sends a few hundred requests (pacing has its own test).
		env = await startEnv({ rateLimits: { listings: { limit: 10_000 } } });
		live = switches;
		env.sandbox.setLive(live);
		warned.clear();
	});
	afterAll(async () => env.sandbox.close());

	describe('service, subscribers, offices, checklist types', () => {
		it('checks health', async () => {
			expect(await ok({ resource: 'service', operation: 'checkHealth' })).toEqual([{ healthy: true, status: 'Healthy' }]);
		});

		it('gets the subscribers, keeping the form links', async () => {
			const [value] = await ok({ resource: 'subscriber', operation: 'get' });
			expect(value.isMultiOffice).toBe(true);
			expect(value.transactionTypes).toEqual(['Listing', 'Sale']);
			const users = value.users as IDataObject[];
			broker = users.find((u) => u.userType === 'Broker') as IDataObject;
			agents = users.filter((u) => u.userType === 'Agent');
			expect((value.links as IDataObject[]).some((l) => l.rel === 'listingForm')).toBe(true);
		});

		it('lists, gets and updates offices', async () => {
			offices = await ok({ resource: 'office', operation: 'getAll', returnAll: true });
			expect(offices.length).toBeGreaterThan(1);
			expect(await ok({ resource: 'office', operation: 'getAll', returnAll: false, limit: 1 })).toHaveLength(1);
			const [office] = await ok({ resource: 'office', operation: 'get', officeGuid: byId(String(offices[0].officeGuid)) });
			expect(office.officeName).toBe(offices[0].officeName);
			const [updated] = await okForm(
				{ resource: 'office', operation: 'update', officeGuid: byId(String(offices[0].officeGuid)) },
				{ phone: '555-0199', 'address.city': 'Sampleton', 'address.state': 'CA' },
			);
			expect(last('PATCH', /^\/api\/offices\//).body).toEqual({ phone: '555-0199', address: { city: 'Sampleton', state: 'CA' } });
			expect(updated.phone).toBe('555-0199');
		});

		it('lists checklist types of an office, and of the only office of a single-office broker', async () => {
			const types = await ok({
				resource: 'checklistType',
				operation: 'getAll',
				officeGuid: byId(String(offices[0].officeGuid)),
				transactionType: 'Sale',
				returnAll: true,
			});
			expect(types.map((t) => t.checklistTypeName)).toEqual(['Residential Sale', 'Land Sale', 'Commercial Lease']);
			expect(last('GET', /checklistTypes$/).query).toEqual({ transactionType: 'Sale' });
			env.state.setMultiOffice(false);
			try {
				const only = await ok({ resource: 'checklistType', operation: 'getAll', transactionType: '', returnAll: true });
				expect(only).toHaveLength(6);
				expect(last('GET', /^\/api\/checklistTypes$/)).toBeDefined();
			} finally {
				env.state.setMultiOffice(true);
			}
		});
	});

	describe('listings', () => {
		it('creates a listing from the form: pickers, nested property, dates', async () => {
			const agent = agents.find((a) => env.state.store.user(String(a.userGuid))?.officeGuid === offices[0].officeGuid)!;
			const parameters = {
				resource: 'listing',
				operation: 'create',
				officeGuid: byId(String(offices[0].officeGuid)),
				checklistTypeId: 11,
				agentGuid: byId(String(agent.userGuid)),
			};
			const [created] = await okForm(parameters, {
				listingPrice: 450000,
				listingDate: '2026-01-10T00:00:00.000Z',
				expirationDate: '2027-01-10T00:00:00.000Z',
				sourceId: 3,
				'property.streetNumber': '12',
				'property.streetAddress': 'Sandbox Way',
				'property.city': 'Sampleton',
				'property.state': 'CA',
				'property.zip': '95814',
				'property.propertyTypeId': 1,
				mlsNumber: '',
			});
			expect(env.sent('GET', /^\/api\/files\/listingForm$/).at(-1)?.query).toEqual({
				officeGuid: String(offices[0].officeGuid),
				checklistTypeId: '11',
			});
			const sent = last('POST', /^\/api\/files\/listings$/).body as IDataObject;
			expect(sent).toMatchObject({
				officeGuid: offices[0].officeGuid,
				agentGuid: agent.userGuid,
				checklistTypeId: 11,
				listingPrice: 450000,
				sourceId: 3,
				property: { streetNumber: '12', streetAddress: 'Sandbox Way', city: 'Sampleton', state: 'CA', zip: '95814', propertyTypeId: 1 },
			});
			expect(Date.parse(String(sent.listingDate))).toBe(Date.parse('2026-01-10T00:00:00.000Z'));
			expect(sent).not.toHaveProperty('mlsNumber');
			listingGuid = String(created.listingGuid);
			expect(created.links).toBeDefined();
		});

		it('gets the listing and lists listings page by page', async () => {
			const [listing] = await ok({ resource: 'listing', operation: 'get', listingGuid: byId(listingGuid), simplify: false });
			expect(listing.listingGuid).toBe(listingGuid);
			expect((listing.property as IDataObject).streetAddress).toBe('Sandbox Way');
			// Simplify (the default) gives the same listing as one flat record with the address in one line.
			const [simple] = await ok({ resource: 'listing', operation: 'get', listingGuid: byId(listingGuid) });
			expect(simple).toMatchObject({ listingGuid, listingPrice: 450000, address: '12 Sandbox Way, Sampleton, CA 95814', status: listing.status });
			expect(simple).not.toHaveProperty('property');
			const before = env.sent('GET', /^\/api\/files\/listings$/).length;
			const some = await ok({ resource: 'listing', operation: 'getAll', returnAll: false, limit: 15 });
			expect(some).toHaveLength(15);
			expect(env.sent('GET', /^\/api\/files\/listings$/).length - before).toBe(2);
		});

		it('reads the create and update forms', async () => {
			const [form] = await ok({
				resource: 'listing',
				operation: 'getForm', formFor: 'create',
				officeGuid: byId(String(offices[0].officeGuid)),
				checklistTypeId: 13,
			});
			expect((form.fields as IDataObject[]).map((f) => f.fieldName)).toContain('commercialLease');
			const [update] = await ok({ resource: 'listing', operation: 'getForm', formFor: 'update', listingGuid: byId(listingGuid) });
			expect((update.fields as IDataObject[]).map((f) => f.fieldName)).toContain('listingPrice');
		});

		it('updates the listing; a deprecated field comes back as a warning', async () => {
			const [out] = await okForm({ resource: 'listing', operation: 'update', listingGuid: byId(listingGuid) }, { mlsId: 'M-1', listingPrice: 455000 });
			expect(last('PUT', /^\/api\/files\/listings\/[^/]+$/).body).toEqual({ mlsId: 'M-1', listingPrice: 455000 });
			expect(out.listingGuid).toBe(listingGuid);
			expect(String((out.warnings as string[])[0])).toContain('deprecated');
		});

		it('sets agent, checklist type, co-agents and office', async () => {
			const inOffice0 = agents.filter((a) => env.state.store.user(String(a.userGuid))?.officeGuid === offices[0].officeGuid);
			await ok({ resource: 'listing', operation: 'updateAgent', listingGuid: byId(listingGuid), agentGuid: byId(String(inOffice0[0].userGuid)) });
			expect(last('PUT', /\/agent$/).body).toEqual({ agentGuid: inOffice0[0].userGuid });
			await ok({ resource: 'listing', operation: 'updateChecklistType', listingGuid: byId(listingGuid), checklistTypeId: 12 });
			expect(last('PUT', /\/checklistType$/).body).toEqual({ checklistTypeId: 12 });
			const [form] = await ok({ resource: 'listing', operation: 'getForm', formFor: 'updateCoAgents', listingGuid: byId(listingGuid) });
			expect((form.fields as IDataObject[])[0].fieldName).toBe('coAgentGuids');
			const co = String(agents.find((a) => a.userGuid !== inOffice0[0].userGuid)!.userGuid);
			await okForm({ resource: 'listing', operation: 'updateCoAgents', listingGuid: byId(listingGuid) }, { coAgentGuids: [co] });
			expect(last('PUT', /\/coAgents$/).body).toEqual({ coAgentGuids: [co] });
			await ok({ resource: 'listing', operation: 'updateOffice', listingGuid: byId(listingGuid), officeGuid: byId(String(offices[1].officeGuid)) });
			expect(last('PUT', /\/office$/).body).toEqual({ officeGuid: offices[1].officeGuid });
		});

		it('adds and updates commissions and the commission referral', async () => {
			const L = { resource: 'listing', listingGuid: byId(listingGuid) };
			const [addForm] = await ok({ ...L, operation: 'getForm', formFor: 'addCommissions' });
			expect((addForm.fields as IDataObject[]).some((f) => f.isRequired)).toBe(true);
			await okForm({ ...L, operation: 'addCommissions' }, { listingCommissionPercent: 3, saleCommissionPercent: 2.5 });
			expect(last('POST', /\/commissions$/).body).toEqual({ listingCommissionPercent: 3, saleCommissionPercent: 2.5 });
			await ok({ ...L, operation: 'getForm', formFor: 'updateCommissions' });
			await okForm({ ...L, operation: 'updateCommissions' }, { notes: 'Adjusted' });
			expect(last('PUT', /\/commissions$/).body).toEqual({ notes: 'Adjusted' });
			await ok({ ...L, operation: 'getForm', formFor: 'addCommissionReferral' });
			const [ref] = await okForm({ ...L, operation: 'addCommissionReferral' }, { referralCompany: 'Example Co', referralAgentName: 'Kai Sample' });
			expect((ref.commissionReferral as IDataObject).referralCompany).toBe('Example Co');
			await okForm({ ...L, operation: 'updateCommissionReferral' }, { referralPercent: 25 });
			expect(last('PATCH', /\/commissionReferral$/).body).toEqual({ referralPercent: 25 });
		});

		it('adds contacts within the limits and updates one with a string body', async () => {
			const L = { resource: 'listing', listingGuid: byId(listingGuid) };
			for (const formFor of ['addSellerContact', 'addHomeWarrantyContact', 'addMiscellaneousContact']) {
				expect((await ok({ ...L, operation: 'getForm', formFor }))[0].fields).toBeDefined();
				expect(last('GET', /ContactToListingForm$/).path).toMatch(new RegExp(`/${formFor}ToListingForm$`, 'i'));
			}
			const [seller] = await okForm({ ...L, operation: 'addSellerContact' }, { firstName: 'Ada', lastName: 'Sample', 'address.city': 'Sampleton' });
			expect(last('POST', /\/sellerContact$/).body).toEqual({ firstName: 'Ada', lastName: 'Sample', address: { city: 'Sampleton' } });
			await okForm({ ...L, operation: 'addHomeWarrantyContact' }, { company: 'Example Warranty' });
			await okForm({ ...L, operation: 'addMiscellaneousContact' }, { firstName: 'Ben', lastName: 'Example', role: 'Stager' });
			expect(last('POST', /\/miscellaneousContact$/).status).toBe(200);

			const contactGuid = byId(String(seller.contactGuid));
			const [form] = await ok({ ...L, operation: 'getForm', formFor: 'updateContact', contactGuid });
			expect(form.role).toBe('seller');
			await okForm({ ...L, operation: 'updateContact', contactGuid }, { phone: '555-0101' });
			const put = last('PUT', /\/contact\/[^/]+$/);
			expect(put.status).toBe(200);
			// "body is a string": the JSON text of the object, sent as a JSON string.
			expect(typeof put.body).toBe('string');
			expect(JSON.parse(put.body as string)).toEqual({ phone: '555-0101' });
		});

		it('refuses a second home warranty contact before sending anything', async () => {
			const before = env.sent('POST', /\/homeWarrantyContact$/).length;
			const result = await runForm({ resource: 'listing', operation: 'addHomeWarrantyContact', listingGuid: byId(listingGuid) }, { company: 'Second' });
			expect(result.error?.message).toContain('already has 1 home warranty contact');
			expect(env.sent('POST', /\/homeWarrantyContact$/)).toHaveLength(before);
		});

		it('updates a document, the property, custom fields and the stage', async () => {
			const L = { resource: 'listing', listingGuid: byId(listingGuid) };
			const seeded = [...env.state.store.listings.values()].find((l) => l.documents.length > 0)!;
			const documentGuid = seeded.documents[0].documentGuid;
			const [doc] = await okForm({ resource: 'listing', listingGuid: byId(seeded.dto.listingGuid), operation: 'updateDocument', documentGuid: byId(documentGuid) }, { fileName: 'Disclosure.pdf', documentStatusId: 2 });
			expect((doc.document as IDataObject).documentStatus).toBe('Reviewed');
			await ok({ ...L, operation: 'getForm', formFor: 'updateProperty' });
			await okForm({ ...L, operation: 'updateProperty' }, { 'property.unit': '4B', unit: '4B' });
			expect(last('PUT', /\/property$/).body).toEqual({ unit: '4B' });
			const [cf] = await ok({ ...L, operation: 'updateCustomFields', customFields: { field: [{ name: 'leadSource', value: 'Web' }] } });
			expect(cf.customFields).toMatchObject({ leadSource: 'Web' });
			const [stage] = await ok({ ...L, operation: 'updateStage', stageId: 3 });
			expect(last('PATCH', /^\/api\/listings\/[^/]+\/stage$/).body).toEqual({ stageId: 3 });
			expect((stage.stage as IDataObject).stageId).toBe(3);
		});

		it('adds, reads and updates the referring agent; a second one is refused', async () => {
			const L = { resource: 'listing', listingGuid: byId(listingGuid) };
			await ok({ ...L, operation: 'getForm', formFor: 'addReferringAgent' });
			await okForm({ ...L, operation: 'addReferringAgent' }, { agentName: 'Finn Example', company: 'Example Referrals' });
			const [got] = await ok({ ...L, operation: 'getReferringAgent' });
			expect(got.agentName).toBe('Finn Example');
			await ok({ ...L, operation: 'getForm', formFor: 'updateReferringAgent' });
			await okForm({ ...L, operation: 'updateReferringAgent' }, { referralFeePercent: 20 });
			expect(last('PUT', /\/referringagent$/).body).toEqual({ referralFeePercent: 20 });
			const again = await runForm({ ...L, operation: 'addReferringAgent' }, { agentName: 'X', company: 'Y' });
			expect(again.error?.message).toContain('already has 1 referring agent');
		});
	});

	describe('sales', () => {
		it('creates a sale in one step and reads it back', async () => {
			const agent = agents.find((a) => env.state.store.user(String(a.userGuid))?.officeGuid === offices[0].officeGuid)!;
			const [created] = await okForm(
				{
					resource: 'sale',
					operation: 'create',
					officeGuid: byId(String(offices[0].officeGuid)),
					checklistTypeId: 14,
					agentGuid: byId(String(agent.userGuid)),
				},
				{
					dealTypeId: 2,
					salePrice: 510000,
					contractAcceptedDate: '2026-02-01T00:00:00.000Z',
					escrowClosingDate: '2026-12-01T00:00:00.000Z',
					'property.streetNumber': '7',
					'property.streetAddress': 'Example Ave',
					'property.city': 'Sampleton',
					'property.state': 'CA',
					'property.zip': '95814',
				},
			);
			saleGuid = String(created.saleGuid);
			expect(env.sent('GET', /^\/api\/files\/saleForm$/).at(-1)?.query).toEqual({
				officeGuid: String(offices[0].officeGuid),
				checklistTypeId: '14',
				userGuid: String(agent.userGuid),
			});
			expect(last('POST', /^\/api\/files\/sales$/).body).toMatchObject({ agentGuid: agent.userGuid, checklistTypeId: 14, dealTypeId: 2 });
			const [sale] = await ok({ resource: 'sale', operation: 'get', saleGuid: byId(saleGuid) });
			expect(sale.saleGuid).toBe(saleGuid);
			expect(sale.status).toBe('incomplete');
			const [form] = await ok({ resource: 'sale', operation: 'getForm', formFor: 'create', officeGuid: byId(String(offices[0].officeGuid)), checklistTypeId: 14 });
			expect((form.fields as IDataObject[]).find((f) => f.fieldName === 'dealTypeId')?.allowableSelections).toHaveLength(3);
		});

		it('lists sales with filters and Return All', async () => {
			const before = env.sent('GET', /^\/api\/files\/sales$/).length;
			const all = await ok({
				resource: 'sale',
				operation: 'getAll',
				returnAll: true,
				filters: { earliestDate: '2020-01-01T00:00:00.000Z', createdByGuid: String(broker.userGuid) },
			});
			expect(all.map((s) => s.saleGuid)).toContain(saleGuid);
			expect(env.sent('GET', /^\/api\/files\/sales$/)[before].query).toEqual({
				earliestDate: String(Date.parse('2020-01-01T00:00:00.000Z') / 1000),
				createdByGuid: String(broker.userGuid),
			});
		});

		it('updates the sale and runs every sub-resource', async () => {
			const S = { resource: 'sale', saleGuid: byId(saleGuid) };
			await ok({ ...S, operation: 'getForm', formFor: 'update' });
			await okForm({ ...S, operation: 'update' }, { escrowNumber: 'E-7' });
			await ok({ ...S, operation: 'getForm', formFor: 'updateProperty' });
			await okForm({ ...S, operation: 'updateProperty' }, { county: 'Sample County' });
			const inOffice0 = agents.filter((a) => env.state.store.user(String(a.userGuid))?.officeGuid === offices[0].officeGuid);
			await ok({ ...S, operation: 'updateAgent', agentGuid: byId(String(inOffice0[0].userGuid)) });
			await ok({ ...S, operation: 'updateChecklistType', checklistTypeId: 15 });
			await ok({ ...S, operation: 'getForm', formFor: 'updateCoAgents' });
			const co = String(inOffice0[1].userGuid);
			await okForm({ ...S, operation: 'updateCoAgents' }, { coAgentGuids: [co] });
			expect(last('PUT', /sales\/[^/]+\/coAgents$/).body).toEqual({ coAgentGuids: [co] });
			await ok({ ...S, operation: 'getForm', formFor: 'addCommissions' });
			await okForm({ ...S, operation: 'addCommissions' }, { listingCommissionPercent: 3, saleCommissionPercent: 3 });
			await ok({ ...S, operation: 'getForm', formFor: 'updateCommissions' });
			await okForm({ ...S, operation: 'updateCommissions' }, { totalCommission: 15300 });
			await ok({ ...S, operation: 'getForm', formFor: 'updateCommissionBreakdown' });
			await okForm({ ...S, operation: 'updateCommissionBreakdown' }, { commissionBreakdowns: '[{"description":"Base","amount":15300}]' });
			expect(last('PUT', /commissionBreakdown$/).body).toEqual({ commissionBreakdowns: [{ description: 'Base', amount: 15300 }] });
			await ok({ ...S, operation: 'getForm', formFor: 'updateCommissionSplit' });
			await okForm({ ...S, operation: 'updateCommissionSplit' }, {
				commissionSplits: [
					{ agentGuid: String(inOffice0[0].userGuid), splitPercent: 60 },
					{ agentGuid: co, splitPercent: 40 },
				],
			});
			await ok({ ...S, operation: 'getForm', formFor: 'addCommissionReferral' });
			await okForm({ ...S, operation: 'addCommissionReferral' }, { referralCompany: 'Ref Co', referralAgentName: 'Iris Example' });
			await okForm({ ...S, operation: 'updateCommissionReferral' }, { notes: 'ok' });
			await okForm({ ...S, operation: 'addCommissionLog' }, { note: 'Bonus agreed', amount: 500 });
			const log = await ok({ ...S, operation: 'getCommissionLog' });
			expect(log).toHaveLength(1);
			expect(log[0].note).toBe('Bonus agreed');
			const [deposit] = await ok({
				...S,
				operation: 'updateEarnestMoneyDeposit',
				deposit: { DepositAmount: 5000, DepositDueDate: '2026-03-01T00:00:00.000Z', IsEarnestMoneyHeld: true },
			});
			expect(last('PATCH', /earnestMoneyDeposit$/).query).toEqual({
				DepositAmount: '5000',
				DepositDueDate: '2026-03-01T00:00:00.000Z',
				IsEarnestMoneyHeld: 'true',
			});
			expect((deposit.earnestMoneyDeposit as IDataObject).depositAmount).toBe(5000);
		});

		it('adds every kind of sale contact; the attorney as a string body', async () => {
			const S = { resource: 'sale', saleGuid: byId(saleGuid) };
			const kinds = ['Attorney', 'Buyer', 'Escrow', 'HomeWarranty', 'Lender', 'Miscellaneous', 'OtherSideAgent', 'Seller', 'Title'];
			for (const kind of kinds) {
				const [form] = await ok({ ...S, operation: 'getForm', formFor: `add${kind}Contact` });
				const fields = form.fields as IDataObject[];
				const value: IDataObject = {};
				for (const f of fields) if (f.isRequired) value[String(f.fieldName)] = `${kind} ${String(f.fieldName)}`;
				const [out] = await okForm({ ...S, operation: `add${kind}Contact` }, value);
				expect(out.contactGuid).toBeDefined();
			}
			const attorney = last('POST', /attorneyContact$/);
			expect(typeof attorney.body).toBe('string');
			expect(JSON.parse(attorney.body as string)).toEqual({ firstName: 'Attorney firstName', lastName: 'Attorney lastName' });
		});
	});

	describe('contacts directory', () => {
		it('creates (with the duplicate warning), searches, updates and deletes a contact', async () => {
			const person = { firstName: 'Gia', lastName: 'Example', email: 'gia@example.com', city: 'Sampleton' };
			const [created] = await okForm({ resource: 'directoryContact', operation: 'create' }, person);
			expect(created.warnings).toEqual(live.writeWarnings ? [WRITE_WARNING] : undefined);
			const [dup] = await okForm({ resource: 'directoryContact', operation: 'create' }, person);
			expect(String((dup.warnings as string[])[0])).toContain('already exists');
			const found = await ok({ resource: 'directoryContact', operation: 'search', returnAll: true, filters: { lastName: 'exam', city: 'Sample' } });
			expect(found.map((c) => c.contactGuid)).toContain(created.contactGuid);
			expect(last('GET', /^\/api\/contacts$/).query).toEqual({ lastName: 'exam', city: 'Sample' });
			const contactGuid = byId(String(created.contactGuid));
			const [upd] = await okForm({ resource: 'directoryContact', operation: 'update', contactGuid }, { phone: '555-0142' });
			expect((upd.contact as IDataObject).phone).toBe('555-0142');
			const warnings = live.writeWarnings ? { warnings: [WRITE_WARNING] } : {};
			expect(await ok({ resource: 'directoryContact', operation: 'delete', contactGuid })).toEqual([{ deleted: true, contactGuid: created.contactGuid, ...warnings }]);
			expect(last('DELETE', /^\/api\/contacts\//).status).toBe(live.writeWarnings ? 200 : 204);
		});
	});

	describe('bulk export', () => {
		it('exports one item per file, the summary only when asked', async () => {
			const items = await ok({ resource: 'bulkExport', operation: 'export', types: ['listing', 'sale'], statuses: [], includeSummary: false, filters: {} });
			expect(items.length).toBeGreaterThan(10);
			expect(items.every((i) => i.objectType === 'listing' || i.objectType === 'sale')).toBe(true);
			expect(last('GET', /^\/api\/files$/).query).toEqual({ type: 'listing,sale,summary' });
			const withSummary = await ok({
				resource: 'bulkExport',
				operation: 'export',
				types: ['sale'],
				statuses: ['closed', 'archived'],
				includeSummary: true,
				filters: { createdAfter: '2020-01-01T00:00:00.000Z', propertyAddress: 'a' },
			});
			expect(withSummary[0].objectType).toBe('summary');
			expect(withSummary.slice(1).every((i) => i.objectType === 'sale' && ['closed', 'archived'].includes(String(i.status)))).toBe(true);
			expect(withSummary.length - 1).toBe(withSummary[0].numberOfSales);
			expect(last('GET', /^\/api\/files$/).query).toEqual({
				type: 'sale,summary',
				status: 'closed,archived',
				createdAfter: '2020-01-01T00:00:00.000Z',
				propertyAddress: 'a',
			});
		});
	});

	describe('coverage of the spec', () => {
		it('every write of the node showed the warning of its answer, and none did without one', () => {
			expect([...warned].sort()).toEqual(live.writeWarnings ? writes : []);
		});

		it('every endpoint of the sandbox manifest (and those it serves beyond the spec) was reached by some operation', () => {
			const missing = [...listingsEndpoints, ...listingsExtraEndpoints].filter((e) => {
				const pattern = new RegExp(`^${e.path.replace(/\{[^}]+\}/g, '[^/]+')}$`, 'i');
				return !env.sandbox.log.some((entry) => entry.service === 'listings' && entry.method === e.method && pattern.test(entry.path.split('?')[0]));
			});
			expect(missing.map((e) => `${e.method} ${e.path}`)).toEqual([]);
		});

		it('every operation has a description, a sentence-case action and a unique value per resource', () => {
			for (const resource of resources) {
				const values = resource.operations.map((o) => o.value);
				expect(new Set(values).size).toBe(values.length);
				for (const op of resource.operations) {
					expect(op.action[0]).toBe(op.action[0].toUpperCase());
					expect(op.description.length).toBeGreaterThan(10);
				}
			}
		});
	});
});

describe('documentation', () => {
	it('docs/listings-sales.md lists every operation of every resource', () => {
		const documented = documentedOperations();
		for (const resource of resources) {
			const rows = documented.filter((d) => d.resource === resource.value).map((d) => d.operation);
			const forms = rows.filter((o) => o.startsWith('getForm:')).map((o) => o.slice('getForm:'.length));
			const listed = rows.filter((o) => !o.startsWith('getForm:'));
			if (forms.length) listed.push('getForm');
			expect(listed.sort()).toEqual(resource.operations.map((o) => o.value).sort());
			// Get Form offers exactly the writes whose rows name a form.
			const getForm = resource.operations.find((o) => o.value === 'getForm');
			const formFor = getForm?.properties.find((p) => p.name === 'formFor')?.options?.map((o) => (o as { value: string }).value) ?? [];
			expect(formFor.sort()).toEqual(forms.sort());
		}
	});
});
