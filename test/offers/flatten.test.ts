import { flattenOffer } from '../../nodes/SkySlopeOffers/helpers/flatten';

describe('flattenOffer', () => {
	it('lifts OfferProperty and OfferTerms one level, joins lists, keeps colliding names apart', () => {
		const flat = flattenOffer({
			OfferId: 'o1',
			Market: 'top-level',
			OfferProperty: { City: 'Davis', Market: 'MetroList' },
			OfferTerms: {
				OfferPrice: 500000,
				Contingencies: ['Inspection', 'Loan'],
				Extra: [{ ContingencyType: 'Appraisal', Days: 17 }],
				Nested: { a: 1 },
				Missing: null,
			},
		});
		expect(flat).toEqual({
			OfferId: 'o1',
			Market: 'top-level',
			City: 'Davis',
			OfferProperty_Market: 'MetroList',
			OfferPrice: 500000,
			Contingencies: 'Inspection, Loan',
			Extra: '{"ContingencyType":"Appraisal","Days":17}',
			Nested: '{"a":1}',
			Missing: null,
		});
	});
});
