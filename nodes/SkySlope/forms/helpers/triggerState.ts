import { createHash, createHmac, randomBytes, timingSafeEqual } from 'crypto';
import { NodeOperationError, type IDataObject, type IHookFunctions, type IWebhookFunctions } from 'n8n-workflow';

import { serviceTime } from '../../shared/dates';
import { triggerKey } from '../../shared/node';
import { FORMS_CREDENTIAL } from '../service';

/** What the Forms trigger keeps between calls, and how it recognises its own notifications. */

/**
 * How many handled notifications the trigger remembers to recognise a repeat (11 characters each:
 * 550 kB at the bound, years of a large brokerage's signings). Past it, the oldest are forgotten,
 * and every run says so (`notice`): a resend of one of those would start a run again.
 */
export const SEEN_LIMIT = 50_000;
/**
 * A signed-documents notification is well under a kilobyte; anything much larger is not one. Refused
 * before it is parsed further or starts a run (n8n's own cap, N8N_PAYLOAD_SIZE_MAX, is 16 MB).
 */
export const MAX_NOTIFICATION_BYTES = 64 * 1024;

/** What the trigger keeps in the workflow's static data. */
export interface TriggerState extends IDataObject {
	/** Generated once; part of the subscribed URL. A notification without it is refused. */
	secret?: string;
	/**
	 * What create() subscribed: the URL given to the service and the files; when checkExists() last
	 * confirmed it with the service, and which files it had to subscribe again (the service forgot).
	 */
	subscription?: {
		url: string;
		fileIds: number[];
		at: string;
		checkedAt?: string;
		renewed?: { fileIds: number[]; at: string };
	};
	/**
	 * Keys of notifications already handled (seenKey, 11 characters; earlier versions kept the whole
	 * notificationKey, read once and hashed), oldest first, at most SEEN_LIMIT.
	 */
	seen?: string[];
	/**
	 * When each n8n process last saved this state (by a random id of the process): a process that
	 * finds its own save gone knows another process's save overwrote it (several webhook processors).
	 */
	savedBy?: Record<string, string>;
	/**
	 * Signed documents already delivered one item each (signedDocumentKey, 11 characters), oldest
	 * first, at most DELIVERED_LIMIT: a later signing on the same envelope does not deliver them again.
	 */
	delivered?: string[];
}

/**
 * How many delivered signed documents the trigger remembers (about 14 bytes each: 700 kB at the
 * bound): ten years of a large brokerage's signings. Past it, the oldest are forgotten, and every
 * delivery says so (`notice`): a later signing that lists one of those would deliver it again.
 */
export const DELIVERED_LIMIT = 50_000;

/**
 * What makes a signed document the same one: its file, its envelope (GUID, else Forms id), its
 * document (else its envelope document id) and when it was signed. A document signed again is a new
 * version: the same ids at a later time. Hashed to 11 characters for the state.
 */
export function signedDocumentKey(fileId: number, document: IDataObject): string {
	const signedAt = typeof document.dateSigned === 'string' ? (serviceTime(document.dateSigned) ?? document.dateSigned) : '';
	const parts = [
		fileId,
		String(document.envelopeId ?? document.formsEnvelopeId ?? ''),
		String(document.documentId ?? document.envelopeDocumentId ?? ''),
		signedAt === '' ? String(document.esignDocumentGuid ?? '') : String(signedAt),
	];
	return createHash('sha256').update(parts.join('\u0000')).digest('base64url').slice(0, 11);
}

export function state(ctx: IHookFunctions | IWebhookFunctions): TriggerState {
	return ctx.getWorkflowStaticData('node') as TriggerState;
}

/** The file ids chosen in the Files parameter (resource locators in a fixed collection). */
export function chosenFileIds(ctx: IHookFunctions | IWebhookFunctions): number[] {
	const raw = ctx.getNodeParameter('files', {}) as IDataObject;
	const rows = (Array.isArray(raw.file) ? raw.file : []) as IDataObject[];
	const ids: number[] = [];
	rows.forEach((row, n) => {
		const locator = row.fileId;
		const value =
			locator && typeof locator === 'object' ? (locator as IDataObject).value : (locator as string | number | undefined);
		const text = String(value ?? '').trim();
		if (!/^\d+$/.test(text) || Number(text) < 1 || !Number.isSafeInteger(Number(text))) {
			throw new NodeOperationError(ctx.getNode(), `Files: entry ${n + 1} is not a file ID (a whole number), got "${text}"`);
		}
		if (!ids.includes(Number(text))) ids.push(Number(text));
	});
	if (ids.length === 0) throw new NodeOperationError(ctx.getNode(), 'Files: choose at least one file to watch');
	return ids;
}

