import {
	NodeOperationError,
	type IDataObject,
	type INodeExecutionData,
	type INodeType,
	type INodeTypeDescription,
	type IPollFunctions,
} from 'n8n-workflow';

import { byName, serviceTime, triggerEvents, triggerNodeDescription } from '../shared';
import { exclusivePoll, historyBudgetMs } from '../shared/trigger';
import { EXPORT_STATUSES } from './actions/bulkExport/export.operation';
import { ExportStreamError, parseExportStream } from './helpers/exportStreamParser';
import { notWhole, summaryCounts } from './helpers/exportSummary';
import { fileGuid, fileType, StatusBook } from './helpers/statusBook';
import {
	eventTime,
	isNewEvent,
	selectEvents,
	statusChange,
	windowStart,
	type TriggerEvent,
	type TriggerState,
} from './helpers/triggerState';
import { statusWanted } from './helpers/statuses';
import { listingsSalesNode } from './SkySlopeListingsSales.node';
import { skySlopeStream } from './transport';

const DAY = 24 * 3600 * 1000;

/** How far behind ours the service's clock may be before its time is taken for a zone misread. */
const MAX_CLOCK_SKEW_MS = 15 * 60 * 1000;

/** Where the first read of every file's status starts: one slice before 2000, then a year each. */
const BOOK_FIRST_YEAR = 2000;

/** How far back a manual test run looks for a sample. */
const SAMPLE_DAYS = [30, 365];

const title = (s: string) => s.replace(/([A-Z])/g, ' $1').replace(/^./, (c) => c.toUpperCase());

interface Window {
	objects: IDataObject[];
	/** Where the next window starts (less the overlap): see readWindow. */
	now: string;
	/** How far the service's clock is behind this machine's (0 when unknown or too far off). */
	behindMs: number;
}

/**
 * One bulk-export window: files of the given types created (or modified) since a moment, read
 * from the stream object by object.
 */
async function readWindow(
	ctx: IPollFunctions,
	options: { types: string[]; since: Date; by: 'created' | 'modified'; statuses?: string[] },
): Promise<Window> {
	const qs: IDataObject = {
		type: [...options.types, 'summary'].join(','),
		[options.by === 'created' ? 'createdAfter' : 'modifiedAfter']: options.since.toISOString(),
	};
	if (options.statuses?.length) qs.status = options.statuses.join(',');
	// The next window starts at this machine's clock before the request. The service's own time of
	// it (the summary's createdOn, read as UTC) only corrects a service clock a little behind ours;
	// a summary hours away is a zone misread, not a clock, and is ignored: a window starting hours
	// late would never see those changes, one starting hours early would emit old records again.
	const requestedAt = Date.now();
	const stream = await skySlopeStream.call(ctx, { method: 'GET', path: '/api/files', qs });
	const objects: IDataObject[] = [];
	let now = requestedAt;
	let failure: string | undefined;
	let summary: IDataObject | undefined;
	try {
		for await (const object of parseExportStream(stream)) {
			if (object.objectType === 'summary') {
				summary = object;
				const serviceNow = serviceTime(object.createdOn);
				if (serviceNow !== undefined && serviceNow < requestedAt && requestedAt - serviceNow <= MAX_CLOCK_SKEW_MS) {
					now = serviceNow;
				}
			} else if (options.types.includes(String(object.objectType))) objects.push(object);
		}
	} catch (error) {
		failure = error instanceof ExportStreamError ? error.message : String(error);
	}
	if (failure !== undefined) {
		// Nothing is emitted and the cursor stays: the next poll reads the same window again.
		throw new NodeOperationError(ctx.getNode(), failure, {
			description: 'The export stream broke off; the next poll reads the same window again.',
		});
	}
	const where = `files ${options.by} after ${options.since.toISOString()}`;
	const received: Record<string, number> = { listing: 0, sale: 0 };
	for (const object of objects) received[String(object.objectType)]++;
	checkAgainstSummary(ctx, { types: options.types, summary, received, where, again: 'the same window' });
	return { objects, now: new Date(now).toISOString(), behindMs: requestedAt - now };
}

/**
 * An export read is whole only as its summary says (exportSummary.ts): one that is not fails the
 * poll, which keeps its cursor; the next poll reads the same again.
 */
function checkAgainstSummary(
	ctx: IPollFunctions,
	o: { types: string[]; summary: IDataObject | undefined; received: Record<string, number>; where: string; again: string },
): void {
	const problem = notWhole(o.types, o.summary, o.received);
	if (problem) {
		throw new NodeOperationError(ctx.getNode(), `The export of ${o.where} ${problem}`, {
			description: `The export's summary says how many files it holds. The next poll reads ${o.again} again.`,
		});
	}
}

