import { USERS } from '../../sandbox/forms';
import { fieldsOf } from '../../sandbox/forms/seed';
import { binary, readBinary } from '../../harness/node';
import { byId, fromList, jsonOf, tinyPdf, useForms } from '../../harness/forms-env';

const env = useForms();

/** A file of the caller's with at least `min` form documents. */
function fileWithDocuments(min = 2, skip = 0) {
	const files = [...env.state.store.files.values()].filter(
		(f) =>
			f.type === 'File' &&
			f.ownedBy === USERS.caller &&
			!f.isDeleted &&
			env.state.store.liveDocuments(f.id).filter((d) => d.formId !== null).length >= min,
	);
	return files[skip];
}

function formDocuments(fileId: number) {
	return env.state.store.liveDocuments(fileId).filter((d) => d.formId !== null);
}

describe('Document > Get Many', () => {
	it('lists the documents of a file as records, with a limit', async () => {
		const file = fileWithDocuments(2);
		const result = await env.run({ resource: 'document', operation: 'getAll', fileId: byId(file.id), limit: 1 });
		expect(result.error).toBeUndefined();
		expect(jsonOf(result)).toEqual([expect.objectContaining({ id: formDocuments(file.id)[0].id, fileId: file.id })]);
		expect(env.api('GET')[0].path).toBe(`/partner/api/files/${file.id}/documents`);
	});

	it('returns all of them with Return All', async () => {
		const file = fileWithDocuments(2);
		const result = await env.run({ resource: 'document', operation: 'getAll', fileId: byId(file.id), returnAll: true });
		expect(jsonOf(result)).toHaveLength(env.state.store.liveDocuments(file.id).length);
	});
});

/** Document > Get of `doc`, with these parameters besides. */
const getDocument = (doc: { id: number }, parameters: Record<string, unknown>) =>
	env.run({ resource: 'document', operation: 'get', documentId: byId(doc.id), ...parameters });

describe('Document > Get', () => {
	it('returns all fields (one request of 500), simplified', async () => {
		const file = fileWithDocuments(1);
		const doc = formDocuments(file.id)[0];
		const form = env.state.store.forms.get(doc.formId!)!;
		const result = await env.run({ resource: 'document', operation: 'get', documentId: byId(doc.id) });
		expect(result.error).toBeUndefined();
		const [json] = jsonOf(result);
		expect(json).toMatchObject({ id: doc.id, formName: doc.formName, totalFields: fieldsOf(form).length });
		expect(json.fields).toHaveLength(fieldsOf(form).length);
		expect((json.fields as Array<Record<string, unknown>>)[0]).toEqual({
			name: fieldsOf(form)[0].name,
			dataRef: fieldsOf(form)[0].dataRef,
			type: fieldsOf(form)[0].type,
			pageNumber: fieldsOf(form)[0].pageNumber,
			isReadOnly: false,
			isOptional: fieldsOf(form)[0].isOptional,
			allowOverrideIsOptional: fieldsOf(form)[0].esignAllowOverrideIsOptional,
		});
		const sent = env.api('GET');
		expect(sent).toHaveLength(1);
		expect(sent[0]).toMatchObject({ path: `/partner/api/documents/${doc.id}`, query: { page: '1', pageSize: '500' } });
	});

	it('returns one page of fields, raw', async () => {
		const doc = formDocuments(fileWithDocuments(1).id)[0];
		const result = await getDocument(doc, {
			fieldsMode: 'page',
			page: 2,
			pageSize: 3,
			simplify: false,
		});
		const [json] = jsonOf(result);
		expect(json).toMatchObject({ id: doc.id, page: 2, pageSize: 3, totalPages: expect.any(Number) });
		expect(json.fields).toHaveLength(3);
		expect(env.api('GET')[0].query).toEqual({ page: '2', pageSize: '3' });
	});

	it('refuses a page size above 500 before any request', async () => {
		const doc = formDocuments(fileWithDocuments(1).id)[0];
		const result = await getDocument(doc, {
			fieldsMode: 'page',
			pageSize: '={{ 501 }}',
		});
		expect(result.error?.message).toMatch(/^Page Size: must be a whole number from 1 to 500, got 501 \[item 0\]/);
		expect(env.api()).toHaveLength(0);
	});
});

describe('Document > Add From Forms', () => {
	it('adds the chosen forms as documents, on behalf of a collaborator', async () => {
		const file = fileWithDocuments(1);
		const result = await env.run({
			resource: 'document',
			operation: 'addFromForms',
			fileId: fromList(file.id),
			libraryId: 11,
			formIds: [301, 303],
			onBehalfOf: fromList(USERS.riley),
		});
		expect(result.error).toBeUndefined();
		expect(jsonOf(result)[0]).toEqual({ fileId: file.id, documentIds: [expect.any(Number), expect.any(Number)] });
		expect(env.api('PATCH')[0]).toMatchObject({
			path: `/partner/api/files/${file.id}/documents`,
			body: { formIds: [301, 303], onBehalfOf: USERS.riley },
		});
	});

	it('accepts a comma-separated list from an expression, and refuses a bad ID before any request', async () => {
		const file = fileWithDocuments(1);
		const ok = await env.run({ resource: 'document', operation: 'addFromForms', fileId: byId(file.id), formIds: '={{ "303, 304" }}' });
		expect(ok.error).toBeUndefined();
		expect(env.api('PATCH')[0].body).toEqual({ formIds: [303, 304] });
		env.sandbox.clearLog();
		const bad = await env.run({ resource: 'document', operation: 'addFromForms', fileId: byId(file.id), formIds: '={{ "303,x" }}' });
		expect(bad.error?.message).toMatch(/^Forms: must be a whole number/);
		expect(env.api()).toHaveLength(0);
	});
});