/**
 * The secret of this trigger's URL. Derived from the credential's client secret and the webhook URL,
 * so that the same trigger always gets the same one even when its static data is lost (a failed
 * activation, a renamed node): the service keeps the first URL a file was subscribed to, for good.
 * Random when the credential has no client secret.
 */
export async function deriveSecret(ctx: IHookFunctions | IWebhookFunctions, webhookUrl: string): Promise<string | undefined> {
	const credentials = await ctx.getCredentials(FORMS_CREDENTIAL);
	const key = typeof credentials.clientSecret === 'string' ? credentials.clientSecret : '';
	if (!key) return undefined;
	return createHmac('sha256', key).update(`skySlopeSigningTrigger\n${webhookUrl}`).digest('hex').slice(0, 48);
}

/** The URL the service is given: n8n's webhook URL with the secret as a query parameter. */
export function subscribedUrl(webhookUrl: string, secret: string): string {
	const url = new URL(webhookUrl);
	url.searchParams.set('secret', secret);
	return url.toString();
}

export function sameSecret(given: unknown, expected: string | undefined): boolean {
	if (typeof given !== 'string' || !expected) return false;
	const a = Buffer.from(given, 'utf8');
	const b = Buffer.from(expected, 'utf8');
	return a.length === b.length && timingSafeEqual(a, b);
}

/** The signing time a notification carries, if any (its payload is not published: it may carry none). */
export function notificationTime(body: IDataObject): string | undefined {
	const at = firstValue(objectsOf(body), ['signedat', 'datesigned', 'timestamp', 'occurredat', 'createdat']);
	return at === undefined || at === null || typeof at === 'object' ? undefined : String(at);
}

/**
 * What identifies a notification: a resend of the same one has the same key. Its file, envelope,
 * documents and time; when it carries no time, `signedAt` (the latest `dateSigned` the service
 * lists for the signing) stands for it, so that two signings of one envelope are two notifications.
 */
function notificationKey(body: IDataObject, signedAt?: string): string {
	const n = readNotification(body);
	const ids = [...n.documentIds].sort((a, b) => a - b).map(String);
	const at = signingAt(notificationTime(body) ?? signedAt ?? '');
	return [n.fileId, n.formsEnvelopeId, n.envelopeGuid, at, ids.join('.')].map((v) => String(v ?? '')).join('|');
}

/**
 * A signing time as keys hold it: UTC ISO when it reads as a time, so that a notification's own
 * time and the same signing's `dateSigned` in the service's list (a notification without a time)
 * make one key; as written otherwise. Earlier versions wrote a listed time as `listed <time>`.
 */
function signingAt(text: string): string {
	const raw = text.startsWith('listed ') ? text.slice('listed '.length) : text;
	const ms = serviceTime(raw);
	return ms === undefined ? raw : new Date(ms).toISOString();
}

/** What `seen` holds for a notification: its notificationKey, hashed to 11 characters. */
export function seenKey(body: IDataObject, signedAt?: string): string {
	return hashKey(notificationKey(body, signedAt));
}

const hashKey = (text: string) => createHash('sha256').update(text).digest('base64url').slice(0, 11);

/**
 * `seen` as this version keeps it: an earlier version's whole keys (`file|envelope|guid|time|ids`)
 * read with their time as this version writes it, and hashed, in their order.
 */
export function seenKeys(stored: unknown): string[] {
	if (!Array.isArray(stored)) return [];
	return stored
		.filter((k): k is string => typeof k === 'string')
		.map((k) => {
			if (/^[A-Za-z0-9_-]{11}$/.test(k)) return k;
			const parts = k.split('|');
			if (parts.length === 5) parts[3] = signingAt(parts[3]);
			return hashKey(parts.join('|'));
		});
}