/**
 * The files a poll reads of the history before it leaves the next slice to the next poll (it reads
 * one slice at least). What n8n's memory rises by while a poll runs follows what the poll parses,
 * not what the book keeps: at 150,000 files, five creation years in one poll raised it by 119 MB,
 * 15,000 files by 31 MB (bench/RESULTS.md, figure 20).
 */
export const HISTORY_FILES_PER_POLL = 15_000;

/** The slice that holds every file created before BOOK_FIRST_YEAR, however old or empty its date. */
const BEFORE_FIRST_YEAR = BOOK_FIRST_YEAR - 1;
/**
 * The last step of the history: the account's own count of its files against the book's. A file
 * whose creation date falls in no slice (one ahead of every clock, say) is then read with all the others.
 */
const EVERY_FILE = 0;
/** Later than any creation date the service can hold: the account check's slice ends here. */
const END_OF_TIME = '9999-12-31T23:59:59.999Z';

/** The slices of the read of every file, newest first: one a creation year to now, then all before 2000, then the account check. */
export function bookYears(now: number): number[] {
	const years: number[] = [];
	for (let year = new Date(now).getUTCFullYear(); year >= BOOK_FIRST_YEAR; year--) years.push(year);
	years.push(BEFORE_FIRST_YEAR, EVERY_FILE);
	return years;
}

/**
 * The creation dates of one slice. The oldest has no start: files from before 1970 and files whose
 * creation date is empty (the service writes `0001-01-01T00:00:00`) fall in it. The newest (the
 * year the history began in, `newestYear`) has no end: a service clock ahead of ours loses nothing,
 * and a file dated ahead of every clock (a mistyped year) is read with it.
 */
export function bookSlice(year: number, newestYear: number): { createdAfter?: string; createdBefore: string } {
	if (year === EVERY_FILE) return { createdBefore: END_OF_TIME };
	if (year === BEFORE_FIRST_YEAR) return { createdBefore: new Date(Date.UTC(BOOK_FIRST_YEAR, 0, 1) - 1).toISOString() };
	const end = year >= newestYear ? END_OF_TIME : new Date(Date.UTC(year + 1, 0, 1) - 1).toISOString();
	return { createdAfter: new Date(Date.UTC(year, 0, 1)).toISOString(), createdBefore: end };
}

/** The creation-date slices of the read of every file, oldest first (the account check not among them). */
export function bookSlices(now: number): Array<{ createdAfter?: string; createdBefore: string }> {
	return bookYears(now)
		.filter((year) => year !== EVERY_FILE)
		.reverse()
		.map((year) => bookSlice(year, new Date(now).getUTCFullYear()));
}

/** Where a slice's files were created, in words. */
function sliceWords(slice: { createdAfter?: string; createdBefore: string }): string {
	if (slice.createdBefore === END_OF_TIME) return slice.createdAfter ? `files created from ${slice.createdAfter} on` : 'every file';
	return `files created ${slice.createdAfter ? `${slice.createdAfter} to ` : 'up to '}${slice.createdBefore}`;
}

/**
 * How many files of these types the account holds, by its export's summary alone (no file is sent):
 * what the book must hold once the history is read.
 */
async function accountTotal(ctx: IPollFunctions, types: string[]): Promise<number> {
	const stream = await skySlopeStream.call(ctx, { method: 'GET', path: '/api/files', qs: { type: 'summary', createdBefore: END_OF_TIME } });
	let summary: IDataObject | undefined;
	try {
		for await (const object of parseExportStream(stream)) if (object.objectType === 'summary') summary = object;
	} catch (error) {
		throw new NodeOperationError(ctx.getNode(), `${error instanceof ExportStreamError ? error.message : String(error)} (the account's count of its files)`, {
			description: 'The export stream broke off while the trigger asked for the number of files; the next poll asks again.',
		});
	}
	const { counts, unreadable } = summary ? summaryCounts(summary, types) : { counts: {}, unreadable: types };
	if (!summary || unreadable.length) {
		throw new NodeOperationError(ctx.getNode(), `The account's count of its files cannot be read: ${summary ? `the summary has no number of ${unreadable.join(' or ')}s` : 'the export came without its summary'}`, {
			description: `What came: ${JSON.stringify(summary ?? null).slice(0, 300)}. The next poll asks again.`,
		});
	}
	return types.reduce((sum, t) => sum + counts[t], 0);
}

/**
 * Reads one creation-year slice of every file's status into the book, streamed object by object:
 * memory holds the book, never the files. History fires nothing: a file the book already holds
 * (a change window read it) is left as the book has it, and a file changed since `changedFrom` is
 * left for the next change window, which compares it. Only a file an earlier state knew in another
 * status (`earlier`) is returned as an event: it changed while that state was not looking. The slice
 * must bring what its summary announced; a stream that breaks off or ends short fails the poll.
 */
