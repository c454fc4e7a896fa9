import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { checkInt, collectPages, defineOperation, p } from '../../../shared';
import { formsRequest } from '../../transport';
import { documentLocator, fileForDocumentList, simplifyField } from '../descriptions';
import { locatorIdOf, MAX_PAGE_SIZE } from '../utils';

/** The document and, for each field, what identifies it and where it is. */
export function simplifyDocument(doc: IDataObject): IDataObject {
	const fields = Array.isArray(doc.fields) ? (doc.fields as IDataObject[]) : [];
	return {
		id: doc.id,
		formName: doc.formName,
		formId: doc.formId,
		fileId: doc.fileId,
		documentType: doc.documentType,
		pageCount: doc.pageCount,
		totalFields: doc.totalItems,
		fields: fields.map((f) => ({
			name: f.name,
			dataRef: f.dataRef,
			type: f.type,
			pageNumber: f.pageNumber,
			isReadOnly: f.isReadOnly,
			isOptional: f.isOptional,
		})),
		updatedOn: doc.updatedOn,
	};
}

export default defineOperation({
	value: 'get',
	name: 'Get',
	action: 'Get a document',
	description: 'Get a document with its field definitions',
	// Items are independent and the service publishes no tight limit: five in flight hide network latency.
	concurrency: 5,
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
		simplifyField,
	],
	async execute(this: IExecuteFunctions, i: number) {
		const documentId = locatorIdOf(this, 'documentId', i);
		const mode = this.getNodeParameter('fieldsMode', i, 'all') as string;
		const simplify = this.getNodeParameter('simplify', i, true) as boolean;
		const path = p`/documents/${documentId}`;
		let doc: IDataObject;
		if (mode === 'page') {
			const page = checkInt(this, 'Page', this.getNodeParameter('page', i, 1), i, { min: 1 });
			const pageSize = checkInt(this, 'Page Size', this.getNodeParameter('pageSize', i, 50), i, {
				min: 1,
				max: MAX_PAGE_SIZE,
			});
			doc = await formsRequest.call(this, { method: 'GET', path, qs: { page, pageSize }, itemIndex: i });
		} else {
			let first: IDataObject | undefined;
			const fields = await collectPages<IDataObject>({
				returnAll: true,
				maxPageSize: MAX_PAGE_SIZE,
				fetchPage: async (page, pageSize) => {
					const response = await formsRequest.call(this, { method: 'GET', path, qs: { page, pageSize }, itemIndex: i });
					first ??= response;
					const records = Array.isArray(response.fields) ? (response.fields as IDataObject[]) : [];
					const total = typeof response.totalItems === 'number' ? response.totalItems : undefined;
					return { records, total };
				},
			});
			doc = { ...(first ?? {}), fields, page: 1, pageSize: fields.length, totalPages: 1, totalItems: fields.length };
		}
		return simplify ? simplifyDocument(doc) : doc;
	},
});
