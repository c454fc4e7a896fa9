// The SkySlope Trigger under n8n's own trigger runtime (docs/ARCHITECTURE.md, "Triggers under n8n's
// runtime"): ticks that overlap, a baseline read over polls within a budget, changes made while it
// is read, a restart in its middle, and static data saved only when a poll emits.
import type { IDataObject, INodeExecutionData, INodeParameters } from 'n8n-workflow';

import { type Offer, type OfferUpsert } from '../../sandbox/offers';
import { recordedCount, unrecorded } from './recorded';
import { BASELINE_REQUESTS_PER_POLL } from '../../nodes/SkySlope/offers/helpers/offersWatch';
import { processLoader } from '../process';
import type { AnyNode } from '../../harness/node/node-types';
import { useOffers } from './setup';

/** A restart of n8n: a fresh process's copy of the trigger, its memory gone; the database stays. */
const restartedTrigger = processLoader(
	// eslint-disable-next-line @typescript-eslint/no-require-imports -- a process's own copy of the modules
	() => (require('../../nodes/SkySlope/SkySlopeTrigger.node') as { SkySlopeTrigger: AnyNode }).SkySlopeTrigger,
);

const DAY = 24 * 3600 * 1000;
/** A budget so small that each poll reads one baseline window. */
const ONE_WINDOW = 1;

describe('SkySlope Trigger under n8n\'s runtime', () => {
	const env = useOffers({ trailingSlash: false });
		const parameters: INodeParameters = { event: 'newAndUpdatedOffers', scope: 'all', options: { sweepDays: 365 } };
	// A budget this small makes every poll that finds something run past n8n's timeout: its items
	// wait in the state; n8n's next tick (polled here at once) reads again from where that poll
	// began, late again, and the tick after emits them, reading nothing.
	const poll = async (staticData: IDataObject, budgetMs?: number) => {
		let items = await env.poll(parameters, staticData, 'trigger', budgetMs);
		for (let tick = 0; !items && staticData.pending && tick < 5; tick++) items = await env.poll(parameters, staticData, 'trigger', budgetMs);
		return items;
	};
	const upsert = (input: OfferUpsert): Offer => env.state.upsert(input).offer;
	const submittedAgo = (days: number): Offer => upsert({ fileId: 10002, OfferSubmissionDate: new Date(Date.now() - days * DAY).toISOString() });
	const rows = (items: INodeExecutionData[] | null) =>
		(items ?? []).map((i) => `${i.json.event as string} ${i.json.OfferId as string}${i.json.previousVersionUnknown ? ' (earlier unknown)' : ''}`);

	it('the first poll begins the baseline; it is read a window a poll, newest first, recording and reporting nothing', async () => {
		const staticData: IDataObject = {};
		env.sandbox.clearLog();
		// The first poll (an activation) reads the newest baseline window, and no look-back of its own.
		expect(await poll(staticData, ONE_WINDOW)).toBeNull();
		expect(new Set(env.apiCalls(/\/ext\/offers/).map((e) => String(e.query.startDate))).size).toBe(1);
		let polls = 1;
		while (staticData.baselineSince !== undefined) {
			expect(await poll(staticData, ONE_WINDOW)).toBeNull();
			polls++;
		}
		const starts = env
			.apiCalls(/\/ext\/offers/)
			.filter((e) => String(e.query.page) === '1')
			.map((e) => String(e.query.startDate));
		// Every later poll read its look-back too; the baseline windows go back in time.
		const lookBack = starts[1];
		const baseline = starts.filter((s) => s !== lookBack);
		expect(baseline).toEqual([...baseline].sort().reverse());
		// 365 days in 30-day windows, one a poll, each asked once.
		expect(new Set(baseline).size).toBe(baseline.length);
		expect(polls).toBe(baseline.length);
		expect(polls).toBeGreaterThanOrEqual(Math.ceil(365 / 30));
		const watched = env.state.inRange(Date.now() - 365 * DAY, Date.now());
		expect(recordedCount(staticData)).toBe(watched.length);
		expect(unrecorded(staticData, watched)).toEqual([]);
	});

	it('changes while the baseline is read: each reported once, saying when the earlier version is unknown', async () => {
		const staticData: IDataObject = {};
		const recent = submittedAgo(20);
		const old = submittedAgo(200);
		// The first poll reads one window: the most recent 30 days.
		expect(await poll(staticData, ONE_WINDOW)).toBeNull();
		upsert({ OfferId: recent.OfferId, OfferTerms: { OfferStatus: 'Countered' } });
		upsert({ OfferId: old.OfferId, OfferTerms: { OfferStatus: 'Accepted' } });
		const fresh = upsert({ fileId: 10004 });
		const reported: string[] = [];
		while (staticData.baselineSince !== undefined) reported.push(...rows(await poll(staticData, ONE_WINDOW)));
		for (let n = 0; n < 15; n++) reported.push(...rows(await poll(staticData, ONE_WINDOW)));
		expect(reported.sort()).toEqual(
			[`updated ${recent.OfferId}`, `updated ${old.OfferId} (earlier unknown)`, `new ${fresh.OfferId}`].sort(),
		);
	});

	it('two polls started together: one reads, the other does nothing; a new offer is reported once', async () => {
		const staticData: IDataObject = {};
		await poll(staticData);
		while (staticData.baselineSince !== undefined) await poll(staticData);
		const fresh = upsert({ fileId: 10004 });
		env.sandbox.clearLog();
		const [a, b] = await Promise.all([poll(staticData), poll(staticData)]);
		expect([...rows(a), ...rows(b)]).toEqual([`new ${fresh.OfferId}`]);
		expect(await poll(staticData)).toBeNull();
	});

	it('a restart in the middle of the baseline repeats no event and misses none', async () => {
		const staticData: IDataObject = {};
		await poll(staticData, ONE_WINDOW);
		// n8n saves static data after the activation poll and when a poll emits: `saved` is the database.
		let saved = structuredClone(staticData);
		const track = async () => {
			const items = await poll(staticData, ONE_WINDOW);
			if (items) saved = structuredClone(staticData);
			return rows(items);
		};
		const reported: string[] = [];
		reported.push(...(await track()));
		const fresh = upsert({ fileId: 10004 });
		reported.push(...(await track()));
		expect(reported).toEqual([`new ${fresh.OfferId}`]);
		for (let n = 0; n < 3; n++) reported.push(...(await track()));
		env.trigger = restartedTrigger();
		for (const key of Object.keys(staticData)) delete staticData[key];
		Object.assign(staticData, structuredClone(saved));
		const old = submittedAgo(300);
		const after: string[] = [];
		while (staticData.baselineSince !== undefined) after.push(...(await track()));
		after.push(...(await track()));
		expect(after).toEqual([]);
		// Submitted 300 days ago, it appeared while the baseline was read, before its window was: taken
		// for what the watch began with (nothing tells it from an offer that was there; docs/offers.md
		// says so). A change to it is reported once.
		upsert({ OfferId: old.OfferId, OfferTerms: { OfferStatus: 'Countered' } });
		for (let n = 0; n < 15; n++) after.push(...(await track()));
		expect(after).toEqual([`updated ${old.OfferId}`]);
	});

	it('saved only when it emits (the durable scheduler rebuilds from the database each tick): the re-read still advances where nothing changes', async () => {
		const staticData: IDataObject = {};
		await poll(staticData);
		while (staticData.baselineSince !== undefined) await poll(staticData);
		const database = structuredClone(staticData);
		const next: string[] = [];
		for (let n = 0; n < 4; n++) {
			// Each tick starts from the database's copy; nothing is emitted, so nothing is saved.
			for (const key of Object.keys(staticData)) delete staticData[key];
			Object.assign(staticData, structuredClone(database));
			expect(await poll(staticData)).toBeNull();
			next.push(String(staticData.sweepNext));
		}
		expect(new Set(next).size).toBe(4);
	});

	it('a poll whose items n8n threw away (the workflow unpublished or edited meanwhile: nothing saved) is read again; one n8n kept is not', async () => {
		const staticData: IDataObject = {};
		await poll(staticData);
		while (staticData.baselineSince !== undefined) await poll(staticData);
		const database = structuredClone(staticData);
		const fresh = upsert({ fileId: 10004 });
		expect(rows(await poll(staticData))).toEqual([`new ${fresh.OfferId}`]);
		// n8n threw the run away and saved nothing: the next tick loads the state from before it.
		for (const key of Object.keys(staticData)) delete staticData[key];
		Object.assign(staticData, structuredClone(database));
		expect(rows(await poll(staticData))).toEqual([`new ${fresh.OfferId}`]);
		// This time n8n kept it (saved at emit): nothing again.
		expect(rows(await poll(staticData))).toEqual([]);
	});
});

