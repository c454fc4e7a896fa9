/* eslint-disable @n8n/community-nodes/no-restricted-globals -- dev tooling, never shipped in dist */
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { type Offer, type OfferUpsert } from '../../sandbox/offers';
import { useOffers } from './setup';

const DAY = 24 * 3600 * 1000;

describe('SkySlope Offers Trigger against the sandbox', () => {
	const env = useOffers({ trailingSlash: false });
	const poll = (parameters: INodeParameters, staticData: IDataObject, mode?: 'manual' | 'trigger') => env.poll(parameters, staticData, mode);

	const upsert = (input: OfferUpsert): Offer => env.state.upsert(input).offer;
	const events = (items: Array<{ json: IDataObject }> | null) =>
		(items ?? []).map((i) => `${i.json.event as string} ${i.json.OfferId as string} v${(i.json.OfferTerms as IDataObject).OfferVersionNumber as number}`);

	it('a manual test run returns the newest offer as a sample and leaves the state alone', async () => {
		const staticData: IDataObject = {};
		const items = await poll({ event: 'newOffers' }, staticData, 'manual');
		const newest = [...env.state.offers.values()].sort(
			(a, b) => Date.parse(b.ModificationTimestamp) - Date.parse(a.ModificationTimestamp),
		)[0];
		expect(items).toHaveLength(1);
		expect(items?.[0].json).toEqual({ event: 'new', ...newest });
		expect(staticData).toEqual({});
	});

	it('does not flood on the first poll, then starts one run per new and updated offer, once each', async () => {
		const staticData: IDataObject = {};
		const parameters = { event: 'newAndUpdatedOffers', scope: 'all', options: {} };
		const now = Date.now();
		expect(await poll(parameters, staticData)).toBeNull();
		const recent = env.state.inRange(now - 14 * DAY, now);
		expect(recent.length).toBeGreaterThan(5);
		expect(Object.keys(staticData.seen as IDataObject).sort()).toEqual(recent.map((o) => o.OfferId).sort());
		expect(await poll(parameters, staticData)).toBeNull();

		const fresh = upsert({ fileId: 10004 });
		const older = recent[recent.length - 2];
		const bumped = upsert({ OfferId: older.OfferId, OfferTerms: { OfferStatus: 'Countered' } });
		expect(events(await poll(parameters, staticData)).sort()).toEqual(
			[`new ${fresh.OfferId} v1`, `updated ${older.OfferId} v${bumped.OfferTerms.OfferVersionNumber}`].sort(),
		);
		expect(await poll(parameters, staticData)).toBeNull();

		// Same version, later ModificationTimestamp: an update too; then nothing again.
		await new Promise((r) => setTimeout(r, 5));
		upsert({ OfferId: fresh.OfferId, newVersion: false, OfferTerms: { OfferPrice: 600000 } });
		expect(events(await poll(parameters, staticData))).toEqual([`updated ${fresh.OfferId} v1`]);
		expect(await poll(parameters, staticData)).toBeNull();

		// The state stays plain, small JSON.
		expect(JSON.stringify(staticData).length).toBeLessThan(10_000);
	});

	it('with New Offers only, an update starts no run and is not replayed later', async () => {
		const staticData: IDataObject = {};
		const parameters = { event: 'newOffers', scope: 'all', options: { flatten: true } };
		expect(await poll(parameters, staticData)).toBeNull();
		const fresh = upsert({ fileId: 10005 });
		const changed = upsert({ OfferId: fresh.OfferId });
		expect(changed.OfferTerms.OfferVersionNumber).toBe(2);
		const items = await poll(parameters, staticData);
		expect(items?.map((i) => [i.json.event, i.json.OfferId, i.json.OfferVersionNumber])).toEqual([
			['new', fresh.OfferId, 2],
		]);
		expect(items?.[0].json.OfferTerms).toBeUndefined();
		upsert({ OfferId: fresh.OfferId });
		expect(await poll(parameters, staticData)).toBeNull();
	});

	it("watches one agent's listings only, and a changed watch starts from scratch", async () => {
		const staticData: IDataObject = {};
		const agent2 = { event: 'newOffers', scope: 'agent', agentId: 'AG1002', options: {} };
		expect(await poll(agent2, staticData)).toBeNull();
		const otherAgent = upsert({ fileId: 10001 });
		const mine = upsert({ fileId: 10013 });
		expect(otherAgent.OfferProperty.OfferAgentId).toBe('AG1001');
		expect(mine.OfferProperty.OfferAgentId).toBe('AG1002');
		expect(events(await poll(agent2, staticData))).toEqual([`new ${mine.OfferId} v1`]);

		// Switching to another agent re-baselines instead of replaying that agent's history.
		const agent1 = { ...agent2, agentId: 'AG1001' };
		expect(await poll(agent1, staticData)).toBeNull();
		expect(await poll(agent1, staticData)).toBeNull();
	});

	it('a manual test run for an agent without offers says so', async () => {
		const result = await poll({ event: 'newOffers', scope: 'agent', agentId: 'NOBODY' }, {}, 'manual').catch((error: Error) => error);
		expect(result).toBeInstanceOf(Error);
		expect((result as Error).message).toMatch(/No offer in the last 366 days/);
	});

	it('uses one token for all its polls', async () => {
		env.sandbox.clearLog();
		const staticData: IDataObject = {};
		for (let i = 0; i < 3; i++) await poll({ event: 'newOffers' }, staticData);
		expect(env.sandbox.requests('offers', 'POST', /\/ext\/token$/)).toHaveLength(0);
		env.sandbox.expireAuth('offers');
		expect(await poll({ event: 'newOffers' }, staticData)).toBeNull();
		expect(env.sandbox.requests('offers', 'POST', /\/ext\/token$/)).toHaveLength(1);
	});
});