describe('Document > Update Fields', () => {
	it('sends only the given name/value pairs', async () => {
		const doc = formDocuments(fileWithDocuments(1).id)[0];
		const [a, b] = fieldsOf(env.state.store.forms.get(doc.formId!)!);
		const result = await env.run({
			resource: 'document',
			operation: 'updateFields',
			documentId: byId(doc.id),
			fields: { field: [{ name: a.dataRef, value: 'first' }, { name: b.dataRef, value: 'second' }] },
		});
		expect(result.error).toBeUndefined();
		expect(jsonOf(result)[0]).toEqual({ documentId: doc.id, didAddendumsChange: expect.any(Boolean) });
		expect(env.api('PATCH')[0]).toMatchObject({
			path: `/partner/api/documents/${doc.id}`,
			body: { [a.dataRef]: 'first', [b.dataRef]: 'second' },
		});
		expect(Object.keys(env.api('PATCH')[0].body as object)).toHaveLength(2);
	});

	it('sends typed values from JSON', async () => {
		const doc = formDocuments(fileWithDocuments(1).id)[0];
		const [a] = fieldsOf(env.state.store.forms.get(doc.formId!)!);
		const result = await env.run({
			resource: 'document',
			operation: 'updateFields',
			documentId: byId(doc.id),
			inputMode: 'json',
			fieldsJson: JSON.stringify({ [a.dataRef]: true }),
		});
		expect(result.error).toBeUndefined();
		expect(env.api('PATCH')[0].body).toEqual({ [a.dataRef]: true });
	});

	it('refuses an empty or non-object JSON before any request', async () => {
		const doc = formDocuments(fileWithDocuments(1).id)[0];
		const empty = await env.run({ resource: 'document', operation: 'updateFields', documentId: byId(doc.id), inputMode: 'json', fieldsJson: '{}' });
		expect(empty.error?.message).toMatch(/Fields \(JSON\): add at least one field value/);
		const list = await env.run({ resource: 'document', operation: 'updateFields', documentId: byId(doc.id), inputMode: 'json', fieldsJson: '[1]' });
		expect(list.error?.message).toMatch(/Fields \(JSON\): must be a JSON object/);
		expect(env.api()).toHaveLength(0);
	});
});

describe('Document > Upload PDF', () => {
	it('sends the binary as multipart and returns the new document', async () => {
		const file = fileWithDocuments(1);
		const pdf = tinyPdf('upload');
		const result = await env.run(
			{ resource: 'document', operation: 'upload', fileId: byId(file.id), options: { isSignedDocument: true } },
			{ input: [{ json: {}, binary: { data: binary(pdf, 'Inspection Report.pdf', 'application/pdf') } }] },
		);
		expect(result.error).toBeUndefined();
		const [json] = jsonOf(result);
		expect(json).toMatchObject({ fileId: file.id, documentName: 'Inspection Report', size: pdf.length, documentId: expect.any(Number) });
		const stored = env.state.store.documents.get(json.documentId as number)!;
		expect(stored.bytes?.equals(pdf)).toBe(true);
		expect(stored.formName).toBe('Inspection Report');
		expect(stored.isSigned).toBe(true);
		const [sent] = env.api('POST');
		expect(sent.path).toBe(`/partner/api/files/${file.id}/documents/upload`);
		expect(sent.headers['content-type']).toMatch(/^multipart\/form-data; boundary=/);
	});

	it('refuses a binary that is not a PDF, before any request', async () => {
		const result = await env.run(
			{ resource: 'document', operation: 'upload', fileId: byId(fileWithDocuments(1).id) },
			{ input: [{ json: {}, binary: { data: binary('PK\u0003\u0004 not a pdf', 'x.pdf', 'application/pdf') } }] },
		);
		expect(result.error?.message).toMatch(/Input Binary Field: "data" is not a PDF.*item 0/);
		expect(env.api()).toHaveLength(0);
	});

	it('refuses more than 25 MB before any request', async () => {
		const big = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(25 * 1024 * 1024)]);
		const result = await env.run(
			{ resource: 'document', operation: 'upload', fileId: byId(fileWithDocuments(1).id) },
			{ input: [{ json: {}, binary: { data: binary(big, 'big.pdf', 'application/pdf') } }] },
		);
		expect(result.error?.message).toMatch(/Input Binary Field: is \d+ bytes; the service accepts at most 25 MB/);
		expect(env.api()).toHaveLength(0);
	});

	it('refuses an item without the binary field, and with continueOnFail pairs the error with it', async () => {
		const file = fileWithDocuments(1);
		const result = await env.run(
			{ resource: 'document', operation: 'upload', fileId: byId(file.id), documentName: 'Doc' },
			{
				continueOnFail: true,
				input: [{ json: {} }, { json: {}, binary: { data: binary(tinyPdf(), 'a.pdf', 'application/pdf') } }],
			},
		);
		const items = result.output[0];
		expect(items[0].json.error).toMatch(/Input Binary Field: the item has no binary field "data" \[item 0\]/);
		expect(items[0].pairedItem).toEqual({ item: 0 });
		expect(items[1].json).toMatchObject({ documentName: 'Doc', documentId: expect.any(Number) });
		expect(items[1].pairedItem).toEqual({ item: 1 });
		expect(env.api('POST')).toHaveLength(1);
	});
});

