import {
	NodeOperationError,
	type IDataObject,
	type IExecuteFunctions,
	type INodeExecutionData,
	type INodeProperties,
} from 'n8n-workflow';

import { checkEnum, checkInt, checkString, defineOperation, filtersField, inputError, toIsoDateTime } from '../../../shared';
import { ExportStreamError, parseExportStream } from '../../helpers/exportStreamParser';
import { notWhole } from '../../helpers/exportSummary';
import { EXPORT_STATUSES, EXPORT_STATUS_OPTIONS } from '../../helpers/statuses';
import { skySlopeStream } from '../../transport';

const DATE_FILTERS: Array<[string, string, string]> = [
	['createdAfter', 'Created After', 'Files created at or after this moment'],
	['createdBefore', 'Created Before', 'Files created at or before this moment'],
	['modifiedAfter', 'Modified After', 'Files changed at or after this moment'],
	['modifiedBefore', 'Modified Before', 'Files changed at or before this moment'],
	['closedAfter', 'Closed After', 'Sales closed at or after this moment'],
	['closedBefore', 'Closed Before', 'Sales closed at or before this moment'],
];

const title = (s: string) => s.replace(/([A-Z])/g, ' $1').replace(/^./, (c) => c.toUpperCase());

const DAY = 24 * 3600 * 1000;
/** Slices of a sliced export: enough for 20 years in slices of a week, far fewer than a month's requests. */
const MAX_SLICES = 1100;

const properties: INodeProperties[] = [
	{
		displayName:
			'Without a date filter the service returns only files created in the last 7 days. Add a Created, Modified or Closed filter to export older files.',
		name: 'sevenDayNotice',
		type: 'notice',
		default: '',
	},
	{
		displayName: 'File Types',
		name: 'types',
		type: 'multiOptions',
		options: [
			{ name: 'Listing', value: 'listing' },
			{ name: 'Sale', value: 'sale' },
		],
		default: ['listing', 'sale'],
		description: 'Which files to export, one item each',
	},
	{
		displayName: 'Statuses',
		name: 'statuses',
		type: 'multiOptions',
		options: EXPORT_STATUS_OPTIONS,
		default: [],
		description: 'Only files in these statuses; none picked means every status',
	},
	{
		displayName: 'Include Summary',
		name: 'includeSummary',
		type: 'boolean',
		default: false,
		description: 'Whether to output the summary object (counts of sales, listings and users) as the first item',
	},
	filtersField([
		...DATE_FILTERS.map(
			([name, displayName, description]): INodeProperties => ({
				displayName,
				name,
				type: 'dateTime',
				default: '',
				description,
			}),
		),
		{
			displayName: 'Email',
			name: 'email',
			type: 'string',
			placeholder: 'e.g. agent@example.com',
			default: '',
			description: 'Only files with this email',
		},
		{
			displayName: 'Property Address',
			name: 'propertyAddress',
			type: 'string',
			placeholder: 'e.g. Main St',
			default: '',
			description: 'Only files whose property address contains this text',
		},
	]),
	{
		displayName: 'Options',
		name: 'options',
		type: 'collection',
		placeholder: 'Add option',
		default: {},
		options: [
			{
				displayName: 'Slice (Days)',
				name: 'sliceDays',
				type: 'number',
				typeOptions: { minValue: 1 },
				default: 30,
				description:
					'Export a long history as one request per slice of this many days of creation dates, from Created After to Created Before (or now): each slice a smaller answer the service streams in full, each checked against its summary, every file output once',
			},
		],
	},
];

function exportQuery(ctx: IExecuteFunctions, itemIndex: number): { qs: IDataObject; types: string[] } {
	const types = (ctx.getNodeParameter('types', itemIndex, []) as string[]).map((t) =>
		checkEnum(ctx, 'File Types', t, ['listing', 'sale'] as const, itemIndex),
	);
	if (types.length === 0) {
		throw inputError(ctx, 'File Types', itemIndex, 'is empty', 'Pick listings, sales or both.');
	}
	const statuses = (ctx.getNodeParameter('statuses', itemIndex, []) as string[]).map((s) =>
		checkEnum(ctx, 'Statuses', s, EXPORT_STATUSES, itemIndex),
	);
	const filters = ctx.getNodeParameter('filters', itemIndex, {}) as IDataObject;
	// The summary is always asked for: its counts tell a complete export from a truncated one.
	const qs: IDataObject = { type: [...types, 'summary'].join(',') };
	if (statuses.length) qs.status = statuses.join(',');
	for (const [name, displayName] of DATE_FILTERS) {
		if (filters[name]) qs[name] = toIsoDateTime(ctx, `Filters: ${displayName}`, filters[name], itemIndex);
	}
	for (const kind of ['created', 'modified', 'closed']) {
		const after = qs[`${kind}After`];
		const before = qs[`${kind}Before`];
		if (typeof after === 'string' && typeof before === 'string' && Date.parse(after) > Date.parse(before)) {
			throw inputError(ctx, `Filters: ${title(kind)} After`, itemIndex, `is later than ${title(kind)} Before`);
		}
	}
	for (const name of ['email', 'propertyAddress']) {
		if (filters[name]) qs[name] = checkString(ctx, `Filters: ${title(name)}`, filters[name], itemIndex, { maxLength: 500 });
	}
	return { qs, types };
}

/**
 * The queries of a sliced export: Created After to Created Before (or now) cut into slices of
 * `sliceDays`, each slice's Created Before one millisecond short of the next slice's start.
 */