/** Every signing time among signed documents as the service lists them (UTC, ISO), oldest first. */
export function signingTimes(documents: IDataObject[]): string[] {
	const times = new Set<number>();
	for (const document of documents) {
		const at = typeof document.dateSigned === 'string' ? serviceTime(document.dateSigned) : undefined;
		if (at !== undefined) times.add(at);
	}
	return [...times].sort((a, b) => a - b).map((at) => new Date(at).toISOString());
}

/**
 * What a notification says, wherever it says it. SkySlope does not publish the payload, so every
 * plausible place is read: the top level and a `data`, `payload`, `event` or `envelope` object;
 * keys compared without case or separators (`documentIds`, `document_ids`, `DocumentIDs`).
 */
export interface NotificationFacts {
	fileId?: number;
	/** The numeric Forms envelope id. */
	formsEnvelopeId?: number;
	/** The e-sign envelope GUID (signed documents' `envelopeId`). */
	envelopeGuid?: string;
	/** Document ids named by the notification, in order, without repeats. */
	documentIds: number[];
	/** Where the document ids were found, e.g. `documentIds` or `data.documents[].id`. */
	documentIdsFrom?: string;
}

const NESTED_KEYS = ['data', 'payload', 'event', 'detail', 'envelope', 'file'];
/** Keys that hold document ids or documents: a list of ids, a list of objects, one id or one object. */
const DOCUMENT_KEYS = [
	'documentids',
	'signeddocumentids',
	'documentidlist',
	'documents',
	'signeddocuments',
	'envelopedocuments',
	'documentid',
	'signeddocumentid',
	'document',
	'signeddocument',
];
/** The id of a document object: `documentId` before `id` (a signed document's own id is envelopeDocumentId). */
const DOCUMENT_OBJECT_ID_KEYS = ['documentid', 'id'];

const normal = (key: string) => key.toLowerCase().replace(/[^a-z0-9]/g, '');

