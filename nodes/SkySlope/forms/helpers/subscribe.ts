import type { IDataObject } from 'n8n-workflow';

import { p, type ApiContext } from '../../shared';
import { formsFullRequest } from '../transport';

/**
 * SubscribeWebhook: 200 `{subscribed}`, or 208 with an error body when the file already has a
 * subscription. Both leave the file subscribed.
 */
export async function subscribeFile(
	this: ApiContext,
	fileId: number,
	webhookUrl: string,
	itemIndex?: number,
): Promise<IDataObject> {
	const response = await formsFullRequest.call(this, {
		method: 'POST',
		path: p`/documents/sign/subscribe/${fileId}`,
		body: { webhookUrl },
		itemIndex,
	});
	const already = response.statusCode === 208;
	return {
		fileId,
		subscribed: already ? true : (response.body as IDataObject | undefined)?.subscribed === true,
		alreadySubscribed: already,
		...(already && response.body && typeof response.body === 'object'
			? { message: (response.body as IDataObject).message }
			: {}),
	};
}
