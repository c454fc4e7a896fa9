import type { IDataObject } from 'n8n-workflow';

/** What a signed-documents notification says, read wherever it says it: SkySlope does not publish its payload. */

/**
 * A signed-documents notification is well under a kilobyte; anything much larger is not one. Refused
 * before it is parsed further or starts a run (n8n's own cap, N8N_PAYLOAD_SIZE_MAX, is 16 MB).
 */
export const MAX_NOTIFICATION_BYTES = 64 * 1024;

/** The signing time a notification carries, if any (its payload is not published: it may carry none). */
export function notificationTime(body: IDataObject): string | undefined {
	const at = firstValue(objectsOf(body), ['signedat', 'datesigned', 'timestamp', 'occurredat', 'createdat']);
	return at === undefined || at === null || typeof at === 'object' ? undefined : String(at);
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
