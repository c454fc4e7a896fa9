import type { IExecuteFunctions } from 'n8n-workflow';

import { defineOperation, p, returnAllAndLimit } from '../../../shared';
import { SIGNED_DOCUMENT } from '../../helpers/kinds';
import { wholeList } from '../../helpers/paging';
import { fileLocator } from '../../helpers/fields';
import { fileIdOf } from '../../helpers/parameters';

export default defineOperation({
	value: 'getAllForFile',
	name: 'Get Many for a File',
	action: 'Get many signed documents of a file',
	description: 'List the signed documents of a file',
	properties: [fileLocator, ...returnAllAndLimit()],
	async execute(this: IExecuteFunctions, i: number) {
		const fileId = fileIdOf(this, i);
		// The published reference shows both a bare array and {totalRecords, documents}: the reader takes either.
		return await wholeList(this, i, p`/documents/signed/${fileId}`, {
			kind: SIGNED_DOCUMENT,
			operation: 'Get many signed documents of a file',
		});
	},
});
