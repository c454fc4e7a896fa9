import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { defineOperation, p } from '../../../shared';
import { formsRequest } from '../../transport';
import { contactAdditionalFields, contactRequiredFields, fileLocator, onBehalfOf } from '../descriptions';
import { contactOf, fileIdOf, onBehalfOfOf, withOnBehalfOf } from '../utils';

/** The contact described by the node's Contact Type, First Name, Last Name and Additional Fields. */
export function contactFromParameters(ctx: IExecuteFunctions, i: number): IDataObject {
	return contactOf(ctx, i, {
		type: ctx.getNodeParameter('contactType', i),
		firstName: ctx.getNodeParameter('firstName', i),
		lastName: ctx.getNodeParameter('lastName', i),
		fields: ctx.getNodeParameter('additionalFields', i, {}) as IDataObject,
	});
}

export default defineOperation({
	value: 'add',
	name: 'Add',
	action: 'Add a contact to a file',
	description: 'Add a buyer, seller, agent or other contact to a file',
	// Items are independent and the service publishes no tight limit: five in flight hide network latency.
	concurrency: 5,
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
