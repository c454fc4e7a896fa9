import { createHash } from 'crypto';
import type { IDataObject } from 'n8n-workflow';

import { serviceTime } from '../../shared/dates';
import { findRecord, sortedRecords } from '../../shared/sortedRecords';
import type { Offer } from './offers';

/**
 * What the SkySlope Trigger keeps in the workflow's static data between polls. Plain JSON,
 * bounded: it holds only offers that a later poll can still read (submitted after `horizon`), at
 * most MAX_SEEN of them, packed (`book`) at RECORD_LENGTH characters an offer.
 */
export interface OffersTriggerState extends IDataObject {
	/** Which watch the state belongs to (scope and agent): another watch starts from scratch. */
	key?: string;
	/** When the last poll read up to (ISO 8601 UTC). Absent before the first poll. */
	cursor?: string;
	/**
	 * Every offer submitted from this moment on (ISO 8601) has been recorded: one submitted before it
	 * is outside the watch and never reported. A watch that reaches further back (the first poll, a
	 * longer Re-Read Period) first records the offers between its start and the horizon, silently.
	 */
	horizon?: string;
	/** Set when MAX_SEEN made the trigger forget offers inside its period: the watch starts here. */
	floor?: string;
	/**
	 * While the baseline (offers submitted before the watch began, from `horizon` back to the watch's
	 * start) is read over polls: when it began (ISO). An offer the baseline first sees that changed
	 * after this moment is reported as updated, its earlier version unknown.
	 */
	baselineSince?: string;
	/** The first day (YYYY-MM-DD, UTC) of the next window the re-read reads (its stored name kept from before the UI said "re-read"). */
	sweepNext?: string;
	/** Earlier versions' largest page ever answered, kept for good: read once as `pageSize`, dropped. */
	largestPage?: number;
	/**
	 * The service's page size as last seen (the longest page, or the size a page followed by another
	 * showed): a shorter page is the last of its window, unless it is the longest of its poll (then
	 * the next page is read: a service may lower its page size).
	 */
	pageSize?: number;
	/**
	 * Every offer recorded, RECORD_LENGTH characters each: the first 12 characters of the SHA-256 of
	 * its OfferId (base64url), then its version, ModificationTimestamp and OfferSubmissionDate (base
	 * 36: 2, 7 and 7 characters, the times in seconds) and 6 characters of the fingerprint of its
	 * content. 100,000 offers take 3.4 MB.
	 */
	book?: string;
	/**
	 * What earlier versions kept instead of `book`, read once and dropped: OfferId ->
	 * `version.modified.submitted.fingerprint` (times in seconds, base 36), or the first versions'
	 * [version, modified ms, submitted ms].
	 */
	seen?: { [offerId: string]: string | number[] };
}

/** Offers the state keeps at most: two years of a large brokerage (3.4 MB packed). */
export const MAX_SEEN = 100_000;

/** Characters a recorded offer takes in `book`. */
export const RECORD_LENGTH = 34;
const KEY_LENGTH = 12;

export type OfferEvent = 'new' | 'updated';

interface Seen {
	version: number;
	modified: number;
	submitted: number;
	fingerprint: string;
}

function version(offer: Offer): number {
	const v = Number(offer.OfferTerms?.OfferVersionNumber);
	return Number.isFinite(v) ? v : 0;
}

const time = (value: unknown): number => (typeof value === 'string' ? serviceTime(value) : undefined) ?? 0;

/**
 * JSON with keys sorted at every level: the same offer reads the same whatever its key order. Every
 * recorded offer's fingerprint is taken from this text, so it must not change from one release to
 * the next (test/offers/triggerState.test.ts holds it to the first form, `byHand`). JSON.stringify
 * with sorted copies writes it several times faster, but differs where an object has an
 * integer-like key ("7", "10": always first, by number), an undefined value (left out) or a value
 * with toJSON: those are written by hand.
 */
function canonical(value: unknown): string {
	let exotic = false;
	const text = JSON.stringify(value, function (this: IDataObject, key: string, v: unknown) {
		// A value its toJSON turned into another (a Date): the first form wrote the object itself.
		if (this[key] !== v) exotic = true;
		if (!v || typeof v !== 'object' || Array.isArray(v)) return v;
		const sorted: IDataObject = {};
		for (const k of Object.keys(v).sort()) {
			const inner = (v as IDataObject)[k];
			// `__proto__` as a key: assigning it here would call the prototype setter and drop it.
			if (inner === undefined || INDEX_LIKE.test(k) || k === '__proto__') exotic = true;
			sorted[k] = inner;
		}
		return sorted;
	});
	return exotic ? byHand(value) : (text ?? 'null');
}

const INDEX_LIKE = /^(0|[1-9]\d*)$/;

function byHand(value: unknown): string {
	if (Array.isArray(value)) return `[${value.map(byHand).join(',')}]`;
	if (value && typeof value === 'object') {
		const entries = Object.entries(value as IDataObject).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
		return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${byHand(v)}`).join(',')}}`;
	}
	return JSON.stringify(value) ?? 'null';
}

