// Errors in the forms service's shape, and the request parsing every route shares.
import { z, type ZodTypeAny } from 'zod';

import type { Handler, SandboxRequest, SandboxResponse } from '../core/router';

/** Error codes by status: the `code` field of the error body (spec 2.13). */
const CODES: Record<number, string> = {
	400: 'ValidationError',
	401: 'Unauthorized',
	403: 'Forbidden',
	404: 'NotFound',
	405: 'MethodNotAllowed',
	409: 'Conflict',
	413: 'PayloadTooLarge',
	415: 'UnsupportedMediaType',
	429: 'TooManyRequests',
	500: 'InternalServerError',
	502: 'BadGateway',
	503: 'ServiceUnavailable',
	504: 'GatewayTimeout',
};

/** Thrown by handlers; turned into the error body by `wrap`. */
export class ApiError extends Error {
	constructor(
		readonly status: number,
		message: string,
		readonly errors: string[] = [],
		readonly code?: string,
		readonly headers?: Record<string, string>,
	) {
		super(message);
	}
}

export type TraceIds = () => string;

export function errorResponse(
	traceId: TraceIds,
	status: number,
	message: string,
	errors: string[] = [],
	code?: string,
	headers?: Record<string, string>,
): SandboxResponse {
	return {
		status,
		headers,
		json: { code: code ?? CODES[status] ?? 'Error', message, errors, traceId: traceId() },
	};
}

/** Runs a handler; ApiError and zod errors become the service's error body. */
export function wrap(traceId: TraceIds, handler: Handler): Handler {
	return async (req) => {
		try {
			return await handler(req);
		} catch (error) {
			if (error instanceof ApiError) {
				return errorResponse(traceId, error.status, error.message, error.errors, error.code, error.headers);
			}
			if (error instanceof z.ZodError) {
				return errorResponse(traceId, 400, 'One or more validation errors occurred.', zodMessages(error));
			}
			const message = error instanceof Error ? error.message : String(error);
			return errorResponse(traceId, 500, `Sandbox error: ${message}`);
		}
	};
}

export function zodMessages(error: z.ZodError, prefix = ''): string[] {
	return error.issues.map((issue) => {
		const path = [prefix, ...issue.path.map(String)].filter((p) => p !== '').join('.');
		return path ? `${path}: ${issue.message}` : issue.message;
	});
}

export function badRequest(message: string, errors: string[] = []): ApiError {
	return new ApiError(400, message, errors.length ? errors : [message]);
}

export function notFound(message: string): ApiError {
	return new ApiError(404, message, [message]);
}

/** A path or query id: digits only, an integer >= 1 that fits in 32 bits. */
export function parseId(name: string, raw: string | null | undefined): number {
	if (raw === undefined || raw === null || !/^\d{1,10}$/.test(raw)) {
		throw badRequest(`${name} must be an integer >= 1`, [`${name}: '${raw ?? ''}' is not an integer >= 1`]);
	}
	const value = Number(raw);
	if (value < 1 || value > 2147483647) {
		throw badRequest(`${name} must be an integer >= 1`, [`${name}: ${raw} is out of range`]);
	}
	return value;
}

/** Parses a JSON body against a schema: 415 for another media type, 400 for bad JSON or shape. */
export function jsonBody<S extends ZodTypeAny>(req: SandboxRequest, schema: S): z.infer<S> {
	const type = String(req.headers['content-type'] ?? '').toLowerCase();
	if (!type.includes('application/json') && !type.includes('+json')) {
		throw new ApiError(415, 'Content-Type must be application/json', [`content-type: '${type}'`]);
	}
	let parsed: unknown;
	try {
		parsed = JSON.parse(req.body.toString('utf8'));
	} catch {
		throw badRequest('The request body is not valid JSON', ['body: not valid JSON']);
	}
	const result = schema.safeParse(parsed);
	if (!result.success) throw new ApiError(400, 'One or more validation errors occurred.', zodMessages(result.error));
	return result.data as z.infer<S>;
}

/** Query parameters as an object of strings (repeated keys as arrays) checked against a schema. */
export function queryParams<S extends ZodTypeAny>(req: SandboxRequest, schema: S): z.infer<S> {
	const raw: Record<string, string | string[]> = {};
	for (const key of new Set(req.query.keys())) {
		const all = req.query.getAll(key);
		raw[key] = all.length === 1 ? all[0] : all;
	}
	const result = schema.safeParse(raw);
	if (!result.success) throw new ApiError(400, 'One or more validation errors occurred.', zodMessages(result.error));
	return result.data as z.infer<S>;
}

/** A query integer with bounds and a default (`page`, `pageSize`). */
export function queryInt(min: number, max: number, fallback: number) {
	return z
		.string()
		.regex(/^\d{1,10}$/, 'must be an integer')
		.transform(Number)
		.pipe(z.number().int().min(min).max(max))
		.optional()
		.transform((v) => v ?? fallback);
}

/** A query boolean: `true` or `false` (any case), as ASP.NET binds it. */
export const queryBool = z
	.string()
	.regex(/^(true|false)$/i, 'must be true or false')
	.transform((v) => v.toLowerCase() === 'true')
	.optional()
	.transform((v) => v ?? false);

/** Pages a list: page and pageSize are 1-based and already validated. */
export function pageOf<T>(items: T[], page: number, pageSize: number): T[] {
	return items.slice((page - 1) * pageSize, page * pageSize);
}

export function ok(json: unknown, status = 200): SandboxResponse {
	return { status, json };
}

/** Validates a UpdateFile / UpdateFileDetails date: `YYYY-MM-DD` or a full datetime, reduced to its day. */
export function parseCalendarDate(name: string, value: string | null | undefined): string | null {
	if (value === undefined || value === null || value.trim() === '') return null;
	const m =
		/^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})?)?$/i.exec(
			value.trim(),
		);
	if (!m) throw badRequest(`${name} is not a date`, [`${name}: '${value}' is not a date (use YYYY-MM-DD)`]);
	const [, y, mo, d, h, mi, s, offset] = m;
	const year = Number(y);
	const month = Number(mo);
	const day = Number(d);
	const daysInMonth = new Date(Date.UTC(year, month, 0)).getUTCDate();
	const badTime =
		(h !== undefined && Number(h) > 23) ||
		(mi !== undefined && Number(mi) > 59) ||
		(s !== undefined && Number(s) > 59) ||
		(offset !== undefined && offset.toUpperCase() !== 'Z' && Number(offset.replace(':', '').slice(1, 3)) > 14);
	if (month < 1 || month > 12 || day < 1 || day > daysInMonth || badTime) {
		throw badRequest(`${name} is not a date`, [`${name}: '${value}' is not a valid calendar date`]);
	}
	// The calendar day as written: an explicit offset keeps the date at that offset.
	return `${y}-${mo}-${d}`;
}
