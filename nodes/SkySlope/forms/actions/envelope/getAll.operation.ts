import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { checkString, defineOperation, filtersField, p, returnAllAndLimit, toIsoDateTime } from '../../../shared';
import { fileLocator } from '../../helpers/fields';
import { ENVELOPE } from '../../helpers/kinds';
import { pagedRecords } from '../../helpers/paging';
import { fileIdOf } from '../../helpers/parameters';
import { sieveSortField, sieveSorts, sieveValue, type SieveSortField } from '../../helpers/sieve';

const ENVELOPE_SORTS: SieveSortField[] = [
	{ name: 'Created Date', value: 'createddate' },
	{ name: 'Date Sent', value: 'datesent' },
	{ name: 'Name', value: 'name' },
	{ name: 'Status', value: 'status' },
	{ name: 'Updated On', value: 'updatedon' },
];

export default defineOperation({
	value: 'getAll',
	name: 'Get Many',
	action: 'Get many envelopes',
	toolDescription:
		'Use to see which envelopes (signature requests) a Forms file has and their status. Returns one record per envelope: id, name, status, dateSent, documentIds and signers.',
	description: 'List the envelopes of a file, filtered and sorted',
	properties: [
		fileLocator,
		...returnAllAndLimit(),
		filtersField([
			{
				displayName: 'Custom Filter',
				name: 'custom',
				type: 'string',
				default: '',
				placeholder: 'e.g. name@=*addendum',
				description: 'A Sieve filter, added to the others: terms joined by commas',
			},
			{
				displayName: 'Name Contains',
				name: 'name',
				type: 'string',
				default: '',
				placeholder: 'e.g. Purchase Agreement',
			},
			{ displayName: 'Sent After', name: 'sentAfter', type: 'dateTime', default: '' },
			{ displayName: 'Status', name: 'status', type: 'string', default: '', placeholder: 'e.g. Completed' },
		]),
		sieveSortField(ENVELOPE_SORTS, 'createddate'),
	],
	async execute(this: IExecuteFunctions, i: number) {
		const fileId = fileIdOf(this, i);
		const filters = this.getNodeParameter('filters', i, {}) as IDataObject;
		const terms: string[] = [];
		if (filters.name) terms.push(`name@=*${sieveValue(checkString(this, 'Name Contains', filters.name, i).trim())}`);
		if (filters.status) terms.push(`status==${sieveValue(checkString(this, 'Status', filters.status, i).trim())}`);
		if (filters.sentAfter) terms.push(`(datesent)>=${toIsoDateTime(this, 'Sent After', filters.sentAfter, i)}`);
		if (filters.custom) terms.push(checkString(this, 'Custom Filter', filters.custom, i).trim());
		const qs: IDataObject = {};
		if (terms.length) qs.filters = terms.join(',');
		const sorts = sieveSorts(this, i, this.getNodeParameter('sort', i, {}) as IDataObject, ENVELOPE_SORTS, 'createddate');
		if (sorts) qs.sorts = sorts;
		return await pagedRecords(this, i, p`/files/${fileId}/envelopes`, { kind: ENVELOPE, operation: 'Get many envelopes' }, qs);
	},
});
