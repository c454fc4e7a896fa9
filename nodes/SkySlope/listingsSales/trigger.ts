// The listings and sales events of the SkySlope Trigger: their fields and their poll. The node file
// (SkySlopeTrigger.node.ts) holds the description and hands each poll to its service's watch.
import {
	NodeOperationError,
	type IDataObject,
	type INodeExecutionData,
	type INodeProperties,
	type IPollFunctions,
} from 'n8n-workflow';

import { serviceTime, shownForEvents as shownFor } from '../shared';
import { exclusivePoll } from '../shared/pollRuntime';
import { readWindow } from './helpers/exportReads';
import { EXPORT_STATUSES, EXPORT_STATUS_OPTIONS, statusWanted } from './helpers/statuses';
import { pollStatusChanged } from './helpers/statusHistory';
import { eventTime, isNewEvent, selectEvents, windowStart, type TriggerEvent, type TriggerState } from './helpers/triggerState';
import { listingsService } from './service';

const DAY = 24 * 3600 * 1000;

/** How far back a manual test run looks for a sample. */
const SAMPLE_DAYS = [30, 365];

/** The events of listings and sales, by the values saved in workflows. */
export const LISTINGS_SALES_EVENTS = [
	{ name: 'Changed Listing', value: 'changedListing', description: 'A listing was created or changed' },
	{ name: 'Changed Sale', value: 'changedSale', description: 'A sale was created or changed' },
	{ name: 'New Listing', value: 'newListing', description: 'A listing was created' },
	{ name: 'New Sale', value: 'newSale', description: 'A sale was created' },
	{
		name: 'Listing or Sale Status Changed',
		value: 'statusChanged',
		description: 'A listing or sale moved to another status (e.g. a sale closed)',
	},
];

/** The fields of these events, each shown only for them. */
export const listingsSalesTriggerFields: INodeProperties[] = [
	{
		displayName: 'File Types',
		name: 'fileTypes',
		type: 'multiOptions',
		default: ['listing', 'sale'],
		options: [
			{ name: 'Listing', value: 'listing' },
			{ name: 'Sale', value: 'sale' },
		],
		...shownFor(['statusChanged']),
		description: 'Whose status changes start the workflow',
	},
	{
		displayName: 'Statuses',
		name: 'statuses',
		type: 'multiOptions',
		default: [],
		options: EXPORT_STATUS_OPTIONS,
		...shownFor(LISTINGS_SALES_EVENTS.map((e) => e.value)),
		description:
			'Only files in these statuses (for a status change: the status moved to); none picked means any status. A status matches however SkySlope writes it (Closed or closed, Canceled/App or Canceled Approved); a status not listed here (e.g. Transaction) passes only when none is picked.',
	},
];

/** A poll of a listings or sales event (docs/listings-sales.md, "SkySlope Trigger"). */
export async function pollListingsSales(this: IPollFunctions, event: TriggerEvent): Promise<INodeExecutionData[][] | null> {
	const statuses = (this.getNodeParameter('statuses', []) as string[]).filter((s) => (EXPORT_STATUSES as readonly string[]).includes(s));
	const types =
		event === 'statusChanged'
			? (this.getNodeParameter('fileTypes', ['listing', 'sale']) as string[]).filter((t) => t === 'listing' || t === 'sale')
			: [event.endsWith('Listing') ? 'listing' : 'sale'];
	if (types.length === 0) {
		throw new NodeOperationError(this.getNode(), 'File Types: pick listings, sales or both');
	}
	const by = isNewEvent(event) ? 'created' : 'modified';
	// A status change is known only by comparing all statuses: the filter is applied here, not by the service.
	const serverStatuses = event === 'statusChanged' ? undefined : statuses;

	if (this.getMode() === 'manual') {
		// A test run: the most recent matching file, as a sample; the state is left alone.
		for (const days of SAMPLE_DAYS) {
			const since = new Date(Date.now() - days * DAY);
			const { objects } = await readWindow(this, { types, since, by, statuses: serverStatuses });
			const matching = objects.filter((o) => statusWanted(o.status, statuses));
			if (matching.length === 0) continue;
			const latest = matching.reduce((a, b) => (eventTime(event, b) > eventTime(event, a) ? b : a));
			const sample = event === 'statusChanged' ? { ...latest, previousStatus: null } : latest;
			return [this.helpers.returnJsonArray([sample])];
		}
		return null;
	}

	return await exclusivePoll(this, { label: `SkySlope Trigger (${listingsService.label})`, watch: event }, async (stored, { budgetMs, late }) => {
		const state: TriggerState = stored.event === event ? (stored as TriggerState) : {};
		if (event === 'statusChanged') {
			const { state: next, emit } = await pollStatusChanged(this, { types, targets: statuses, state, budgetMs, late: late as { state: TriggerState; items: IDataObject[] } | undefined });
			return { state: next as IDataObject, emit: this.helpers.returnJsonArray(emit) };
		}
		if (!state.cursor) {
			// The first poll (an activation, which n8n bounds in time) asks nothing: the watch begins
			// now, on n8n's clock until a window reads the service's.
			const now = new Date().toISOString();
			return { state: { event, cursor: now, seen: {}, quietBefore: now, ourClock: true }, emit: [] };
		}
		const window = await readWindow(this, { types, since: windowStart(state) as Date, by, statuses: serverStatuses });
		// What happened before the watch began (the next window reaches back) is recorded, not
		// emitted: no backlog flood. Its start read on the service's clock.
		const quietBefore = serviceTime(state.quietBefore);
		const { emit, state: next } = selectEvents({
			event,
			objects: window.objects,
			state,
			now: window.now,
			targetStatuses: statuses,
			recordBefore: quietBefore === undefined ? undefined : quietBefore - window.behindMs,
		});
		return { state: next as IDataObject, emit: this.helpers.returnJsonArray(emit) };
	});
}
