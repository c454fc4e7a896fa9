// The signed-documents trigger never drops a document: whatever shape the notification comes in
// (SkySlope does not publish it), the documents it names, or else the signed documents of its
// envelope or file, arrive as PDFs; when none can be fetched the run still starts and says why.
import type { IDataObject, INodeExecutionData, INodeParameters } from 'n8n-workflow';
import { request } from 'undici';

import { SkySlopeFormsOAuth2Api } from '../../credentials/SkySlopeFormsOAuth2Api.credentials';
import { SkySlopeSigningTrigger } from '../../nodes/SkySlope/SkySlopeSigningTrigger.node';
import { readNotification } from '../../nodes/SkySlope/forms/helpers/notification';
import { seenKey } from '../../nodes/SkySlope/forms/helpers/triggerState';
import { NOTIFICATION_SHAPES, USERS, type NotificationPayload, type NotificationShape } from '../../sandbox/forms';
import { readBinary, runWebhook, runWebhookMethods } from '../../harness/node';
import { byId, CREDENTIAL, useForms } from '../../harness/forms-env';

// Each test's static data is a trigger of its own (the harness gives it its own workflow id).

const env = useForms();

const used = new Set<number>();
/** A file of the caller's with documents, not subscribed, not used by another test here. */
function freshFile(): number {
	const file = [...env.state.store.files.values()].find(
		(f) =>
			f.type === 'File' &&
			f.ownedBy === USERS.caller &&
			!f.isDeleted &&
			f.webhookUrl === undefined &&
			!used.has(f.id) &&
			env.state.store.liveDocuments(f.id).length > 0,
	);
	if (!file) throw new Error('no fresh file left in the seed');
	used.add(file.id);
	return file.id;
}

function parametersFor(fileId: number, options: IDataObject = { downloadDocuments: true }): INodeParameters {
	return { files: { file: [{ fileId: byId(fileId) }] }, options } as INodeParameters;
}

async function activate(parameters: INodeParameters): Promise<IDataObject> {
	const staticData: IDataObject = {};
	await runWebhookMethods({
		node: SkySlopeSigningTrigger,
		method: 'create',
		parameters,
		staticData,
		credentialTypes: [SkySlopeFormsOAuth2Api],
		credentials: { [CREDENTIAL]: env.credentials },
	});
	return staticData;
}

async function deliver(
	parameters: INodeParameters,
	staticData: IDataObject,
	body: IDataObject,
	query: Record<string, string>,
	mode: 'webhook' | 'manual' = 'webhook',
) {
	return await runWebhook({
		node: SkySlopeSigningTrigger,
		parameters,
		staticData,
		mode,
		credentialTypes: [SkySlopeFormsOAuth2Api],
		credentials: { [CREDENTIAL]: env.credentials },
		request: { body, query },
	});
}

async function setShape(shape: NotificationShape): Promise<void> {
	const res = await request(`${env.sandbox.baseUrl}/forms/sandbox/notification-shape`, {
		method: 'PUT',
		headers: { 'content-type': 'application/json' },
		body: JSON.stringify({ shape }),
	});
	expect(res.statusCode).toBe(200);
	expect(await res.body.json()).toEqual({ shape });
}

interface Signed {
	notification: NotificationPayload;
	notifications: NotificationPayload[];
	deliveries: Array<{ url: string; status?: number; error?: string }>;
}

async function sign(fileId: number, body?: IDataObject): Promise<Signed> {
	const res = await request(`${env.sandbox.baseUrl}/forms/sandbox/files/${fileId}/sign`, {
		method: 'POST',
		...(body ? { headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) } : {}),
	});
	const json = (await res.body.json()) as Signed;
	expect(res.statusCode).toBe(200);
	return json;
}

