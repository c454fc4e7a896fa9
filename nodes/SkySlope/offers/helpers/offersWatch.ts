import type { IPollFunctions } from 'n8n-workflow';

import { MAX_RANGE_DAYS } from '../service';
import { dayOf, listOffersInRange, type Offer } from './offers';
import { byModification, diffOffers, pruneSeen, type OffersTriggerState } from './triggerState';

/**
 * The SkySlope Trigger's watch: the offers service finds offers by submission date only, so each
 * poll reads its Look Back, and the rest of the period is read once as a baseline, then re-read a
 * window at a time (docs/offers.md, "SkySlope Trigger"). The node file keeps the description
 * and poll(); triggerState.ts decides what an offer read is.
 */

const DAY_MS = 24 * 3600 * 1000;
/** After a long pause, the look-back read reaches at most this far back (the re-read covers the rest). */
export const MAX_CATCH_UP_DAYS = 90;
/** A re-read (and baseline) window: whole days, the most one request of the service answers for (its 31 less one). */
const SWEEP_WINDOW_DAYS = MAX_RANGE_DAYS - 1;
/**
 * The requests a poll spends on the baseline (the Look Back's included) before it leaves the next
 * window to the next poll (it reads one window at least). What n8n's memory rises by while a poll
 * runs follows the pages the poll reads, not what the state keeps (bench/RESULTS.md, figure 22 and
 * its note: the polls of hundreds of requests before this bound, against those of about 60 after).
 */
export const BASELINE_REQUESTS_PER_POLL = 50;
/**
 * How far ahead of n8n's clock the service's may run: the first poll's first window reaches this
 * far past now, so that an offer submitted just before publishing, stamped ahead, is recorded as
 * there when the watch began rather than reported new by the next poll.
 */
const CLOCK_AHEAD_MS = 15 * 60 * 1000;

/**
 * One poll of a watch. The first (an activation: n8n bounds its time) reads the baseline, newest
 * first, within its time budget, recording and reporting nothing: the watch begins now, and an
 * offer that appears later with an earlier submission time (the service's clock behind ours, an
 * offer entered late) is then told from one that was there. Every later poll reads the Look Back
 * (and since the last poll), then, while the baseline is not read, more baseline windows back to
 * the watch's start; once it is read, the re-read windows (Re-Read Requests per Poll). An offer
 * first seen by the baseline that changed after the watch began is reported as updated, saying
 * its earlier version is unknown.
 */
export async function pollOffers(
	ctx: IPollFunctions,
	state: OffersTriggerState,
	o: {
		key: string;
		agentId?: string;
		now: number;
		lookBackDays: number;
		reReadDays: number;
		budget: number;
		/** The time this poll may spend on the baseline and the re-read. */
		historyMs: number;
		includeUpdates: boolean;
	},
): Promise<Found[]> {
	const { now, lookBackDays, reReadDays, includeUpdates } = o;
	const lookBackStart = now - lookBackDays * DAY_MS;
	const pages: { count: number; pageSize?: number; pollMax: number } = { count: 0, pageSize: Number(state.pageSize ?? state.largestPage) || undefined, pollMax: 0 };
	// Each page is compared with the state as it arrives and let go: a poll holds one page of offers
	// and what it reports, never a window of them (memory flat in the number of offers). What a
	// window reports goes into the poll's list page by page, oldest change first once the window
	// ends or fails: an offer the state has recorded is never lost with a read that failed after it.
	const found: Found[] = [];
	const read = async (start: number, end: number, diff: (offers: Offer[]) => Found[]): Promise<void> => {
		const window: Found[] = [];
		try {
			await listOffersInRange.call(ctx, { start: new Date(start), end: new Date(end), limit: Number.POSITIVE_INFINITY, agentId: o.agentId, pages, eachPage: (offers) => window.push(...diff(offers)) });
		} finally {
			found.push(...oldestFirst(window));
		}
	};

	if (state.key !== o.key) {
		// Another watch (or the first poll): start from scratch.
		for (const k of Object.keys(state)) delete state[k];
		state.key = o.key;
	}
	delete state.largestPage;
	// The watch covers offers submitted from here on: the longer of Look Back and Re-Read Period,
	// unless the state's bound made it forget older ones (floor).
	const floor = state.floor ? Date.parse(state.floor) : Number.NEGATIVE_INFINITY;
	const watchStart = Math.max(now - Math.max(lookBackDays, reReadDays) * DAY_MS, floor);
	const first = !state.cursor;
	if (first) {
		state.cursor = new Date(now).toISOString();
		state.horizon = state.cursor;
		state.baselineSince = state.cursor;
		state.sweepNext = dayOf(watchStart);
	}

	// Every later poll: the Look Back, and since the last poll when that was longer ago.
	const cursor = Date.parse(state.cursor as string);
	const recentStart = Math.max(Math.min(Number.isFinite(cursor) ? cursor : now, lookBackStart), now - MAX_CATCH_UP_DAYS * DAY_MS);
	// The state as this poll leaves it: what it recorded, and (`since`) how far the look-back got.
	const finish = (since?: number): Found[] => {
		if (since !== undefined) state.cursor = new Date(since).toISOString();
		if (pages.pageSize) state.pageSize = pages.pageSize;
		pruneSeen(state, watchStart);
		return found;
	};
	// News first: a read that fails after this poll found something does not hold it back. What was
	// found is reported now, with the failure in n8n's log, and the next poll reads on from where this
	// one stopped (the look-back again, the history at the window it failed in). Nothing found: the
	// poll fails, and says why (its state is not saved).
	const failedAfterNews = (error: unknown, since?: number): Found[] => {
		if (!found.length) throw error;
		ctx.logger.warn(
			`SkySlope Trigger (Offers): a read failed after ${found.length} offer(s) were found; they are reported now, and the next poll reads on from where this one stopped: ${(error as Error).message}`,
			{ workflowId: ctx.getWorkflow().id },
		);
		return finish(since);
	};
	if (!first) {
		try {
			await read(recentStart, now, (offers) => diffOffers(state, offers, { includeUpdates }));
		} catch (error) {
			return failedAfterNews(error);
		}
	}
	try {
		await readHistory(state, { ...o, read, pages, watchStart, lookBackStart, first });
	} catch (error) {
		return failedAfterNews(error, now);
	}
	return finish(now);
}

