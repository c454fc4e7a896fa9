import {
	NodeOperationError,
	type IDataObject,
	type INodeExecutionData,
	type INodeType,
	type INodeTypeDescription,
	type IPollFunctions,
} from 'n8n-workflow';

import { triggerEvents, triggerNodeDescription } from '../shared';
import { optionsField } from '../shared/fields';
import { exclusivePoll, historyBudgetMs } from '../shared/pollRuntime';
import { checkInt } from '../shared/validate';
import { agentIdField, flattenOption, readAgentId } from './helpers/fields';
import { flattenOffer } from './helpers/flatten';
import { dayOf, listOffersInRange, type Offer } from './helpers/offers';
import { byModification, diffOffers, MAX_SEEN, pruneSeen, type OffersTriggerState } from './helpers/triggerState';
import * as listSearch from './methods/listSearch';
import { MAX_RANGE_DAYS } from './service';
import { offersNode } from './SkySlopeOffers.node';

const DAY_MS = 24 * 3600 * 1000;
/** After a long pause, the look-back read reaches at most this far back (the re-read covers the rest). */
const MAX_CATCH_UP_DAYS = 90;
/** How far back a manual test run looks for a sample offer. */
const SAMPLE_DAYS = 366;
/** The longest Re-Read Period: ten years of offers. */
const MAX_RE_READ_DAYS = 3650;
/** A re-read (and baseline) window: whole days, the most one request of the service answers for (its 31 less one). */
const SWEEP_WINDOW_DAYS = MAX_RANGE_DAYS - 1;
/**
 * The requests a poll spends on the baseline (the Look Back's included) before it leaves the next
 * window to the next poll (it reads one window at least). What n8n's memory rises by while a poll
 * runs follows the pages the poll reads, not what the state keeps: at 100,000 offers, polls of 450
 * requests raised it by 211 MB, polls of 105 by 104 MB (bench/RESULTS.md, figure 22).
 */
export const BASELINE_REQUESTS_PER_POLL = 50;

