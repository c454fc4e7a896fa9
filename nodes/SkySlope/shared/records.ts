import { NodeOperationError, type IDataObject, type INode } from 'n8n-workflow';

/**
 * Readers of what services answer, shared by every node: one header reader, one reader of the
 * records of a list answer, one reader of the record inside a wrapper.
 */

export type Headers = Record<string, string | string[] | undefined>;

/** A header by name, whatever its case; the first value of a repeated one. */
export function headerOf(headers: Headers | undefined, name: string): string | undefined {
	if (!headers) return undefined;
	let value = headers[name] ?? headers[name.toLowerCase()];
	if (value === undefined) {
		const lower = name.toLowerCase();
		const key = Object.keys(headers).find((k) => k.toLowerCase() === lower);
		if (key !== undefined) value = headers[key];
	}
	return Array.isArray(value) ? value[0] : value;
}

export const isRecord = (value: unknown): value is IDataObject =>
	value !== null && typeof value === 'object' && !Array.isArray(value);

/** The total a paged answer announces (`totalRecords`), when it does. */
export function totalOf(response: unknown): number | undefined {
	const total = isRecord(response) ? response.totalRecords : undefined;
	return typeof total === 'number' ? total : undefined;
}

/** The entries of an error body's `errors`: a list of strings or objects, or a field-to-messages map. */
function errorEntries(errors: unknown): string[] | undefined {
	if (Array.isArray(errors)) return errors.map((e) => (typeof e === 'string' ? e : JSON.stringify(e)));
	if (isRecord(errors)) {
		return Object.entries(errors).map(([k, v]) => `${k}: ${Array.isArray(v) ? v.join(', ') : String(v)}`);
	}
	return undefined;
}

/** The first string among an object's fields, in the order given. */
function firstString(body: IDataObject, keys: string[]): string | undefined {
	for (const key of keys) if (typeof body[key] === 'string' && body[key]) return body[key] as string;
	return undefined;
}

/** What a service said when it refused a request, read from its own error shape. */
export interface ServiceError {
	message?: string;
	errors?: string[];
	traceId?: string;
	code?: string;
}

/**
 * One reader of error bodies for every service: the message from the first of `messageKeys` that
 * holds one (else the first entry of `errors`), every entry of `errors`, `traceId` and `code`. A
 * bare text body is the message.
 */
export function readErrorBody(body: unknown, messageKeys: string[] = ['message', 'title']): ServiceError {
	if (typeof body === 'string') return body.trim() ? { message: body.trim().slice(0, 300) } : {};
	if (!isRecord(body)) return {};
	const errors = errorEntries(body.errors);
	const said: ServiceError = { message: firstString(body, messageKeys) ?? errors?.[0] };
	if (errors) said.errors = errors;
	if (typeof body.traceId === 'string') said.traceId = body.traceId;
	if (typeof body.code === 'string') said.code = body.code;
	return said;
}

/*
 * One reader per kind of record. Services wrap the same record differently from one endpoint or
 * version to the next: under its singular key (`{ listing: {...} }`), under its plural key holding
 * one or many (`{ listings: [...] }`), bare (`{...}`), in a bare array (`[{...}]`), and any of these
 * inside `{ value: ... }` (the listings-and-sales envelope). Each reader accepts all of them and
 * fails loudly, naming the operation, the HTTP status and the keys it saw, on anything else: never
 * an empty result, never the wrapper passed on as if it were the record.
 */

/** What a kind of record is called, where wrappers hold it, and how a bare one is told from a wrapper. */
export interface RecordKind {
	/** In messages: `listing`, `signed document`. */
	name: string;
	/** Keys a wrapper holds it (or a list of it) under, singular and plural; matched ignoring case. */
	keys: string[];
	/** Fields a bare record carries at least one of: what tells a record from a wrapper. */
	marks: string[];
	/**
	 * Short keys some answers use for the same field, by the key the other answers use: a record
	 * read with `{ guid, name }` becomes the one read with `{ officeGuid, officeName }`.
	 */
	aliases?: Record<string, string>;
}

/** The record with its short keys under the names the kind's other answers use (none taken twice). */
function withAliases(record: IDataObject, kind: RecordKind): IDataObject {
	if (!kind.aliases) return record;
	const out: IDataObject = {};
	for (const [key, value] of Object.entries(record)) {
		const full = kind.aliases[key];
		out[full !== undefined && record[full] === undefined ? full : key] = value;
	}
	return out;
}

export interface ReadSpec extends RecordKind {
	/** The operation as the user knows it, e.g. `Get a listing`. */
	operation: string;
	itemIndex?: number;
	/** The HTTP status, when the caller knows it (else the one the transport noted on the answer). */
	status?: number;
	/** An empty answer (no body, a 204) means "none": only where the service's spec says so. */
	emptyMeansNone?: boolean;
	/** Among several records, the one asked for (e.g. by its id). */
	pick?: (record: IDataObject) => boolean;
}

