// Documents: ListDocuments, AddDocuments, GetDocument, UpdateDocumentFields, DeleteDocument,
// UploadDocument (multipart), DownloadPdf, DownloadDocuments.
import type { SandboxResponse } from '../core/router';
import { ApiError, badRequest, jsonBody, ok, pageOf, parseId, queryParams } from './http';
import { parseMultipart } from './multipart';
import { inNaming } from './naming';
import { isPdf, makePdf, makeZip } from './pdf';
import { addDocumentsSchema, deleteQuery, documentQuery, downloadQuery, updateFieldsSchema } from './schemas';
import { addressLine, documentFromForm, fieldsOf, stamp } from './seed';
import type { FormsState } from './state';
import type { DocumentRecord, FileRecord, FormsStore } from './store';
import { documentView } from './views';

export const DOCS_READ = ['forms.documents', 'forms.documents.read'] as const;
export const DOCS_WRITE = ['forms.documents'] as const;

export const MAX_UPLOAD_BYTES = 25 * 1024 * 1024;

export function safeFilename(name: string): string {
	return name.replace(/[^A-Za-z0-9 ._-]/g, '').replace(/\s+/g, '_').slice(0, 120) || 'document';
}

function docLines(store: FormsStore, doc: DocumentRecord, file: FileRecord | undefined, page: number): string[] {
	const lines = [
		doc.formName,
		`Document ${doc.id}, page ${page} of ${doc.pageCount}`,
		`File: ${file?.name ?? doc.fileId}`,
	];
	if (file?.property.streetName) lines.push(`Property: ${addressLine(file.property)}`);
	if (page === 1 && doc.formId !== null) {
		const form = store.forms.get(doc.formId);
		for (const field of form ? fieldsOf(form) : []) {
			if (field.dataRef in doc.values) lines.push(`${field.name}: ${String(doc.values[field.dataRef])}`);
		}
	}
	return lines;
}

/** The bytes of one document: an upload as stored, a form rendered as a PDF of its pages. */
export function documentPdf(store: FormsStore, doc: DocumentRecord, stampLine?: string): Buffer {
	if (doc.bytes && !stampLine) return doc.bytes;
	const file = store.files.get(doc.fileId);
	const pages = Array.from({ length: Math.max(1, doc.pageCount) }, (_, i) => {
		const lines = doc.bytes ? [`Uploaded document: ${doc.formName}`, `${doc.bytes.length} bytes`] : docLines(store, doc, file, i + 1);
		return stampLine ? [...lines, '', stampLine] : lines;
	});
	return makePdf(doc.bytes ? [pages[0]] : pages, doc.formName);
}

function countPages(bytes: Buffer): number {
	const matches = bytes.toString('latin1').match(/\/Type\s*\/Page(?![s\w])/g);
	return Math.max(1, matches?.length ?? 1);
}

function attachment(status: number, type: string, filename: string, body: Buffer): SandboxResponse {
	return {
		status,
		headers: {
			'content-type': type,
			'content-length': String(body.length),
			'content-disposition': `attachment; filename="${filename}"`,
		},
		body,
	};
}

