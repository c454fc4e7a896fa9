import type { INodeProperties, INodePropertyOptions } from 'n8n-workflow';

/** Building blocks of the Forms node's parameters, shared by several operations. */

function locator(
	displayName: string,
	name: string,
	searchListMethod: string,
	example: string,
	description: string,
	required = true,
): INodeProperties {
	return {
		displayName,
		name,
		type: 'resourceLocator',
		default: { mode: 'list', value: '' },
		required,
		description,
		modes: [
			{
				displayName: 'From List',
				name: 'list',
				type: 'list',
				typeOptions: { searchListMethod, searchable: true },
			},
			{
				displayName: 'By ID',
				name: 'id',
				type: 'string',
				placeholder: `e.g. ${example}`,
				validation: [
					{
						type: 'regex',
						properties: {
							regex: '^\\s*[1-9][0-9]*\\s*$',
							errorMessage: `Not a valid ${displayName.toLowerCase()} ID (a whole number)`,
						},
					},
				],
			},
		],
	};
}

export const fileLocator = locator(
	'File',
	'fileId',
	'searchFiles',
	'1234',
	'The SkySlope Forms file (listing or transaction)',
);

/** The file on document operations that need only a document id: it only feeds the document list. */
export const fileForDocumentList: INodeProperties = locator(
	'File',
	'fileId',
	'searchFiles',
	'1234',
	'The file whose documents the Document list shows. Not sent: only the document ID is.',
	false,
);

export const documentLocator = locator(
	'Document',
	'documentId',
	'searchDocuments',
	'5678',
	'The document (a form instance or an uploaded PDF). The list shows the documents of the chosen file.',
);

export const envelopeLocator = locator(
	'Envelope',
	'envelopeId',
	'searchEnvelopes',
	'42',
	'The numeric Forms envelope ID. The list shows the envelopes of the chosen file.',
);

export const contactLocator = locator(
	'Contact',
	'contactId',
	'searchContacts',
	'321',
	'The contact. The list shows the contacts of the chosen file.',
);

/** The file on contact operations whose path has no file: it only feeds the contact list. */
export const fileForContactList: INodeProperties = locator(
	'File',
	'fileId',
	'searchFiles',
	'1234',
	'The file whose contacts the Contact list shows. Not sent: only the contact ID is.',
	false,
);

export const templateLocator = locator(
	'Template',
	'templateId',
	'searchTemplates',
	'77',
	'The personal or broker template to apply',
);

export const onBehalfOf: INodeProperties = {
	displayName: 'On Behalf Of',
	name: 'onBehalfOf',
	type: 'resourceLocator',
	default: { mode: 'list', value: '' },
	description:
		'Act for a collaborator who has shared their access with you: what this call writes is owned by them, and you are recorded as its creator. Leave empty to act as yourself.',
	modes: [
		{
			displayName: 'From List',
			name: 'list',
			type: 'list',
			typeOptions: { searchListMethod: 'searchCollaborators', searchable: true },
		},
		{
			displayName: 'By ID',
			name: 'id',
			type: 'string',
			placeholder: 'e.g. 5f0c7e1a-user-id',
		},
	],
};

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

export function addressCollection(displayName: string, name: string, description: string): INodeProperties {
	return {
		displayName,
		name,
		type: 'fixedCollection',
		placeholder: 'Add Address',
		default: {},
		description,
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
	{
		displayName: 'Primary Address',
		name: 'primaryAddress',
		type: 'fixedCollection',
		placeholder: 'Add Address',
		default: {},
		options: [{ displayName: 'Address', name: 'address', values: addressValues }],
	},
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

export const returnAllField: INodeProperties = {
	displayName: 'Return All',
	name: 'returnAll',
	type: 'boolean',
	default: false,
	description: 'Whether to return all results or only up to a given limit',
};

export const limitField: INodeProperties = {
	displayName: 'Limit',
	name: 'limit',
	type: 'number',
	typeOptions: { minValue: 1 },
	default: 50,
	description: 'Max number of results to return',
	displayOptions: { show: { returnAll: [false] } },
};

export const simplifyField: INodeProperties = {
	displayName: 'Simplify',
	name: 'simplify',
	type: 'boolean',
	default: true,
	description: 'Whether to return a simplified version of the response instead of the raw data',
};

export const binaryPropertyOutput: INodeProperties = {
	displayName: 'Put Output File in Field',
	name: 'binaryPropertyName',
	type: 'string',
	default: 'data',
	required: true,
	hint: 'The name of the output binary field to put the file in',
};
