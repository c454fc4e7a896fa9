import type { IDataObject, INodeExecutionData, IWebhookFunctions, IWebhookResponseData } from 'n8n-workflow';

import { claimKeys, saveHeldKeys, type Claim } from '../../shared/webhookClaims';
import { documentsOfSigning, downloadSignedDocuments, listSignedDocuments } from './binary';
import { type NotificationFacts, notificationTime, positiveId } from './notification';
import { markSave, savedOver, SEVERAL_PROCESSORS_NOTICE } from './processSaves';
import { DELIVERED_LIMIT, SEEN_LIMIT, seenKey, seenKeys, signedDocumentKey, signingTimes, type TriggerState } from './triggerState';

/**
 * What the Signing Trigger delivers for a notification it has taken (its node file checks the secret,
 * the size and the file): the test event's confirmation, whether it was handled before, and its
 * items, one for the notification or one per signed document, each signed document once.
 */

/** Answers the request now, with `status` and `body` as JSON; n8n answers nothing more. */
export function respond(ctx: IWebhookFunctions, status: number, body: IDataObject, run?: INodeExecutionData[]): IWebhookResponseData {
	const res = ctx.getResponseObject();
	res.writeHead(status, { 'content-type': 'application/json' });
	res.end(JSON.stringify(body));
	return run ? { noWebhookResponse: true, workflowData: [run] } : { noWebhookResponse: true };
}

/** A notification of a watched file, as the webhook took it. */
export interface Delivery {
	data: TriggerState;
	body: IDataObject;
	facts: NotificationFacts;
	fileId: number;
	/** Sent to the test URL without the secret: taken only once the service lists the signing it names. */
	testEvent: boolean;
	options: IDataObject;
}

/**
 * Delivers a notification: confirms a test event with the service, claims its keys (a repeat
 * starts nothing), makes its items, saves the keys this process holds and marks its save, and puts
 * every notice on every item. Answers before n8n starts the
 * run: n8n saves the static data changed here when the webhook has answered.
 */
export async function deliver(ctx: IWebhookFunctions, d: Delivery): Promise<IWebhookResponseData> {
	const { data, body, facts, fileId, options } = d;
	// The signed-document list is read at most once, whoever needs it first.
	let listing: Promise<IDataObject[]> | undefined;
	const listed = async () => await (listing ??= listSignedDocuments(ctx, fileId, facts.formsEnvelopeId));
	if (d.testEvent && !(await listsSigning(listed, facts))) {
		return respond(ctx, 401, {
			message: `Unauthorized: a test event without the secret is taken only when SkySlope Forms lists the signing it names, and it lists none for file ${fileId}`,
		});
	}
	const once = options.ignoreRepeats !== false && !d.testEvent;
	// Requests of one workflow run side by side, each on its own copy of the static data: keys are
	// claimed in this process at once (claimKeys), and every key this process holds is written
	// before answering, so that no concurrent save loses one.
	// Never silent: a process whose save another overwrote says so on every run it starts.
	const notices: string[] = savedOver(ctx, data) ? [SEVERAL_PROCESSORS_NOTICE] : [];
	// The signings this notification delivers, each with its key (one, unless it carries no time).
	let signings: Signed[] = [{ key: seenKey(body) }];
	if (!once && !d.testEvent) {
		// Without the seen list, a notification without a signing time still delivers each signing it
		// may stand for under that signing's own deliveryKey: two signings never share one.
		const found = await signingsOf(body, facts, listed);
		if (found.signings) signings = found.signings;
		if (found.notice) notices.push(found.notice);
	}
	if (once) {
		const seen = await claimNotification(ctx, { data, body, facts, listed });
		if (seen.repeat) {
			saveHeldKeys(ctx);
			return { webhookResponse: { received: true, ignored: 'repeat of a handled notification' } };
		}
		notices.push(...seen.notices);
		if (seen.claim) {
			signings = seen.claim.taken.map((key) => ({ key, signedAt: seen.signedAt?.[key] }));
		}
	}
	const signing: Signing = {
		fileId,
		facts,
		body,
		receivedAt: new Date().toISOString(),
		prefix: typeof options.binaryPrefix === 'string' && options.binaryPrefix ? options.binaryPrefix : 'document_',
		listed,
	};
	// Making the items throws nothing: every failure of a read or a download is said on its item, so
	// the keys claimed above are kept, and saved.
	const items =
		options.oneItemPerDocument === true
			? await itemPerDocument(ctx, { ...signing, download: options.downloadDocuments === true, once })
			: fanOut(await itemPerNotification(ctx, { ...signing, options }), signings);
	// Every key this process holds, not only this request's claims (saveHeldKeys says why).
	saveHeldKeys(ctx);
	// n8n never saves a test event's static data: its mark would be missed as if overwritten.
	if (ctx.getMode() !== 'manual') markSave(ctx, data);
	for (const item of items) {
		item.json.deliveryKey ??= signings[0].key;
		if (notices.length) item.json.notice = [item.json.notice, ...notices].filter(Boolean).join(' ');
	}
	if (notices.length) ctx.logger.warn(`SkySlope Signing Trigger: ${notices.join(' ')}`);
	if (!items.length) return { webhookResponse: { received: true, ignored: 'every signed document of this signing was delivered before' } };
	return respond(ctx, 200, { received: true }, items);
}