async function readSlice(
	ctx: IPollFunctions,
	options: {
		types: string[];
		year: number;
		/** The year the history began in: its slice has no end. */
		newestYear: number;
		book: StatusBook;
		targets: string[];
		changedFrom: number;
		earlier: (type: string, guid: string) => string | undefined;
	},
): Promise<{ changed: IDataObject[]; files: number }> {
	const { types, book } = options;
	const slice = bookSlice(options.year, options.newestYear);
	const where = sliceWords(slice);
	const stream = await skySlopeStream.call(ctx, { method: 'GET', path: '/api/files', qs: { type: [...types, 'summary'].join(','), ...slice } });
	const changed: IDataObject[] = [];
	const received: Record<string, number> = { listing: 0, sale: 0 };
	let summary: IDataObject | undefined;
	let unfollowable: IDataObject | undefined;
	let failure: string | undefined;
	try {
		for await (const object of parseExportStream(stream)) {
			if (object.objectType === 'summary') {
				summary = object;
				continue;
			}
			const type = fileType(object);
			if (!type || !types.includes(type)) continue;
			const guid = fileGuid(object);
			if (!guid) {
				unfollowable = object;
				break;
			}
			received[type]++;
			if (book.get(type, guid) !== undefined) continue;
			const earlier = options.earlier(type, guid);
			if (earlier !== undefined) {
				book.set(type, guid, earlier);
				const change = statusChange(book, object, options.targets);
				if (change) changed.push(change);
			} else if (eventTime('changedSale', object) < options.changedFrom) {
				book.set(type, guid, String(object.status ?? ''));
			}
		}
	} catch (error) {
		failure = error instanceof ExportStreamError ? error.message : String(error);
	}
	if (failure !== undefined) {
		throw new NodeOperationError(ctx.getNode(), `${failure} (${where})`, {
			description: 'The export stream broke off while the trigger read the status of every file; the next poll reads this slice again.',
		});
	}
	if (unfollowable) {
		const type = String(unfollowable.objectType);
		throw new NodeOperationError(ctx.getNode(), `A ${type} of the export (${where}) has no ${type}Guid: its status cannot be followed`, {
			description: `Keys of the object: ${Object.keys(unfollowable).slice(0, 20).join(', ')}. Tell SkySlope support.`,
		});
	}
	checkAgainstSummary(ctx, { types, summary, received, where, again: 'this slice' });
	return { changed, files: received.listing + received.sale };
}

/**
 * One poll of Status Changed. The first poll (an activation: n8n bounds its time) makes no request:
 * it starts the read of every file's status, the history. Each later poll reads the changes since
 * the last one first, then creation-year slices of the history, newest first, within its time
 * budget; each slice read is kept. A change is compared with the book; a file whose slice was not
 * read yet when it changed comes out with `previousStatusUnknown`.
 */
async function pollStatusChanged(
	ctx: IPollFunctions,
	options: { types: string[]; targets: string[]; state: TriggerState },
): Promise<{ state: TriggerState; emit: IDataObject[] }> {
	const { types, targets, state } = options;
	const startedAt = Date.now();
	if (!state.book || !StatusBook.fits(state.book, types) || (state.history && !Array.isArray(state.history.unread))) {
		// The first poll, or one after File Types changed, or after an earlier version of this node.
		// What an earlier state knew is kept until the history is read: a file it knew in another
		// status changed meanwhile. The changes since its cursor are read from the next poll on.
		const earlier = state.earlier ?? (state.book && Array.isArray(state.book.types) ? state.book : undefined);
		return {
			state: {
				event: 'statusChanged',
				cursor: state.cursor ?? new Date(startedAt).toISOString(),
				seen: state.seen ?? {},
				book: new StatusBook(types).toData(),
				bookSince: new Date(startedAt).toISOString(),
				history: { unread: bookYears(startedAt) },
				...(earlier ? { earlier } : {}),
				...(state.statuses ? { statuses: state.statuses } : {}),
			},
			emit: [],
		};
	}
	const book = StatusBook.from(state.book);
	const earlierBook = state.earlier ? StatusBook.from(state.earlier) : undefined;
	const earlierStatuses = state.statuses ?? {};
	const reading = state.history !== undefined;
	const earlier = (type: string, guid: string) => (reading ? (earlierBook?.get(type, guid) ?? earlierStatuses[guid]) : undefined);

	const window = await readWindow(ctx, { types, since: windowStart(state) as Date, by: 'modified' });
	const { emit, state: next } = selectEvents({ event: 'statusChanged', objects: window.objects, state, now: window.now, targetStatuses: targets, book, earlier });

	if (state.history) {
		const unread = [...state.history.unread];
		const budget = historyBudgetMs(ctx);
		// What changed since the next window's start is that window's to compare, not history.
		const changedFrom = (windowStart(next) as Date).getTime();
		// At least one slice a poll, more while the budget and HISTORY_FILES_PER_POLL last.
		let files = 0;
		for (let n = 0; unread.length && (n === 0 || (Date.now() - startedAt < budget && files < HISTORY_FILES_PER_POLL)); n++) {
			const year = unread[0];
			// The account check: a book short of the account's count reads every file once.
			if (year !== EVERY_FILE || book.size < (await accountTotal(ctx, types))) {
				const newestYear = new Date(serviceTime(state.bookSince) ?? startedAt).getUTCFullYear();
				const slice = await readSlice(ctx, { types, year, newestYear, book, targets, changedFrom, earlier });
				emit.push(...slice.changed);
				files += slice.files;
			}
			unread.shift();
		}
		if (unread.length) Object.assign(next, { history: { unread }, ...(state.earlier ? { earlier: state.earlier } : {}), ...(state.statuses ? { statuses: state.statuses } : {}) });
		next.book = book.toData();
	}
	return { state: next, emit };
}