function sliceQueries(ctx: IExecuteFunctions, qs: IDataObject, sliceDays: unknown, itemIndex: number): IDataObject[] {
	const days = checkInt(ctx, 'Options: Slice (Days)', sliceDays, itemIndex, { min: 1, max: 3660 });
	if (typeof qs.createdAfter !== 'string') {
		throw inputError(ctx, 'Filters: Created After', itemIndex, 'is needed to export in slices: slices cut the creation dates from there');
	}
	const from = Date.parse(qs.createdAfter);
	const to = typeof qs.createdBefore === 'string' ? Date.parse(qs.createdBefore) : Date.now();
	const count = Math.max(1, Math.ceil((to - from + 1) / (days * DAY)));
	if (count > MAX_SLICES) {
		throw inputError(ctx, 'Options: Slice (Days)', itemIndex, `makes ${count} slices of this range; pick at least ${Math.ceil((to - from + 1) / (MAX_SLICES * DAY))} days`);
	}
	return Array.from({ length: count }, (_, i) => {
		const start = from + i * days * DAY;
		const end = Math.min(start + days * DAY - 1, to);
		return { ...qs, createdAfter: new Date(start).toISOString(), createdBefore: new Date(end).toISOString() };
	});
}

/**
 * One export request, read to its end: the summary and the files of the types asked for (anything
 * else the stream carries is passed on too). A stream that breaks off, or ends short of what its
 * summary announced, fails the item: a partial export must never look complete.
 */
async function exportOnce(
	ctx: IExecuteFunctions,
	qs: IDataObject,
	types: string[],
	itemIndex: number,
	slice: IDataObject | undefined,
): Promise<{ summary?: IDataObject; files: IDataObject[] }> {
	const stream = await skySlopeStream.call(ctx, { method: 'GET', path: '/api/files', qs, itemIndex });
	const files: IDataObject[] = [];
	const received = { listing: 0, sale: 0 };
	let summary: IDataObject | undefined;
	let failure: ExportStreamError | undefined;
	const where = slice ? ` (the slice created ${String(slice.createdAfter)} to ${String(slice.createdBefore)})` : '';
	try {
		for await (const object of parseExportStream(stream)) {
			const type = object.objectType;
			if (type === 'summary') {
				summary = object;
				continue;
			}
			if (type === 'listing' || type === 'sale') {
				// Only the types asked for, whatever else the stream carries.
				if (!types.includes(type)) continue;
				received[type]++;
			}
			files.push(object);
		}
	} catch (error) {
		if (!(error instanceof ExportStreamError)) {
			throw new NodeOperationError(ctx.getNode(), error as Error, { itemIndex });
		}
		failure = error;
	}
	if (failure) {
		throw new NodeOperationError(ctx.getNode(), `${failure.message}${where}`, {
			itemIndex,
			description: 'The connection closed before the export was complete. Run the node again.',
		});
	}
	const problem = notWhole(types, summary, received);
	if (problem) {
		throw new NodeOperationError(ctx.getNode(), `The export stream${where} ${problem}`, {
			itemIndex,
			description: "The export's summary says how many files it holds; this answer is not known to be whole. Run the node again.",
		});
	}
	return { summary, files };
}

/**
 * Streams the bulk export: the body is read chunk by chunk and parsed object by object, so memory
 * holds the output items and one object in progress, never the body.
 */
export default defineOperation({
	value: 'export',
	name: 'Export',
	action: 'Export listings and sales',
	toolDescription:
		'Use only when every listing and sale is needed at once (a full export; slow, and limited to once in seven days by the service). Returns one record per listing or sale.',
	description: 'Stream every listing and sale the user can see, with filters, one item per file',
	properties,
	async execute(this: IExecuteFunctions, itemIndex: number) {
		const includeSummary = this.getNodeParameter('includeSummary', itemIndex, false) as boolean;
		const { qs, types } = exportQuery(this, itemIndex);
		const options = this.getNodeParameter('options', itemIndex, {}) as IDataObject;
		const slices = options.sliceDays === undefined ? [qs] : sliceQueries(this, qs, options.sliceDays, itemIndex);
		const items: INodeExecutionData[] = [];
		const total = { numberOfListings: 0, numberOfSales: 0 };
		let firstSummary: IDataObject | undefined;
		// A file on the edge of two slices comes in both: it is output once.
		const seen = new Set<string>();
		for (const sliceQs of slices) {
			const { summary, files } = await exportOnce(this, sliceQs, types, itemIndex, slices.length > 1 ? sliceQs : undefined);
			if (summary) {
				firstSummary ??= summary;
				total.numberOfListings += Number(summary.numberOfListings ?? 0);
				total.numberOfSales += Number(summary.numberOfSales ?? 0);
			}
			for (const file of files) {
				const guid = file.objectType === 'sale' ? file.saleGuid : file.objectType === 'listing' ? file.listingGuid : undefined;
				if (typeof guid === 'string' && slices.length > 1) {
					const key = `${String(file.objectType)}:${guid}`;
					if (seen.has(key)) continue;
					seen.add(key);
				}
				items.push({ json: file, pairedItem: { item: itemIndex } });
			}
		}
		if (includeSummary && firstSummary) {
			const summary = slices.length > 1 ? { ...firstSummary, ...total, slices: slices.length } : firstSummary;
			items.unshift({ json: summary, pairedItem: { item: itemIndex } });
		}
		return items;
	},
});
