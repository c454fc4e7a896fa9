import { createHash } from 'crypto';
import fc from 'fast-check';

import type { Offer } from '../../nodes/SkySlope/offers/helpers/offers';
import { diffOffers, MAX_SEEN, pruneSeen, RECORD_LENGTH, type OffersTriggerState } from '../../nodes/SkySlope/offers/helpers/triggerState';
import { recordedCount, unrecorded } from './recorded';

/** The baseline's read, as the node makes it: what the watch holds from before it began (here 2027, after every change below). */
const BASELINE = { includeUpdates: true, baselineSince: Date.parse('2027-01-01T00:00:00Z') };

const T0 = Date.parse('2026-03-01T00:00:00Z');
const DAY = 24 * 3600 * 1000;

function offer(id: string, version: number, modifiedMs: number, submittedMs = T0): Offer {
	return {
		OfferId: id,
		OfferSubmissionDate: new Date(submittedMs).toISOString(),
		ModificationTimestamp: new Date(modifiedMs).toISOString(),
		OfferTerms: { OfferVersionNumber: version },
	};
}

describe('offers trigger state', () => {
	it('records without reporting on the first poll, then reports new offers once', () => {
		const state: OffersTriggerState = {};
		expect(diffOffers(state, [offer('a', 1, T0), offer('b', 2, T0)], BASELINE)).toEqual([]);
		const second = diffOffers(state, [offer('a', 1, T0), offer('b', 2, T0), offer('c', 1, T0 + 5)], {
			includeUpdates: true,
		});
		expect(second.map((x) => [x.offer.OfferId, x.event])).toEqual([['c', 'new']]);
		expect(diffOffers(state, [offer('c', 1, T0 + 5)], { includeUpdates: true })).toEqual([]);
	});

	it('reports an update for a higher version or a later timestamp, once each, only when asked', () => {
		const state: OffersTriggerState = {};
		diffOffers(state, [offer('a', 1, T0)], BASELINE);
		const v2 = diffOffers(state, [offer('a', 2, T0 + 1000)], { includeUpdates: true });
		expect(v2.map((x) => x.event)).toEqual(['updated']);
		expect(diffOffers(state, [offer('a', 2, T0 + 1000)], { includeUpdates: true })).toEqual([]);
		const touched = diffOffers(state, [offer('a', 2, T0 + 2000)], { includeUpdates: true });
		expect(touched.map((x) => x.event)).toEqual(['updated']);
		// An older copy (a stale replica) is never news.
		expect(diffOffers(state, [offer('a', 1, T0 + 9000)], { includeUpdates: true })).toEqual([]);

		const quiet: OffersTriggerState = {};
		diffOffers(quiet, [offer('a', 1, T0)], { ...BASELINE, includeUpdates: false });
		expect(diffOffers(quiet, [offer('a', 2, T0 + 1000)], { includeUpdates: false })).toEqual([]);
		// Remembered all the same: switching updates on later does not replay version 2.
		expect(diffOffers(quiet, [offer('a', 2, T0 + 1000)], { includeUpdates: true })).toEqual([]);
	});

	it('reports the same version changed without a new stamp, and reads the first versions\' state', () => {
		const state: OffersTriggerState = {};
		const a = offer('a', 1, T0);
		diffOffers(state, [a], BASELINE);
		// Read again in another key order: the same offer, nothing to report.
		const reordered = { OfferTerms: { OfferVersionNumber: 1 }, ModificationTimestamp: a.ModificationTimestamp, OfferSubmissionDate: a.OfferSubmissionDate, OfferId: 'a' };
		expect(diffOffers(state, [reordered], { includeUpdates: true })).toEqual([]);
		const countered = { ...a, OfferTerms: { OfferVersionNumber: 1, OfferStatus: 'Countered' } };
		expect(diffOffers(state, [countered], { includeUpdates: true }).map((x) => x.event)).toEqual(['updated']);
		expect(diffOffers(state, [countered], { includeUpdates: true })).toEqual([]);

		// A state kept by the first versions: [version, modified ms, submitted ms].
		const old: OffersTriggerState = { seen: { a: [1, T0, T0] } };
		expect(diffOffers(old, [a], { includeUpdates: true })).toEqual([]);
		expect(diffOffers(old, [offer('a', 2, T0 + 1000)], { includeUpdates: true }).map((x) => x.event)).toEqual(['updated']);
	});

	it('reports oldest first', () => {
		const state: OffersTriggerState = { seen: {} };
		const found = diffOffers(state, [offer('late', 1, T0 + 3000), offer('early', 1, T0 + 1000)], {
			includeUpdates: false,
		});
		expect(found.map((x) => x.offer.OfferId)).toEqual(['early', 'late']);
	});

	it('forgets offers no later poll can read, and stays under its bound (MAX_SEEN)', () => {
		const state: OffersTriggerState = {};
		// 10 offers submitted before the period's start, then MAX_SEEN + 20 in it, a minute apart.
		const START = T0 + 10 * DAY;
		const before = Array.from({ length: 10 }, (_, i) => offer(`b${i}`, 1, T0 + i * DAY, T0 + i * DAY));
		const inPeriod = Array.from({ length: MAX_SEEN + 20 }, (_, i) => offer(`o${i}`, 1, START + i * 60_000, START + i * 60_000));
		diffOffers(state, [...before, ...inPeriod], BASELINE);
		pruneSeen(state, START);
		// The MAX_SEEN newest kept, and no other: the 10 before the start and the 20 oldest of the period go.
		expect(recordedCount(state)).toBe(MAX_SEEN);
		expect(unrecorded(state, inPeriod.slice(20))).toEqual([]);
		// Packed: RECORD_LENGTH characters an offer.
		expect((state.book as string).length).toBe(MAX_SEEN * RECORD_LENGTH);
		expect(Date.parse(state.horizon as string)).toBeGreaterThan(START + 19 * 60_000);
		// An offer submitted before the horizon is outside the watch: a later read of it reports nothing
		// (neither "new" nor "updated": the trigger cannot tell what changed), and is not kept.
		const back = diffOffers(state, [offer('o3', 2, T0 + 60 * DAY, START + 3 * 60_000), offer('b3', 2, T0 + 60 * DAY, T0 + 3 * DAY)], { includeUpdates: true });
		expect(back).toEqual([]);
		pruneSeen(state, START);
		expect(recordedCount(state)).toBe(MAX_SEEN);
		expect(state.floor).toBe(state.horizon);
		expect(JSON.parse(JSON.stringify(state))).toEqual(state);
	});

	it('keeps its book sorted by key and searches it where it lies; a book an earlier version wrote in another order reads the same', () => {
		const state: OffersTriggerState = {};
		const offers = Array.from({ length: 2000 }, (_, i) => offer(`p${i}`, 1, T0 + i * 1000, T0 + i * 1000));
		// Recorded over several polls, each ending in a written book.
		for (let from = 0; from < offers.length; from += 500) {
			diffOffers(state, offers.slice(from, from + 500), BASELINE);
			pruneSeen(state, T0 - DAY);
		}
		const book = state.book as string;
		const keys = book.match(/.{34}/g)!.map((r) => r.slice(0, 12));
		expect(keys).toHaveLength(2000);
		expect(keys).toEqual([...keys].sort());
		// The same records in the order an earlier version wrote them (the order it recorded them in).
		const shuffled = book.match(/.{34}/g)!.reverse().join('');
		const earlier: OffersTriggerState = { ...state, book: shuffled };
		expect(unrecorded(earlier, offers)).toEqual([]);
		expect(diffOffers(earlier, offers, { includeUpdates: true })).toEqual([]);
		const changed = offer('p1234', 2, T0 + DAY, T0 + 1234 * 1000);
		expect(diffOffers(earlier, [changed, offer('new', 1, T0 + DAY, T0 + DAY)], { includeUpdates: true }).map((x) => [x.offer.OfferId, x.event])).toEqual([
			['p1234', 'updated'],
			['new', 'new'],
		]);
		pruneSeen(earlier, T0 - DAY);
		expect(recordedCount(earlier)).toBe(2001);
		const rewritten = (earlier.book as string).match(/.{34}/g)!.map((r) => r.slice(0, 12));
		expect(rewritten).toEqual([...rewritten].sort());
		expect(diffOffers(earlier, [changed], { includeUpdates: true })).toEqual([]);
	});
});

