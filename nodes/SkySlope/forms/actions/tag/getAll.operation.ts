import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { checkIdList, defineOperation, returnAllAndLimit } from '../../../shared';
import { FORM_TAGS } from '../../helpers/kinds';
import { wholeList } from '../../helpers/paging';

export default defineOperation({
	value: 'getAll',
	name: 'Get Many',
	action: 'Get many form tags',
	toolDescription:
		'Use to read the tags of given form versions. Returns one record per tag with the form version it belongs to.',
	description: 'List the tags of form versions (Get Form Tags)',
	properties: [
		{
			displayName: 'Form Version IDs',
			name: 'formVersionIds',
			type: 'string',
			default: '',
			placeholder: 'e.g. 28576,29533',
			description:
				'The form versions to list tags for, comma-separated (Library > Get Form Versions gives them). Empty: all of yours.',
		},
		...returnAllAndLimit(),
	],
	async execute(this: IExecuteFunctions, i: number) {
		const raw = this.getNodeParameter('formVersionIds', i, '');
		const empty = raw === '' || raw === null || (Array.isArray(raw) && raw.length === 0);
		const qs: IDataObject = {};
		// The OpenAPI types `ids` as one string, not an array: a comma-separated list.
		if (!empty) qs.ids = [...new Set(checkIdList(this, 'Form Version IDs', raw, i))].join(',');
		return await wholeList(this, i, '/tags', { kind: FORM_TAGS, operation: 'Get many form tags' }, { qs });
	},
});
