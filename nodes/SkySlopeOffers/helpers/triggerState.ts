import { createHash } from 'crypto';
import type { IDataObject } from 'n8n-workflow';

import { serviceTime } from '../../shared/dates';
import type { Offer } from './offers';

/**
 * What the SkySlope Offers Trigger keeps in the workflow's static data between polls. Plain JSON,
 * bounded: `seen` holds only offers that a later poll can still read (submitted after `horizon`),
 * at most MAX_SEEN of them.
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
	/** The first day (YYYY-MM-DD, UTC) of the next window the re-read reads. */
	sweepNext?: string;
	/** The largest page the service has answered: a shorter page is the last of its window. */
	largestPage?: number;
	/**
	 * OfferId -> `version.modified.submitted.fingerprint` (the times in seconds, base 36; the
	 * fingerprint: 8 hex digits of the offer's content). The first versions kept
	 * [version, modified ms, submitted ms]; both are read.
	 */
	seen?: { [offerId: string]: string | number[] };
}

/** Offers the state keeps at most (about 50 bytes each): 5,000 offers are about 250 kB. */
export const MAX_SEEN = 20_000;

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

/** JSON with keys sorted at every level: the same offer reads the same whatever its key order. */
function canonical(value: unknown): string {
	if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
	if (value && typeof value === 'object') {
		const entries = Object.entries(value as IDataObject).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
		return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`;
	}
	return JSON.stringify(value) ?? 'null';
}

export function fingerprint(offer: Offer): string {
	return createHash('sha256').update(canonical(offer)).digest('hex').slice(0, 8);
}

function read(entry: string | number[] | undefined): Seen | undefined {
	if (Array.isArray(entry)) return { version: entry[0] ?? 0, modified: entry[1] ?? 0, submitted: entry[2] ?? 0, fingerprint: '' };
	if (typeof entry !== 'string') return undefined;
	const [v, m, s, f] = entry.split('.');
	return { version: Number(v) || 0, modified: parseInt(m, 36) * 1000 || 0, submitted: parseInt(s, 36) * 1000 || 0, fingerprint: f ?? '' };
}

function write(seen: Seen): string {
	const sec = (ms: number) => Math.max(0, Math.floor(ms / 1000)).toString(36);
	return `${seen.version}.${sec(seen.modified)}.${sec(seen.submitted)}.${seen.fingerprint}`;
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
 * reported once. With `recordOnly` nothing is reported. With `baselineSince` (the baseline: what
 * the watch holds from before it began) an offer never seen is recorded, and reported as updated
 * (its earlier version unknown) only when it changed after that moment. Otherwise an offer
 * submitted before the horizon is outside the watch: neither recorded nor reported.
 */
export function diffOffers(
	state: OffersTriggerState,
	offers: Offer[],
	options: { includeUpdates: boolean; recordOnly?: boolean; baselineSince?: number },
): Array<{ offer: Offer; event: OfferEvent; previousUnknown?: boolean }> {
	const seen = (state.seen ??= {});
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
		const previous = read(seen[id]);
		let event: OfferEvent | undefined;
		if (!previous && options.baselineSince !== undefined) {
			// The baseline: recorded; an update when it changed after the watch began.
			seen[id] = write(now);
			if (now.modified >= options.baselineSince && options.includeUpdates) out.push({ offer, event: 'updated', previousUnknown: true });
			continue;
		}
		if (!previous) {
			if (horizon && now.submitted && now.submitted < horizon && !options.recordOnly) continue;
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
			if (!previous.fingerprint) seen[id] = write(now);
			continue;
		}
		seen[id] = write(now);
		if (options.recordOnly) continue;
		if (event === 'updated' && !options.includeUpdates) continue;
		out.push({ offer, event });
	}
	return out;
}

/**
 * Forgets offers submitted before `startMs` (no later poll reads them: the service finds offers by
 * submission date), then the oldest beyond `maxSeen`; the horizon (and, for the bound, the floor)
 * moves up to what was forgotten.
 */
export function pruneSeen(state: OffersTriggerState, startMs: number, maxSeen = MAX_SEEN): void {
	const seen = (state.seen ??= {});
	let horizon = Math.max(time(state.horizon), startMs);
	for (const [id, entry] of Object.entries(seen)) {
		const s = read(entry) as Seen;
		if ((s.submitted || s.modified) < startMs) delete seen[id];
	}
	const ids = Object.keys(seen);
	if (ids.length > maxSeen) {
		const at = (id: string) => {
			const s = read(seen[id]) as Seen;
			return s.submitted || s.modified;
		};
		const oldest = ids.sort((a, b) => at(a) - at(b));
		const forget = oldest.slice(0, ids.length - maxSeen);
		// Keep whole seconds together: the horizon is the first second still kept.
		const keepFrom = at(oldest[forget.length]);
		for (const id of oldest) {
			if (at(id) >= keepFrom) break;
			delete seen[id];
		}
		horizon = Math.max(horizon, keepFrom);
		state.floor = new Date(horizon).toISOString();
	}
	state.horizon = new Date(horizon).toISOString();
}
