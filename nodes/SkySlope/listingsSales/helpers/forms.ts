import type { FieldType, IDataObject, INodePropertyOptions, ResourceMapperField } from 'n8n-workflow';

/** One field of a form answer (spec 2.2). */
export interface FormField {
	fieldName: string;
	fieldType?: string | null;
	isRequired?: boolean;
	subFields?: FormField[] | null;
	allowableSelections?: Array<{ id: number; name: string }> | null;
	description?: string | null;
	deprecated?: boolean;
	deprecatedAsOf?: string | null;
	deprecatedAvailableSelections?: boolean;
	deprecatedAvailableSelectionsAsOf?: string | null;
}

const isField = (f: unknown): f is FormField =>
	!!f && typeof f === 'object' && typeof (f as FormField).fieldName === 'string';

/**
 * The fields of a form answer's payload: `{ fields: [...] }`, or the list itself; undefined when
 * the payload is neither (a form that cannot be read is never taken for a form without fields).
 */
export function formFieldsIn(value: unknown): FormField[] | undefined {
	const list = Array.isArray(value)
		? value
		: value && typeof value === 'object' && Array.isArray((value as IDataObject).fields)
			? ((value as IDataObject).fields as unknown[])
			: undefined;
	if (!list || !list.every(isField)) return undefined;
	return list;
}

/** What a payload that is not a form looks like, for an error message. */
export function describePayload(value: unknown): string {
	if (Array.isArray(value)) return `a list of ${value.length} entries that are not form fields`;
	if (value && typeof value === 'object') {
		const keys = Object.keys(value);
		return keys.length ? `an object with the keys ${keys.slice(0, 10).join(', ')}` : 'an empty object';
	}
	return value === undefined || value === null || value === '' ? 'no payload' : `a ${typeof value}`;
}

/** `Nullable<int>` -> `int`, `List<Guid>` stays, case-insensitive. */
function baseType(fieldType: string | null | undefined): string {
	const t = (fieldType ?? 'string').trim();
	const nullable = /^nullable<(.+)>$/i.exec(t);
	return (nullable ? nullable[1] : t.endsWith('?') ? t.slice(0, -1) : t).toLowerCase();
}

const NUMBER_TYPES = ['int', 'int16', 'int32', 'int64', 'long', 'short', 'decimal', 'double', 'float', 'number', 'integer'];

/** n8n's widget for a form field type. */
function mapperType(field: FormField): FieldType {
	const t = baseType(field.fieldType);
	if (field.allowableSelections?.length) return 'options';
	if (NUMBER_TYPES.includes(t)) return 'number';
	if (t === 'bool' || t === 'boolean') return 'boolean';
	if (t === 'datetime' || t === 'date' || t === 'datetimeoffset') return 'dateTime';
	if (/^(list|ienumerable|icollection|array)<|\[\]$/.test(t)) return 'array';
	if (/^(dictionary|idictionary)<|^object$|^json$/.test(t)) return 'object';
	return 'string';
}

/** A field with sub-fields is flattened: its sub-fields become `parent.child` entries. */
function isNestedObject(field: FormField): boolean {
	return !!field.subFields?.length && mapperType(field) !== 'array';
}

/** Words written in capitals in labels. */
const ACRONYMS: Record<string, string> = { guid: 'GUID', guids: 'GUIDs', id: 'ID', ids: 'IDs', mls: 'MLS', url: 'URL', zip: 'ZIP' };

/** `streetNumber` -> `Street Number`, `coAgentGuids` -> `Co-Agent GUIDs`, `mlsId` -> `MLS ID`. */
function words(name: string): string {
	const parts = name
		.replace(/([a-z0-9])([A-Z])/g, '$1 $2')
		.replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
		.split(/[\s_]+/)
		.filter(Boolean)
		.map((w) => ACRONYMS[w.toLowerCase()] ?? w.charAt(0).toUpperCase() + w.slice(1));
	return parts.join(' ').replace(/^Co /, 'Co-');
}

