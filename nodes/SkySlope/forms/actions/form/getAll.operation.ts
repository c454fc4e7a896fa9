import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { checkIdList, defineOperation, returnAllAndLimit } from '../../../shared';
import { FORM } from '../../helpers/kinds';
import { pagedRecords } from '../../helpers/paging';

export default defineOperation({
	value: 'getAll',
	name: 'Get Many',
	action: 'Get many forms',
	toolDescription:
		'Use to find the forms (blank documents) that can be added to a Forms file. Returns one record per form with its id and name.',
	description: 'List the forms you can add to a file',
	properties: [
		{
			displayName: 'Library Names or IDs',
			name: 'libraryIds',
			type: 'multiOptions',
			typeOptions: { loadOptionsMethod: 'getLibraries' },
			default: [],
			description:
				'The libraries to list forms from. Empty: all your libraries. Choose from the list, or specify IDs using an <a href="https://docs.n8n.io/code/expressions/">expression</a>.',
		},
		...returnAllAndLimit(),
	],
	async execute(this: IExecuteFunctions, i: number) {
		const raw = this.getNodeParameter('libraryIds', i, []);
		const empty = raw === '' || (Array.isArray(raw) && raw.length === 0);
		const qs: IDataObject = {};
		// An exploded form-style array (OpenAPI): `libraryIds=11&libraryIds=12`, the transport repeating the key.
		if (!empty) qs.libraryIds = [...new Set(checkIdList(this, 'Libraries', raw, i))];
		return await pagedRecords(this, i, '/forms', { kind: FORM, operation: 'Get many forms' }, qs);
	},
});
