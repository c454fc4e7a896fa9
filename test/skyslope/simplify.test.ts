// Simplify on Get and Get Many of listings and sales: the fields people use, flat; off gives the record as the service sent it.
import type { IDataObject } from 'n8n-workflow';

import { addressLine, simplifyFile } from '../../nodes/SkySlope/listingsSales/helpers/simplify';

import { byId, json, startEnv, type Env } from '../../harness/listings-env';

const simplifyListing = (record: IDataObject) => simplifyFile('listing', record);
const simplifySale = (record: IDataObject) => simplifyFile('sale', record);

const LISTING_KEYS = [
	'listingGuid',
	'mlsNumber',
	'fileId',
	'status',
	'stage',
	'listingPrice',
	'address',
	'listingDate',
	'expirationDate',
	'modifiedOn',
	'agent',
	'agentGuid',
	'officeGuid',
	'contactCount',
	'documentCount',
];

const SALE_KEYS = [
	'saleGuid',
	'mlsNumber',
	'escrowNumber',
	'status',
	'stage',
	'salePrice',
	'address',
	'contractAcceptedDate',
	'escrowClosingDate',
	'actualClosingDate',
	'agent',
	'agentGuid',
	'officeGuid',
	'contactCount',
	'documentCount',
];

describe('the simplified record', () => {
	it('writes the address in one line, with the unit, and null without a property', () => {
		expect(addressLine({ streetNumber: '12', streetAddress: 'Elm St', unit: '4B', city: 'Sampleton', state: 'CA', zip: '95814' })).toBe(
			'12 Elm St #4B, Sampleton, CA 95814',
		);
		expect(addressLine({ city: 'Sampleton' })).toBe('Sampleton');
		expect(addressLine(null)).toBeNull();
		expect(addressLine({})).toBeNull();
	});

	it('counts the contacts of every role and names the primary agent', () => {
		const sale: IDataObject = {
			saleGuid: 's',
			sellers: [{ contactGuid: 'a' }, { contactGuid: 'b' }],
			buyers: [{ contactGuid: 'c' }],
			titleContact: { contactGuid: 'd' },
			attorneyContact: [],
			lenderContact: null,
			agent: [{ firstName: 'Hal', lastName: 'Stubbs' }],
			stage: { stageId: 4, stageName: 'Under Contract' },
		};
		expect(simplifySale(sale)).toMatchObject({ contactCount: 4, agent: 'Hal Stubbs', stage: 'Under Contract', documentCount: null });
		expect(Object.keys(simplifySale(sale))).toEqual(SALE_KEYS);
	});

	it('keeps the same keys for a record that lacks most fields (one shape for every item)', () => {
		expect(simplifyListing({ listingGuid: 'x' })).toEqual({
			...Object.fromEntries(LISTING_KEYS.map((k) => [k, null])),
			listingGuid: 'x',
			contactCount: 0,
		});
	});

	it('carries the warnings of the answer', () => {
		expect(simplifyListing({ listingGuid: 'x', warnings: ['mlsId is deprecated'] }).warnings).toEqual(['mlsId is deprecated']);
	});
});

describe('Simplify against the sandbox', () => {
	let env: Env;
	beforeAll(async () => {
		env = await startEnv();
	});
	afterAll(async () => env.sandbox.close());

	const listingRecord = () => [...env.state.store.listings.values()].find((l) => l.documents.length > 0)!;

	it('a listing: compact by default, the whole record with Simplify off', async () => {
		const rec = listingRecord();
		const guid = rec.dto.listingGuid;
		const [full] = json(await env.run({ resource: 'listing', operation: 'get', listingGuid: byId(guid), simplify: false }));
		const [simple] = json(await env.run({ resource: 'listing', operation: 'get', listingGuid: byId(guid) }));
		expect(full.listingGuid).toBe(guid);
		expect(full.property).toBeDefined();
		expect(Object.keys(simple)).toEqual(LISTING_KEYS);
		expect(simple).toEqual(simplifyListing(full));
		expect(simple.documentCount).toBe(rec.documents.length);
		expect(simple.status).toBe(full.status);
		expect(JSON.stringify(simple).length * 3).toBeLessThan(JSON.stringify(full).length);
	});

	it('a sale: compact by default, the whole record with Simplify off', async () => {
		const guid = [...env.state.store.sales.values()][0].dto.saleGuid;
		const [full] = json(await env.run({ resource: 'sale', operation: 'get', saleGuid: byId(guid), simplify: false }));
		const [simple] = json(await env.run({ resource: 'sale', operation: 'get', saleGuid: byId(guid) }));
		expect(full.saleGuid).toBe(guid);
		expect(full.buyers).toBeDefined();
		expect(Object.keys(simple)).toEqual(SALE_KEYS);
		expect(simple).toEqual(simplifySale(full));
		expect(JSON.stringify(simple).length * 3).toBeLessThan(JSON.stringify(full).length);
	});

	it('Get Many simplifies every item, and Simplify off lists the records whole', async () => {
		const simple = json(await env.run({ resource: 'sale', operation: 'getAll', returnAll: false, limit: 12 }));
		const full = json(await env.run({ resource: 'sale', operation: 'getAll', returnAll: false, limit: 12, simplify: false }));
		expect(simple).toHaveLength(12);
		expect(simple).toEqual(full.map(simplifySale));
		const listings = json(await env.run({ resource: 'listing', operation: 'getAll', returnAll: false, limit: 3 }));
		expect(listings.map((l) => Object.keys(l))).toEqual([LISTING_KEYS, LISTING_KEYS, LISTING_KEYS]);
	});
});
