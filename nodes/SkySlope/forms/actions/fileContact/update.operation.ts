import type { IExecuteFunctions } from 'n8n-workflow';

import { defineOperation, p } from '../../../shared';
import { contactFromParameters } from '../../helpers/contact';
import {
	contactAdditionalFields,
	contactLocator,
	contactRequiredFields,
	fileForContactList,
	onBehalfOf,
} from '../../helpers/fields';
import { locatorIdOf, onBehalfOfOf, withOnBehalfOf } from '../../helpers/parameters';
import { formsRequest } from '../../transport';

export default defineOperation({
	value: 'update',
	name: 'Update',
	action: 'Update contact',
	toolDescription:
		'Use to rewrite a contact of a Forms file; optional fields left empty are cleared. Returns the contactId.',
	description: 'Rewrite a contact: optional fields left empty are cleared',
	writes: true,
	properties: [
		{
			displayName:
				'The service rewrites the whole contact: optional fields you leave out are cleared.',
			name: 'updateNotice',
			type: 'notice',
			default: '',
		},
		fileForContactList,
		contactLocator,
		...contactRequiredFields,
		contactAdditionalFields,
		onBehalfOf,
	],
	async execute(this: IExecuteFunctions, i: number) {
		const contactId = locatorIdOf(this, 'contactId', i);
		const contact = contactFromParameters(this, i);
		return await formsRequest.call(this, {
			method: 'PUT',
			path: p`/files/contacts/${contactId}`,
			body: withOnBehalfOf(contact, onBehalfOfOf(this, i)),
			itemIndex: i,
		});
	},
});
