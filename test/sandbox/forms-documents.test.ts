/* eslint-disable @n8n/community-nodes/no-restricted-imports -- dev tooling, never shipped in dist */
import { crc32 } from 'node:zlib';

import { makePdf } from '../../sandbox/forms/pdf';
import { errorOf, useFormsHarness, multipart, unzip } from './forms-client';

const h = useFormsHarness({ seed: 11 });

interface Doc {
	id: number;
	formName: string;
	formId: number | null;
	fileId: number;
	pageCount: number;
	documentType: string;
	ownedBy: string;
	createdBy: string;
}

const listDocs = async (fileId: number) => (await h.api('GET', `/files/${fileId}/documents`)).json as { totalRecords: number; documents: Doc[] };

function expectPdf(bytes: Buffer, pages?: number): string {
	const text = bytes.toString('latin1');
	expect(text.startsWith('%PDF-1.')).toBe(true);
	expect(text.trimEnd().endsWith('%%EOF')).toBe(true);
	// The xref offset points at the xref table.
	const startxref = Number(/startxref\s+(\d+)\s+%%EOF\s*$/.exec(text)?.[1]);
	expect(text.slice(startxref, startxref + 4)).toBe('xref');
	if (pages !== undefined) expect(text.match(/\/Type \/Page(?!s)/g)).toHaveLength(pages);
	return text;
}

function upload(fileId: number, parts: Parameters<typeof multipart>[0], token?: string) {
	const { body, contentType } = multipart(parts);
	return h.api('POST', `/files/${fileId}/documents/upload`, { body, headers: { 'content-type': contentType }, token });
}

