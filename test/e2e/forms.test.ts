/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports -- dev tooling, never shipped in dist */
// SkySlope Forms inside a real n8n: one workflow per operation (chained where one needs another's
// output), and the trigger activated, fired by the sandbox's sign route, and refusing a forged call.
// Seeded sandbox files 1001-1023 belong to the demo user; template 1031 is a personal template.
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';

import {
	api as n8nApi,
	clearSandboxLog,
	createWorkflow,
	deactivateWorkflow,
	editorClient,
	formsTriggerWorkflow,
	type Json,
	NODE_TYPES,
	type RunResult,
	runWorkflow,
	sandboxLog,
	setFaults,
	skyslopeNode,
	state,
	waitForExecution,
	type Workflow,
	workflow,
} from '../../harness/n8n/workflows';
import { conformanceProblems } from '../conformance/openapi';

const id = (value: string | number) => ({ __rl: true, mode: 'id', value: String(value) });

/** A seeded user of the sandbox (a collaborator of the demo user). */
const USER = '00000000-0000-4000-8000-000000000002';

function forms(name: string, parameters: Json, extra: Json = {}) {
	return skyslopeNode('forms', name, parameters, extra);
}

function ok(result: RunResult): RunResult {
	if (result.status !== 'success') {
		throw new Error(`execution ${result.executionId} ended ${result.status}: ${JSON.stringify(result.error ?? {})}`);
	}
	return result;
}

async function api(method?: string, path?: RegExp) {
	return (await sandboxLog('forms')).filter(
		(e) => e.path.startsWith('/partner/api') && (!method || e.method === method) && (!path || path.test(e.path)),
	);
}

async function sign(fileId: number): Promise<Json> {
	const res = await fetch(`${state().sandboxUrl}/forms/sandbox/files/${fileId}/sign`, { method: 'POST' });
	expect(res.status).toBe(200);
	return ((await res.json()) as { notification: Json }).notification;
}

beforeEach(async () => {
	await clearSandboxLog();
});

// Every request of every workflow here, checked against SkySlope's own OpenAPI document.
afterEach(async () => {
	expect(conformanceProblems('forms', await sandboxLog('forms'))).toEqual([]);
});

/** A new file to write to, created by the Forms node itself (so tests never share a file's state). */
const createFile = (name: string) =>
	forms(name, { resource: 'file', operation: 'create', name: `e2e ${name}`, representationType: 'Buyer' });

/** The nodes' calls to the partner API as `METHOD path`, the given file id shown as {id}. */
async function calls(fileId?: unknown): Promise<string[]> {
	return (await api()).map((e) => `${e.method} ${fileId === undefined ? e.path : e.path.split(String(fileId)).join('{id}')}`);
}

