import { NodeOperationError, type IDataObject } from 'n8n-workflow';

import { pageOrEnd, readRecords, statusOf, type ApiContext, type Link, type ListEnd } from '../../shared';
import { isPastTheEnd, skySlopeRequest } from '../transport';
import { kindOfFile } from './kinds';

/**
 * Reading a whole list of listings or sales, however long. The service gives 10 records a page and
 * pages 1 to 1000 only: a page past 1000 is refused with the same 422 as a page past the end, so a
 * list read by page number alone stops at 10,000 records with no error. The walk therefore reads
 * creation-date ranges (`earliestDate`/`latestDate`, unix seconds) that each stay under the limit:
 * once a range's first pages come full, its page 1000 is asked for; if that page is full too, the
 * range is split in two and each half walked the same way, the newer half first. Neighbouring
 * halves share their boundary second, so that a service whose bounds are inclusive, or exclusive at
 * either end, loses nothing; a record read twice there is given once.
 */

/** The list pages hold 10 records (spec 4.6). */
export const FILE_PAGE_SIZE = 10;

/** The highest `pageNumber` the live service takes (clients report 1 to 1000). */
export const MAX_PAGE = 1000;

/** Pages a range is read before its page 1000 is asked for: a list of 100 or fewer costs nothing more. */
export const PROBE_AFTER_PAGES = 10;

/** The live service's end of a list: the page after a full last page answers 422 (isPastTheEnd). */
export const FILE_LIST_END: ListEnd = { pageSize: FILE_PAGE_SIZE, is: isPastTheEnd };

const DAY_SECONDS = 24 * 3600;

/** A range of creation times in unix seconds, as the service's filters take them; undefined: open. */
export interface CreatedRange {
	earliest?: number;
	latest?: number;
}

/** Where a walk stands: the ranges still to read (the one being read first), and its next page. */
export interface FileWalk {
	ranges: CreatedRange[];
	page: number;
	/** Whether the range being read was found to fit under the page limit. */
	fits?: boolean;
	/** A picker's: the keys it gave last, not to be given again (see filesPage). */
	shown?: string[];
}

export interface FilePage {
	records: IDataObject[];
	/** The walk after this page; undefined when the list has been read to its end. */
	next?: FileWalk;
}

/** The start of a walk over the range the user asked for. */
const startWalk = (range: CreatedRange = {}): FileWalk => ({ ranges: [range], page: 1 });

/**
 * The next page of a link-less answer: the page number one higher, while the page was full. An
 * answer with links decides by its `next` link alone.
 */
function pageByNumber(qs: IDataObject, count: number): Link[] | undefined {
	if (count < FILE_PAGE_SIZE) return undefined;
	const key = Object.keys(qs).find((k) => k.toLowerCase() === 'pagenumber') ?? 'pageNumber';
	const current = Number(qs[key]);
	const query = new URLSearchParams();
	for (const [k, v] of Object.entries(qs)) if (k !== key && v !== undefined) query.set(k, String(v));
	query.set(key, String(Number.isSafeInteger(current) && current > 0 ? current + 1 : 2));
	return [{ rel: 'next', href: `?${query.toString()}` }];
}

const stamp = (seconds: number) => new Date(seconds * 1000).toISOString();

/**
 * The two halves of a range that filled the page limit, the newer first; undefined when it spans
 * two seconds or less and cannot be split. An open end stays open: the older half of a range open
 * below reaches back to records with no creation date, the newer half of one open above takes
 * records created while the walk goes on.
 */
function splitRange(range: CreatedRange, nowSeconds: number): [CreatedRange, CreatedRange] | undefined {
	const low = range.earliest ?? 0;
	const high = range.latest ?? Math.max(low, nowSeconds) + DAY_SECONDS;
	if (high - low < 2) return undefined;
	const middle = Math.floor((low + high) / 2);
	return [
		{ earliest: middle, latest: range.latest },
		{ earliest: range.earliest, latest: middle },
	];
}

export interface WalkOptions {
	kind: 'listing' | 'sale';
	/** The filters besides the dates (agent, creator), sent with every page. */
	filters: IDataObject;
	operation: string;
	itemIndex?: number;
	/**
	 * How many records are wanted (readLimit): Infinity for the whole list. Only for the whole list
	 * is a range probed at its page 1000 and split; a Limit (at most 10,000 records) stays on the
	 * first pages of the whole range.
	 */
	limit: number;
	/** Full pages of a range read before its page 1000 is asked for (PROBE_AFTER_PAGES by default). */
	probeAfterPages?: number;
}

function rangeQuery(range: CreatedRange): IDataObject {
	const qs: IDataObject = {};
	if (range.earliest !== undefined) qs.earliestDate = range.earliest;
	if (range.latest !== undefined) qs.latestDate = range.latest;
	return qs;
}

/**
 * One page of a list, read through the node's transport: its records and links, or undefined at
 * the live service's end of a list (a 422 past the end, asked for only after a full page).
 */
