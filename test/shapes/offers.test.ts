// Every read of the SkySlope node (Offers), run against every wrapping the service may choose: the
// records come out the same; an answer holding none fails the item, naming the operation, the
// status and the keys it saw; a 204 stays "nothing", as the spec says.
import type { INodeParameters } from 'n8n-workflow';

import { describeEveryWrapping, expectUnreadable, type ReadCase } from './variants';
import { useOffers } from '../offers/setup';

const DAY = 24 * 3600 * 1000;
const env = useOffers();
const run = (parameters: INodeParameters) => env.run(parameters);
const node = (parameters: INodeParameters) => env.items(parameters);
const method = (name: string) => env.method('listSearch', name);

/** A range that holds offers, fixed from the seed so that every run reads the same ones. */
function range() {
	const offers = [...env.state.offers.values()].sort((a, b) => Date.parse(a.OfferSubmissionDate) - Date.parse(b.OfferSubmissionDate));
	const last = Date.parse(offers[offers.length - 1].OfferSubmissionDate);
	return { startDate: new Date(last - 40 * DAY).toISOString(), endDate: new Date(last).toISOString() };
}

/** An offer of the seed (read when a test runs: the sandbox starts in beforeAll). */
const anOffer = () => [...env.state.offers.values()][3];

const cases = (): ReadCase[] => {
	return [
		{ name: 'offer get', reads: /\/ext\/offer\/[^/]+$/, run: () => node({ resource: 'offer', operation: 'get', offerId: anOffer().OfferId }) },
		{ name: 'offer getAll', reads: /\/ext\/offers\/?$/, run: () => node({ resource: 'offer', operation: 'getAll', ...range(), returnAll: true }) },
		{ name: 'agent getListings', reads: /\/ext\/agent\/[^/]+\/listings$/, run: () => node({ resource: 'agent', operation: 'getListings', agentId: anOffer().OfferProperty.OfferAgentId }) },
		{ name: 'report get', reads: /\/ext\/report$/, run: () => node({ resource: 'report', operation: 'get', ...range() }) },
		{ name: 'searchOffers', reads: /\/ext\/offers\/?$/, run: () => method('searchOffers') },
		{ name: 'searchOfferAgents', reads: /\/ext\/offers\/?$/, run: () => method('searchOfferAgents') },
	];
};

describeEveryWrapping('every read of the SkySlope node (Offers), in every wrapping', 'offers', () => env.sandbox, cases);

describe('an answer holding nothing the node can read', () => {
	afterEach(() => env.sandbox.setShapes([]));

	it.each([
		['offer', 'get', 'Get an offer', '/ext/offer/'],
		['offer', 'getAll', 'Get many offers', '/ext/offers'],
		['agent', 'getListings', 'Get listings with offers of an agent', '/listings$'],
		['report', 'get', 'Get the offers report', '/ext/report$'],
	])('%s %s fails the item naming the operation, the status and the keys', async (resource, operation, action, path) => {
		env.sandbox.setShapes([{ service: 'offers', variant: 'unrecognisable', path }]);
		const offer = [...env.state.offers.values()][3];
		const result = await run({
			resource,
			operation,
			offerId: offer.OfferId,
			agentId: offer.OfferProperty.OfferAgentId,
			...range(),
			returnAll: true,
		});
		expectUnreadable(result, `${action}: `);
	});

	it('a 204 stays "nothing": no offers in an empty range, without an error', async () => {
		const result = await run({ resource: 'offer', operation: 'getAll', startDate: '2001-01-01', endDate: '2001-01-05', returnAll: true });
		expect(result.error).toBeUndefined();
		expect(result.output[0] ?? []).toEqual([]);
		expect(env.sandbox.requests('offers', 'GET', /\/ext\/offers/).at(-1)?.status).toBe(204);
	});
});