/** Where the status of an answer is kept without changing the answer itself. */
const statuses = new WeakMap<object, number>();

/** Notes the HTTP status of an answer for the readers (a transport calls this); gives the answer back. */
export function noteStatus<T>(answer: T, status: number | undefined): T {
	if (answer !== null && typeof answer === 'object' && status !== undefined) statuses.set(answer, status);
	return answer;
}

/** The HTTP status noted for an answer, if any. */
export function statusOf(answer: unknown): number | undefined {
	return answer !== null && typeof answer === 'object' ? statuses.get(answer) : undefined;
}

/** Keys a payload is wrapped in (`value` in the listings-and-sales examples, `values` in its prose). */
const WRAPPER_KEYS = ['value', 'values'];
/** Totals that, at zero, make an answer without a list an empty list. */
const TOTAL_KEYS = ['totalRecords', 'totalCount', 'totalItems', 'total'];

const isEmptyBody = (answer: unknown) => answer === undefined || answer === null || answer === '';

/** The key of `object` equal to one of `keys` ignoring case (an exact match first). */
function keyIn(object: IDataObject, keys: string[]): string | undefined {
	for (const key of keys) if (key in object) return key;
	const lower = new Map(Object.keys(object).map((k) => [k.toLowerCase(), k]));
	for (const key of keys) {
		const found = lower.get(key.toLowerCase());
		if (found !== undefined) return found;
	}
	return undefined;
}

/** Whether an object carries one of the kind's marks (not undefined, not null): a record, not a wrapper. */
function looksLike(object: IDataObject, kind: RecordKind): boolean {
	return kind.marks.some((mark) => {
		const key = keyIn(object, [mark]);
		return key !== undefined && object[key] !== undefined && object[key] !== null;
	});
}

/** What an answer was, in a few words: its keys, and the keys under its wrapper. */
export function describeAnswer(answer: unknown): string {
	if (isEmptyBody(answer)) return 'no body';
	if (Array.isArray(answer)) {
		const kinds = [...new Set(answer.map((e) => (e === null ? 'null' : Array.isArray(e) ? 'array' : typeof e)))];
		return `a list of ${answer.length} entr${answer.length === 1 ? 'y' : 'ies'}${kinds.length ? ` (${kinds.join(', ')})` : ''}`;
	}
	if (!isRecord(answer)) return `a ${typeof answer} body`;
	const keys = Object.keys(answer);
	const list = (k: string[]) => (k.length > 20 ? `${k.slice(0, 20).join(', ')}, …` : k.join(', '));
	let said = keys.length ? `top-level keys: ${list(keys)}` : 'an empty object';
	const wrapper = keyIn(answer, WRAPPER_KEYS);
	if (wrapper !== undefined) {
		const inner = answer[wrapper];
		const under = isRecord(inner) ? list(Object.keys(inner)) || '(no keys)' : inner === null ? 'null' : describeAnswer(inner);
		said += `; under ${wrapper}: ${under}`;
	}
	return said;
}

type Found<T> = { found: T } | { none: string } | { unreadable: string };

function recordsFrom(list: unknown[], kind: RecordKind): Found<IDataObject[]> {
	if (!list.every(isRecord)) return { unreadable: `a list whose entries are not all ${kind.name} objects` };
	return { found: list };
}

/** The records of a list answer, or why there are none, or why it cannot be read. */
function findRecords(answer: unknown, kind: RecordKind, depth = 0): Found<IDataObject[]> {
	if (Array.isArray(answer)) return recordsFrom(answer, kind);
	if (!isRecord(answer) || depth > 3) return { unreadable: '' };
	const key = keyIn(answer, kind.keys);
	if (key !== undefined) {
		const held = answer[key];
		if (Array.isArray(held)) return recordsFrom(held, kind);
		if (isRecord(held)) return { found: [held] };
		if (held === null) return { found: [] };
		return { unreadable: `"${key}" holds a ${typeof held}` };
	}
	const wrapper = keyIn(answer, WRAPPER_KEYS);
	if (wrapper !== undefined && (isRecord(answer[wrapper]) || Array.isArray(answer[wrapper]))) {
		return findRecords(answer[wrapper], kind, depth + 1);
	}
	if (looksLike(answer, kind)) return { found: [answer] };
	if (TOTAL_KEYS.some((k) => answer[k] === 0)) return { found: [] };
	return { unreadable: '' };
}

