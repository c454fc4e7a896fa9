// Both namings read: the service documents and SkySlope's OpenAPI name some fields of the same
// record differently. The sandbox answers in either (store.naming); every affected operation of the
// node gives the same output in both.
import type { Naming } from '../../sandbox/forms/naming';
import { USERS } from '../../sandbox/forms';
import { byId, jsonOf, startForms, type FormsEnv } from '../../harness/forms-env';

let env: FormsEnv;

beforeAll(async () => {
	env = await startForms();
});
afterAll(async () => await env.close());
afterEach(() => {
	env.state.store.naming = 'service';
	env.sandbox.clearLog();
});

function sample() {
	const { store } = env.state;
	const signed = store.signed.find((r) => store.files.get(r.fileId)?.ownedBy === USERS.caller)!;
	const file = store.files.get(signed.fileId)!;
	const doc = store.liveDocuments(file.id).find((d) => d.formId)!;
	return { file, doc, signed };
}

async function outputsIn(naming: Naming) {
	env.state.store.naming = naming;
	const { file, doc, signed } = sample();
	const fileOut = jsonOf(await env.run({ resource: 'file', operation: 'get', fileId: byId(file.id), simplify: true }))[0];
	const fileRaw = jsonOf(await env.run({ resource: 'file', operation: 'get', fileId: byId(file.id), simplify: false }))[0];
	const docOut = jsonOf(await env.run({ resource: 'document', operation: 'get', documentId: byId(doc.id), simplify: true }))[0];
	const signedOut = jsonOf(await env.run({ resource: 'signedDocument', operation: 'getAllForFile', fileId: byId(signed.fileId), returnAll: true }));
	const forms = await env.method('loadOptions', 'getForms', { resource: 'document', operation: 'addFromForms', libraryId: 11 });
	return { fileOut, fileRaw, docOut, signedOut, forms };
}

describe('the same outputs whichever naming the service answers in', () => {
	it('File > Get (Simplify), Document > Get (Simplify), Signed Documents, and the form list', async () => {
		const service = await outputsIn('service');
		const openapi = await outputsIn('openapi');
		// The sandbox really answered in two namings...
		expect(Object.keys(service.fileRaw)).toEqual(expect.arrayContaining(['createdOn', 'updatedOn', 'type']));
		expect(Object.keys(openapi.fileRaw)).toEqual(expect.arrayContaining(['createdDate', 'lastUpdated', 'fileType']));
		expect(openapi.fileRaw).not.toHaveProperty('updatedOn');
		expect(openapi.signedOut[0]).toHaveProperty('digisignDocumentGuid');
		expect(env.api('GET', /\/forms$/)[0]).toBeDefined();
		// ...and the node read both the same way.
		expect(openapi.fileOut).toEqual(service.fileOut);
		expect(service.fileOut).toMatchObject({ type: 'File', updatedOn: expect.any(String), createdOn: expect.any(String) });
		expect(openapi.docOut).toEqual(service.docOut);
		const fields = service.docOut.fields as Array<{ allowOverrideIsOptional: unknown }>;
		expect(fields.length).toBeGreaterThan(0);
		expect(fields.every((f) => typeof f.allowOverrideIsOptional === 'boolean')).toBe(true);
		expect(openapi.signedOut.length).toBe(service.signedOut.length);
		expect(openapi.forms).toEqual(service.forms);
		expect(service.forms.length).toBeGreaterThan(0);
		expect(service.forms.every((f) => typeof f.value === 'number')).toBe(true);
	});
});
