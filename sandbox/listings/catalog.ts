// The forms the service hands out (spec 1.3, 2.2). They differ by checklist type: Commercial Lease
// types add commercialLease fields, Land types ask for the lot size instead of the year built.
import { field, type FieldDef, type Selection } from './fields';
import type { ChecklistType } from './types';

export const SOURCES: Selection[] = [
	{ id: 1, name: 'MLS' },
	{ id: 2, name: 'Online Portal' },
	{ id: 3, name: 'Referral' },
	{ id: 4, name: 'Sign Call' },
	{ id: 5, name: 'Open House' },
	{ id: 6, name: 'Other' },
];

/** Changed on 2024-01-01: the old id 7 (Mobile Home) is gone; sending it is a 422. */
export const PROPERTY_TYPES: Selection[] = [
	{ id: 1, name: 'Single Family' },
	{ id: 2, name: 'Condominium' },
	{ id: 3, name: 'Townhouse' },
	{ id: 4, name: 'Multi-Family' },
	{ id: 5, name: 'Land' },
	{ id: 6, name: 'Commercial' },
];

export const DEAL_TYPES: Selection[] = [
	{ id: 1, name: 'Listing Side' },
	{ id: 2, name: 'Buyer Side' },
	{ id: 3, name: 'Dual Agency' },
];

export const STAGES: Selection[] = [
	{ id: 1, name: 'Pre-Listing' },
	{ id: 2, name: 'Coming Soon' },
	{ id: 3, name: 'On Market' },
	{ id: 4, name: 'Under Contract' },
	{ id: 5, name: 'Closed' },
];

export const DOCUMENT_STATUSES: Selection[] = [
	{ id: 1, name: 'Unreviewed' },
	{ id: 2, name: 'Reviewed' },
	{ id: 3, name: 'Rejected' },
];

export const nameOf = (list: Selection[], id: unknown): string | null =>
	list.find((s) => s.id === id)?.name ?? null;

export const addressFields = (): FieldDef[] => [
	field('streetNumber', 'String'),
	field('streetName', 'String'),
	field('unit', 'String'),
	field('city', 'String'),
	field('state', 'String', { description: 'Two-letter state code' }),
	field('zip', 'String'),
];

export function propertyFields(kind: ChecklistType['kind'] | undefined, required: boolean): FieldDef[] {
	const fields = [
		field('streetNumber', 'String', { required }),
		field('streetAddress', 'String', { required }),
		field('unit', 'String'),
		field('city', 'String', { required }),
		field('state', 'String', { required, description: 'Two-letter state code' }),
		field('zip', 'String', { required }),
		field('county', 'String'),
		field('propertyTypeId', 'Nullable<int>', { select: PROPERTY_TYPES, selectionsChangedAsOf: '2024-01-01T00:00:00Z' }),
	];
	if (kind === 'land') fields.push(field('lotSizeAcres', 'Nullable<decimal>', { required }));
	else fields.push(field('yearBuilt', 'Nullable<int>'));
	return fields;
}

export const commercialLeaseFields = (required: boolean): FieldDef[] => [
	field('leaseStartDate', 'Nullable<DateTime>', { required }),
	field('leaseEndDate', 'Nullable<DateTime>', { required }),
	field('monthlyRent', 'Nullable<decimal>', { required }),
	field('leaseTermMonths', 'Nullable<int>'),
	field('tenantCompany', 'String'),
];

export const commissionFields = (required: boolean): FieldDef[] => [
	field('listingCommissionPercent', 'Nullable<decimal>', { required }),
	field('listingCommissionAmount', 'Nullable<decimal>'),
	field('saleCommissionPercent', 'Nullable<decimal>', { required }),
	field('saleCommissionAmount', 'Nullable<decimal>'),
	field('totalCommission', 'Nullable<decimal>'),
	field('notes', 'String'),
];