describe('the SkySlope Trigger at a large brokerage\'s size', () => {
	// The service's rate limit raised: this proves what the state keeps, not the pacing (figure 19 does).
	const env = useOffers({ trailingSlash: false, sandbox: { rateLimits: { offers: { limit: 1_000_000 } } } });
		const parameters: INodeParameters = { event: 'newAndUpdatedOffers', scope: 'all', options: { sweepDays: 730, sweepRequestsPerPoll: 100 } };

	// About 21 s alone; ten minutes, since beside the other six lanes of `npm test` it passed two.
	it('25,000 offers in its period, the oldest changed: reported once, nothing forgotten, the state within 1 MB', async () => {
		const now = Date.now();
		const offers: Offer[] = [];
		for (let i = 0; i < 25_000; i++) {
			offers.push(env.state.upsert({ fileId: 10002, OfferSubmissionDate: new Date(now - DAY - (i / 25_000) * 700 * DAY).toISOString() }).offer);
		}
		const staticData: IDataObject = {};
		await env.poll(parameters, staticData);
		// n8n's memory follows the pages a poll reads: the baseline spreads over polls, each stopping
		// once BASELINE_REQUESTS_PER_POLL are spent (a window it started is read whole: 11 pages here).
		const requests: number[] = [];
		for (let n = 0; n < 20 && staticData.baselineSince !== undefined; n++) {
			env.sandbox.clearLog();
			expect(await env.poll(parameters, staticData)).toBeNull();
			requests.push(env.apiCalls(/\/ext\/offers/).length);
		}
		expect(requests.length).toBeGreaterThanOrEqual(3);
		for (const count of requests) expect(count).toBeLessThanOrEqual(BASELINE_REQUESTS_PER_POLL + 11);
		expect(staticData.baselineSince).toBeUndefined();
		expect(staticData.floor).toBeUndefined();
		expect(JSON.stringify(staticData).length).toBeLessThan(1_000_000);
		const oldest = offers[offers.length - 1];
		const changed = env.state.upsert({ OfferId: oldest.OfferId, OfferTerms: { OfferStatus: 'Accepted' } }).offer;
		const reported: string[] = [];
		for (let n = 0; n < 10; n++) {
			for (const item of (await env.poll(parameters, staticData)) ?? []) {
				expect(item.json.notice).toBeUndefined();
				reported.push(`${item.json.event as string} ${item.json.OfferId as string} v${(item.json.OfferTerms as IDataObject).OfferVersionNumber as number}`);
			}
		}
		expect(reported).toEqual([`updated ${changed.OfferId} v${changed.OfferTerms.OfferVersionNumber}`]);
	}, 600_000);
});
