import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { checkString, defineOperation, inputError, p, type ApiContext } from '../../../shared';
import { formsFullRequest } from '../../transport';
import { fileLocator } from '../descriptions';
import { fileIdOf } from '../utils';

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

export default defineOperation({
	value: 'subscribe',
	name: 'Subscribe to Signed Documents',
	action: 'Subscribe a file to signed documents',
	description: 'Have the service call a URL when documents on the file are signed',
	properties: [
		{
			displayName:
				'The service has no unsubscribe. To start a workflow on signed documents, the SkySlope Forms Trigger node subscribes for you.',
			name: 'subscribeNotice',
			type: 'notice',
			default: '',
		},
		fileLocator,
		{
			displayName: 'Webhook URL',
			name: 'webhookUrl',
			type: 'string',
			default: '',
			required: true,
			placeholder: 'e.g. https://example.com/hooks/signed',
			description: 'The URL the service sends a notification to when documents on the file are signed',
		},
	],
	async execute(this: IExecuteFunctions, i: number) {
		const fileId = fileIdOf(this, i);
		const webhookUrl = checkString(this, 'Webhook URL', this.getNodeParameter('webhookUrl', i), i, {
			maxLength: 2000,
		}).trim();
		if (!/^https?:\/\/[^\s/]+/i.test(webhookUrl)) {
			throw inputError(this, 'Webhook URL', i, `must be an absolute http(s) URL, got "${webhookUrl}"`);
		}
		return await subscribeFile.call(this, fileId, webhookUrl, i);
	},
});
