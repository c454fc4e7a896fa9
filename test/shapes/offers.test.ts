// Every read of the SkySlope Offers node, run against every wrapping the service may choose: the
// records come out the same; an answer holding none fails the item, naming the operation, the
// status and the keys it saw; a 204 stays "nothing", as the spec says.
import type { ICredentialDataDecryptedObject, IDataObject, INodeParameters } from 'n8n-workflow';

import { SkySlopeOffers } from '../../nodes/SkySlopeOffers/SkySlopeOffers.node';
import { startSandbox, type SandboxServer } from '../../sandbox';
import { type OffersState } from '../../sandbox/offers';
import { runMethod, runNode } from '../harness';
import { describeEveryWrapping, type ReadCase } from './variants';
import { offersCredentials } from '../offers/setup';

const DAY = 24 * 3600 * 1000;
let sandbox: SandboxServer;
let state: OffersState;
let credentials: Record<string, ICredentialDataDecryptedObject>;

beforeAll(async () => {
	sandbox = await startSandbox({ port: 0 });
	state = sandbox.service<OffersState>('offers').state;
	credentials = offersCredentials(sandbox);
});
afterAll(async () => await sandbox.close());

async function run(parameters: INodeParameters, continueOnFail = false) {
	const result = await runNode({ node: SkySlopeOffers, parameters, credentials, continueOnFail });
	credentials = result.credentials;
	return result;
}

async function node(parameters: INodeParameters): Promise<IDataObject[]> {
	const result = await run(parameters);
	if (result.error) throw new Error(`${result.error.message} | ${String(result.error.description ?? '')}`);
	return (result.output[0] ?? []).map((i) => i.json);
}

async function method(name: string) {
	const { result, credentials: after } = await runMethod(SkySlopeOffers, 'listSearch', name, { credentials });
	credentials = after;
	return result;
}

/** A range that holds offers, fixed from the seed so that every run reads the same ones. */
function range() {
	const offers = [...state.offers.values()].sort((a, b) => Date.parse(a.OfferSubmissionDate) - Date.parse(b.OfferSubmissionDate));
	const last = Date.parse(offers[offers.length - 1].OfferSubmissionDate);
	return { startDate: new Date(last - 40 * DAY).toISOString(), endDate: new Date(last).toISOString() };
}

/** An offer of the seed (read when a test runs: the sandbox starts in beforeAll). */
const anOffer = () => [...state.offers.values()][3];

const cases = (): ReadCase[] => {
	return [
		{ name: 'offer get', reads: /\/ext\/offer\/[^/]+$/, run: () => node({ resource: 'offer', operation: 'get', offerId: anOffer().OfferId }) },
		{ name: 'offer getAll', reads: /\/ext\/offers\/?$/, run: () => node({ resource: 'offer', operation: 'getAll', ...range(), returnAll: true }) },
		{ name: 'agent getListings', reads: /\/ext\/agent\/[^/]+\/listings$/, run: () => node({ resource: 'agent', operation: 'getListings', agentId: anOffer().OfferProperty.OfferAgentId }) },
		{ name: 'report get', reads: /\/ext\/report$/, run: () => node({ resource: 'report', operation: 'get', ...range() }) },
		{ name: 'searchOffers', reads: /\/ext\/offers\/?$/, run: () => method('searchOffers') },
		{ name: 'searchAgents', reads: /\/ext\/offers\/?$/, run: () => method('searchAgents') },
	];
};

describeEveryWrapping('every read of the SkySlope Offers node, in every wrapping', 'offers', () => sandbox, cases);

describe('an answer holding nothing the node can read', () => {
	afterEach(() => sandbox.setShapes([]));

	it.each([
		['offer', 'get', 'Get an offer', '/ext/offer/'],
		['offer', 'getAll', 'Get many offers', '/ext/offers'],
		['agent', 'getListings', 'Get listings with offers of an agent', '/listings$'],
		['report', 'get', 'Get the offers report', '/ext/report$'],
	])('%s %s fails the item naming the operation, the status and the keys', async (resource, operation, action, path) => {
		sandbox.setShapes([{ service: 'offers', variant: 'unrecognisable', path }]);
		const offer = [...state.offers.values()][3];
		const result = await run({
			resource,
			operation,
			offerId: offer.OfferId,
			agentId: offer.OfferProperty.OfferAgentId,
			...range(),
			returnAll: true,
		});
		expect(result.output[0] ?? []).toEqual([]);
		expect(result.error?.message).toContain(`${action}: `);
		expect(result.error?.message).toContain('HTTP 200');
		expect(result.error?.message).toContain('top-level keys: weird');
		expect(result.error?.context?.itemIndex).toBe(0);
	});

	it('a 204 stays "nothing": no offers in an empty range, without an error', async () => {
		const result = await run({ resource: 'offer', operation: 'getAll', startDate: '2001-01-01', endDate: '2001-01-05', returnAll: true });
		expect(result.error).toBeUndefined();
		expect(result.output[0] ?? []).toEqual([]);
		expect(sandbox.requests('offers', 'GET', /\/ext\/offers/).at(-1)?.status).toBe(204);
	});
});
