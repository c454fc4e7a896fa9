import type { INodeProperties, INodePropertyOptions } from 'n8n-workflow';

import { locatorField, NUMBER_ID_MODE, optionsField } from '../../shared';

/** The Forms resources' own fields, shared by several operations (generic ones are in nodes/SkySlope/shared/fields). */

/** A Forms record picked from a list or typed as its numeric id. */
function formsLocator(
	what: string,
	name: string,
	searchListMethod: string,
	example: string,
	description: string,
	required = true,
): INodeProperties {
	return locatorField({
		displayName: what.charAt(0).toUpperCase() + what.slice(1),
		name,
		description,
		searchListMethod,
		id: NUMBER_ID_MODE(what, example),
		required,
	});
}

export const fileLocator = formsLocator(
	'file',
	'fileId',
	'searchFiles',
	'1234',
	'The SkySlope Forms file (listing or transaction)',
);

/** The file on document operations that need only a document id: it only feeds the document list. */
export const fileForDocumentList = formsLocator(
	'file',
	'fileId',
	'searchFiles',
	'1234',
	'The file whose documents the Document list shows. Not sent: only the document ID is.',
	false,
);

/** The file on contact operations whose path has no file: it only feeds the contact list. */
export const fileForContactList = formsLocator(
	'file',
	'fileId',
	'searchFiles',
	'1234',
	'The file whose contacts the Contact list shows. Not sent: only the contact ID is.',
	false,
);

/** A file the trigger watches (a row of its Files collection). */
export const watchedFileLocator = formsLocator(
	'file',
	'fileId',
	'searchFiles',
	'1234',
	'A file whose signed documents start the workflow',
	false,
);

export const documentLocator = formsLocator(
	'document',
	'documentId',
	'searchDocuments',
	'5678',
	'The document (a form instance or an uploaded PDF). The list shows the documents of the chosen file.',
);

export const envelopeLocator = formsLocator(
	'envelope',
	'envelopeId',
	'searchEnvelopes',
	'42',
	'The numeric Forms envelope ID. The list shows the envelopes of the chosen file.',
);

export const contactLocator = formsLocator(
	'contact',
	'contactId',
	'searchFileContacts',
	'321',
	'The contact. The list shows the contacts of the chosen file.',
);

export const templateLocator = formsLocator(
	'template',
	'templateId',
	'searchTemplates',
	'77',
	'The personal or broker template to apply',
);

/** Collaborator ids are service user ids, not numbers: no id check. */
export const onBehalfOf: INodeProperties = locatorField({
	displayName: 'On Behalf Of',
	name: 'onBehalfOf',
	description:
		'Act for a collaborator who has shared their access with you: what this call writes is owned by them, and you are recorded as its creator. Leave empty to act as yourself.',
	searchListMethod: 'searchCollaborators',
	id: { displayName: 'By ID', placeholder: 'e.g. 5f0c7e1a-user-id' },
	required: false,
});

export const documentIdsField = (action: string): INodeProperties => ({
	displayName: 'Document Names or IDs',
	name: 'documentIds',
	type: 'multiOptions',
	typeOptions: { loadOptionsMethod: 'getDocuments', loadOptionsDependsOn: ['fileId.value'] },
	default: [],
	required: true,
	hint: `The documents to ${action}: an expression may give an array or a comma-separated list such as 12,13`,
	description:
		'Choose from the list, or specify IDs using an <a href="https://docs.n8n.io/code/expressions/">expression</a>',
});

export const representationTypeOptions: INodePropertyOptions[] = [
	{ name: 'Buyer', value: 'Buyer' },
	{ name: 'Landlord', value: 'Landlord' },
	{ name: 'Seller', value: 'Seller' },
	{ name: 'Tenant', value: 'Tenant' },
];

export const contactTypeOptions: INodePropertyOptions[] = [
	{ name: 'Broker', value: 'Broker' },
	{ name: 'Buyer', value: 'Buyer' },
	{ name: 'Buyer Agent', value: 'BuyerAgent' },
	{ name: "Buyer's Lawyer", value: 'BuyersLawyer' },
	{ name: 'Escrow Officer', value: 'EscrowOfficer' },
	{ name: 'Loan Officer', value: 'LoanOfficer' },
	{ name: 'Other', value: 'Other' },
	{ name: 'Seller', value: 'Seller' },
	{ name: 'Seller Agent', value: 'SellerAgent' },
	{ name: "Seller's Lawyer", value: 'SellersLawyer' },
	{ name: 'Title Officer', value: 'TitleOfficer' },
];

/** The order of the service's documentation, as error messages list them. */
export const REPRESENTATION_TYPES = ['Buyer', 'Seller', 'Tenant', 'Landlord'];

export const CONTACT_TYPES = contactTypeOptions.map((o) => String(o.value));

export const actionAttributeOptions: INodePropertyOptions[] = [
	{ name: 'Can View', value: 'CanView' },
	{ name: 'Empty', value: 'Empty' },
	{ name: 'Needs to Sign', value: 'NeedsToSign', description: 'Receives an email with a document to sign' },
	{ name: 'No Action', value: 'NoAction' },
	{
		name: 'Receives Copy',
		value: 'ReceivesCopy',
		description: 'Receives a copy of the signed documents once signing is complete',
	},
];

export const ACTION_ATTRIBUTES = actionAttributeOptions.map((o) => String(o.value));

