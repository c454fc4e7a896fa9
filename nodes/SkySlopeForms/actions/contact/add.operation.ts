import type { IExecuteFunctions } from 'n8n-workflow';

import { defineOperation, p } from '../../../shared';
import { contactFromParameters } from '../../helpers/contact';
import { contactAdditionalFields, contactRequiredFields, fileLocator, onBehalfOf } from '../../helpers/fields';
import { fileIdOf, onBehalfOfOf, withOnBehalfOf } from '../../helpers/parameters';
import { formsRequest } from '../../transport';

export default defineOperation({
	value: 'add',
	name: 'Add',
	action: 'Add a contact to a file',
	description: 'Add a buyer, seller, agent or other contact to a file',
	// Items are independent and the service publishes no tight limit: five in flight hide network latency.
	concurrency: 5,
	writes: true,
	properties: [fileLocator, ...contactRequiredFields, contactAdditionalFields, onBehalfOf],
	async execute(this: IExecuteFunctions, i: number) {
		const fileId = fileIdOf(this, i);
		const contact = contactFromParameters(this, i);
		const response = await formsRequest.call(this, {
			method: 'POST',
			path: p`/files/${fileId}/contacts`,
			body: withOnBehalfOf(contact, onBehalfOfOf(this, i)),
			itemIndex: i,
		});
		return { fileId, ...response };
	},
});