describe('SkySlope Forms in n8n: File', () => {
	it('File > Get Many', async () => {
		const r = ok(
			await runWorkflow(
				workflow([forms('Files', { resource: 'file', operation: 'getAll', limit: 3, sort: { field: 'name', direction: 'asc' } })]),
			),
		);
		expect(r.json('Files')).toHaveLength(3);
		expect(r.json('Files')[0]).toHaveProperty('id');
		const [list] = await api('GET', /\/files$/);
		expect(list.query).toMatchObject({ page: '1', pageSize: '3', sorts: 'name' });
	});

	it('File > Get', async () => {
		const r = ok(
			await runWorkflow(workflow([forms('File', { resource: 'file', operation: 'get', fileId: id('={{ $json.id }}') })]), {
				input: [{ id: 1001 }, { id: 1002 }],
			}),
		);
		expect(r.json('File').map((f) => f.id)).toEqual([1001, 1002]);
		expect(r.items('File').map((i) => i.pairedItem)).toEqual([{ item: 0 }, { item: 1 }]);
		// File Get runs items side by side: the requests may reach the service in either order.
		expect((await calls()).sort()).toEqual(['GET /partner/api/files/1001', 'GET /partner/api/files/1002']);
	});

	it('File > Get, 60 items in flight through token expiries: no refresh refused although the refresh token rotates, every item back', async () => {
		await clearSandboxLog();
		await setFaults([{ service: 'forms', method: 'GET', path: '^/partner/api/files/10', expireEvery: 20 }]);
		let r: RunResult;
		try {
			r = await runWorkflow(workflow([forms('File', { resource: 'file', operation: 'get', fileId: id('={{ $json.id }}') })]), {
				input: Array.from({ length: 60 }, (_, i) => ({ id: 1001 + (i % 12) })),
			});
		} finally {
			await setFaults([]);
		}
		const log = await sandboxLog('forms');
		const expiries = log.filter((e) => e.expired === true).length;
		const refreshes = log.filter((e) => e.method === 'POST' && /token/.test(e.path));
		expect(r.nodeError('File')?.message).toBeUndefined();
		expect(r.json('File').map((f) => f.id)).toEqual(Array.from({ length: 60 }, (_, i) => 1001 + (i % 12)));
		expect(expiries).toBeGreaterThanOrEqual(2);
		// A rotated refresh token works once: a second refresh with it would be refused (invalid_grant).
		expect(refreshes.filter((e) => e.status >= 400)).toEqual([]);
	});

	it('File > Create (with MLS import)', async () => {
		const r = ok(
			await runWorkflow(
				workflow([
					forms('Create file', {
						resource: 'file',
						operation: 'create',
						name: 'e2e create',
						representationType: 'Seller',
						importMls: true,
						mlsNumber: 'NM-E2E',
						property: { address: { streetNumber: '5', streetName: 'E2e Ave', state: 'CA', postalCode: '95814' } },
					}),
				]),
			),
		);
		const [file] = r.json('Create file');
		expect(file).toEqual({ fileId: expect.any(Number), mlsImport: { status: 'not_imported', reason: 'no_match' } });
		const [post] = await api('POST');
		expect(post.query).toEqual({ importMls: 'true' });
		expect(post.body).toMatchObject({ name: 'e2e create', representationType: 'Seller', mlsNumber: 'NM-E2E' });
	});

	it('File > Update Details', async () => {
		const r = ok(
			await runWorkflow(
				workflow([
					createFile('For details'),
					forms('Update details', {
						resource: 'file',
						operation: 'updateDetails',
						fileId: id('={{ $json.fileId }}'),
						updateFields: { closingDate: '2026-06-30', purchasePrice: 450000 },
					}),
				]),
			),
		);
		const fileId = r.json('For details')[0].fileId;
		expect(r.json('Update details')[0]).toMatchObject({ fileId });
		const [patch] = await api('PATCH');
		expect(patch.body).toEqual({ fileData: { purchasePrice: 450000, closingDate: '2026-06-30' } });
	});

	it('File > Replace', async () => {
		const r = ok(
			await runWorkflow(
				workflow([
					createFile('For replace'),
					forms('Replace', {
						resource: 'file',
						operation: 'replace',
						fileId: id('={{ $json.fileId }}'),
						property: { address: { streetNumber: '7', streetName: 'Other St', state: 'TX', postalCode: '78704' } },
						contacts: '[{"type":"Buyer","firstName":"Ada","lastName":"E2e"}]',
						commissions: { commission: [{ type: 'Listing', calculationType: 'Flat', amount: 100 }] },
						fields: { acceptanceDate: '2026-05-01' },
					}),
				]),
			),
		);
		const fileId = r.json('For replace')[0].fileId;
		expect(r.json('Replace')[0]).toMatchObject({ fileId, contacts: [expect.objectContaining({ firstName: 'Ada' })] });
		expect(await calls(fileId)).toEqual(['POST /partner/api/files', 'PUT /partner/api/files/{id}']);
	});

	it('File > Import MLS', async () => {
		const r = ok(
			await runWorkflow(
				workflow([
					createFile('For MLS'),
					forms('Import MLS', {
						resource: 'file',
						operation: 'importMls',
						fileId: id('={{ $json.fileId }}'),
						mlsNumber: 'ML-E2E',
						shouldOverride: false,
					}),
				]),
			),
		);
		const fileId = r.json('For MLS')[0].fileId;
		expect(r.json('Import MLS')[0]).toEqual({ fileId, mlsImport: { status: 'imported', importedCount: 3 } });
		expect((await api('POST', /mls-import$/))[0].body).toEqual({ mlsNumber: 'ML-E2E', shouldOverride: false });
	});

	it('File > Apply Template', async () => {
		const r = ok(
			await runWorkflow(
				workflow([
					createFile('For template'),
					forms('Apply template', { resource: 'file', operation: 'applyTemplate', fileId: id('={{ $json.fileId }}'), templateId: id(1031) }),
				]),
			),
		);
		const fileId = r.json('For template')[0].fileId;
		expect(r.json('Apply template')[0]).toEqual({ fileId });
		expect((await api('POST', /\/templates$/))[0].body).toEqual({ templateId: 1031 });
	});

	it('File > Subscribe to Signed Documents', async () => {
		const r = ok(
			await runWorkflow(
				workflow([
					createFile('For subscribe'),
					forms('Subscribe', {
						resource: 'file',
						operation: 'subscribe',
						fileId: id('={{ $json.fileId }}'),
						webhookUrl: 'https://example.com/e2e-hook',
					}),
				]),
			),
		);
		const fileId = r.json('For subscribe')[0].fileId;
		expect(r.json('Subscribe')[0]).toEqual({ fileId, subscribed: true, alreadySubscribed: false });
		expect(await calls(fileId)).toEqual(['POST /partner/api/files', 'POST /partner/api/documents/sign/subscribe/{id}']);
	});

	it('refuses bad input before any request and reports the parameter and the item', async () => {
		const r = await runWorkflow(
			workflow([forms('Bad date', { resource: 'file', operation: 'updateDetails', fileId: id(1001), updateFields: { closingDate: '=2026-13-40' } })]),
		);
		expect(r.status).toBe('error');
		expect(r.nodeError('Bad date')?.message).toMatch(/^Closing Date: is not a date/);
		expect(await api()).toEqual([]);
	});
});

