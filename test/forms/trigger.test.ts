import { sleep, type IDataObject, type INodeExecutionData, type INodeParameters } from 'n8n-workflow';
import { request } from 'undici';

import { SkySlopeFormsOAuth2Api } from '../../credentials/SkySlopeFormsOAuth2Api.credentials';
import { SkySlopeSigningTrigger } from '../../nodes/SkySlope/SkySlopeSigningTrigger.node';
import { SEEN_LIMIT, seenKey } from '../../nodes/SkySlope/forms/helpers/triggerState';
import { USERS, type SignedNotification } from '../../sandbox/forms';
import { copyOfStaticData, readBinary, runWebhook, runWebhookMethods, type WebhookMethod } from '../../harness/node';
import { byId, CREDENTIAL, useForms } from '../../harness/forms-env';
import type { AnyNode } from '../../harness/node/node-types';
import { processLoader } from '../process';

// Each test's static data is a trigger of its own (the harness gives it its own workflow id).

/** The trigger's class that answers: a restart of n8n is a fresh process's copy (its memory gone; the database stays). */
let trigger: AnyNode = SkySlopeSigningTrigger;
const restartedTrigger = processLoader(
	// eslint-disable-next-line @typescript-eslint/no-require-imports -- a process's own copy of the modules
	() => (require('../../nodes/SkySlope/SkySlopeSigningTrigger.node') as { SkySlopeSigningTrigger: AnyNode }).SkySlopeSigningTrigger,
);

const env = useForms();

/** Files of the caller's with documents and no subscription yet. */
function freshFiles(count: number) {
	return [...env.state.store.files.values()]
		.filter(
			(f) =>
				f.type === 'File' &&
				f.ownedBy === USERS.caller &&
				!f.isDeleted &&
				f.webhookUrl === undefined &&
				env.state.store.liveDocuments(f.id).length > 0,
		)
		.slice(0, count);
}

function filesParameter(ids: number[]): INodeParameters {
	return { files: { file: ids.map((id) => ({ fileId: byId(id) })) } };
}

async function hook(method: WebhookMethod, parameters: INodeParameters, staticData: IDataObject, mode: 'trigger' | 'manual' = 'trigger') {
	return await runWebhookMethods({
		node: trigger,
		method,
		mode,
		parameters,
		staticData,
		credentialTypes: [SkySlopeFormsOAuth2Api],
		credentials: { [CREDENTIAL]: env.credentials },
	});
}

async function deliver(parameters: INodeParameters, staticData: IDataObject, body: IDataObject, query: Record<string, string>) {
	return await runWebhook({
		node: trigger,
		parameters,
		staticData,
		credentialTypes: [SkySlopeFormsOAuth2Api],
		credentials: { [CREDENTIAL]: env.credentials },
		request: { body, query },
	});
}

/** Signs the file's documents through the sandbox's route; the notification it sent (or tried to). */
async function sign(fileId: number): Promise<SignedNotification> {
	const res = await request(`${env.sandbox.baseUrl}/forms/sandbox/files/${fileId}/sign`, { method: 'POST' });
	const json = (await res.body.json()) as { notification: SignedNotification };
	expect(res.statusCode).toBe(200);
	return json.notification;
}

/** Signs an envelope of the file again (the sandbox's `resigning` switch): another signer's signing. */
async function signAgain(fileId: number, formsEnvelopeId: number, shape?: string): Promise<SignedNotification> {
	const res = await request(`${env.sandbox.baseUrl}/forms/sandbox/files/${fileId}/sign`, {
		method: 'POST',
		headers: { 'content-type': 'application/json' },
		body: JSON.stringify({ formsEnvelopeId, ...(shape ? { shape } : {}) }),
	});
	const json = (await res.body.json()) as { notification: SignedNotification };
	expect(res.statusCode).toBe(200);
	return json.notification;
}

function secretOf(url: string): string {
	return new URL(url).searchParams.get('secret') ?? '';
}

