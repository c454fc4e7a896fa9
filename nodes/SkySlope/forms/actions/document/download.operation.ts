import type { IExecuteFunctions } from 'n8n-workflow';

import { binaryOutputField, defineOperation } from '../../../shared';
import { downloadDocuments } from '../../helpers/binary';
import { documentIdsField, downloadOptions, fileLocator } from '../../helpers/fields';

export default defineOperation({
	value: 'download',
	name: 'Download',
	action: 'Download documents',
	toolDescription:
		'Use when the user wants the PDF of documents of a Forms file and you know their document IDs. Returns a reference, not the bytes: fileId, documentIds, fileName, mimeType (PDF, or ZIP for several) and fileSize; pass fileId and a document ID on to the upload tool to use the document elsewhere.',
	description: 'Download documents as they are: one document as a PDF, several as a ZIP of PDFs',
	properties: [fileLocator, documentIdsField('download'), binaryOutputField(), downloadOptions],
	async execute(this: IExecuteFunctions, i: number) {
		return await downloadDocuments(this, i, false);
	},
});
