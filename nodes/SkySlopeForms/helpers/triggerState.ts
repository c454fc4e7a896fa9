import { createHmac, timingSafeEqual } from 'crypto';
import { NodeOperationError, type IDataObject, type IHookFunctions, type IWebhookFunctions } from 'n8n-workflow';

import { FORMS_CREDENTIAL } from '../service';

/** What the Forms trigger keeps between calls, and how it recognises its own notifications. */

/** How many handled notifications the trigger remembers to recognise a repeat. */
export const SEEN_LIMIT = 200;
/**
 * A signed-documents notification is well under a kilobyte; anything much larger is not one. Refused
 * before it is parsed further or starts a run (n8n's own cap, N8N_PAYLOAD_SIZE_MAX, is 16 MB).
 */
export const MAX_NOTIFICATION_BYTES = 64 * 1024;

/** What the trigger keeps in the workflow's static data. */
export interface TriggerState extends IDataObject {
	/** Generated once; part of the subscribed URL. A notification without it is refused. */
	secret?: string;
	/** What create() subscribed: the URL given to the service and the files. */
	subscription?: { url: string; fileIds: number[]; at: string };
	/** Keys of notifications already handled, oldest first, at most SEEN_LIMIT. */
	seen?: string[];
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
	return createHmac('sha256', key).update(`skySlopeFormsTrigger\n${webhookUrl}`).digest('hex').slice(0, 48);
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

/** What identifies a notification: a resend of the same one has the same key. */
export function notificationKey(body: IDataObject): string {
	const ids = Array.isArray(body.documentIds) ? [...(body.documentIds as unknown[])].map(String).sort() : [];
	return [body.fileId, body.formsEnvelopeId, body.envelopeId, body.signedAt, ids.join('.')].map((v) => String(v ?? '')).join('|');
}