/** The signed documents the sandbox recorded for the newest signing of a file. */
function lastSigning(fileId: number) {
	const records = env.state.store.signed.filter((r) => r.fileId === fileId);
	const envelopeId = Math.max(...records.map((r) => r.formsEnvelopeId));
	return records.filter((r) => r.formsEnvelopeId === envelopeId);
}

async function pdfFields(item: INodeExecutionData): Promise<string[]> {
	const names = Object.keys(item.binary ?? {});
	for (const name of names) {
		expect((await readBinary(item, name)).subarray(0, 5).toString('latin1')).toBe('%PDF-');
		expect(item.binary?.[name].mimeType).toBe('application/pdf');
	}
	return names;
}

describe('reading a notification, whatever its shape', () => {
	it.each<[string, IDataObject, number[]]>([
		['a list of ids', { fileId: 1, documentIds: [20001, 20002] }, [20001, 20002]],
		['ids as strings, another spelling', { fileId: 1, DocumentIDs: ['20001', '20002'] }, [20001, 20002]],
		['a comma-separated string', { fileId: 1, document_ids: '20001,20002' }, [20001, 20002]],
		['signedDocumentIds', { fileId: 1, signedDocumentIds: [20003] }, [20003]],
		['objects with documentId', { fileId: 1, documents: [{ documentId: 20001, envelopeDocumentId: 40001 }] }, [20001]],
		['objects with id', { fileId: 1, documents: [{ id: 20001 }, { id: 20002 }] }, [20001, 20002]],
		['signedDocuments objects', { fileId: 1, signedDocuments: [{ documentId: 20005, envelopeDocumentId: 40001 }] }, [20005]],
		['a list of ids under documents', { fileId: 1, documents: [20001, 20002] }, [20001, 20002]],
		['a single id', { fileId: 1, documentId: 20007 }, [20007]],
		['a single object', { fileId: 1, document: { id: 20008, name: 'x' } }, [20008]],
		['nested under data', { data: { fileId: 1, documents: [{ id: 20009 }] } }, [20009]],
		['nested under payload', { payload: { fileId: 1, documentIds: [20010] } }, [20010]],
		['envelope document ids are not document ids', { fileId: 1, envelopeDocumentIds: [40001] }, []],
		['none', { fileId: 1, formsEnvelopeId: 7001 }, []],
	])('%s', (_, body, ids) => {
		const facts = readNotification(body);
		expect(facts.fileId).toBe(1);
		expect(facts.documentIds).toEqual(ids);
		expect(typeof facts.documentIdsFrom).toBe(ids.length ? 'string' : 'undefined');
	});

	it('reads the file and the envelope wherever they are', () => {
		expect(readNotification({ fileId: '1001', formsEnvelopeId: '7003' })).toMatchObject({ fileId: 1001, formsEnvelopeId: 7003 });
		expect(readNotification({ file_id: 1001, envelopeId: '7003' })).toMatchObject({ fileId: 1001, formsEnvelopeId: 7003 });
		expect(readNotification({ file: { id: 1001 }, envelopeId: '9b1f3c2e-4d5a' })).toMatchObject({ fileId: 1001, envelopeGuid: '9b1f3c2e-4d5a' });
		expect(readNotification({ data: { fileId: 1001, envelope: { id: 7003, guid: 'g-1' } } })).toMatchObject({
			fileId: 1001,
			formsEnvelopeId: 7003,
			envelopeGuid: 'g-1',
		});
		expect(readNotification({ fileId: 0 }).fileId).toBeUndefined();
		expect(readNotification({ fileId: 'abc' }).fileId).toBeUndefined();
	});

	it('two notifications of one signing that name different documents are not repeats', () => {
		const a = { fileId: 1, formsEnvelopeId: 7, documentId: 20001, signedAt: 't' };
		const b = { ...a, documentId: 20002 };
		expect(seenKey(a)).not.toBe(seenKey(b));
		expect(seenKey({ documentIds: [2, 1], fileId: 1 })).toBe(seenKey({ documentIds: [1, 2], fileId: 1 }));
	});
});

