// Sandbox-only routes (no token) that make a signing happen and let a person or a test watch it:
//   GET    /forms/sandbox                              a page with a button that signs a chosen file
//   POST   /forms/sandbox/files/:fileId/sign           signs an envelope and notifies the subscribed URL
//                                                     (and `deliverTo`, e.g. n8n's test URL)
//   GET    /forms/sandbox/notification-shape           the payload shape notifications are sent in
//   PUT    /forms/sandbox/notification-shape           {"shape": ...} changes it (the spec does not publish one)
//   GET    /forms/sandbox/files/:fileId/signed        the file's signed documents as recorded (for tests)
//   DELETE /forms/sandbox/files/:fileId/subscription  forgets the file's webhook subscription
import { z } from 'zod';


export { NOTIFICATION_SHAPES, type NotificationShape } from './store';
import { ApiError, badRequest, jsonBody, notFound, ok, parseId, wrap } from './http';
import { completeEnvelope, newEnvelope } from './seed';
import type { FormsState } from './state';
import {
	CALLER_ID,
	NOTIFICATION_SHAPES,
	type Delivery,
	type EnvelopeRecord,
	type FileRecord,
	type NotificationPayload,
	type NotificationShape,
	type SignedDocumentRecord,
	type SignedNotification,
} from './store';