/**
 * What people read for a field: `property.streetNumber` -> `Property: Street Number`. The id stays
 * the service's path (the body is rebuilt from it); dates of form changes are not shown.
 */
function fieldLabel(id: string, field: FormField): string {
	let label = id.split('.').map(words).join(': ');
	// A choice is picked by name: `sourceId` reads `Source`.
	if (field.allowableSelections?.length) label = label.replace(/ IDs?$/, '');
	return field.deprecated ? `${label} (Deprecated)` : label;
}

/** How a list or dictionary is typed in its text field, after the label. */
function textShape(field: FormField, type: FieldType): string {
	if (type === 'object') return ' (JSON object)';
	if (!field.subFields?.length) return ' (comma-separated)';
	return ` (JSON list of {${field.subFields.map((s) => s.fieldName).join(', ')}})`;
}

export interface MapperOptions {
	/** An update: no field is mandatory (an absent field keeps its value). */
	partial?: boolean;
	/** Top-level fields the node asks for with its own pickers (office, agent, checklist type). */
	exclude?: string[];
	/**
	 * A fixed form that the editor shows at once: its required fields are labelled "(required)"
	 * instead of being flagged, since n8n marks an empty required mapper field as an issue before the
	 * user has typed anything. The node still refuses an item without them before sending.
	 */
	labelRequired?: boolean;
}

/**
 * The form as n8n's resource mapper shows it: nested sub-fields flattened to `parent.child` ids,
 * labelled for people (the id stays the service's path), required fields mandatory (a sub-field
 * only when its parent is required too), allowable selections as options, deprecated fields
 * flagged in the label and not added by default.
 */
export function toMapperFields(fields: FormField[], options: MapperOptions = {}): ResourceMapperField[] {
	const out: ResourceMapperField[] = [];
	const walk = (list: FormField[], prefix: string, parentRequired: boolean) => {
		for (const field of list) {
			if (!prefix && options.exclude?.includes(field.fieldName)) continue;
			const id = `${prefix}${field.fieldName}`;
			const required = !options.partial && parentRequired && field.isRequired === true;
			if (isNestedObject(field)) {
				walk(field.subFields ?? [], `${id}.`, required);
				continue;
			}
			const type = mapperType(field);
			// Lists and dictionaries are typed as text (parsed against the form when the item runs):
			// n8n's JSON editor marks an empty value as invalid JSON, and most of these are optional.
			const asText = type === 'array' || type === 'object';
			const labelled = required && options.labelRequired === true;
			const entry: ResourceMapperField = {
				id,
				displayName: `${fieldLabel(id, field)}${asText ? textShape(field, type) : ''}${labelled ? ' (required)' : ''}`,
				required: required && !labelled,
				defaultMatch: false,
				canBeUsedToMatch: false,
				display: true,
				type: asText ? 'string' : type,
				// Deprecated fields are offered, but not added by default.
				removed: field.deprecated === true && !required,
			};
			if (type === 'options') {
				entry.options = (field.allowableSelections ?? []).map(
					(s): INodePropertyOptions => ({ name: s.name, value: s.id }),
				);
			}
			out.push(entry);
		}
	};
	walk(fields, '', true);
	return out;
}

function isEmpty(value: unknown): boolean {
	return value === undefined || value === null || value === '';
}

/** A date picked in n8n (luxon DateTime or Date) as ISO 8601 text; anything else as it is. */
function plain(value: unknown): unknown {
	if (value instanceof Date) return value.toISOString();
	if (value && typeof value === 'object' && typeof (value as { toISO?: unknown }).toISO === 'function') {
		return (value as { toISO: () => string }).toISO();
	}
	return value;
}

/** A list typed as text: JSON, or comma-separated values. */
function asList(value: unknown): unknown {
	if (typeof value !== 'string') return value;
	const text = value.trim();
	if (text.startsWith('[')) {
		try {
			return JSON.parse(text) as unknown;
		} catch {
			return value;
		}
	}
	return text
		.split(',')
		.map((s) => s.trim())
		.filter((s) => s !== '');
}

