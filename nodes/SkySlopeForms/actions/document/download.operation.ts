import type { IExecuteFunctions } from 'n8n-workflow';

import { binaryOutputField, defineOperation } from '../../../shared';
import { downloadPath, downloadToItem } from '../../helpers/binary';
import { documentIdsField, downloadOptions, fileLocator } from '../../helpers/fields';
import { documentIdsOf, fileIdOf } from '../../helpers/parameters';

export default defineOperation({
	value: 'download',
	name: 'Download',
	action: 'Download documents',
	description: 'Download documents as they are: one document as a PDF, several as a ZIP of PDFs',
	properties: [fileLocator, documentIdsField('download'), binaryOutputField(), downloadOptions],
	async execute(this: IExecuteFunctions, i: number) {
		const fileId = fileIdOf(this, i);
		const documentIds = documentIdsOf(this, i);
		const fallback = documentIds.length === 1 ? `document-${documentIds[0]}` : `file-${fileId}-documents`;
		return await downloadToItem(this, i, downloadPath(fileId, false), fileId, documentIds, fallback);
	},
});
