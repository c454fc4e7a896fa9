import type { IExecuteFunctions } from 'n8n-workflow';

import { defineOperation, p } from '../../../shared';
import { contactFromParameters } from '../../helpers/contact';
import { contactAlreadyOnFile } from '../../helpers/existingContacts';
import { contactAdditionalFields, contactRequiredFields, fileLocator, onBehalfOf } from '../../helpers/fields';
import { fileIdOf, onBehalfOfOf, withOnBehalfOf } from '../../helpers/parameters';
import { formsRequest } from '../../transport';

export default defineOperation({
	value: 'add',
	name: 'Add',
	action: 'Add contact to file',
	toolDescription:
		'Use to add a buyer, seller, agent or other contact to a Forms file. Returns the new contactId (or the existing contact when it is already on the file and skipping is on).',
	description: 'Add a buyer, seller, agent or other contact to a file',
	// Items are independent (the service's number in flight), unless Skip If Already on File is on:
	// then two equal items must go one after the other, or both would find the file without it.
	concurrency(this: IExecuteFunctions, items) {
		return items.some((_, i) => this.getNodeParameter('skipExisting', i, false) === true) ? 1 : undefined;
	},
	writes: true,
	properties: [
		fileLocator,
		...contactRequiredFields,
		contactAdditionalFields,
		onBehalfOf,
		{
			displayName: 'Skip If Already on File',
			name: 'skipExisting',
			type: 'boolean',
			default: false,
			description:
				'Whether to leave out a contact the file already holds (same type, first name, last name and email, ignoring case), returning it with skipped: true instead of adding it again. The service takes no idempotency key: turn this on to make a re-run or a retry safe. Costs one read of the file per run.',
		},
	],
	async execute(this: IExecuteFunctions, i: number) {
		const fileId = fileIdOf(this, i);
		const contact = contactFromParameters(this, i);
		if (this.getNodeParameter('skipExisting', i, false) === true) {
			const existing = await contactAlreadyOnFile(this, fileId, contact, i);
			if (existing) return { fileId, contactId: existing.id ?? existing.contactId, skipped: true, reason: 'already on the file' };
		}
		const response = await formsRequest.call(this, {
			method: 'POST',
			path: p`/files/${fileId}/contacts`,
			body: withOnBehalfOf(contact, onBehalfOfOf(this, i)),
			itemIndex: i,
		});
		return { fileId, ...response };
	},
});
