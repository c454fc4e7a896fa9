import type { INodeParameters } from 'n8n-workflow';

import { useOffers } from './setup';

const DAY = 24 * 3600 * 1000;
const rl = (value: string, mode = 'list') => ({ __rl: true, mode, value });

// The offer and agent ids are resource locators: a list to pick from, or the id typed. Workflows
// saved while they were plain text fields hold a string, and run the same.
describe('SkySlope Offers locators', () => {
	const env = useOffers({ trailingSlash: false });
	const search = async (name: 'searchOffers' | 'searchOfferAgents', filter?: string) => (await env.method('listSearch', name, { filter })).results;
	const run = (parameters: INodeParameters) => env.run(parameters);

	it('lists the offers of the last 31 days, newest first, and filters them', async () => {
		const now = Date.now();
		const recent = env.state.inRange(now - 31 * DAY, now);
		expect(recent.length).toBeGreaterThan(0);
		const results = await search('searchOffers');
		expect(results.map((r) => r.value).sort()).toEqual(recent.map((o) => o.OfferId).sort());
		const newest = [...recent].sort((a, b) => Date.parse(b.OfferSubmissionDate) - Date.parse(a.OfferSubmissionDate))[0];
		expect(results[0].value).toBe(newest.OfferId);
		expect(results[0].name).toContain(newest.OfferProperty.City);
		const city = newest.OfferProperty.City;
		const some = await search('searchOffers', city.toLowerCase());
		expect(some.length).toBeGreaterThan(0);
		expect(some.every((r) => r.name.includes(city))).toBe(true);
	});

	it('lists the agents of recent offers once each', async () => {
		const now = Date.now();
		const agents = new Set(env.state.inRange(now - 31 * DAY, now).map((o) => o.OfferProperty.OfferAgentId));
		const results = await search('searchOfferAgents');
		expect(results.map((r) => r.value).sort()).toEqual([...agents].sort());
		expect(await search('searchOfferAgents', 'no such agent')).toEqual([]);
	});

	it('reads a picked or typed offer and agent as it reads a plain string', async () => {
		const offer = [...env.state.offers.values()][3];
		for (const offerId of [rl(offer.OfferId), rl(offer.OfferId, 'id'), offer.OfferId]) {
			const result = await run({ resource: 'offer', operation: 'get', offerId });
			expect(result.output[0][0].json.OfferId).toBe(offer.OfferId);
		}
		// By ID refuses what the run-time check refuses, before the workflow runs.
		await expect(run({ resource: 'offer', operation: 'get', offerId: rl('../token', 'id') })).rejects.toThrow(
			/Not a valid offer ID/,
		);

		const listings = await run({ resource: 'agent', operation: 'getListings', agentId: rl('AG1001', 'id') });
		expect(listings.output[0][0].json).toMatchObject({ agentId: 'AG1001' });

		const since = new Date(Date.now() - 90 * DAY).toISOString();
		const filteredByRl = await run({ resource: 'offer', operation: 'getAll', startDate: since, returnAll: true, simplify: false, options: { agentId: rl('AG1002') } });
		const filteredByText = await run({ resource: 'offer', operation: 'getAll', startDate: since, returnAll: true, simplify: false, options: { agentId: 'AG1002' } });
		expect(filteredByRl.output[0].length).toBeGreaterThan(0);
		expect(filteredByRl.output[0]).toEqual(filteredByText.output[0]);
		expect(filteredByRl.output[0].every((i) => (i.json.OfferProperty as { OfferAgentId: string }).OfferAgentId === 'AG1002')).toBe(true);
		// An empty locator in Options is no filter.
		const unfiltered = await run({ resource: 'offer', operation: 'getAll', startDate: since, returnAll: true, options: { agentId: rl('') } });
		expect(unfiltered.output[0].length).toBeGreaterThan(filteredByRl.output[0].length);
	});

	it('the trigger watches an agent picked from the list', async () => {
		const parameters: INodeParameters = { event: 'newOffers', scope: 'agent', agentId: rl('AG1001'), options: {} };
		const sample = await env.poll(parameters, {}, 'manual');
		expect((sample?.[0].json.OfferProperty as { OfferAgentId: string }).OfferAgentId).toBe('AG1001');
	});
});
