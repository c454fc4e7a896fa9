// Envelopes, signed documents and the signed-documents webhook: ListEnvelopes, CreateEnvelope,
// ListSignedDocuments(+ForEnvelope), SubscribeWebhook; plus two sandbox-only routes (no token):
//   POST   /forms/sandbox/files/:fileId/sign          signs an envelope and notifies the subscribed URL
//   DELETE /forms/sandbox/files/:fileId/subscription  forgets the file's webhook subscription
//   GET    /forms/sandbox/signed-documents/:id/:token/:filename  the signed PDF (documentUrl)
import { z } from 'zod';

import { DOCS_READ, DOCS_WRITE } from './documents';
import { ApiError, badRequest, errorResponse, notFound, ok, pageOf, parseId, queryParams, jsonBody, wrap } from './http';
import { makePdf } from './pdf';
import { createEnvelopeSchema, pagedQuery, subscribeSchema } from './schemas';
import { completeEnvelope, newEnvelope } from './seed';
import { filterWith, sortWith, type SieveFields } from './sieve';
import type { FormsState } from './state';
import type { EnvelopeRecord, SignedDocumentRecord } from './store';
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

/** The JSON the sandbox POSTs to a subscribed webhookUrl when an envelope's documents are signed. */
export interface SignedNotification {
	eventType: 'documents.signed';
	fileId: number;
	formsEnvelopeId: number;
	envelopeId: string;
	envelopeName: string;
	documentIds: number[];
	envelopeDocumentIds: number[];
	signedAt: string;
}

export interface Delivery {
	url: string;
	status?: number;
	error?: string;
	notification: SignedNotification;
}

const signSchema = z.object({ formsEnvelopeId: z.number().int().min(1).optional() }).strict();

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
		const documents = records.map((r) => signedView(r, base));
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
		return ok({ subscribed: true });
	});

	// Sandbox-only: sign an envelope now and notify the subscribed webhook.
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
				if (envelope.status === 'Completed' || envelope.status === 'Voided') {
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
			const signedAt = s.iso();
			const records = completeEnvelope(store, envelope, s.ctx.now(), s.random);
			const notification: SignedNotification = {
				eventType: 'documents.signed',
				fileId,
				formsEnvelopeId: envelope.formsEnvelopeId,
				envelopeId: envelope.guid,
				envelopeName: envelope.name,
				documentIds: records.map((r) => r.documentId),
				envelopeDocumentIds: records.map((r) => r.envelopeDocumentId),
				signedAt,
			};
			const sent: Delivery[] = [];
			if (file.webhookUrl) {
				const delivery: Delivery = { url: file.webhookUrl, notification };
				try {
					const res = await fetch(file.webhookUrl, {
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
				deliveries.push(delivery);
				sent.push(delivery);
			}
			return ok({ notification, deliveries: sent.map(({ url, status, error }) => ({ url, status, error })) });
		}),
	);

	// Sandbox-only: forget a file's subscription (the service itself has no unsubscribe).
	s.router.delete(
		'/sandbox/files/:fileId/subscription',
		wrap(s.traceId, (req) => {
			const fileId = parseId('fileId', req.params.fileId);
			const file = store.files.get(fileId);
			if (!file) throw notFound(`File ${fileId} was not found`);
			const webhookUrl = file.webhookUrl ?? null;
			delete file.webhookUrl;
			return ok({ fileId, unsubscribed: webhookUrl !== null, webhookUrl });
		}),
	);

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
