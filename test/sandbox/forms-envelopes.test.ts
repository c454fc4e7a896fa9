/* eslint-disable @n8n/community-nodes/no-restricted-imports -- dev tooling, never shipped in dist */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

import { sleep } from 'n8n-workflow';
import { request } from 'undici';

import { bootForms, errorOf, useFormsHarness } from './forms-client';

const h = useFormsHarness({ seed: 3 });

interface Envelope {
	id: string;
	name: string;
	status: string;
	fileId: number;
	dateSent: string | null;
	ownedBy: string;
	documentIds: number[];
	signers: Array<Record<string, unknown>>;
}

interface Signed {
	dateSigned: string;
	envelopeDocumentId: number;
	formsEnvelopeId: number;
	envelopeId: string;
	documentId: number;
	documentUrl: string | null;
	documentAvailable: boolean;
	unavailableReason: string | null;
	filename: string;
}

/** A file of the caller with a completed seeded envelope. */
function fileWithSigned(): number {
	const signed = h.state.store.signed.find((s) => h.state.store.files.get(s.fileId)?.ownedBy === h.state.users.caller);
	if (!signed) throw new Error('seed has no signed documents');
	return signed.fileId;
}

describe('forms sandbox: envelopes', () => {
	it('lists envelopes with paging, sieve filters and sorts', async () => {
		const fileId = fileWithSigned();
		const res = await h.api('GET', `/files/${fileId}/envelopes`);
		expect(res.status).toBe(200);
		const body = res.json as { totalRecords: number; envelopes: Envelope[] };
		expect(body.totalRecords).toBe(body.envelopes.length);
		expect(body.envelopes[0]).toEqual({
			id: expect.stringMatching(/^\d+$/),
			name: expect.any(String),
			status: expect.any(String),
			isDeleted: false,
			fileId,
			externalId: expect.any(String),
			dateSent: expect.any(String),
			updatedOn: expect.any(String),
			ownedBy: expect.any(String),
			documentIds: expect.arrayContaining([expect.any(Number)]),
			signers: expect.any(Array),
		});
		const completed = (await h.api('GET', `/files/${fileId}/envelopes?filters=status==Completed`)).json as { envelopes: Envelope[] };
		expect(completed.envelopes.length).toBeGreaterThan(0);
		expect(completed.envelopes.every((e) => e.status === 'Completed')).toBe(true);
		const none = (await h.api('GET', `/files/${fileId}/envelopes?filters=status==Nope`)).json as { totalRecords: number };
		expect(none.totalRecords).toBe(0);
		expect((await h.api('GET', `/files/${fileId}/envelopes?filters=colour==red`)).status).toBe(400);
		expect((await h.api('GET', `/files/${fileId}/envelopes?sorts=colour`)).status).toBe(400);
		expect((await h.api('GET', `/files/${fileId}/envelopes?pageSize=501`)).status).toBe(400);
	});

	it('creates an envelope from documents of the file, optionally on behalf of a delegate', async () => {
		const docs = h.state.store.liveDocuments(1001).map((d) => d.id);
		const res = await h.api('POST', '/files/1001/envelopes', { json: { envelopeName: 'Offer', documentIds: docs } });
		expect(res.status).toBe(200);
		const body = res.json as { fileId: number; envelope: { id: number; name: string } };
		expect(body).toEqual({ fileId: 1001, envelope: { id: expect.any(Number), name: 'Offer' } });
		const listed = (await h.api('GET', '/files/1001/envelopes?pageSize=500')).json as { envelopes: Envelope[] };
		const mine = listed.envelopes.find((e) => e.id === String(body.envelope.id));
		expect(mine).toMatchObject({ status: 'Sent', documentIds: docs });
		const signers = h.state.store.files.get(1001)?.contacts.filter((c) => c.actionAttribute === 'NeedsToSign') ?? [];
		expect(mine?.signers.map((s) => s.contactId)).toEqual(signers.map((c) => String(c.id)));

		const foreign = h.state.store.liveDocuments(1002)[0].id;
		expect((await h.api('POST', '/files/1001/envelopes', { json: { envelopeName: 'x', documentIds: [foreign] } })).status).toBe(400);
		expect((await h.api('POST', '/files/1001/envelopes', { json: { envelopeName: 'x', documentIds: [] } })).status).toBe(400);
		expect((await h.api('POST', '/files/1001/envelopes', { json: { documentIds: docs } })).status).toBe(400);
		expect((await h.api('POST', '/files/1001/envelopes', { json: { envelopeName: 'x', documentIds: docs, onBehalfOf: h.state.users.taylor } })).status).toBe(404);
		const rileyDocs = h.state.store.liveDocuments(1024).map((d) => d.id);
		const delegated = await h.api('POST', '/files/1024/envelopes', { json: { envelopeName: 'R', documentIds: rileyDocs, onBehalfOf: h.state.users.riley } });
		const id = (delegated.json as { envelope: { id: number } }).envelope.id;
		expect(h.state.store.envelopes.get(id)).toMatchObject({ ownedBy: h.state.users.riley, createdBy: h.state.users.caller });
	});
});

