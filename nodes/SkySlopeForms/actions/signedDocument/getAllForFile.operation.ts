import type { IExecuteFunctions } from 'n8n-workflow';

import { defineOperation, p } from '../../../shared';
import { formsRequest } from '../../transport';
import { fileLocator, limitField, returnAllField } from '../descriptions';
import { fileIdOf, applyLimit, recordsOf, listLimit } from '../utils';

export default defineOperation({
	value: 'getAllForFile',
	name: 'Get Many for a File',
	action: 'Get many signed documents of a file',
	description: 'List the signed documents of a file',
	properties: [fileLocator, returnAllField, limitField],
	async execute(this: IExecuteFunctions, i: number) {
		const limit = listLimit(this, i);
		const fileId = fileIdOf(this, i);
		// The published reference shows both a bare array and {totalRecords, documents}: recordsOf takes either.
		const response = await formsRequest.call(this, { method: 'GET', path: p`/documents/signed/${fileId}`, itemIndex: i });
		return applyLimit(recordsOf(response, 'documents'), limit);
	},
});
