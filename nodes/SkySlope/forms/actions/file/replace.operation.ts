import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { checkId, checkNumber, checkString, defineOperation, inputError, p } from '../../../shared';
import { addressOf, contactFromRecord } from '../../helpers/contact';
import {
	actionAttributeOptions,
	addressCollection,
	contactFieldsNamed,
	contactTypeOptions,
	fileLocator,
	onBehalfOf,
} from '../../helpers/fields';
import { jsonParameter } from '../../helpers/json';
import { fileIdOf, fileValuesOf, onBehalfOfOf, withOnBehalfOf } from '../../helpers/parameters';
import { formsRequest } from '../../transport';

function parseList(ctx: IExecuteFunctions, label: string, raw: unknown, i: number): IDataObject[] {
	if (typeof raw === 'string' && raw.trim() === '') return [];
	const value = jsonParameter(ctx, label, raw, i);
	if (!Array.isArray(value)) throw inputError(ctx, label, i, 'must be a JSON array');
	value.forEach((entry, n) => {
		if (!entry || typeof entry !== 'object' || Array.isArray(entry)) {
			throw inputError(ctx, `${label}[${n}]`, i, 'must be an object');
		}
	});
	return value as IDataObject[];
}

export default defineOperation({
	value: 'replace',
	name: 'Replace',
	action: 'Replace file',
	toolDescription:
		'Use only to rewrite a whole Forms file (property, dates, price, contacts, commissions); anything not given is cleared. Returns the service\'s answer for the fileId.',
	description: 'Replace the whole file: property, dates, price, contacts and commissions',
	properties: [
		{
			displayName:
				'Replace overwrites the whole file. Any date, contact or commission you leave out is cleared. To change only some values, use Update Details or the Contact operations instead.',
			name: 'replaceNotice',
			type: 'notice',
			default: '',
		},
		fileLocator,
		{ ...addressCollection('Property Address', 'property'), required: true },
		{
			displayName: 'Contacts From',
			name: 'contactsMode',
			type: 'options',
			options: [
				{ name: 'Fields Below', value: 'fields', description: 'Describe each contact with fields' },
				{ name: 'JSON', value: 'json', description: 'An array of contacts, e.g. those of File > Get' },
			],
			default: 'json',
		},
		{
			displayName: 'Contacts (JSON)',
			name: 'contacts',
			type: 'json',
			required: true,
			default: '[]',
			displayOptions: { show: { contactsMode: ['json'] } },
			description:
				'Every contact of the file, as an array. Each needs type, firstName and lastName; give the ID of an existing contact to keep it. The contacts of File > Get (Simplify off) can be passed back as they are; read-only fields are dropped. Contacts left out are removed.',
		},
		{
			displayName: 'Contacts',
			name: 'contactRows',
			type: 'fixedCollection',
			typeOptions: { multipleValues: true },
			placeholder: 'Add Contact',
			default: {},
			displayOptions: { show: { contactsMode: ['fields'] } },
			description: 'Every contact of the file. Contacts left out are removed.',
			options: [
				{
					displayName: 'Contact',
					name: 'contact',
					values: [
						{
							displayName: 'Action',
							name: 'actionAttribute',
							type: 'options',
							options: actionAttributeOptions,
							default: 'NoAction',
						},
						...contactFieldsNamed('companyName'),
						{
							displayName: 'Contact Type',
							name: 'type',
							type: 'options',
							options: contactTypeOptions,
							default: 'Buyer',
						},
						...contactFieldsNamed('email'),
						{
							displayName: 'Existing Contact ID',
							name: 'id',
							type: 'string',
							default: '',
							placeholder: 'e.g. 5001',
							description: 'The ID of a contact of the file to keep; leave empty for a new one',
						},
						{ displayName: 'First Name', name: 'firstName', type: 'string', default: '' },
						...contactFieldsNamed('isEntity'),
						{ displayName: 'Last Name', name: 'lastName', type: 'string', default: '' },
						...contactFieldsNamed('primaryPhoneNumber'),
					],
				},
			],
		},
		{
			displayName: 'Commissions',
			name: 'commissions',
			type: 'fixedCollection',
			typeOptions: { multipleValues: true },
			placeholder: 'Add Commission',
			default: {},
			description: 'Every commission of the file. Commissions left out are removed.',
			options: [
				{
					displayName: 'Commission',
					name: 'commission',
					values: [
						{ displayName: 'Amount', name: 'amount', type: 'number', typeOptions: { minValue: 0 }, default: 0 },
						{
							displayName: 'Calculation Type',
							name: 'calculationType',
							type: 'string',
							default: 'Flat',
							placeholder: 'e.g. Flat',
						},
						{
							displayName: 'Existing Commission ID',
							name: 'id',
							type: 'string',
							default: '',
							placeholder: 'e.g. 12',
							description: 'The ID of a commission to keep; leave empty for a new one',
						},
						{ displayName: 'Type', name: 'type', type: 'string', default: 'Listing', placeholder: 'e.g. Listing' },
					],
				},
			],
		},
		{
			displayName: 'Fields',
			name: 'fields',
			type: 'collection',
			placeholder: 'Add Field',
			default: {},
			description: 'Values left out here are cleared',
			options: [
				{
					displayName: 'Acceptance Date',
					name: 'acceptanceDate',
					type: 'dateTime',
					default: '',
					description: 'A date, or YYYY-MM-DD. Left out: the stored date is cleared.',
				},
				{
					displayName: 'Closing Date',
					name: 'closingDate',
					type: 'dateTime',
					default: '',
					description: 'A date, or YYYY-MM-DD. Left out: the stored date is cleared.',
				},
				{ displayName: 'MLS Number', name: 'mlsNumber', type: 'string', default: '', placeholder: 'e.g. 224012345' },
				{ displayName: 'Purchase Price', name: 'purchasePrice', type: 'number', typeOptions: { minValue: 0 }, default: 0 },
			],
		},
		onBehalfOf,
	],
	async execute(this: IExecuteFunctions, i: number) {
		const fileId = fileIdOf(this, i);
		const property = addressOf(this, 'Property Address', this.getNodeParameter('property', i, {}), i) ?? {};
		const byFields = this.getNodeParameter('contactsMode', i, 'json') === 'fields';
		const label = byFields ? 'Contacts' : 'Contacts (JSON)';
		const rawContacts = byFields
			? (((this.getNodeParameter('contactRows', i, {}) as IDataObject).contact ?? []) as IDataObject[])
			: parseList(this, label, this.getNodeParameter('contacts', i, '[]'), i);
		const contacts = rawContacts.map((raw, n) => {
			const contact = contactFromRecord(this, i, raw);
			if (raw.id !== undefined && raw.id !== null && raw.id !== '') contact.id = checkId(this, `${label}[${n}].id`, raw.id, i);
			return contact;
		});
		const commissionRows = ((this.getNodeParameter('commissions', i, {}) as IDataObject).commission ?? []) as IDataObject[];
		const commissions = commissionRows.map((row, n) => {
			const commission: IDataObject = {
				type: checkString(this, `Commission ${n + 1} Type`, row.type, i, { maxLength: 50 }).trim(),
				calculationType: checkString(this, `Commission ${n + 1} Calculation Type`, row.calculationType, i, {
					maxLength: 50,
				}).trim(),
				amount: checkNumber(this, `Commission ${n + 1} Amount`, row.amount, i),
			};
			if ((commission.amount as number) < 0) throw inputError(this, `Commission ${n + 1} Amount`, i, 'must be 0 or more');
			if (row.id !== undefined && row.id !== '') commission.id = checkId(this, `Commission ${n + 1} ID`, row.id, i);
			return commission;
		});
		const values = fileValuesOf(this, i, this.getNodeParameter('fields', i, {}) as IDataObject);
		const body: IDataObject = { property, contacts, commissions };
		if (values.mlsNumber) body.mlsNumber = values.mlsNumber;
		if (values.purchasePrice !== undefined) body.purchasePrice = values.purchasePrice;
		// Replace names the dates as the file's read shape does.
		if (values.closingDate) body.closingDateTime = values.closingDate;
		if (values.acceptanceDate) body.acceptanceDateTime = values.acceptanceDate;
		return await formsRequest.call(this, {
			method: 'PUT',
			path: p`/files/${fileId}`,
			body: withOnBehalfOf(body, onBehalfOfOf(this, i)),
			itemIndex: i,
		});
	},
});