describe('SkySlope Forms in n8n: Contact', () => {
	const addContact = forms('Add', {
		resource: 'fileContact',
		operation: 'add',
		fileId: id('={{ $json.fileId }}'),
		contactType: 'Seller',
		firstName: 'Bo',
		lastName: 'E2e',
		additionalFields: { actionAttribute: 'NeedsToSign', email: 'bo@example.com' },
	});

	it('Contact > Add', async () => {
		const r = ok(await runWorkflow(workflow([createFile('For contact'), addContact])));
		const fileId = r.json('For contact')[0].fileId;
		expect(r.json('Add')[0]).toEqual({ fileId, contactId: expect.any(Number) });
		const [, post] = await api('POST');
		expect(post.body).toEqual({
			type: 'Seller',
			firstName: 'Bo',
			lastName: 'E2e',
			actionAttribute: 'NeedsToSign',
			email: 'bo@example.com',
		});
	});

	it('Contact > Update', async () => {
		const r = ok(
			await runWorkflow(
				workflow([
					createFile('For contact update'),
					addContact,
					forms('Update', {
						resource: 'fileContact',
						operation: 'update',
						contactId: id('={{ $json.contactId }}'),
						contactType: 'Seller',
						firstName: 'Bob',
						lastName: 'E2e',
					}),
				]),
			),
		);
		const contactId = r.json('Add')[0].contactId;
		expect(r.json('Update')[0]).toEqual({ contactId });
		const [put] = await api('PUT');
		expect(put.path).toBe(`/partner/api/files/contacts/${String(contactId)}`);
	});

	it('Contact > Delete', async () => {
		const r = ok(
			await runWorkflow(
				workflow([
					createFile('For contact delete'),
					addContact,
					forms('Delete', {
						resource: 'fileContact',
						operation: 'delete',
						fileId: id('={{ $json.fileId }}'),
						contactId: id('={{ $json.contactId }}'),
					}),
				]),
			),
		);
		const { fileId, contactId } = r.json('Add')[0];
		expect(r.json('Delete')[0]).toEqual({ deleted: true, fileId, contactId });
		expect((await api('DELETE'))[0].path).toBe(`/partner/api/files/${String(fileId)}/contacts/${String(contactId)}`);
	});

	it('Contact > Add Many: one request for all items, each output paired with its item', async () => {
		const r = ok(
			await runWorkflow(workflow([forms('Add many', { resource: 'fileContact', operation: 'addMany', fileId: id('={{ $json.fileId }}') })]), {
				input: [
					{ fileId: 1002, type: 'Buyer', firstName: 'Cy', lastName: 'One' },
					{ fileId: 1002, type: 'Buyer', firstName: 'Di', lastName: 'Two' },
				],
			}),
		);
		expect(r.json('Add many').map((c) => [c.firstName, c.index])).toEqual([
			['Cy', 0],
			['Di', 1],
		]);
		expect(r.items('Add many').map((i) => i.pairedItem)).toEqual([{ item: 0 }, { item: 1 }]);
		expect(await calls()).toEqual(['POST /partner/api/files/1002/contacts/bulk']);
	});
});

