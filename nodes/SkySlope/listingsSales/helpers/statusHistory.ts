import { NodeOperationError, type IDataObject, type IPollFunctions } from 'n8n-workflow';

import { serviceTime } from '../../shared';
import { historyBudget } from '../../shared/pollRuntime';
import { readExport, readWindow } from './exportReads';
import { summaryCounts } from './exportSummary';
import { fileGuid, fileType, StatusBook } from './statusBook';
import { eventTime, selectEvents, statusChange, windowStart, type TriggerState } from './triggerState';

/**
 * Status Changed: a status change is known only by comparing every file's status with the last one
 * seen, so the trigger keeps a book of them (statusBook.ts). The first poll begins the read of every
 * file's status, the history; each later poll reads the changes since the last one first, then
 * creation-year slices of the history, newest first, within its time budget.
 */

/** Where the history starts: one slice before 2000, then a year each. */
const BOOK_FIRST_YEAR = 2000;
/** The slice that holds every file created before BOOK_FIRST_YEAR, however old or empty its date. */
const BEFORE_FIRST_YEAR = BOOK_FIRST_YEAR - 1;
/**
 * The last step of the history: the account's own count of its files against the book's. A file
 * whose creation date falls in no slice (one ahead of every clock, say) is then read with all the others.
 */
const EVERY_FILE = 0;
/** Later than any creation date the service can hold: the account check's slice ends here. */
const END_OF_TIME = '9999-12-31T23:59:59.999Z';

/**
 * The files a poll reads of the history before it leaves the next slice to the next poll (it reads
 * one slice at least). What n8n's memory rises by while a poll runs follows what the poll parses,
 * not what the book keeps (bench/RESULTS.md, figure 20).
 */
export const HISTORY_FILES_PER_POLL = 15_000;

