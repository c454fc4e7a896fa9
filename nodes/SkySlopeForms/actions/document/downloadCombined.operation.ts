import type { IExecuteFunctions } from 'n8n-workflow';

import { binaryOutputField, defineOperation } from '../../../shared';
import { downloadPath, downloadToItem } from '../../helpers/binary';
import { documentIdsField, downloadOptions, fileLocator } from '../../helpers/fields';
import { documentIdsOf, fileIdOf } from '../../helpers/parameters';

export default defineOperation({
	value: 'downloadCombined',
	name: 'Download as Combined PDF',
	action: 'Download documents as one PDF',
	description: 'Download documents combined into one PDF, stamped with the file details',
	properties: [fileLocator, documentIdsField('combine'), binaryOutputField(), downloadOptions],
	async execute(this: IExecuteFunctions, i: number) {
		const fileId = fileIdOf(this, i);
		const documentIds = documentIdsOf(this, i);
		return await downloadToItem(this, i, downloadPath(fileId, true), fileId, documentIds, `file-${fileId}`);
	},
});