const events = triggerEvents(
	[
		{ name: 'New Offers', value: 'newOffers', description: 'Each offer the first time it appears' },
		{
			name: 'New and Updated Offers',
			value: 'newAndUpdatedOffers',
			description: 'Also each time an offer is revised (a new version) or otherwise changed',
		},
	],
	'newOffers',
);

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
async function pollOffers(
	ctx: IPollFunctions,
	state: OffersTriggerState,
	o: { key: string; agentId?: string; now: number; lookBackDays: number; reReadDays: number; budget: number; includeUpdates: boolean },
): Promise<Found[]> {
	const { now, lookBackDays, reReadDays, includeUpdates } = o;
	const lookBackStart = now - lookBackDays * DAY_MS;
	const pages: { count: number; pageSize?: number; pollMax: number } = { count: 0, pageSize: Number(state.pageSize ?? state.largestPage) || undefined, pollMax: 0 };
	// Each page is compared with the state as it arrives and let go: a poll holds one page of offers
	// and what it reports, never a window of them (memory flat in the number of offers).
	const read = async (start: number, end: number, diff: (offers: Offer[]) => Found[]): Promise<Found[]> => {
		const found: Found[] = [];
		await listOffersInRange.call(ctx, { start: new Date(start), end: new Date(end), agentId: o.agentId, pages, eachPage: (offers) => found.push(...diff(offers)) });
		return found;
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
	const found: Found[] = first ? [] : oldestFirst(await read(recentStart, now, (offers) => diffOffers(state, offers, { includeUpdates })));

	let horizon = state.horizon ? Date.parse(state.horizon) : Number.NaN;
	if (!(horizon <= watchStart)) {
		// The baseline (what the watch holds before it begins; also a Re-Read Period made longer).
		if (!Number.isFinite(horizon)) horizon = now;
		const since = Date.parse(state.baselineSince ?? '') || now;
		state.baselineSince = new Date(since).toISOString();
		// The first poll reports nothing: whatever it reads was there when the watch began.
		const reportFrom = first ? Number.POSITIVE_INFINITY : since;
		const began = Date.now();
		const spend = historyBudgetMs(ctx);
		for (let n = 0; horizon > watchStart && (n === 0 || (Date.now() - began < spend && pages.count < BASELINE_REQUESTS_PER_POLL)); n++) {
			// Whole days, one request's worth (the day windows of dayWindows), ending where the last began.
			const from = Math.max(watchStart, Math.floor((horizon - 1) / DAY_MS) * DAY_MS - (SWEEP_WINDOW_DAYS - 1) * DAY_MS);
			found.push(...oldestFirst(await read(from, horizon - 1, (offers) => diffOffers(state, offers, { includeUpdates, baselineSince: reportFrom }))));
			horizon = from;
			state.horizon = new Date(horizon).toISOString();
		}
		if (horizon <= watchStart) delete state.baselineSince;
	} else {
		found.push(...(await reRead(state, { read, pages, watchStart, lookBackStart, reReadDays, lookBackDays, budget: o.budget, spend: historyBudgetMs(ctx), includeUpdates })));
	}
	state.cursor = new Date(now).toISOString();
	if (pages.pageSize) state.pageSize = pages.pageSize;
	pruneSeen(state, watchStart);
	return found;
}

type Found = ReturnType<typeof diffOffers>[number];

/** What one read reports, oldest change first, as when the read was compared in one go. */
const oldestFirst = (found: Found[]): Found[] => found.sort((a, b) => byModification(a.offer, b.offer));

/**
 * The re-read: the next windows of the Re-Read Period before the Look Back, oldest first, wrapping
 * round to its start: at least one a poll, more while the poll has requests left (Re-Read Requests
 * per Poll), never the same one twice in a poll. Where it stopped is kept (`sweepNext`).
 */
async function reRead(
	state: OffersTriggerState,
	o: {
		read: (start: number, end: number, diff: (offers: Offer[]) => Found[]) => Promise<Found[]>;
		pages: { count: number };
		watchStart: number;
		lookBackStart: number;
		reReadDays: number;
		lookBackDays: number;
		budget: number;
		/** The poll's time for history (historyBudgetMs). */
		spend: number;
		includeUpdates: boolean;
	},
): Promise<Found[]> {
	const window = SWEEP_WINDOW_DAYS * DAY_MS;
	const first = Math.floor(o.watchStart / DAY_MS) * DAY_MS;
	if (!(o.reReadDays > o.lookBackDays && o.lookBackStart > first)) return [];
	const turn = Math.ceil((o.lookBackStart - first) / window);
	o.pages.count = 0;
	let next = Date.parse(`${state.sweepNext ?? ''}T00:00:00Z`);
	if (!(next >= first && next < o.lookBackStart)) next = first;
	const found: Found[] = [];
	// At least one window; more while requests are left and within the poll's time for history (a
	// slow or refusing service must not carry a poll past n8n's timeout: the durable scheduler then
	// abandons it and backs off the trigger for minutes).
	const began = Date.now();
	for (let n = 0; n < turn && (n === 0 || (o.pages.count < o.budget && Date.now() - began < o.spend)); n++) {
		found.push(...(await o.read(Math.max(next, o.watchStart), Math.min(next + window - 1, o.lookBackStart), (offers) => diffOffers(state, offers, { includeUpdates: o.includeUpdates }))));
		next += window;
		if (next >= o.lookBackStart) next = first;
	}
	state.sweepNext = dayOf(next);
	return oldestFirst(found);
}

export class SkySlopeOffersTrigger implements INodeType {
	description: INodeTypeDescription = {
		...triggerNodeDescription(offersNode, {
			description: 'Starts the workflow when an offer is submitted on your listings, or when one changes',
			properties: [
				events.field,
				{
					displayName: 'Listings',
					name: 'scope',
					type: 'options',
					noDataExpression: true,
					options: [
						{ name: 'All Listings', value: 'all', description: 'Every listing the credential can see' },
						{ name: 'One Agent\'s Listings', value: 'agent', description: 'Listings of one agent' },
					],
					default: 'all',
				},
				{
					...agentIdField('The agent whose listings to watch'),
					displayOptions: { show: { scope: ['agent'] } },
				},
				optionsField([
					flattenOption,
					{
						displayName: 'Look Back (Days)',
						name: 'lookBackDays',
						type: 'number',
						typeOptions: { minValue: 1, maxValue: MAX_CATCH_UP_DAYS },
						default: 14,
						description:
							'How many days of offers, by submission date, every poll reads again. Changes to older offers come from the re-read (see Re-Read Period).',
					},
					{
						displayName: 'Re-Read Period (Days)',
						name: 'sweepDays',
						type: 'number',
						typeOptions: { minValue: 0, maxValue: MAX_RE_READ_DAYS },
						default: 730,
						description:
							'How far back, by submission date, offers are read again to see later changes to them (accepted, countered, withdrawn weeks after submission). The service finds offers by submission date only, so the trigger re-reads this period a 30-day window at a time, spread over polls; 0 re-reads only the Look Back.',
					},
					{
						displayName: 'Re-Read Requests per Poll',
						name: 'sweepRequestsPerPoll',
						type: 'number',
						typeOptions: { minValue: 1, maxValue: 100 },
						default: 5,
						description:
							'How many requests each poll may spend re-reading the Re-Read Period (at least one window). More: a change to an older offer arrives sooner, at more requests an hour.',
					},
				]),
			],
		}),
		icon: { light: 'file:skySlopeOffers.svg', dark: 'file:skySlopeOffers.dark.svg' },
		subtitle: events.subtitle,
	};

	methods = {
		listSearch: { searchAgents: listSearch.searchAgents },
	};

	async poll(this: IPollFunctions): Promise<INodeExecutionData[][] | null> {
		const event = this.getNodeParameter('event', 'newOffers') as string;
		const scope = this.getNodeParameter('scope', 'all') as string;
		const options = this.getNodeParameter('options', {}) as {
			flatten?: boolean;
			lookBackDays?: number;
			sweepDays?: number;
			sweepRequestsPerPoll?: number;
		};
		const agentId =
			scope === 'agent' ? readAgentId(this, this.getNodeParameter('agentId', ''), 0) : undefined;
		const lookBackDays = checkInt(this, 'Look Back (Days)', options.lookBackDays ?? 14, 0, {
			min: 1,
			max: MAX_CATCH_UP_DAYS,
		});
		const includeUpdates = event === 'newAndUpdatedOffers';
		const toItem = (offer: Offer, kind: string, previousUnknown?: boolean): INodeExecutionData => {
			const json: IDataObject = options.flatten ? flattenOffer(offer) : { ...offer };
			return { json: { event: kind, ...json, ...(previousUnknown ? { previousVersionUnknown: true } : {}) } };
		};
		const now = Date.now();

		if (this.getMode() === 'manual') {
			// A test run shows the newest offer as a sample and leaves the watch's state alone.
			for (let back = 0; back < SAMPLE_DAYS; back += MAX_RANGE_DAYS) {
				const end = new Date(now - back * DAY_MS);
				const start = new Date(Math.max(now - SAMPLE_DAYS * DAY_MS, end.getTime() - MAX_RANGE_DAYS * DAY_MS));
				const offers = await listOffersInRange.call(this, { start, end, agentId });
				if (offers.length) {
					const newest = [...offers].sort(byModification).pop() as Offer;
					return [[toItem(newest, 'new')]];
				}
			}
			throw new NodeOperationError(this.getNode(), `No offer in the last ${SAMPLE_DAYS} days to show as a sample`, {
				description: 'The trigger works all the same once activated; a test run needs one offer to show.',
			});
		}

		const reReadDays = checkInt(this, 'Re-Read Period (Days)', options.sweepDays ?? 730, 0, { min: 0, max: MAX_RE_READ_DAYS });
		const budget = checkInt(this, 'Re-Read Requests per Poll', options.sweepRequestsPerPoll ?? 5, 0, { min: 1, max: 100 });
		return await exclusivePoll(this, 'SkySlope Offers Trigger', async (stored) => {
			const state = stored as OffersTriggerState;
			const found = await pollOffers(this, state, { key: `${scope}:${agentId ?? ''}`, agentId, now, lookBackDays, reReadDays, budget, includeUpdates });
			// Never silent: past its bound the watch forgot offers of its period, and every poll says so.
			const notice = state.floor
				? `The trigger keeps at most ${MAX_SEEN} offers and forgot those submitted before ${state.floor}: a change to one of them is not reported. Shorten the Re-Read Period, or watch one agent's listings.`
				: undefined;
			if (notice) this.logger.warn(`SkySlope Offers Trigger: ${notice}`, { workflowId: this.getWorkflow().id });
			const items = found.map(({ offer, event: kind, previousUnknown }) => toItem(offer, kind, previousUnknown));
			if (notice) for (const item of items) item.json.notice = notice;
			return { state, emit: items };
		});
	}
}