/** Six characters (36 bits) of the SHA-256 of the offer's content, whatever its key order. */
function fingerprint(offer: Offer): string {
	return createHash('sha256').update(canonical(offer)).digest().subarray(0, 6).toString('base64url').slice(0, 6);
}

/** The key an offer is recorded under: 72 bits of the SHA-256 of its OfferId. */
function offerKey(offerId: string): string {
	return createHash('sha256').update(offerId).digest().subarray(0, 9).toString('base64url');
}

/** What an earlier version kept for an offer, read once. */
function readLegacy(entry: string | number[] | undefined): Seen | undefined {
	if (Array.isArray(entry)) return { version: entry[0] ?? 0, modified: entry[1] ?? 0, submitted: entry[2] ?? 0, fingerprint: '' };
	if (typeof entry !== 'string') return undefined;
	const [v, m, s, f] = entry.split('.');
	return { version: Number(v) || 0, modified: parseInt(m, 36) * 1000 || 0, submitted: parseInt(s, 36) * 1000 || 0, fingerprint: f ?? '' };
}

const b36 = (n: number, width: number) => Math.min(Math.max(0, Math.floor(n)), 36 ** width - 1).toString(36).padStart(width, '0');

function pack(key: string, seen: Seen): string {
	return `${key}${b36(seen.version, 2)}${b36(seen.modified / 1000, 7)}${b36(seen.submitted / 1000, 7)}${(seen.fingerprint || '').padEnd(6, '-').slice(0, 6)}`;
}

function unpack(record: string): Seen {
	const fp = record.slice(28, 34);
	return {
		version: parseInt(record.slice(12, 14), 36),
		modified: parseInt(record.slice(14, 21), 36) * 1000,
		submitted: parseInt(record.slice(21, 28), 36) * 1000,
		fingerprint: fp === '------' ? '' : fp,
	};
}

/**
 * The offers a state has recorded: its `book`, sorted by key and searched where it lies (no object
 * per offer: a poll's memory does not grow with the offers recorded, bench/RESULTS.md, figure 22),
 * and what this poll recorded beside it, merged into a new `book` once, when the poll ends.
 */
class Recorded {
	/** Offers recorded by this poll (and an earlier version's `seen`), by key. */
	private readonly changed = new Map<string, Seen>();

	/** Offers of `changed` that the book does not hold. */
	private added = 0;

	/** `packed`: the book, records sorted by key, each key once. */
	constructor(private readonly packed: string) {}

	get size(): number {
		return this.packed.length / RECORD_LENGTH + this.added;
	}

	get(key: string): Seen | undefined {
		const changed = this.changed.get(key);
		if (changed) return changed;
		const at = this.find(key);
		return at < 0 ? undefined : unpack(this.packed.slice(at, at + RECORD_LENGTH));
	}

	set(key: string, seen: Seen): void {
		if (!this.changed.has(key) && this.find(key) < 0) this.added++;
		this.changed.set(key, seen);
	}

	/** Where the book holds a key, or -1. */
	private find(key: string): number {
		return findRecord(this.packed, RECORD_LENGTH, KEY_LENGTH, key);
	}

	/**
	 * The book with this poll's records merged in, sorted by key, keeping only what `keep` accepts
	 * (given a record's time, its submission, else its modification). Unchanged records are copied
	 * in runs of the old book; a book that nothing changed is the same string, not a copy of it.
	 */
	merged(keep: (at: number) => boolean): string {
		if (this.changed.size === 0 && this.times().every(keep)) return this.packed;
		const parts: string[] = [];
		const keys = [...this.changed.keys()].sort();
		let run = -1; // start of the current run of kept records of the old book
		let next = 0;
		const flush = (to: number) => {
			if (run >= 0 && run < to) parts.push(this.packed.slice(run, to));
			run = -1;
		};
		const take = (key: string) => {
			const seen = this.changed.get(key) as Seen;
			if (keep(seen.submitted || seen.modified)) parts.push(pack(key, seen));
		};
		for (let at = 0; at < this.packed.length; at += RECORD_LENGTH) {
			const key = this.packed.slice(at, at + KEY_LENGTH);
			while (next < keys.length && keys[next] < key) {
				flush(at);
				take(keys[next++]);
			}
			if (next < keys.length && keys[next] === key) {
				flush(at);
				take(keys[next++]);
				continue;
			}
			if (keep(recordTime(this.packed, at))) {
				if (run < 0) run = at;
			} else flush(at);
		}
		flush(this.packed.length);
		while (next < keys.length) take(keys[next++]);
		return parts.join('');
	}

	/** The time of every record, as `merged` would keep it, in no order. */
	times(): Float64Array {
		const times = new Float64Array(this.size);
		let n = 0;
		for (let at = 0; at < this.packed.length; at += RECORD_LENGTH) {
			if (!this.changed.has(this.packed.slice(at, at + KEY_LENGTH))) times[n++] = recordTime(this.packed, at);
		}
		for (const seen of this.changed.values()) times[n++] = seen.submitted || seen.modified;
		return times.subarray(0, n);
	}
}

