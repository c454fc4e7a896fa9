/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports -- dev tooling, never shipped in dist */
// SkySlope Forms inside a real n8n: one workflow per operation (chained where one needs another's
// output), and the trigger activated, fired by the sandbox's sign route, and refusing a forged call.
// Seeded sandbox files 1001-1023 belong to the demo user; template 1031 is a personal template.
import { randomUUID } from 'node:crypto';

import {
	clearSandboxLog,
	createWorkflow,
	credentialRef,
	deactivateWorkflow,
	NODE_TYPES,
	runWorkflow,
	sandboxLog,
	skyslopeNode,
	state,
	waitForExecution,
	workflow,
	type Json,
	type RunResult,
	type Workflow,
} from './harness';

const id = (value: string | number) => ({ __rl: true, mode: 'id', value: String(value) });

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

describe('SkySlope Forms in n8n: File', () => {
	it('Get Many, then Get of each', async () => {
		const r = ok(
			await runWorkflow(
				workflow([
					forms('Files', { resource: 'file', operation: 'getAll', limit: 3, sort: { field: 'name', direction: 'asc' } }),
					forms('File', { resource: 'file', operation: 'get', fileId: id('={{ $json.id }}') }),
				]),
			),
		);
		expect(r.json('Files')).toHaveLength(3);
		expect(r.json('File').map((f) => f.id)).toEqual(r.json('Files').map((f) => f.id));
		expect(r.items('File').map((i) => i.pairedItem)).toEqual([{ item: 0 }, { item: 1 }, { item: 2 }]);
		const [list] = await api('GET', /\/files$/);
		expect(list.query).toMatchObject({ page: '1', pageSize: '3', sorts: 'name' });
	});

	it('Create (with MLS import), Update Details, Replace, Import MLS, Apply Template, Subscribe', async () => {
		const r = ok(
			await runWorkflow(
				workflow([
					forms('Create file', {
						resource: 'file',
						operation: 'create',
						name: 'e2e file',
						representationType: 'Buyer',
						importMls: true,
						mlsNumber: 'NM-E2E',
						property: { address: { streetNumber: '5', streetName: 'E2e Ave', state: 'CA', postalCode: '95814' } },
					}),
					forms('Update details', {
						resource: 'file',
						operation: 'updateDetails',
						fileId: id('={{ $json.fileId }}'),
						updateFields: { closingDate: '2026-06-30', purchasePrice: 450000 },
					}),
					forms('Replace', {
						resource: 'file',
						operation: 'replace',
						fileId: id('={{ $json.fileId }}'),
						property: { address: { streetNumber: '7', streetName: 'Other St', state: 'TX', postalCode: '78704' } },
						contacts: '[{"type":"Buyer","firstName":"Ada","lastName":"E2e"}]',
						commissions: { commission: [{ type: 'Listing', calculationType: 'Flat', amount: 100 }] },
						fields: { acceptanceDate: '2026-05-01' },
					}),
					forms('Import MLS', {
						resource: 'file',
						operation: 'importMls',
						fileId: id('={{ $json.fileId }}'),
						mlsNumber: 'ML-E2E',
						shouldOverride: false,
					}),
					forms('Apply template', {
						resource: 'file',
						operation: 'applyTemplate',
						fileId: id('={{ $json.fileId }}'),
						templateId: id(1031),
					}),
					forms('Subscribe', {
						resource: 'file',
						operation: 'subscribe',
						fileId: id('={{ $json.fileId }}'),
						webhookUrl: 'https://example.com/e2e-hook',
					}),
				]),
			),
		);
		const fileId = r.json('Create file')[0].fileId;
		expect(r.json('Create file')[0]).toEqual({ fileId, mlsImport: { status: 'not_imported', reason: 'no_match' } });
		expect(r.json('Update details')[0]).toMatchObject({ fileId });
		expect(r.json('Replace')[0]).toMatchObject({ fileId, contacts: [expect.objectContaining({ firstName: 'Ada' })] });
		expect(r.json('Import MLS')[0]).toEqual({ fileId, mlsImport: { status: 'imported', importedCount: 3 } });
		expect(r.json('Apply template')[0]).toEqual({ fileId });
		expect(r.json('Subscribe')[0]).toEqual({ fileId, subscribed: true, alreadySubscribed: false });
		const sent = await api();
		expect(sent.map((e) => `${e.method} ${e.path.replace(String(fileId), '{id}')}`)).toEqual([
			'POST /partner/api/files',
			'PATCH /partner/api/files/{id}',
			'PUT /partner/api/files/{id}',
			'POST /partner/api/files/{id}/mls-import',
			'POST /partner/api/files/{id}/templates',
			'POST /partner/api/documents/sign/subscribe/{id}',
		]);
		expect(sent[1].body).toEqual({ fileData: { purchasePrice: 450000, closingDate: '2026-06-30' } });
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
	it('Add, Update, Delete', async () => {
		const r = ok(
			await runWorkflow(
				workflow([
					forms('Add', {
						resource: 'contact',
						operation: 'add',
						fileId: id(1002),
						contactType: 'Seller',
						firstName: 'Bo',
						lastName: 'E2e',
						additionalFields: { actionAttribute: 'NeedsToSign', email: 'bo@example.com' },
					}),
					forms('Update', {
						resource: 'contact',
						operation: 'update',
						contactId: id('={{ $json.contactId }}'),
						contactType: 'Seller',
						firstName: 'Bob',
						lastName: 'E2e',
					}),
					forms('Delete', {
						resource: 'contact',
						operation: 'delete',
						fileId: id(1002),
						contactId: id('={{ $json.contactId }}'),
					}),
				]),
			),
		);
		const contactId = r.json('Add')[0].contactId;
		expect(r.json('Update')[0]).toEqual({ contactId });
		expect(r.json('Delete')[0]).toEqual({ deleted: true, fileId: 1002, contactId });
		expect((await api()).map((e) => e.method)).toEqual(['POST', 'PUT', 'DELETE']);
	});

	it('Add Many: one request for all items, each output paired with its item', async () => {
		const r = ok(
			await runWorkflow(workflow([forms('Add many', { resource: 'contact', operation: 'addMany', fileId: id('={{ $json.fileId }}') })]), {
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
		const sent = await api('POST');
		expect(sent).toHaveLength(1);
		expect(sent[0].path).toBe('/partner/api/files/1002/contacts/bulk');
	});
});

describe('SkySlope Forms in n8n: Document', () => {
	it('Get Many, Get, Add From Forms, Update Fields', async () => {
		const r = ok(
			await runWorkflow(
				workflow([
					forms('Documents', { resource: 'document', operation: 'getAll', fileId: id(1003), limit: 1 }),
					forms('Document', { resource: 'document', operation: 'get', documentId: id('={{ $json.id }}') }),
					forms('Add from forms', { resource: 'document', operation: 'addFromForms', fileId: id(1003), formIds: [301] }),
					forms('Fields of the new one', {
						resource: 'document',
						operation: 'get',
						documentId: id('={{ $json.documentIds[0] }}'),
					}),
					forms('Update fields', {
						resource: 'document',
						operation: 'updateFields',
						documentId: id('={{ $json.id }}'),
						fields: { field: [{ name: '={{ $json.fields[0].dataRef }}', value: 'filled by e2e' }] },
					}),
				]),
			),
		);
		expect(r.json('Document')[0].id).toBe(r.json('Documents')[0].id);
		expect(Array.isArray(r.json('Document')[0].fields)).toBe(true);
		const newId = (r.json('Add from forms')[0].documentIds as number[])[0];
		expect(r.json('Update fields')[0]).toEqual({ documentId: newId, didAddendumsChange: expect.any(Boolean) });
		const [patch] = await api('PATCH', /^\/partner\/api\/documents\//);
		expect(Object.values(patch.body as Json)).toEqual(['filled by e2e']);
	});

	it('Download (PDF, ZIP), Upload PDF, Download as Combined PDF, Delete', async () => {
		const r = ok(
			await runWorkflow(
				workflow([
					forms('Documents', { resource: 'document', operation: 'getAll', fileId: id(1003), limit: 2 }),
					forms(
						'Download both',
						{ resource: 'document', operation: 'download', fileId: id(1003), documentIds: '={{ $input.all().map(i => i.json.id) }}', binaryPropertyName: 'zip' },
						{ executeOnce: true },
					),
					forms('Download one', {
						resource: 'document',
						operation: 'download',
						fileId: id(1003),
						documentIds: "={{ $('Documents').first().json.id }}",
						binaryPropertyName: 'data',
					}),
					forms('Upload', { resource: 'document', operation: 'upload', fileId: id(1003), binaryPropertyName: 'data', documentName: 'e2e upload' }),
					forms('Combined', {
						resource: 'document',
						operation: 'downloadCombined',
						fileId: id(1003),
						documentIds: '={{ $json.documentId }}',
						binaryPropertyName: 'data',
					}),
					forms('Delete', { resource: 'document', operation: 'delete', documentId: id("={{ $('Upload').item.json.documentId }}") }),
				]),
			),
		);
		expect(r.items('Download both')[0].binary?.zip).toMatchObject({ mimeType: 'application/zip' });
		expect(r.items('Download one')[0].binary?.data).toMatchObject({ mimeType: 'application/pdf' });
		const uploaded = r.json('Upload')[0];
		expect(uploaded).toMatchObject({ fileId: 1003, documentName: 'e2e upload', documentId: expect.any(Number) });
		expect(r.items('Combined')[0].binary?.data).toMatchObject({ mimeType: 'application/pdf' });
		expect(r.json('Delete')[0]).toEqual({ deleted: true, documentId: uploaded.documentId });
		const [upload] = await api('POST', /\/documents\/upload$/);
		expect(String((upload.headers as Json)['content-type'])).toMatch(/^multipart\/form-data; boundary=/);
	});
});

describe('SkySlope Forms in n8n: Signed Document and Envelope', () => {
	it('Get Many for a File and for an Envelope, after a signing', async () => {
		const notification = await sign(1004);
		await clearSandboxLog();
		const r = ok(
			await runWorkflow(
				workflow([
					forms('Of the file', { resource: 'signedDocument', operation: 'getAllForFile', fileId: id(1004), returnAll: true }, { executeOnce: true }),
					forms(
						'Of the envelope',
						{
							resource: 'signedDocument',
							operation: 'getAllForEnvelope',
							fileId: id(1004),
							envelopeId: id(String(notification.formsEnvelopeId)),
							returnAll: true,
						},
						{ executeOnce: true },
					),
				]),
			),
		);
		expect(r.json('Of the file').length).toBeGreaterThanOrEqual((notification.documentIds as number[]).length);
		expect(r.json('Of the envelope').every((d) => d.formsEnvelopeId === notification.formsEnvelopeId)).toBe(true);
	});

	it('Envelope Get Many and Create', async () => {
		const r = ok(
			await runWorkflow(
				workflow([
					forms('Envelopes', { resource: 'envelope', operation: 'getAll', fileId: id(1001), returnAll: true }, { executeOnce: true }),
					forms('Documents', { resource: 'document', operation: 'getAll', fileId: id(1001), limit: 1 }, { executeOnce: true }),
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
		const [list] = await api('GET', /\/envelopes$/);
		expect(list.query).toMatchObject({ page: '1', pageSize: '500' });
	});
});

describe('SkySlope Forms in n8n: Template, Form, Library, Collaborator, User', () => {
	it('each Get Many and Get Profile', async () => {
		const once = { executeOnce: true };
		const r = ok(
			await runWorkflow(
				workflow([
					forms('Templates', { resource: 'template', operation: 'getAll', templateType: 'BrokerTemplate', returnAll: true }, once),
					forms('Forms', { resource: 'form', operation: 'getAll', libraryIds: [11], limit: 5 }, once),
					forms('Libraries', { resource: 'library', operation: 'getAll', returnAll: true }, once),
					forms('Collaborators', { resource: 'collaborator', operation: 'getAll', returnAll: true, receivingOnly: true }, once),
					forms('Profile', { resource: 'user', operation: 'getProfile' }, once),
				]),
			),
		);
		expect(r.json('Templates').every((t) => t.type === 'BrokerTemplate')).toBe(true);
		expect(r.json('Forms')).toHaveLength(5);
		expect(r.json('Forms').every((f) => f.libraryId === 11)).toBe(true);
		expect(r.json('Libraries').map((l) => l.id)).toEqual([11, 12, 13]);
		expect(r.json('Collaborators').every((c) => c.isReceivingAccess === true)).toBe(true);
		expect(r.json('Profile')[0]).toMatchObject({ firstName: 'Avery' });
	});
});

describe('SkySlope Forms Trigger in n8n', () => {
	it('subscribes on activation, runs on a signing, refuses a forged call', async () => {
		const webhookId = randomUUID();
		const wf: Workflow = {
			name: 'e2e forms trigger',
			nodes: [
				{
					name: 'Signed',
					type: NODE_TYPES.formsTrigger,
					typeVersion: 1,
					position: [0, 0] as [number, number],
					webhookId,
					parameters: {
						files: { file: [{ fileId: id(1005) }] },
						options: { includeSignedDocuments: true, downloadDocuments: true },
					},
					credentials: credentialRef('forms'),
				},
			],
			connections: {},
			settings: { executionOrder: 'v1' },
		};
		const workflowId = await createWorkflow(wf);
		try {
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
		} finally {
			await deactivateWorkflow(workflowId);
		}
	});
});
