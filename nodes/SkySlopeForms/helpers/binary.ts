import { randomBytes } from 'crypto';
import type { IDataObject, IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';

import { checkString, headerOf, inputError, p, type ApiContext, type Headers } from '../../shared';
import { formsFullRequest } from '../transport';
import { fileNameFromDisposition, safeFileName } from './fileNames';

/** PDFs in and out: upload bodies, and downloads of a file's documents. */

/** The service's upload limit (spec 4.15). */
export const MAX_UPLOAD_BYTES = 25 * 1024 * 1024;

const PDF_MAGIC = Buffer.from('%PDF-', 'latin1');

export function isPdf(bytes: Buffer): boolean {
	return bytes.length >= PDF_MAGIC.length && bytes.subarray(0, PDF_MAGIC.length).equals(PDF_MAGIC);
}

export interface Part {
	name: string;
	value: Buffer | string;
	fileName?: string;
	contentType?: string;
}

function quoted(text: string): string {
	return text.replace(/[\r\n]/g, ' ').replace(/"/g, '%22');
}

/** A multipart/form-data body: the bytes and the Content-Type naming the boundary. */
export function multipartBody(parts: Part[]): { body: Buffer; contentType: string } {
	const boundary = `----n8nSkySlopeForms${randomBytes(12).toString('hex')}`;
	const chunks: Buffer[] = [];
	for (const part of parts) {
		let head = `--${boundary}\r\nContent-Disposition: form-data; name="${quoted(part.name)}"`;
		if (part.fileName !== undefined) head += `; filename="${quoted(part.fileName)}"`;
		head += '\r\n';
		if (part.contentType) head += `Content-Type: ${part.contentType}\r\n`;
		head += '\r\n';
		chunks.push(Buffer.from(head, 'utf8'));
		chunks.push(typeof part.value === 'string' ? Buffer.from(part.value, 'utf8') : part.value);
		chunks.push(Buffer.from('\r\n', 'utf8'));
	}
	chunks.push(Buffer.from(`--${boundary}--\r\n`, 'utf8'));
	return { body: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

/** Reads an input binary property, refusing anything that is not a PDF of at most 25 MB. */
export async function readPdf(
	ctx: IExecuteFunctions,
	i: number,
	propertyParam = 'binaryPropertyName',
): Promise<{ bytes: Buffer; fileName?: string }> {
	const property = checkString(ctx, 'Input Binary Field', ctx.getNodeParameter(propertyParam, i), i).trim();
	const item = ctx.getInputData()[i];
	if (!item?.binary?.[property]) {
		throw inputError(ctx, 'Input Binary Field', i, `the item has no binary field "${property}"`);
	}
	const meta = item.binary[property];
	if (typeof meta.bytes === 'number' && meta.bytes > MAX_UPLOAD_BYTES) {
		throw inputError(ctx, 'Input Binary Field', i, `is ${meta.bytes} bytes; the service accepts at most 25 MB`);
	}
	const bytes = await ctx.helpers.getBinaryDataBuffer(i, property);
	if (bytes.length > MAX_UPLOAD_BYTES) {
		throw inputError(ctx, 'Input Binary Field', i, `is ${bytes.length} bytes; the service accepts at most 25 MB`);
	}
	if (!isPdf(bytes)) {
		throw inputError(ctx, 'Input Binary Field', i, `"${property}" is not a PDF (it does not start with %PDF-)`);
	}
	return { bytes, fileName: meta.fileName };
}

/** The bytes of documents of a file (`path` from downloadPath), as the service sends them. */
export async function fetchDocuments(
	ctx: ApiContext,
	path: string,
	documentIds: number[],
	accept: string,
	itemIndex?: number,
): Promise<{ bytes: Buffer; headers: Headers }> {
	const response = await formsFullRequest.call(ctx, {
		method: 'GET',
		path,
		qs: { documentIds: documentIds.join(',') },
		headers: { accept },
		encoding: 'arraybuffer',
		itemIndex,
	});
	const bytes = Buffer.isBuffer(response.body) ? response.body : Buffer.from(response.body as ArrayBuffer);
	return { bytes, headers: response.headers };
}

/** Downloads documents of a file as one binary item (PDF or ZIP, as the service answers). */
export async function downloadToItem(
	ctx: IExecuteFunctions,
	i: number,
	path: string,
	fileId: number,
	documentIds: number[],
	fallbackName: string,
): Promise<INodeExecutionData> {
	const property = checkString(ctx, 'Put Output File in Field', ctx.getNodeParameter('binaryPropertyName', i), i).trim();
	const options = ctx.getNodeParameter('options', i, {}) as IDataObject;
	const response = await fetchDocuments(ctx, path, documentIds, 'application/pdf, application/zip, application/json', i);
	const bytes = response.bytes;
	const contentType = (headerOf(response.headers, 'content-type') ?? '').split(';')[0].trim().toLowerCase();
	const mimeType = contentType || (isPdf(bytes) ? 'application/pdf' : 'application/zip');
	const extension = mimeType === 'application/zip' ? 'zip' : 'pdf';
	const given = typeof options.fileName === 'string' ? options.fileName.trim() : '';
	const served = fileNameFromDisposition(headerOf(response.headers, 'content-disposition'));
	let fileName = safeFileName(given || served || '', `${fallbackName}.${extension}`);
	if (!/\.[a-z0-9]{2,4}$/i.test(fileName)) fileName = `${fileName}.${extension}`;
	const binary = await ctx.helpers.prepareBinaryData(bytes, fileName, mimeType);
	return {
		json: { fileId, documentIds, fileName, mimeType, fileSize: bytes.length },
		binary: { [property]: binary },
		pairedItem: { item: i },
	};
}

export function downloadPath(fileId: number, combined: boolean): string {
	return combined ? p`/files/${fileId}/documents/download/pdf` : p`/files/${fileId}/documents/download`;
}
