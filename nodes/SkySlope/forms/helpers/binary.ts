import { randomBytes } from 'crypto';
import type { IBinaryKeyData, IDataObject, IExecuteFunctions, INodeExecutionData, IWebhookFunctions } from 'n8n-workflow';

import { checkString, headerOf, inputError, isRecord, p, serviceTime, type ApiContext, type Headers } from '../../shared';
import { formsFullRequest, formsRequest } from '../transport';
import { fileNameFromDisposition, safeFileName } from './fileNames';
import { documentIdsOf, fileIdOf } from './parameters';
import { positiveId, type NotificationFacts } from './notification';

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

/**
 * Downloads the chosen documents of a file as one binary item: as they are (one PDF, or a ZIP of
 * several, as the service answers) or combined into one stamped PDF.
 */
export async function downloadDocuments(ctx: IExecuteFunctions, i: number, combined: boolean): Promise<INodeExecutionData> {
	const fileId = fileIdOf(ctx, i);
	const documentIds = documentIdsOf(ctx, i);
	const path = downloadPath(fileId, combined);
	// The name when neither the options nor the service give one.
	const fallbackName = combined
		? `file-${fileId}`
		: documentIds.length === 1
			? `document-${documentIds[0]}`
			: `file-${fileId}-documents`;
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

function downloadPath(fileId: number, combined: boolean): string {
	return combined ? p`/files/${fileId}/documents/download/pdf` : p`/files/${fileId}/documents/download`;
}

/** The path of the signed documents of an envelope, or of the whole file. */
function signedDocumentsPath(fileId: number, formsEnvelopeId?: number): string {
	return formsEnvelopeId === undefined
		? p`/documents/signed/${fileId}`
		: p`/documents/signed/${fileId}/envelopes/${formsEnvelopeId}`;
}

/**
 * The signed documents of an envelope (or of the file): a bare list or `{documents: [...]}`. Any
 * other answer is an error naming what came back, never an empty list.
 */
export async function listSignedDocuments(ctx: ApiContext, fileId: number, formsEnvelopeId?: number): Promise<IDataObject[]> {
	const path = signedDocumentsPath(fileId, formsEnvelopeId);
	const response: unknown = await formsRequest.call(ctx, { method: 'GET', path });
	if (Array.isArray(response)) return response.filter(isRecord);
	if (isRecord(response) && Array.isArray(response.documents)) return response.documents.filter(isRecord);
	const seen = isRecord(response) ? `an object with keys ${Object.keys(response).join(', ') || '(none)'}` : typeof response;
	throw new Error(`GET ${path} answered ${seen}, not a list of signed documents`);
}

/**
 * The documents of one signing among the file's signed documents: those of the envelope GUID the
 * notification named, else those of the envelope signed last.
 */
function oneSigning(records: IDataObject[], envelopeGuid: string | undefined): { records: IDataObject[]; what: string } {
	if (envelopeGuid) {
		return { records: records.filter((r) => r.envelopeId === envelopeGuid), what: `envelope ${envelopeGuid}` };
	}
	const time = (r: IDataObject) => serviceTime(r.dateSigned) ?? 0;
	const latest = [...records].sort((a, b) => time(b) - time(a))[0];
	if (!latest) return { records: [], what: 'any envelope' };
	const key = (r: IDataObject) => String(r.formsEnvelopeId ?? r.envelopeId ?? '');
	return {
		records: records.filter((r) => key(r) === key(latest)),
		what: `the envelope signed last (${key(latest) || 'unnamed'})`,
	};
}

/**
 * The signed documents one notification is about, among the file's: those of the envelope it names
 * (its GUID, else its Forms id), narrowed to the documents it names; with neither, the envelope
 * signed last.
 */
export function documentsOfSigning(records: IDataObject[], facts: NotificationFacts): IDataObject[] {
	let signing: IDataObject[];
	if (facts.envelopeGuid !== undefined) signing = records.filter((r) => r.envelopeId === facts.envelopeGuid);
	else if (facts.formsEnvelopeId !== undefined) signing = records.filter((r) => positiveId(r.formsEnvelopeId) === facts.formsEnvelopeId);
	else signing = facts.documentIds.length ? records : oneSigning(records, undefined).records;
	if (!facts.documentIds.length) return signing;
	const named = (id: unknown) => facts.documentIds.includes(positiveId(id) ?? -1);
	return signing.filter((r) => named(r.documentId) || named(r.envelopeDocumentId));
}

export interface SignedDownloads {
	binary: IBinaryKeyData;
	/** What the item says about the download: where the ids came from, what was fetched, what was not and why. */
	report: IDataObject;
}

/**
 * Downloads the signed documents of a notification as PDFs: the ids it names, or (when it names
 * none) the signed documents the service lists for its envelope or file. Never fails: whatever
 * could not be fetched is said in the report, and `noDocumentsFetched` says why when nothing was.
 */
export async function downloadSignedDocuments(
	ctx: IWebhookFunctions,
	fileId: number,
	facts: NotificationFacts,
	prefix: string,
	listed: () => Promise<IDataObject[]>,
): Promise<SignedDownloads> {
	const report: IDataObject = {};
	const problems: string[] = [];
	let ids = facts.documentIds;
	let why = '';
	if (ids.length) {
		report.documentIdsSource = `the notification (${facts.documentIdsFrom ?? 'documentIds'})`;
	} else {
		const where =
			facts.formsEnvelopeId !== undefined
				? `envelope ${facts.formsEnvelopeId} of file ${fileId}`
				: `file ${fileId}`;
		try {
			let records = await listed();
			let what = `the signed documents of ${where}`;
			if (facts.formsEnvelopeId === undefined) {
				const signing = oneSigning(records, facts.envelopeGuid);
				records = signing.records;
				what = `the signed documents of file ${fileId}, ${signing.what}`;
			}
			report.documentIdsSource = `${what} (the notification names no document)`;
			const available = records.filter((r) => r.documentAvailable !== false && positiveId(r.documentId) !== undefined);
			for (const r of records) {
				if (r.documentAvailable === false) {
					problems.push(`document ${String(r.documentId)}: not available (${String(r.unavailableReason ?? 'no reason given')})`);
				}
			}
			ids = available.map((r) => positiveId(r.documentId) as number).filter((id, n, all) => all.indexOf(id) === n);
			if (!records.length) {
				why = `the notification names no document, and the service lists no signed document for ${facts.envelopeGuid && facts.formsEnvelopeId === undefined ? `envelope ${facts.envelopeGuid} on file ${fileId}` : where}`;
			} else if (!ids.length) {
				why = `the notification names no document, and none of the signed documents of ${where} is available`;
			}
		} catch (error) {
			why = `the notification names no document, and listing the signed documents of ${where} failed: ${(error as Error).message}`;
		}
	}
	const binary: IBinaryKeyData = {};
	const downloaded: number[] = [];
	for (const documentId of ids) {
		try {
			const { bytes } = await fetchDocuments(ctx, downloadPath(fileId, false), [documentId], 'application/pdf, application/json');
			binary[`${prefix}${downloaded.length}`] = await ctx.helpers.prepareBinaryData(
				bytes,
				`file-${fileId}-document-${documentId}.pdf`,
				'application/pdf',
			);
			downloaded.push(documentId);
		} catch (error) {
			problems.push(`document ${documentId}: ${(error as Error).message}`);
		}
	}
	report.downloadedDocumentIds = downloaded;
	if (problems.length) report.downloadErrors = problems;
	if (!downloaded.length) {
		why ||= `every download failed: ${problems.join('; ')}`;
		report.noDocumentsFetched = `No signed document could be fetched: ${why}`;
	}
	return { binary, report };
}
