import type { FormField } from './forms';

/** The directory contact form (spec 4.4 publishes no form operation for it). */
export const directoryContactFields = (required: boolean): FormField[] => [
	{ fieldName: 'firstName', fieldType: 'String', isRequired: required },
	{ fieldName: 'lastName', fieldType: 'String', isRequired: required },
	...['company', 'email', 'phone', 'alternatePhone', 'fax', 'streetNumber', 'streetName', 'city', 'state', 'zip'].map(
		(fieldName) => ({ fieldName, fieldType: 'String' }),
	),
];

/** The search filters of GET /api/contacts, all optional. */
export const SEARCH_FILTERS = [
	'alternatePhone',
	'city',
	'company',
	'email',
	'fax',
	'firstName',
	'lastName',
	'phone',
	'state',
	'streetName',
	'streetNumber',
	'zip',
];
