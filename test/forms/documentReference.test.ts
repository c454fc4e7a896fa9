// A document passed on by reference: what Download returns (fileId, documentIds) is what Upload PDF
// takes as its source, so an AI agent moves a signed PDF from one file to another with two numbers
// and never sees the bytes.
import type { IDataObject } from 'n8n-workflow';

import { USERS } from '../../sandbox/forms';
import { readBinary } from '../../harness/node';
import { byId, jsonOf, useForms } from '../../harness/forms-env';

const env = useForms();

/** The caller's live files with a form document, oldest first. */
function filesWithDocuments() {
	return [...env.state.store.files.values()].filter(
		(f) =>
			f.type === 'File' &&
			f.ownedBy === USERS.caller &&
			!f.isDeleted &&
			env.state.store.liveDocuments(f.id).some((d) => d.formId !== null),
	);
}

describe('Document > Upload PDF from a SkySlope Forms document', () => {
	it('takes the reference a download returned, fetches that document and uploads the same bytes to another file', async () => {
		const [from, to] = filesWithDocuments();
		const doc = env.state.store.liveDocuments(from.id).find((d) => d.formId !== null)!;
		const download = await env.run({ resource: 'document', operation: 'download', fileId: byId(from.id), documentIds: [doc.id] });
		expect(download.error).toBeUndefined();
		const reference = download.output[0][0].json as IDataObject;
		const downloaded = await readBinary(download.output[0][0], 'data');
		expect(reference).toEqual({
			fileId: from.id,
			documentIds: [doc.id],
			fileName: expect.stringMatching(/\.pdf$/),
			mimeType: 'application/pdf',
			fileSize: downloaded.length,
		});

		env.sandbox.clearLog();
		const upload = await env.run({
			resource: 'document',
			operation: 'upload',
			fileId: byId(to.id),
			pdfSource: 'document',
			sourceFileId: reference.fileId as number,
			sourceDocumentId: (reference.documentIds as number[])[0],
			documentName: 'Signed purchase agreement',
		});
		expect(upload.error).toBeUndefined();
		const [json] = jsonOf(upload);
		expect(json).toMatchObject({
			fileId: to.id,
			documentName: 'Signed purchase agreement',
			size: downloaded.length,
			copiedFrom: { fileId: from.id, documentId: doc.id },
			documentId: expect.any(Number),
		});
		// What the sandbox received: the download of that one document, then the upload to the other file.
		expect(env.api().map((e) => ({ request: `${e.method} ${e.path}`, query: e.query }))).toEqual([
			{ request: `GET /partner/api/files/${from.id}/documents/download`, query: { documentIds: String(doc.id) } },
			{ request: `POST /partner/api/files/${to.id}/documents/upload`, query: {} },
		]);
		const stored = env.state.store.documents.get(json.documentId as number)!;
		expect(stored.fileId).toBe(to.id);
		expect(stored.formName).toBe('Signed purchase agreement');
		expect(stored.bytes?.equals(downloaded)).toBe(true);
	});

	it('names the copy after the served file name when no Document Name is given', async () => {
		const [from, to] = filesWithDocuments();
		const doc = env.state.store.liveDocuments(from.id).find((d) => d.formId !== null)!;
		const upload = await env.run({
			resource: 'document',
			operation: 'upload',
			fileId: byId(to.id),
			pdfSource: 'document',
			sourceFileId: from.id,
			sourceDocumentId: doc.id,
		});
		expect(upload.error).toBeUndefined();
		const served = env.api('GET')[0];
		expect(served.path).toBe(`/partner/api/files/${from.id}/documents/download`);
		const [json] = jsonOf(upload);
		expect(typeof json.documentName).toBe('string');
		expect(json.documentName).not.toMatch(/\.pdf$/i);
		expect(env.state.store.documents.get(json.documentId as number)?.formName).toBe(json.documentName);
	});

	it('refuses a missing or non-numeric reference before any request, naming the parameter and item', async () => {
		const [, to] = filesWithDocuments();
		for (const [sourceFileId, sourceDocumentId, named] of [
			[0, 5, 'Source File ID'],
			[5, 'twelve', 'Source Document ID'],
		] as const) {
			const result = await env.run({ resource: 'document', operation: 'upload', fileId: byId(to.id), pdfSource: 'document', sourceFileId, sourceDocumentId });
			expect(result.error?.message).toMatch(new RegExp(`^${named}: .*\\[item 0\\]$`));
		}
		expect(env.api()).toHaveLength(0);
	});

	it('a document the service does not have fails the item with the service error, and nothing is uploaded', async () => {
		const [from, to] = filesWithDocuments();
		const result = await env.run({
			resource: 'document',
			operation: 'upload',
			fileId: byId(to.id),
			pdfSource: 'document',
			sourceFileId: from.id,
			sourceDocumentId: 987654,
		});
		expect(result.error).toBeDefined();
		expect(env.api('POST')).toHaveLength(0);
		expect(env.api('GET')[0].status).toBeGreaterThanOrEqual(400);
	});
});
