import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { checkString, defineOperation, inputError, p } from '../../../shared';
import { documentLocator, fileForDocumentList } from '../../helpers/fields';
import { jsonParameter } from '../../helpers/json';
import { locatorIdOf } from '../../helpers/parameters';
import { formsRequest } from '../../transport';

export default defineOperation({
	value: 'updateFields',
	name: 'Update Fields',
	action: 'Update fields of document',
	toolDescription:
		'Use to fill in fields of a document of a Forms file by their data references; other fields keep their values. Returns the documentId and whether addendums changed.',
	description: 'Set field values of a document; fields not given keep their values',
	properties: [
		fileForDocumentList,
		documentLocator,
		{
			displayName: 'Fields From',
			name: 'inputMode',
			type: 'options',
			options: [
				{ name: 'Fields Below', value: 'pairs', description: 'A name and a value for each field' },
				{ name: 'JSON', value: 'json', description: "One object: each field's data reference and its value" },
			],
			default: 'pairs',
		},
		{
			displayName: 'Fields',
			name: 'fields',
			type: 'fixedCollection',
			typeOptions: { multipleValues: true },
			placeholder: 'Add Field',
			default: {},
			displayOptions: { show: { inputMode: ['pairs'] } },
			options: [
				{
					displayName: 'Field',
					name: 'field',
					values: [
						{
							displayName: 'Data Reference',
							name: 'name',
							type: 'string',
							default: '',
							placeholder: 'e.g. buyer.name',
							description: 'The dataRef of the field (Document > Get lists them)',
						},
						{ displayName: 'Value', name: 'value', type: 'string', default: '' },
					],
				},
			],
		},
		{
			displayName: 'Fields (JSON)',
			name: 'fieldsJson',
			type: 'json',
			required: true,
			default: '{}',
			description: 'An object whose keys are field data references and whose values are of any type',
			displayOptions: { show: { inputMode: ['json'] } },
		},
	],
	async execute(this: IExecuteFunctions, i: number) {
		const documentId = locatorIdOf(this, 'documentId', i);
		const mode = this.getNodeParameter('inputMode', i, 'pairs') as string;
		let body: IDataObject = {};
		if (mode === 'json') {
			const value = jsonParameter(this, 'Fields (JSON)', this.getNodeParameter('fieldsJson', i, '{}'), i);
			if (!value || typeof value !== 'object' || Array.isArray(value)) {
				throw inputError(this, 'Fields (JSON)', i, 'must be a JSON object of data references to values');
			}
			body = value as IDataObject;
			for (const key of Object.keys(body)) {
				if (key.trim() === '') throw inputError(this, 'Fields (JSON)', i, 'has an empty data reference');
			}
		} else {
			const rows = ((this.getNodeParameter('fields', i, {}) as IDataObject).field ?? []) as IDataObject[];
			rows.forEach((row, n) => {
				const name = checkString(this, `Field ${n + 1} Data Reference`, row.name, i, { maxLength: 500 }).trim();
				if (name in body) throw inputError(this, `Field ${n + 1} Data Reference`, i, `"${name}" is given twice`);
				body[name] = row.value as IDataObject[string];
			});
		}
		if (Object.keys(body).length === 0) {
			throw inputError(this, mode === 'json' ? 'Fields (JSON)' : 'Fields', i, 'add at least one field value');
		}
		return await formsRequest.call(this, {
			method: 'PATCH',
			path: p`/documents/${documentId}`,
			body,
			itemIndex: i,
		});
	},
});