/** Whether the service lists the signing a notification names (its envelope, and its documents if it names any). */
async function listsSigning(listed: () => Promise<IDataObject[]>, facts: NotificationFacts): Promise<boolean> {
	try {
		return (await listed()).some(
			(r) =>
				(facts.envelopeGuid === undefined || r.envelopeId === facts.envelopeGuid) &&
				(facts.documentIds.length === 0 || facts.documentIds.includes(Number(r.documentId))),
		);
	} catch {
		return false;
	}
}

/**
 * A notification without a signing time that stands for several signings not delivered yet: one
 * item each, with its own deliveryKey and signing time, so that a write keyed on deliveryKey keeps
 * every signing whichever processor delivers it too.
 */
function fanOut(item: INodeExecutionData, signings: Array<{ key: string; signedAt?: string }>): INodeExecutionData[] {
	if (signings.length < 2) return [item];
	const notice = `This notification carries no signing time and stands for the ${signings.length} signings of its envelope not delivered before: one item each.`;
	return signings.map(({ key, signedAt }) => ({ ...item, json: { ...item.json, deliveryKey: key, ...(signedAt ? { signedAt } : {}), notice } }));
}

/** A signing a notification delivers: its key (the item's deliveryKey) and, when looked up, its time. */
type Signed = { key: string; signedAt?: string };

/**
 * The signings a notification stands for: itself when it carries a signing time; else every signing
 * of its envelope (and documents) by the dateSigned the service lists, each under its own key. When
 * that list cannot be read there is no telling, and `notice` says so (signings undefined).
 */
async function signingsOf(body: IDataObject, facts: NotificationFacts, listed: () => Promise<IDataObject[]>): Promise<{ signings?: Signed[]; notice?: string }> {
	if (notificationTime(body) !== undefined) return { signings: [{ key: seenKey(body) }] };
	try {
		const times = signingTimes(documentsOfSigning(await listed(), facts));
		return { signings: times.length ? times.map((at) => ({ key: seenKey(body, at), signedAt: at })) : [{ key: seenKey(body) }] };
	} catch (error) {
		return {
			notice: `SkySlope Forms did not list the signed documents (${(error as Error).message}), and this notification carries no signing time: which signing it stands for cannot be told, so it starts a run rather than be lost, and its deliveryKey names its envelope, not one signing.`,
		};
	}
}

/**
 * Whether a notification was handled before, by its key in the seen list, claimed at once
 * (claimKeys): of two requests at the same moment only one goes on. A notification without a
 * signing time stands for every signing of its envelope (and documents) not delivered yet, by the
 * dateSigned the service lists (`signedAt`, one per signing it delivers): whatever order
 * notifications come in, and whichever processor takes them, each signing is delivered with its
 * own deliveryKey, and a resend starts nothing. When the list cannot be read, the notification is
 * delivered rather than taken for a repeat it may not be, and `notices` says why.
 */
async function claimNotification(
	ctx: IWebhookFunctions,
	n: { data: IDataObject; body: IDataObject; facts: NotificationFacts; listed: () => Promise<IDataObject[]> },
): Promise<{ repeat: boolean; claim?: Claim; signedAt?: Record<string, string>; notices: string[] }> {
	n.data.seen = seenKeys(n.data.seen);
	const found = await signingsOf(n.body, n.facts, n.listed);
	const notices = found.notice ? [found.notice] : [];
	if (!found.signings) return { repeat: false, notices };
	const candidates = found.signings.map((s) => s.key);
	const signedAt = found.signings.some((s) => s.signedAt)
		? Object.fromEntries(found.signings.filter((s) => s.signedAt).map((s) => [s.key, s.signedAt!]))
		: undefined;
	const claim = claimKeys(ctx, 'seen', candidates, SEEN_LIMIT);
	if (!claim.taken.length) return { repeat: true, notices };
	if (claim.forgot) {
		notices.push(`The trigger remembers the last ${SEEN_LIMIT} notifications and forgot the oldest ${claim.forgot} to hold this one: a resend of one of those would start a run again.`);
	}
	return { repeat: false, claim, signedAt, notices };
}

interface Signing {
	fileId: number;
	facts: NotificationFacts;
	body: IDataObject;
	receivedAt: string;
	prefix: string;
	listed: () => Promise<IDataObject[]>;
}

/** The notification as one item: its body, and the list and PDFs when asked for. */
async function itemPerNotification(ctx: IWebhookFunctions, s: Signing & { options: IDataObject }): Promise<INodeExecutionData> {
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
async function itemPerDocument(
	ctx: IWebhookFunctions,
	s: Signing & { download: boolean; once: boolean },
): Promise<INodeExecutionData[]> {
	const base: IDataObject = { fileId: s.fileId, receivedAt: s.receivedAt, notification: s.body };
	let documents: IDataObject[];
	let problem: string | undefined;
	try {
		documents = documentsOfSigning(await s.listed(), s.facts);
		if (!documents.length) problem = `the service lists no signed document of this signing on file ${s.fileId}`;
		else if (s.once) {
			// Each signed document once: a later signing on the envelope lists the earlier ones too,
			// and a notification handled at the same moment claims them first (claimKeys).
			const keys = documents.map((document) => signedDocumentKey(s.fileId, document));
			const claim = claimKeys(ctx, 'delivered', keys, DELIVERED_LIMIT);
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