/** The slices of the history, newest first: one a creation year to now, then all before 2000, then the account check. */
function historySlices(now: number): number[] {
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
function sliceDates(year: number, newestYear: number): { createdAfter?: string; createdBefore: string } {
	if (year === EVERY_FILE) return { createdBefore: END_OF_TIME };
	if (year === BEFORE_FIRST_YEAR) return { createdBefore: new Date(Date.UTC(BOOK_FIRST_YEAR, 0, 1) - 1).toISOString() };
	const end = year >= newestYear ? END_OF_TIME : new Date(Date.UTC(year + 1, 0, 1) - 1).toISOString();
	return { createdAfter: new Date(Date.UTC(year, 0, 1)).toISOString(), createdBefore: end };
}

/** Where a slice's files were created, in words. */
function sliceWords(slice: { createdAfter?: string; createdBefore: string }): string {
	if (slice.createdBefore === END_OF_TIME) return slice.createdAfter ? `files created from ${slice.createdAfter} on` : 'every file';
	return `files created ${slice.createdAfter ? `${slice.createdAfter} to ` : 'up to '}${slice.createdBefore}`;
}

/**
 * The state a Status Changed poll goes on from. A state this version left mid-way passes as it is;
 * any other begins the history (`begun`), carrying what it knew until the history is read, so that
 * a file it knew in another status is compared with that:
 * - none, or another event's: a new watch, from now;
 * - an earlier version's (`statuses`: the last status of the files it saw change): kept as it is;
 * - a book of other File Types, or one whose history has an earlier version's shape (no `unread`
 *   list): that book, kept as `earlier` (or the `earlier` it still carried);
 * its cursor and seen keys go on: the changes since its cursor are read from the next poll on.
 */
function statusState(stored: TriggerState, types: string[], now: number): { state: TriggerState; begun: boolean } {
	// A watch begun on n8n's clock (`ourClock`) goes on as it is: its first window dates it on the service's.
	const readable = StatusBook.fits(stored.book, types) && (!stored.history || Array.isArray(stored.history.unread));
	if (readable) return { state: stored, begun: false };
	const earlier = stored.earlier ?? (stored.book && Array.isArray(stored.book.types) ? stored.book : undefined);
	return {
		begun: true,
		state: {
			event: 'statusChanged',
			cursor: stored.cursor ?? new Date(now).toISOString(),
			seen: stored.seen ?? {},
			book: new StatusBook(types).toData(),
			bookSince: new Date(now).toISOString(),
			...(stored.cursor ? {} : { ourClock: true }),
			history: { unread: historySlices(now) },
			...(earlier ? { earlier } : {}),
			...(stored.statuses ? { statuses: stored.statuses } : {}),
		},
	};
}

/**
 * How many files of these types the account holds, by its export's summary alone (no file is sent):
 * what the book must hold once the history is read.
 */
async function accountTotal(ctx: IPollFunctions, types: string[]): Promise<number> {
	const read = { qs: { type: 'summary', createdBefore: END_OF_TIME }, types: [], where: "the account's count of its files", again: 'it' };
	const summary = await readExport(ctx, read, () => undefined);
	const { counts, unreadable } = summary ? summaryCounts(summary, types) : { counts: {}, unreadable: types };
	if (!summary || unreadable.length) {
		throw new NodeOperationError(ctx.getNode(), `The account's count of its files cannot be read: ${summary ? `the summary has no number of ${unreadable.join(' or ')}s` : 'the export came without its summary'}`, {
			description: `What came: ${JSON.stringify(summary ?? null).slice(0, 300)}. The next poll asks again.`,
		});
	}
	return types.reduce((sum, t) => sum + counts[t], 0);
}

/**
 * Reads one slice of the history into the book. History fires nothing: a file the book already
 * holds (a change window read it) is left as the book has it, and a file changed since
 * `changedFrom` is left for the next change window, which compares it. Only a file an earlier state
 * knew in another status (`earlier`) is returned as an event: it changed while that state was not
 * looking.
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
	const slice = sliceDates(options.year, options.newestYear);
	const where = sliceWords(slice);
	const changed: IDataObject[] = [];
	let files = 0;
	let unfollowable: { object: IDataObject; type: string } | undefined;
	await readExport(ctx, { qs: { type: [...types, 'summary'].join(','), ...slice }, types, where, again: 'this slice' }, (object, type) => {
		const guid = fileGuid(object);
		if (!guid) {
			unfollowable = { object, type };
			return false;
		}
		files++;
		if (book.get(type, guid) !== undefined) return true;
		const earlier = options.earlier(type, guid);
		if (earlier !== undefined) {
			book.set(type, guid, earlier);
			const change = statusChange(book, object, options.targets);
			if (change) changed.push(change);
		} else if (eventTime('changedSale', object) < options.changedFrom) {
			book.set(type, guid, String(object.status ?? ''));
		}
		return true;
	});
	if (unfollowable) {
		const { object, type } = unfollowable;
		throw new NodeOperationError(ctx.getNode(), `A ${type} of the export (${where}) has no ${type}Guid: its status cannot be followed`, {
			description: `Keys of the object: ${Object.keys(object).slice(0, 20).join(', ')}. Tell SkySlope support.`,
		});
	}
	return { changed, files };
}

/**
 * One poll of Status Changed. The first poll (an activation: n8n bounds its time) makes no request:
 * it begins the history. Each later poll reads the changes since the last one first, then slices of
 * the history, newest first, within its time budget and HISTORY_FILES_PER_POLL; each slice read is
 * kept. A change is compared with the book; a file whose slice was not read yet when it changed
 * comes out with `previousStatusUnknown`.
 */
export async function pollStatusChanged(
	ctx: IPollFunctions,
	options: { types: string[]; targets: string[]; state: TriggerState; budgetMs: number; late?: { state: TriggerState; items: IDataObject[] } },
): Promise<{ state: TriggerState; emit: IDataObject[] }> {
	const { types, targets } = options;
	const startedAt = Date.now();
	const { state, begun } = statusState(options.state, types, startedAt);
	if (begun) return { state, emit: [] };

	const book = StatusBook.from(state.book as NonNullable<TriggerState['book']>);
	// Read again from before a late poll: the statuses it read stand, but for the files of the items
	// it kept, which this read reports afresh (pollRuntime.ts, the read again).
	const late = options.late;
	if (late && late.state.event === 'statusChanged' && StatusBook.fits(late.state.book, types)) {
		const kept = late.items.flatMap((item) => {
			const type = fileType(item);
			const guid = fileGuid(item);
			return type && guid ? [{ type, guid }] : [];
		});
		book.carryFrom(StatusBook.from(late.state.book), kept);
	}
	const earlierBook = state.earlier ? StatusBook.from(state.earlier) : undefined;
	const earlierStatuses = state.statuses ?? {};
	const reading = state.history !== undefined;
	const earlier = (type: string, guid: string) => (reading ? (earlierBook?.get(type, guid) ?? earlierStatuses[guid]) : undefined);

	const window = await readWindow(ctx, { types, since: windowStart(state) as Date, by: 'modified' });
	if (state.ourClock) {
		// The watch began on n8n's clock: on the service's, it began as far before as the service runs behind.
		const since = serviceTime(state.bookSince);
		if (since !== undefined) state.bookSince = new Date(since - window.behindMs).toISOString();
		delete state.ourClock;
	}
	const { emit, state: next } = selectEvents({ event: 'statusChanged', objects: window.objects, state, now: window.now, targetStatuses: targets, book, earlier });

	if (state.history) {
		const unread = [...state.history.unread];
		const budget = historyBudget(options.budgetMs);
		// What changed since the next window's start is that window's to compare, not history.
		const changedFrom = (windowStart(next) as Date).getTime();
		const newestYear = new Date(serviceTime(state.bookSince) ?? startedAt).getUTCFullYear();
		// At least one slice a poll, more while the budget and HISTORY_FILES_PER_POLL last.
		let files = 0;
		for (let n = 0; unread.length && (n === 0 || (Date.now() - startedAt < budget && files < HISTORY_FILES_PER_POLL)); n++) {
			const year = unread[0];
			// The account check: a book short of the account's count reads every file once.
			if (year !== EVERY_FILE || book.size < (await accountTotal(ctx, types))) {
				const slice = await readSlice(ctx, { types, year, newestYear, book, targets, changedFrom, earlier });
				emit.push(...slice.changed);
				files += slice.files;
			}
			unread.shift();
		}
		// What the earlier state knew is kept until the history is read.
		if (unread.length) Object.assign(next, { history: { unread }, ...(state.earlier ? { earlier: state.earlier } : {}), ...(state.statuses ? { statuses: state.statuses } : {}) });
		next.book = book.toData();
	}
	return { state: next, emit };
}
