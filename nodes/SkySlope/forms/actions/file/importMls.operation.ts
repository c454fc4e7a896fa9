import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { checkString, defineOperation, p } from '../../../shared';
import { errorOnImportProblem, fileLocator, onBehalfOf, optionsCollection } from '../../helpers/fields';
import { checkMlsOutcome } from '../../helpers/mls';
import { fileIdOf, onBehalfOfOf, withOnBehalfOf } from '../../helpers/parameters';
import { formsRequest } from '../../transport';

export default defineOperation({
	value: 'importMls',
	name: 'Import MLS',
	action: 'Import MLS data into file',
	toolDescription:
		'Use to save an MLS number on a Forms file and import that listing\'s data into it. Returns the fileId and mlsImport (check its status: a 200 does not mean the import happened).',
	description: 'Save an MLS number on a file and import its listing data',
	properties: [
		{
			displayName:
				'The service answers 200 whatever the outcome: read mlsImport.status. This node never retries an import; after failed or unknown, check the file before importing again.',
			name: 'importNotice',
			type: 'notice',
			default: '',
		},
		fileLocator,
		{
			displayName: 'MLS Number',
			name: 'mlsNumber',
			type: 'string',
			default: '',
			required: true,
			placeholder: 'e.g. 224012345',
			description: 'Saved on the file before the lookup, even if no single listing matches',
		},
		{
			displayName: 'Override Existing Data',
			name: 'shouldOverride',
			type: 'boolean',
			default: false,
			description:
				'Whether listing data replaces values the file already has. Off: only empty values are filled.',
		},
		optionsCollection([errorOnImportProblem]),
		onBehalfOf,
	],
	async execute(this: IExecuteFunctions, i: number) {
		const fileId = fileIdOf(this, i);
		const mlsNumber = checkString(this, 'MLS Number', this.getNodeParameter('mlsNumber', i), i, { maxLength: 50 }).trim();
		const shouldOverride = this.getNodeParameter('shouldOverride', i, false) === true;
		const options = this.getNodeParameter('options', i, {}) as IDataObject;
		const response = await formsRequest.call(this, {
			method: 'POST',
			path: p`/files/${fileId}/mls-import`,
			body: withOnBehalfOf({ mlsNumber, shouldOverride }, onBehalfOfOf(this, i)),
			itemIndex: i,
		});
		checkMlsOutcome(this, i, response, options.errorOnImportProblem === true);
		return response;
	},
});
