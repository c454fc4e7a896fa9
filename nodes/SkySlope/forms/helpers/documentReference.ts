import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { checkEnum, checkId, headerOf, inputError, p } from '../../shared';
import { fetchDocuments, isPdf, MAX_UPLOAD_BYTES, readPdf } from './binary';
import { fileNameFromDisposition, safeFileName } from './fileNames';

/**
 * A document already in SkySlope Forms, named by its file ID and document ID (what Download and the
 * signed-documents lists return), as the source of a PDF: an AI agent passes two numbers from one
 * tool to the next instead of the bytes.
 */

export const PDF_SOURCE = 'pdfSource';

export const pdfSourceFields: INodeProperties[] = [
	{
		displayName: 'PDF Source',
		name: PDF_SOURCE,
		type: 'options',
		noDataExpression: true,
		options: [
			{ name: 'Binary Field', value: 'binary', description: 'A PDF in a binary field of the input item' },
			{
				name: 'SkySlope Forms Document',
				value: 'document',
				description:
					'A document already in SkySlope Forms, by its file ID and document ID (as Download or the signed documents list return them)',
			},
		],
		default: 'binary',
	},
	{
		displayName: 'Source File ID',
		name: 'sourceFileId',
		type: 'number',
		default: 0,
		required: true,
		typeOptions: { minValue: 1 },
		displayOptions: { show: { [PDF_SOURCE]: ['document'] } },
		description: 'The Forms file that holds the document (fileId of a download or a signed document)',
	},
	{
		displayName: 'Source Document ID',
		name: 'sourceDocumentId',
		type: 'number',
		default: 0,
		required: true,
		typeOptions: { minValue: 1 },
		displayOptions: { show: { [PDF_SOURCE]: ['document'] } },
		description: 'The document to copy (documentId of a signed document, or one of documentIds of a download)',
	},
];

export interface SourcePdf {
	bytes: Buffer;
	fileName?: string;
	/** Where a referenced document came from, for the output. */
	source?: { fileId: number; documentId: number };
}

/** The PDF to upload: from the input's binary field, or fetched from the referenced Forms document. */
export async function readSourcePdf(ctx: IExecuteFunctions, i: number): Promise<SourcePdf> {
	const from = checkEnum(ctx, 'PDF Source', ctx.getNodeParameter(PDF_SOURCE, i, 'binary'), ['binary', 'document'], i);
	if (from === 'binary') return await readPdf(ctx, i);
	const fileId = checkId(ctx, 'Source File ID', ctx.getNodeParameter('sourceFileId', i), i);
	const documentId = checkId(ctx, 'Source Document ID', ctx.getNodeParameter('sourceDocumentId', i), i);
	const { bytes, headers } = await fetchDocuments(ctx, p`/files/${fileId}/documents/download`, [documentId], 'application/pdf, application/json', i);
	const what = `document ${documentId} of file ${fileId}`;
	if (!isPdf(bytes)) {
		const type = headerOf(headers, 'content-type') ?? 'no content type';
		throw inputError(ctx, 'Source Document ID', i, `${what} did not come back as a PDF (${type}, ${bytes.length} bytes)`);
	}
	if (bytes.length > MAX_UPLOAD_BYTES) {
		throw inputError(ctx, 'Source Document ID', i, `${what} is ${bytes.length} bytes; the service accepts at most 25 MB`);
	}
	const served = fileNameFromDisposition(headerOf(headers, 'content-disposition'));
	return { bytes, fileName: safeFileName(served ?? '', `document-${documentId}.pdf`), source: { fileId, documentId } };
}
