// A small subset of the Sieve filter/sort syntax used by ListFiles and ListEnvelopes:
//   filters: terms joined by `,` (AND); a term is `field<op>value` or `(field|other)<op>value`,
//            values may be alternatives `a|b` (OR); ops: == != @= !@= _= >= <= > < (and *-insensitive variants @=* _=* ==*)
//   sorts:   fields joined by `,`; a leading `-` sorts descending.
// Unknown fields, unknown operators, empty terms and values that do not fit the field's type are a 400.
import { badRequest } from './http';

export type FieldType = 'string' | 'number' | 'date' | 'boolean';

export interface SieveField<T> {
	type: FieldType;
	get: (item: T) => unknown;
}

export type SieveFields<T> = Record<string, SieveField<T>>;

const ISO_UTC = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}:\d{2}\.\d{3}Z)?$/;

const OPERATORS = ['!@=*', '@=*', '_=*', '==*', '!@=', '@=', '_=', '==', '!=', '>=', '<=', '>', '<'];

interface Term<T> {
	fields: Array<SieveField<T>>;
	op: string;
	values: unknown[];
}

function normalise(name: string): string {
	return name.trim().toLowerCase();
}

function coerce(type: FieldType, raw: string, term: string): unknown {
	switch (type) {
		case 'number': {
			if (!/^-?\d+(\.\d+)?$/.test(raw)) throw badRequest(`Invalid filter value in '${term}'`, [`filters: '${raw}' is not a number`]);
			return Number(raw);
		}
		case 'date': {
			const t = Date.parse(raw);
			if (!/^\d{4}-\d{2}-\d{2}/.test(raw) || Number.isNaN(t)) {
				throw badRequest(`Invalid filter value in '${term}'`, [`filters: '${raw}' is not a date`]);
			}
			return t;
		}
		case 'boolean': {
			if (!/^(true|false)$/i.test(raw)) throw badRequest(`Invalid filter value in '${term}'`, [`filters: '${raw}' is not a boolean`]);
			return raw.toLowerCase() === 'true';
		}
		default:
			return raw;
	}
}

function parseTerm<T>(term: string, known: SieveFields<T>): Term<T> {
	let op: string | undefined;
	let at = -1;
	// The first operator occurrence wins; at one position the longest operator wins.
	for (let i = 0; i < term.length && op === undefined; i++) {
		for (const candidate of OPERATORS) {
			if (term.startsWith(candidate, i)) {
				op = candidate;
				at = i;
				break;
			}
		}
	}
	if (op === undefined) throw badRequest(`Malformed filter '${term}'`, [`filters: no operator in '${term}'`]);
	let left = term.slice(0, at).trim();
	const right = term.slice(at + op.length);
	if (left.startsWith('(') && left.endsWith(')')) left = left.slice(1, -1);
	if (left === '' || /[()]/.test(left)) throw badRequest(`Malformed filter '${term}'`, [`filters: no field in '${term}'`]);
	if (right.trim() === '') throw badRequest(`Malformed filter '${term}'`, [`filters: no value in '${term}'`]);
	const fields = left.split('|').map((name) => {
		const field = known[normalise(name)];
		if (!field) {
			throw badRequest(`Unknown filter field '${name.trim()}'`, [
				`filters: '${name.trim()}' is not filterable; use one of ${Object.keys(known).join(', ')}`,
			]);
		}
		return field;
	});
	const type = fields[0].type;
	if (fields.some((f) => f.type !== type)) throw badRequest(`Malformed filter '${term}'`, [`filters: mixed field types in '${term}'`]);
	if (type !== 'string' && ['@=', '!@=', '_=', '@=*', '!@=*', '_=*', '==*'].includes(op)) {
		throw badRequest(`Operator ${op} needs a text field`, [`filters: ${op} is not valid for a ${type} field in '${term}'`]);
	}
	if (type === 'boolean' && !['==', '!='].includes(op)) {
		throw badRequest(`Operator ${op} is not valid for a boolean`, [`filters: ${op} in '${term}'`]);
	}
	const values = right.split('|').map((v) => coerce(type, v.replace(/\\,/g, ',').trim(), term));
	return { fields, op, values };
}