describe('every payload shape the sandbox sends brings its PDFs', () => {
	it.each(NOTIFICATION_SHAPES.map((shape) => [shape]))('%s', async (shape) => {
		const fileId = freshFile();
		const parameters = parametersFor(fileId, { downloadDocuments: true });
		const staticData = await activate(parameters);
		await setShape(shape);
		let signed: Signed;
		try {
			signed = await sign(fileId);
		} finally {
			await setShape('documentIds');
		}
		const expected = lastSigning(fileId).map((r) => r.documentId);
		expect(expected.length).toBeGreaterThan(0);
		// the sandbox sent each notification to the subscribed URL (nothing listens there in this test)
		expect(signed.deliveries).toHaveLength(signed.notifications.length);
		expect(signed.notifications.length).toBe(shape === 'documentId' ? expected.length : 1);

		env.sandbox.clearLog();
		const downloaded: number[] = [];
		for (const notification of signed.notifications) {
			const delivered = await deliver(parameters, staticData, notification as IDataObject, { secret: String(staticData.secret) });
			expect(delivered.response.status).toBe(200);
			const [item] = delivered.workflowData![0];
			expect(item.json.noDocumentsFetched).toBeUndefined();
			expect(item.json.downloadErrors).toBeUndefined();
			const fields = await pdfFields(item);
			expect(fields.length).toBe((item.json.downloadedDocumentIds as number[]).length);
			downloaded.push(...(item.json.downloadedDocumentIds as number[]));
			const named = ['documentIds', 'documents', 'documentId', 'nested'].includes(shape);
			expect(String(item.json.documentIdsSource)).toMatch(named ? /^the notification \(/ : /the notification names no document/);
		}
		expect(downloaded.sort()).toEqual([...expected].sort());
		const gets = env.api('GET').map((r) => r.path);
		const listed = gets.filter((p) => p.startsWith('/partner/api/documents/signed/'));
		const downloads = gets.filter((p) => p === `/partner/api/files/${fileId}/documents/download`);
		expect(downloads).toHaveLength(expected.length);
		if (shape === 'envelopeOnly') expect(listed).toEqual([expect.stringMatching(new RegExp(`/documents/signed/${fileId}/envelopes/\\d+$`))]);
		else if (shape === 'fileOnly') expect(listed).toEqual([`/partner/api/documents/signed/${fileId}`]);
		else expect(listed).toEqual([]);
	});

	it('a file-only notification takes the envelope signed last, not every signed document of the file', async () => {
		const fileId = freshFile();
		const parameters = parametersFor(fileId);
		const staticData = await activate(parameters);
		await sign(fileId); // an earlier signing
		const { notifications } = await sign(fileId, { shape: 'fileOnly' });
		const expected = lastSigning(fileId).map((r) => r.documentId);
		expect(env.state.store.signed.filter((r) => r.fileId === fileId).length).toBeGreaterThan(expected.length);
		const delivered = await deliver(parameters, staticData, notifications[0] as IDataObject, { secret: String(staticData.secret) });
		const [item] = delivered.workflowData![0];
		expect([...(item.json.downloadedDocumentIds as number[])].sort()).toEqual([...expected].sort());
		expect(item.json.documentIdsSource).toMatch(/the envelope signed last/);
	});
});

describe('when no document can be fetched, the run starts and says why', () => {
	it('the envelope\'s signed documents are not available', async () => {
		const fileId = freshFile();
		const parameters = parametersFor(fileId);
		const staticData = await activate(parameters);
		const { notification } = await sign(fileId, { shape: 'envelopeOnly' });
		for (const r of lastSigning(fileId)) {
			r.documentAvailable = false;
			r.unavailableReason = 'NotFound';
		}
		const delivered = await deliver(parameters, staticData, notification as IDataObject, { secret: String(staticData.secret) });
		const [item] = delivered.workflowData![0];
		expect(item.binary).toBeUndefined();
		expect(item.json.noDocumentsFetched).toMatch(/^No signed document could be fetched: the notification names no document, and none of the signed documents of envelope \d+ of file \d+ is available$/);
		expect(item.json.downloadErrors).toEqual(lastSigning(fileId).map((r) => `document ${r.documentId}: not available (NotFound)`));
		expect(item.json.downloadedDocumentIds).toEqual([]);
	});

	it('the list of signed documents cannot be had', async () => {
		const fileId = freshFile();
		const parameters = parametersFor(fileId);
		const staticData = await activate(parameters);
		const { notification } = await sign(fileId, { shape: 'envelopeOnly' });
		env.sandbox.setFaults([{ service: 'forms', path: '^/partner/api/documents/signed/', errorRate: 1, errorStatus: 500 }]);
		const delivered = await deliver(parameters, staticData, notification as IDataObject, { secret: String(staticData.secret) });
		expect(delivered.response.status).toBe(200);
		const [item] = delivered.workflowData![0];
		expect(item.binary).toBeUndefined();
		expect(item.json.noDocumentsFetched).toMatch(/the notification names no document, and listing the signed documents of envelope \d+ of file \d+ failed: .*500/);
	});

	it('the envelope has no signed document', async () => {
		const fileId = freshFile();
		const parameters = parametersFor(fileId);
		const staticData = await activate(parameters);
		const { notification } = await sign(fileId, { shape: 'envelopeOnly' });
		const envelopeId = Number(notification.formsEnvelopeId);
		env.state.store.signed.splice(0, env.state.store.signed.length, ...env.state.store.signed.filter((r) => r.formsEnvelopeId !== envelopeId));
		const delivered = await deliver(parameters, staticData, notification as IDataObject, { secret: String(staticData.secret) });
		const [item] = delivered.workflowData![0];
		expect(item.json.noDocumentsFetched).toBe(
			`No signed document could be fetched: the notification names no document, and the service lists no signed document for envelope ${envelopeId} of file ${fileId}`,
		);
	});

	it('every download fails', async () => {
		const fileId = freshFile();
		const parameters = parametersFor(fileId);
		const staticData = await activate(parameters);
		const { notification } = await sign(fileId);
		env.sandbox.setFaults([{ service: 'forms', path: '/documents/download$', errorRate: 1, errorStatus: 500 }]);
		const delivered = await deliver(parameters, staticData, notification as IDataObject, { secret: String(staticData.secret) });
		const [item] = delivered.workflowData![0];
		expect(item.binary).toBeUndefined();
		expect(item.json.noDocumentsFetched).toMatch(/^No signed document could be fetched: every download failed: document \d+: /);
		expect((item.json.downloadErrors as string[]).length).toBe((notification.documentIds as number[]).length);
	});
});

describe('a test event (Listen for test event) without the secret', () => {
	it('is taken when the service lists the signing it names', async () => {
		const fileId = freshFile();
		const parameters = parametersFor(fileId);
		const { notification } = await sign(fileId);
		const delivered = await deliver(parameters, {}, notification as IDataObject, {}, 'manual');
		expect(delivered.response.status).toBe(200);
		const [item] = delivered.workflowData![0];
		expect(await pdfFields(item)).toHaveLength((notification.documentIds as number[]).length);
	});

	it('is refused when the service lists no such signing', async () => {
		const fileId = freshFile();
		const parameters = parametersFor(fileId);
		const forged = { fileId, formsEnvelopeId: 999999, documentIds: [1] };
		const delivered = await deliver(parameters, {}, forged, {}, 'manual');
		expect(delivered.response.status).toBe(401);
		expect(delivered.workflowData).toBeUndefined();
		// and a production call without the secret is refused as before
		const production = await deliver(parameters, {}, forged, {});
		expect(production.response.status).toBe(401);
	});
});
