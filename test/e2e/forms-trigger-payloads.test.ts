/* eslint-disable @n8n/community-nodes/no-restricted-globals -- dev tooling, never shipped in dist */
// The SkySlope Signing Trigger in a real n8n never drops a document: a notification that names no
// document still starts a run with the envelope's signed PDFs, a nested payload is read, a run whose
// documents cannot be had still starts and says why, and "Listen for test event" takes a signing
// sent to its test URL from the sandbox's sign route (the sign page's "Also send to").
import { randomUUID } from 'node:crypto';

import {
	clearSandboxLog,
	createWorkflow,
	deactivateWorkflow,
	editorClient,
	type Execution,
	formsTriggerWorkflow,
	type ItemOut,
	type Json,
	sandboxLog,
	setFaults,
	state,
	waitForExecution,
	type Workflow,
} from '../../harness/n8n/workflows';


function triggerWorkflow(fileId: number, webhookId = randomUUID()): Workflow {
	return formsTriggerWorkflow(`e2e forms trigger payloads ${fileId}`, fileId, { downloadDocuments: true }, webhookId);
}

async function formsSandbox<T = Json>(method: string, path: string, body?: unknown): Promise<T> {
	const res = await fetch(`${state().sandboxUrl}/forms/sandbox${path}`, {
		method,
		headers: body === undefined ? {} : { 'content-type': 'application/json' },
		body: body === undefined ? undefined : JSON.stringify(body),
	});
	const text = await res.text();
	if (!res.ok) throw new Error(`${method} /forms/sandbox${path} answered ${res.status}: ${text}`);
	return JSON.parse(text) as T;
}

interface Signed {
	notification: Json;
	notifications: Json[];
	deliveries: Array<{ url: string; status?: number; error?: string }>;
}

const sign = (fileId: number, body: Json = {}) => formsSandbox<Signed>('POST', `/files/${fileId}/sign`, body);

/** Publishes the workflow and waits until the trigger has subscribed its file. */
async function publish(wf: Workflow, fileId: number): Promise<string> {
	const workflowId = await createWorkflow(wf);
	for (let n = 0; n < 100; n++) {
		const log = await sandboxLog('forms');
		if (log.some((e) => e.method === 'POST' && e.path === `/partner/api/documents/sign/subscribe/${fileId}`)) break;
		await new Promise((r) => setTimeout(r, 100));
	}
	return workflowId;
}

function triggerItem(execution: Execution): ItemOut {
	const item = execution.data?.resultData.runData.Signed?.[0]?.data?.main?.[0]?.[0];
	if (!item) throw new Error(`the trigger produced no item: ${JSON.stringify(execution.data?.resultData).slice(0, 800)}`);
	return item;
}

/** The document ids of the envelope's signed documents, as the service lists them. */
async function signedIds(fileId: number, formsEnvelopeId: number): Promise<number[]> {
	const token = await formsSandbox<{ access_token: string }>('POST', '/tokens');
	const res = await fetch(`${state().sandboxUrl}/forms/partner/api/documents/signed/${fileId}/envelopes/${formsEnvelopeId}`, {
		headers: { authorization: `Bearer ${token.access_token}` },
	});
	const list = (await res.json()) as Array<{ documentId: number }> | { documents: Array<{ documentId: number }> };
	return (Array.isArray(list) ? list : list.documents).map((d) => d.documentId);
}

beforeEach(async () => {
	await clearSandboxLog();
});

afterEach(async () => {
	await setFaults([]);
	await formsSandbox('PUT', '/notification-shape', { shape: 'documentIds' });
});

