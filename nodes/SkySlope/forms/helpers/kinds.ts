import type { RecordKind } from '../../shared';

/**
 * The kinds of record the Forms service answers with (spec 2.3-2.14): the keys its wrappers use,
 * and the fields that tell a bare record from a wrapper. Read with readRecord / readRecords.
 */
export const FILE: RecordKind = { name: 'file', keys: ['file', 'files'], marks: ['id', 'fileId'] };
/** A contact of a file (2.5), listed under the file's `contacts`. */
export const CONTACT: RecordKind = { name: 'contact', keys: ['contacts', 'contact'], marks: ['id', 'contactId'] };
export const TEMPLATE: RecordKind = { name: 'template', keys: ['files', 'file', 'templates', 'template'], marks: ['id'] };
export const DOCUMENT: RecordKind = { name: 'document', keys: ['document', 'documents'], marks: ['id', 'documentId'] };
/** A field definition of a document detail (2.7), listed under the document's `fields`. */
export const DOCUMENT_FIELD: RecordKind = { name: 'document field', keys: ['fields', 'field'], marks: ['id', 'dataRef', 'name'] };
export const SIGNED_DOCUMENT: RecordKind = {
	name: 'signed document',
	keys: ['documents', 'document', 'signedDocuments', 'signedDocument'],
	// `esignDocumentGuid` in the service documents, `digisignDocumentGuid` in SkySlope's OpenAPI.
	marks: ['envelopeDocumentId', 'documentId', 'esignDocumentGuid', 'digisignDocumentGuid'],
};
export const ENVELOPE: RecordKind = { name: 'envelope', keys: ['envelope', 'envelopes'], marks: ['id', 'envelopeId'] };
/** A form: `id` in the service documents, `formId` in SkySlope's OpenAPI (formIdOf reads either). */
export const FORM: RecordKind = { name: 'form', keys: ['form', 'forms'], marks: ['id', 'formId'] };
export const COLLABORATOR: RecordKind = { name: 'collaborator', keys: ['collaborator', 'collaborators'], marks: ['id'] };
export const LIBRARY: RecordKind = { name: 'library', keys: ['library', 'libraries'], marks: ['id', 'libraryId'] };
export const PROFILE: RecordKind = {
	name: 'user profile',
	keys: ['profile', 'user', 'profiles', 'users'],
	marks: ['id', 'subscriberId'],
};
/** The answer of Add Group: `{groupId}`. */
export const GROUP: RecordKind = { name: 'group', keys: ['group'], marks: ['groupId'] };
/** The answer of Add Child Group: `{childGroupId}`. */
export const CHILD_GROUP: RecordKind = { name: 'child group', keys: ['childGroup', 'group'], marks: ['childGroupId'] };
/** The tags of a form version (`GET /tags`), listed under `records`. */
export const FORM_TAGS: RecordKind = { name: 'form tags', keys: ['records'], marks: ['id'] };
/** A buyer agreement file (`GET /buyer-agreements/market`), listed under `files`. */
export const BUYER_AGREEMENT: RecordKind = { name: 'buyer agreement', keys: ['files', 'file'], marks: ['id', 'memberId'] };
/** A form version of a library (`GET /libraries/{libraryId}/form-versions`). */
export const FORM_VERSION: RecordKind = { name: 'form version', keys: ['formVersions', 'formVersion'], marks: ['id', 'formId'] };
