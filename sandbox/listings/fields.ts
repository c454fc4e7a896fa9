// Form field definitions (spec 2.2) and the request-time validation built from them with zod.
import { z } from 'zod';

import { GUID_RE, unprocessable } from './http';

export interface Selection {
	id: number;
	name: string;
}

export type FieldType =
	| 'String'
	| 'Guid'
	| 'Nullable<Guid>'
	| 'Int32'
	| 'Nullable<int>'
	| 'Nullable<decimal>'
	| 'Nullable<DateTime>'
	| 'Boolean'
	| 'Nullable<bool>'
	| 'Object'
	| 'List<Guid>'
	| 'List<Object>'
	| 'Dictionary<string,string>';

export interface FieldDef {
	fieldName: string;
	fieldType: FieldType;
	isRequired: boolean;
	subFields: FieldDef[] | null;
	allowableSelections: Selection[] | null;
	description: string | null;
	deprecated: boolean;
	deprecatedAsOf: string | null;
	deprecatedAvailableSelections: boolean;
	deprecatedAvailableSelectionsAsOf: string | null;
}

export interface FieldOptions {
	required?: boolean;
	sub?: FieldDef[];
	select?: Selection[];
	description?: string;
	deprecatedAsOf?: string;
	selectionsChangedAsOf?: string;
	/** Upper bound on list length (business limits of 2.6). */
	maxItems?: number;
}

const maxItemsOf = new WeakMap<FieldDef, number>();

/** A brokerage's change to its forms: a field's choices, or whether it is required. */
export interface FieldEdit {
	select?: Selection[];
	required?: boolean;
}

// Forms are built per request from the catalog, so an edit here changes the forms served and the
// checks of writes alike, from the next request on, as when a brokerage reconfigures its forms.
const fieldEdits = new Map<string, FieldEdit>();

/**
 * Test knob: every form field named `fieldName` (in every form, at any depth) gets these choices
 * or this required flag; `undefined` puts it back. Module state: one sandbox per test file.
 */
export function editFormField(fieldName: string, edit: FieldEdit | undefined): void {
	if (edit) fieldEdits.set(fieldName, edit);
	else fieldEdits.delete(fieldName);
}

export function field(fieldName: string, fieldType: FieldType, options: FieldOptions = {}): FieldDef {
	const o = { ...options, ...fieldEdits.get(fieldName) };
	const def: FieldDef = {
		fieldName,
		fieldType,
		isRequired: o.required ?? false,
		subFields: o.sub ?? null,
		allowableSelections: o.select ?? null,
		description: o.description ?? null,
		deprecated: o.deprecatedAsOf !== undefined,
		deprecatedAsOf: o.deprecatedAsOf ?? null,
		deprecatedAvailableSelections: o.selectionsChangedAsOf !== undefined,
		deprecatedAvailableSelectionsAsOf: o.selectionsChangedAsOf ?? null,
	};
	if (o.maxItems !== undefined) maxItemsOf.set(def, o.maxItems);
	return def;
}

const INT32 = 2147483647;

function baseSchema(def: FieldDef, partial: boolean): z.ZodTypeAny {
	switch (def.fieldType) {
		case 'String':
			return def.isRequired && !partial ? z.string().trim().min(1, 'must not be empty') : z.string();
		case 'Guid':
		case 'Nullable<Guid>':
			return z.string().regex(GUID_RE, 'must be a guid');
		case 'Int32':
		case 'Nullable<int>': {
			const n = z.number().int('must be an integer').min(-INT32 - 1).max(INT32);
			const ids = def.allowableSelections?.map((s) => s.id);
			return ids ? n.refine((v) => ids.includes(v), { message: `must be one of the allowable selections (${ids.join(', ')})` }) : n;
		}
		case 'Nullable<decimal>':
			return z.number().finite();
		case 'Nullable<DateTime>':
			return z.string().refine((v) => /^\d{4}-\d{2}-\d{2}/.test(v) && !Number.isNaN(Date.parse(v)), 'must be an ISO 8601 date-time');
		case 'Boolean':
		case 'Nullable<bool>':
			return z.boolean();
		case 'Object':
			return objectSchema(def.subFields ?? [], partial);
		case 'List<Guid>': {
			const list = z.array(z.string().regex(GUID_RE, 'must be a guid'));
			const max = maxItemsOf.get(def);
			return max === undefined ? list : list.max(max, `at most ${max} items`);
		}
		case 'List<Object>':
			return z.array(objectSchema(def.subFields ?? [], false));
		case 'Dictionary<string,string>':
			return z.record(z.union([z.string(), z.number(), z.boolean(), z.null()]));
	}
}

function objectSchema(defs: FieldDef[], partial: boolean): z.ZodTypeAny {
	const shape: Record<string, z.ZodTypeAny> = {};
	for (const def of defs) {
		const base = baseSchema(def, partial);
		// Required: present and not null. In an update (partial) an absent field keeps its value.
		shape[def.fieldName] = def.isRequired ? (partial ? base.optional() : base) : base.nullable().optional();
	}
	return z.object(shape).strict();
}

function describeIssue(issue: z.ZodIssue): string {
	const path = issue.path.join('.');
	if (issue.code === 'unrecognized_keys') {
		return issue.keys.map((k) => `${path ? `${path}.` : ''}${k}: is not a field of this form`).join('; ');
	}
	if (issue.code === 'invalid_type' && issue.received === 'undefined') return `${path}: is required`;
	if (issue.code === 'invalid_type' && issue.received === 'null') return `${path}: is required and cannot be null`;
	return `${path || 'body'}: ${issue.message}`;
}

export interface Validated {
	data: Record<string, unknown>;
	warnings: string[];
}

/**
 * Validates a body against a form's field definitions. Errors (422) name every offending field.
 * Deprecated fields are accepted and produce a warning, as the real service does.
 */
export function validate(defs: FieldDef[], body: unknown, opts: { partial?: boolean; errors?: string[] } = {}): Validated {
	if (!body || typeof body !== 'object' || Array.isArray(body)) throw unprocessable(['The request body must be a JSON object']);
	const result = objectSchema(defs, opts.partial ?? false).safeParse(body);
	// `errors`: what the caller found beyond the form (an office the user cannot use), reported together.
	const errors = [...(opts.errors ?? []), ...(result.success ? [] : result.error.issues.map(describeIssue))];
	if (!result.success || errors.length) throw unprocessable(errors);
	const data = result.data as Record<string, unknown>;
	const warnings: string[] = [];
	for (const def of defs) {
		if (def.deprecated && data[def.fieldName] !== undefined && data[def.fieldName] !== null) {
			warnings.push(`Field '${def.fieldName}' is deprecated as of ${def.deprecatedAsOf}${def.description ? `: ${def.description}` : ''}`);
		}
	}
	return { data, warnings };
}
