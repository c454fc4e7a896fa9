import type { IDataObject } from 'n8n-workflow';

import { serviceTime } from '../../shared/dates';
import type { Offer } from './offers';

/**
 * What the SkySlope Offers Trigger keeps in the workflow's static data between polls. Plain JSON,
 * bounded: `seen` holds only offers that a later poll can still read, at most MAX_SEEN of them.
 */
export interface OffersTriggerState extends IDataObject {
	/** Which watch the state belongs to (scope and agent): another watch starts from scratch. */
	key?: string;
	/** When the last poll read up to (ISO 8601 UTC). Absent before the first poll. */
	cursor?: string;
	/** Offers forgotten before this moment (ISO 8601): an unseen offer older than it is not new. */
	horizon?: string;
	/** OfferId -> [OfferVersionNumber, ModificationTimestamp ms, OfferSubmissionDate ms]. */
	seen?: { [offerId: string]: number[] };
}

export const MAX_SEEN = 5000;

export type OfferEvent = 'new' | 'updated';

function version(offer: Offer): number {
	const v = Number(offer.OfferTerms?.OfferVersionNumber);
	return Number.isFinite(v) ? v : 0;
}

const time = (value: unknown): number => (typeof value === 'string' ? serviceTime(value) : undefined) ?? 0;

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
 * when never seen (and not older than the horizon); updated when its OfferVersionNumber is higher,
 * or the same with a later ModificationTimestamp. Each (offer, version, timestamp) is reported once.
 * With `record only` (the first poll of a watch) nothing is reported.
 */
export function diffOffers(
	state: OffersTriggerState,
	offers: Offer[],
	options: { includeUpdates: boolean; recordOnly?: boolean },
): Array<{ offer: Offer; event: OfferEvent }> {
	const seen = (state.seen ??= {});
	const horizon = time(state.horizon);
	const out: Array<{ offer: Offer; event: OfferEvent }> = [];
	for (const offer of [...offers].sort(byModification)) {
		const id = typeof offer.OfferId === 'string' || typeof offer.OfferId === 'number' ? String(offer.OfferId) : '';
		if (!id) continue;
		const entry = [version(offer), time(offer.ModificationTimestamp), time(offer.OfferSubmissionDate)];
		const previous = seen[id];
		let event: OfferEvent | undefined;
		if (!previous) {
			// Unseen: new, unless it was submitted before what we already forgot (an old offer
			// that changed and so came back into view).
			event = horizon && entry[2] && entry[2] < horizon ? 'updated' : 'new';
		} else if (entry[0] > previous[0] || (entry[0] === previous[0] && entry[1] > previous[1])) {
			event = 'updated';
		} else {
			continue;
		}
		seen[id] = entry;
		if (options.recordOnly) continue;
		if (event === 'updated' && !options.includeUpdates) continue;
		out.push({ offer, event });
	}
	return out;
}

/**
 * Forgets offers that no later poll can read (submitted and modified before `beforeMs`), then the
 * oldest ones beyond MAX_SEEN, moving the horizon up to what was forgotten.
 */
export function pruneSeen(state: OffersTriggerState, beforeMs: number, maxSeen = MAX_SEEN): void {
	const seen = (state.seen ??= {});
	let horizon = time(state.horizon);
	for (const [id, entry] of Object.entries(seen)) {
		if (Math.max(entry[1] ?? 0, entry[2] ?? 0) < beforeMs) {
			delete seen[id];
			horizon = Math.max(horizon, beforeMs);
		}
	}
	const ids = Object.keys(seen);
	if (ids.length > maxSeen) {
		const oldest = ids.sort((a, b) => Math.max(seen[a][1], seen[a][2]) - Math.max(seen[b][1], seen[b][2]));
		for (const id of oldest.slice(0, ids.length - maxSeen)) {
			horizon = Math.max(horizon, seen[id][2] + 1);
			delete seen[id];
		}
	}
	if (horizon) state.horizon = new Date(horizon).toISOString();
}
