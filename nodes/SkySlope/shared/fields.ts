import type { IExecuteFunctions, INodeProperties, INodePropertyModeValidation } from 'n8n-workflow';

import { checkInt } from './validate';

/**
 * Field builders every node uses, so that the same control looks and reads the same everywhere:
 * Return All with Limit, resource locators, Simplify and the binary output field.
 */

function returnAllField(): INodeProperties {
	return {
		displayName: 'Return All',
		name: 'returnAll',
		type: 'boolean',
		default: false,
		description: 'Whether to return all results or only up to a given limit',
	};
}

/** The Limit shown while Return All is off; `max` is the most the operation can give at once. */
function limitField(max?: number): INodeProperties {
	return {
		displayName: 'Limit',
		name: 'limit',
		type: 'number',
		default: 50,
		typeOptions: { minValue: 1, ...(max === undefined ? {} : { maxValue: max }) },
		displayOptions: { show: { returnAll: [false] } },
		description: 'Max number of results to return',
	};
}

/** Return All and Limit, in that order. */
export function returnAllAndLimit(max?: number): INodeProperties[] {
	return [returnAllField(), limitField(max)];
}

/**
 * How many records to read, as one value from the node's parameters down to the pager: the Limit,
 * checked (1 to `max`) before anything is sent, or Infinity for Return All.
 */
export function readLimit(ctx: IExecuteFunctions, itemIndex: number, max?: number): number {
	if (ctx.getNodeParameter('returnAll', itemIndex, false) === true) return Number.POSITIVE_INFINITY;
	return checkInt(ctx, 'Limit', ctx.getNodeParameter('limit', itemIndex, 50), itemIndex, {
		min: 1,
		...(max === undefined ? {} : { max }),
	});
}

export function simplifyField(): INodeProperties {
	return {
		displayName: 'Simplify',
		name: 'simplify',
		type: 'boolean',
		default: true,
		description: 'Whether to return a simplified version of the response instead of the raw data',
	};
}

export function binaryOutputField(): INodeProperties {
	return {
		displayName: 'Put Output File in Field',
		name: 'binaryPropertyName',
		type: 'string',
		default: 'data',
		required: true,
		hint: 'The name of the output binary field to put the file in',
	};
}

/** How a locator's "By ID" mode looks and what it accepts. */
export interface IdMode {
	/** `By ID`, `By GUID`. */
	displayName: string;
	placeholder: string;
	/** A regular expression the editor checks the value against, and its message. */
	regex?: string;
	errorMessage?: string;
}

/** A "By URL" mode: the record's web address, and the pattern that picks the id out of it. */
export interface UrlMode {
	placeholder: string;
	/** Matches a URL of the record; its first group is the id. */
	regex: string;
	errorMessage: string;
}

export interface LocatorSpec {
	name: string;
	displayName: string;
	description: string;
	/** The list-search method of the node's `methods.listSearch`. */
	searchListMethod: string;
	id: IdMode;
	url?: UrlMode;
	required?: boolean;
}

/** Ids that are GUIDs: the listings-and-sales service names every record by one. */
export const GUID_ID_MODE = (what: string): IdMode => ({
	displayName: 'By GUID',
	placeholder: 'e.g. 3f2504e0-4f89-41d3-9a0c-0305e82c3301',
	regex: '^\\s*[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}\\s*$',
	errorMessage: `Not a valid ${what} GUID`,
});

/** Ids that are whole numbers (Forms). */
export const NUMBER_ID_MODE = (what: string, example: string): IdMode => ({
	displayName: 'By ID',
	placeholder: `e.g. ${example}`,
	regex: '^\\s*[1-9][0-9]*\\s*$',
	errorMessage: `Not a valid ${what} ID (a whole number)`,
});

function validation(regex: string | undefined, errorMessage: string | undefined): INodePropertyModeValidation[] {
	return regex ? [{ type: 'regex', properties: { regex, errorMessage: errorMessage ?? 'Not valid' } }] : [];
}

/** A resource locator: pick from a searchable list, type the id, or paste the record's URL. */
export function locatorField(spec: LocatorSpec): INodeProperties {
	return {
		displayName: spec.displayName,
		name: spec.name,
		type: 'resourceLocator',
		default: { mode: 'list', value: '' },
		// `required: false` is n8n's default: written out only when true (the lint asks so).
		...(spec.required === false ? {} : { required: true }),
		description: spec.description,
		modes: [
			{
				displayName: 'From List',
				name: 'list',
				type: 'list',
				typeOptions: { searchListMethod: spec.searchListMethod, searchable: true },
			},
			{
				displayName: spec.id.displayName,
				name: 'id',
				type: 'string',
				placeholder: spec.id.placeholder,
				validation: validation(spec.id.regex, spec.id.errorMessage),
			},
			...(spec.url
				? [
						{
							displayName: 'By URL',
							name: 'url',
							type: 'string' as const,
							placeholder: spec.url.placeholder,
							validation: validation(spec.url.regex, spec.url.errorMessage),
							extractValue: { type: 'regex' as const, regex: spec.url.regex },
						},
					]
				: []),
		],
	};
}

/** The optional filters of a list, as n8n's "Add Filter" collection. */
export function filtersField(options: INodeProperties[]): INodeProperties {
	return {
		displayName: 'Filters',
		name: 'filters',
		type: 'collection',
		placeholder: 'Add Filter',
		default: {},
		options: byDisplayName(options),
	};
}

/**
 * Ids that are free text sent as one path segment (Offers): the editor refuses what checkPathId
 * refuses at run time (`/`, `\`, `?`, `#`, `%`, `..`, inner spaces, control characters).
 */
export const TEXT_ID_MODE = (what: string, example: string): IdMode => ({
	displayName: 'By ID',
	placeholder: `e.g. ${example}`,
	regex: '^\\s*(?!\\.\\s*$)(?!.*\\.\\.)[^/\\\\?#%\\s\\x00-\\x1f\\x7f]+\\s*$',
	errorMessage: `Not a valid ${what} ID (no /, \\, ?, #, %, .. or spaces)`,
});

/** The "Options" collection that holds an operation's optional fields. */
export function optionsField(options: INodeProperties[]): INodeProperties {
	return {
		displayName: 'Options',
		name: 'options',
		type: 'collection',
		placeholder: 'Add option',
		default: {},
		options: byDisplayName(options),
	};
}

/**
 * A collection's fields in alphabetical order of their display names, as n8n's guidelines ask (the
 * editor lists them as given). Only the order shown changes: values are saved by name.
 */
function byDisplayName(options: INodeProperties[]): INodeProperties[] {
	return [...options].sort((a, b) => a.displayName.localeCompare(b.displayName, 'en'));
}

/** Choices of an options or multiOptions list in alphabetical order of their names. */
export function byName<T extends { name: string }>(options: T[]): T[] {
	return [...options].sort((a, b) => a.name.localeCompare(b.name, 'en'));
}

/** A field as not required: without `required` at all (false is n8n's default, and the lint asks to leave it out). */
export function optional(field: INodeProperties): INodeProperties {
	const rest = { ...field };
	delete rest.required;
	return rest;
}