describe('forms sandbox: signed documents and the webhook', () => {
	it('lists signed documents as a bare array, or as {totalRecords, documents} when switched', async () => {
		const fileId = fileWithSigned();
		const res = await h.api('GET', `/documents/signed/${fileId}`);
		expect(res.status).toBe(200);
		expect(Array.isArray(res.json)).toBe(true);
		const docs = res.json as Signed[];
		expect(docs.length).toBeGreaterThan(0);
		expect(docs.length).toBe(h.state.store.signed.filter((s) => s.fileId === fileId).length);
		h.state.store.signedDocumentsShape = 'object';
		const wrapped = (await h.api('GET', `/documents/signed/${fileId}`)).json as { totalRecords: number; documents: Signed[] };
		expect(wrapped.totalRecords).toBe(docs.length);
		expect(wrapped.documents).toEqual(docs);
	});

	it('serves the signed PDF behind documentUrl, and reports NotFound documents with a null URL', async () => {
		const fileId = fileWithSigned();
		const [doc] = (await h.api('GET', `/documents/signed/${fileId}`)).json as Signed[];
		expect(doc.documentAvailable).toBe(true);
		const pdf = await request(doc.documentUrl as string);
		expect(pdf.statusCode).toBe(200);
		expect(pdf.headers['content-type']).toBe('application/pdf');
		const bytes = Buffer.from(await pdf.body.arrayBuffer());
		expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
		expect(bytes.toString('latin1').trimEnd().endsWith('%%EOF')).toBe(true);
		const tampered = await request((doc.documentUrl as string).replace(/\/([0-9a-f]{32})\//, '/00000000000000000000000000000000/'));
		expect(tampered.statusCode).toBe(404);
		await tampered.body.dump();

		const gone = h.state.store.signed.find((s) => !s.documentAvailable);
		expect(gone).toBeDefined();
		const list = (await h.api('GET', `/documents/signed/${gone?.fileId}`)).json as Signed[];
		expect(list.find((s) => s.envelopeDocumentId === gone?.envelopeDocumentId)).toMatchObject({
			documentAvailable: false,
			unavailableReason: 'NotFound',
			documentUrl: null,
		});
	});

	it('lists the signed documents of one envelope; unknown envelopes are 404', async () => {
		const fileId = fileWithSigned();
		const signed = h.state.store.signed.filter((s) => s.fileId === fileId);
		const envelopeId = signed[0].formsEnvelopeId;
		const res = await h.api('GET', `/documents/signed/${fileId}/envelopes/${envelopeId}`);
		expect(res.status).toBe(200);
		const docs = res.json as Signed[];
		expect(docs.map((d) => d.envelopeDocumentId)).toEqual(signed.filter((s) => s.formsEnvelopeId === envelopeId).map((s) => s.envelopeDocumentId));
		expect((await h.api('GET', `/documents/signed/${fileId}/envelopes/99999`)).status).toBe(404);
		expect((await h.api('GET', `/documents/signed/${fileId}/envelopes/x`)).status).toBe(400);
	});

	it('subscribes a file once: 200 {subscribed}, then 208 with an error body', async () => {
		const first = await h.api('POST', '/documents/sign/subscribe/1001', { json: { webhookUrl: 'https://hooks.example.com/a' } });
		expect(first.status).toBe(200);
		expect(first.json).toEqual({ subscribed: true });
		const second = await h.api('POST', '/documents/sign/subscribe/1001', { json: { webhookUrl: 'https://hooks.example.com/b' } });
		expect(second.status).toBe(208);
		expect(errorOf(second).code).toBe('AlreadySubscribed');
		expect(h.state.store.files.get(1001)?.webhookUrl).toBe('https://hooks.example.com/a');
		expect((await h.api('POST', '/documents/sign/subscribe/1002', { json: { webhookUrl: 'not a url' } })).status).toBe(400);
		expect((await h.api('POST', '/documents/sign/subscribe/1002', { json: {} })).status).toBe(400);
		const noScope = await h.api('POST', '/documents/sign/subscribe/1002', { json: { webhookUrl: 'https://x.example.com' }, token: h.tokenWith(['forms.files', 'forms.documents']) });
		expect(noScope.status).toBe(403);
		expect((await h.api('POST', '/documents/sign/subscribe/999999', { json: { webhookUrl: 'https://x.example.com' } })).status).toBe(404);
		const denied = await h.api('POST', '/documents/sign/subscribe/1002', { json: { webhookUrl: 'https://x.example.com', onBehalfOf: h.state.users.taylor } });
		expect(denied.status).toBe(404);
		const delegated = await h.api('POST', '/documents/sign/subscribe/1024', { json: { webhookUrl: 'https://x.example.com', onBehalfOf: h.state.users.riley } });
		expect(delegated.status).toBe(200);
	});

	it('forgets a subscription through the sandbox control, so that a file can subscribe again', async () => {
		await h.api('POST', '/documents/sign/subscribe/1001', { json: { webhookUrl: 'https://hooks.example.com/a' } });
		const cleared = await h.call('DELETE', '/sandbox/files/1001/subscription');
		expect(cleared.json).toEqual({ fileId: 1001, unsubscribed: true, webhookUrl: 'https://hooks.example.com/a' });
		expect((await h.call('DELETE', '/sandbox/files/1001/subscription')).json).toEqual({ fileId: 1001, unsubscribed: false, webhookUrl: null });
		const again = await h.api('POST', '/documents/sign/subscribe/1001', { json: { webhookUrl: 'https://hooks.example.com/b' } });
		expect(again.status).toBe(200);
		expect(h.state.store.files.get(1001)?.webhookUrl).toBe('https://hooks.example.com/b');
	});

	describe('the sandbox sign trigger', () => {
		let receiver: Server;
		let received: Array<{ headers: Record<string, unknown>; body: unknown; method: string }>;
		let hookUrl: string;

		beforeEach(async () => {
			received = [];
			receiver = createServer((req, res) => {
				const chunks: Buffer[] = [];
				req.on('data', (c: Buffer) => chunks.push(c));
				req.on('end', () => {
					received.push({ method: req.method ?? '', headers: req.headers, body: JSON.parse(Buffer.concat(chunks).toString('utf8')) });
					res.writeHead(200).end('ok');
				});
			});
			await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
			hookUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/webhook/forms`;
		});
		afterEach(async () => new Promise<void>((resolve) => receiver.close(() => resolve())));

		it('signs the newest open envelope, records signed PDFs and POSTs the notification', async () => {
			await h.api('POST', '/documents/sign/subscribe/1001', { json: { webhookUrl: hookUrl } });
			const docs = h.state.store.liveDocuments(1001).map((d) => d.id);
			const created = await h.api('POST', '/files/1001/envelopes', { json: { envelopeName: 'To sign', documentIds: docs } });
			const envelopeId = (created.json as { envelope: { id: number } }).envelope.id;
			const before = ((await h.api('GET', '/documents/signed/1001')).json as Signed[]).length;

			const res = await h.call('POST', '/sandbox/files/1001/sign');
			expect(res.status).toBe(200);
			const { notification, deliveries } = res.json as { notification: Record<string, unknown>; deliveries: Array<{ url: string; status: number }> };
			expect(notification).toEqual({
				eventType: 'documents.signed',
				fileId: 1001,
				formsEnvelopeId: envelopeId,
				envelopeId: h.state.store.envelopes.get(envelopeId)?.guid,
				envelopeName: 'To sign',
				documentIds: docs,
				envelopeDocumentIds: expect.arrayContaining([expect.any(Number)]),
				signedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
			});
			expect(deliveries).toEqual([{ url: hookUrl, status: 200 }]);
			expect(received).toHaveLength(1);
			expect(received[0]).toMatchObject({ method: 'POST', body: notification, headers: { 'content-type': 'application/json', 'x-skyslope-event': 'documents.signed' } });
			expect(h.state.deliveries).toHaveLength(1);

			const after = (await h.api('GET', '/documents/signed/1001')).json as Signed[];
			expect(after.length).toBe(before + docs.length);
			const envelopes = (await h.api('GET', '/files/1001/envelopes?filters=status==Completed&pageSize=500')).json as { envelopes: Envelope[] };
			expect(envelopes.envelopes.map((e) => e.id)).toContain(String(envelopeId));
			const pdf = await request(after.at(-1)?.documentUrl as string);
			expect(Buffer.from(await pdf.body.arrayBuffer()).subarray(0, 5).toString()).toBe('%PDF-');

			const again = await h.call('POST', '/sandbox/files/1001/sign', { json: { formsEnvelopeId: envelopeId } });
			expect(again.status).toBe(409);
		});

		it('with `resigning` on, a completed envelope is signed again: its documents listed anew with the new time, beside the first signing', async () => {
			const docs = h.state.store.liveDocuments(1001).map((d) => d.id);
			const created = await h.api('POST', '/files/1001/envelopes', { json: { envelopeName: 'Signed twice', documentIds: docs } });
			const envelopeId = (created.json as { envelope: { id: number } }).envelope.id;
			const first = await h.call('POST', '/sandbox/files/1001/sign', { json: { formsEnvelopeId: envelopeId } });
			expect(first.status).toBe(200);
			expect((await h.call('POST', '/sandbox/files/1001/sign', { json: { formsEnvelopeId: envelopeId } })).status).toBe(409);

			h.sandbox.setLive({ resigning: true });
			await sleep(5);
			const second = await h.call('POST', '/sandbox/files/1001/sign', { json: { formsEnvelopeId: envelopeId } });
			expect(second.status).toBe(200);
			const listed = (await h.api('GET', `/documents/signed/1001/envelopes/${envelopeId}`)).json as Signed[];
			const times = [...new Set(listed.map((r) => r.dateSigned))];
			expect(times).toHaveLength(2);
			for (const documentId of docs) expect(listed.filter((r) => r.documentId === documentId).map((r) => r.dateSigned).sort()).toEqual([...times].sort());
			expect((second.json as { notification: { formsEnvelopeId: number; signedAt: string } }).notification).toMatchObject({ formsEnvelopeId: envelopeId, signedAt: times.sort()[1] });
		});

		it('gives the notification the very time its documents are listed with, however the clock moves during the signing', async () => {
			// A clock a millisecond later at every reading: a signing that read it twice told two times.
			let now = Date.UTC(2026, 0, 5, 12);
			const ticking = await bootForms({ seed: 3, clock: () => ++now });
			try {
				const docs = ticking.state.store.liveDocuments(1001).map((d) => d.id);
				const created = await ticking.api('POST', '/files/1001/envelopes', { json: { envelopeName: 'One moment', documentIds: docs } });
				const envelopeId = (created.json as { envelope: { id: number } }).envelope.id;
				const signed = await ticking.call('POST', '/sandbox/files/1001/sign', { json: { formsEnvelopeId: envelopeId } });
				expect(signed.status).toBe(200);
				const { signedAt } = (signed.json as { notification: { signedAt: string } }).notification;
				const listed = (await ticking.api('GET', `/documents/signed/1001/envelopes/${envelopeId}`)).json as Signed[];
				expect(listed.map((r) => r.documentId).sort()).toEqual([...docs].sort());
				expect(new Set(listed.map((r) => r.dateSigned))).toEqual(new Set([signedAt]));
			} finally {
				await ticking.close();
			}
		});

		it('creates an envelope when none is open, notifies nobody without a subscription, and validates its input', async () => {
			const fileId = 1005;
			for (const e of h.state.store.envelopesOf(fileId)) e.status = 'Completed';
			const res = await h.call('POST', `/sandbox/files/${fileId}/sign`);
			expect(res.status).toBe(200);
			expect((res.json as { deliveries: unknown[] }).deliveries).toEqual([]);
			expect(received).toHaveLength(0);
			expect((await h.call('POST', '/sandbox/files/999999/sign')).status).toBe(404);
			expect((await h.call('POST', '/sandbox/files/1001/sign', { json: { formsEnvelopeId: 'x' } })).status).toBe(400);
			expect((await h.call('POST', '/sandbox/files/1001/sign', { json: { formsEnvelopeId: 99999 } })).status).toBe(404);
		});
	});
});

describe('forms sandbox: forms, libraries, collaborators, profile', () => {
	it('lists forms of the caller libraries, paged; inaccessible library ids are ignored', async () => {
		const all = (await h.api('GET', '/forms?pageSize=100')).json as { totalRecords: number; forms: Array<{ id: number; libraryId: number; attributes: Record<string, string> }> };
		expect(all.totalRecords).toBe(40);
		expect(all.forms[0]).toEqual({ id: expect.any(Number), name: expect.any(String), libraryId: expect.any(Number), attributes: expect.objectContaining({ 'form-type': expect.any(String) }) });
		const one = (await h.api('GET', '/forms?libraryIds=13,14&pageSize=100')).json as { totalRecords: number; forms: Array<{ libraryId: number }> };
		expect(one.totalRecords).toBeGreaterThan(0);
		expect(one.forms.every((f) => f.libraryId === 13)).toBe(true);
		const repeated = (await h.api('GET', '/forms?libraryIds=13&libraryIds=12&pageSize=2&page=2')).json as { forms: unknown[]; totalRecords: number };
		expect(repeated.forms).toHaveLength(2);
		expect((await h.api('GET', '/forms?libraryIds=x')).status).toBe(400);
		expect(((await h.api('GET', '/forms?libraryIds=&pageSize=1')).json as { totalRecords: number }).totalRecords).toBe(40);
		expect((await h.api('GET', '/forms?pageSize=0')).status).toBe(400);
		expect((await h.api('GET', '/forms', { token: h.tokenWith(['forms.files']) })).status).toBe(403);
	});

	it('lists libraries and collaborators with and without delegate access', async () => {
		const libraries = (await h.api('GET', '/libraries')).json as { totalRecords: number; libraries: Array<{ id: number; name: string }> };
		expect(libraries.libraries.map((l) => l.id)).toEqual([11, 12, 13]);
		const collaborators = (await h.api('GET', '/collaborators')).json as {
			totalRecords: number;
			collaborators: Array<{ id: string; isReceivingAccess: boolean; isSharingAccess: boolean; isGroupUser: boolean }>;
		};
		expect(collaborators.totalRecords).toBe(4);
		expect(collaborators.collaborators).toEqual(
			expect.arrayContaining([
				expect.objectContaining({ id: h.state.users.riley, isReceivingAccess: true, isSharingAccess: true }),
				expect.objectContaining({ id: h.state.users.taylor, isReceivingAccess: false, isSharingAccess: true }),
				expect.objectContaining({ id: h.state.users.frontDesk, isGroupUser: true }),
			]),
		);
		expect((await h.api('GET', '/libraries', { token: h.tokenWith(['forms.forms.read']) })).status).toBe(403);
	});

	it('answers unknown routes and methods in the service error shape', async () => {
		const unknown = await h.api('GET', '/nothing/here');
		expect(unknown.status).toBe(404);
		errorOf(unknown);
		const method = await h.api('DELETE', '/files');
		expect(method.status).toBe(405);
		errorOf(method);
	});

	it('seeds extra files for benchmarks quickly and deterministically', async () => {
		const started = Date.now();
		const big = await bootForms({ seed: 3, scale: { files: 20000 } });
		try {
			expect(Date.now() - started).toBeLessThan(5000);
			const list = (await big.api('GET', '/files?pageSize=500&filters=representationtype==Landlord')).json as { totalRecords: number };
			expect(list.totalRecords).toBeGreaterThan(5000);
			const again = (await h.api('GET', '/files/1001')).json;
			expect((await big.api('GET', '/files/1001')).json).toEqual(again);
		} finally {
			await big.close();
		}
	});
});