describe('activation', () => {
	it('subscribes every chosen file to the production URL with a secret, and then exists', async () => {
		const files = freshFiles(2);
		const parameters = filesParameter(files.map((f) => f.id));
		const staticData: IDataObject = {};
		expect((await hook('checkExists', parameters, staticData)).result).toBe(false);
		const created = await hook('create', parameters, staticData);
		expect(created.result).toBe(true);
		const sent = env.api('POST', /\/documents\/sign\/subscribe\//);
		expect(sent.map((r) => r.path)).toEqual(files.map((f) => `/partner/api/documents/sign/subscribe/${f.id}`));
		const url = (sent[0].body as { webhookUrl: string }).webhookUrl;
		expect(url.startsWith(`${created.webhookUrl}?secret=`)).toBe(true);
		expect(url).not.toContain('webhook-test');
		expect(secretOf(url)).toMatch(/^[0-9a-f]{48}$/);
		expect(staticData).toMatchObject({ secret: secretOf(url), subscription: { url, fileIds: files.map((f) => f.id) } });
		for (const f of files) expect(env.state.store.files.get(f.id)?.webhookUrl).toBe(url);
		expect((await hook('checkExists', parameters, staticData)).result).toBe(true);
		// another set of files is another subscription
		expect((await hook('checkExists', filesParameter([files[0].id]), staticData)).result).toBe(false);
	});

	it('deactivation forgets the subscription but keeps the secret; reactivation (208) succeeds with the same URL', async () => {
		const [file] = freshFiles(1);
		const parameters = filesParameter([file.id]);
		const staticData: IDataObject = {};
		await hook('create', parameters, staticData);
		const secret = staticData.secret;
		expect((await hook('delete', parameters, staticData)).result).toBe(true);
		expect(staticData.subscription).toBeUndefined();
		expect(staticData.secret).toBe(secret);
		expect((await hook('checkExists', parameters, staticData)).result).toBe(false);
		env.sandbox.clearLog();
		expect((await hook('create', parameters, staticData)).result).toBe(true);
		expect(env.api('POST').map((r) => r.status)).toEqual([208]);
		expect(staticData.secret).toBe(secret);
		expect(env.state.store.files.get(file.id)?.webhookUrl).toContain(String(secret));
	});

	it('gets the same secret again when its static data was lost (failed activation, renamed node)', async () => {
		const [file] = freshFiles(1);
		const parameters = filesParameter([file.id]);
		const first: IDataObject = {};
		await hook('create', parameters, first);
		const lost: IDataObject = {};
		expect((await hook('create', parameters, lost)).result).toBe(true);
		expect(lost.secret).toBe(first.secret);
		expect(env.api('POST').map((r) => r.status)).toEqual([200, 208]);
		// and a notification carrying it is accepted even before the static data is back
		const delivered = await deliver(
			parameters,
			{},
			{ fileId: file.id, formsEnvelopeId: 1, documentIds: [1], signedAt: '2026-03-03T00:00:00Z' },
			{ secret: String(first.secret) },
		);
		expect(delivered.workflowData).toHaveLength(1);
	});

	it('a test listener subscribes nothing (a file keeps its first URL for good)', async () => {
		const [file] = freshFiles(1);
		const staticData: IDataObject = {};
		expect((await hook('create', filesParameter([file.id]), staticData, 'manual')).result).toBe(true);
		expect(env.api()).toHaveLength(0);
		expect(env.state.store.files.get(file.id)?.webhookUrl).toBeUndefined();
	});

	it('fails activation when the service refuses a file', async () => {
		await expect(hook('create', filesParameter([999999]), {})).rejects.toThrow(/404/);
	});
});

describe('notifications', () => {
	it('starts the workflow with the notification sent by the sandbox sign route', async () => {
		const [file] = freshFiles(1);
		const parameters = filesParameter([file.id]);
		const staticData: IDataObject = {};
		await hook('create', parameters, staticData);
		const notification = await sign(file.id);
		expect(notification).toMatchObject({ eventType: 'documents.signed', fileId: file.id });
		const delivered = await deliver(parameters, staticData, { ...notification }, { secret: String(staticData.secret) });
		expect(delivered.response.status).toBe(200);
		expect(JSON.parse(delivered.response.body)).toEqual({ received: true });
		expect(delivered.workflowData).toHaveLength(1);
		const [item] = delivered.workflowData![0];
		expect(item.json).toMatchObject({ ...notification, receivedAt: expect.any(String) });
		expect(item.binary).toBeUndefined();
	});

	it('refuses a forged notification (no secret, or a wrong one) with 401 and starts nothing', async () => {
		const [file] = freshFiles(1);
		const parameters = filesParameter([file.id]);
		const staticData: IDataObject = {};
		await hook('create', parameters, staticData);
		env.sandbox.clearLog();
		const body = { eventType: 'documents.signed', fileId: file.id, formsEnvelopeId: 1, documentIds: [1], signedAt: '2026-01-01T00:00:00Z' };
		for (const query of [{}, { secret: 'nope' }, { secret: `${String(staticData.secret)}x` }] as Array<Record<string, string>>) {
			const forged = await deliver(parameters, staticData, body, query);
			expect(forged.response.status).toBe(401);
			expect(forged.noWebhookResponse).toBe(true);
			expect(forged.workflowData).toBeUndefined();
		}
		expect(env.api()).toHaveLength(0);
	});

	it('ignores a repeat of a handled notification, and files it does not watch', async () => {
		const [file] = freshFiles(1);
		const parameters = filesParameter([file.id]);
		const staticData: IDataObject = {};
		await hook('create', parameters, staticData);
		const notification = { ...(await sign(file.id)) };
		const query = { secret: String(staticData.secret) };
		expect((await deliver(parameters, staticData, notification, query)).workflowData).toHaveLength(1);
		const again = await deliver(parameters, staticData, notification, query);
		expect(again.workflowData).toBeUndefined();
		expect(again.response.status).toBe(200);
		expect(JSON.parse(again.response.body)).toMatchObject({ ignored: 'repeat of a handled notification' });
		const other = await deliver(parameters, staticData, { ...notification, fileId: file.id + 100000 }, query);
		expect(other.workflowData).toBeUndefined();
		expect((staticData.seen as string[]).includes(seenKey(notification))).toBe(true);
	});

	it('a notification an earlier version handled (its whole key in the seen-set) is a repeat; the set is kept hashed', async () => {
		const [file] = freshFiles(1);
		const parameters = filesParameter([file.id]);
		const body = { fileId: file.id, formsEnvelopeId: 9, documentIds: [1], signedAt: '2026-02-02T00:00:00Z' };
		// As an earlier version wrote it: file, envelope, envelope GUID, the time as sent, the documents.
		const staticData: IDataObject = { secret: 'a'.repeat(48), seen: [`${file.id}|9||2026-02-02T00:00:00Z|1`] };
		const again = await deliver(parameters, staticData, body, { secret: 'a'.repeat(48) });
		expect(again.workflowData).toBeUndefined();
		expect(JSON.parse(again.response.body)).toMatchObject({ ignored: 'repeat of a handled notification' });
		expect(staticData.seen).toEqual([seenKey(body)]);
	});

	it('keeps the seen-set bounded', async () => {
		const [file] = freshFiles(1);
		const parameters = filesParameter([file.id]);
		const old = (n: number) => String(n).padStart(11, 'o');
		const staticData: IDataObject = { secret: 'a'.repeat(48), seen: Array.from({ length: SEEN_LIMIT }, (_, n) => old(n)) };
		const delivered = await deliver(
			parameters,
			staticData,
			{ fileId: file.id, formsEnvelopeId: 9, documentIds: [1], signedAt: '2026-02-02T00:00:00Z' },
			{ secret: 'a'.repeat(48) },
		);
		expect(delivered.workflowData).toHaveLength(1);
		expect(staticData.seen).toHaveLength(SEEN_LIMIT);
		expect((staticData.seen as string[])[0]).toBe(old(1));
		// Never silent: the run says the oldest was forgotten.
		expect(String((delivered.workflowData as INodeExecutionData[][])[0][0].json.notice)).toContain(`forgot the oldest 1`);
	});

	it('attaches the signed-document list of the envelope and downloads the documents as binary', async () => {
		const [file] = freshFiles(1);
		const parameters: INodeParameters = {
			...filesParameter([file.id]),
			options: { includeSignedDocuments: true, downloadDocuments: true },
		};
		const staticData: IDataObject = {};
		await hook('create', parameters, staticData);
		const notification = await sign(file.id);
		env.sandbox.clearLog();
		const delivered = await deliver(parameters, staticData, { ...notification }, { secret: String(staticData.secret) });
		const [item] = delivered.workflowData![0];
		const signed = item.json.signedDocuments as IDataObject[];
		expect(signed.length).toBe(notification.documentIds.length);
		for (const s of signed) expect(s.formsEnvelopeId).toBe(notification.formsEnvelopeId);
		expect(Object.keys(item.binary ?? {})).toEqual(notification.documentIds.map((_, n) => `document_${n}`));
		const pdf = await readBinary(item, 'document_0');
		expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
		expect(item.binary?.document_0).toMatchObject({
			mimeType: 'application/pdf',
			fileName: `file-${file.id}-document-${notification.documentIds[0]}.pdf`,
		});
		const paths = env.api('GET').map((r) => r.path);
		expect(paths[0]).toBe(`/partner/api/documents/signed/${file.id}/envelopes/${notification.formsEnvelopeId}`);
		expect(paths.slice(1)).toEqual(notification.documentIds.map(() => `/partner/api/files/${file.id}/documents/download`));
	});
});

describe('One Item per Signed Document', () => {
	const perDocument = (ids: number[], download = false): INodeParameters => ({
		...filesParameter(ids),
		options: { oneItemPerDocument: true, ...(download ? { downloadDocuments: true } : {}) },
	});

	it('starts the run with one item per signed document of the signing, the notification beside each', async () => {
		const [file] = freshFiles(1);
		const parameters = perDocument([file.id]);
		const staticData: IDataObject = {};
		await hook('create', parameters, staticData);
		const notification = await sign(file.id);
		const delivered = await deliver(parameters, staticData, { ...notification }, { secret: String(staticData.secret) });
		const items = delivered.workflowData![0];
		expect(items.map((i) => i.json.documentId)).toEqual(notification.documentIds);
		for (const { json, binary } of items) {
			expect(json).toMatchObject({
				fileId: file.id,
				formsEnvelopeId: notification.formsEnvelopeId,
				envelopeId: notification.envelopeId,
				notification: { ...notification },
			});
			expect(typeof json.documentName).toBe('string');
			expect(Date.parse(String(json.dateSigned))).not.toBeNaN();
			expect(Date.parse(String(json.receivedAt))).not.toBeNaN();
			expect(binary).toBeUndefined();
		}
		expect(env.api('GET').map((r) => r.path)).toEqual([`/partner/api/documents/signed/${file.id}/envelopes/${notification.formsEnvelopeId}`]);
	});

	it('with Download Signed Documents, each item carries its own PDF', async () => {
		const [file] = freshFiles(1);
		const parameters = perDocument([file.id], true);
		const staticData: IDataObject = {};
		await hook('create', parameters, staticData);
		const notification = await sign(file.id);
		const delivered = await deliver(parameters, staticData, { ...notification }, { secret: String(staticData.secret) });
		const items = delivered.workflowData![0];
		expect(items).toHaveLength(notification.documentIds.length);
		for (const item of items) {
			expect(Object.keys(item.binary ?? {})).toEqual(['document_0']);
			expect(item.binary?.document_0.fileName).toBe(`file-${file.id}-document-${String(item.json.documentId)}.pdf`);
			expect((await readBinary(item, 'document_0')).subarray(0, 5).toString('latin1')).toBe('%PDF-');
			expect(item.json.downloadedDocumentIds).toEqual([item.json.documentId]);
		}
	});

	it('when the list cannot be read, the documents the notification names still come out, each saying why', async () => {
		const [file] = freshFiles(1);
		const parameters = perDocument([file.id]);
		const staticData: IDataObject = {};
		await hook('create', parameters, staticData);
		const notification = await sign(file.id);
		env.sandbox.setFaults([{ service: 'forms', path: '^/partner/api/documents/signed/', errorRate: 1, errorStatus: 404 }]);
		try {
			const delivered = await deliver(parameters, staticData, { ...notification }, { secret: String(staticData.secret) });
			const items = delivered.workflowData![0];
			expect(items.map((i) => i.json.documentId)).toEqual(notification.documentIds);
			for (const { json } of items) {
				expect(json).toMatchObject({ fileId: file.id, formsEnvelopeId: notification.formsEnvelopeId });
				expect(String(json.signedDocumentsError)).toMatch(new RegExp(`listing the signed documents of file ${file.id} failed`));
			}
		} finally {
			env.sandbox.setFaults([]);
		}
	});

	describe('each signed document once', () => {
		afterEach(() => env.sandbox.setLive({}));

		it('a later signing of the envelope delivers only its new versions; a document signed again is a new version', async () => {
			env.sandbox.setLive({ resigning: true });
			const [file] = freshFiles(1);
			const parameters = perDocument([file.id]);
			const staticData: IDataObject = {};
			await hook('create', parameters, staticData);
			const secret = { secret: String(staticData.secret) };
			const first = await sign(file.id);
			const firstItems = (await deliver(parameters, staticData, { ...first }, secret)).workflowData![0];
			expect(firstItems.map((i) => i.json.documentId)).toEqual(first.documentIds);

			// The same envelope signed again, notified by envelope only (no documents named): the service
			// lists both signings of each document; only the new one is delivered.
			await sleep(5);
			const again = await signAgain(file.id, first.formsEnvelopeId, 'envelopeOnly');
			const listed = env.state.store.signed.filter((r) => r.formsEnvelopeId === first.formsEnvelopeId);
			expect(listed).toHaveLength(2 * first.documentIds.length);
			const secondItems = (await deliver(parameters, staticData, { ...again }, secret)).workflowData![0];
			expect(secondItems.map((i) => i.json.documentId)).toEqual(first.documentIds);
			for (const item of secondItems) {
				expect(Date.parse(String(item.json.dateSigned))).toBeGreaterThan(Date.parse(String(firstItems[0].json.dateSigned)));
			}

			// The first notification once more, as a new delivery (another time): nothing new, no run.
			const replay = await deliver(parameters, staticData, { ...first, signedAt: new Date().toISOString() }, secret);
			expect(replay.workflowData).toBeUndefined();
			expect(replay.webhookResponse).toEqual({ received: true, ignored: 'every signed document of this signing was delivered before' });
			expect((staticData.delivered as string[]).length).toBe(2 * first.documentIds.length);

			// With Ignore Repeats off, everything the signing lists comes out, as before.
			const all = (await deliver({ ...parameters, options: { oneItemPerDocument: true, ignoreRepeats: false } }, staticData, { ...again }, secret)).workflowData![0];
			expect(all).toHaveLength(2 * first.documentIds.length);
		});
	});
});

describe('notifications at the same moment (n8n runs webhook requests side by side)', () => {
	/**
	 * Requests as n8n runs them: each loads the static data as saved when it began, works on its own
	 * copy, and saves it whole when it is done; the last save wins.
	 */
	async function together(parameters: INodeParameters, database: IDataObject, bodies: object[], secret: string) {
		const copies = bodies.map(() => copyOfStaticData(database));
		const results = await Promise.all(bodies.map((body, n) => deliver(parameters, copies[n], { ...(body as IDataObject) }, { secret })));
		for (const copy of copies) {
			for (const key of Object.keys(database)) delete database[key];
			Object.assign(database, structuredClone(copy));
		}
		return results;
	}
	const documentsOf = (results: Array<{ workflowData?: Array<Array<{ json: IDataObject }>> }>) =>
		results.flatMap((r) => (r.workflowData?.[0] ?? []).map((i) => `${String(i.json.documentId)}@${String(i.json.dateSigned ?? '')}`));

	it('the same notification twice at once starts one run, and the saved state keeps its key', async () => {
		const [file] = freshFiles(1);
		const parameters = filesParameter([file.id]);
		const database: IDataObject = {};
		await hook('create', parameters, database);
		const notification = await sign(file.id);
		const results = await together(parameters, database, [notification, notification], String(database.secret));
		expect(results.filter((r) => r.workflowData).length).toBe(1);
		expect(results.filter((r) => r.webhookResponse).map((r) => r.webhookResponse)).toEqual([{ received: true, ignored: 'repeat of a handled notification' }]);
		expect(database.seen).toEqual([seenKey({ ...notification })]);
		// Sent again later, after a restart of n8n (only the saved state left): still a repeat.
		trigger = restartedTrigger();
		const again = await deliver(parameters, database, { ...notification }, { secret: String(database.secret) });
		expect(again.workflowData).toBeUndefined();
	});

	it('two signings of an envelope at once, then each sent again: every signed document delivered exactly once, no key lost', async () => {
		env.sandbox.setLive({ resigning: true });
		try {
			const [file] = freshFiles(1);
			const parameters: INodeParameters = { ...filesParameter([file.id]), options: { oneItemPerDocument: true } };
			const database: IDataObject = {};
			await hook('create', parameters, database);
			const secret = String(database.secret);
			const first = await sign(file.id);
			await sleep(5);
			const second = await signAgain(file.id, first.formsEnvelopeId);
			const listed = env.state.store.signed.filter((r) => r.formsEnvelopeId === first.formsEnvelopeId);
			expect(listed).toHaveLength(2 * first.documentIds.length);

			const delivered = documentsOf(await together(parameters, database, [first, second], secret));
			// Each notification is answered with every signing the service lists by then; each once.
			const expected = listed.map((r) => `${String(r.documentId)}@${String(r.dateSigned)}`);
			expect(delivered.sort()).toEqual([...expected].sort());
			expect(new Set(database.delivered as string[]).size).toBe(expected.length);

			// Each sent again, together, then one by one after a restart: nothing more.
			const resent = documentsOf(await together(parameters, database, [{ ...first, resent: true }, { ...second, resent: true }], secret));
			expect(resent).toEqual([]);
			trigger = restartedTrigger();
			for (const body of [first, second]) {
				const late = await deliver(parameters, database, { ...body, signedAt: new Date().toISOString() }, { secret });
				expect(late.workflowData).toBeUndefined();
			}
		} finally {
			env.sandbox.setLive({});
		}
	});
});

describe('notifications that carry no signing time', () => {
	afterEach(() => env.sandbox.setLive({}));
	const withoutTime = (notification: SignedNotification): IDataObject => {
		const body = { ...notification } as IDataObject;
		delete body.signedAt;
		return body;
	};

	it('two signings of one envelope are both delivered; each sent again is a repeat', async () => {
		env.sandbox.setLive({ resigning: true });
		const [file] = freshFiles(1);
		const parameters = filesParameter([file.id]);
		const staticData: IDataObject = {};
		await hook('create', parameters, staticData);
		const secret = { secret: String(staticData.secret) };
		const first = withoutTime(await sign(file.id));
		expect((await deliver(parameters, staticData, { ...first }, secret)).workflowData).toHaveLength(1);
		await sleep(5);
		const second = withoutTime(await signAgain(file.id, Number(first.formsEnvelopeId)));
		expect(second.formsEnvelopeId).toBe(first.formsEnvelopeId);
		// The second signer's signing: the same payload, another signing the service lists.
		expect((await deliver(parameters, staticData, { ...second }, secret)).workflowData).toHaveLength(1);
		for (const again of [first, second]) {
			const repeat = await deliver(parameters, staticData, { ...again }, secret);
			expect(repeat.webhookResponse).toEqual({ received: true, ignored: 'repeat of a handled notification' });
		}
	});
	it('Ignore Repeats off: two signings of one envelope, both sent without a time, never share a deliveryKey (issue 61, 1)', async () => {
		env.sandbox.setLive({ resigning: true });
		const [file] = freshFiles(1);
		const parameters = { ...filesParameter([file.id]), options: { ignoreRepeats: false } };
		const staticData: IDataObject = {};
		await hook('create', parameters, staticData);
		const secret = { secret: String(staticData.secret) };
		const keysOf = (run: Awaited<ReturnType<typeof deliver>>) => run.workflowData![0].map((item) => String(item.json.deliveryKey));
		const first = withoutTime(await sign(file.id));
		const firstRun = keysOf(await deliver(parameters, staticData, { ...first }, secret));
		expect(firstRun).toHaveLength(1);
		await sleep(5);
		const second = withoutTime(await signAgain(file.id, Number(first.formsEnvelopeId)));
		const secondRun = await deliver(parameters, staticData, { ...second }, secret);
		// The timeless second notification may stand for either signing: one item each, its own key,
		// so a write keyed on deliveryKey keeps both signers.
		const secondKeys = keysOf(secondRun);
		expect(new Set(secondKeys).size).toBe(secondKeys.length);
		expect(secondKeys).toContain(firstRun[0]);
		expect(secondKeys.length).toBe(2);
		expect(secondRun.workflowData![0].every((item) => typeof item.json.signedAt === 'string')).toBe(true);
		// Repeats are not ignored: the same notification again runs again, with the same keys.
		expect(keysOf(await deliver(parameters, staticData, { ...second }, secret)).sort()).toEqual([...secondKeys].sort());
	});
});

describe('a large brokerage\'s delivered documents', () => {
	afterEach(() => env.sandbox.setLive({}));
	const filler = (n: number) => Array.from({ length: n }, (_, i) => `f${String(i).padStart(10, '0')}`);

	it('more than 5,000 delivered since, then a signing that lists old ones: nothing delivered twice', async () => {
		env.sandbox.setLive({ resigning: true });
		const [file, other] = freshFiles(2);
		const parameters: INodeParameters = { ...filesParameter([file.id, other.id]), options: { oneItemPerDocument: true } };
		const staticData: IDataObject = {};
		await hook('create', parameters, staticData);
		const secret = { secret: String(staticData.secret) };
		const first = await sign(file.id);
		expect((await deliver(parameters, staticData, { ...first }, secret)).workflowData![0]).toHaveLength(first.documentIds.length);
		// Years of signings on other files since: 6,000 documents delivered.
		staticData.delivered = [...(staticData.delivered as string[]), ...filler(6000)];
		expect((await deliver(parameters, staticData, { ...(await sign(other.id)) }, secret)).workflowData).toHaveLength(1);
		// The first envelope signed again: it lists the first signing too; only the new versions come.
		await sleep(5);
		const again = await signAgain(file.id, first.formsEnvelopeId, 'envelopeOnly');
		const items = (await deliver(parameters, staticData, { ...again }, secret)).workflowData![0];
		expect(items).toHaveLength(first.documentIds.length);
		for (const item of items) expect(item.json.notice).toBeUndefined();
		expect(new Set(items.map((i) => String(i.json.dateSigned))).size).toBe(1);
		expect(String(items[0].json.dateSigned)).not.toBe(String(env.state.store.signed.find((r) => r.formsEnvelopeId === first.formsEnvelopeId)?.dateSigned));
	});

	it('past its bound (50,000) the trigger forgets the oldest and every delivery says so', async () => {
		const [file] = freshFiles(1);
		const parameters: INodeParameters = { ...filesParameter([file.id]), options: { oneItemPerDocument: true } };
		const staticData: IDataObject = {};
		await hook('create', parameters, staticData);
		staticData.delivered = filler(50_000);
		const notification = await sign(file.id);
		const items = (await deliver(parameters, staticData, { ...notification }, { secret: String(staticData.secret) })).workflowData![0];
		expect(items.length).toBeGreaterThan(0);
		for (const item of items) expect(String(item.json.notice)).toMatch(/remembers the last 50000 delivered signed documents and forgot the oldest \d+/);
		expect(staticData.delivered).toHaveLength(50_000);
	});
});
