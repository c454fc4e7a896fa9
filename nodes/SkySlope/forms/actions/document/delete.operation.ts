import type { IExecuteFunctions } from 'n8n-workflow';

import { defineOperation, p } from '../../../shared';
import { documentLocator, fileForDocumentList } from '../../helpers/fields';
import { locatorIdOf } from '../../helpers/parameters';
import { formsRequest } from '../../transport';

export default defineOperation({
	value: 'delete',
	name: 'Delete',
	action: 'Delete document',
	toolDescription:
		'Use to remove a document from a Forms file. Returns deleted: true with the fileId and documentId.',
	description: 'Remove a document from its file',
	properties: [fileForDocumentList, documentLocator],
	async execute(this: IExecuteFunctions, i: number) {
		const documentId = locatorIdOf(this, 'documentId', i);
		await formsRequest.call(this, { method: 'DELETE', path: p`/documents/${documentId}`, itemIndex: i });
		return { deleted: true, documentId };
	},
});
