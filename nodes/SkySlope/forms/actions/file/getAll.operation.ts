import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { checkEnum, checkString, defineOperation, filtersField, returnAllAndLimit, toIsoDateTime } from '../../../shared';
import { REPRESENTATION_TYPES, representationTypeOptions } from '../../helpers/fields';
import { FILE } from '../../helpers/kinds';
import { pagedRecords } from '../../helpers/paging';
import { sieveSortField, sieveSorts, sieveValue, type SieveSortField } from '../../helpers/sieve';

/** The fields of the file list item the service sorts by. */
const FILE_SORTS: SieveSortField[] = [
	{ name: 'Created Date', value: 'createddate' },
	{ name: 'Last Updated', value: 'lastupdated' },
	{ name: 'MLS Number', value: 'mlsnumber' },
	{ name: 'Name', value: 'name' },
	{ name: 'Status', value: 'status' },
];

function buildFilters(ctx: IExecuteFunctions, i: number, filters: IDataObject): string | undefined {
	const terms: string[] = [];
	if (filters.representationType) {
		terms.push(`representationtype==${checkEnum(ctx, 'Representation Type', filters.representationType, REPRESENTATION_TYPES, i)}`);
	}
	if (filters.name) terms.push(`name@=*${sieveValue(checkString(ctx, 'Name Contains', filters.name, i).trim())}`);
	if (filters.mlsNumber) terms.push(`mlsnumber==${sieveValue(checkString(ctx, 'MLS Number', filters.mlsNumber, i).trim())}`);
	if (filters.status) terms.push(`status==${sieveValue(checkString(ctx, 'Status', filters.status, i).trim())}`);
	if (filters.isArchived !== undefined && filters.isArchived !== '') {
		terms.push(`isarchived==${filters.isArchived === true || filters.isArchived === 'true' ? 'true' : 'false'}`);
	}
	if (filters.createdAfter) terms.push(`(createddate)>=${toIsoDateTime(ctx, 'Created After', filters.createdAfter, i)}`);
	if (filters.createdBefore) terms.push(`(createddate)<=${toIsoDateTime(ctx, 'Created Before', filters.createdBefore, i)}`);
	if (filters.updatedAfter) terms.push(`(lastupdated)>=${toIsoDateTime(ctx, 'Updated After', filters.updatedAfter, i)}`);
	if (filters.custom) terms.push(checkString(ctx, 'Custom Filter', filters.custom, i).trim());
	return terms.length ? terms.join(',') : undefined;
}

export default defineOperation({
	value: 'getAll',
	name: 'Get Many',
	action: 'Get many files',
	toolDescription:
		'Use to find SkySlope Forms files (a listing or transaction\'s paperwork) when you do not know the file ID, e.g. by representation type or creation date. Returns one record per file: id, name, type, status, address, dates.',
	description: 'List files, filtered and sorted',
	properties: [
		...returnAllAndLimit(),
		filtersField([
			{ displayName: 'Created After', name: 'createdAfter', type: 'dateTime', default: '' },
			{ displayName: 'Created Before', name: 'createdBefore', type: 'dateTime', default: '' },
			{
				displayName: 'Custom Filter',
				name: 'custom',
				type: 'string',
				default: '',
				placeholder: 'e.g. city==Sacramento',
				description:
					'A Sieve filter, added to the others: terms joined by commas, such as <code>state==CA,closingdate>=2025-01-01</code>',
			},
			{
				displayName: 'Is Archived',
				name: 'isArchived',
				type: 'boolean',
				default: false,
				description: 'Whether to return only archived files (on) or only files that are not archived (off)',
			},
			{ displayName: 'MLS Number', name: 'mlsNumber', type: 'string', default: '', placeholder: 'e.g. 224012345' },
			{
				displayName: 'Name Contains',
				name: 'name',
				type: 'string',
				default: '',
				placeholder: 'e.g. Main St',
				description: 'Text the file name contains (case-insensitive)',
			},
			{
				displayName: 'Representation Type',
				name: 'representationType',
				type: 'options',
				options: representationTypeOptions,
				default: 'Buyer',
			},
			{ displayName: 'Status', name: 'status', type: 'string', default: '', placeholder: 'e.g. pre-contract' },
			{ displayName: 'Updated After', name: 'updatedAfter', type: 'dateTime', default: '' },
		]),
		sieveSortField(FILE_SORTS, 'createddate'),
	],
	async execute(this: IExecuteFunctions, i: number) {
		const filters = this.getNodeParameter('filters', i, {}) as IDataObject;
		const sort = this.getNodeParameter('sort', i, {}) as IDataObject;
		const qs: IDataObject = {};
		const sieve = buildFilters(this, i, filters);
		if (sieve) qs.filters = sieve;
		const sorts = sieveSorts(this, i, sort, FILE_SORTS, 'createddate');
		if (sorts) qs.sorts = sorts;
		return await pagedRecords(this, i, '/files', { kind: FILE, operation: 'Get many files' }, qs);
	},
});