function compare(type: FieldType, actual: unknown, op: string, expected: unknown): boolean {
	if (actual === null || actual === undefined) return op === '!=' || op === '!@=' || op === '!@=*';
	if (type === 'string') {
		const insensitive = op.endsWith('*');
		const a = insensitive ? String(actual).toLowerCase() : String(actual);
		const e = insensitive ? String(expected).toLowerCase() : String(expected);
		switch (op.replace('*', '')) {
			case '==':
				return a === e;
			case '!=':
				return a !== e;
			case '@=':
				return a.includes(e);
			case '!@=':
				return !a.includes(e);
			case '_=':
				return a.startsWith(e);
			case '>=':
				return a >= e;
			case '<=':
				return a <= e;
			case '>':
				return a > e;
			case '<':
				return a < e;
			default:
				return false;
		}
	}
	let a: number;
	if (type === 'date') {
		a = Date.parse(String(actual));
	} else if (type === 'boolean') {
		a = actual ? 1 : 0;
		expected = expected ? 1 : 0;
	} else {
		a = Number(actual);
	}
	const e = expected as number;
	switch (op) {
		case '==':
			return a === e;
		case '!=':
			return a !== e;
		case '>=':
			return a >= e;
		case '<=':
			return a <= e;
		case '>':
			return a > e;
		case '<':
			return a < e;
		default:
			return false;
	}
}

/** Splits on commas that are not escaped with a backslash. */
function splitTerms(text: string): string[] {
	return text.split(/(?<!\\),/);
}

export function filterWith<T>(items: T[], filters: string | undefined, known: SieveFields<T>): T[] {
	if (filters === undefined || filters.trim() === '') return items;
	const terms = splitTerms(filters).map((raw) => {
		if (raw.trim() === '') throw badRequest('Malformed filters', ['filters: empty term']);
		return parseTerm(raw.trim(), known);
	});
	return items.filter((item) =>
		terms.every((term) =>
			term.fields.some((field) =>
				term.values.some((value) => compare(field.type, field.get(item), term.op, value)),
			),
		),
	);
}

export function sortWith<T>(items: T[], sorts: string | undefined, known: SieveFields<T>): T[] {
	if (sorts === undefined || sorts.trim() === '') return items;
	const keys = sorts.split(',').map((raw) => {
		const name = raw.trim();
		const desc = name.startsWith('-');
		const field = known[normalise(desc ? name.slice(1) : name)];
		if (name === '' || name === '-' || !field) {
			throw badRequest(`Unknown sort field '${name}'`, [
				`sorts: '${name}' is not sortable; use one of ${Object.keys(known).join(', ')}`,
			]);
		}
		return { field, desc };
	});
	const value = (field: SieveField<T>, item: T): number | string => {
		const v = field.get(item);
		if (v === null || v === undefined) return '';
		if (field.type === 'date') {
			const text = String(v);
			// UTC ISO timestamps (what the store holds) sort as text; parse anything else.
			if (ISO_UTC.test(text)) return text;
			const t = Date.parse(text);
			return Number.isNaN(t) ? '' : new Date(t).toISOString();
		}
		if (field.type === 'number') return Number(v);
		if (field.type === 'boolean') return v ? 1 : 0;
		return String(v).toLowerCase();
	};
	// Keys are computed once an item, not once a comparison (lists may hold tens of thousands).
	const decorated = items.map((item, index) => ({ item, index, keys: keys.map(({ field }) => value(field, item)) }));
	decorated.sort((x, y) => {
		for (let k = 0; k < keys.length; k++) {
			const a = x.keys[k];
			const b = y.keys[k];
			if (a < b) return keys[k].desc ? 1 : -1;
			if (a > b) return keys[k].desc ? -1 : 1;
		}
		return x.index - y.index;
	});
	return decorated.map((d) => d.item);
}
