import type { IExecuteFunctions } from 'n8n-workflow';

import { checkString, defineOperation, inputError } from '../../../shared';
import { fileLocator } from '../../helpers/fields';
import { fileIdOf } from '../../helpers/parameters';
import { subscribeFile } from '../../helpers/subscribe';

export default defineOperation({
	value: 'subscribe',
	name: 'Subscribe to Signed Documents',
	action: 'Subscribe file to signed documents',
	toolDescription:
		'Use to have SkySlope Forms call a URL when documents of a file are signed. Returns whether the subscription was made (subscribed).',
	description: 'Have the service call a URL when documents on the file are signed',
	properties: [
		{
			displayName:
				'The service has no unsubscribe. To start a workflow on signed documents, the SkySlope Signing Trigger node subscribes for you.',
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
