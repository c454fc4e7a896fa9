import type { IDataObject } from 'n8n-workflow';

import { dateWindows } from '../../shared/paging';
import { p } from '../../shared/path';
import { readRecordIfAny, readRecords } from '../../shared/records';
import type { ApiContext } from '../../shared/transport';
import { MAX_PAGE_SIZE, MAX_RANGE_DAYS } from '../service';
import { offersRequest } from '../transport';
import { OFFER } from './kinds';

/** An offer as the service sends it (spec 2.1); only the fields the node reads are named. */
export interface Offer extends IDataObject {
	OfferId: string;
	ModificationTimestamp?: string;
	OfferSubmissionDate?: string;
	OfferProperty?: IDataObject;
	OfferTerms?: IDataObject;
}

/** A bound against a service that never stops answering full pages (10,000 pages of one window). */
const MAX_PAGES_PER_WINDOW = 10_000;

export interface OfferRangeOptions {
	start: Date;
	end: Date;
	/** Stop once this many offers were collected (after the filter); undefined reads everything. */
	limit?: number;
	/** Keep only offers on listings of this agent (OfferProperty.OfferAgentId). */
	agentId?: string;
	itemIndex?: number;
}

/** One page of GET /ext/offers/ for a range the service accepts (at most MAX_RANGE_DAYS). */
export async function offersPage(
	this: ApiContext,
	window: { start: Date; end: Date },
	page: number,
	itemIndex?: number,
): Promise<Offer[]> {
	const body = await offersRequest.call(this, {
		method: 'GET',
		path: '/ext/offers/',
		qs: {
			startDate: window.start.toISOString(),
			endDate: window.end.toISOString(),
			page,
			pageSize: MAX_PAGE_SIZE,
		},
		itemIndex,
	});
	// Spec 4: an array of offers, 204 when none; any other shape the reader knows, else a loud error.
	return readRecords(this, body, { ...OFFER, operation: 'Get many offers', itemIndex, emptyMeansNone: true }) as Offer[];
}

/**
 * Every offer submitted in [start, end], however long the range: it is split into consecutive
 * 31-day windows, each read page by page with the largest page, and an offer that two windows
 * share (their common edge) is kept once, by OfferId.
 *
 * The spec names no maximum pageSize, so a service that silently answers fewer than asked must not
 * end the window early: a window ends on an empty page (204), on a page shorter than the largest
 * one seen in it, or on a page with nothing new (a service that ignores `page`).
 */
export async function listOffersInRange(this: ApiContext, options: OfferRangeOptions): Promise<Offer[]> {
	const { start, end, limit, agentId, itemIndex } = options;
	const seen = new Set<string>();
	const out: Offer[] = [];
	const full = () => limit !== undefined && out.length >= limit;
	for (const window of dateWindows(start, end, MAX_RANGE_DAYS)) {
		let largest = 0;
		for (let page = 1; page <= MAX_PAGES_PER_WINDOW && !full(); page++) {
			const records = await offersPage.call(this, window, page, itemIndex);
			let fresh = 0;
			for (const offer of records) {
				if (!offer || typeof offer !== 'object') continue;
				const id = String(offer.OfferId ?? '');
				if (id && seen.has(id)) continue;
				if (id) seen.add(id);
				fresh++;
				if (agentId !== undefined && offerAgentId(offer) !== agentId) continue;
				out.push(offer);
				if (full()) break;
			}
			if (records.length === 0 || fresh === 0 || records.length < largest) break;
			largest = Math.max(largest, records.length);
		}
		if (full()) break;
	}
	return limit !== undefined ? out.slice(0, limit) : out;
}

export function offerAgentId(offer: Offer): string | undefined {
	const id = offer.OfferProperty?.OfferAgentId;
	return typeof id === 'string' ? id : undefined;
}

/** GET /ext/offer/{offerId}, in whatever wrapping it comes; undefined on 204 ("nothing"). */
export async function getOffer(this: ApiContext, offerId: string, itemIndex?: number): Promise<Offer | undefined> {
	const body = await offersRequest.call(this, { method: 'GET', path: p`/ext/offer/${offerId}`, itemIndex });
	return readRecordIfAny(this, body, {
		...OFFER,
		operation: 'Get an offer',
		itemIndex,
		emptyMeansNone: true,
		pick: (offer) => offer.OfferId === offerId,
	}) as Offer | undefined;
}
