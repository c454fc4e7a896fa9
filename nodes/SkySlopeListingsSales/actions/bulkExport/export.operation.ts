import {
	NodeOperationError,
	type IDataObject,
	type IExecuteFunctions,
	type INodeExecutionData,
	type INodeProperties,
} from 'n8n-workflow';

import { checkEnum, checkString, defineOperation, filtersField, inputError, toIsoDateTime } from '../../../shared';
import { ExportStreamError, parseExportStream } from '../../helpers/exportStreamParser';
import { skySlopeStream } from '../../transport';

export const EXPORT_STATUSES = [
	'active',
	'pending',
	'closed',
	'incomplete',
	'expired',
	'canceledPending',
	'canceledApproved',
	'archived',
] as const;

const DATE_FILTERS: Array<[string, string, string]> = [
	['createdAfter', 'Created After', 'Files created at or after this moment'],
	['createdBefore', 'Created Before', 'Files created at or before this moment'],
	['modifiedAfter', 'Modified After', 'Files changed at or after this moment'],
	['modifiedBefore', 'Modified Before', 'Files changed at or before this moment'],
	['closedAfter', 'Closed After', 'Sales closed at or after this moment'],
	['closedBefore', 'Closed Before', 'Sales closed at or before this moment'],
];

const title = (s: string) => s.replace(/([A-Z])/g, ' $1').replace(/^./, (c) => c.toUpperCase());

const properties: INodeProperties[] = [
	{
		displayName:
			'Without a date filter the service returns only files created in the last 7 days. Add a Created, Modified or Closed filter to export older files.',
		name: 'sevenDayNotice',
		type: 'notice',
		default: '',
	},
	{
		displayName: 'Types',
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
		options: EXPORT_STATUSES.map((s) => ({ name: title(s), value: s })),
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
];

function exportQuery(ctx: IExecuteFunctions, itemIndex: number): { qs: IDataObject; types: string[] } {
	const types = (ctx.getNodeParameter('types', itemIndex, []) as string[]).map((t) =>
		checkEnum(ctx, 'Types', t, ['listing', 'sale'] as const, itemIndex),
	);
	if (types.length === 0) {
		throw new NodeOperationError(ctx.getNode(), 'Types: pick listings, sales or both', { itemIndex });
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
		const stream = await skySlopeStream.call(this, { method: 'GET', path: '/api/files', qs, itemIndex });
		const items: INodeExecutionData[] = [];
		const received = { listing: 0, sale: 0 };
		let summary: IDataObject | undefined;
		let failure: ExportStreamError | undefined;
		try {
			for await (const object of parseExportStream(stream)) {
				const type = object.objectType;
				if (type === 'summary') {
					summary = object;
					if (includeSummary) items.push({ json: object, pairedItem: { item: itemIndex } });
					continue;
				}
				if (type === 'listing' || type === 'sale') {
					// Only the types asked for, whatever else the stream carries.
					if (!types.includes(type)) continue;
					received[type]++;
				}
				items.push({ json: object, pairedItem: { item: itemIndex } });
			}
		} catch (error) {
			if (!(error instanceof ExportStreamError)) {
				throw new NodeOperationError(this.getNode(), error as Error, { itemIndex });
			}
			failure = error;
		}
		if (failure) {
			throw new NodeOperationError(this.getNode(), failure.message, {
				itemIndex,
				description: 'The connection closed before the export was complete. Run the node again.',
			});
		}
		if (summary) {
			const expected = {
				listing: types.includes('listing') ? Number(summary.numberOfListings ?? 0) : 0,
				sale: types.includes('sale') ? Number(summary.numberOfSales ?? 0) : 0,
			};
			if (received.listing < expected.listing || received.sale < expected.sale) {
				throw new NodeOperationError(
					this.getNode(),
					`The export stream ended early: ${received.listing} of ${expected.listing} listings and ${received.sale} of ${expected.sale} sales arrived`,
					{ itemIndex, description: 'The summary at the start of the export announced more files. Run the node again.' },
				);
			}
		}
		return items;
	},
});
