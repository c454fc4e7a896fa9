import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { checkString, defineOperation, p } from '../../../shared';
import { multipartBody, type Part } from '../../helpers/binary';
import { PDF_SOURCE, pdfSourceFields, readSourcePdf } from '../../helpers/documentReference';
import { fileLocator, onBehalfOf, optionsCollection } from '../../helpers/fields';
import { fileIdOf, onBehalfOfOf } from '../../helpers/parameters';
import { formsRequest } from '../../transport';

export default defineOperation({
	value: 'upload',
	name: 'Upload PDF',
	action: 'Upload PDF to file',
	toolDescription:
		'Use to put a PDF into a Forms file as a new document: either a binary PDF of the workflow, or a document already in SkySlope Forms given by its reference (sourceFileId and sourceDocumentId, as a download or signed-documents tool returned them), e.g. to pass a signed purchase agreement on to another file. Returns the new documentId, the documentName and the size in bytes.',
	description: 'Add a PDF to a file as a document (at most 25 MB): from a binary field, or a copy of a document already in SkySlope Forms',
	// Documents appear in a file in the order they are added: items go one after the other.
	concurrency: 1,
	properties: [
		fileLocator,
		...pdfSourceFields,
		{
			displayName: 'Input Binary Field',
			name: 'binaryPropertyName',
			type: 'string',
			default: 'data',
			required: true,
			displayOptions: { hide: { [PDF_SOURCE]: ['document'] } },
			hint: 'The name of the input binary field holding the PDF',
		},
		{
			displayName: 'Document Name',
			name: 'documentName',
			type: 'string',
			default: '',
			placeholder: 'e.g. Inspection Report',
			description: 'The name of the document in SkySlope Forms. Empty: the file name of the PDF, without .pdf.',
		},
		optionsCollection([
			{
				displayName: 'Is Signed Document',
				name: 'isSignedDocument',
				type: 'boolean',
				default: false,
				description: 'Whether the PDF is an already signed document',
			},
		]),
		onBehalfOf,
	],
	async execute(this: IExecuteFunctions, i: number) {
		const fileId = fileIdOf(this, i);
		const given = checkString(this, 'Document Name', this.getNodeParameter('documentName', i, ''), i, {
			required: false,
			maxLength: 200,
		}).trim();
		const options = this.getNodeParameter('options', i, {}) as IDataObject;
		const who = onBehalfOfOf(this, i);
		const { bytes, fileName, source } = await readSourcePdf(this, i);
		const documentName = given || (fileName ?? '').replace(/\.pdf$/i, '').trim() || 'Document';
		const parts: Part[] = [
			{ name: 'DocumentName', value: documentName },
			{
				name: 'DocumentBody',
				value: bytes,
				fileName: fileName && /\.pdf$/i.test(fileName) ? fileName : `${documentName}.pdf`,
				contentType: 'application/pdf',
			},
		];
		if (options.isSignedDocument !== undefined) {
			parts.push({ name: 'IsSignedDocument', value: options.isSignedDocument === true ? 'true' : 'false' });
		}
		if (who !== undefined) parts.push({ name: 'onBehalfOf', value: who });
		const { body, contentType } = multipartBody(parts);
		const response = await formsRequest.call(this, {
			method: 'POST',
			path: p`/files/${fileId}/documents/upload`,
			body,
			headers: { 'content-type': contentType },
			itemIndex: i,
		});
		return { fileId, documentName, size: bytes.length, ...(source ? { copiedFrom: source } : {}), ...response };
	},
});