/** The address fields of the spec (2.2), as the values of a fixed collection. */
export const addressValues: INodeProperties[] = [
	{ displayName: 'Street Number', name: 'streetNumber', type: 'string', default: '', placeholder: 'e.g. 123' },
	{ displayName: 'Street Name', name: 'streetName', type: 'string', default: '', placeholder: 'e.g. Main St' },
	{ displayName: 'Unit Number', name: 'unitNumber', type: 'string', default: '', placeholder: 'e.g. 4B' },
	{ displayName: 'City', name: 'city', type: 'string', default: '', placeholder: 'e.g. Sacramento' },
	{
		displayName: 'State',
		name: 'state',
		type: 'string',
		default: '',
		placeholder: 'e.g. CA',
		description: 'Two-letter state code',
	},
	{ displayName: 'Postal Code', name: 'postalCode', type: 'string', default: '', placeholder: 'e.g. 95814' },
	{ displayName: 'County', name: 'county', type: 'string', default: '', placeholder: 'e.g. Sacramento' },
];

/** An address as a fixed collection `{ address: {...} }` (what addressOf reads). */
export function addressCollection(displayName: string, name: string, description?: string): INodeProperties {
	return {
		displayName,
		name,
		type: 'fixedCollection',
		placeholder: 'Add Address',
		default: {},
		...(description === undefined ? {} : { description }),
		options: [{ displayName: 'Address', name: 'address', values: addressValues }],
	};
}

/** Optional contact fields (write shape, 2.5), for Add, Update and Add Many. */
export const contactOptionalFields: INodeProperties[] = [
	{
		displayName: 'Action',
		name: 'actionAttribute',
		type: 'options',
		options: actionAttributeOptions,
		default: 'NoAction',
		description: 'What the contact does with the documents sent for signature',
	},
	{ displayName: 'Agent License Number', name: 'agentLicenseNumber', type: 'string', default: '' },
	{ displayName: 'Agent MLS Code', name: 'agentMLSCode', type: 'string', default: '' },
	{ displayName: 'Broker License Number', name: 'brokerLicenseNumber', type: 'string', default: '' },
	{ displayName: 'Broker MLS Code', name: 'brokerMLSCode', type: 'string', default: '' },
	{ displayName: 'Brokerage License Number', name: 'brokerageLicenseNumber', type: 'string', default: '' },
	{ displayName: 'Brokerage MLS Code', name: 'brokerageMLSCode', type: 'string', default: '' },
	{ displayName: 'Brokerage Phone Number', name: 'brokeragePhoneNumber', type: 'string', default: '' },
	{ displayName: 'Company Name', name: 'companyName', type: 'string', default: '' },
	{
		displayName: 'Email',
		name: 'email',
		type: 'string',
		placeholder: 'e.g. name@email.com',
		default: '',
	},
	{ displayName: 'Fax Phone Number', name: 'faxPhoneNumber', type: 'string', default: '' },
	{
		displayName: 'Is Entity',
		name: 'isEntity',
		type: 'boolean',
		default: false,
		description: 'Whether the contact is an entity (a company or trust) rather than a person',
	},
	{
		displayName: 'Is User',
		name: 'isUser',
		type: 'boolean',
		default: false,
		description: 'Whether the contact is also the agent (yourself)',
	},
	{ displayName: 'Lender License Number', name: 'lenderLicenseNumber', type: 'string', default: '' },
	{ displayName: 'Middle Name', name: 'middleName', type: 'string', default: '' },
	addressCollection('Primary Address', 'primaryAddress'),
	{ displayName: 'Primary Phone Number', name: 'primaryPhoneNumber', type: 'string', default: '' },
	{ displayName: 'Suffix', name: 'suffix', type: 'string', default: '', placeholder: 'e.g. Jr.' },
];

/** Type, first and last name: required on every contact write. */
export const contactRequiredFields: INodeProperties[] = [
	{
		displayName: 'Contact Type',
		name: 'contactType',
		type: 'options',
		options: contactTypeOptions,
		default: 'Buyer',
		required: true,
		description: 'The role of the contact on the file',
	},
	{
		displayName: 'First Name',
		name: 'firstName',
		type: 'string',
		default: '',
		required: true,
		placeholder: 'e.g. Alex',
	},
	{
		displayName: 'Last Name',
		name: 'lastName',
		type: 'string',
		default: '',
		required: true,
		placeholder: 'e.g. Morgan',
	},
];

export const contactAdditionalFields: INodeProperties = {
	displayName: 'Additional Fields',
	name: 'additionalFields',
	type: 'collection',
	placeholder: 'Add Field',
	default: {},
	options: contactOptionalFields,
};

/** Picks contact fields by name, for forms that show only some of them. */
export function contactFieldsNamed(...names: string[]): INodeProperties[] {
	return names.map((name) => {
		const field = contactOptionalFields.find((f) => f.name === name);
		if (!field) throw new Error(`No contact field ${name}`);
		return field;
	});
}

/** On Create and Import MLS: whether an MLS outcome other than imported fails the item. */
export const errorOnImportProblem: INodeProperties = {
	displayName: 'Fail Item If Not Imported',
	name: 'errorOnImportProblem',
	type: 'boolean',
	default: false,
	description:
		'Whether an MLS import that ends not_imported, failed or unknown fails the item. Off: the outcome is returned in mlsImport as the service gave it.',
};

/** The optional settings of an operation or trigger, under "Options". */
export function optionsCollection(options: INodeProperties[]): INodeProperties {
	return optionsField(options);
}

/** The options of both downloads. */
export const downloadOptions: INodeProperties = optionsCollection([
	{
		displayName: 'File Name',
		name: 'fileName',
		type: 'string',
		default: '',
		placeholder: 'e.g. contract.pdf',
		description: 'The name of the output file. Empty: the name the service gives.',
	},
]);
