import { createHmac, timingSafeEqual } from 'crypto';
import { NodeOperationError, type IDataObject, type IHookFunctions, type IWebhookFunctions } from 'n8n-workflow';

import { FORMS_CREDENTIAL } from '../service';
import { subscribeFile } from './subscribe';

/** The Signing Trigger's subscription: the files chosen, the secret of its URL, and subscribing them. */

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

/**
 * Subscribes each file to `url` (200 {subscribed} or 208 "already subscribed": both leave it
 * subscribed); gives the files the service had to subscribe anew (it no longer held them).
 */
export async function subscribeFiles(ctx: IHookFunctions, fileIds: number[], url: string): Promise<number[]> {
	const renewed: number[] = [];
	for (const fileId of fileIds) {
		const answer = await subscribeFile.call(ctx, fileId, url);
		if (answer.subscribed !== true) {
			throw new NodeOperationError(ctx.getNode(), `SkySlope Forms did not subscribe file ${fileId}`, {
				description: `It answered ${JSON.stringify(answer)}`,
			});
		}
		if (!answer.alreadySubscribed) renewed.push(fileId);
	}
	return renewed;
}
