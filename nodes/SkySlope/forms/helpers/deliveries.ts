import type { IDataObject, INodeExecutionData, IWebhookFunctions } from 'n8n-workflow';

import { claimKeys, type Claim } from '../../shared/webhookClaims';
import { documentsOfSigning, downloadSignedDocuments } from './binary';
import {
	DELIVERED_LIMIT,
	type NotificationFacts,
	notificationTime,
	positiveId,
	SEEN_LIMIT,
	seenKey,
	seenKeys,
	signedDocumentKey,
	signingTimes,
} from './triggerState';

/**
 * What the Signing Trigger delivers for a notification it has taken (its node file checks the secret,
 * the size, the file and the test event, and answers): whether it was handled before, and its items,
 * one for the notification or one per signed document, each signed document once.
 */

/**
 * Whether a notification was handled before, by its key in the seen list, claimed at once
 * (claimKeys): of two requests at the same moment only one goes on. A notification without a
 * signing time stands for every signing of its envelope (and documents) not delivered yet, by the
 * dateSigned the service lists (`signedAt`, one per signing it delivers): whatever order
 * notifications come in, and whichever processor takes them, each signing is delivered with its
 * own deliveryKey, and a resend starts nothing. When the list cannot be read, the notification is
 * delivered rather than taken for a repeat it may not be, and `notices` says why.
 */
export async function claimNotification(
	ctx: IWebhookFunctions,
	n: { data: IDataObject; body: IDataObject; facts: NotificationFacts; listed: () => Promise<IDataObject[]> },
): Promise<{ repeat: boolean; claim?: Claim; signedAt?: Record<string, string>; notices: string[] }> {
	const notices: string[] = [];
	n.data.seen = seenKeys(n.data.seen);
	let candidates: string[] | undefined = [seenKey(n.body)];
	let signedAt: Record<string, string> | undefined;
	if (notificationTime(n.body) === undefined) {
		try {
			const times = signingTimes(documentsOfSigning(await n.listed(), n.facts));
			if (times.length) {
				signedAt = Object.fromEntries(times.map((at) => [seenKey(n.body, at), at]));
				candidates = Object.keys(signedAt);
			}
		} catch (error) {
			candidates = undefined;
			notices.push(
				`SkySlope Forms did not list the signed documents (${(error as Error).message}), and this notification carries no signing time: whether it repeats one handled before cannot be told, so it starts a run rather than be lost.`,
			);
		}
	}
	if (!candidates) return { repeat: false, notices };
	const claim = claimKeys(ctx, 'seen', candidates, SEEN_LIMIT);
	if (!claim.taken.length) return { repeat: true, notices };
	if (claim.forgot) {
		notices.push(`The trigger remembers the last ${SEEN_LIMIT} notifications and forgot the oldest ${claim.forgot} to hold this one: a resend of one of those would start a run again.`);
	}
	return { repeat: false, claim, signedAt, notices };
}

export interface Signing {
	fileId: number;
	facts: NotificationFacts;
	body: IDataObject;
	receivedAt: string;
	prefix: string;
	listed: () => Promise<IDataObject[]>;
}

/** The notification as one item: its body, and the list and PDFs when asked for. */
export async function itemPerNotification(ctx: IWebhookFunctions, s: Signing & { options: IDataObject }): Promise<INodeExecutionData> {
	const json: IDataObject = { ...s.body, receivedAt: s.receivedAt };
	if (s.options.includeSignedDocuments === true) {
		try {
			json.signedDocuments = await s.listed();
		} catch (error) {
			// The notification is not lost for want of the list: the run starts and says why.
			json.signedDocumentsError = (error as Error).message;
		}
	}
	if (s.options.downloadDocuments !== true) return { json };
	const downloads = await downloadSignedDocuments(ctx, s.fileId, s.facts, s.prefix, s.listed);
	Object.assign(json, downloads.report);
	return Object.keys(downloads.binary).length ? { json, binary: downloads.binary } : { json };
}

/**
 * One item per signed document of the signing, as the service lists it, with the notification
 * beside it. When the list cannot be read, the documents the notification names still come out, from
 * its own ids, each saying why the rest is missing; a notification naming none becomes one item
 * that says so: never an empty run.
 */
export async function itemPerDocument(
	ctx: IWebhookFunctions,
	s: Signing & { download: boolean; claims?: Claim[] },
): Promise<INodeExecutionData[]> {
	const base: IDataObject = { fileId: s.fileId, receivedAt: s.receivedAt, notification: s.body };
	let documents: IDataObject[];
	let problem: string | undefined;
	try {
		documents = documentsOfSigning(await s.listed(), s.facts);
		if (!documents.length) problem = `the service lists no signed document of this signing on file ${s.fileId}`;
		else if (s.claims) {
			// Each signed document once: a later signing on the envelope lists the earlier ones too,
			// and a notification handled at the same moment claims them first (claimKeys).
			const keys = documents.map((document) => signedDocumentKey(s.fileId, document));
			const claim = claimKeys(ctx, 'delivered', keys, DELIVERED_LIMIT);
			s.claims.push(claim);
			const taken = new Set(claim.taken);
			documents = documents.filter((_, n) => taken.delete(keys[n]));
			if (!documents.length) return [];
			if (claim.forgot) {
				// Never silent: the bound makes the trigger forget, and the run says so.
				const notice = `The trigger remembers the last ${DELIVERED_LIMIT} delivered signed documents and forgot the oldest ${claim.forgot} to hold these: a later signing that lists one of those delivers it again.`;
				ctx.logger.warn(`SkySlope Signing Trigger: ${notice}`);
				base.notice = notice;
			}
		}
	} catch (error) {
		documents = [];
		problem = `listing the signed documents of file ${s.fileId} failed: ${(error as Error).message}`;
	}
	if (!documents.length) {
		const fromNotification = s.facts.documentIds.map((documentId) => ({
			formsEnvelopeId: s.facts.formsEnvelopeId,
			envelopeId: s.facts.envelopeGuid ?? (s.facts.formsEnvelopeId === undefined ? undefined : String(s.facts.formsEnvelopeId)),
			documentId,
		}));
		const items = fromNotification.length ? fromNotification : [{}];
		return items.map((document) => ({ json: { ...base, ...document, signedDocumentsError: problem } }));
	}
	const items: INodeExecutionData[] = [];
	for (const document of documents) {
		// What makes this delivery the same one if it comes twice: an idempotency key for the write.
		const json: IDataObject = { ...document, ...base, deliveryKey: signedDocumentKey(s.fileId, document) };
		if (!s.download) {
			items.push({ json });
			continue;
		}
		const id = positiveId(document.documentId);
		const one: NotificationFacts = { ...s.facts, documentIds: id === undefined ? [] : [id], documentIdsFrom: 'the signed document list' };
		const downloads = await downloadSignedDocuments(ctx, s.fileId, one, s.prefix, s.listed);
		Object.assign(json, downloads.report);
		items.push(Object.keys(downloads.binary).length ? { json, binary: downloads.binary } : { json });
	}
	return items;
}
