import { NodeOperationError, type IDataObject, type IPollFunctions } from 'n8n-workflow';

import { serviceTime } from '../../shared';
import { skySlopeStream } from '../transport';
import { ExportStreamError, parseExportStream } from './exportStreamParser';
import { notWhole } from './exportSummary';
import { MAX_CLOCK_SKEW_MS } from './triggerState';
import { fileType } from './statusBook';

/** How far behind ours the service's clock may be before its time is taken for a zone misread. */

/** One read of the bulk export by the trigger. */
export interface ExportRead {
	qs: IDataObject;
	/** The file types whose objects are read and counted against the summary (none: the summary alone). */
	types: string[];
	/** What is read, in words, for an error: `files modified after …`. */
	where: string;
	/** What the next poll reads again after a failure: `the same window`, `this slice`. */
	again: string;
}

/**
 * The trigger's one reader of the bulk export: the stream, object by object (memory holds what
 * `onFile` keeps, never the export); its summary, returned; and the check that the read is whole
 * by that summary (exportSummary.ts). A stream that breaks off, ends short of what its summary
 * announced, or comes without one fails the poll naming the read, and the poll keeps nothing: the
 * next poll reads the same again. `onFile` answering false ends the read there, unchecked: the
 * caller fails the poll, saying why.
 */
export async function readExport(
	ctx: IPollFunctions,
	read: ExportRead,
	onFile: (object: IDataObject, type: string) => boolean | void,
): Promise<IDataObject | undefined> {
	const stream = await skySlopeStream.call(ctx, { method: 'GET', path: '/api/files', qs: read.qs });
	const received: Record<string, number> = { listing: 0, sale: 0 };
	let summary: IDataObject | undefined;
	try {
		for await (const object of parseExportStream(stream)) {
			if (object.objectType === 'summary') {
				summary = object;
				continue;
			}
			const type = fileType(object);
			if (!type || !read.types.includes(type)) continue;
			received[type]++;
			if (onFile(object, type) === false) return summary;
		}
	} catch (error) {
		throw new NodeOperationError(ctx.getNode(), `${error instanceof ExportStreamError ? error.message : String(error)} (${read.where})`, {
			description: `The export stream broke off; the next poll reads ${read.again} again.`,
		});
	}
	const problem = read.types.length ? notWhole(read.types, summary, received) : undefined;
	if (problem) {
		throw new NodeOperationError(ctx.getNode(), `The export of ${read.where} ${problem}`, {
			description: `The export's summary says how many files it holds. The next poll reads ${read.again} again.`,
		});
	}
	return summary;
}

export interface Window {
	objects: IDataObject[];
	/** Where the next window starts (less the overlap): see readWindow. */
	now: string;
	/** How far the service's clock is behind this machine's (0 when unknown or too far off). */
	behindMs: number;
}

/** One window of the export: files of the given types created (or modified) since a moment. */
export async function readWindow(
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
	const objects: IDataObject[] = [];
	const where = `files ${options.by} after ${options.since.toISOString()}`;
	const summary = await readExport(ctx, { qs, types: options.types, where, again: 'the same window' }, (object) => {
		objects.push(object);
	});
	// The summary is stamped as the service answers: how far its clock is behind ours is read against
	// when the answer came, not when it was asked (a slow answer would hide a clock behind), and the
	// next window starts at the service's time of the request.
	const receivedAt = Date.now();
	const serviceNow = serviceTime(summary?.createdOn);
	const behindMs = serviceNow !== undefined && serviceNow <= receivedAt && receivedAt - serviceNow <= MAX_CLOCK_SKEW_MS ? receivedAt - serviceNow : 0;
	return { objects, now: new Date(requestedAt - behindMs).toISOString(), behindMs };
}
