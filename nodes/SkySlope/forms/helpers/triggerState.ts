import { createHash } from 'crypto';
import type { IDataObject, IHookFunctions, IWebhookFunctions } from 'n8n-workflow';

import { serviceTime } from '../../shared/dates';
import { notificationTime, readNotification } from './notification';

/** What the Forms trigger keeps between calls, and how it recognises its own notifications. */

/**
 * How many handled notifications the trigger remembers to recognise a repeat (11 characters each:
 * 550 kB at the bound, years of a large brokerage's signings). Past it, the oldest are forgotten,
 * and every run says so (`notice`): a resend of one of those would start a run again.
 */
export const SEEN_LIMIT = 50_000;
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