const events = triggerEvents(
	[
		{ name: 'Changed Listing', value: 'changedListing', description: 'A listing was created or changed' },
		{ name: 'Changed Sale', value: 'changedSale', description: 'A sale was created or changed' },
		{ name: 'New Listing', value: 'newListing', description: 'A listing was created' },
		{ name: 'New Sale', value: 'newSale', description: 'A sale was created' },
		{
			name: 'Status Changed',
			value: 'statusChanged',
			description: 'A listing or sale moved to another status (e.g. a sale closed)',
		},
	],
	'newListing',
);

export class SkySlopeListingsSalesTrigger implements INodeType {
	description: INodeTypeDescription = {
		...triggerNodeDescription(listingsSalesNode, {
			description: 'Starts a workflow when SkySlope listings or sales are created, changed, or change status',
			properties: [
				events.field,
				{
					displayName: 'File Types',
					name: 'fileTypes',
					type: 'multiOptions',
					default: ['listing', 'sale'],
					options: [
						{ name: 'Listing', value: 'listing' },
						{ name: 'Sale', value: 'sale' },
					],
					displayOptions: { show: { event: ['statusChanged'] } },
					description: 'Whose status changes start the workflow',
				},
				{
					displayName: 'Statuses',
					name: 'statuses',
					type: 'multiOptions',
					default: [],
					options: byName(EXPORT_STATUSES.map((s) => ({ name: title(s), value: s }))),
					description:
						'Only files in these statuses (for a status change: the status moved to); none picked means any status. A status matches however SkySlope writes it (Closed or closed, Canceled/App or Canceled Approved); a status not listed here (e.g. Transaction) passes only when none is picked.',
				},
			],
		}),
		icon: { light: 'file:skySlopeListingsSales.svg', dark: 'file:skySlopeListingsSales.dark.svg' },
		subtitle: events.subtitle,
	};

	async poll(this: IPollFunctions): Promise<INodeExecutionData[][] | null> {
		const event = this.getNodeParameter('event') as TriggerEvent;
		const statuses = (this.getNodeParameter('statuses', []) as string[]).filter((s) =>
			(EXPORT_STATUSES as readonly string[]).includes(s),
		);
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

		return await exclusivePoll(this, 'SkySlope Listings & Sales Trigger', async (stored) => {
			const state: TriggerState = stored.event === event ? (stored as TriggerState) : {};
			if (event === 'statusChanged') {
				const { state: next, emit } = await pollStatusChanged(this, { types, targets: statuses, state });
				return { state: next as IDataObject, emit: this.helpers.returnJsonArray(emit) };
			}
			if (!state.cursor) {
				// The first poll (an activation, which n8n bounds in time) asks nothing: the watch begins now.
				const now = new Date().toISOString();
				return { state: { event, cursor: now, seen: {}, quietBefore: now }, emit: [] };
			}
			const window = await readWindow(this, { types, since: windowStart(state) as Date, by, statuses: serverStatuses });
			// What happened before the watch began (the next window reaches back) is recorded, not
			// emitted: no backlog flood. Its start read on the service's clock.
			const began = serviceTime(state.quietBefore);
			const { emit, state: next } = selectEvents({
				event,
				objects: window.objects,
				state,
				now: window.now,
				targetStatuses: statuses,
				recordBefore: began === undefined ? undefined : began - window.behindMs,
			});
			return { state: next as IDataObject, emit: this.helpers.returnJsonArray(emit) };
		});
	}
}
