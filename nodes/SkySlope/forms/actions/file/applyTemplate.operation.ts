import type { IExecuteFunctions } from 'n8n-workflow';

import { defineOperation, p } from '../../../shared';
import { fileLocator, onBehalfOf, templateLocator } from '../../helpers/fields';
import { fileIdOf, locatorIdOf, onBehalfOfOf, withOnBehalfOf } from '../../helpers/parameters';
import { formsRequest } from '../../transport';

export default defineOperation({
	value: 'applyTemplate',
	name: 'Apply Template',
	action: 'Apply template to file',
	toolDescription:
		'Use to add the documents of a Forms template (see the template tool for IDs) to a file. Returns the fileId.',
	description: "Add a template's documents to a file",
	// Documents appear in a file in the order they are added: items go one after the other.
	concurrency: 1,
	properties: [fileLocator, templateLocator, onBehalfOf],
	async execute(this: IExecuteFunctions, i: number) {
		const fileId = fileIdOf(this, i);
		const templateId = locatorIdOf(this, 'templateId', i);
		return await formsRequest.call(this, {
			method: 'POST',
			path: p`/files/${fileId}/templates`,
			body: withOnBehalfOf({ templateId }, onBehalfOfOf(this, i)),
			itemIndex: i,
		});
	},
});
