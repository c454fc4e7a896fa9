import type { IExecuteFunctions } from 'n8n-workflow';

import { checkIdList, defineOperation, inputError, p } from '../../../shared';
import { fileLocator, onBehalfOf } from '../../helpers/fields';
import { fileIdOf, onBehalfOfOf, withOnBehalfOf } from '../../helpers/parameters';
import { formsRequest } from '../../transport';

export default defineOperation({
	value: 'addFromForms',
	name: 'Add From Forms',
	action: 'Add documents from forms',
	toolDescription:
		'Use to add blank forms (by form ID, from the forms tool) to a Forms file as new documents. Returns the new documentIds.',
	description: 'Add a document to the file for each chosen form',
	// Documents appear in a file in the order they are added: items go one after the other.
	concurrency: 1,
	properties: [
		fileLocator,
		{
			displayName: 'Library Name or ID',
			name: 'libraryId',
			type: 'options',
			typeOptions: { loadOptionsMethod: 'getLibraries' },
			default: '',
			description:
				'Only used to narrow the Forms list. Choose from the list, or specify an ID using an <a href="https://docs.n8n.io/code/expressions/">expression</a>.',
		},
		{
			displayName: 'Form Names or IDs',
			name: 'formIds',
			type: 'multiOptions',
			typeOptions: { loadOptionsMethod: 'getForms', loadOptionsDependsOn: ['libraryId'] },
			default: [],
			required: true,
			hint: 'One document is added for each form. An expression may give an array or a comma-separated list of IDs.',
			description:
				'Choose from the list, or specify IDs using an <a href="https://docs.n8n.io/code/expressions/">expression</a>',
		},
		onBehalfOf,
	],
	async execute(this: IExecuteFunctions, i: number) {
		const fileId = fileIdOf(this, i);
		const formIds = checkIdList(this, 'Forms', this.getNodeParameter('formIds', i), i);
		if (formIds.length > 100) throw inputError(this, 'Forms', i, `has ${formIds.length} forms; at most 100 are accepted`);
		const response = await formsRequest.call(this, {
			method: 'PATCH',
			path: p`/files/${fileId}/documents`,
			body: withOnBehalfOf({ formIds }, onBehalfOfOf(this, i)),
			itemIndex: i,
		});
		return { fileId, ...response };
	},
});