describe("an offer's fingerprint", () => {
	/** The canonical text as the first release wrote it: every stored book's fingerprints come from it. */
	const firstForm = (value: unknown): string => {
		if (Array.isArray(value)) return `[${value.map(firstForm).join(',')}]`;
		if (value && typeof value === 'object') {
			const entries = Object.entries(value).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
			return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${firstForm(v)}`).join(',')}}`;
		}
		return JSON.stringify(value) ?? 'null';
	};
	const recordOf = (o: Offer) => {
		const state: OffersTriggerState = {};
		diffOffers(state, [o], BASELINE);
		pruneSeen(state, 0);
		const key = createHash('sha256').update(String(o.OfferId)).digest().subarray(0, 9).toString('base64url');
		const at = String(state.book).indexOf(key);
		expect(at % RECORD_LENGTH).toBe(0);
		return String(state.book).slice(at + RECORD_LENGTH - 6, at + RECORD_LENGTH);
	};
	const expected = (o: Offer) => createHash('sha256').update(firstForm(o)).digest().subarray(0, 6).toString('base64url').slice(0, 6);

	it('is the one earlier releases recorded, for any content (stored books stay valid: an offer does not read as changed after an upgrade)', () => {
		const content = fc.dictionary(fc.oneof(fc.string(), fc.constantFrom('10', '9', '0', '01', 'a', 'B', 'é', '4294967295', '__proto__', 'constructor')), fc.jsonValue({ maxDepth: 3 }), { maxKeys: 8 });
		fc.assert(
			fc.property(content, (extra) => {
				const o = { ...extra, ...offer('x', 1, T0) } as Offer;
				expect(recordOf(o)).toBe(expected(o));
			}),
			{ numRuns: 300 },
		);
	});

	it('reads the same whatever the key order, integer-like keys, undefined values and a Date included', () => {
		const a = { ...offer('y', 2, T0), Terms: { '10': 1, '9': [2, { b: 1, a: undefined }], z: null } } as unknown as Offer;
		const b = { Terms: { z: null, '9': [2, { a: undefined, b: 1 }], '10': 1 }, ...offer('y', 2, T0) } as unknown as Offer;
		expect(recordOf(a)).toBe(expected(a));
		expect(recordOf(b)).toBe(recordOf(a));
		const dated = { ...offer('z', 1, T0), At: new Date(T0) } as unknown as Offer;
		expect(recordOf(dated)).toBe(expected(dated));
	});

	it('holds a key named __proto__ as the first form did, and a change inside it changes the fingerprint (issue 61, 4)', () => {
		// As the service's JSON would bring it: an own property named __proto__.
		const withKey = (inner: number) => JSON.parse(JSON.stringify(offer('p', 1, T0)).replace(/^\{/, `{"__proto__":{"Amount":${inner}},`)) as Offer;
		expect(Object.keys(withKey(1))).toContain('__proto__');
		expect(recordOf(withKey(1))).toBe(expected(withKey(1)));
		expect(recordOf(withKey(2))).not.toBe(recordOf(withKey(1)));
	});
});
