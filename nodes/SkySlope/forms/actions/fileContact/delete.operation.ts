import type { IExecuteFunctions } from 'n8n-workflow';

import { defineOperation, p } from '../../../shared';
import { contactLocator, fileLocator } from '../../helpers/fields';
import { fileIdOf, locatorIdOf } from '../../helpers/parameters';
import { formsRequest } from '../../transport';

export default defineOperation({
	value: 'delete',
	name: 'Delete',
	action: 'Delete contact',
	toolDescription:
		'Use to remove a contact from a Forms file. Returns deleted: true with the fileId and contactId.',
	description: 'Remove a contact from a file',
	properties: [fileLocator, contactLocator],
	async execute(this: IExecuteFunctions, i: number) {
		const fileId = fileIdOf(this, i);
		const contactId = locatorIdOf(this, 'contactId', i);
		await formsRequest.call(this, { method: 'DELETE', path: p`/files/${fileId}/contacts/${contactId}`, itemIndex: i });
		return { deleted: true, fileId, contactId };
	},
});
