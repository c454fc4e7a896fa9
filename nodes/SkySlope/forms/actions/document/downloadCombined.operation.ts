import type { IExecuteFunctions } from 'n8n-workflow';

import { binaryOutputField, defineOperation } from '../../../shared';
import { downloadDocuments } from '../../helpers/binary';
import { documentIdsField, downloadOptions, fileLocator } from '../../helpers/fields';

export default defineOperation({
	value: 'downloadCombined',
	name: 'Download as Combined PDF',
	action: 'Download documents as one PDF',
	toolDescription:
		'Use when the user wants several documents of a Forms file as one PDF stamped with the file details. Returns a reference, not the bytes: fileId, documentIds, fileName, mimeType and fileSize.',
	description: 'Download documents combined into one PDF, stamped with the file details',
	properties: [fileLocator, documentIdsField('combine'), binaryOutputField(), downloadOptions],
	async execute(this: IExecuteFunctions, i: number) {
		return await downloadDocuments(this, i, true);
	},
});
