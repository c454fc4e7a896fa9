/* eslint-disable @n8n/community-nodes/no-restricted-imports -- dev tooling, never shipped in dist */
// A trigger that stays alive: whenever n8n checks the webhook (activation, start-up) the trigger
// asks the service, and subscribes again what it forgot; the sandbox keeps its subscriptions (and
// tokens) across its own restarts when given a folder; and its sign page can send a test event.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import type { ICredentialDataDecryptedObject, IDataObject, INodeParameters } from 'n8n-workflow';
import { request } from 'undici';

import { SkySlopeFormsOAuth2Api } from '../../credentials/SkySlopeFormsOAuth2Api.credentials';
import { SkySlopeSigningTrigger } from '../../nodes/SkySlope/SkySlopeSigningTrigger.node';
import { startSandbox, type SandboxServer } from '../../sandbox';
import { USERS, type FormsServiceState } from '../../sandbox/forms';
import { runWebhookMethods, type WebhookMethod } from '../../harness/node';
import { byId, CREDENTIAL, formsCredential } from '../../harness/forms-env';

// Each test's static data is a trigger of its own (the harness gives it its own workflow id).

const folders: string[] = [];
const sandboxes: SandboxServer[] = [];

afterAll(async () => {
	for (const s of sandboxes) await s.close();
	for (const f of folders) rmSync(f, { recursive: true, force: true });
});

async function start(port = 0, stateDir?: string) {
	const sandbox = await startSandbox({ port, stateDir });
	sandboxes.push(sandbox);
	return { sandbox, state: sandbox.service<FormsServiceState>('forms').state };
}

function fileOf(state: FormsServiceState, skip: number[] = []): number {
	const file = [...state.store.files.values()].find(
		(f) => f.type === 'File' && f.ownedBy === USERS.caller && !f.isDeleted && !skip.includes(f.id) && state.store.liveDocuments(f.id).length > 0,
	);
	return file!.id;
}

const parametersFor = (fileId: number): INodeParameters => ({ files: { file: [{ fileId: byId(fileId) }] } });

/** A sandbox, and a trigger about to watch one of its files: its credential, parameters and empty state. */
async function startWatching() {
	const { sandbox, state } = await start();
	const fileId = fileOf(state);
	return { sandbox, state, credentials: formsCredential(sandbox, state), fileId, parameters: parametersFor(fileId), staticData: {} as IDataObject };
}

async function hook(method: WebhookMethod, parameters: INodeParameters, staticData: IDataObject, credentials: ICredentialDataDecryptedObject) {
	return await runWebhookMethods({
		node: SkySlopeSigningTrigger,
		method,
		parameters,
		staticData,
		credentialTypes: [SkySlopeFormsOAuth2Api],
		credentials: { [CREDENTIAL]: credentials },
	});
}