/** A record's submission time, else its modification time, read where it lies in a book. */
function recordTime(packed: string, at: number): number {
	const submitted = parseInt(packed.slice(at + 21, at + 28), 36) * 1000;
	return submitted || parseInt(packed.slice(at + 14, at + 21), 36) * 1000;
}

/** What each state has recorded, read from its `book` (and an earlier version's `seen`) once. */
const books = new WeakMap<OffersTriggerState, Recorded>();

function recorded(state: OffersTriggerState): Recorded {
	let book = books.get(state);
	if (!book) {
		book = new Recorded(sortedRecords(typeof state.book === 'string' ? state.book : '', RECORD_LENGTH, KEY_LENGTH));
		for (const [id, entry] of Object.entries(state.seen ?? {})) {
			const seen = readLegacy(entry);
			if (seen) book.set(offerKey(id), seen);
		}
		books.set(state, book);
	}
	return book;
}

/** Oldest first: by ModificationTimestamp, then OfferSubmissionDate, then OfferId. */
export function byModification(a: Offer, b: Offer): number {
	return (
		time(a.ModificationTimestamp) - time(b.ModificationTimestamp) ||
		time(a.OfferSubmissionDate) - time(b.OfferSubmissionDate) ||
		String(a.OfferId).localeCompare(String(b.OfferId))
	);
}

/**
 * Compares the offers of one poll with what earlier polls saw and records them. An offer is new
 * when never seen; updated when its OfferVersionNumber is higher, or the same with a later
 * ModificationTimestamp, or the same version and time with other content (a service that changes
 * an offer without stamping it). An older copy (a stale replica) is never news. Each version is
 * reported once. With `baselineSince` (the baseline: what
 * the watch holds from before it began) an offer never seen is recorded, and reported as updated
 * (its earlier version unknown) only when it changed after that moment. Otherwise an offer
 * submitted before the horizon is outside the watch: neither recorded nor reported.
 */
export function diffOffers(
	state: OffersTriggerState,
	offers: Offer[],
	options: { includeUpdates: boolean; baselineSince?: number },
): Array<{ offer: Offer; event: OfferEvent; previousUnknown?: boolean }> {
	const seen = recorded(state);
	const horizon = time(state.horizon);
	const out: Array<{ offer: Offer; event: OfferEvent; previousUnknown?: boolean }> = [];
	for (const offer of [...offers].sort(byModification)) {
		const id = typeof offer.OfferId === 'string' || typeof offer.OfferId === 'number' ? String(offer.OfferId) : '';
		if (!id) continue;
		const now: Seen = {
			version: version(offer),
			modified: time(offer.ModificationTimestamp),
			submitted: time(offer.OfferSubmissionDate),
			fingerprint: fingerprint(offer),
		};
		const key = offerKey(id);
		const previous = seen.get(key);
		let event: OfferEvent | undefined;
		if (!previous && options.baselineSince !== undefined) {
			// The baseline: recorded; an update when it changed after the watch began.
			seen.set(key, now);
			if (now.modified >= options.baselineSince && options.includeUpdates) out.push({ offer, event: 'updated', previousUnknown: true });
			continue;
		}
		if (!previous) {
			if (horizon && now.submitted && now.submitted < horizon) continue;
			event = 'new';
		} else if (now.version !== previous.version) {
			if (now.version < previous.version) continue;
			event = 'updated';
		} else if (Math.floor(now.modified / 1000) !== Math.floor(previous.modified / 1000)) {
			if (now.modified < previous.modified) continue;
			event = 'updated';
		} else if (previous.fingerprint && now.fingerprint !== previous.fingerprint) {
			event = 'updated';
		} else {
			// The same version (or a state of the first versions, with no fingerprint: recorded now).
			if (!previous.fingerprint) seen.set(key, now);
			continue;
		}
		seen.set(key, now);
		if (event === 'updated' && !options.includeUpdates) continue;
		out.push({ offer, event });
	}
	return out;
}

/**
 * Forgets offers submitted before `startMs` (no later poll reads them: the service finds offers by
 * submission date), then the oldest beyond `MAX_SEEN`; the horizon (and, for the bound, the floor)
 * moves up to what was forgotten. Writes the book (and drops an earlier version's `seen`).
 */
export function pruneSeen(state: OffersTriggerState, startMs: number): void {
	const seen = recorded(state);
	let horizon = Math.max(time(state.horizon), startMs);
	let keepFrom = startMs;
	const times = seen.times().filter((at) => at >= startMs);
	if (times.length > MAX_SEEN) {
		// Keep whole seconds together: the horizon is the first second still kept.
		keepFrom = times.sort()[times.length - MAX_SEEN];
		horizon = Math.max(horizon, keepFrom);
		state.floor = new Date(horizon).toISOString();
	}
	state.horizon = new Date(horizon).toISOString();
	state.book = seen.merged((at) => at >= keepFrom);
	delete state.seen;
	books.set(state, new Recorded(state.book));
}