describe('SkySlope Forms in n8n: Document', () => {
	const once = { executeOnce: true };

	it('Document > Get Many', async () => {
		const r = ok(await runWorkflow(workflow([forms('Documents', { resource: 'document', operation: 'getAll', fileId: id(1003), returnAll: true })])));
		expect(r.json('Documents').length).toBeGreaterThanOrEqual(2);
		expect(await calls()).toEqual(['GET /partner/api/files/1003/documents']);
	});

	it('Document > Get', async () => {
		const r = ok(
			await runWorkflow(
				workflow([
					forms('Documents', { resource: 'document', operation: 'getAll', fileId: id(1003), limit: 1 }),
					forms('Document', { resource: 'document', operation: 'get', documentId: id('={{ $json.id }}') }),
				]),
			),
		);
		expect(r.json('Document')[0].id).toBe(r.json('Documents')[0].id);
		expect(Array.isArray(r.json('Document')[0].fields)).toBe(true);
		expect((await api('GET', /^\/partner\/api\/documents\//))[0].query).toEqual({ page: '1', pageSize: '500' });
	});

	it('Document > Add From Forms', async () => {
		const r = ok(
			await runWorkflow(workflow([forms('Add from forms', { resource: 'document', operation: 'addFromForms', fileId: id(1003), formIds: [301, 303] })])),
		);
		expect(r.json('Add from forms')[0]).toEqual({ fileId: 1003, documentIds: [expect.any(Number), expect.any(Number)] });
		expect((await api('PATCH'))[0].body).toEqual({ formIds: [301, 303] });
	});

	it('Document > Update Fields', async () => {
		const r = ok(
			await runWorkflow(
				workflow([
					forms('Add from forms', { resource: 'document', operation: 'addFromForms', fileId: id(1003), formIds: [301] }),
					forms('Fields', { resource: 'document', operation: 'get', documentId: id('={{ $json.documentIds[0] }}') }),
					forms('Update fields', {
						resource: 'document',
						operation: 'updateFields',
						documentId: id('={{ $json.id }}'),
						fields: { field: [{ name: '={{ $json.fields[0].dataRef }}', value: 'filled by e2e' }] },
					}),
				]),
			),
		);
		const newId = (r.json('Add from forms')[0].documentIds as number[])[0];
		expect(r.json('Update fields')[0]).toEqual({ documentId: newId, didAddendumsChange: expect.any(Boolean) });
		const [patch] = await api('PATCH', /^\/partner\/api\/documents\//);
		expect(Object.values(patch.body as Json)).toEqual(['filled by e2e']);
	});

	it('Document > Download (one: PDF, several: ZIP)', async () => {
		const r = ok(
			await runWorkflow(
				workflow([
					forms('Documents', { resource: 'document', operation: 'getAll', fileId: id(1003), limit: 2 }),
					forms(
						'Download both',
						{ resource: 'document', operation: 'download', fileId: id(1003), documentIds: '={{ $input.all().map(i => i.json.id) }}', binaryPropertyName: 'zip' },
						once,
					),
					forms('Download one', {
						resource: 'document',
						operation: 'download',
						fileId: id(1003),
						documentIds: "={{ $('Documents').first().json.id }}",
						binaryPropertyName: 'data',
					}),
				]),
			),
		);
		expect(r.items('Download both')[0].binary?.zip).toMatchObject({ mimeType: 'application/zip' });
		expect(r.items('Download one')[0].binary?.data).toMatchObject({ mimeType: 'application/pdf' });
		const [zip, pdf] = await api('GET', /\/documents\/download$/);
		expect(String(zip.query.documentIds).split(',')).toHaveLength(2);
		expect(String(pdf.query.documentIds).split(',')).toHaveLength(1);
	});

	it('Document > Upload PDF', async () => {
		const r = ok(
			await runWorkflow(
				workflow([
					forms('Documents', { resource: 'document', operation: 'getAll', fileId: id(1003), limit: 1 }),
					forms('Download', { resource: 'document', operation: 'download', fileId: id(1003), documentIds: '={{ $json.id }}', binaryPropertyName: 'data' }),
					forms('Upload', { resource: 'document', operation: 'upload', fileId: id(1003), binaryPropertyName: 'data', documentName: 'e2e upload', options: { isSignedDocument: false } }),
				]),
			),
		);
		expect(r.json('Upload')[0]).toMatchObject({ fileId: 1003, documentName: 'e2e upload', documentId: expect.any(Number) });
		const [upload] = await api('POST', /\/documents\/upload$/);
		expect(String((upload.headers as Json)['content-type'])).toMatch(/^multipart\/form-data; boundary=/);
	});

	it('Document > Download as Combined PDF', async () => {
		const r = ok(
			await runWorkflow(
				workflow([
					forms('Documents', { resource: 'document', operation: 'getAll', fileId: id(1003), limit: 2 }),
					forms(
						'Combined',
						{ resource: 'document', operation: 'downloadCombined', fileId: id(1003), documentIds: '={{ $input.all().map(i => i.json.id) }}', binaryPropertyName: 'data' },
						once,
					),
				]),
			),
		);
		expect(r.items('Combined')[0].binary?.data).toMatchObject({ mimeType: 'application/pdf' });
		expect((await api('GET', /\/download\/pdf$/)).length).toBe(1);
	});

	it('Document > Delete', async () => {
		const r = ok(
			await runWorkflow(
				workflow([
					forms('Add from forms', { resource: 'document', operation: 'addFromForms', fileId: id(1003), formIds: [303] }),
					forms('Delete', { resource: 'document', operation: 'delete', documentId: id('={{ $json.documentIds[0] }}') }),
				]),
			),
		);
		const documentId = (r.json('Add from forms')[0].documentIds as number[])[0];
		expect(r.json('Delete')[0]).toEqual({ deleted: true, documentId });
		expect((await api('DELETE'))[0].path).toBe(`/partner/api/documents/${documentId}`);
	});
});

describe('SkySlope Forms in n8n: Signed Document and Envelope', () => {
	it('Signed Document > Get Many for a File', async () => {
		const notification = await sign(1004);
		await clearSandboxLog();
		const r = ok(await runWorkflow(workflow([forms('Of the file', { resource: 'signedDocument', operation: 'getAllForFile', fileId: id(1004), returnAll: true })])));
		expect(r.json('Of the file').length).toBeGreaterThanOrEqual((notification.documentIds as number[]).length);
		expect(await calls()).toEqual(['GET /partner/api/documents/signed/1004']);
	});

	it('Signed Document > Get Many for an Envelope', async () => {
		const notification = await sign(1002);
		await clearSandboxLog();
		const r = ok(
			await runWorkflow(
				workflow([
					forms('Of the envelope', {
						resource: 'signedDocument',
						operation: 'getAllForEnvelope',
						fileId: id(1002),
						envelopeId: id('={{ $json.formsEnvelopeId }}'),
						returnAll: true,
					}),
				]),
				{ input: [{ formsEnvelopeId: notification.formsEnvelopeId }] },
			),
		);
		expect(r.json('Of the envelope').length).toBe((notification.documentIds as number[]).length);
		expect(r.json('Of the envelope').every((d) => d.formsEnvelopeId === notification.formsEnvelopeId)).toBe(true);
	});

	it('Envelope > Get Many sorts with the Sort collection', async () => {
		const r = ok(
			await runWorkflow(
				workflow([
					forms('Envelopes', { resource: 'envelope', operation: 'getAll', fileId: id(1001), returnAll: true, sort: { field: 'datesent', direction: 'asc' } }),
				]),
			),
		);
		const sent = r.json('Envelopes').map((e) => String(e.dateSent ?? ''));
		expect(sent.length).toBeGreaterThan(0);
		expect(sent).toEqual([...sent].sort());
		expect((await api('GET'))[0].query).toMatchObject({ page: '1', pageSize: '500', sorts: 'datesent' });
	});

	it('Envelope > Create', async () => {
		const r = ok(
			await runWorkflow(
				workflow([
					forms('Documents', { resource: 'document', operation: 'getAll', fileId: id(1001), limit: 1 }),
					forms('Create envelope', {
						resource: 'envelope',
						operation: 'create',
						fileId: id(1001),
						envelopeName: 'e2e envelope',
						documentIds: '={{ $json.id }}',
					}),
				]),
			),
		);
		expect(r.json('Create envelope')[0]).toEqual({ fileId: 1001, envelope: { id: expect.any(Number), name: 'e2e envelope' } });
		expect((await api('POST'))[0].body).toEqual({ envelopeName: 'e2e envelope', documentIds: [r.json('Documents')[0].id] });
	});
});

describe('SkySlope Forms in n8n: Template, Form, Library, Collaborator, User', () => {
	it('Template > Get Many', async () => {
		const r = ok(await runWorkflow(workflow([forms('Templates', { resource: 'template', operation: 'getAll', templateType: 'BrokerTemplate', returnAll: true })])));
		expect(r.json('Templates').length).toBeGreaterThan(0);
		expect(r.json('Templates').every((t) => t.type === 'BrokerTemplate')).toBe(true);
		expect((await api('GET'))[0].query).toEqual({ type: 'BrokerTemplate' });
	});

	it('Form > Get Many', async () => {
		const r = ok(await runWorkflow(workflow([forms('Forms', { resource: 'form', operation: 'getAll', libraryIds: [11], limit: 5 })])));
		expect(r.json('Forms')).toHaveLength(5);
		expect(r.json('Forms').every((f) => f.libraryId === 11)).toBe(true);
		expect((await api('GET'))[0].query).toEqual({ libraryIds: '11', page: '1', pageSize: '5' });
	});

	it('Library > Get Many', async () => {
		const r = ok(await runWorkflow(workflow([forms('Libraries', { resource: 'library', operation: 'getAll', returnAll: true })])));
		expect(r.json('Libraries').map((l) => l.id)).toEqual([11, 12, 13]);
	});

	it('Collaborator > Get Many', async () => {
		const r = ok(await runWorkflow(workflow([forms('Collaborators', { resource: 'collaborator', operation: 'getAll', returnAll: true, receivingOnly: true })])));
		expect(r.json('Collaborators').length).toBe(3);
		expect(r.json('Collaborators').every((c) => c.isReceivingAccess === true)).toBe(true);
	});

	it('User > Get Profile', async () => {
		const r = ok(await runWorkflow(workflow([forms('Profile', { resource: 'user', operation: 'getProfile' })])));
		expect(r.json('Profile')[0]).toMatchObject({ firstName: 'Avery', subscriberId: '7100' });
		expect(await calls()).toEqual(['GET /partner/api/users/profile']);
	});
});

describe("SkySlope Forms in n8n: the operations of SkySlope's OpenAPI document", () => {
	const groupCalls = async () => (await calls()).filter((c) => /group/.test(c));

	it('Group > Create', async () => {
		const brokerageId = `e2e-${randomUUID().slice(0, 8)}`;
		const r = ok(await runWorkflow(workflow([forms('Group', { resource: 'group', operation: 'create', brokerageName: 'E2e Realty', brokerageId })])));
		expect(r.json('Group')).toEqual([{ groupId: brokerageId, created: true }]);
		const [post] = await api('POST', /\/group$/);
		expect(post.body).toEqual({ brokerageName: 'E2e Realty', brokerageId });
	});

	it('Group > Create Child Group (after Create)', async () => {
		const r = ok(
			await runWorkflow(
				workflow([
					forms('Parent', { resource: 'group', operation: 'create', brokerageName: 'E2e Parent' }),
					forms('Child', { resource: 'group', operation: 'createChild', groupId: '={{ $json.groupId }}', name: 'E2e Office' }),
				]),
			),
		);
		const [parent] = r.json('Parent');
		expect(r.json('Child')).toEqual([{ childGroupId: expect.stringMatching(/^partnerApi_/), parentGroupId: parent.groupId, created: true }]);
		expect(await groupCalls()).toEqual(['POST /partner/api/group', `POST /partner/api/groups/${String(parent.groupId)}/child`]);
	});

	it('Group > Add User, then Remove User', async () => {
		const r = ok(
			await runWorkflow(
				workflow([
					forms('Group', { resource: 'group', operation: 'create', brokerageName: 'E2e Members' }),
					forms('Add', { resource: 'group', operation: 'addUser', groupId: '={{ $json.groupId }}', userId: USER }),
					forms('Remove', { resource: 'group', operation: 'removeUser', groupId: '={{ $json.groupId }}', userId: USER }),
				]),
			),
		);
		const groupId = String(r.json('Group')[0].groupId);
		expect(r.json('Add')).toEqual([{ added: true, userId: USER, groupId }]);
		expect(r.json('Remove')).toEqual([{ removed: true, userId: USER, groupId }]);
		expect((await api()).map((e) => `${e.method} ${e.path} ${e.status}`)).toEqual([
			'POST /partner/api/group 201',
			`POST /partner/api/users/${USER}/groups/${groupId} 204`,
			`DELETE /partner/api/users/${USER}/groups/${groupId} 204`,
		]);
	});

	it('Form Tag > Get Many', async () => {
		const r = ok(await runWorkflow(workflow([forms('Tags', { resource: 'tag', operation: 'getAll', formVersionIds: '9301,9302', returnAll: true })])));
		expect(r.json('Tags').map((t) => t.id)).toEqual([9301, 9302]);
		expect((await api('GET'))[0].query).toEqual({ ids: '9301,9302' });
	});

	it('Buyer Agreement > Get Many', async () => {
		const r = ok(await runWorkflow(workflow([forms('Agreements', { resource: 'buyerAgreement', operation: 'getAll', limit: 2, filters: 'isCarBRBC==true' })])));
		expect(r.json('Agreements')).toHaveLength(2);
		expect(r.json('Agreements').every((a) => a.isCarBRBC === true)).toBe(true);
		expect((await api('GET'))[0]).toMatchObject({ path: '/partner/api/buyer-agreements/market', query: { filters: 'isCarBRBC==true' } });
	});

	it('Library > Get Form Versions', async () => {
		const r = ok(await runWorkflow(workflow([forms('Versions', { resource: 'library', operation: 'getFormVersions', libraryId: 13, returnAll: true })])));
		expect(r.json('Versions').length).toBeGreaterThan(0);
		expect(r.json('Versions')[0]).toEqual(expect.objectContaining({ id: expect.any(Number), formId: expect.any(Number), publishedVersionId: expect.any(Number) }));
		expect(await calls()).toEqual(['GET /partner/api/libraries/13/form-versions']);
	});
});

describe('SkySlope Signing Trigger in n8n', () => {
	it('subscribes on activation, runs on a signing, refuses a forged call', async () => {
		const webhookId = randomUUID();
		const wf: Workflow = formsTriggerWorkflow('e2e forms trigger', 1005, { includeSignedDocuments: true, downloadDocuments: true }, webhookId);
		const workflowId = await createWorkflow(wf);
		try {
			// n8n answers the activation before the trigger's create() has run: wait for the subscription.
			for (let n = 0; n < 100 && (await api('POST', /\/documents\/sign\/subscribe\/1005$/)).length === 0; n++) {
				await new Promise((r) => setTimeout(r, 100));
			}
			const [subscribe] = await api('POST', /\/documents\/sign\/subscribe\/1005$/);
			const url = (subscribe.body as { webhookUrl: string }).webhookUrl;
			expect(url).toContain(`/webhook/${webhookId}/webhook?secret=`);

			const forged = await fetch(`${state().n8nUrl}/webhook/${webhookId}/webhook`, {
				method: 'POST',
				headers: { 'content-type': 'application/json' },
				body: JSON.stringify({ eventType: 'documents.signed', fileId: 1005, documentIds: [1] }),
			});
			expect(forged.status).toBe(401);

			const notification = await sign(1005);
			const execution = await waitForExecution(workflowId);
			const run = execution.data?.resultData.runData.Signed?.[0];
			const item = run?.data?.main?.[0]?.[0];
			expect(item?.json).toMatchObject({ fileId: 1005, formsEnvelopeId: notification.formsEnvelopeId });
			expect(Array.isArray(item?.json.signedDocuments)).toBe(true);
			expect(Object.keys(item?.binary ?? {})).toEqual((notification.documentIds as number[]).map((_, n) => `document_${n}`));

			// n8n kept what the trigger wrote in its static data: the secret, the subscription, the seen-set
			const node = async () =>
				((await n8nApi<{ staticData: Json | null }>('GET', `/workflows/${workflowId}`)).staticData ?? {})['node:Signed'] as Json | undefined;
			const kept = await node();
			expect(kept).toMatchObject({ secret: new URL(url).searchParams.get('secret'), subscription: { url, fileIds: [1005] } });
			expect(kept?.seen).toHaveLength(1);

			// the same notification again (a resend) is answered 200 and starts nothing
			const resend = await fetch(url, {
				method: 'POST',
				headers: { 'content-type': 'application/json' },
				body: JSON.stringify(notification),
			});
			expect(resend.status).toBe(200);
			expect(await resend.text()).toContain('repeat of a handled notification');
		} finally {
			await deactivateWorkflow(workflowId);
		}
		// deactivation forgets the subscription (the service cannot unsubscribe) and keeps the secret
		let after: Json | undefined;
		for (let n = 0; n < 50; n++) {
			after = ((await n8nApi<{ staticData: Json | null }>('GET', `/workflows/${workflowId}`)).staticData ?? {})['node:Signed'] as Json | undefined;
			if (after && after.subscription === undefined) break;
			await new Promise((r) => setTimeout(r, 100));
		}
		expect(after?.subscription).toBeUndefined();
		expect(typeof after?.secret).toBe('string');
	});
});

describe('Forms example workflows in n8n', () => {
	const example = (file: string) => JSON.parse(readFileSync(path.join(__dirname, '../../examples', file), 'utf8')) as Workflow;

	it('examples/forms-list-files.json runs as exported', async () => {
		const r = ok(await runWorkflow(example('forms-list-files.json')));
		expect(r.json('Buyer files').length).toBeGreaterThan(0);
		expect(r.json('Buyer files').every((f) => f.representationType === 'Buyer')).toBe(true);
		expect(r.json('Documents of each file').length).toBeGreaterThan(0);
	});

	it('examples/forms-new-buyer-file.json runs as exported (Code node included)', async () => {
		const r = ok(await runWorkflow(example('forms-new-buyer-file.json')));
		const fileId = r.json('Create file')[0].fileId;
		expect(r.json('Create file')[0].mlsImport).toEqual({ status: 'imported', importedCount: 3 });
		expect(r.json('Add buyers').map((c) => c.firstName)).toEqual(['Jordan', 'Casey']);
		expect(r.json('Apply buyer template')).toEqual([{ fileId }]);
		expect((await api('POST', /\/contacts\/bulk$/)).length).toBe(1);
	});

	it('examples/forms-signed-pdf-to-file.json files the signed PDF when file 1001 is signed', async () => {
		const workflowId = await createWorkflow(example('forms-signed-pdf-to-file.json'));
		try {
			for (let n = 0; n < 100 && (await api('POST', /\/documents\/sign\/subscribe\/1001$/)).length === 0; n++) {
				await new Promise((r) => setTimeout(r, 100));
			}
			const notification = await sign(1001);
			const execution = await waitForExecution(workflowId);
			expect(execution.status).toBe('success');
			const filed = execution.data?.resultData.runData['File it in the transaction']?.[0]?.data?.main?.[0]?.[0];
			expect(filed?.json).toMatchObject({ fileId: 1001, documentName: `Signed: ${String(notification.envelopeName)}` });
			const [upload] = await api('POST', /\/files\/1001\/documents\/upload$/);
			expect(upload.status).toBe(200);
		} finally {
			await deactivateWorkflow(workflowId);
		}
	});
});

describe('SkySlope Forms pickers in the n8n editor', () => {
	const credentials = { skySlopeFormsOAuth2Api: { id: 'skyslope-forms-sandbox', name: 'SkySlope Forms (sandbox)' } };
	const nodeTypeAndVersion = { name: NODE_TYPES.skySlope, version: 1 };

	it('lists files (searchable), the chosen file\'s documents, collaborators, and forms by library', async () => {
		const client = await editorClient();
		const files = await client.rest<{ results: Array<{ name: string; value: string }>; paginationToken?: string }>(
			'POST',
			'/dynamic-node-parameters/resource-locator-results',
			{
				path: 'parameters.fileId',
				methodName: 'searchFiles',
				nodeTypeAndVersion,
				credentials,
				currentNodeParameters: { service: 'forms', resource: 'file', operation: 'get', fileId: { __rl: true, mode: 'list', value: '' } },
			},
		);
		expect(files.results.length).toBeGreaterThan(1);
		expect(files.results.length >= 50 ? files.paginationToken : undefined).toBe(files.results.length >= 50 ? '2' : undefined);
		const word = files.results[0].name.split(' ')[1];
		const searched = await client.rest<{ results: Array<{ name: string; value: string }> }>(
			'POST',
			'/dynamic-node-parameters/resource-locator-results',
			{
				path: 'parameters.fileId',
				methodName: 'searchFiles',
				filter: word,
				nodeTypeAndVersion,
				credentials,
				currentNodeParameters: { service: 'forms', resource: 'file', operation: 'get', fileId: { __rl: true, mode: 'list', value: '' } },
			},
		);
		expect(searched.results.map((r) => r.value)).toContain(files.results[0].value);
		expect(searched.results.every((r) => r.name.toLowerCase().includes(word.toLowerCase()))).toBe(true);

		const documents = await client.rest<{ results: Array<{ name: string; value: string }> }>(
			'POST',
			'/dynamic-node-parameters/resource-locator-results',
			{
				path: 'parameters.documentId',
				methodName: 'searchDocuments',
				nodeTypeAndVersion,
				credentials,
				currentNodeParameters: {
					resource: 'document',
					operation: 'get',
					fileId: { __rl: true, mode: 'list', value: '1003' },
					documentId: { __rl: true, mode: 'list', value: '' },
				},
			},
		);
		expect(documents.results.length).toBeGreaterThanOrEqual(2);

		const people = await client.rest<{ results: Array<{ name: string; value: string }> }>(
			'POST',
			'/dynamic-node-parameters/resource-locator-results',
			{
				path: 'parameters.onBehalfOf',
				methodName: 'searchCollaborators',
				nodeTypeAndVersion,
				credentials,
				currentNodeParameters: { service: 'forms', resource: 'file', operation: 'create', onBehalfOf: { __rl: true, mode: 'list', value: '' } },
			},
		);
		expect(people.results.map((p) => p.name)).toEqual(['Riley Example', 'Morgan Placeholder', 'Front Desk Team']);

		const formOptions = await client.rest<Array<{ name: string; value: number }>>('POST', '/dynamic-node-parameters/options', {
			path: 'parameters.formIds',
			methodName: 'getForms',
			nodeTypeAndVersion,
			credentials,
			currentNodeParameters: { service: 'forms', resource: 'document', operation: 'addFromForms', libraryId: 13, formIds: [] },
		});
		expect(formOptions.length).toBeGreaterThan(0);
		const [formsCall] = await api('GET', /\/forms$/);
		expect(formsCall.query).toMatchObject({ libraryIds: '13', pageSize: '500' });
	});
});
