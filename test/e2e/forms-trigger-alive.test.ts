/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports -- dev tooling, never shipped in dist */
// A SkySlope Signing Trigger stays alive across restarts, in a real n8n: published once, it still runs
// (with its PDFs) after the sandbox and n8n restart (the sandbox keeps its subscriptions, as the real
// service does); and when the service has forgotten the subscription, n8n's start-up check of the
// webhook subscribes again. This file runs its own n8n and sandbox (it restarts them), in a temporary
// user folder on free ports, beside the suite's.
import { rmSync } from 'node:fs';

import { startOwnHost } from '../../harness/n8n/own-host';
import type { Host } from '../../scripts/lib/setup';
import { type Execution, formsTriggerWorkflow, type ItemOut, type Json, type RequestLogEntry } from '../../harness/n8n/workflows';

const FILE_ID = 1011;
let host: Host | undefined;
let folder = '';

function h(): Host {
	if (!host) throw new Error('the host did not start');
	return host;
}

async function sandboxCall<T = Json>(method: string, path: string, body?: unknown): Promise<T> {
	const res = await fetch(`${h().sandbox.baseUrl}${path}`, {
		method,
		headers: body === undefined ? {} : { 'content-type': 'application/json' },
		body: body === undefined ? undefined : JSON.stringify(body),
	});
	const text = await res.text();
	if (!res.ok) throw new Error(`${method} ${path} answered ${res.status}: ${text}`);
	return JSON.parse(text) as T;
}

/** The subscribe calls the sandbox received since its log was last cleared (or it started). */
async function subscribeCalls(): Promise<RequestLogEntry[]> {
	const log = await sandboxCall<RequestLogEntry[]>('GET', '/_sandbox/log');
	return log.filter((e) => e.service === 'forms' && e.path === `/partner/api/documents/sign/subscribe/${FILE_ID}`);
}

async function waitForSubscribeCall(): Promise<RequestLogEntry> {
	for (let n = 0; n < 600; n++) {
		const [call] = await subscribeCalls();
		if (call) return call;
		await new Promise((r) => setTimeout(r, 100));
	}
	throw new Error(`n8n never asked the sandbox about the subscription of file ${FILE_ID}`);
}

async function latestExecution(workflowId: string): Promise<number> {
	const list = await h().client.api<{ data: Array<{ id: string }> }>('GET', `/executions?workflowId=${workflowId}&limit=1`);
	return list.data.length ? Number(list.data[0].id) : 0;
}

async function waitForExecution(workflowId: string, after: number): Promise<Execution> {
	for (let n = 0; n < 600; n++) {
		const list = await h().client.api<{ data: Execution[] }>('GET', `/executions?workflowId=${workflowId}&limit=5`);
		const fresh = list.data.filter((e) => Number(e.id) > after && e.status !== 'running' && e.status !== 'new');
		if (fresh.length) return await h().client.api<Execution>('GET', `/executions/${fresh[fresh.length - 1].id}?includeData=true`);
		await new Promise((r) => setTimeout(r, 100));
	}
	throw new Error(`no execution of workflow ${workflowId} after ${after}`);
}

/** Signs the file through the sandbox's sign route; the run it starts, with its trigger item. */
async function signAndRun(workflowId: string): Promise<{ notification: Json; item: ItemOut; execution: Execution }> {
	const before = await latestExecution(workflowId);
	const signed = await sandboxCall<{ notification: Json; deliveries: Array<{ status?: number; error?: string }> }>(
		'POST',
		`/forms/sandbox/files/${FILE_ID}/sign`,
	);
	expect(signed.deliveries.map((d) => d.status ?? d.error)).toEqual([200]);
	const execution = await waitForExecution(workflowId, before);
	const item = execution.data?.resultData.runData.Signed?.[0]?.data?.main?.[0]?.[0];
	if (!item) throw new Error(`no trigger item: ${JSON.stringify(execution.data?.resultData).slice(0, 800)}`);
	return { notification: signed.notification, item, execution };
}

