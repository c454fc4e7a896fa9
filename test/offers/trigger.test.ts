/* eslint-disable @n8n/community-nodes/no-restricted-globals -- dev tooling, never shipped in dist */
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { type Offer, type OfferUpsert } from '../../sandbox/offers';
import { RECORD_LENGTH } from '../../nodes/SkySlope/offers/helpers/triggerState';
import { recordedCount, unrecorded } from './recorded';
import { useOffers } from './setup';

// Each test's static data is a trigger of its own (the harness gives it its own workflow id).

const DAY = 24 * 3600 * 1000;

describe('SkySlope Trigger against the sandbox', () => {
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
		env.sandbox.clearLog();
		// The first poll (an activation) reads the baseline as its time allows, newest first, and reports nothing.
		expect(await poll(parameters, staticData)).toBeNull();
		const recent = env.state.inRange(now - 14 * DAY, now);
		expect(recent.length).toBeGreaterThan(5);
		const firstStarts = env.apiCalls(/\/ext\/offers/).filter((e) => String(e.query.page) === '1').map((e) => String(e.query.startDate));
		expect(firstStarts.length).toBeGreaterThan(0);
		expect(firstStarts).toEqual([...firstStarts].sort().reverse());
		// The next polls record every offer of the Re-Read Period (two years by default), the look-back among them.
		while (staticData.baselineSince !== undefined) expect(await poll(parameters, staticData)).toBeNull();
		const watched = env.state.inRange(now - 730 * DAY, now);
		expect(recordedCount(staticData)).toBe(watched.length);
		expect(unrecorded(staticData, watched)).toEqual([]);
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

		// The state stays plain, small JSON: 34 characters an offer, packed.
		expect(JSON.stringify(staticData).length).toBeLessThan(watched.length * RECORD_LENGTH + 1000);
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

	describe('changes to offers of any age (the re-read)', () => {
		const budget = 5;
		const parameters = { event: 'newAndUpdatedOffers', scope: 'all', options: { sweepDays: 730, sweepRequestsPerPoll: budget } };
		// An offer submitted `days` before now, on one of the sandbox's listings.
		const submittedAgo = (days: number): Offer => upsert({ fileId: 10002, OfferSubmissionDate: new Date(Date.now() - days * DAY).toISOString() });

		it('reports a change to an offer submitted 30, 90 or 365 days before within one turn, once, at most the budget a poll', async () => {
			const staticData: IDataObject = {};
			const old = [30, 90, 365].map(submittedAgo);
			expect(await poll(parameters, staticData)).toBeNull();
			// One turn: the 716 days after the look-back in 30-day windows, each one request here (the
			// sandbox's windows hold fewer than 100 offers), so 24 requests, 5 polls at 5 a poll; and one
			// poll more, for the page read after a window whose page was the longest of its poll.
			const turnPolls = Math.ceil(Math.ceil((730 - 14) / 30) / budget) + 1;
			expect(turnPolls).toBe(6);
			// Let the re-read go part of the way round first: the changes land wherever it is.
			await poll(parameters, staticData);
			await poll(parameters, staticData);

			const changed = old.map((o, i) => upsert({ OfferId: o.OfferId, OfferTerms: { OfferStatus: ['Accepted', 'Countered', 'Withdrawn'][i] } }));
			// An offer that reaches the service late, submitted 200 days ago: new, not an update.
			const late = upsert({ fileId: 10003, OfferSubmissionDate: new Date(Date.now() - 200 * DAY).toISOString() });

			const reported: string[] = [];
			env.sandbox.clearLog();
			for (let n = 0; n < turnPolls; n++) {
				const before = env.apiCalls().length;
				reported.push(...events(await poll(parameters, staticData)));
				// The look-back (fewer than 100 offers in 14 days: one request, and the page after it, read
				// because its page is the longest of the poll so far), and the budget, which the last window
				// begun within it may pass by one page (read after a page as long as the poll's longest).
				expect(env.apiCalls().length - before).toBeLessThanOrEqual(3 + budget);
			}
			expect(reported.sort()).toEqual(
				[
					...changed.map((o) => `updated ${o.OfferId} v${o.OfferTerms.OfferVersionNumber}`),
					`new ${late.OfferId} v1`,
				].sort(),
			);
			// Every window of the period was read in that turn, once, besides the look-back every poll.
			const windows = env.apiCalls(/\/ext\/offers/).filter((e) => String(e.query.page) === '1').map((e) => `${String(e.query.startDate)}..${String(e.query.endDate)}`);
			const lookBack = windows[0];
			expect(windows.filter((w) => w === lookBack)).toHaveLength(turnPolls);
			const swept = windows.filter((w) => w !== lookBack);
			// Every one of the 24 windows of one turn, and no other.
			expect(new Set(swept).size).toBe(24);

			// Another whole turn: nothing again.
			for (let n = 0; n < turnPolls; n++) expect(await poll(parameters, staticData)).toBeNull();
		});

		it('a longer Re-Read Period records what it adds and reports nothing for it; 0 reads the look-back only', async () => {
			const staticData: IDataObject = {};
			const short = { ...parameters, options: { sweepDays: 0 } };
			expect(await poll(short, staticData)).toBeNull();
			env.sandbox.clearLog();
			expect(await poll(short, staticData)).toBeNull();
			// The look-back's window only (a second page when the first is as long as any seen yet).
			expect(new Set(env.apiCalls().map((e) => String(e.query.startDate)))).toEqual(new Set([new Date(Date.now() - 14 * DAY).toISOString().slice(0, 10)]));
			const old = submittedAgo(120);
			expect(await poll(short, staticData)).toBeNull();
			upsert({ OfferId: old.OfferId, OfferTerms: { OfferStatus: 'Countered' } });
			expect(await poll(short, staticData)).toBeNull();

			// Now two years: the 716 days it adds are recorded (the change above with them), not reported.
			expect(await poll(parameters, staticData)).toBeNull();
			const watched = env.state.inRange(Date.now() - 730 * DAY, Date.now());
			expect(recordedCount(staticData)).toBe(watched.length);
		expect(unrecorded(staticData, watched)).toEqual([]);
			for (let n = 0; n < 5; n++) expect(await poll(parameters, staticData)).toBeNull();
		});
	});
});
