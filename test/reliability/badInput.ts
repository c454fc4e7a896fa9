// The generated table of bad inputs: every operation of the SkySlope node, read from the
// nodes' own descriptions, and for each of its parameters the bad values its type and name call for.
import type { IDataObject, INodeProperties, INodePropertyCollection, INodeParameters } from 'n8n-workflow';

import type { NodeKey } from './setup';

/** A 10 MB string: an id or GUID this long must never reach a URL. */
export const TEN_MB = 'x'.repeat(10 * 1024 * 1024);

export const SCRIPT = '<script>alert(1)</script>';

/** One parameter of an operation, wherever it sits (top level, in a collection, in a fixed collection). */
export interface Param {
	/** Where the value goes in the node's parameters, e.g. ['filters', 'createdAfter']. */
	path: string[];
	name: string;
	displayName: string;
	type: INodeProperties['type'];
	required: boolean;
	/** Whether the fixed collection above it holds a list of entries. */
	multipleValues: boolean;
	typeOptions?: INodeProperties['typeOptions'];
	/** Other top-level parameters that must hold these values for this one to be shown. */
	shownWhen: IDataObject;
}

export interface Operation {
	key: NodeKey;
	resource: string;
	operation: string;
	params: Param[];
}

/**
 * What a bad value must lead to:
 * - refuse: a NodeOperationError naming the parameter and the item, no request;
 * - ignored: refused, or left out of the request (a field that only feeds the picker of another).
 */
export type Expectation = 'refuse' | 'ignored';

/**
 * Optional fields that only narrow the list of another field's picker and are never sent: a bad
 * value there may be ignored, but must not reach the request.
 */
export const PICKER_ONLY = new Set([
	'forms fileContact.update fileId',
	'forms document.get fileId',
	'forms document.updateFields fileId',
	'forms document.delete fileId',
	'forms document.addFromForms libraryId',
]);

/** Forms parameters whose ids are free text in SkySlope's OpenAPI document (groups, users, brokerages). */
const FREE_TEXT_IDS = new Set(['groupId', 'userId', 'brokerageId']);

export interface BadValue {
	value: unknown;
	why: string;
	expect: Expectation;
}

function shownWhen(p: INodeProperties): IDataObject {
	const show = { ...(p.displayOptions?.show ?? {}) } as IDataObject;
	delete show.resource;
	delete show.operation;
	const out: IDataObject = {};
	for (const [k, v] of Object.entries(show)) out[k] = Array.isArray(v) ? v[0] : v;
	return out;
}

function flatten(p: INodeProperties, prefix: string[], parentWhen: IDataObject, multiple: boolean): Param[] {
	if (p.type === 'notice' || p.type === 'boolean' || p.type === 'hidden') return [];
	const when = { ...parentWhen, ...(prefix.length === 0 ? shownWhen(p) : {}) };
	if (p.type === 'collection') {
		return ((p.options ?? []) as INodeProperties[]).flatMap((child) => flatten(child, [...prefix, p.name], when, false));
	}
	if (p.type === 'fixedCollection') {
		const isMultiple = p.typeOptions?.multipleValues === true;
		return ((p.options ?? []) as INodePropertyCollection[]).flatMap((group) =>
			group.values.flatMap((child) => flatten(child, [...prefix, p.name, group.name], when, isMultiple)),
		);
	}
	return [
		{
			path: [...prefix, p.name],
			name: p.name,
			displayName: p.displayName,
			type: p.type,
			required: p.required === true,
			multipleValues: multiple,
			typeOptions: p.typeOptions,
			shownWhen: when,
		},
	];
}

/** Every operation of a node, from its `operation` options per `resource`. */
export function operationsOf(key: NodeKey, properties: INodeProperties[]): Operation[] {
	const resources = (properties.find((p) => p.name === 'resource')?.options ?? []) as Array<{ value: string }>;
	const out: Operation[] = [];
	for (const { value: resource } of resources) {
		const selector = properties.find(
			(p) => p.name === 'operation' && (p.displayOptions?.show?.resource as string[] | undefined)?.includes(resource),
		);
		for (const { value } of (selector?.options ?? []) as Array<{ value: string }>) {
			const fields = properties.filter((p) => {
				const show = p.displayOptions?.show;
				return (
					p.name !== 'resource' &&
					p.name !== 'operation' &&
					// Shown in the AI tool variant only (Tool Description, Output, Fields): n8n drops them
					// from a plain node, so they cannot carry a value here (test/shared/output.test.ts).
					show?.['@tool'] === undefined &&
					(show?.resource as string[] | undefined)?.includes(resource) &&
					(show?.operation as string[] | undefined)?.includes(value)
				);
			});
			out.push({ key, resource, operation: value, params: fields.flatMap((f) => flatten(f, [], {}, false)) });
		}
	}
	return out;
}

