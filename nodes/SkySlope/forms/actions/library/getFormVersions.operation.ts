import type { IExecuteFunctions } from 'n8n-workflow';

import { checkId, defineOperation, p, returnAllAndLimit } from '../../../shared';
import { FORM_VERSION } from '../../helpers/kinds';
import { wholeList } from '../../helpers/paging';

export default defineOperation({
	value: 'getFormVersions',
	name: 'Get Form Versions',
	action: 'Get form versions of library',
	toolDescription:
		'Use to list the form versions of a form library with their attributes. Returns one record per form version.',
	description: 'List the form versions of a library, with their attributes (Get Library Form Versions)',
	properties: [
		{
			displayName: 'Library Name or ID',
			name: 'libraryId',
			type: 'options',
			typeOptions: { loadOptionsMethod: 'getLibraries' },
			default: '',
			required: true,
			description:
				'Choose from the list, or specify an ID using an <a href="https://docs.n8n.io/code/expressions/">expression</a>',
		},
		...returnAllAndLimit(),
	],
	async execute(this: IExecuteFunctions, i: number) {
		const libraryId = checkId(this, 'Library', this.getNodeParameter('libraryId', i, ''), i);
		return await wholeList(this, i, p`/libraries/${libraryId}/form-versions`, {
			kind: FORM_VERSION,
			operation: 'Get the form versions of a library',
		});
	},
});
