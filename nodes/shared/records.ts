import type { IDataObject } from 'n8n-workflow';

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

/** The records of a list answer: a bare array, or the array under `key` of a wrapper. */
export function recordsOf(response: unknown, key: string): IDataObject[] {
	if (Array.isArray(response)) return response as IDataObject[];
	const list = isRecord(response) ? response[key] : undefined;
	return Array.isArray(list) ? (list as IDataObject[]) : [];
}

/** The record under `key` of a wrapper (`{ listing: {...} }`), or undefined. */
export function recordIn(response: unknown, key: string): IDataObject | undefined {
	const inner = isRecord(response) ? response[key] : undefined;
	return isRecord(inner) ? inner : undefined;
}

/** The total a paged answer announces (`totalRecords`), when it does. */
export function totalOf(response: unknown): number | undefined {
	const total = isRecord(response) ? response.totalRecords : undefined;
	return typeof total === 'number' ? total : undefined;
}

/** The entries of an error body's `errors`: a list of strings or objects, or a field-to-messages map. */
export function errorEntries(errors: unknown): string[] | undefined {
	if (Array.isArray(errors)) return errors.map((e) => (typeof e === 'string' ? e : JSON.stringify(e)));
	if (isRecord(errors)) {
		return Object.entries(errors).map(([k, v]) => `${k}: ${Array.isArray(v) ? v.join(', ') : String(v)}`);
	}
	return undefined;
}

/** The first string among an object's fields, in the order given. */
export function firstString(body: IDataObject, keys: string[]): string | undefined {
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
