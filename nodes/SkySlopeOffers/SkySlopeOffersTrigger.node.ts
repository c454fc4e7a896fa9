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
import { listOffersInRange, type Offer } from './helpers/offers';
import { byModification, diffOffers, pruneSeen, type OffersTriggerState } from './helpers/triggerState';
import * as listSearch from './methods/listSearch';
import { MAX_RANGE_DAYS } from './service';
import { offersNode } from './SkySlopeOffers.node';

const DAY_MS = 24 * 3600 * 1000;
/** After a long pause, a poll reads at most this far back (then the watch goes on from now). */
const MAX_CATCH_UP_DAYS = 90;
/** How far back a manual test run looks for a sample offer. */
const SAMPLE_DAYS = 366;

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
							'How many days of offers each poll reads again; an update to an offer submitted longer ago than this is not seen',
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
		const options = this.getNodeParameter('options', {}) as { flatten?: boolean; lookBackDays?: number };
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

		if (!state.cursor || state.key !== key) {
			// First poll of this watch: remember what is there, start no run for it.
			const offers = await listOffersInRange.call(this, { start: new Date(lookBackStart), end: new Date(now), agentId });
			state.key = key;
			state.seen = {};
			state.horizon = new Date(lookBackStart).toISOString();
			diffOffers(state, offers, { includeUpdates, recordOnly: true });
			state.cursor = new Date(now).toISOString();
			pruneSeen(state, lookBackStart);
			return null;
		}

		const cursor = Date.parse(state.cursor);
		const start = Math.max(
			Math.min(Number.isFinite(cursor) ? cursor : now, lookBackStart),
			now - MAX_CATCH_UP_DAYS * DAY_MS,
		);
		const offers = await listOffersInRange.call(this, { start: new Date(start), end: new Date(now), agentId });
		const found = diffOffers(state, offers, { includeUpdates });
		state.cursor = new Date(now).toISOString();
		pruneSeen(state, lookBackStart);
		if (!found.length) return null;
		return [found.map(({ offer, event: kind }) => toItem(offer, kind))];
	}
}