const signSchema = z
	.object({
		formsEnvelopeId: z.number().int().min(1).optional(),
		/** Also send the notification(s) here, e.g. n8n's test URL while the editor listens. */
		deliverTo: z
			.string()
			.url('must be an absolute URL')
			.refine((u) => /^https?:\/\//i.test(u), 'must be an http(s) URL')
			.optional(),
		/** The payload shape for this signing only. */
		shape: z.enum(NOTIFICATION_SHAPES).optional(),
	})
	.strict();

const shapeSchema = z.object({ shape: z.enum(NOTIFICATION_SHAPES) }).strict();

/** The notification(s) of one signing, in the given shape. */
export function notificationsOf(
	shape: NotificationShape,
	envelope: EnvelopeRecord,
	records: SignedDocumentRecord[],
	signedAt: string,
): NotificationPayload[] {
	const base = {
		eventType: 'documents.signed',
		fileId: envelope.fileId,
		formsEnvelopeId: envelope.formsEnvelopeId,
		envelopeId: envelope.guid,
		envelopeName: envelope.name,
	};
	switch (shape) {
		case 'documentIds': {
			const full: SignedNotification = {
				eventType: 'documents.signed',
				fileId: envelope.fileId,
				formsEnvelopeId: envelope.formsEnvelopeId,
				envelopeId: envelope.guid,
				envelopeName: envelope.name,
				documentIds: records.map((r) => r.documentId),
				envelopeDocumentIds: records.map((r) => r.envelopeDocumentId),
				signedAt,
			};
			return [{ ...full }];
		}
		case 'documents':
			return [
				{
					...base,
					documents: records.map((r) => ({
						documentId: r.documentId,
						envelopeDocumentId: r.envelopeDocumentId,
						documentName: r.documentName,
					})),
					signedAt,
				},
			];
		case 'documentId':
			return records.map((r) => ({ ...base, documentId: r.documentId, envelopeDocumentId: r.envelopeDocumentId, signedAt }));
		case 'envelopeOnly':
			return [{ ...base, signedAt }];
		case 'fileOnly':
			return [{ eventType: 'documents.signed', fileId: envelope.fileId, signedAt }];
		case 'nested':
			return [
				{
					eventType: 'documents.signed',
					data: {
						fileId: envelope.fileId,
						envelope: { id: envelope.formsEnvelopeId, guid: envelope.guid, name: envelope.name },
						documents: records.map((r) => ({ id: r.documentId, name: r.documentName })),
					},
					timestamp: signedAt,
				},
			];
	}
}

async function deliver(url: string, notification: NotificationPayload): Promise<Delivery> {
	const delivery: Delivery = { url, notification };
	try {
		const res = await fetch(url, {
			method: 'POST',
			headers: {
				'content-type': 'application/json',
				'user-agent': 'SkySlope-Forms-Sandbox-Webhook/1.0',
				'x-skyslope-event': 'documents.signed',
			},
			body: JSON.stringify(notification),
			signal: AbortSignal.timeout(10000),
		});
		delivery.status = res.status;
		await res.arrayBuffer();
	} catch (error) {
		delivery.error = (error as Error).message;
	}
	return delivery;
}

export function signingRoutes(s: FormsState, deliveries: Delivery[]): void {
	const { store } = s;

	s.router.get('/sandbox/notification-shape', wrap(s.traceId, () => ok({ shape: store.notificationShape, shapes: NOTIFICATION_SHAPES })));
	s.router.put(
		'/sandbox/notification-shape',
		wrap(s.traceId, (req) => {
			store.notificationShape = jsonBody(req, shapeSchema).shape;
			return ok({ shape: store.notificationShape });
		}),
	);

	s.router.post(
		'/sandbox/files/:fileId/sign',
		wrap(s.traceId, async (req) => {
			const fileId = parseId('fileId', req.params.fileId);
			const input = req.body.length ? jsonBody(req, signSchema) : {};
			const file = store.files.get(fileId);
			if (!file || file.isDeleted || file.type !== 'File') throw notFound(`File ${fileId} was not found`);
			let envelope: EnvelopeRecord | undefined;
			if (input.formsEnvelopeId !== undefined) {
				envelope = store.envelopes.get(input.formsEnvelopeId);
				if (!envelope || envelope.fileId !== fileId || envelope.isDeleted) {
					throw notFound(`Envelope ${input.formsEnvelopeId} was not found on file ${fileId}`);
				}
				const again = envelope.status === 'Completed' && s.ctx.live().resigning === true;
				if ((envelope.status === 'Completed' && !again) || envelope.status === 'Voided') {
					throw new ApiError(409, `Envelope ${envelope.formsEnvelopeId} is already ${envelope.status}`);
				}
			} else {
				envelope = store
					.envelopesOf(fileId)
					.filter((e) => e.status === 'Sent' || e.status === 'Draft')
					.sort((a, b) => b.formsEnvelopeId - a.formsEnvelopeId)[0];
			}
			if (!envelope) {
				const docs = store.liveDocuments(fileId);
				if (!docs.length) throw badRequest(`File ${fileId} has no documents to sign`);
				envelope = newEnvelope(store, s.random, {
					fileId,
					name: `${file.name} - sandbox signing`,
					documentIds: docs.map((d) => d.id),
					at: s.ctx.now(),
					createdBy: file.createdBy,
					ownedBy: file.ownedBy,
					signerContactIds: file.contacts.filter((c) => c.actionAttribute === 'NeedsToSign').map((c) => c.id),
				});
			}
			// One moment for the signing: the notification's time is the time its documents are listed with.
			const at = s.ctx.now();
			const signedAt = new Date(at).toISOString();
			const records = completeEnvelope(store, envelope, at, s.random);
			const notifications = notificationsOf(input.shape ?? store.notificationShape, envelope, records, signedAt);
			const targets = [file.webhookUrl, input.deliverTo].filter((u): u is string => typeof u === 'string');
			const sent: Delivery[] = [];
			for (const url of [...new Set(targets)]) {
				for (const notification of notifications) sent.push(await deliver(url, notification));
			}
			deliveries.push(...sent);
			return ok({
				notification: notifications[0],
				notifications,
				// What the signing added to the file's signed documents (for a test to expect exactly these).
				signed: records.map((r) => ({ envelopeId: r.envelopeId, formsEnvelopeId: r.formsEnvelopeId, documentId: r.documentId, dateSigned: r.dateSigned })),
				deliveries: sent.map(({ url, status, error }) => ({ url, status, error })),
			});
		}),
	);

	// What the file's signed documents are, as recorded (a test's expectation; no token).
	s.router.get(
		'/sandbox/files/:fileId/signed',
		wrap(s.traceId, (req) => {
			const fileId = parseId('fileId', req.params.fileId);
			if (!store.files.get(fileId)) throw notFound(`File ${fileId} was not found`);
			return ok(
				store.signed
					.filter((r) => r.fileId === fileId)
					.map((r) => ({ fileId: r.fileId, envelopeId: r.envelopeId, formsEnvelopeId: r.formsEnvelopeId, documentId: r.documentId, dateSigned: r.dateSigned })),
			);
		}),
	);

	// Forget a file's subscription (the service itself has no unsubscribe).
	s.router.delete(
		'/sandbox/files/:fileId/subscription',
		wrap(s.traceId, (req) => {
			const fileId = parseId('fileId', req.params.fileId);
			const file = store.files.get(fileId);
			if (!file) throw notFound(`File ${fileId} was not found`);
			const webhookUrl = file.webhookUrl ?? null;
			delete file.webhookUrl;
			s.persist();
			return ok({ fileId, unsubscribed: webhookUrl !== null, webhookUrl });
		}),
	);

	const page = () => ({
		status: 200,
		headers: { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' },
		body: signPage(
			[...store.files.values()].filter(
				(f) => f.type === 'File' && !f.isDeleted && f.ownedBy === CALLER_ID && store.liveDocuments(f.id).length > 0,
			),
			store.notificationShape,
		),
	});
	s.router.get('/sandbox', wrap(s.traceId, page));
	s.router.get('/sandbox/sign', wrap(s.traceId, page));
}

function escapeHtml(text: string): string {
	return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** The sign page: choose a file (and optionally n8n's test URL), click Sign. */
function signPage(files: FileRecord[], shape: NotificationShape): string {
	const options = files
		.slice(0, 200)
		.map(
			(f) =>
				`<option value="${f.id}">${f.id} - ${escapeHtml(f.name)}${f.webhookUrl ? ' (subscribed)' : ''}</option>`,
		)
		.join('');
	const shapes = NOTIFICATION_SHAPES.map(
		(s) => `<option value="${s}"${s === shape ? ' selected' : ''}>${s}</option>`,
	).join('');
	return `<!doctype html>
<html><head><meta charset="utf-8"><title>SkySlope Forms sandbox: sign an envelope</title>
<style>body{font:15px system-ui,sans-serif;max-width:46rem;margin:2rem auto;padding:0 1rem}label{display:block;margin:.8rem 0 .2rem}select,input{width:100%;padding:.4rem}button{margin-top:1rem;padding:.5rem 1.4rem;font-size:1rem}pre{background:#f4f4f4;padding:.8rem;overflow:auto}</style>
</head><body>
<h1>Sign an envelope</h1>
<p>Signs the newest open envelope of the file (or a new one with all its documents) and sends the
signed-documents notification to the URL the file is subscribed to (a published SkySlope Forms
Trigger). To see it in the editor, click <b>Listen for test event</b> on the trigger, copy its
<b>Test URL</b> from the trigger's Webhook URLs, and paste it below.</p>
<form id="sign">
<label for="file">File</label><select id="file" required>${options}</select>
<label for="deliverTo">Also send to (n8n's Test URL, optional)</label><input id="deliverTo" type="url" placeholder="http://127.0.0.1:5678/webhook-test/.../webhook">
<label for="shape">Payload shape</label><select id="shape">${shapes}</select>
<button type="submit">Sign</button>
</form>
<pre id="out"></pre>
<script>
document.getElementById('sign').addEventListener('submit', async (event) => {
  event.preventDefault();
  const out = document.getElementById('out');
  const body = { shape: document.getElementById('shape').value };
  const deliverTo = document.getElementById('deliverTo').value.trim();
  if (deliverTo) body.deliverTo = deliverTo;
  out.textContent = 'Signing...';
  const res = await fetch('/forms/sandbox/files/' + encodeURIComponent(document.getElementById('file').value) + '/sign', {
    method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body),
  });
  const answer = await res.json();
  const sent = (answer.deliveries || []).map((d) => d.url + ': ' + (d.status || d.error)).join('\\n');
  out.textContent = res.status + '\\n' + (sent ? 'Delivered to\\n' + sent + '\\n\\n' : 'Not delivered: the file is not subscribed and no URL was given.\\n\\n') + JSON.stringify(answer, null, 2);
});
</script>
</body></html>`;
}
