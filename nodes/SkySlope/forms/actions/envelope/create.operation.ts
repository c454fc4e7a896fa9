import type { IExecuteFunctions } from 'n8n-workflow';

import { checkString, defineOperation, p } from '../../../shared';
import { documentIdsField, fileLocator, onBehalfOf } from '../../helpers/fields';
import { documentIdsOf, fileIdOf, onBehalfOfOf, withOnBehalfOf } from '../../helpers/parameters';
import { formsRequest } from '../../transport';

export default defineOperation({
	value: 'create',
	name: 'Create',
	action: 'Create envelope',
	toolDescription:
		'Use to put documents of a Forms file (by their document IDs) into a new envelope for signature. Returns the fileId and the new envelope\'s id and name.',
	description: 'Create an envelope for signature from documents of a file',
	properties: [
		fileLocator,
		{
			displayName: 'Envelope Name',
			name: 'envelopeName',
			type: 'string',
			default: '',
			required: true,
			placeholder: 'e.g. Purchase Agreement for signature',
		},
		documentIdsField('put in the envelope'),
		onBehalfOf,
	],
	async execute(this: IExecuteFunctions, i: number) {
		const fileId = fileIdOf(this, i);
		const envelopeName = checkString(this, 'Envelope Name', this.getNodeParameter('envelopeName', i), i, {
			maxLength: 200,
		}).trim();
		const documentIds = documentIdsOf(this, i);
		return await formsRequest.call(this, {
			method: 'POST',
			path: p`/files/${fileId}/envelopes`,
			body: withOnBehalfOf({ envelopeName, documentIds }, onBehalfOfOf(this, i)),
			itemIndex: i,
		});
	},
});
