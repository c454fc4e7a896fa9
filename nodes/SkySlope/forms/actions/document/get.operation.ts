import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { checkInt, defineOperation, outputShaper, p, recordOutputFields } from '../../../shared';
import { documentLocator, fileForDocumentList } from '../../helpers/fields';
import { DOCUMENT } from '../../helpers/kinds';
import { documentWithAllFields, oneRecord } from '../../helpers/paging';
import { locatorIdOf } from '../../helpers/parameters';
import { DOCUMENT_FIELDS, simplifyDocument } from '../../helpers/simplify';
import { MAX_PAGE_SIZE } from '../../service';

export default defineOperation({
	value: 'get',
	name: 'Get',
	action: 'Get document',
	toolDescription:
		'Use when you need one document of a Forms file with its fillable fields (names and data references). Returns the document\'s metadata and a page of its field definitions.',
	description: 'Get a document with its field definitions',
	properties: [
		fileForDocumentList,
		documentLocator,
		{
			displayName: 'Fields',
			name: 'fieldsMode',
			type: 'options',
			options: [
				{ name: 'All Fields', value: 'all', description: 'Read every page of fields and return them together' },
				{ name: 'One Page', value: 'page', description: 'Return one page of fields' },
			],
			default: 'all',
		},
		{
			displayName: 'Page',
			name: 'page',
			type: 'number',
			typeOptions: { minValue: 1 },
			default: 1,
			displayOptions: { show: { fieldsMode: ['page'] } },
		},
		{
			displayName: 'Page Size',
			name: 'pageSize',
			type: 'number',
			typeOptions: { minValue: 1, maxValue: MAX_PAGE_SIZE },
			default: 50,
			description: 'Fields a page (1 to 500)',
			displayOptions: { show: { fieldsMode: ['page'] } },
		},
		...recordOutputFields({ what: 'document', id: 'id', fields: DOCUMENT_FIELDS }),
	],
	async execute(this: IExecuteFunctions, i: number) {
		const documentId = locatorIdOf(this, 'documentId', i);
		const mode = this.getNodeParameter('fieldsMode', i, 'all') as string;
		const shape = outputShaper(
			{ ctx: this, itemIndex: i, get: (name, fallback) => this.getNodeParameter(name, i, fallback) },
			{ what: 'document', id: 'id', fields: DOCUMENT_FIELDS, simplify: simplifyDocument },
		);
		const path = p`/documents/${documentId}`;
		let doc: IDataObject;
		if (mode === 'page') {
			const page = checkInt(this, 'Page', this.getNodeParameter('page', i, 1), i, { min: 1 });
			const pageSize = checkInt(this, 'Page Size', this.getNodeParameter('pageSize', i, 50), i, {
				min: 1,
				max: MAX_PAGE_SIZE,
			});
			doc = await oneRecord(
				this,
				path,
				{ kind: DOCUMENT, operation: 'Get a document' },
				{ qs: { page, pageSize }, itemIndex: i },
			);
		} else {
			doc = await documentWithAllFields(this, i, path);
		}
		return shape(doc);
	},
});