describe('SkySlope Signing Trigger payloads in n8n', () => {
	it('a notification naming no document (envelope only) starts a run with every signed PDF of the envelope', async () => {
		const fileId = 1016;
		const workflowId = await publish(triggerWorkflow(fileId), fileId);
		try {
			await formsSandbox('PUT', '/notification-shape', { shape: 'envelopeOnly' });
			const { notification, deliveries } = await sign(fileId);
			expect(deliveries.map((d) => d.status)).toEqual([200]);
			expect(Object.keys(notification).sort()).toEqual(['envelopeId', 'envelopeName', 'eventType', 'fileId', 'formsEnvelopeId', 'signedAt']);
			// the trigger answers once it has downloaded: the sign route returns after that
			const calls = (await sandboxLog('forms')).filter((e) => e.method === 'GET').map((e) => e.path);
			const expected = await signedIds(fileId, Number(notification.formsEnvelopeId));
			expect(expected.length).toBeGreaterThan(0);
			const execution = await waitForExecution(workflowId);
			expect(execution.status).toBe('success');
			const item = triggerItem(execution);
			expect(item.json).toMatchObject({ fileId, formsEnvelopeId: notification.formsEnvelopeId, downloadedDocumentIds: expected });
			expect(String(item.json.documentIdsSource)).toContain('the notification names no document');
			expect(item.json.noDocumentsFetched).toBeUndefined();
			expect(Object.keys(item.binary ?? {})).toEqual(expected.map((_, n) => `document_${n}`));
			for (const binary of Object.values(item.binary ?? {})) expect(binary).toMatchObject({ mimeType: 'application/pdf' });
			expect(calls).toEqual([
				`/partner/api/documents/signed/${fileId}/envelopes/${String(notification.formsEnvelopeId)}`,
				...expected.map(() => `/partner/api/files/${fileId}/documents/download`),
			]);
		} finally {
			await deactivateWorkflow(workflowId);
		}
	});

	it('a nested payload (data.documents[].id) is read; a run whose documents cannot be had still starts and says why', async () => {
		const fileId = 1018;
		const workflowId = await publish(triggerWorkflow(fileId), fileId);
		try {
			const nested = await sign(fileId, { shape: 'nested' });
			const data = nested.notification.data as { documents: Array<{ id: number }> };
			const first = await waitForExecution(workflowId);
			const item = triggerItem(first);
			expect(item.json.downloadedDocumentIds).toEqual(data.documents.map((d) => d.id));
			expect(item.json.documentIdsSource).toBe('the notification (data.documents[].id)');
			expect(Object.keys(item.binary ?? {})).toHaveLength(data.documents.length);

			// the service fails every list and download: the run starts all the same, and says why
			await setFaults([{ service: 'forms', path: '^/partner/api/(documents/signed|files/\\d+/documents/download)', errorRate: 1, errorStatus: 500 }]);
			const { notification } = await sign(fileId, { shape: 'envelopeOnly' });
			const second = await waitForExecution(workflowId, Number(first.id));
			expect(second.status).toBe('success');
			const bare = triggerItem(second);
			expect(bare.binary).toBeUndefined();
			expect(bare.json.formsEnvelopeId).toBe(notification.formsEnvelopeId);
			expect(String(bare.json.noDocumentsFetched)).toMatch(
				/^No signed document could be fetched: the notification names no document, and listing the signed documents of envelope \d+ of file 1018 failed: /,
			);
		} finally {
			await deactivateWorkflow(workflowId);
		}
	});

	it('"Listen for test event" takes a signing sent to the test URL, with its PDFs, and subscribes nothing', async () => {
		const fileId = 1020;
		const webhookId = randomUUID();
		const workflowId = await createWorkflow(triggerWorkflow(fileId, webhookId), false);
		const client = await editorClient();
		const listening = await client.rest<{ waitingForWebhook?: boolean }>('POST', `/workflows/${workflowId}/run`, {
			triggerToStartFrom: { name: 'Signed' },
		});
		expect(listening.waitingForWebhook).toBe(true);
		const testUrl = `${state().n8nUrl}/webhook-test/${webhookId}/webhook`;
		const { notification, deliveries } = await sign(fileId, { deliverTo: testUrl });
		// the file is subscribed to nothing: only the test URL got it
		expect(deliveries).toEqual([{ url: testUrl, status: 200 }]);
		const execution = await waitForExecution(workflowId);
		expect(execution.mode).toBe('manual');
		const item = triggerItem(execution);
		expect(item.json).toMatchObject({ fileId, formsEnvelopeId: notification.formsEnvelopeId });
		expect(Object.keys(item.binary ?? {})).toHaveLength((notification.documentIds as number[]).length);
		const log = await sandboxLog('forms');
		expect(log.filter((e) => e.path.includes('/documents/sign/subscribe/'))).toEqual([]);
		// the test listener is gone after one event: a second one is not taken
		const again = await fetch(testUrl, {
			method: 'POST',
			headers: { 'content-type': 'application/json' },
			body: JSON.stringify(notification),
		});
		expect(again.status).toBe(404);
	});
});