/** The fields of a person contact; `role` distinguishes seller, buyer, title, escrow... */
export function contactFields(role: string, required: boolean): FieldDef[] {
	const company = ['homeWarranty', 'title', 'escrow', 'lender'].includes(role);
	const fields = [
		field('firstName', 'String', { required: required && !company }),
		field('lastName', 'String', { required: required && !company }),
		field('company', 'String', { required: required && company }),
		field('email', 'String'),
		field('phone', 'String'),
		field('alternatePhone', 'String'),
		field('fax', 'String'),
		field('address', 'Object', { sub: addressFields() }),
	];
	if (role === 'seller' || role === 'buyer') fields.push(field('isCompany', 'Nullable<bool>'));
	if (role === 'homeWarranty') fields.push(field('planName', 'String'), field('orderNumber', 'String'));
	if (role === 'miscellaneous') fields.push(field('role', 'String', { required, description: 'What this contact does on the file' }));
	if (role === 'lender') fields.push(field('loanNumber', 'String'), field('loanAmount', 'Nullable<decimal>'));
	if (role === 'escrow' || role === 'title') fields.push(field('officerName', 'String'), field('fileNumber', 'String'));
	if (role === 'otherSideAgent') fields.push(field('licenseNumber', 'String'), field('brokerage', 'String'));
	if (role === 'attorney') fields.push(field('firm', 'String'), field('represents', 'String', { description: 'Buyer or Seller' }));
	return fields;
}

export const directoryContactFields = (required: boolean): FieldDef[] => [
	field('firstName', 'String', { required }),
	field('lastName', 'String', { required }),
	field('company', 'String'),
	field('email', 'String'),
	field('phone', 'String'),
	field('alternatePhone', 'String'),
	field('fax', 'String'),
	field('streetNumber', 'String'),
	field('streetName', 'String'),
	field('city', 'String'),
	field('state', 'String'),
	field('zip', 'String'),
];

export const referringAgentFields = (required: boolean): FieldDef[] => [
	field('agentName', 'String', { required }),
	field('company', 'String', { required }),
	field('email', 'String'),
	field('phone', 'String'),
	field('referralFeePercent', 'Nullable<decimal>'),
];

export const commissionReferralFields = (required: boolean): FieldDef[] => [
	field('referralCompany', 'String', { required }),
	field('referralAgentName', 'String', { required }),
	field('referralPercent', 'Nullable<decimal>'),
	field('referralAmount', 'Nullable<decimal>'),
	field('notes', 'String'),
];

export const coAgentFields = (): FieldDef[] => [
	field('coAgentGuids', 'List<Guid>', { required: true, maxItems: 5, description: 'Zero to five co-agents' }),
];

export const stageFields = (): FieldDef[] => [
	field('stageId', 'Int32', { required: true, select: STAGES }),
];

export const customFieldsFields = (): FieldDef[] => [
	field('customFields', 'Dictionary<string,string>', { required: true }),
];

/** The listing form: create (`required`) or update; checklist-type dependent. */
export function listingFields(
	types: ChecklistType[],
	type: ChecklistType | undefined,
	mode: 'create' | 'update',
): FieldDef[] {
	const create = mode === 'create';
	const fields: FieldDef[] = [];
	if (create) {
		fields.push(
			field('officeGuid', 'Guid', { required: true }),
			field('agentGuid', 'Guid', { required: true }),
			field('checklistTypeId', 'Int32', {
				required: true,
				select: types.map((t) => ({ id: t.checklistTypeId, name: t.checklistTypeName })),
			}),
			field('coAgentGuids', 'List<Guid>', { maxItems: 5 }),
		);
	}
	fields.push(
		field('mlsNumber', 'String'),
		field('mlsId', 'String', { deprecatedAsOf: '2023-06-01T00:00:00Z', description: 'Use mlsNumber' }),
		field('listingPrice', 'Nullable<decimal>', { required: true }),
		field('listingDate', 'Nullable<DateTime>', { required: true }),
		field('expirationDate', 'Nullable<DateTime>', { required: true }),
		field('sourceId', 'Nullable<int>', { select: SOURCES }),
		field('otherSource', 'String'),
		field('company', 'String'),
		field('email', 'String'),
		field('property', 'Object', { required: true, sub: propertyFields(type?.kind, create) }),
	);
	if (type?.kind === 'commercialLease') {
		fields.push(field('commercialLease', 'Object', { required: true, sub: commercialLeaseFields(create) }));
	}
	fields.push(field('customFields', 'Dictionary<string,string>'));
	return fields;
}

