import type {
	IDataObject,
	IExecuteFunctions,
	ILoadOptionsFunctions,
	INodeProperties,
	ResourceMapperField,
} from 'n8n-workflow';

import { checkGuid, checkInt, checkString, GUID_ID_MODE, inputError, locatorField, p } from '../../shared';
import { buildFormBody } from './forms';

/**
 * Reads parameters the same way at run time (one item) and while the editor loads a form (the
 * resource mapper): so a path is written once and serves both.
 */
export interface Reader {
	ctx: Pick<IExecuteFunctions, 'getNode'>;
	itemIndex: number;
	get(name: string): unknown;
}

export function executeReader(ctx: IExecuteFunctions, itemIndex: number): Reader {
	return {
		ctx,
		itemIndex,
		get: (name) => ctx.getNodeParameter(name, itemIndex, undefined, { extractValue: true }),
	};
}

export function loadReader(ctx: ILoadOptionsFunctions): Reader {
	const raw = (name: string): unknown => {
		try {
			return ctx.getNodeParameter(name, undefined, { extractValue: true });
		} catch {
			// Not a parameter of the current operation (or not resolvable yet): read it as the editor holds it.
		}
		try {
			const value = ctx.getCurrentNodeParameter(name);
			return value && typeof value === 'object' && 'value' in value ? (value as { value: unknown }).value : value;
		} catch {
			return undefined;
		}
	};
	return {
		ctx,
		itemIndex: 0,
		get: raw,
	};
}

/** The display names errors use for each guid parameter. */
const LABELS: Record<string, string> = {
	listingGuid: 'Listing',
	saleGuid: 'Sale',
	officeGuid: 'Office',
	agentGuid: 'Agent',
	contactGuid: 'Contact',
	documentGuid: 'Document',
	createdByGuid: 'Created By',
};

export const label = (name: string) => LABELS[name] ?? name;

/** A guid parameter, checked before any request: the error names the parameter and the item. */
export function guidOf(r: Reader, name: string): string {
	return checkGuid(r.ctx, label(name), r.get(name), r.itemIndex);
}

export function intOf(r: Reader, name: string, labelText: string, range: { min?: number; max?: number } = {}): number {
	return checkInt(r.ctx, labelText, r.get(name), r.itemIndex, range);
}

export const listingPath = (r: Reader) => p`/api/files/listings/${guidOf(r, 'listingGuid')}`;
export const salePath = (r: Reader) => p`/api/files/sales/${guidOf(r, 'saleGuid')}`;

function locator(
	name: string,
	displayName: string,
	searchListMethod: string,
	description: string,
	what: string,
): INodeProperties {
	return locatorField({ name, displayName, description, searchListMethod, id: GUID_ID_MODE(what) });
}

export const listingLocator = (): INodeProperties =>
	locator('listingGuid', 'Listing', 'searchListings', 'The listing to work on', 'listing');
export const saleLocator = (): INodeProperties =>
	locator('saleGuid', 'Sale', 'searchSales', 'The sale to work on', 'sale');
export const officeLocator = (description = 'An office of the brokerage'): INodeProperties =>
	locator('officeGuid', 'Office', 'searchOffices', description, 'office');
export const agentLocator = (description = 'The agent (a user of the brokerage)'): INodeProperties =>
	locator('agentGuid', 'Agent', 'searchAgents', description, 'user');
export const contactLocator = (): INodeProperties =>
	locator('contactGuid', 'Contact', 'searchDirectoryContacts', 'A contact of the brokerage directory', 'contact');

export const listingContactLocator = (): INodeProperties =>
	locator(
		'contactGuid',
		'Contact',
		'searchListingContacts',
		'A seller, home warranty or miscellaneous contact of the listing picked above',
		'contact',
	);
export const listingDocumentLocator = (): INodeProperties =>
	locator('documentGuid', 'Document', 'searchListingDocuments', 'A document of the listing picked above', 'document');

