import { NodeOperationError, type IDataObject } from 'n8n-workflow';

import { serviceTime } from '../../shared/dates';
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
	/** Stop once this many offers were collected (after the filter; readLimit): Infinity reads everything. */
	limit: number;
	/** Keep only offers on listings of this agent (OfferProperty.OfferAgentId). */
	agentId?: string;
	itemIndex?: number;
	/**
	 * Counts the requests made (the trigger spends a budget of them), and carries what the service's
	 * pages were from read to read: `pageSize`, the longest page answered, or the size a page followed
	 * by another showed, and `pollMax`, the longest page of these reads so far. See listOffersInRange.
	 */
	pages?: { count: number; pageSize?: number; pollMax?: number };
	/**
	 * Takes each page's offers (those kept) as it arrives, instead of collecting them: a reader that
	 * needs only a little of each offer (the trigger) then holds one page at a time, not the range.
	 */
	eachPage?: (offers: Offer[]) => void;
}

const DAY_MS = 24 * 3600 * 1000;

/**
 * Days a window needs; it asks for one more. Both documents type startDate and endDate as dates
 * (`YYYY-MM-DD`) without saying whether endDate counts its own day: asking one day beyond the days
 * needed covers them under either reading, and 30 + 1 days stays within the 31-day limit under both.
 */
const DAYS_PER_WINDOW = MAX_RANGE_DAYS - 1;

/** A window of whole UTC days as the service is asked for it. */
export interface DayWindow {
	startDate: string;
	endDate: string;
}

/** The UTC day of a moment, as the service takes dates (`YYYY-MM-DD`). */
export const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/**
 * The whole-day windows covering [start, end]: each asks for at most DAYS_PER_WINDOW + 1 days, the
 * next starting on the last of them, so neighbours share one day (an offer there comes twice and is
 * kept once, by OfferId). No window reaches past the day after the range's last day: that one day
 * covers the last day whether or not the service counts endDate's own day, and nothing beyond it is
 * read and thrown away.
 */
function dayWindows(start: Date, end: Date): DayWindow[] {
	const first = Math.floor(start.getTime() / DAY_MS) * DAY_MS;
	const last = Math.floor(end.getTime() / DAY_MS) * DAY_MS;
	const windows: DayWindow[] = [];
	for (let from = first; from <= last; from += DAYS_PER_WINDOW * DAY_MS) {
		windows.push({ startDate: dayOf(from), endDate: dayOf(Math.min(from + DAYS_PER_WINDOW * DAY_MS, last + DAY_MS)) });
	}
	return windows;
}

/** One page of GET /ext/offers/ for a window of whole days the service accepts. */
async function offersPage(this: ApiContext, window: DayWindow, page: number, itemIndex?: number): Promise<Offer[]> {
	const body = await offersRequest.call(this, {
		method: 'GET',
		path: '/ext/offers/',
		qs: { startDate: window.startDate, endDate: window.endDate, page, pageSize: MAX_PAGE_SIZE },
		itemIndex,
	});
	// Spec 4: an array of offers, 204 when none; any other shape the reader knows, else a loud error.
	return readRecords(this, body, { ...OFFER, operation: 'Get many offers', itemIndex, emptyMeansNone: true }) as Offer[];
}

/**
 * Whether an offer was submitted in [startMs, endMs]: the service is asked for whole days, the
 * range may start and end within one. An offer without a readable submission date is kept: the
 * service chose it, and nothing here can tell otherwise.
 */
function submittedIn(offer: Offer, startMs: number, endMs: number): boolean {
	const at = serviceTime(offer.OfferSubmissionDate);
	return at === undefined || (at >= startMs && at <= endMs);
}

/**
 * Every offer submitted in [start, end], however long the range: it is split into windows of whole
 * days (dayWindows), each read page by page with the largest page; an offer that two windows share
 * is kept once, by OfferId, and one submitted outside [start, end] (the rest of the first and last
 * days) is left out.
 *
 * The spec names no maximum pageSize, so a service that silently answers fewer than asked must not
 * end the window early: a window ends only where the service says it ends, on an empty page (204)
 * or on a page shorter than the largest one seen in it. With `pages`, a page shorter than the page
 * size carried from earlier reads also ends it, unless it is as long as the longest page of these
 * reads so far: a service that lowered its page size answers every cut window with exactly its new
 * size, the longest page there is, so that window is read on, the next page shows the new size,
 * and nothing is lost (a cost of a request or two a poll, instead of one a window).
 * A page of offers already returned (neighbouring windows share a day; the order within a window is
 * not documented) is not the end. A page that repeats the one before it (a service that ignores
 * `page`), or a window that never ends, fails loudly: the rest of the window cannot be read.
 */
export async function listOffersInRange(this: ApiContext, options: OfferRangeOptions): Promise<Offer[]> {
	const { start, end, limit, agentId, itemIndex, pages, eachPage } = options;
	const seen = new Set<string>();
	const out: Offer[] = [];
	let handedOn = 0;
	const full = () => out.length + handedOn >= limit;
	const startMs = start.getTime();
	const endMs = end.getTime();
	const where = (window: DayWindow) => `the offers of ${window.startDate} to ${window.endDate}`;
	for (const window of dayWindows(start, end)) {
		let largest = 0;
		let previous = 0;
		let before = '';
		let ended = false;
		for (let page = 1; page <= MAX_PAGES_PER_WINDOW && !full(); page++) {
			if (pages) pages.count++;
			const records = await offersPage.call(this, window, page, itemIndex);
			const ids = records.map((offer) => String(offer?.OfferId ?? '')).join('\n');
			if (page > 1 && records.length && ids === before) {
				throw new NodeOperationError(
					this.getNode(),
					`SkySlope Offers answered page ${page} of ${where(window)} with the same ${records.length} offers as page ${page - 1}: the rest of the window cannot be read`,
					{ itemIndex, description: 'The service seems not to take the page number. Tell SkySlope support; a shorter date range may hold fewer offers than a page.' },
				);
			}
			before = ids;
			const kept = out.length;
			for (const offer of records) {
				if (!offer || typeof offer !== 'object') continue;
				const id = String(offer.OfferId ?? '');
				if (id && seen.has(id)) continue;
				if (id) seen.add(id);
				if (!submittedIn(offer, startMs, endMs)) continue;
				if (agentId !== undefined && offerAgentId(offer) !== agentId) continue;
				out.push(offer);
				if (full()) break;
			}
			if (eachPage) {
				const page = out.splice(kept);
				handedOn += page.length;
				eachPage(page);
			}
			const pollMax = pages?.pollMax ?? 0;
			const hint = pages?.pageSize ?? 0;
			if (pages) {
				// The longest page answered is taken for the page size, until a page followed by another
				// shows the size it was (a service may lower it).
				pages.pageSize = page > 1 && records.length ? previous : Math.max(hint, records.length);
				pages.pollMax = Math.max(pollMax, records.length);
			}
			if (records.length === 0 || records.length < largest || (hint > 0 && records.length < hint && records.length < pollMax)) {
				ended = true;
				break;
			}
			largest = Math.max(largest, records.length);
			previous = records.length;
		}
		if (full()) break;
		if (!ended) {
			throw new NodeOperationError(this.getNode(), `SkySlope Offers did not end ${where(window)} within ${MAX_PAGES_PER_WINDOW} pages`, {
				itemIndex,
				description: 'Every page was full. Read a shorter date range, or tell SkySlope support.',
			});
		}
	}
	return out.slice(0, limit);
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
