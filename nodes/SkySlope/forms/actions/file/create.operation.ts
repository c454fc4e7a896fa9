import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { checkEnum, checkString, defineOperation } from '../../../shared';
import { addressOf } from '../../helpers/contact';
import {
	addressCollection,
	errorOnImportProblem,
	onBehalfOf,
	optionsCollection,
	REPRESENTATION_TYPES,
	representationTypeOptions,
} from '../../helpers/fields';
import { checkMlsOutcome } from '../../helpers/mls';
import { onBehalfOfOf, withOnBehalfOf } from '../../helpers/parameters';
import { formsRequest } from '../../transport';

export default defineOperation({
	value: 'create',
	name: 'Create',
	action: 'Create file',
	toolDescription:
		'Use to start a new SkySlope Forms file for a listing or a buyer, optionally importing MLS data. Returns the new fileId and, when an MLS import was asked for, its mlsImport status.',
	description: 'Create a listing or transaction file, optionally importing MLS data',
	properties: [
		{
			displayName: 'Name',
			name: 'name',
			type: 'string',
			default: '',
			required: true,
			placeholder: 'e.g. 123 Main St - Buyer',
		},
		{
			displayName: 'Representation Type',
			name: 'representationType',
			type: 'options',
			options: representationTypeOptions,
			default: 'Buyer',
			required: true,
			description: 'Whom the agent represents on this file',
		},
		{
			displayName: 'Import MLS Data',
			name: 'importMls',
			type: 'boolean',
			default: false,
			description:
				'Whether to import the listing of the MLS number after creating the file. Needs the forms.mls.import scope; the outcome is returned in mlsImport. Import data replaces the values given here, including the address.',
		},
		{
			displayName: 'MLS Number',
			name: 'mlsNumber',
			type: 'string',
			default: '',
			placeholder: 'e.g. 224012345',
			description: 'Saved on the file even without an import',
		},
		addressCollection('Property Address', 'property', 'Where the property is'),
		{ ...optionsCollection([errorOnImportProblem]), displayOptions: { show: { importMls: [true] } } },
		onBehalfOf,
	],
	async execute(this: IExecuteFunctions, i: number) {
		const body: IDataObject = {
			name: checkString(this, 'Name', this.getNodeParameter('name', i), i, { maxLength: 200 }).trim(),
			representationType: checkEnum(
				this,
				'Representation Type',
				this.getNodeParameter('representationType', i),
				REPRESENTATION_TYPES,
				i,
			),
		};
		const mlsNumber = checkString(this, 'MLS Number', this.getNodeParameter('mlsNumber', i, ''), i, {
			required: false,
			maxLength: 50,
		}).trim();
		if (mlsNumber) body.mlsNumber = mlsNumber;
		const property = addressOf(this, 'Property Address', this.getNodeParameter('property', i, {}), i);
		if (property) body.property = property;
		const importMls = this.getNodeParameter('importMls', i, false) as boolean;
		const options = this.getNodeParameter('options', i, {}) as IDataObject;
		const who = onBehalfOfOf(this, i);
		// A POST: sent once, never retried by the transport (a second CreateFile is a second file).
		const response = await formsRequest.call(this, {
			method: 'POST',
			path: '/files',
			qs: importMls ? { importMls: true } : undefined,
			body: withOnBehalfOf(body, who),
			itemIndex: i,
		});
		checkMlsOutcome(this, i, response, importMls && options.errorOnImportProblem === true);
		return response;
	},
});
