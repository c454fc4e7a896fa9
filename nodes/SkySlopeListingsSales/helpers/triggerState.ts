import type { IDataObject } from 'n8n-workflow';

import { serviceTime } from '../../shared/dates';
import { sameStatus, statusWanted } from './statuses';

export type TriggerEvent = 'newListing' | 'newSale' | 'changedListing' | 'changedSale' | 'statusChanged';

/** What the trigger keeps in the workflow's static data between polls. */
export interface TriggerState {
	/** The server time of the last poll: the next window starts here (less the overlap). */
	cursor?: string;
	/** `guid@time` of objects emitted (or recorded) inside the overlap, so none is emitted twice. */
	seen?: Record<string, number>;
	/** Last known status by guid (status-change event), most recently touched last. */
	statuses?: Record<string, string>;
	/** The event the state belongs to: a changed event starts afresh. */
	event?: TriggerEvent;
}

export const limits = {
	/** Each window reaches this far back before the cursor: late writes and clock skew. */
	overlapMs: 2 * 60 * 1000,
	maxSeen: 5000,
	maxStatuses: 10000,
};

export const isNewEvent = (event: TriggerEvent) => event === 'newListing' || event === 'newSale';

export const guidOf = (object: IDataObject): string =>
	String(object.objectType === 'sale' ? object.saleGuid : object.listingGuid ?? object.saleGuid ?? '');

/**
 * The moment that makes an object an event: its creation for new-object events, else its change
 * (its creation when it was never changed: an empty `modifiedOn` is no event time).
 */
export function eventTime(event: TriggerEvent, object: IDataObject): number {
	const created = serviceTime(object.createdOn);
	const time = isNewEvent(event) ? created : (serviceTime(object.modifiedOn) ?? created);
	return time ?? 0;
}

/** Where the next window starts. */
export function windowStart(state: TriggerState): Date | undefined {
	const ms = serviceTime(state.cursor);
	return ms === undefined ? undefined : new Date(ms - limits.overlapMs);
}

function bounded<T>(record: Record<string, T>, max: number): Record<string, T> {
	const keys = Object.keys(record);
	if (keys.length <= max) return record;
	const out: Record<string, T> = {};
	for (const key of keys.slice(keys.length - max)) out[key] = record[key];
	return out;
}

export interface Selection {
	emit: IDataObject[];
	state: TriggerState;
}

/**
 * Decides which objects of a window are events, and the state after it.
 *
 * - New and changed objects: an object is emitted once per `guid@time`; the seen-set only keeps
 *   keys still inside the next window's overlap, and never more than `maxSeen`.
 * - Status changes: an object is emitted when its status differs from the last one known for it,
 *   and is one of `targetStatuses` (any, when empty). An object whose earlier status is unknown
 *   (not seen since activation) counts as changed when it was modified in the window, is not new,
 *   and is in a target status: `previousStatus` is then null.
 * - `record` (the first activation) stores what the window holds without emitting anything.
 */
export function selectEvents(options: {
	event: TriggerEvent;
	objects: IDataObject[];
	state: TriggerState;
	/** The server time of this poll, the next cursor. */
	now: string;
	targetStatuses?: string[];
	record?: boolean;
}): Selection {
	const { event, objects, now, record } = options;
	const previous = options.state.event === event ? options.state : {};
	const seen: Record<string, number> = { ...(previous.seen ?? {}) };
	const statuses: Record<string, string> = { ...(previous.statuses ?? {}) };
	const since = windowStart(previous)?.getTime() ?? 0;
	const targets = options.targetStatuses ?? [];
	const emit: IDataObject[] = [];
	const sorted = [...objects].sort((a, b) => eventTime(event, a) - eventTime(event, b));

	for (const object of sorted) {
		const guid = guidOf(object);
		if (!guid) continue;
		const time = eventTime(event, object);
		const key = `${guid}@${time}`;
		if (seen[key] !== undefined) continue;
		seen[key] = time;
		if (event !== 'statusChanged') {
			if (!record) emit.push(object);
			continue;
		}
		const status = String(object.status ?? '');
		const before = statuses[guid];
		delete statuses[guid];
		statuses[guid] = status;
		// `Closed` read after `closed` is no change: the service writes a status either way.
		if (record || (before !== undefined && sameStatus(before, status))) continue;
		if (!statusWanted(status, targets)) continue;
		if (before === undefined) {
			const created = serviceTime(object.createdOn);
			if (!previous.cursor || (created !== undefined && created >= since)) continue;
		}
		emit.push({ ...object, previousStatus: before ?? null });
	}

	// Keys older than the next window's start can never come back: drop them.
	const nextStart = (serviceTime(now) ?? 0) - limits.overlapMs;
	for (const [key, time] of Object.entries(seen)) if (time < nextStart) delete seen[key];

	return {
		emit,
		state: {
			event,
			cursor: now,
			seen: bounded(seen, limits.maxSeen),
			...(event === 'statusChanged' ? { statuses: bounded(statuses, limits.maxStatuses) } : {}),
		},
	};
}