describe('forms sandbox: documents', () => {
	it('lists the documents of a file (metadata only)', async () => {
		const list = await listDocs(1001);
		expect(list.totalRecords).toBe(list.documents.length);
		expect(list.totalRecords).toBeGreaterThan(0);
		expect(list.documents[0]).toEqual({
			id: expect.any(Number),
			formName: expect.any(String),
			formId: expect.any(Number),
			formVersionId: expect.any(Number),
			fileId: 1001,
			pageCount: expect.any(Number),
			documentType: 'Forms',
			createdBy: expect.any(String),
			updatedBy: null,
			createdOn: expect.any(String),
			updatedOn: expect.any(String),
			ownedBy: expect.any(String),
		});
		expect((await h.api('GET', '/files/999999/documents')).status).toBe(404);
	});

	it('adds documents from forms of the acting user libraries; formIds must be non-empty integers', async () => {
		const res = await h.api('PATCH', '/files/1001/documents', { json: { formIds: [301, 312] } });
		expect(res.status).toBe(200);
		const { documentIds } = res.json as { documentIds: number[] };
		expect(documentIds).toHaveLength(2);
		const docs = (await listDocs(1001)).documents.filter((d) => documentIds.includes(d.id));
		expect(docs.map((d) => d.formId).sort()).toEqual([301, 312]);

		for (const json of [{ formIds: [] }, { formIds: [0] }, { formIds: ['301'] }, { formIds: [1.5] }, {}, { formIds: [301], extra: 1 }]) {
			expect((await h.api('PATCH', '/files/1001/documents', { json })).status).toBe(400);
		}
		// Form 351 is in a library only Riley has: not the caller's, fine on Riley's behalf.
		const notMine = await h.api('PATCH', '/files/1001/documents', { json: { formIds: [351] } });
		expect(notMine.status).toBe(400);
		expect(errorOf(notMine).errors[0]).toContain('351');
		const forRiley = await h.api('PATCH', '/files/1024/documents', { json: { formIds: [351], onBehalfOf: h.state.users.riley } });
		expect(forRiley.status).toBe(200);
		const rileyDoc = h.state.store.documents.get((forRiley.json as { documentIds: number[] }).documentIds[0]);
		expect(rileyDoc).toMatchObject({ ownedBy: h.state.users.riley, createdBy: h.state.users.caller });
		expect((await h.api('PATCH', '/files/1001/documents', { json: { formIds: [301], onBehalfOf: h.state.users.taylor } })).status).toBe(404);
		expect((await h.api('POST', '/files/1001/documents', { json: { formIds: [301] } })).status).toBe(405);
	});

	it('gets a document with its fields paged; pageSize is 1..500', async () => {
		const [doc] = (await listDocs(1001)).documents;
		const first = await h.api('GET', `/documents/${doc.id}?pageSize=3`);
		expect(first.status).toBe(200);
		const body = first.json as { page: number; pageSize: number; totalItems: number; totalPages: number; fields: Array<Record<string, unknown>> };
		expect(body).toMatchObject({ id: doc.id, fileId: 1001, page: 1, pageSize: 3 });
		expect(body.totalPages).toBe(Math.ceil(body.totalItems / 3));
		expect(body.fields).toHaveLength(3);
		expect(body.fields[0]).toEqual(
			expect.objectContaining({
				id: expect.any(String),
				dataRef: expect.any(String),
				type: expect.any(String),
				xCoordinate: expect.any(Number),
				pageNumber: expect.any(Number),
				isReadOnly: false,
				associatedDataRefs: [],
			}),
		);
		const second = (await h.api('GET', `/documents/${doc.id}?pageSize=3&page=2`)).json as { fields: Array<{ id: string }> };
		expect(second.fields[0].id).not.toBe(body.fields[0].id);
		const defaults = (await h.api('GET', `/documents/${doc.id}`)).json as { page: number; pageSize: number };
		expect(defaults).toMatchObject({ page: 1, pageSize: 10 });
		expect((await h.api('GET', `/documents/${doc.id}?pageSize=501`)).status).toBe(400);
		expect((await h.api('GET', `/documents/${doc.id}?page=0`)).status).toBe(400);
		expect((await h.api('GET', '/documents/abc')).status).toBe(400);
		expect((await h.api('GET', '/documents/99999999')).status).toBe(404);
	});

	it('updates only the supplied fields and reports addendum changes', async () => {
		const added = await h.api('PATCH', '/files/1001/documents', { json: { formIds: [305] } });
		const id = (added.json as { documentIds: number[] }).documentIds[0];
		const detail = (await h.api('GET', `/documents/${id}?pageSize=500`)).json as { fields: Array<{ dataRef: string }> };
		const refs = detail.fields.map((f) => f.dataRef);
		const addendum = refs.find((r) => r.startsWith('addendum.'));
		const plain = refs.find((r) => !r.startsWith('addendum.')) as string;
		const res = await h.api('PATCH', `/documents/${id}`, { json: { [plain]: 'Value one' } });
		expect(res.json).toEqual({ documentId: id, didAddendumsChange: false });
		expect(addendum).toBeDefined();
		const changed = await h.api('PATCH', `/documents/${id}`, { json: { [addendum as string]: 'A-2' } });
		expect(changed.json).toEqual({ documentId: id, didAddendumsChange: true });
		const same = await h.api('PATCH', `/documents/${id}`, { json: { [addendum as string]: 'A-2' } });
		expect(same.json).toEqual({ documentId: id, didAddendumsChange: false });
		expect(h.state.store.documents.get(id)?.values[plain]).toBe('Value one');
		const unknown = await h.api('PATCH', `/documents/${id}`, { json: { 'no.such.field': 1 } });
		expect(unknown.status).toBe(400);
		expect(errorOf(unknown).errors[0]).toContain('no.such.field');
		expect((await h.api('PATCH', `/documents/${id}`, { json: {} })).status).toBe(400);
		expect((await h.api('PATCH', `/documents/${id}`, { json: { [plain]: 'x', onBehalfOf: h.state.users.taylor } })).status).toBe(404);
		expect((await h.api('PATCH', `/documents/${id}`, { json: { onBehalfOf: h.state.users.caller } })).status).toBe(400);
		const delegated = await h.api('PATCH', `/documents/${id}`, { json: { [plain]: 'Value two', onBehalfOf: h.state.users.riley } });
		expect(delegated.json).toEqual({ documentId: id, didAddendumsChange: false });
		expect(h.state.store.documents.get(id)?.values).not.toHaveProperty('onBehalfOf');
		expect((await h.api('PATCH', `/documents/${id}`, { json: [1, 2] })).status).toBe(400);
	});

	it('deletes a document', async () => {
		const [doc] = (await listDocs(1003)).documents;
		const res = await h.api('DELETE', `/documents/${doc.id}`);
		expect(res.json).toEqual({ documentId: doc.id });
		expect((await listDocs(1003)).documents.map((d) => d.id)).not.toContain(doc.id);
		expect((await h.api('GET', `/documents/${doc.id}`)).status).toBe(404);
		expect((await h.api('DELETE', `/documents/${doc.id}`)).status).toBe(404);
		expect((await h.api('DELETE', `/documents/${doc.id}`, { token: h.tokenWith(['forms.documents.read']) })).status).toBe(403);
		const [other] = (await listDocs(1001)).documents;
		expect((await h.api('DELETE', `/documents/${other.id}?onBehalfOf=${h.state.users.taylor}`)).status).toBe(404);
		expect((await h.api('DELETE', `/documents/${other.id}?onBehalfOf=${h.state.users.riley}`)).status).toBe(200);
	});

	it('uploads a PDF (multipart) and gives the same bytes back on download', async () => {
		const pdf = makePdf([['Inspection report'], ['Page two']], 'Inspection');
		const res = await upload(1001, [
			{ name: 'DocumentName', value: 'Inspection Report' },
			{ name: 'DocumentBody', value: pdf, filename: 'inspection.pdf', contentType: 'application/pdf' },
			{ name: 'IsSignedDocument', value: 'true' },
		]);
		expect(res.status).toBe(200);
		const { documentId } = res.json as { documentId: number };
		const listed = (await listDocs(1001)).documents.find((d) => d.id === documentId);
		expect(listed).toMatchObject({ formName: 'Inspection Report', formId: null, pageCount: 2, documentType: 'Uploaded' });
		const log = h.sandbox.requests('forms', 'POST', /documents\/upload$/);
		expect(log.at(-1)?.body).toEqual({ bytes: expect.any(Number), contentType: expect.stringContaining('multipart/form-data; boundary=') });

		const back = await h.api('GET', `/files/1001/documents/download?documentIds=${documentId}`);
		expect(back.status).toBe(200);
		expect(back.headers['content-type']).toBe('application/pdf');
		expect(back.bytes.equals(pdf)).toBe(true);

		const delegated = await upload(1025, [
			{ name: 'DocumentBody', value: pdf, filename: 'from-filename.pdf' },
			{ name: 'onBehalfOf', value: h.state.users.riley },
		]);
		const doc = h.state.store.documents.get((delegated.json as { documentId: number }).documentId);
		expect(doc).toMatchObject({ formName: 'from-filename.pdf', ownedBy: h.state.users.riley, createdBy: h.state.users.caller, isSigned: false });
	});

	it('rejects uploads that are not PDFs, too large, malformed, or for users without a grant', async () => {
		const pdf = makePdf([['x']]);
		const notPdf = await upload(1001, [
			{ name: 'DocumentName', value: 'notes' },
			{ name: 'DocumentBody', value: 'just text', filename: 'notes.txt', contentType: 'text/plain' },
		]);
		expect(notPdf.status).toBe(400);
		expect(errorOf(notPdf).message).toContain('PDF');

		const big = Buffer.alloc(25 * 1024 * 1024 + 1, 0x20);
		pdf.copy(big);
		const tooBig = await upload(1001, [
			{ name: 'DocumentName', value: 'big' },
			{ name: 'DocumentBody', value: big, filename: 'big.pdf' },
		]);
		expect(tooBig.status).toBe(413);
		expect(errorOf(tooBig).code).toBe('PayloadTooLarge');

		expect((await upload(1001, [{ name: 'DocumentName', value: 'no body' }])).status).toBe(400);
		expect(
			(await upload(1001, [
				{ name: 'DocumentBody', value: pdf, filename: 'a.pdf' },
				{ name: 'IsSignedDocument', value: 'maybe' },
			])).status,
		).toBe(400);
		expect(
			(await upload(1001, [
				{ name: 'DocumentBody', value: pdf, filename: 'a.pdf' },
				{ name: 'onBehalfOf', value: h.state.users.taylor },
			])).status,
		).toBe(404);
		const json = await h.api('POST', '/files/1001/documents/upload', { json: { DocumentName: 'x' } });
		expect(json.status).toBe(415);
		const broken = await h.api('POST', '/files/1001/documents/upload', {
			body: '--abc\r\nContent-Disposition: form-data; name="DocumentBody"\r\n\r\n%PDF-1.4 no end',
			headers: { 'content-type': 'multipart/form-data; boundary=abc' },
		});
		expect(broken.status).toBe(400);
		expect((await upload(1001, [{ name: 'DocumentBody', value: pdf, filename: 'a.pdf' }], h.tokenWith(['forms.documents.read']))).status).toBe(403);
	});

	it('downloads one stamped PDF for several documents, and a ZIP of PDFs', async () => {
		const docs = (await listDocs(1001)).documents.slice(0, 2);
		expect(docs).toHaveLength(2);
		const ids = docs.map((d) => d.id).join(',');
		const pdf = await h.api('GET', `/files/1001/documents/download/pdf?documentIds=${ids}`);
		expect(pdf.status).toBe(200);
		expect(pdf.headers['content-type']).toBe('application/pdf');
		expect(pdf.headers['content-disposition']).toMatch(/^attachment; filename=".+\.pdf"$/);
		const text = expectPdf(pdf.bytes, docs[0].pageCount + docs[1].pageCount);
		expect(text).toContain(`(${docs[0].formName.replace(/[()]/g, '\\$&')}) Tj`);
		expect(text).toContain('printed');

		const zip = await h.api('GET', `/files/1001/documents/download?documentIds=${ids}`);
		expect(zip.status).toBe(200);
		expect(zip.headers['content-type']).toBe('application/zip');
		expect(zip.bytes.subarray(0, 4).equals(Buffer.from([0x50, 0x4b, 0x03, 0x04]))).toBe(true);
		const entries = unzip(zip.bytes);
		expect(entries.map((e) => e.name)).toHaveLength(2);
		for (const entry of entries) {
			expect(entry.name).toMatch(/\.pdf$/);
			expect(crc32(entry.data)).toBe(entry.crc);
			expectPdf(entry.data);
		}

		const single = await h.api('GET', `/files/1001/documents/download?documentIds=${docs[0].id}`);
		expect(single.headers['content-type']).toBe('application/pdf');
		expectPdf(single.bytes, docs[0].pageCount);
	});

	it('answers download failures with the JSON error body', async () => {
		const missing = await h.api('GET', '/files/1001/documents/download/pdf');
		expect(missing.status).toBe(400);
		expect(errorOf(missing).errors[0]).toContain('documentIds');
		expect((await h.api('GET', '/files/1001/documents/download?documentIds=1,a')).status).toBe(400);
		const foreign = (await listDocs(1002)).documents[0].id;
		const notHere = await h.api('GET', `/files/1001/documents/download?documentIds=${foreign}`);
		expect(notHere.status).toBe(404);
		expect(notHere.headers['content-type']).toContain('application/json');
		expect(errorOf(notHere).errors[0]).toContain(String(foreign));
		expect((await h.api('GET', `/files/1001/documents/download?documentIds=1`, { token: h.tokenWith(['forms.files']) })).status).toBe(403);
	});
});
