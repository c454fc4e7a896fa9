// The offers events of the SkySlope Trigger: their fields and their poll. The node file
// (SkySlopeTrigger.node.ts) holds the description and hands each poll to its service's watch.
import {
	NodeOperationError,
	type IDataObject,
	type INodeExecutionData,
	type INodeProperties,
	type IPollFunctions,
} from 'n8n-workflow';

import { shownForEvents as shownFor } from '../shared';
import { optionsField } from '../shared/fields';
import { exclusivePoll, historyBudget } from '../shared/pollRuntime';
import { checkInt } from '../shared/validate';
import { agentIdField, flattenOption, readAgentId } from './helpers/fields';
import { flattenOffer } from './helpers/flatten';
import { listOffersInRange, type Offer } from './helpers/offers';
import { MAX_CATCH_UP_DAYS, pollOffers } from './helpers/offersWatch';
import { byModification, MAX_SEEN, type OffersTriggerState } from './helpers/triggerState';
import { MAX_RANGE_DAYS, offersService } from './service';

const DAY_MS = 24 * 3600 * 1000;
/** How far back a manual test run looks for a sample offer. */
const SAMPLE_DAYS = 366;
/** The longest Re-Read Period: ten years of offers. */
const MAX_RE_READ_DAYS = 3650;

/** The events of offers, by the values saved in workflows. */
export const OFFERS_EVENTS = [
	{ name: 'New Offer', value: 'newOffers', description: 'Each offer the first time it appears' },
	{
		name: 'New or Updated Offer',
		value: 'newAndUpdatedOffers',
		description: 'Each offer the first time it appears, and each time it is revised (a new version) or otherwise changed',
	},
];
const OFFERS_EVENT_VALUES = OFFERS_EVENTS.map((e) => e.value);

/** The fields of these events, each shown only for them. */
export const offersTriggerFields: INodeProperties[] = [
	{
		displayName: 'Listings',
		name: 'scope',
		...shownFor(OFFERS_EVENT_VALUES),
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
		displayOptions: { show: { event: OFFERS_EVENT_VALUES, scope: ['agent'] } },
	},
	{
		...optionsField([
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
		...shownFor(OFFERS_EVENT_VALUES),
	},
];

/** A poll of an offers event (docs/offers.md, "SkySlope Trigger"). */
export async function pollOffersEvent(this: IPollFunctions, event: string): Promise<INodeExecutionData[][] | null> {
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
			const offers = await listOffersInRange.call(this, { start, end, limit: Number.POSITIVE_INFINITY, agentId });
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
	return await exclusivePoll(this, { label: `SkySlope Trigger (${offersService.label})`, watch: 'offers' }, async (stored, { budgetMs }) => {
		const state = stored as OffersTriggerState;
		const found = await pollOffers(this, state, { key: `${scope}:${agentId ?? ''}`, agentId, now, lookBackDays, reReadDays, budget, historyMs: historyBudget(budgetMs), includeUpdates });
		// Never silent: past its bound the watch forgot offers of its period, and every poll says so.
		const notice = state.floor
			? `The trigger keeps at most ${MAX_SEEN} offers and forgot those submitted before ${state.floor}: a change to one of them is not reported. Shorten the Re-Read Period, or watch one agent's listings.`
			: undefined;
		if (notice) this.logger.warn(`SkySlope Trigger (${offersService.label}): ${notice}`, { workflowId: this.getWorkflow().id });
		const items = found.map(({ offer, event: kind, previousUnknown }) => toItem(offer, kind, previousUnknown));
		if (notice) for (const item of items) item.json.notice = notice;
		return { state, emit: items };
	});
}