function isObject(value: unknown): value is IDataObject {
	return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/** The body and the objects nested under the usual wrapper keys, with their paths. */
function objectsOf(body: IDataObject): Array<{ path: string; value: IDataObject }> {
	const found = [{ path: '', value: body }];
	for (const [key, value] of Object.entries(body)) {
		if (NESTED_KEYS.includes(normal(key)) && isObject(value)) found.push({ path: `${key}.`, value });
	}
	return found;
}

function entry(obj: IDataObject, keys: string[]): [string, unknown] | undefined {
	for (const wanted of keys) {
		const key = Object.keys(obj).find((k) => normal(k) === wanted);
		if (key !== undefined && obj[key] !== undefined && obj[key] !== null && obj[key] !== '') return [key, obj[key]];
	}
	return undefined;
}

function firstValue(objects: Array<{ value: IDataObject }>, keys: string[]): unknown {
	for (const { value } of objects) {
		const hit = entry(value, keys);
		if (hit) return hit[1];
	}
	return undefined;
}

/** A positive whole number from a number or a string of digits. */
export function positiveId(value: unknown): number | undefined {
	const n = typeof value === 'number' ? value : typeof value === 'string' && /^\s*\d+\s*$/.test(value) ? Number(value) : NaN;
	return Number.isSafeInteger(n) && n >= 1 ? n : undefined;
}

/** Document ids in a value: an id, "1,2", a list of ids or of objects with an id, one such object. */
function documentIdsIn(value: unknown): number[] {
	if (Array.isArray(value)) return value.flatMap((v) => documentIdsIn(v));
	if (isObject(value)) {
		const hit = entry(value, DOCUMENT_OBJECT_ID_KEYS);
		const id = hit ? positiveId(hit[1]) : undefined;
		return id === undefined ? [] : [id];
	}
	if (typeof value === 'string' && value.includes(',')) return value.split(',').flatMap((v) => documentIdsIn(v));
	const id = positiveId(value);
	return id === undefined ? [] : [id];
}

export function readNotification(body: IDataObject): NotificationFacts {
	const objects = objectsOf(body);
	const facts: NotificationFacts = { documentIds: [] };
	// fileId at the top or nested; a nested `file: {id}` counts too.
	const file = firstValue(objects, ['fileid']);
	facts.fileId = positiveId(file) ?? (isObject(body.file) ? positiveId(body.file.id) : undefined);
	facts.formsEnvelopeId = positiveId(firstValue(objects, ['formsenvelopeid']));
	const envelope = firstValue(objects, ['envelopeid']);
	if (facts.formsEnvelopeId === undefined && positiveId(envelope) !== undefined) {
		// A numeric envelopeId is the Forms envelope id (envelope records carry it as a string).
		facts.formsEnvelopeId = positiveId(envelope);
	} else if (typeof envelope === 'string' && envelope.trim()) {
		facts.envelopeGuid = envelope.trim();
	}
	if (facts.formsEnvelopeId === undefined && isObject(body.envelope)) facts.formsEnvelopeId = positiveId(body.envelope.id);
	if (facts.formsEnvelopeId === undefined && isObject(body.data) && isObject(body.data.envelope)) {
		facts.formsEnvelopeId = positiveId(body.data.envelope.id);
		const guid = body.data.envelope.guid ?? body.data.envelope.envelopeId;
		if (!facts.envelopeGuid && typeof guid === 'string' && guid.trim()) facts.envelopeGuid = guid.trim();
	}
	const sources: string[] = [];
	for (const { path, value } of objects) {
		for (const wanted of DOCUMENT_KEYS) {
			const hit = entry(value, [wanted]);
			if (!hit) continue;
			const ids = documentIdsIn(hit[1]);
			if (!ids.length) continue;
			for (const id of ids) if (!facts.documentIds.includes(id)) facts.documentIds.push(id);
			const shape = Array.isArray(hit[1]) ? (hit[1].some(isObject) ? '[].id' : '[]') : isObject(hit[1]) ? '.id' : '';
			sources.push(`${path}${hit[0]}${shape}`);
		}
	}
	if (sources.length) facts.documentIdsFrom = sources.join(', ');
	return facts;
}

/** This process, among the n8n processes that may save a trigger's state (webhook processors). */
const PROCESS_ID = randomBytes(6).toString('base64url');
/**
 * What this process wrote into `savedBy` for itself, newest last, by trigger: requests of this
 * process answer side by side, and n8n may save an older one's copy last; it is still this one's.
 */
const ownSaves = new Map<string, string[]>();
/** Entries of `savedBy` kept: the processes that saved last. */
const SAVED_BY_LIMIT = 16;

/**
 * Whether another process's save overwrote this process's last one: its entry in `savedBy` is not
 * what it wrote, and another process saved after this one first did. n8n saves a webhook's static
 * data whole, the last save winning; of two processes that handle this trigger's notifications at
 * once, one loses what the other remembered. Without a later save of another process, this one's
 * own were only not saved yet: requests of one process that overlap (each loads the state before the
 * other's save), or a test event (n8n never saves one).
 */
export function savedOver(ctx: IWebhookFunctions, data: TriggerState): boolean {
	const mine = ownSaves.get(triggerKey(ctx));
	if (!mine?.length) return false;
	const savedBy = data.savedBy && typeof data.savedBy === 'object' ? data.savedBy : {};
	const stored = savedBy[PROCESS_ID];
	if (typeof stored === 'string' && mine.includes(stored)) return false;
	// By the time of each save (a mark is `<ISO time>#<random>`): at or after this process's first.
	const first = mine[0].split('#')[0];
	return Object.entries(savedBy).some(([id, at]) => id !== PROCESS_ID && typeof at === 'string' && at.split('#')[0] >= first);
}

/** Stamps this process's save into the state (call just before the webhook answers). */
export function markSave(ctx: IWebhookFunctions, data: TriggerState): void {
	const at = `${new Date().toISOString()}#${randomBytes(3).toString('base64url')}`;
	const others = Object.entries(data.savedBy && typeof data.savedBy === 'object' ? data.savedBy : {})
		.filter(([id, when]) => id !== PROCESS_ID && typeof when === 'string')
		.sort(([, a], [, b]) => (a < b ? 1 : -1))
		.slice(0, SAVED_BY_LIMIT - 1);
	data.savedBy = { ...Object.fromEntries(others), [PROCESS_ID]: at };
	const mine = ownSaves.get(triggerKey(ctx)) ?? [];
	mine.push(at);
	ownSaves.set(triggerKey(ctx), mine.slice(-64));
}

/** Said on every run of a process that found its save overwritten. */
export const SEVERAL_PROCESSORS_NOTICE =
	'Another n8n process saved this trigger\'s memory over this one\'s: several webhook processors take its notifications, and n8n gives them no shared lock, so a notification sent again may start a run again. Write with deliveryKey as the idempotency key, or send this webhook path to one processor.';