/** A checklist type of the office picked above (or of the only office), for listings or sales. */
export const checklistTypeField = (transactionType: 'Listing' | 'Sale'): INodeProperties => ({
	displayName: 'Checklist Type Name or ID',
	name: 'checklistTypeId',
	type: 'options',
	required: true,
	default: '',
	typeOptions: {
		loadOptionsMethod: transactionType === 'Listing' ? 'getListingChecklistTypes' : 'getSaleChecklistTypes',
		loadOptionsDependsOn: ['officeGuid.value', transactionType === 'Listing' ? 'listingGuid.value' : 'saleGuid.value'],
	},
	description:
		'The checklist type decides which fields the form has; the list shows the types of the office picked above (with several offices, pick the office first). Choose from the list, or specify an ID using an <a href="https://docs.n8n.io/code/expressions/">expression</a>.',
});

/** The resource mapper of a form-driven operation: its fields come from the matching form. */
export const formFieldsProperty = (dependsOn: string[], partial: boolean): INodeProperties => ({
	displayName: 'Fields',
	name: 'columns',
	type: 'resourceMapper',
	noDataExpression: true,
	default: { mappingMode: 'defineBelow', value: null },
	required: true,
	typeOptions: {
		loadOptionsDependsOn: dependsOn,
		resourceMapper: {
			resourceMapperMethod: 'getFormFields',
			mode: 'add',
			fieldWords: { singular: 'field', plural: 'fields' },
			addAllFields: !partial,
			multiKeyMatch: false,
			supportAutoMap: true,
			// Until the record and options above are picked the field list is empty on purpose: the
			// notice of getFormFields says what to pick, instead of a "no fields" error.
			hideNoDataError: true,
		},
	},
	description: partial
		? 'The fields to change, as the service form offers them; fields left out keep their value'
		: 'The fields of the form; required ones are marked',
});

/**
 * The body the user mapped in the `columns` resource mapper, nested again. For an open form (no
 * form published), a value the user set outside the fields listed goes as given; an input item's
 * other keys under "Map Automatically" are still dropped (they are the item, not fields).
 */
export function mappedBody(ctx: IExecuteFunctions, itemIndex: number, options: { open?: boolean } = {}): IDataObject {
	const mode = ctx.getNodeParameter('columns.mappingMode', itemIndex, 'defineBelow') as string;
	const schema = ctx.getNodeParameter('columns.schema', itemIndex, []) as ResourceMapperField[];
	const auto = mode === 'autoMapInputData';
	const values = auto
		? ctx.getInputData()[itemIndex]?.json ?? {}
		: ((ctx.getNodeParameter('columns.value', itemIndex, {}) as IDataObject | null) ?? {});
	return buildFormBody(values, schema.filter((f) => !f.removed || !auto), { keepOthers: options.open === true && !auto });
}

/** Custom fields as name/value pairs; an empty value removes the field. */
export const customFieldsProperty = (): INodeProperties => ({
	displayName: 'Custom Fields',
	name: 'customFields',
	type: 'fixedCollection',
	typeOptions: { multipleValues: true },
	placeholder: 'Add Custom Field',
	default: {},
	options: [
		{
			displayName: 'Field',
			name: 'field',
			values: [
				{
					displayName: 'Name',
					name: 'name',
					type: 'string',
					default: '',
					placeholder: 'e.g. leadSource',
				},
				{
					displayName: 'Value',
					name: 'value',
					type: 'string',
					default: '',
					description: 'The new value; leave empty to remove the field',
				},
			],
		},
	],
});

export function customFieldsBody(r: Reader): IDataObject {
	const raw = (r.get('customFields') as { field?: Array<{ name?: string; value?: string }> } | undefined) ?? {};
	const customFields: IDataObject = {};
	for (const entry of raw.field ?? []) {
		const name = checkString(r.ctx, 'Custom Fields: Name', entry.name, r.itemIndex).trim();
		customFields[name] = entry.value === undefined || entry.value === '' ? null : entry.value;
	}
	if (Object.keys(customFields).length === 0) {
		throw inputError(r.ctx, 'Custom Fields', r.itemIndex, 'add at least one field');
	}
	return { customFields };
}
