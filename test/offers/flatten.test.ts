import { flattenOffer } from '../../nodes/SkySlope/offers/helpers/flatten';

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

	it('gives contingencies as names in every shape they come in (service names, OpenAPI {name}, {Type, Days})', () => {
		const names = flattenOffer({ OfferId: 'a', OfferTerms: { Contingencies: ['Inspection', 'Loan'] } });
		const openApi = flattenOffer({ OfferId: 'a', OfferTerms: { Contingencies: [{ name: 'Inspection' }, { name: 'Loan', _: 1 }] } });
		const typed = flattenOffer({ OfferId: 'a', OfferTerms: { Contingencies: [{ Type: 'Inspection', Days: 17 }, { Type: 'Loan' }] } });
		expect(names.Contingencies).toBe('Inspection, Loan');
		expect(openApi.Contingencies).toBe('Inspection, Loan');
		expect(typed.Contingencies).toBe('Inspection (17 days), Loan');
		// A shape with no name stays whole.
		expect(flattenOffer({ OfferId: 'a', OfferTerms: { Contingencies: [{ Days: 3 }] } }).Contingencies).toBe('{"Days":3}');
	});
});
