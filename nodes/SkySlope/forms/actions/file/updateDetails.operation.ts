import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { checkString, defineOperation, inputError, p } from '../../../shared';
import { addressOf } from '../../helpers/contact';
import { addressCollection, fileLocator, onBehalfOf } from '../../helpers/fields';
import { fileIdOf, fileValuesOf, onBehalfOfOf, withOnBehalfOf } from '../../helpers/parameters';
import { formsRequest } from '../../transport';

export default defineOperation({
	value: 'updateDetails',
	name: 'Update Details',
	action: 'Update details of file',
	toolDescription:
		'Use to change the name, MLS number, price, closing or acceptance date, or address of a Forms file; fields not given keep their values. Returns the fileId and whether addendums changed.',
	description: 'Change the name, MLS number, price, dates or address; fields left out keep their values',
	properties: [
		fileLocator,
		{
			displayName: 'Update Fields',
			name: 'updateFields',
			type: 'collection',
			placeholder: 'Add Field',
			default: {},
			options: [
				{
					displayName: 'Acceptance Date',
					name: 'acceptanceDate',
					type: 'dateTime',
					default: '',
					description: 'A date, or YYYY-MM-DD',
				},
				{
					displayName: 'Closing Date',
					name: 'closingDate',
					type: 'dateTime',
					default: '',
					description: 'A date, or YYYY-MM-DD',
				},
				{ displayName: 'MLS Number', name: 'mlsNumber', type: 'string', default: '', placeholder: 'e.g. 224012345' },
				{ displayName: 'Name', name: 'name', type: 'string', default: '', placeholder: 'e.g. 123 Main St - Buyer' },
				addressCollection('Property Address', 'premisesAddress'),
				{
					displayName: 'Purchase Price',
					name: 'purchasePrice',
					type: 'number',
					typeOptions: { minValue: 0 },
					default: 0,
				},
			],
		},
		onBehalfOf,
	],
	async execute(this: IExecuteFunctions, i: number) {
		const fileId = fileIdOf(this, i);
		const fields = this.getNodeParameter('updateFields', i, {}) as IDataObject;
		const body: IDataObject = {};
		if (fields.name !== undefined && fields.name !== '') {
			body.name = checkString(this, 'Name', fields.name, i, { maxLength: 200 }).trim();
		}
		// Only what was given: a field left out keeps its value.
		const fileData: IDataObject = Object.fromEntries(
			Object.entries(fileValuesOf(this, i, fields)).filter(([, value]) => value !== undefined),
		);
		const address = addressOf(this, 'Property Address', fields.premisesAddress, i);
		if (address) fileData.premisesAddress = address;
		if (Object.keys(fileData).length) body.fileData = fileData;
		if (Object.keys(body).length === 0) {
			throw inputError(this, 'Update Fields', i, 'add at least one field to update');
		}
		return await formsRequest.call(this, {
			method: 'PATCH',
			path: p`/files/${fileId}`,
			body: withOnBehalfOf(body, onBehalfOfOf(this, i)),
			itemIndex: i,
		});
	},
});
