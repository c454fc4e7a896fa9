import { NodeOperationError, type IDataObject, type INode } from 'n8n-workflow';

import { describeAnswer } from '../../shared';

/** The Simplify output of File > Get and Document > Get: what people use most, flat. */

/**
 * A field under the service documents' name or, failing that, SkySlope's OpenAPI name for it
 * (`updatedOn` / `lastUpdated`, `type` / `fileType`, ...): a service may answer either way.
 */
function eitherName(record: IDataObject, serviceName: string, openApiName: string): IDataObject[string] | null {
	return record[serviceName] ?? record[openApiName] ?? null;
}

/**
 * The id of a form of GET /forms: `id` (service documents) or `formId` (OpenAPI), a number or a
 * string of digits. A form with neither fails loudly, naming what it holds.
 */
export function formIdOf(ctx: { getNode(): INode }, form: IDataObject): number {
	for (const key of ['id', 'formId']) {
		const value = form[key];
		const id = typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : value;
		if (typeof id === 'number' && Number.isSafeInteger(id) && id >= 1) return id;
	}
	throw new NodeOperationError(ctx.getNode(), `Load forms: a form holds neither an "id" nor a "formId" (${describeAnswer(form)})`);
}

function addressLine(a: IDataObject | undefined): string {
	if (!a) return '';
	const street = [a.streetNumber, a.streetName].filter(Boolean).join(' ');
	const unit = a.unitNumber ? ` #${String(a.unitNumber)}` : '';
	const cityLine = [a.city, [a.state, a.postalCode].filter(Boolean).join(' ')].filter(Boolean).join(', ');
	return [street + unit, cityLine].filter((s) => s.trim() !== '').join(', ');
}

/** The fields people use most: status, dates, price, address, and who is on the file. */
export function simplifyFile(file: IDataObject): IDataObject {
	const contacts = Array.isArray(file.contacts) ? (file.contacts as IDataObject[]) : [];
	return {
		id: file.id,
		name: file.name,
		type: eitherName(file, 'type', 'fileType'),
		representationType: file.representationType,
		status: (file.meta as IDataObject | undefined)?.status ?? null,
		mlsNumber: file.mlsNumber,
		purchasePrice: file.purchasePrice,
		closingDate: file.closingDateTime ?? null,
		acceptanceDate: file.acceptanceDateTime ?? null,
		address: addressLine(file.property as IDataObject | undefined),
		contacts: contacts.map((c) => ({
			id: c.id,
			type: c.type,
			name: [c.firstName, c.lastName].filter(Boolean).join(' '),
			email: c.email ?? null,
			actionAttribute: c.actionAttribute,
		})),
		documentIds: Array.isArray(file.documentData) ? file.documentData : [],
		isArchived: file.isArchived,
		createdOn: eitherName(file, 'createdOn', 'createdDate'),
		updatedOn: eitherName(file, 'updatedOn', 'lastUpdated'),
	};
}

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
			allowOverrideIsOptional: eitherName(f, 'esignAllowOverrideIsOptional', 'digisignAllowOverrideIsOptional'),
		})),
		createdOn: eitherName(doc, 'createdOn', 'createdDate'),
		updatedOn: eitherName(doc, 'updatedOn', 'lastUpdated'),
	};
}

/** The fields of a file as Get returns it (spec 2.3): what Selected Fields offers an agent. */
export const FILE_FIELDS = [
	'id', 'name', 'type', 'representationType', 'templateCategory', 'closingDateTime', 'acceptanceDateTime', 'meta',
	'transactionMeta', 'mlsNumber', 'purchasePrice', 'fileData', 'property', 'contacts', 'commissions', 'documentData',
	'isDeleted', 'isArchived', 'createdOn', 'updatedOn', 'createdBy', 'updatedBy', 'ownedBy',
];

/** The fields of a document as Get returns it (spec 2.7, the detail). */
export const DOCUMENT_FIELDS = [
	'id', 'formName', 'formId', 'formVersionId', 'fileId', 'pageCount', 'documentType', 'createdBy', 'updatedBy',
	'createdOn', 'updatedOn', 'ownedBy', 'page', 'pageSize', 'totalItems', 'totalPages', 'fields',
];