function asObject(value: unknown): unknown {
	if (typeof value !== 'string' || !value.trim().startsWith('{')) return value;
	try {
		return JSON.parse(value) as unknown;
	} catch {
		return value;
	}
}

/**
 * The request body from what the user mapped: `parent.child` ids rebuilt into nested objects,
 * empty values left out (the service keeps what is not sent), dates as ISO text, lists and
 * dictionaries typed as text parsed. With a schema, keys that are not fields of the form are
 * dropped (automatic mapping from input items brings whatever the item has), unless `keepOthers`
 * (a form the service does not publish): then a top-level key outside it goes as given.
 */
export function buildFormBody(
	values: IDataObject,
	schema?: Array<Pick<ResourceMapperField, 'id' | 'type'>>,
	options: { keepOthers?: boolean } = {},
): IDataObject {
	const types = new Map((schema ?? []).map((f) => [f.id, f.type]));
	const roots = new Set((schema ?? []).map((f) => f.id.split('.')[0]));
	const body: IDataObject = {};
	const put = (path: string, raw: unknown) => {
		const type = types.get(path);
		let value = plain(raw);
		if (type === 'array') value = asList(value);
		if (type === 'object') value = asObject(value);
		if (isEmpty(value)) return;
		const keys = path.split('.');
		let target = body;
		for (const key of keys.slice(0, -1)) {
			const next = target[key];
			if (!next || typeof next !== 'object' || Array.isArray(next)) target[key] = {};
			target = target[key] as IDataObject;
		}
		target[keys[keys.length - 1]] = value as IDataObject;
	};
	const visit = (prefix: string, object: IDataObject) => {
		for (const [key, raw] of Object.entries(object)) {
			const path = `${prefix}${key}`;
			const known = types.size === 0 || types.has(path) || (options.keepOthers === true && prefix === '');
			const isPlainObject = raw && typeof raw === 'object' && !Array.isArray(raw) && !(raw instanceof Date);
			if (!known && isPlainObject && typeof (raw as { toISO?: unknown }).toISO !== 'function') {
				// An input item that already nests `property: { ... }`.
				if (types.size === 0 || roots.has(path.split('.')[0])) visit(`${path}.`, raw as IDataObject);
				continue;
			}
			if (!known) continue;
			put(path, raw);
		}
	};
	visit('', values);
	return body;
}

const isPlainObject = (value: unknown): value is IDataObject =>
	!!value && typeof value === 'object' && !Array.isArray(value) && !(value instanceof Date);

function shown(value: unknown): string {
	const text = typeof value === 'string' ? `"${value}"` : JSON.stringify(value);
	return text === undefined ? String(value) : text.length > 60 ? `${text.slice(0, 57)}...` : text;
}

/** `1 (MLS), 2 (Online Portal)`. */
function choicesText(selections: Array<{ id: number; name: string }>): string {
	return selections.map((s) => `${s.id} (${s.name})`).join(', ');
}

/**
 * A value of a field with allowable selections, as the id the service takes: the id itself, the id
 * typed as text, or the choice's name (from an input item). Undefined when it is none of them.
 */
function choiceId(selections: Array<{ id: number; name: string }>, value: unknown): number | undefined {
	const text = typeof value === 'string' ? value.trim() : undefined;
	const id = typeof value === 'number' ? value : text !== undefined && /^-?\d+$/.test(text) ? Number(text) : undefined;
	if (id !== undefined) return selections.some((s) => s.id === id) ? id : undefined;
	if (text === undefined) return undefined;
	return selections.find((s) => s.name.trim().toLowerCase() === text.toLowerCase())?.id;
}

export interface FormCheckOptions {
	/** An update: an absent field keeps its value, so nothing is required. */
	partial?: boolean;
	/** Top-level body keys the operation sets itself, accepted even when the form does not list them. */
	own?: string[];
	/** No form is published: a top-level field not listed is sent as given. */
	open?: boolean;
}

