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
import { checkInt } from '../shared/validate';
import { agentIdField, flattenOption, readAgentId } from './helpers/fields';
import { flattenOffer } from './helpers/flatten';
import { dayOf, listOffersInRange, type Offer } from './helpers/offers';
import { byModification, diffOffers, pruneSeen, type OffersTriggerState } from './helpers/triggerState';
import * as listSearch from './methods/listSearch';
import { MAX_RANGE_DAYS } from './service';
import { offersNode } from './SkySlopeOffers.node';

const DAY_MS = 24 * 3600 * 1000;
/** After a long pause, the look-back read reaches at most this far back (the sweep covers the rest). */
const MAX_CATCH_UP_DAYS = 90;
/** How far back a manual test run looks for a sample offer. */
const SAMPLE_DAYS = 366;
/** The longest Re-Read Period: ten years of offers. */
const MAX_SWEEP_DAYS = 3650;
/** A sweep window: whole days, the most one request of the service answers for (its 31 less one). */
const SWEEP_WINDOW_DAYS = MAX_RANGE_DAYS - 1;

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
						typeOptions: { minValue: 0, maxValue: MAX_SWEEP_DAYS },
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
		const toItem = (offer: Offer, kind: string): INodeExecutionData => {
			const json: IDataObject = options.flatten ? flattenOffer(offer) : { ...offer };
			return { json: { event: kind, ...json } };
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

		const state = this.getWorkflowStaticData('node') as OffersTriggerState;
		const key = `${scope}:${agentId ?? ''}`;
		const lookBackStart = now - lookBackDays * DAY_MS;
		const sweepDays = checkInt(this, 'Re-Read Period (Days)', options.sweepDays ?? 730, 0, { min: 0, max: MAX_SWEEP_DAYS });
		const budget = checkInt(this, 'Re-Read Requests per Poll', options.sweepRequestsPerPoll ?? 5, 0, { min: 1, max: 100 });
		const pages = { count: 0, largest: 0 };
		const read = async (start: number, end: number) => {
			pages.largest = Math.max(pages.largest, Number(state.largestPage) || 0);
			const offers = await listOffersInRange.call(this, { start: new Date(start), end: new Date(end), agentId, pages });
			if (pages.largest) state.largestPage = pages.largest;
			return offers;
		};

		if (state.key !== key) {
			// Another watch (or the first poll): start from scratch.
			for (const k of Object.keys(state)) delete state[k];
			state.key = key;
		}
		// The watch covers offers submitted from here on: the longer of Look Back and Re-Read Period,
		// unless the state's bound made it forget older ones (floor).
		const floor = state.floor ? Date.parse(state.floor) : Number.NEGATIVE_INFINITY;
		const watchStart = Math.max(now - Math.max(lookBackDays, sweepDays) * DAY_MS, floor);
		const horizon = state.horizon ? Date.parse(state.horizon) : Number.NaN;
		const firstPoll = !state.cursor;
		if (firstPoll || !(horizon <= watchStart)) {
			// What the watch holds before it starts (the first poll, or a longer period): recorded, not
			// reported; a change made after this poll is reported by a later one.
			const until = firstPoll || !Number.isFinite(horizon) ? now : Math.min(horizon, now);
			diffOffers(state, await read(watchStart, until), { includeUpdates, recordOnly: true });
			state.horizon = new Date(watchStart).toISOString();
		}
		if (firstPoll) {
			state.cursor = new Date(now).toISOString();
			state.sweepNext = dayOf(watchStart);
			pruneSeen(state, watchStart);
			return null;
		}

		// Every poll: the Look Back, and since the last poll when that was longer ago.
		const cursor = Date.parse(state.cursor as string);
		const recentStart = Math.max(Math.min(Number.isFinite(cursor) ? cursor : now, lookBackStart), now - MAX_CATCH_UP_DAYS * DAY_MS);
		const offers = await read(recentStart, now);
		// Then the next windows of the rest of the period, oldest first, wrapping round to its start:
		// at least one a poll, more while the poll has requests left, never the same one twice.
		const window = SWEEP_WINDOW_DAYS * DAY_MS;
		const first = Math.floor(watchStart / DAY_MS) * DAY_MS;
		if (sweepDays > lookBackDays && lookBackStart > first) {
			const turn = Math.ceil((lookBackStart - first) / window);
			pages.count = 0;
			let next = Date.parse(`${state.sweepNext ?? ''}T00:00:00Z`);
			if (!(next >= first && next < lookBackStart)) next = first;
			for (let n = 0; n < turn && (n === 0 || pages.count < budget); n++) {
				offers.push(...(await read(Math.max(next, watchStart), Math.min(next + window - 1, lookBackStart))));
				next += window;
				if (next >= lookBackStart) next = first;
			}
			state.sweepNext = dayOf(next);
		}
		const found = diffOffers(state, offers, { includeUpdates });
		state.cursor = new Date(now).toISOString();
		pruneSeen(state, watchStart);
		if (!found.length) return null;
		return [found.map(({ offer, event: kind }) => toItem(offer, kind))];
	}
}
