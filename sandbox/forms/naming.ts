// The field names of SkySlope's own OpenAPI document, where they differ from the service documents
// for the same record. `store.naming = 'openapi'` makes the routes below answer with them, so that
// the node is tested against both.

/** Which document's names a record is answered in. */
export type Naming = 'service' | 'openapi';

/** Per record kind: service name -> OpenAPI name. */
const OPENAPI_NAMES = {
	/** GET /files/{fileId} */
	file: { createdOn: 'createdDate', updatedOn: 'lastUpdated', type: 'fileType' },
	/** GET /forms items */
	form: { id: 'formId' },
	/** GET /documents/signed/... items */
	signedDocument: { esignDocumentGuid: 'digisignDocumentGuid' },
	/** GET /documents/{documentId} field definitions */
	documentField: { esignAllowOverrideIsOptional: 'digisignAllowOverrideIsOptional' },
} as const;

export type NamedKind = keyof typeof OPENAPI_NAMES;

/** The record with its keys renamed to the OpenAPI's (in their place), or unchanged in the service naming. */
export function inNaming<T extends object>(naming: Naming, kind: NamedKind, record: T): T {
	if (naming === 'service') return record;
	const names: Record<string, string> = OPENAPI_NAMES[kind];
	return Object.fromEntries(Object.entries(record).map(([k, v]) => [names[k] ?? k, v])) as T;
}
