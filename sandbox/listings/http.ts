// Response and request helpers shared by every listings-and-sales route.
import type { SandboxRequest, SandboxResponse } from '../core/router';

export const MOUNT = '/listings';

export interface Link {
	href: string;
	rel: string;
	method: string;
}

/** Thrown by handlers to answer with a 400-range `{ errors: [...] }` body (spec 7.1). */
export class HttpError extends Error {
	constructor(
		readonly status: number,
		readonly errors: string[],
	) {
		super(errors.join('; '));
	}
}

export const notFound = (what = 'The requested resource was not found'): HttpError =>
	new HttpError(404, [what]);
export const unprocessable = (errors: string[]): HttpError => new HttpError(422, errors);

export function errorResponse(status: number, errors: string[]): SandboxResponse {
	return { status, json: { errors } };
}

/** The LinkedResponseOf envelope: `{ value, links, warnings }`. */
export function ok(value: unknown, links: Link[] = [], warnings: string[] | null = null): SandboxResponse {
	return { status: 200, json: { value, links, warnings } };
}

/** An absolute href below the service mount, as the client reached it. */
export function href(req: SandboxRequest, path: string, query?: Record<string, string | number | undefined>): string {
	const url = new URL(`${req.url.origin}${MOUNT}${path}`);
	for (const [k, v] of Object.entries(query ?? {})) if (v !== undefined && v !== '') url.searchParams.set(k, String(v));
	return url.toString();
}

export function link(req: SandboxRequest, rel: string, method: string, path: string, query?: Record<string, string | number | undefined>): Link {
	return { href: href(req, path, query), rel, method };
}

export const GUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * A guid path parameter. ASP.NET routes constrain them (`{listingGuid:guid}`): a value that is not
 * a guid matches no route, hence 404 like an unknown guid (spec 7.3), never 422.
 */
export function guidParam(req: SandboxRequest, name: string): string {
	const value = req.params[name] ?? '';
	if (!GUID_RE.test(value)) throw notFound(`No resource matches ${name} '${value}'`);
	return value.toLowerCase();
}

/** Case-insensitive query lookup: ASP.NET binds `PageNumber` and `pageNumber` alike. */
export function queryValue(req: SandboxRequest, name: string): string | undefined {
	const wanted = name.toLowerCase();
	for (const [k, v] of req.query) if (k.toLowerCase() === wanted) return v;
	return undefined;
}

const FORM_TYPES = ['application/json', 'application/json-patch+json', 'text/json'];

function acceptedContentType(header: string | undefined): boolean {
	const type = (header ?? '').split(';')[0].trim().toLowerCase();
	if (FORM_TYPES.includes(type)) return true;
	return /^application\/[a-z0-9.+-]+\+json$/.test(type);
}

const INJECTION_RE = /<\s*script\b|javascript\s*:|\bon[a-z]+\s*=/i;

/** Every string in a value, keys included, for the script-injection check (spec 1.8). */
function* strings(value: unknown): Generator<string> {
	if (typeof value === 'string') yield value;
	else if (Array.isArray(value)) for (const v of value) yield* strings(v);
	else if (value && typeof value === 'object') {
		for (const [k, v] of Object.entries(value)) {
			yield k;
			yield* strings(v);
		}
	}
}

export function assertNoInjection(value: unknown): void {
	for (const s of strings(value)) {
		if (INJECTION_RE.test(s)) throw unprocessable(['The request contains potentially dangerous content (script injection)']);
	}
}

/**
 * Parses a `form` body: a JSON content type (spec 4 general), valid JSON, no script injection.
 * `allowString` accepts a JSON string whose text is itself a JSON object (the "body is a string"
 * operations), returning the inner object.
 */
export function jsonBody(req: SandboxRequest, opts: { allowString?: boolean; allowEmpty?: boolean } = {}): unknown {
	if (req.body.length === 0) {
		if (opts.allowEmpty) return undefined;
		throw new HttpError(400, ['A request body is required']);
	}
	const contentType = req.headers['content-type'];
	if (!acceptedContentType(contentType)) {
		throw new HttpError(415, [`Unsupported content type '${contentType ?? ''}': send application/json`]);
	}
	let parsed = parseJson(req.body.toString('utf8'));
	if (parsed === INVALID) throw new HttpError(400, ['The request body is not valid JSON']);
	assertNoInjection(parsed);
	if (typeof parsed === 'string' && opts.allowString) {
		parsed = parseJson(parsed);
		if (parsed === INVALID) throw unprocessable(['The string body must contain a JSON object']);
	}
	return parsed;
}

export const INVALID = Symbol('invalid JSON');

/** JSON.parse that answers INVALID instead of throwing. */
export function parseJson(text: string): unknown {
	try {
		return JSON.parse(text);
	} catch {
		return INVALID;
	}
}

export function objectBody(req: SandboxRequest, opts: { allowString?: boolean } = {}): Record<string, unknown> {
	const body = jsonBody(req, opts);
	if (!body || typeof body !== 'object' || Array.isArray(body)) throw unprocessable(['The request body must be a JSON object']);
	return body as Record<string, unknown>;
}