/** The sale form: create or update; checklist-type dependent. */
export function saleFields(
	types: ChecklistType[],
	type: ChecklistType | undefined,
	mode: 'create' | 'update',
): FieldDef[] {
	const create = mode === 'create';
	const fields: FieldDef[] = [];
	if (create) {
		fields.push(
			field('officeGuid', 'Guid', { required: true }),
			field('agentGuid', 'Guid', { required: true }),
			field('checklistTypeId', 'Int32', {
				required: true,
				select: types.map((t) => ({ id: t.checklistTypeId, name: t.checklistTypeName })),
			}),
			field('listingGuid', 'Nullable<Guid>', { description: 'The listing this sale is converted from' }),
			field('coAgentGuids', 'List<Guid>', { maxItems: 5 }),
		);
	}
	fields.push(
		field('mlsNumber', 'String'),
		field('escrowNumber', 'String'),
		field('dealTypeId', 'Nullable<int>', { required: true, select: DEAL_TYPES }),
		field('listingPrice', 'Nullable<decimal>'),
		field('salePrice', 'Nullable<decimal>', { required: true }),
		field('contractAcceptedDate', 'Nullable<DateTime>', { required: true }),
		field('escrowClosingDate', 'Nullable<DateTime>', { required: true }),
		field('closingDate', 'Nullable<DateTime>', { deprecatedAsOf: '2023-06-01T00:00:00Z', description: 'Use escrowClosingDate' }),
		field('actualClosingDate', 'Nullable<DateTime>'),
		field('sourceId', 'Nullable<int>', { select: SOURCES }),
		field('otherSource', 'String'),
		field('isOfficeLead', 'Boolean'),
		field('coBrokerCompany', 'String'),
		field('email', 'String'),
		field('property', 'Object', { required: true, sub: propertyFields(type?.kind, create) }),
	);
	if (type?.kind === 'commercialLease') {
		fields.push(field('commercialLease', 'Object', { required: true, sub: commercialLeaseFields(create) }));
	}
	fields.push(field('customFields', 'Dictionary<string,string>'));
	return fields;
}

export const commissionBreakdownFields = (): FieldDef[] => [
	field('commissionBreakdowns', 'List<Object>', {
		required: true,
		sub: [
			field('description', 'String', { required: true }),
			field('amount', 'Nullable<decimal>', { required: true }),
			field('percent', 'Nullable<decimal>'),
			field('paidTo', 'String'),
		],
	}),
];

export const commissionSplitFields = (): FieldDef[] => [
	field('commissionSplits', 'List<Object>', {
		required: true,
		sub: [field('agentGuid', 'Guid', { required: true }), field('splitPercent', 'Nullable<decimal>', { required: true })],
		description: 'Split between the primary agent and the co-agents; percents add up to at most 100',
	}),
];

export const commissionLogFields = (): FieldDef[] => [
	field('note', 'String', { required: true }),
	field('amount', 'Nullable<decimal>'),
	field('loggedOn', 'Nullable<DateTime>'),
];

export const documentFields = (): FieldDef[] => [
	field('fileName', 'String'),
	field('documentStatusId', 'Nullable<int>', { select: DOCUMENT_STATUSES }),
];

export const officeFields = (): FieldDef[] => [
	field('officeName', 'String'),
	field('phone', 'String'),
	field('address', 'Object', { sub: addressFields() }),
];
