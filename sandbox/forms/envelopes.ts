// Envelopes, signed documents and the signed-documents webhook: ListEnvelopes, CreateEnvelope,
// ListSignedDocuments(+ForEnvelope), SubscribeWebhook; plus sandbox-only routes (no token):
//   GET    /forms/sandbox/signed-documents/:id/:token/:filename  the signed PDF (documentUrl)
//   and those of signing.ts (the sign route and its page, the notification shape, forgetting a subscription)
import { DOCS_READ, DOCS_WRITE } from './documents';
import { badRequest, errorResponse, notFound, ok, pageOf, parseId, queryParams, jsonBody, wrap } from './http';
import { makePdf } from './pdf';
import { createEnvelopeSchema, pagedQuery, subscribeSchema } from './schemas';
import { newEnvelope } from './seed';
import { signingRoutes } from './signing';
import { filterWith, sortWith, type SieveFields } from './sieve';
import type { FormsState } from './state';
import type { Delivery, EnvelopeRecord, SignedDocumentRecord } from './store';
import { inNaming } from './naming';
import { envelopeView, signedView } from './views';

export const ENVELOPE_FIELDS: SieveFields<EnvelopeRecord> = {
	id: { type: 'number', get: (e) => e.formsEnvelopeId },
	name: { type: 'string', get: (e) => e.name },
	status: { type: 'string', get: (e) => e.status },
	datesent: { type: 'date', get: (e) => e.dateSent },
	createddate: { type: 'date', get: (e) => e.createdOn },
	updatedon: { type: 'date', get: (e) => e.updatedOn },
	ownedby: { type: 'string', get: (e) => e.ownedBy },
};

export type { Delivery, NotificationPayload, SignedNotification } from './store';

export function signedPdf(record: SignedDocumentRecord, signers: string[]): Buffer {
	record.bytes ??= makePdf(
		[
			[
				record.documentName,
				`Signed copy of document ${record.documentId} in envelope "${record.envelopeName}"`,
				`Completed: ${record.dateSigned}`,
				...signers.map((s) => `Signed by: ${s}`),
				`Envelope ${record.formsEnvelopeId} / ${record.envelopeId}`,
			],
		],
		record.documentName,
	);
	return record.bytes;
}

export function envelopeRoutes(s: FormsState, deliveries: Delivery[]): void {
	const { store } = s;

	const signedList = (records: SignedDocumentRecord[]) => {
		const base = s.ctx.baseUrl();
		const documents = records.map((r) => inNaming(s.store.naming, 'signedDocument', signedView(r, base)));
		return ok(store.signedDocumentsShape === 'array' ? documents : { totalRecords: documents.length, documents });
	};

	s.api('GET', '/files/:fileId/envelopes', DOCS_READ, (req) => {
		const fileId = parseId('fileId', req.params.fileId);
		const q = queryParams(req, pagedQuery);
		store.file(fileId);
		const list = sortWith(filterWith(store.envelopesOf(fileId), q.filters, ENVELOPE_FIELDS), q.sorts ?? '-createddate', ENVELOPE_FIELDS);
		return ok({ totalRecords: list.length, envelopes: pageOf(list, q.page, q.pageSize).map(envelopeView) });
	});

	s.api('POST', '/files/:fileId/envelopes', DOCS_WRITE, (req, token) => {
		const fileId = parseId('fileId', req.params.fileId);
		const body = jsonBody(req, createEnvelopeSchema);
		const owner = store.actingFor(body.onBehalfOf);
		const file = store.file(fileId);
		const live = new Set(store.liveDocuments(fileId).map((d) => d.id));
		const foreign = body.documentIds.filter((id) => !live.has(id));
		if (foreign.length) {
			throw badRequest('documentIds must be documents of this file', foreign.map((id) => `documentIds: ${id} is not a document of file ${fileId}`));
		}
		const envelope = newEnvelope(store, s.random, {
			fileId,
			name: body.envelopeName,
			documentIds: [...new Set(body.documentIds)],
			at: s.ctx.now(),
			createdBy: token.userId,
			ownedBy: body.onBehalfOf !== undefined ? owner : file.ownedBy,
			signerContactIds: file.contacts.filter((c) => c.actionAttribute === 'NeedsToSign').map((c) => c.id),
		});
		return ok({ fileId, envelope: { id: envelope.formsEnvelopeId, name: envelope.name } });
	});

	s.api('GET', '/documents/signed/:fileId', DOCS_READ, (req) => {
		const fileId = parseId('fileId', req.params.fileId);
		store.file(fileId);
		return signedList(store.signed.filter((r) => r.fileId === fileId));
	});

	s.api('GET', '/documents/signed/:fileId/envelopes/:formsEnvelopeId', DOCS_READ, (req) => {
		const fileId = parseId('fileId', req.params.fileId);
		const formsEnvelopeId = parseId('formsEnvelopeId', req.params.formsEnvelopeId);
		store.file(fileId);
		const envelope = store.envelopes.get(formsEnvelopeId);
		if (!envelope || envelope.fileId !== fileId || envelope.isDeleted) {
			throw notFound(`Envelope ${formsEnvelopeId} was not found on file ${fileId}`);
		}
		return signedList(store.signed.filter((r) => r.fileId === fileId && r.formsEnvelopeId === formsEnvelopeId));
	});

	s.api('POST', '/documents/sign/subscribe/:fileId', ['forms.webhooks'], (req) => {
		const fileId = parseId('fileId', req.params.fileId);
		const body = jsonBody(req, subscribeSchema);
		store.actingFor(body.onBehalfOf);
		const file = store.file(fileId);
		if (file.webhookUrl !== undefined) {
			return errorResponse(s.traceId, 208, `File ${fileId} is already subscribed`, [
				`fileId: ${fileId} already has a signed-documents webhook`,
			], 'AlreadySubscribed');
		}
		file.webhookUrl = body.webhookUrl;
		s.persist();
		return ok({ subscribed: true });
	});

	// Sandbox-only: the sign route, its page, the notification-shape knob, forgetting a subscription.
	signingRoutes(s, deliveries);

	// Sandbox-only: the signed PDF behind documentUrl (a pre-signed style link: no token needed).
	s.router.get(
		'/sandbox/signed-documents/:envelopeDocumentId/:token/:filename',
		wrap(s.traceId, (req) => {
			const id = parseId('envelopeDocumentId', req.params.envelopeDocumentId);
			const record = store.signed.find((r) => r.envelopeDocumentId === id);
			if (!record || record.token !== req.params.token || !record.documentAvailable) {
				throw notFound('Signed document not found');
			}
			const envelope = store.envelopes.get(record.formsEnvelopeId);
			const file = store.files.get(record.fileId);
			const signers = (envelope?.signers ?? []).map((sg) => {
				const c = file?.contacts.find((x) => String(x.id) === sg.contactId);
				return c ? `${c.firstName} ${c.lastName}` : `contact ${sg.contactId}`;
			});
			const bytes = signedPdf(record, signers);
			return {
				status: 200,
				headers: {
					'content-type': 'application/pdf',
					'content-length': String(bytes.length),
					'content-disposition': `attachment; filename="${record.filename}"`,
				},
				body: bytes,
			};
		}),
	);
}