function expectPdfs(item: ItemOut, notification: Json): void {
	const ids = notification.documentIds as number[];
	expect(item.json).toMatchObject({ fileId: FILE_ID, formsEnvelopeId: notification.formsEnvelopeId, downloadedDocumentIds: ids });
	expect(Object.keys(item.binary ?? {})).toEqual(ids.map((_, n) => `document_${n}`));
	for (const b of Object.values(item.binary ?? {})) expect(b).toMatchObject({ mimeType: 'application/pdf' });
}

beforeAll(async () => {
	({ host, folder } = await startOwnHost('alive', { sandboxState: true }));

}, 300_000);

afterAll(async () => {
	if (host) await host.stop();
	if (folder && process.env.E2E_KEEP !== '1') rmSync(folder, { recursive: true, force: true });
}, 60_000);

describe('a published SkySlope Signing Trigger stays alive', () => {
	let workflowId = '';

	it('publish: the trigger subscribes its file, a signing runs it with its PDFs', async () => {
		const created = await h().client.api<{ id: string }>('POST', '/workflows', formsTriggerWorkflow('e2e forms trigger alive', FILE_ID, { downloadDocuments: true }));
		workflowId = created.id;
		await h().client.api('POST', `/workflows/${workflowId}/activate`);
		expect((await waitForSubscribeCall()).status).toBe(200);
		const { notification, item } = await signAndRun(workflowId);
		expectPdfs(item, notification);
	});

	it('restart the sandbox and n8n: the sandbox still holds the subscription, a signing runs with its PDFs', async () => {
		expect(workflowId).not.toBe('');
		await h().restartSandbox();
		await h().restartN8n();
		// n8n 1.x (and 2.x without its publication service) checks the webhook at start-up: the
		// service still held the subscription (208). n8n 2.x by default keeps its webhooks as they were.
		expect((await subscribeCalls()).map((c) => c.status).filter((s) => s !== 208)).toEqual([]);
		const { notification, item } = await signAndRun(workflowId);
		expectPdfs(item, notification);
	}, 240_000);

	it('the service forgot the subscription: n8n\'s start-up check of the webhook subscribes again, and a signing runs with its PDFs', async () => {
		expect(workflowId).not.toBe('');
		const forgot = await sandboxCall<{ unsubscribed: boolean; webhookUrl: string }>('DELETE', `/forms/sandbox/files/${FILE_ID}/subscription`);
		expect(forgot.unsubscribed).toBe(true);
		await sandboxCall('DELETE', '/_sandbox/log');
		// n8n 2.x activates published workflows at start-up (calling the trigger's checkExists) only
		// without its publication service, as n8n 1.x always does.
		await h().restartN8n({ N8N_USE_WORKFLOW_PUBLICATION_SERVICE: 'false' });
		const call = await waitForSubscribeCall();
		expect(call.status).toBe(200);
		expect((call.body as Json).webhookUrl).toBe(forgot.webhookUrl);
		const { notification, item } = await signAndRun(workflowId);
		expectPdfs(item, notification);
		const wf = await h().client.api<{ staticData: Json | null }>('GET', `/workflows/${workflowId}`);
		const kept = (wf.staticData ?? {})['node:Signed'] as Json;
		expect(kept.subscription).toMatchObject({ url: forgot.webhookUrl, checkedAt: expect.any(String), renewed: { fileIds: [FILE_ID] } });
	}, 240_000);

	it('the service forgot the subscription: publishing again subscribes again (n8n 2.x\'s default start-up does not ask)', async () => {
		expect(workflowId).not.toBe('');
		await sandboxCall('DELETE', `/forms/sandbox/files/${FILE_ID}/subscription`);
		await sandboxCall('DELETE', '/_sandbox/log');
		await h().client.api('POST', `/workflows/${workflowId}/deactivate`);
		await h().client.api('POST', `/workflows/${workflowId}/activate`);
		expect((await waitForSubscribeCall()).status).toBe(200);
		const { notification, item } = await signAndRun(workflowId);
		expectPdfs(item, notification);
	}, 120_000);
});
