// Simplify on Offer > Get and Get Many: one flat record of what is read first (on by default); off
// gives the offer as the service sent it; Flatten keeps giving every field one level deep.
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { simplifyOffer } from '../../nodes/SkySlope/offers/helpers/simplify';

import { type Offer } from '../../sandbox/offers';
import { useOffers } from './setup';

/** The simplified offer's Address, for an offer on this property. */
const offerAddress = (property: IDataObject) => simplifyOffer({ OfferId: 'x', OfferProperty: property }).Address;

const KEYS = [
	'OfferId',
	'OfferSubmissionDate',
	'ModificationTimestamp',
	'OfferStatus',
	'OfferPrice',
	'EarnestMoney',
	'BuyerFinancing',
	'Contingencies',
	'OfferClosingDate',
	'OfferExpirationDate',
	'OfferVersionNumber',
	'OfferAgentId',
	'ListingId',
	'ListingStatus',
	'Address',
];

describe('the simplified offer', () => {
	it('writes the address in one line, with the unit, and null without one', () => {
		expect(offerAddress({ StreetNumber: '12', StreetName: 'Oak St', UnitNumber: '4', City: 'Davis', StateOrProvince: 'CA', PostalCode: '95616' })).toBe(
			'12 Oak St #4, Davis, CA 95616',
		);
		expect(offerAddress({ City: 'Davis' })).toBe('Davis');
		expect(offerAddress({})).toBeNull();
	});

	it('keeps the same keys for an offer that lacks most fields, and names contingencies in any shape', () => {
		expect(simplifyOffer({ OfferId: 'x' })).toEqual({ ...Object.fromEntries(KEYS.map((k) => [k, null])), OfferId: 'x', Contingencies: [] });
		expect(simplifyOffer({ OfferId: 'x', OfferTerms: { Contingencies: ['Inspection', { name: 'Loan' }, { Type: 'Appraisal', Days: 17 }] } }).Contingencies).toEqual([
			'Inspection',
			'Loan',
			'Appraisal (17 days)',
		]);
	});
});

describe('Simplify on the Offers node', () => {
	const env = useOffers();
	const run = (parameters: INodeParameters) => env.items(parameters);

	const anOffer = () => [...env.state.offers.values()].find((o) => o.OfferTerms.Contingencies.length > 0) as Offer;

	it('Get is simplified by default: the offer, its terms and its listing in one flat record, about half the size', async () => {
		const offer = anOffer();
		const [simple] = await run({ resource: 'offer', operation: 'get', offerId: offer.OfferId });
		const p = offer.OfferProperty;
		expect(Object.keys(simple)).toEqual(KEYS);
		expect(simple).toMatchObject({
			OfferId: offer.OfferId,
			OfferPrice: offer.OfferTerms.OfferPrice,
			OfferStatus: offer.OfferTerms.OfferStatus,
			OfferAgentId: p.OfferAgentId,
			ListingId: p.ListingId,
			Address: expect.stringContaining(`${p.StreetNumber} ${p.StreetName}`),
		});
		expect((simple.Contingencies as string[]).length).toBe(offer.OfferTerms.Contingencies.length);
		const [full] = await run({ resource: 'offer', operation: 'get', offerId: offer.OfferId, simplify: false });
		expect(full).toEqual(offer);
		expect(JSON.stringify(simple).length).toBeLessThan(JSON.stringify(full).length * 0.6);
	});

	it('Get Many simplifies every offer; Simplify off gives them as sent; Flatten gives every field flat either way', async () => {
		const end = env.state.anchorMs - 1;
		const range = { startDate: new Date(end - 20 * 24 * 3600 * 1000).toISOString(), endDate: new Date(end).toISOString(), limit: 5 };
		const simple = await run({ resource: 'offer', operation: 'getAll', ...range });
		const full = await run({ resource: 'offer', operation: 'getAll', ...range, simplify: false });
		const flat = await run({ resource: 'offer', operation: 'getAll', ...range, options: { flatten: true } });
		expect(simple.length).toBe(5);
		expect(simple.every((o) => JSON.stringify(Object.keys(o)) === JSON.stringify(KEYS))).toBe(true);
		expect(simple.map((o) => o.OfferId)).toEqual(full.map((o) => o.OfferId));
		expect(full.every((o) => typeof o.OfferTerms === 'object')).toBe(true);
		expect(flat.every((o) => o.OfferTerms === undefined && 'City' in o && 'OfferPrice' in o)).toBe(true);
	});
});