describe('checkExists asks the service', () => {
	it('confirms a subscription the service still holds (208), and subscribes again one it forgot', async () => {
		const { sandbox, state, credentials, fileId, parameters, staticData } = await startWatching();
		expect((await hook('checkExists', parameters, staticData, credentials)).result).toBe(false);
		await hook('create', parameters, staticData, credentials);
		const url = (staticData.subscription as IDataObject).url as string;

		sandbox.clearLog();
		expect((await hook('checkExists', parameters, staticData, credentials)).result).toBe(true);
		const asked = sandbox.requests('forms', 'POST', /\/documents\/sign\/subscribe\//);
		expect(asked.map((r) => [r.path, r.status, (r.body as IDataObject).webhookUrl])).toEqual([
			[`/partner/api/documents/sign/subscribe/${fileId}`, 208, url],
		]);
		expect(staticData.subscription).toMatchObject({ checkedAt: expect.any(String) });
		expect((staticData.subscription as IDataObject).renewed).toBeUndefined();

		// the service forgets (a restart without its data, a key rotation)
		const forgot = await request(`${sandbox.baseUrl}/forms/sandbox/files/${fileId}/subscription`, { method: 'DELETE' });
		expect(await forgot.body.json()).toMatchObject({ unsubscribed: true, webhookUrl: url });
		expect(state.store.files.get(fileId)?.webhookUrl).toBeUndefined();
		sandbox.clearLog();
		expect((await hook('checkExists', parameters, staticData, credentials)).result).toBe(true);
		expect(sandbox.requests('forms', 'POST', /\/documents\/sign\/subscribe\//).map((r) => r.status)).toEqual([200]);
		expect(state.store.files.get(fileId)?.webhookUrl).toBe(url);
		expect(staticData.subscription).toMatchObject({ url, renewed: { fileIds: [fileId], at: expect.any(String) } });
	});

	it('fails (n8n reports the activation error and tries again) when the service cannot be asked', async () => {
		const { sandbox, credentials, parameters, staticData } = await startWatching();
		await hook('create', parameters, staticData, credentials);
		sandbox.setFaults([{ service: 'forms', path: '/documents/sign/subscribe/', errorRate: 1, errorStatus: 500 }]);
		await expect(hook('checkExists', parameters, staticData, credentials)).rejects.toThrow(/500|Internal|Service/);
		sandbox.setFaults([]);
	});
});

describe('the sandbox keeps subscriptions and tokens across its restarts', () => {
	it('with a folder: a restarted sandbox still holds the subscription and knows the token', async () => {
		const folder = mkdtempSync(join(tmpdir(), 'skyslope-forms-state-'));
		folders.push(folder);
		const first = await start(0, folder);
		const port = Number(new URL(first.sandbox.baseUrl).port);
		const credentials = formsCredential(first.sandbox, first.state);
		const fileId = fileOf(first.state);
		const parameters = parametersFor(fileId);
		const staticData: IDataObject = {};
		await hook('create', parameters, staticData, credentials);
		const url = (staticData.subscription as IDataObject).url as string;
		const saved = JSON.parse(readFileSync(join(folder, 'forms.json'), 'utf8')) as { subscriptions: Record<string, string> };
		expect(saved.subscriptions).toEqual({ [fileId]: url });
		await first.sandbox.close();

		const second = await start(port, folder);
		expect(second.state.store.files.get(fileId)?.webhookUrl).toBe(url);
		second.sandbox.clearLog();
		// the token issued before the restart still works, and the service still holds the subscription
		expect((await hook('checkExists', parameters, staticData, credentials)).result).toBe(true);
		expect(second.sandbox.requests('forms').map((r) => `${r.method} ${r.path} ${r.status}`)).toEqual([
			`POST /partner/api/documents/sign/subscribe/${fileId} 208`,
		]);
		// a token issued after the restart is not one of the kept ones
		const fresh = second.state.auth.issueToken(['forms.files']);
		expect(fresh.access_token).not.toBe((credentials.oauthTokenData as IDataObject).access_token);
		await second.sandbox.close();
	});

	it('without a folder: a restarted sandbox forgets, and checkExists subscribes again', async () => {
		const first = await start();
		const port = Number(new URL(first.sandbox.baseUrl).port);
		const fileId = fileOf(first.state);
		const parameters = parametersFor(fileId);
		const staticData: IDataObject = {};
		await hook('create', parameters, staticData, formsCredential(first.sandbox, first.state));
		await first.sandbox.close();

		const second = await start(port);
		expect(second.state.store.files.get(fileId)?.webhookUrl).toBeUndefined();
		// it forgot the tokens too: the credential connects again (npm start does so on every start)
		expect((await hook('checkExists', parameters, staticData, formsCredential(second.sandbox, second.state))).result).toBe(true);
		expect(second.state.store.files.get(fileId)?.webhookUrl).toBe((staticData.subscription as IDataObject).url);
		await second.sandbox.close();
	});
});

describe('the sign page and a test event', () => {
	let receiver: Server;
	const received: Array<{ path: string; body: IDataObject }> = [];

	beforeAll(async () => {
		receiver = createServer((req, res) => {
			let text = '';
			req.on('data', (c: Buffer) => (text += c.toString('utf8')));
			req.on('end', () => {
				received.push({ path: req.url ?? '', body: JSON.parse(text) as IDataObject });
				res.writeHead(200, { 'content-type': 'application/json' });
				res.end('{"received":true}');
			});
		});
		await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', () => r()));
	});
	afterAll(async () => await new Promise<void>((r) => receiver.close(() => r())));

	it('GET /forms/sandbox is a page with the caller\'s files, the shapes and a Sign button', async () => {
		const { sandbox, state } = await start();
		const res = await request(`${sandbox.baseUrl}/forms/sandbox`);
		expect(res.statusCode).toBe(200);
		expect(res.headers['content-type']).toMatch(/^text\/html/);
		const html = await res.body.text();
		expect(html).toContain(`<option value="${fileOf(state)}">`);
		expect(html).toContain('<button type="submit">Sign</button>');
		expect(html).toContain('<option value="documentIds" selected>');
		expect(html).toContain("fetch('/forms/sandbox/files/'");
	});

	it('the sign route sends the notification to deliverTo (n8n\'s test URL) as well as to the subscribed URL', async () => {
		const { sandbox, state } = await start();
		const fileId = fileOf(state);
		const base = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
		state.store.files.get(fileId)!.webhookUrl = `${base}/webhook/id/webhook?secret=s`;
		received.length = 0;
		const res = await request(`${sandbox.baseUrl}/forms/sandbox/files/${fileId}/sign`, {
			method: 'POST',
			headers: { 'content-type': 'application/json' },
			body: JSON.stringify({ deliverTo: `${base}/webhook-test/id/webhook`, shape: 'documents' }),
		});
		const answer = (await res.body.json()) as { deliveries: Array<{ url: string; status: number }>; notification: IDataObject };
		expect(res.statusCode).toBe(200);
		expect(answer.deliveries).toEqual([
			{ url: `${base}/webhook/id/webhook?secret=s`, status: 200 },
			{ url: `${base}/webhook-test/id/webhook`, status: 200 },
		]);
		expect(received.map((r) => r.path)).toEqual(['/webhook/id/webhook?secret=s', '/webhook-test/id/webhook']);
		expect(received[1].body).toEqual(answer.notification);
		expect(Array.isArray(received[1].body.documents)).toBe(true);
		// a bad deliverTo or shape is refused before anything is signed
		const signedBefore = state.store.signed.length;
		for (const body of [{ deliverTo: 'not a url' }, { shape: 'xml' }, { other: 1 }]) {
			const bad = await request(`${sandbox.baseUrl}/forms/sandbox/files/${fileId}/sign`, {
				method: 'POST',
				headers: { 'content-type': 'application/json' },
				body: JSON.stringify(body),
			});
			expect(bad.statusCode).toBe(400);
			await bad.body.text();
		}
		expect(state.store.signed.length).toBe(signedBefore);
	});
});
