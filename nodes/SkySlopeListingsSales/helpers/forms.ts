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

/** The fields of a form answer's payload: `{ fields: [...] }`, or the list itself. */
export function formFieldsOf(value: unknown): FormField[] {
	const list = Array.isArray(value)
		? value
		: value && typeof value === 'object' && Array.isArray((value as IDataObject).fields)
			? ((value as IDataObject).fields as unknown[])
			: [];
	return list.filter(
		(f): f is FormField => !!f && typeof f === 'object' && typeof (f as FormField).fieldName === 'string',
	);
}

/** `Nullable<int>` -> `int`, `List<Guid>` stays, case-insensitive. */
function baseType(fieldType: string | null | undefined): string {
	const t = (fieldType ?? 'string').trim();
	const nullable = /^nullable<(.+)>$/i.exec(t);
	return (nullable ? nullable[1] : t.endsWith('?') ? t.slice(0, -1) : t).toLowerCase();
}

const NUMBER_TYPES = ['int', 'int16', 'int32', 'int64', 'long', 'short', 'decimal', 'double', 'float', 'number', 'integer'];

/** n8n's widget for a form field type. */
export function mapperType(field: FormField): FieldType {
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

function flags(field: FormField): string {
	const notes: string[] = [];
	if (field.deprecated) {
		notes.push(field.deprecatedAsOf ? `deprecated since ${field.deprecatedAsOf.slice(0, 10)}` : 'deprecated');
	}
	if (field.deprecatedAvailableSelections) {
		const since = field.deprecatedAvailableSelectionsAsOf?.slice(0, 10);
		notes.push(since ? `choices changed ${since}` : 'some choices deprecated');
	}
	return notes.length ? ` (${notes.join('; ')})` : '';
}

function listShape(field: FormField): string {
	if (!field.subFields?.length) return '';
	return ` [list of {${field.subFields.map((s) => s.fieldName).join(', ')}}]`;
}

export interface MapperOptions {
	/** An update: no field is mandatory (an absent field keeps its value). */
	partial?: boolean;
	/** Top-level fields the node asks for with its own pickers (office, agent, checklist type). */
	exclude?: string[];
}

/**
 * The form as n8n's resource mapper shows it: nested sub-fields flattened to `parent.child` ids,
 * required fields mandatory (a sub-field only when its parent is required too), allowable
 * selections as options, deprecated fields and choices flagged in the display name.
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
			const entry: ResourceMapperField = {
				id,
				displayName: `${id}${flags(field)}${type === 'array' ? listShape(field) : ''}`,
				required,
				defaultMatch: false,
				canBeUsedToMatch: false,
				display: true,
				type,
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
 * dropped (automatic mapping from input items brings whatever the item has).
 */
export function buildFormBody(values: IDataObject, schema?: Array<Pick<ResourceMapperField, 'id' | 'type'>>): IDataObject {
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
			const known = types.size === 0 || types.has(path);
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