async function readPage(
	ctx: ApiContext,
	options: WalkOptions,
	qs: IDataObject,
	afterFullPage: boolean,
): Promise<{ records: IDataObject[]; links?: Link[] } | undefined> {
	const path = options.kind === 'listing' ? '/api/files/listings' : '/api/files/sales';
	const envelope = await pageOrEnd(
		async () => await skySlopeRequest.call(ctx, { method: 'GET', path, qs, itemIndex: options.itemIndex }),
		FILE_LIST_END,
		afterFullPage ? FILE_PAGE_SIZE : undefined,
	);
	if (!envelope) return undefined;
	const records = readRecords(ctx, envelope.value, {
		...kindOfFile(options.kind),
		operation: options.operation,
		itemIndex: options.itemIndex,
		status: statusOf(envelope),
	});
	return { records, links: (envelope.links as Link[] | undefined) ?? pageByNumber(qs, records.length) };
}

/** The walk after the range being read is done: the next range from its first page, or the end. */
const nextRange = (walk: FileWalk): FileWalk | undefined =>
	walk.ranges.length > 1 ? { ranges: walk.ranges.slice(1), page: 1 } : undefined;

function tooDense(ctx: ApiContext, options: WalkOptions, range: CreatedRange): NodeOperationError {
	const low = range.earliest === undefined ? 'the beginning' : stamp(range.earliest);
	const high = range.latest === undefined ? 'now' : stamp(range.latest);
	return new NodeOperationError(
		ctx.getNode(),
		`More than ${MAX_PAGE * FILE_PAGE_SIZE} ${options.kind}s were created between ${low} and ${high}: SkySlope gives at most ${MAX_PAGE} pages of ${FILE_PAGE_SIZE}, and no narrower creation-date range can be asked for, so the rest of them cannot be read`,
		{
			itemIndex: options.itemIndex,
			description:
				'Nothing was output, rather than a list cut short. Narrow the list with the Agent or Created By filter, or read these files with Bulk Export. If the account has fewer files than that, SkySlope is not filtering by earliestDate/latestDate: tell SkySlope support.',
		},
	);
}

/**
 * One step of a walk: the records of its next page (none when the step only learnt that a range
 * must be split), and the walk after it.
 */
export async function walkStep(ctx: ApiContext, walk: FileWalk, options: WalkOptions): Promise<FilePage> {
	const range = walk.ranges[0];
	const qs = { ...options.filters, ...rangeQuery(range) };
	const split = (): FilePage => {
		const halves = splitRange(range, Math.floor(Date.now() / 1000));
		if (!halves) throw tooDense(ctx, options, range);
		return { records: [], next: { ranges: [...halves, ...walk.ranges.slice(1)], page: 1 } };
	};
	let fits = walk.fits === true || Number.isFinite(options.limit);
	if (!fits && walk.page > (options.probeAfterPages ?? PROBE_AFTER_PAGES)) {
		// The range's first pages came full: its page 1000 says whether it holds more than 10,000.
		const last = await readPage(ctx, options, { ...qs, pageNumber: MAX_PAGE }, true);
		if (last && last.records.length >= FILE_PAGE_SIZE) return split();
		fits = true;
	}
	// The first page goes without a page number, as the service's own links and earlier versions send it.
	const read = await readPage(ctx, options, walk.page > 1 ? { ...qs, pageNumber: walk.page } : qs, walk.page > 1);
	if (!read) return { records: [], next: nextRange(walk) };
	const full = read.records.length >= FILE_PAGE_SIZE;
	const linksNext = read.links ? read.links.some((l) => l.rel?.toLowerCase() === 'next') : full;
	// Page 1000 came full although the range was thought to fit (it grew while being read).
	if (full && walk.page >= MAX_PAGE) return { records: read.records, next: split().next };
	if (full && linksNext) return { records: read.records, next: { ranges: walk.ranges, page: walk.page + 1, fits } };
	return { records: read.records, next: nextRange(walk) };
}

/** A record's identity in a walk: its GUID; a record without one is never taken for another. */
export const fileKey = (kind: 'listing' | 'sale', record: IDataObject): string | undefined => {
	const guid = record[`${kind}Guid`];
	return typeof guid === 'string' && guid ? guid.toLowerCase() : undefined;
};

/**
 * A whole walk, or its first `limit` records: every record once, in the service's order within a
 * range, newer ranges first.
 */
export async function walkFiles(ctx: ApiContext, range: CreatedRange, options: WalkOptions): Promise<IDataObject[]> {
	const { limit } = options;
	const out: IDataObject[] = [];
	const seen = new Set<string>();
	let walk: FileWalk | undefined = startWalk(range);
	while (walk && out.length < limit) {
		const page: FilePage = await walkStep(ctx, walk, options);
		for (const record of page.records) {
			const key = fileKey(options.kind, record);
			if (key !== undefined) {
				if (seen.has(key)) continue;
				seen.add(key);
			}
			out.push(record);
		}
		walk = page.next;
	}
	return out.slice(0, limit);
}
