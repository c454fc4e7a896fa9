import type { IExecuteFunctions } from 'n8n-workflow';

import { defineOperation, p } from '../../../shared';
import { formsRequest } from '../../transport';
import { documentLocator, fileForDocumentList } from '../descriptions';
import { locatorIdOf } from '../utils';

export default defineOperation({
	value: 'delete',
	name: 'Delete',
	action: 'Delete a document',
	description: 'Remove a document from its file',
	properties: [fileForDocumentList, documentLocator],
	async execute(this: IExecuteFunctions, i: number) {
		const documentId = locatorIdOf(this, 'documentId', i);
		await formsRequest.call(this, { method: 'DELETE', path: p`/documents/${documentId}`, itemIndex: i });
		return { deleted: true, documentId };
	},
});