export interface FormCheck {
	/** The body with choices given by name or as text turned into their ids. */
	body: IDataObject;
	/** One line per field the form refuses: `sourceId: 9 is not one of the form's choices: ...`. */
	problems: string[];
}

/**
 * Checks a body against the form as the service answers it now (spec 1.3: required fields and
 * choices change at any time): every field the form requires is there (in an update nothing is),
 * every value of a field with allowable selections is one of them, and every field sent is still
 * a field of the form. A sub-field is required when its object is required or is sent at all; the
 * sub-fields of a list's entries are required in every entry.
 */
export function checkFormBody(fields: FormField[], body: IDataObject, options: FormCheckOptions = {}): FormCheck {
	const problems: string[] = [];
	const visit = (list: FormField[], object: IDataObject, prefix: string, requireHere: boolean, top: boolean): IDataObject => {
		const out: IDataObject = { ...object };
		const known = new Set(list.map((f) => f.fieldName));
		for (const key of Object.keys(object)) {
			if (known.has(key) || isEmpty(object[key]) || (top && (options.open || options.own?.includes(key)))) continue;
			problems.push(`${prefix}${key}: is not a field of the form (any more)`);
		}
		for (const field of list) {
			const path = `${prefix}${field.fieldName}`;
			const type = mapperType(field);
			let value: IDataObject[string] = object[field.fieldName];
			// A list or dictionary typed as text in the mapper: parsed here, where the form says what it is.
			if (typeof value === 'string' && value.trim() !== '' && (type === 'array' || type === 'object')) {
				value = (type === 'array' ? asList(value) : asObject(value)) as IDataObject[string];
				if (typeof value === 'string') {
					problems.push(
						type === 'array'
							? `${path}: ${shown(value)} is not a list (comma-separated values or a JSON list)`
							: `${path}: ${shown(value)} is not a JSON object`,
					);
					continue;
				}
				out[field.fieldName] = value;
			}
			if (isEmpty(value)) {
				if (!requireHere || field.isRequired !== true) continue;
				// Name what the user maps: the required leaves of an object left out, else the field.
				const leaves = isNestedObject(field) ? requiredLeaves(field.subFields ?? [], `${path}.`) : [];
				for (const leaf of leaves.length ? leaves : [path]) problems.push(`${leaf}: is required by the form`);
				continue;
			}
			if (field.allowableSelections?.length) {
				const selections = field.allowableSelections;
				const values = Array.isArray(value) ? value : [value];
				const ids = values.map((v) => choiceId(selections, v));
				const wrong = values.filter((_, k) => ids[k] === undefined);
				if (wrong.length) {
					problems.push(`${path}: ${wrong.map(shown).join(', ')} is not one of the form's choices: ${choicesText(selections)}`);
				} else {
					const chosen = ids as number[];
					out[field.fieldName] = Array.isArray(value) ? chosen : chosen[0];
				}
				continue;
			}
			if (!field.subFields?.length) continue;
			if (type === 'array' && Array.isArray(value)) {
				out[field.fieldName] = value.map((entry, k) =>
					isPlainObject(entry) ? visit(field.subFields ?? [], entry, `${path}[${k}].`, true, false) : entry,
				) as IDataObject[];
			} else if (type !== 'array' && isPlainObject(value)) {
				out[field.fieldName] = visit(field.subFields ?? [], value, `${path}.`, !options.partial, false);
			}
		}
		return out;
	};
	const checked = visit(fields, body, '', !options.partial, true);
	return { body: checked, problems };
}

/** `property.zip`, ...: the required fields below a required object, as the mapper names them. */
function requiredLeaves(list: FormField[], prefix: string): string[] {
	return list
		.filter((f) => f.isRequired === true)
		.flatMap((f) => (isNestedObject(f) ? requiredLeaves(f.subFields ?? [], `${prefix}${f.fieldName}.`) : [`${prefix}${f.fieldName}`]));
}
