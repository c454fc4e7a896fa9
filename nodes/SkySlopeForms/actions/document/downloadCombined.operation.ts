import type { IExecuteFunctions } from 'n8n-workflow';

import { defineOperation } from '../../../shared';
import { binaryPropertyOutput, documentIdsField, fileLocator } from '../descriptions';
import { documentIdsOf, fileIdOf } from '../utils';
import { downloadPath, downloadToItem } from './binary';
import { downloadOptions } from './download.operation';

export default defineOperation({
	value: 'downloadCombined',
	name: 'Download as Combined PDF',
	action: 'Download documents as one PDF',
	description: 'Download documents combined into one PDF, stamped with the file details',
	properties: [fileLocator, documentIdsField('combine'), binaryPropertyOutput, downloadOptions],
	async execute(this: IExecuteFunctions, i: number) {
		const fileId = fileIdOf(this, i);
		const documentIds = documentIdsOf(this, i);
		return await downloadToItem(this, i, downloadPath(fileId, true), fileId, documentIds, `file-${fileId}`);
	},
});
