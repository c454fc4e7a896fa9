import type { IDataObject } from 'n8n-workflow';

import { serviceTime } from '../../shared/dates';
import { fileGuid, fileType, type StatusBook, type StatusBookData } from './statusBook';
import { sameStatus, statusKey, statusWanted } from './statuses';

export type TriggerEvent = 'newListing' | 'newSale' | 'changedListing' | 'changedSale' | 'statusChanged';

/** What the trigger keeps in the workflow's static data between polls. */
export interface TriggerState {
	/** The server time of the last poll: the next window starts here (less the overlap). */
	cursor?: string;
	/** `guid@time` of objects emitted (or recorded) inside the overlap, so none is emitted twice. */
	seen?: Record<string, number>;
	/** The status of every file the account can see (status-change event): see statusBook.ts. */
	book?: StatusBookData;
	/**
	 * Earlier versions' last known status by guid, of files seen changing since activation only:
	 * read once, when the book is first made, then dropped.
	 */
	statuses?: Record<string, string>;
	/** The event the state belongs to: a changed event starts afresh. */
	event?: TriggerEvent;
	/** When the watch began (ISO; this machine's clock): the next window records what came before. */
	quietBefore?: string;
	/**
	 * The cursor (and `bookSince`) are n8n's clock, not yet the service's: the watch has just begun.
	 * The first window reaches back as far as the service's clock may be behind, and learns by how much.
	 */
	ourClock?: boolean;
	/**
	 * The book is known from this moment (ISO): a file created since that the book does not hold is
	 * new to the account; one created before it was not read, and its earlier status is unknown.
	 */
	bookSince?: string;
	/** The read of every file's status still under way: the creation-year slices not read yet, newest first. */
	history?: { unread: number[] };
	/** While the history is read: an earlier book (other file types), to compare files with once. */
	earlier?: StatusBookData;
}

export const limits = {
	/** Each window reaches this far back before the cursor: late writes and clock skew. */
	overlapMs: 2 * 60 * 1000,
	maxSeen: 5000,
};

/** A creation date further ahead of the service's time than this is no time the file came. */
const CREATED_AHEAD_MS = 15 * 60 * 1000;

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

/** How far behind n8n's clock the service's may run, at most: what a window corrects. */
export const MAX_CLOCK_SKEW_MS = 15 * 60 * 1000;

/** Where the next window starts: a cursor on n8n's clock reaches back as far as the service's may be behind. */
export function windowStart(state: TriggerState): Date | undefined {
	const ms = serviceTime(state.cursor);
	return ms === undefined ? undefined : new Date(ms - limits.overlapMs - (state.ourClock ? MAX_CLOCK_SKEW_MS : 0));
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
 * - Status changes (`book` holds every file's status): an object is emitted when its status differs
 *   from the one the book holds, and is one of `targetStatuses` (any, when empty), with
 *   `previousStatus` as SkySlope wrote it. A file the book does not hold is new to the account
 *   (created after the book was read, or newly shared with it): it is emitted once, with
 *   `previousStatus: null`, when it is in a target status. The book is updated as it goes.
 */
export function selectEvents(options: {
	event: TriggerEvent;
	objects: Iterable<IDataObject>;
	state: TriggerState;
	/** The server time of this poll, the next cursor. */
	now: string;
	targetStatuses?: string[];
	/** Objects whose event time is before this (ms) are recorded, not emitted. */
	recordBefore?: number;
	book?: StatusBook;
	/** What an earlier state knew of a file the book does not hold yet. */
	earlier?: (type: string, guid: string) => string | undefined;
}): Selection {
	const { event, objects, now, book } = options;
	const previous = options.state.event === event ? options.state : {};
	const seen: Record<string, number> = { ...(previous.seen ?? {}) };
	const targets = options.targetStatuses ?? [];
	const emit: IDataObject[] = [];
	const sorted = [...objects].sort((a, b) => eventTime(event, a) - eventTime(event, b));
	const since = serviceTime(options.state.bookSince);

	for (const object of sorted) {
		const guid = guidOf(object);
		if (!guid) continue;
		const time = eventTime(event, object);
		// A status change is the status too: two changes stamped alike (a service that stamps to the
		// second) are two events, and the book tells a repeat.
		const key = event === 'statusChanged' ? `${guid}@${time}@${statusKey(object.status)}` : `${guid}@${time}`;
		if (seen[key] !== undefined) continue;
		seen[key] = time;
		if (event !== 'statusChanged') {
			if (!(options.recordBefore !== undefined && time < options.recordBefore)) emit.push(object);
			continue;
		}
		const change = statusChange(book, object, targets, { earlier: options.earlier, bookSince: since, now: serviceTime(now) });
		if (change) emit.push(change);
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
			...(event === 'statusChanged' && book ? { book: book.toData() } : {}),
			...(options.state.bookSince ? { bookSince: options.state.bookSince } : {}),
		},
	};
}

/**
 * A file's status read now, against the book: the event to emit (the record with its
 * `previousStatus`), or undefined. The book takes the status as written now either way.
 *
 * A file the book does not hold is compared with what an earlier state knew of it (`earlier`);
 * else it is new to the account (`previousStatus: null`) when created since the book is known
 * (`bookSince`; always, for a book of an earlier version); else, when it last changed before the
 * book was begun, it is history (no event); else its slice of the history was not read when it
 * changed, and the event says its earlier status is unknown rather than guess.
 */
export function statusChange(
	book: StatusBook | undefined,
	object: IDataObject,
	targets: string[],
	context: { earlier?: (type: string, guid: string) => string | undefined; bookSince?: number; now?: number } = {},
): IDataObject | undefined {
	const type = fileType(object);
	const guid = fileGuid(object);
	if (!book || !type || !guid) return undefined;
	const status = String(object.status ?? '');
	const before = book.get(type, guid) ?? context.earlier?.(type, guid);
	book.set(type, guid, status);
	// `Closed` read after `closed` is no change: the service writes a status either way.
	if (before !== undefined && sameStatus(before, status)) return undefined;
	let unknown = false;
	if (before === undefined && context.bookSince !== undefined) {
		// A creation date ahead of the service's own time (a mistyped year) says nothing of when the
		// file came: it may have been there all along.
		const stated = serviceTime(object.createdOn);
		const created = stated !== undefined && (context.now === undefined || stated <= context.now + CREATED_AHEAD_MS) ? stated : undefined;
		const changed = eventTime('changedSale', object);
		// Changed last before the book was begun: history (a window's overlap reaches back), no event.
		if (!(created !== undefined && created >= context.bookSince) && changed < context.bookSince) return undefined;
		unknown = !(created !== undefined && created >= context.bookSince);
	}
	if (!statusWanted(status, targets)) return undefined;
	if (before !== undefined) return { ...object, previousStatus: before };
	return unknown ? { ...object, previousStatus: null, previousStatusUnknown: true } : { ...object, previousStatus: null };
}
