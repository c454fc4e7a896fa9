import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { checkEnum, checkString, inputError } from '../../shared';
import { ACTION_ATTRIBUTES, addressValues, CONTACT_TYPES, contactOptionalFields } from './fields';

/** The service's write shapes of addresses and contacts, checked before any request. */

const STATE = /^[A-Za-z]{2}$/;
const ZIP = /^\d{5}(-\d{4})?$/;
const ADDRESS_FIELDS = ['streetNumber', 'streetName', 'unitNumber', 'city', 'state', 'postalCode', 'county'];

/** An address from a fixed collection `{ address: {...} }` (or a plain object): only what is given. */
export function addressOf(ctx: IExecuteFunctions, name: string, raw: unknown, i: number): IDataObject | undefined {
	const values = ((raw as IDataObject | undefined)?.address ?? raw) as IDataObject | undefined;
	if (!values || typeof values !== 'object') return undefined;
	const out: IDataObject = {};
	for (const key of ADDRESS_FIELDS) {
		const value = values[key];
		if (value === undefined || value === null || value === '') continue;
		out[key] = checkString(ctx, `${name} ${labelOf(key)}`, value, i, { required: false, maxLength: 500 }).trim();
	}
	if (out.state !== undefined) {
		if (!STATE.test(String(out.state))) {
			throw inputError(ctx, `${name} State`, i, `must be a two-letter state code, got "${String(out.state)}"`);
		}
		out.state = String(out.state).toUpperCase();
	}
	if (out.postalCode !== undefined && !ZIP.test(String(out.postalCode))) {
		throw inputError(ctx, `${name} Postal Code`, i, `must be a 5-digit ZIP code (or ZIP+4), got "${String(out.postalCode)}"`);
	}
	return Object.keys(out).length ? out : undefined;
}

const CONTACT_TEXT_FIELDS = [
	'middleName',
	'suffix',
	'email',
	'primaryPhoneNumber',
	'brokeragePhoneNumber',
	'faxPhoneNumber',
	'companyName',
	'agentLicenseNumber',
	'agentMLSCode',
	'brokerLicenseNumber',
	'brokerMLSCode',
	'brokerageLicenseNumber',
	'brokerageMLSCode',
	'lenderLicenseNumber',
];

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** A field's display name, to name it in a refusal (a record's fields carry the same names). */
const LABELS = new Map([...contactOptionalFields, ...addressValues].map((f) => [f.name, f.displayName]));
const labelOf = (key: string) => LABELS.get(key) ?? key;

/**
 * A contact in the service's write shape from its parts: type, first and last name (required) and
 * the optional fields. Everything is checked here, before any request.
 */
function contactOf(
	ctx: IExecuteFunctions,
	i: number,
	input: { type: unknown; firstName: unknown; lastName: unknown; fields: IDataObject },
): IDataObject {
	const contact: IDataObject = {
		type: checkEnum(ctx, 'Contact Type', input.type, CONTACT_TYPES, i),
		firstName: checkString(ctx, 'First Name', input.firstName, i, { maxLength: 200 }).trim(),
		lastName: checkString(ctx, 'Last Name', input.lastName, i, { maxLength: 200 }).trim(),
	};
	const f = input.fields;
	if (f.actionAttribute !== undefined && f.actionAttribute !== '') {
		contact.actionAttribute = checkEnum(ctx, 'Action', f.actionAttribute, ACTION_ATTRIBUTES, i);
	}
	for (const flag of ['isEntity', 'isUser']) {
		if (f[flag] === undefined) continue;
		if (typeof f[flag] !== 'boolean') throw inputError(ctx, labelOf(flag), i, `must be true or false, got ${JSON.stringify(f[flag])}`);
		contact[flag] = f[flag];
	}
	for (const key of CONTACT_TEXT_FIELDS) {
		if (f[key] === undefined || f[key] === null || f[key] === '') continue;
		contact[key] = checkString(ctx, labelOf(key), f[key], i, { required: false, maxLength: 500 }).trim();
	}
	if (contact.email !== undefined && !EMAIL.test(String(contact.email))) {
		throw inputError(ctx, 'Email', i, `is not an email address, got "${String(contact.email)}"`);
	}
	const address = addressOf(ctx, 'Primary Address', f.primaryAddress, i);
	if (address) contact.primaryAddress = address;
	return contact;
}

/** A contact given in the service's own field names (an input item, a row, a JSON entry). */
export function contactFromRecord(ctx: IExecuteFunctions, i: number, record: IDataObject): IDataObject {
	return contactOf(ctx, i, { type: record.type, firstName: record.firstName, lastName: record.lastName, fields: record });
}

/** The contact described by the node's Contact Type, First Name, Last Name and Additional Fields. */
export function contactFromParameters(ctx: IExecuteFunctions, i: number): IDataObject {
	return contactOf(ctx, i, {
		type: ctx.getNodeParameter('contactType', i),
		firstName: ctx.getNodeParameter('firstName', i),
		lastName: ctx.getNodeParameter('lastName', i),
		fields: ctx.getNodeParameter('additionalFields', i, {}) as IDataObject,
	});
}
