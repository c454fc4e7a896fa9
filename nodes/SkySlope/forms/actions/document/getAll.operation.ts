import type { IExecuteFunctions } from 'n8n-workflow';

import { defineOperation, p, returnAllAndLimit } from '../../../shared';
import { DOCUMENT } from '../../helpers/kinds';
import { wholeList } from '../../helpers/paging';
import { fileLocator } from '../../helpers/fields';
import { fileIdOf } from '../../helpers/parameters';

export default defineOperation({
	value: 'getAll',
	name: 'Get Many',
	action: 'Get many documents',
	toolDescription:
		'Use to see which documents a Forms file holds and their document IDs. Returns one record per document: id, formName, pageCount, dates (metadata only, no PDF).',
	description: 'List the documents of a file (metadata only)',
	properties: [fileLocator, ...returnAllAndLimit()],
	async execute(this: IExecuteFunctions, i: number) {
		const fileId = fileIdOf(this, i);
		return await wholeList(this, i, p`/files/${fileId}/documents`, { kind: DOCUMENT, operation: 'Get many documents' });
	},
});