const ID_BAD: BadValue[] = [
	{ value: 0, why: 'zero', expect: 'refuse' },
	{ value: -1, why: 'negative', expect: 'refuse' },
	{ value: 1.5, why: 'fraction', expect: 'refuse' },
	{ value: 'abc', why: 'letters', expect: 'refuse' },
	{ value: '../1', why: 'dot segment', expect: 'refuse' },
	{ value: '1/2', why: 'slash', expect: 'refuse' },
	{ value: '?x', why: 'query', expect: 'refuse' },
	{ value: '%2F', why: 'encoded slash', expect: 'refuse' },
	{ value: TEN_MB, why: '10 MB string', expect: 'refuse' },
];

const GUID_BAD: BadValue[] = [
	{ value: 'abc', why: 'not a guid', expect: 'refuse' },
	{ value: '12345', why: 'a number', expect: 'refuse' },
	{ value: '../', why: 'dot segment', expect: 'refuse' },
	{ value: '%2F', why: 'encoded slash', expect: 'refuse' },
	{ value: '?x', why: 'query', expect: 'refuse' },
	{ value: '3f2504e0-4f89-41d3-9a0c-0305e82c330', why: 'one digit short', expect: 'refuse' },
	{ value: '3f2504e0-4f89-41d3-9a0c-0305e82c3301/../x', why: 'guid then path', expect: 'refuse' },
	{ value: SCRIPT, why: 'script', expect: 'refuse' },
	{ value: TEN_MB, why: '10 MB string', expect: 'refuse' },
];

/** Offers ids are free strings (spec), but never ones that could steer a path or a query. */
const TEXT_ID_BAD: BadValue[] = [
	{ value: '.', why: 'dot', expect: 'refuse' },
	{ value: '..', why: 'dot dot', expect: 'refuse' },
	{ value: '../1', why: 'dot segment', expect: 'refuse' },
	{ value: '1/2', why: 'slash', expect: 'refuse' },
	{ value: '1\\2', why: 'backslash', expect: 'refuse' },
	{ value: '?x', why: 'query', expect: 'refuse' },
	{ value: 'a#b', why: 'fragment', expect: 'refuse' },
	{ value: '%2F', why: 'encoded slash', expect: 'refuse' },
	{ value: 'a b', why: 'space', expect: 'refuse' },
	{ value: 'a\u0000b', why: 'control character', expect: 'refuse' },
	{ value: SCRIPT, why: 'script', expect: 'refuse' },
	{ value: TEN_MB, why: '10 MB string', expect: 'refuse' },
];

const DATE_BAD: BadValue[] = [
	{ value: 'yesterday', why: 'a word', expect: 'refuse' },
	{ value: '2024-02-30', why: 'no such day', expect: 'refuse' },
	{ value: '2024-13-01', why: 'no such month', expect: 'refuse' },
];

const NUMBER_BAD: BadValue[] = [
	{ value: 'NaN', why: 'NaN', expect: 'refuse' },
	{ value: 'abc', why: 'letters', expect: 'refuse' },
];

const ENUM_BAD: BadValue[] = [{ value: 'Bogus-Value', why: 'not an option', expect: 'refuse' }];

const EMPTY: BadValue = { value: '', why: 'empty', expect: 'refuse' };

/** The bad values for one parameter, by its type and name; [] for values only the service can judge. */
export function badValuesFor(key: NodeKey, param: Param, operation = ''): BadValue[] {
	if (PICKER_ONLY.has(`${key} ${operation} ${param.name}`)) {
		return ['../1', '%2F', '?x', 'abc'].map((value) => ({ value, why: 'picker only', expect: 'ignored' as const }));
	}
	return badValuesByType(key, param, operation);
}