/** The one record of an answer, or why there is none, or why it cannot be read. */
function findRecord(answer: unknown, spec: ReadSpec, depth = 0): Found<IDataObject> {
	const one = (list: unknown[], where: string): Found<IDataObject> => {
		const records = list.filter(isRecord);
		if (records.length !== list.length) return { unreadable: `${where} holds entries that are not ${spec.name} objects` };
		if (records.length === 0) return { none: `${where} is an empty list` };
		if (records.length === 1) return { found: records[0] };
		const picked = spec.pick ? records.filter(spec.pick) : [];
		if (picked.length === 1) return { found: picked[0] };
		return { unreadable: `${where} holds ${records.length} ${spec.name} records where one was expected` };
	};
	if (Array.isArray(answer)) return one(answer, 'the answer');
	if (!isRecord(answer) || depth > 3) return { unreadable: '' };
	const key = keyIn(answer, spec.keys);
	if (key !== undefined) {
		const held = answer[key];
		if (isRecord(held)) return { found: held };
		if (Array.isArray(held)) return one(held, `"${key}"`);
		if (held === null) return { none: `"${key}" is null` };
		return { unreadable: `"${key}" holds a ${typeof held}` };
	}
	if (looksLike(answer, spec)) return { found: answer };
	const wrapper = keyIn(answer, WRAPPER_KEYS);
	if (wrapper !== undefined) return findRecord(answer[wrapper], spec, depth + 1);
	return { unreadable: '' };
}

/** `a listing`, `an offer`. */
const aOrAn = (name: string) => `${/^[aeiou]/i.test(name) ? 'an' : 'a'} ${name}`;

function where(spec: ReadSpec): string {
	const keys = spec.keys.map((k) => `"${k}"`).join(' or ');
	return `Expected ${aOrAn(spec.name)} (a record with ${spec.marks.map((m) => `"${m}"`).join(' or ')}), a list of them, either under ${keys}, or any of these under "value". The service may have changed the shape of its answer: run the item again, and if the same answer comes back, report it (the answer above) on the package's issue tracker.`;
}

function shapeError(ctx: { getNode(): INode }, answer: unknown, spec: ReadSpec, what: string, detail?: string): NodeOperationError {
	const status = spec.status ?? statusOf(answer);
	const seen = describeAnswer(answer);
	const message = `${spec.operation}: ${what} (HTTP ${status ?? 'status unknown'}; ${detail ? `${detail}; ` : ''}${seen})`;
	return new NodeOperationError(ctx.getNode(), message, { itemIndex: spec.itemIndex, description: where(spec) });
}

/**
 * The one record of an answer, whatever its wrapping. Anything else (including an answer holding
 * no record at all) fails, naming the operation, the status and what was seen.
 */
export function readRecord(ctx: { getNode(): INode }, answer: unknown, spec: ReadSpec): IDataObject {
	const record = readRecordIfAny(ctx, answer, spec);
	if (record === undefined) {
		throw shapeError(ctx, answer, spec, `the answer holds no ${spec.name}`);
	}
	return record;
}

/**
 * The one record of an answer, or undefined where the answer says plainly there is none: its key
 * holding null, an empty list, or (where the spec allows it) an empty answer. Anything the reader
 * cannot tell fails loudly.
 */
export function readRecordIfAny(ctx: { getNode(): INode }, answer: unknown, spec: ReadSpec): IDataObject | undefined {
	if (isEmptyBody(answer)) {
		if (spec.emptyMeansNone) return undefined;
		throw shapeError(ctx, answer, spec, `the answer holds no ${spec.name}`);
	}
	const result = findRecord(answer, spec);
	if ('found' in result) return withAliases(result.found, spec);
	if ('none' in result) return undefined;
	throw shapeError(ctx, answer, spec, `the answer could not be read as ${aOrAn(spec.name)}`, result.unreadable || undefined);
}

/**
 * The records of a list answer, whatever its wrapping: a bare array, the list under the kind's key
 * (plural or singular, one record or many), a bare record, any of these under `value`. A list that
 * is recognisably empty (`{ offices: [] }`, `[]`, `{ totalRecords: 0 }`, a 204 where the spec
 * allows it) is an empty result; an answer with no recognisable list fails loudly.
 */
export function readRecords(ctx: { getNode(): INode }, answer: unknown, spec: ReadSpec): IDataObject[] {
	if (isEmptyBody(answer)) {
		if (spec.emptyMeansNone) return [];
		throw shapeError(ctx, answer, spec, `the answer holds no list of ${spec.name} records`);
	}
	const result = findRecords(answer, spec);
	if ('found' in result) return spec.aliases ? result.found.map((r) => withAliases(r, spec)) : result.found;
	throw shapeError(
		ctx,
		answer,
		spec,
		`the answer holds no list of ${spec.name} records`,
		'unreadable' in result && result.unreadable ? result.unreadable : undefined,
	);
}
