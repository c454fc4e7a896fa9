import type { IExecuteFunctions } from 'n8n-workflow';

import { defineOperation, p } from '../../../shared';
import { formsRequest } from '../../transport';
import { fileLocator, limitField, returnAllField } from '../descriptions';
import { fileIdOf, applyLimit, recordsOf, listLimit } from '../utils';

export default defineOperation({
	value: 'getAll',
	name: 'Get Many',
	action: 'Get many documents',
	description: 'List the documents of a file (metadata only)',
	properties: [fileLocator, returnAllField, limitField],
	async execute(this: IExecuteFunctions, i: number) {
		const limit = listLimit(this, i);
		const fileId = fileIdOf(this, i);
		const response = await formsRequest.call(this, { method: 'GET', path: p`/files/${fileId}/documents`, itemIndex: i });
		return applyLimit(recordsOf(response, 'documents'), limit);
	},
});