function badValuesByType(key: NodeKey, param: Param, operation: string): BadValue[] {
	const { name, type } = param;
	// Display switches (which fields are shown) are not data: n8n cannot lay out the node from an expression there.
	if (/^[a-z]*Mode$/.test(name) && type === 'options') return [];
	const required = param.required ? [EMPTY] : [];
	if (type === 'resourceLocator' || (type === 'string' && /(Guid|Id)$/.test(name)) || (type === 'options' && /(Guid|Id)$/.test(name))) {
		if (name === 'onBehalfOf') return [{ value: TEN_MB, why: '10 MB string', expect: 'refuse' }];
		if (key === 'offers') return [...required, ...TEXT_ID_BAD];
		// Group, user and brokerage ids of the Forms OpenAPI operations are free text (`minLength: 1`), like Offers ids.
		if (key === 'forms' && FREE_TEXT_IDS.has(name)) return [...required, ...TEXT_ID_BAD];
		if (/Guid$/.test(name)) return [...required, ...GUID_BAD];
		return [...required, ...ID_BAD];
	}
	if (type === 'multiOptions') {
		if (/Ids$/.test(name)) {
			return [
				...(param.required ? [{ value: [], why: 'none', expect: 'refuse' as const }] : []),
				{ value: [0], why: 'zero', expect: 'refuse' },
				{ value: ['abc'], why: 'letters', expect: 'refuse' },
				{ value: ['../1'], why: 'dot segment', expect: 'refuse' },
				{ value: [1, -1], why: 'a negative among good', expect: 'refuse' },
			];
		}
		return [{ value: ['Bogus-Value'], why: 'not an option', expect: 'refuse' }];
	}
	if (type === 'options') return ENUM_BAD;
	if (type === 'dateTime') return [...required, ...DATE_BAD];
	if (type === 'number') {
		const min = (param.typeOptions?.minValue as number | undefined) ?? (name === 'limit' || /page/i.test(name) || /Id$/.test(name) ? 1 : undefined);
		const max = param.typeOptions?.maxValue as number | undefined;
		const out: BadValue[] = [...NUMBER_BAD];
		if (min !== undefined) out.push({ value: min - 1, why: 'below the minimum', expect: 'refuse' });
		if (max !== undefined) out.push({ value: max + 1, why: 'above the maximum', expect: 'refuse' });
		if (name === 'limit' || /page|Id$/i.test(name)) out.push({ value: 1.5, why: 'fraction', expect: 'refuse' });
		return out;
	}
	if (type === 'json') return [{ value: '{not json', why: 'not JSON', expect: 'refuse' }];
	// A comma-separated list of numeric ids typed as text (Form Tag's form version ids).
	if (type === 'string' && /Ids$/.test(name) && key === 'forms') {
		return [
			{ value: '0', why: 'zero', expect: 'refuse' },
			{ value: '12,abc', why: 'letters among good', expect: 'refuse' },
			{ value: '../1', why: 'dot segment', expect: 'refuse' },
			{ value: '1,-1', why: 'a negative among good', expect: 'refuse' },
		];
	}
	if (type === 'string') {
		if (name === 'binaryPropertyName') {
			// Upload reads this binary property; downloads write into it (any name will do).
			return operation === 'document.upload' ? [EMPTY, { value: 'noSuchProperty', why: 'no such binary', expect: 'refuse' }] : [EMPTY];
		}
		if (name === 'webhookUrl') return [EMPTY, { value: 'not a url', why: 'not a URL', expect: 'refuse' }, { value: 'javascript:alert(1)', why: 'script URL', expect: 'refuse' }];
		if (name === 'state' && key === 'forms') return [{ value: 'California', why: 'not a state code', expect: 'refuse' }];
		if (name === 'postalCode' && key === 'forms') return [{ value: '9581', why: 'four digits', expect: 'refuse' }];
		if (name === 'email' && key === 'forms') return [{ value: 'not-an-email', why: 'not an email', expect: 'refuse' }];
		return required;
	}
	return [];
}

/** Sets a value at a parameter path; in a list of entries, as the one entry. */
export function setAt(parameters: INodeParameters, param: Param, value: unknown): INodeParameters {
	const out = structuredClone(parameters) as IDataObject;
	let cursor = out;
	const path = param.path;
	for (let i = 0; i < path.length - 1; i++) {
		const isEntryList = param.multipleValues && i === path.length - 2;
		const existing = cursor[path[i]];
		if (isEntryList) {
			const list = Array.isArray(existing) && existing.length ? (existing as IDataObject[]) : [{}];
			cursor[path[i]] = list;
			cursor = list[0];
		} else {
			if (!existing || typeof existing !== 'object' || Array.isArray(existing)) cursor[path[i]] = {};
			cursor = cursor[path[i]] as IDataObject;
		}
	}
	const last = path[path.length - 1];
	cursor[last] = (param.type === 'resourceLocator' ? { __rl: true, mode: 'id', value } : value) as IDataObject[string];
	return out as INodeParameters;
}

/** Lower case, letters and digits only, plural endings dropped: "Libraries" and "Library Names" meet. */
const norm = (s: string) =>
	s
		.toLowerCase()
		.replace(/[^a-z0-9 ]/g, '')
		.split(' ')
		.map((w) => w.replace(/ies$/, 'y').replace(/s$/, ''))
		.join('');

/**
 * Whether an error message names the parameter by its display name (n8n's guidelines): one of its
 * leading `Label:` parts is the name the user sees in the node, not the internal one.
 */
export function namesParam(message: string, param: Param): boolean {
	const parts = message.split(': ').slice(0, -1).map(norm).filter((s) => s.length >= 3);
	const display = norm(param.displayName);
	return parts.some((s) => display.includes(s) || s.includes(display));
}