/** What a poll hands its history reads: how to read a window, its bounds and its budget. */
interface HistoryRead {
	read: (start: number, end: number, diff: (offers: Offer[]) => Found[]) => Promise<void>;
	pages: { count: number };
	now: number;
	first: boolean;
	watchStart: number;
	lookBackStart: number;
	lookBackDays: number;
	reReadDays: number;
	budget: number;
	/** The poll's time for history (historyBudget). */
	historyMs: number;
	includeUpdates: boolean;
}

/**
 * The history part of a poll: while the baseline is not read, more of it (the first poll: all it
 * can within its budget, recording and reporting nothing); once it is read, the re-read windows.
 */
async function readHistory(state: OffersTriggerState, o: HistoryRead): Promise<void> {
	const { now, first, watchStart, includeUpdates, read } = o;
	let horizon = state.horizon ? Date.parse(state.horizon) : Number.NaN;
	if (!(horizon <= watchStart)) {
		// The baseline (what the watch holds before it begins; also a Re-Read Period made longer).
		if (!Number.isFinite(horizon)) horizon = now;
		const since = Date.parse(state.baselineSince ?? '') || now;
		state.baselineSince = new Date(since).toISOString();
		// The first poll reports nothing: whatever it reads was there when the watch began.
		const reportFrom = first ? Number.POSITIVE_INFINITY : since;
		const began = Date.now();
		for (let n = 0; horizon > watchStart && (n === 0 || (Date.now() - began < o.historyMs && o.pages.count < BASELINE_REQUESTS_PER_POLL)); n++) {
			// Whole days, one request's worth (the day windows of dayWindows), ending where the last began.
			const from = Math.max(watchStart, Math.floor((horizon - 1) / DAY_MS) * DAY_MS - (SWEEP_WINDOW_DAYS - 1) * DAY_MS);
			const to = first && n === 0 ? now + CLOCK_AHEAD_MS : horizon - 1;
			await read(from, to, (offers) => diffOffers(state, offers, { includeUpdates, baselineSince: reportFrom }));
			horizon = from;
			state.horizon = new Date(horizon).toISOString();
		}
		if (horizon <= watchStart) delete state.baselineSince;
	} else {
		await reRead(state, o);
	}
}

type Found = ReturnType<typeof diffOffers>[number];

/** What one read reports, oldest change first, as when the read was compared in one go. */
const oldestFirst = (found: Found[]): Found[] => found.sort((a, b) => byModification(a.offer, b.offer));

/**
 * The re-read: the next windows of the Re-Read Period before the Look Back, oldest first, wrapping
 * round to its start: at least one a poll, more while the poll has requests left (Re-Read Requests
 * per Poll), never the same one twice in a poll. Where it stopped is kept (`sweepNext`).
 */
async function reRead(state: OffersTriggerState, o: HistoryRead): Promise<void> {
	const window = SWEEP_WINDOW_DAYS * DAY_MS;
	const first = Math.floor(o.watchStart / DAY_MS) * DAY_MS;
	if (!(o.reReadDays > o.lookBackDays && o.lookBackStart > first)) return;
	const turn = Math.ceil((o.lookBackStart - first) / window);
	o.pages.count = 0;
	let next = Date.parse(`${state.sweepNext ?? ''}T00:00:00Z`);
	if (!(next >= first && next < o.lookBackStart)) next = first;
	// At least one window; more while requests are left and within the poll's time for history (a
	// slow or refusing service must not carry a poll past n8n's timeout: the durable scheduler then
	// abandons it and backs off the trigger for minutes).
	const began = Date.now();
	for (let n = 0; n < turn && (n === 0 || (o.pages.count < o.budget && Date.now() - began < o.historyMs)); n++) {
		await o.read(Math.max(next, o.watchStart), Math.min(next + window - 1, o.lookBackStart), (offers) => diffOffers(state, offers, { includeUpdates: o.includeUpdates }));
		next += window;
		if (next >= o.lookBackStart) next = first;
		// Where it stopped, window by window: a poll that fails on reports what it found before.
		state.sweepNext = dayOf(next);
	}
}