describe('Document > Download', () => {
	it('downloads one document as a PDF into a binary field', async () => {
		const file = fileWithDocuments(2);
		const doc = formDocuments(file.id)[0];
		const result = await env.run({
			resource: 'document',
			operation: 'download',
			fileId: byId(file.id),
			documentIds: [doc.id],
			binaryPropertyName: 'pdf',
		});
		expect(result.error).toBeUndefined();
		const [item] = result.output[0];
		expect(item.json).toMatchObject({ fileId: file.id, documentIds: [doc.id], mimeType: 'application/pdf' });
		expect(item.binary?.pdf).toMatchObject({ mimeType: 'application/pdf', fileName: expect.stringMatching(/\.pdf$/) });
		const bytes = await readBinary(item, 'pdf');
		expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
		expect(env.api('GET')[0]).toMatchObject({
			path: `/partner/api/files/${file.id}/documents/download`,
			query: { documentIds: String(doc.id) },
		});
	});

	it('downloads several documents as a ZIP, with a chosen file name', async () => {
		const file = fileWithDocuments(2);
		const [a, b] = formDocuments(file.id);
		const result = await env.run({
			resource: 'document',
			operation: 'download',
			fileId: byId(file.id),
			documentIds: `={{ "${a.id},${b.id}" }}`,
			binaryPropertyName: 'data',
			options: { fileName: 'bundle' },
		});
		expect(result.error).toBeUndefined();
		const [item] = result.output[0];
		expect(item.binary?.data).toMatchObject({ mimeType: 'application/zip', fileName: 'bundle.zip' });
		const bytes = await readBinary(item);
		expect(bytes.subarray(0, 2).toString('latin1')).toBe('PK');
		expect(env.api('GET')[0].query).toEqual({ documentIds: `${a.id},${b.id}` });
	});

	it('passes a 404 for a document of another file through as the service said it', async () => {
		const file = fileWithDocuments(2);
		const other = fileWithDocuments(2, 1);
		const result = await env.run({
			resource: 'document',
			operation: 'download',
			fileId: byId(file.id),
			documentIds: [formDocuments(other.id)[0].id],
			binaryPropertyName: 'data',
		});
		expect(result.error?.message).toMatch(/404: Documents were not found on this file/);
		expect(result.error?.description).toMatch(/is not a document of file/);
	});

	it('refuses an empty document list before any request', async () => {
		const result = await env.run({
			resource: 'document',
			operation: 'download',
			fileId: byId(fileWithDocuments(2).id),
			documentIds: '={{ [] }}',
			binaryPropertyName: 'data',
		});
		expect(result.error?.message).toMatch(/^Documents: needs at least one id/);
		expect(env.api()).toHaveLength(0);
	});
});

describe('Document > Download as Combined PDF', () => {
	it('downloads one stamped PDF for several documents', async () => {
		const file = fileWithDocuments(2);
		const [a, b] = formDocuments(file.id);
		const result = await env.run({
			resource: 'document',
			operation: 'downloadCombined',
			fileId: byId(file.id),
			documentIds: [a.id, b.id],
			binaryPropertyName: 'data',
		});
		expect(result.error).toBeUndefined();
		const [item] = result.output[0];
		expect(item.binary?.data).toMatchObject({ mimeType: 'application/pdf', fileName: expect.stringMatching(/\.pdf$/) });
		expect((await readBinary(item)).subarray(0, 5).toString('latin1')).toBe('%PDF-');
		expect(env.api('GET')[0]).toMatchObject({
			path: `/partner/api/files/${file.id}/documents/download/pdf`,
			query: { documentIds: `${a.id},${b.id}` },
		});
	});
});

describe('Document > Delete', () => {
	it('deletes and returns { deleted: true }', async () => {
		const file = fileWithDocuments(2, 2);
		const doc = formDocuments(file.id)[0];
		const result = await env.run({ resource: 'document', operation: 'delete', fileId: byId(file.id), documentId: byId(doc.id) });
		expect(result.error).toBeUndefined();
		expect(jsonOf(result)[0]).toEqual({ deleted: true, documentId: doc.id });
		expect(env.api('DELETE')[0].path).toBe(`/partner/api/documents/${doc.id}`);
		expect(env.state.store.documents.get(doc.id)?.isDeleted).toBe(true);
	});
});
