import type { IExecuteFunctions } from 'n8n-workflow';

import { defineOperation, p } from '../../../shared';
import { formsRequest } from '../../transport';
import { contactLocator, fileLocator } from '../descriptions';
import { fileIdOf, locatorIdOf } from '../utils';

export default defineOperation({
	value: 'delete',
	name: 'Delete',
	action: 'Delete a contact',
	description: 'Remove a contact from a file',
	properties: [fileLocator, contactLocator],
	async execute(this: IExecuteFunctions, i: number) {
		const fileId = fileIdOf(this, i);
		const contactId = locatorIdOf(this, 'contactId', i);
		await formsRequest.call(this, { method: 'DELETE', path: p`/files/${fileId}/contacts/${contactId}`, itemIndex: i });
		return { deleted: true, fileId, contactId };
	},
});