export function documentRoutes(s: FormsState): void {
	const { store } = s;

	/** Live documents of the file named by documentIds; 404 for any other id. */
	const requested = (fileId: number, ids: number[]): DocumentRecord[] => {
		const docs = ids.map((id) => store.documents.get(id));
		const missing = ids.filter((id, i) => !docs[i] || docs[i]?.isDeleted || docs[i]?.fileId !== fileId);
		if (missing.length) {
			throw new ApiError(404, 'Documents were not found on this file', missing.map((id) => `documentIds: ${id} is not a document of file ${fileId}`));
		}
		return docs as DocumentRecord[];
	};

	s.api('GET', '/files/:fileId/documents', DOCS_READ, (req) => {
		const fileId = parseId('fileId', req.params.fileId);
		store.anyFile(fileId);
		const docs = store.liveDocuments(fileId);
		return ok({ totalRecords: docs.length, documents: docs.map(documentView) });
	});

	s.api('PATCH', '/files/:fileId/documents', DOCS_WRITE, (req, token) => {
		const fileId = parseId('fileId', req.params.fileId);
		const body = jsonBody(req, addDocumentsSchema);
		const owner = store.actingFor(body.onBehalfOf);
		const file = store.file(fileId);
		// Forms resolve against the libraries of the user the call acts for.
		const libraries = new Set(store.users.get(owner)?.libraryIds ?? []);
		const unavailable = body.formIds.filter((id) => {
			const form = store.forms.get(id);
			return !form || !libraries.has(form.libraryId);
		});
		if (unavailable.length) {
			throw badRequest('Some forms are not available', unavailable.map((id) => `formIds: form ${id} is not in the libraries of the user`));
		}
		const at = s.ctx.now();
		const documentIds = body.formIds.map((formId) => {
			const doc = documentFromForm(store, file.id, formId, at, token.userId, body.onBehalfOf !== undefined ? owner : file.ownedBy);
			store.addDocument(doc);
			return doc.id;
		});
		file.updatedOn = s.iso();
		file.updatedBy = token.userId;
		return ok({ documentIds });
	});

	s.api('GET', '/documents/:documentId', DOCS_READ, (req) => {
		const documentId = parseId('documentId', req.params.documentId);
		const q = queryParams(req, documentQuery);
		const doc = store.document(documentId);
		const form = doc.formId !== null ? store.forms.get(doc.formId) : undefined;
		const fields = form ? fieldsOf(form) : [];
		return ok({
			...documentView(doc),
			page: q.page,
			pageSize: q.pageSize,
			totalItems: fields.length,
			totalPages: Math.ceil(fields.length / q.pageSize),
			fields: pageOf(fields, q.page, q.pageSize).map((f) => inNaming(store.naming, 'documentField', f)),
		});
	});

	s.api('PATCH', '/documents/:documentId', DOCS_WRITE, (req, token) => {
		const documentId = parseId('documentId', req.params.documentId);
		const { onBehalfOf, ...body } = jsonBody(req, updateFieldsSchema);
		if (onBehalfOf !== undefined && (typeof onBehalfOf !== 'string' || onBehalfOf.trim() === '')) {
			throw badRequest('onBehalfOf must be a user id', ['onBehalfOf: must be a non-empty string']);
		}
		store.actingFor(onBehalfOf as string | undefined);
		if (Object.keys(body).length === 0) throw badRequest('No field values were supplied', ['body: at least one field value is required']);
		const doc = store.document(documentId);
		const form = doc.formId !== null ? store.forms.get(doc.formId) : undefined;
		if (!form) throw badRequest('This document has no fields', [`documentId: ${documentId} is an uploaded document`]);
		const known = new Set(fieldsOf(form).map((f) => f.dataRef));
		const unknown = Object.keys(body).filter((k) => !known.has(k));
		if (unknown.length) throw badRequest('Unknown field data references', unknown.map((k) => `${k}: not a field of this document`));
		let didAddendumsChange = false;
		for (const [key, value] of Object.entries(body)) {
			if (key.startsWith('addendum.') && JSON.stringify(doc.values[key]) !== JSON.stringify(value)) didAddendumsChange = true;
			doc.values[key] = value;
		}
		doc.updatedBy = token.userId;
		doc.updatedOn = s.iso();
		return ok({ documentId, didAddendumsChange });
	});

	s.api('DELETE', '/documents/:documentId', DOCS_WRITE, (req, token) => {
		const documentId = parseId('documentId', req.params.documentId);
		store.actingFor(queryParams(req, deleteQuery).onBehalfOf);
		const doc = store.document(documentId);
		doc.isDeleted = true;
		doc.updatedBy = token.userId;
		doc.updatedOn = s.iso();
		return ok({ documentId });
	});

	s.api('POST', '/files/:fileId/documents/upload', DOCS_WRITE, (req, token) => {
		const fileId = parseId('fileId', req.params.fileId);
		const type = String(req.headers['content-type'] ?? '');
		if (!/^multipart\/form-data/i.test(type)) {
			throw new ApiError(415, 'Content-Type must be multipart/form-data', [`content-type: '${type}'`]);
		}
		const parts = parseMultipart(type, req.body);
		const part = (name: string) => parts.find((p) => p.name.toLowerCase() === name.toLowerCase());
		const field = (name: string) => {
			const p = part(name);
			return p ? p.data.toString('utf8') : undefined;
		};
		const body = part('DocumentBody');
		if (!body) throw badRequest('DocumentBody is required', ['DocumentBody: a PDF file part is required']);
		if (body.data.length > MAX_UPLOAD_BYTES) {
			throw new ApiError(413, 'The document is larger than 25 MB', [`DocumentBody: ${body.data.length} bytes > ${MAX_UPLOAD_BYTES}`]);
		}
		if (!isPdf(body.data)) throw badRequest('DocumentBody must be a PDF', ['DocumentBody: the content does not start with %PDF-']);
		const name = (field('DocumentName') ?? body.filename ?? '').trim();
		if (!name) throw badRequest('DocumentName is required', ['DocumentName: is required']);
		const signedRaw = field('IsSignedDocument');
		if (signedRaw !== undefined && !/^(true|false)$/i.test(signedRaw.trim())) {
			throw badRequest('IsSignedDocument must be true or false', [`IsSignedDocument: '${signedRaw}'`]);
		}
		const onBehalfOf = field('onBehalfOf')?.trim();
		const owner = store.actingFor(onBehalfOf || undefined);
		const file = store.file(fileId);
		const doc: DocumentRecord = {
			id: store.nextId('document'),
			fileId,
			formName: name,
			formId: null,
			formVersionId: 0,
			pageCount: countPages(body.data),
			documentType: 'Uploaded',
			values: {},
			bytes: Buffer.from(body.data),
			isSigned: signedRaw?.trim().toLowerCase() === 'true',
			isDeleted: false,
			...stamp(s.ctx.now(), token.userId, onBehalfOf ? owner : file.ownedBy),
		};
		store.addDocument(doc);
		file.updatedOn = s.iso();
		file.updatedBy = token.userId;
		return ok({ documentId: doc.id });
	});

	s.api('GET', '/files/:fileId/documents/download/pdf', DOCS_READ, (req) => {
		const fileId = parseId('fileId', req.params.fileId);
		const q = queryParams(req, downloadQuery);
		const file = store.anyFile(fileId);
		const docs = requested(fileId, q.documentIds);
		const stampLine = `${file.name} | ${file.property.streetName ? addressLine(file.property) : 'no address'} | printed ${s.iso().slice(0, 10)}`;
		const pages: string[][] = [];
		for (const doc of docs) {
			const count = doc.bytes ? 1 : Math.max(1, doc.pageCount);
			for (let p = 1; p <= count; p++) {
				const lines = doc.bytes ? [`Uploaded document: ${doc.formName}`, `${doc.bytes.length} bytes`] : docLines(store, doc, file, p);
				pages.push([...lines, '', stampLine]);
			}
		}
		return attachment(200, 'application/pdf', `${safeFilename(file.name)}.pdf`, makePdf(pages, file.name));
	});

	s.api('GET', '/files/:fileId/documents/download', DOCS_READ, (req) => {
		const fileId = parseId('fileId', req.params.fileId);
		const q = queryParams(req, downloadQuery);
		const file = store.anyFile(fileId);
		const docs = requested(fileId, q.documentIds);
		if (docs.length === 1) {
			return attachment(200, 'application/pdf', `${safeFilename(docs[0].formName)}.pdf`, documentPdf(store, docs[0]));
		}
		const used = new Set<string>();
		const entries = docs.map((doc) => {
			let name = `${safeFilename(doc.formName)}.pdf`;
			if (used.has(name)) name = `${safeFilename(doc.formName)}-${doc.id}.pdf`;
			used.add(name);
			return { name, data: documentPdf(store, doc) };
		});
		return attachment(200, 'application/zip', `${safeFilename(file.name)}.zip`, makeZip(entries, new Date(s.ctx.now())));
	});

}
