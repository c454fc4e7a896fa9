import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { defineOperation } from '../../../shared';
import { binaryPropertyOutput, documentIdsField, fileLocator } from '../descriptions';
import { documentIdsOf, fileIdOf } from '../utils';
import { downloadPath, downloadToItem } from './binary';

export const downloadOptions: INodeProperties = {
	displayName: 'Options',
	name: 'options',
	type: 'collection',
	placeholder: 'Add Option',
	default: {},
	options: [
		{
			displayName: 'File Name',
			name: 'fileName',
			type: 'string',
			default: '',
			placeholder: 'e.g. contract.pdf',
			description: 'The name of the output file. Empty: the name the service gives.',
		},
	],
};

export default defineOperation({
	value: 'download',
	name: 'Download',
	action: 'Download documents',
	description: 'Download documents as they are: one document as a PDF, several as a ZIP of PDFs',
	properties: [fileLocator, documentIdsField('download'), binaryPropertyOutput, downloadOptions],
	async execute(this: IExecuteFunctions, i: number) {
		const fileId = fileIdOf(this, i);
		const documentIds = documentIdsOf(this, i);
		const fallback = documentIds.length === 1 ? `document-${documentIds[0]}` : `file-${fileId}-documents`;
		return await downloadToItem(this, i, downloadPath(fileId, false), fileId, documentIds, fallback);
	},
});
