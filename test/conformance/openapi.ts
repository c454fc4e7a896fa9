/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports -- dev tooling, never shipped in dist */
// Checks requests the nodes sent to the sandbox against SkySlope's own OpenAPI documents: path and
// method, required and unknown parameters, and parameter and body values against the document's
// schema where the schema is usable. What the service documents add (and the OpenAPI lacks) is
// allowed only through ALLOWED, each entry with its reason.
import { readFileSync } from 'node:fs';
import path from 'node:path';

import { parse } from 'yaml';

/** A request as the sandbox logged it (RequestLogEntry's fields that matter here). */
export interface LoggedRequest {
	method: string;
	/** Below the service's mount, still URL-encoded. */
	path: string;
	query: Record<string, string | string[]>;
	headers?: Record<string, string>;
	body?: unknown;
}

export type Api = 'forms' | 'offers';

type Schema = Record<string, unknown>;

interface Parameter {
	name: string;
	in: string;
	required?: boolean;
	schema?: Schema;
	description?: string;
}

interface Operation {
	method: string;
	template: string;
	segments: string[];
	parameters: Parameter[];
	body?: { schema?: Schema; required: boolean; mediaTypes: string[] };
}

/** Where each document's paths start, below the sandbox mount (its server URL's path). */
const BASE: Record<Api, string> = { forms: '/partner/api', offers: '/offers-api' };
const FILES: Record<Api, string> = {
	forms: 'skyslope-forms-partnership-openapi.yml',
	offers: 'skyslope-offers-openapi.yml',
};

/**
 * What the service documents add to the OpenAPI, and the package keeps (they are the record there):
 * `METHOD /template` for a whole operation, `METHOD /template ?name` for a query parameter,
 * `METHOD /template body.field` for a body field.
 */
export const ALLOWED: Record<string, string> = {
	// Forms: operations only the service documents describe.
	'GET /collaborators': 'Collaborator > Get Many: the service documents list collaborators (2.x); the OpenAPI has no such operation',
	'POST /files/{fileId}/mls-import': 'File > Import MLS: in the service documents only',
	'GET /documents/signed/{fileId}/envelopes/{formsEnvelopeId}': 'Signed Document > Get Many for an Envelope: in the service documents only',
	// Forms: request fields only the service documents name.
	'POST /files ?importMls': 'File > Create with MLS import: `importMls` is in the service documents only',
	'POST /files body.mlsNumber': 'File > Create: `mlsNumber` is in the service documents only',
	'POST /files body.onBehalfOf': 'On Behalf Of: the service documents let a collaborator act for another user',
	'PUT /files/{fileId} body.onBehalfOf': 'On Behalf Of (as above)',
	'PATCH /files/{fileId} body.onBehalfOf': 'On Behalf Of (as above)',
	'POST /files/{fileId}/contacts body.onBehalfOf': 'On Behalf Of (as above)',
	'POST /files/{fileId}/contacts/bulk body.onBehalfOf': 'On Behalf Of (as above)',
	'PUT /files/contacts/{contactId} body.onBehalfOf': 'On Behalf Of (as above)',
	'PATCH /files/{fileId}/documents body.onBehalfOf': 'On Behalf Of (as above)',
	'POST /files/{fileId}/envelopes body.onBehalfOf': 'On Behalf Of (as above)',
	'POST /files/{fileId}/templates body.onBehalfOf': 'On Behalf Of (as above)',
	// Forms: an address as the user gives it. The service documents allow any subset of its fields (the
	// read shape's isCompleteAddress tells); the OpenAPI requires all five. Filling blanks would invent data.
	'POST /files body.property': 'a partial property address, as the service documents allow (the OpenAPI requires five fields)',
	'PUT /files/{fileId} body.property': 'a partial property address (as above)',
	// Forms: the upload's multipart parts are written in the operation's prose only (no requestBody).
	'POST /files/{fileId}/documents/upload body':
		'Document > Upload PDF: the document names the multipart parts DocumentName, DocumentBody, IsSignedDocument in its description, with no requestBody',
	// Offers: the token request of n8n's OAuth2 client-credentials grant carries `grant_type=client_credentials`
	// (RFC 6749 4.4.2) as a form body; neither document mentions a body.
	'POST /ext/token body': "n8n's OAuth2 client-credentials grant sends grant_type=client_credentials (RFC 6749 4.4.2)",
	// Offers: the service documents spell the list with a trailing slash.
	'GET /ext/offers/': 'Offer > Get Many: the service documents write `/offers-api/ext/offers/`; the OpenAPI `/ext/offers`',
};

const cache = new Map<Api, Operation[]>();

/** The document's path key as a template: `:param` -> `{param}`, a query string in the key dropped. */
function templateOf(key: string): string {
	return key.split('?')[0].replace(/:([A-Za-z0-9_]+)/g, '{$1}');
}

export function operationsOf(api: Api): Operation[] {
	const known = cache.get(api);
	if (known) return known;
	const doc = parse(readFileSync(path.join(__dirname, 'openapi', FILES[api]), 'utf8')) as { paths: Record<string, Record<string, unknown>> };
	const out: Operation[] = [];
	for (const [key, item] of Object.entries(doc.paths)) {
		const template = templateOf(key);
		const shared = (item.parameters as Parameter[] | undefined) ?? [];
		for (const method of ['get', 'post', 'put', 'patch', 'delete']) {
			const op = item[method] as { parameters?: Parameter[]; requestBody?: { required?: boolean; content?: Record<string, { schema?: Schema }> } } | undefined;
			if (!op) continue;
			const content = op.requestBody?.content ?? {};
			const mediaTypes = Object.keys(content);
			out.push({
				method: method.toUpperCase(),
				template,
				segments: template.split('/').filter(Boolean),
				parameters: [...shared, ...(op.parameters ?? [])],
				body: op.requestBody
					? { schema: content['application/json']?.schema ?? content[mediaTypes[0]]?.schema, required: op.requestBody.required === true, mediaTypes }
					: undefined,
			});
		}
	}
	cache.set(api, out);
	return out;
}

/** The operation a path and method match, with the path parameters' values. */
function match(api: Api, method: string, rawPath: string): { op: Operation; params: Record<string, string> } | { methods: string[] } | undefined {
	const parts = rawPath.split('/').filter(Boolean).map((p) => decodeURIComponent(p));
	const methods: string[] = [];
	// Literal segments win over parameters (`/files/contacts/{id}` before `/files/{fileId}/contacts`).
	const candidates = operationsOf(api)
		.filter((op) => op.segments.length === parts.length)
		.sort((a, b) => b.segments.filter((s) => !s.startsWith('{')).length - a.segments.filter((s) => !s.startsWith('{')).length);
	for (const op of candidates) {
		const params: Record<string, string> = {};
		const fits = op.segments.every((segment, i) => {
			if (segment.startsWith('{')) {
				params[segment.slice(1, -1)] = parts[i];
				return true;
			}
			return segment.toLowerCase() === parts[i].toLowerCase();
		});
		if (!fits) continue;
		if (op.method === method) return { op, params };
		methods.push(op.method);
	}
	return methods.length ? { methods } : undefined;
}

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;
const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/;

/**
 * Problems of a value against a schema (JSON Schema's common subset, plus the Offers document's own
 * type names). `fromText`: the value came as text (a query or path parameter) and is read as its type.
 */
export function schemaProblems(schema: Schema | undefined, value: unknown, where: string, fromText: boolean, description = ''): string[] {
	if (!schema) return [];
	const types = Array.isArray(schema.type) ? (schema.type as string[]) : schema.type === undefined ? [] : [String(schema.type)];
	if (value === null) return types.includes('null') || schema.nullable === true ? [] : [`${where}: null where the document allows none`];
	if (types.length > 1) {
		const fits = types.filter((t) => t !== 'null').some((t) => schemaProblems({ ...schema, type: t }, value, where, fromText, description).length === 0);
		return fits ? [] : [`${where}: ${JSON.stringify(value)} is none of ${types.join(', ')}`];
	}
	const type = types[0];
	const problems: string[] = [];
	const show = JSON.stringify(value);
	const enumOf = schema.enum as unknown[] | undefined;
	switch (type) {
		case 'integer':
		case 'number':
		case 'Number': {
			const n = fromText && typeof value === 'string' && /^-?\d+(\.\d+)?$/.test(value) ? Number(value) : value;
			if (typeof n !== 'number' || !Number.isFinite(n) || (type === 'integer' && !Number.isInteger(n))) return [`${where}: ${show} is not ${type === 'integer' ? 'an integer' : 'a number'}`];
			if (typeof schema.minimum === 'number' && n < schema.minimum) problems.push(`${where}: ${n} is below the minimum ${schema.minimum}`);
			if (typeof schema.maximum === 'number' && n > schema.maximum) problems.push(`${where}: ${n} is above the maximum ${schema.maximum}`);
			if (enumOf && !enumOf.includes(n)) problems.push(`${where}: ${show} is not one of ${JSON.stringify(enumOf)}`);
			return problems;
		}
		case 'boolean': {
			const ok = typeof value === 'boolean' || (fromText && (value === 'true' || value === 'false'));
			return ok ? [] : [`${where}: ${show} is not a boolean`];
		}
		case 'string':
		case 'String': {
			if (typeof value !== 'string') return [`${where}: ${show} is not a string`];
			if (typeof schema.minLength === 'number' && value.length < schema.minLength) problems.push(`${where}: shorter than ${schema.minLength}`);
			if (typeof schema.maxLength === 'number' && value.length > schema.maxLength) problems.push(`${where}: longer than ${schema.maxLength}`);
			if (enumOf && !enumOf.includes(value)) problems.push(`${where}: ${show} is not one of ${JSON.stringify(enumOf)}`);
			if (schema.format === 'date' && !DATE_ONLY.test(value)) problems.push(`${where}: ${show} is not a date (YYYY-MM-DD)`);
			if (schema.format === 'date-time' && !DATE_TIME.test(value) && !DATE_ONLY.test(value)) problems.push(`${where}: ${show} is not a date-time`);
			return problems;
		}
		// The Offers document's `Date`: its examples are `2023-01-01`; where its description also
		// shows `yyyy-mm-ddT00:00:00.000Z`, that form is documented too.
		case 'Date': {
			if (typeof value !== 'string') return [`${where}: ${show} is not a date`];
			const timeDocumented = /T00:00:00\.000Z/.test(description);
			if (DATE_ONLY.test(value) || (timeDocumented && DATE_TIME.test(value))) return [];
			return [`${where}: ${show} is not a date in the documented form (YYYY-MM-DD${timeDocumented ? ' or an ISO date-time' : ''})`];
		}
		case 'array': {
			const list = Array.isArray(value) ? value : fromText ? [value] : undefined;
			if (!list) return [`${where}: ${show} is not an array`];
			return list.flatMap((item, i) => schemaProblems(schema.items as Schema | undefined, item, `${where}[${i}]`, fromText));
		}
		case 'object': {
			if (typeof value !== 'object' || Array.isArray(value)) return [`${where}: ${show} is not an object`];
			const record = value as Record<string, unknown>;
			const properties = (schema.properties as Record<string, Schema> | undefined) ?? {};
			for (const name of (schema.required as string[] | undefined) ?? []) {
				if (!(name in record)) problems.push(`${where}.${name}: required, missing`);
			}
			for (const [name, item] of Object.entries(record)) {
				if (name in properties) problems.push(...schemaProblems(properties[name], item, `${where}.${name}`, false));
				else if (schema.additionalProperties === false || (Object.keys(properties).length > 0 && schema.additionalProperties === undefined)) {
					problems.push(`${where}.${name}: not in the document`);
				} else if (typeof schema.additionalProperties === 'object') {
					problems.push(...schemaProblems(schema.additionalProperties as Schema, item, `${where}.${name}`, false));
				}
			}
			return problems;
		}
		default:
			// `IsoDate`, `any`, no type: nothing the document pins down.
			return [];
	}
}

/** Problems of one logged request against the document (empty: it conforms, or the allow-list covers it). */
export function requestProblems(api: Api, request: LoggedRequest): string[] {
	const base = BASE[api];
	const rawPath = request.path.split('?')[0];
	if (!rawPath.startsWith(`${base}/`)) return [];
	let below = rawPath.slice(base.length);
	const method = request.method.toUpperCase();
	if (below.length > 1 && below.endsWith('/')) {
		// A trailing slash the document does not write: allowed only where the service documents write it.
		if (!(`${method} ${below}` in ALLOWED)) return [`${method} ${below}: a trailing slash the ${api} document does not write`];
		below = below.slice(0, -1);
	}
	const found = match(api, method, below);
	const label = (template: string) => `${method} ${template}`;
	const allowed = (key: string) => key in ALLOWED;
	if (!found) {
		const template = below.replace(/\/\d+(?=\/|$)/g, '/{id}');
		return allowed(`${method} ${below}`) || Object.keys(ALLOWED).some((k) => matchesTemplate(k, method, below)) ? [] : [`${label(template)}: no such operation in the ${api} document`];
	}
	if ('methods' in found) {
		return Object.keys(ALLOWED).some((k) => matchesTemplate(k, method, below)) ? [] : [`${method} ${below}: the ${api} document has only ${found.methods.join(', ')} here`];
	}
	const { op, params } = found;
	const name = label(op.template);
	const problems: string[] = [];
	// Path parameters.
	for (const p of op.parameters.filter((x) => x.in === 'path')) {
		problems.push(...schemaProblems(p.schema, params[p.name], `${name} {${p.name}}`, true, p.description));
	}
	// Query parameters: required ones present, every one sent known, values of their schema.
	const query = op.parameters.filter((x) => x.in === 'query');
	for (const p of query) {
		if (p.required && request.query[p.name] === undefined) problems.push(`${name} ?${p.name}: required, not sent`);
	}
	for (const [key, value] of Object.entries(request.query)) {
		const p = query.find((x) => x.name === key);
		if (!p) {
			if (!allowed(`${name} ?${key}`)) problems.push(`${name} ?${key}: not in the document`);
			continue;
		}
		const isArray = p.schema?.type === 'array';
		if (Array.isArray(value) && !isArray) problems.push(`${name} ?${key}: sent ${value.length} times, the document has one value`);
		const valueProblems = schemaProblems(p.schema, value, `${name} ?${key}`, true, p.description);
		if (!allowed(`${name} ?${key}`)) problems.push(...valueProblems);
	}
	// The body.
	const body = request.body;
	const hasBody = body !== undefined && body !== null && body !== '' && !(typeof body === 'object' && Object.keys(body).length === 0 && method === 'GET');
	if (op.body?.required && !hasBody) problems.push(`${name}: the body is required, none sent`);
	if (hasBody && !op.body && method !== 'GET' && method !== 'DELETE' && !allowed(`${name} body`)) problems.push(`${name}: a body the document does not describe`);
	const contentType = String(request.headers?.['content-type'] ?? '').split(';')[0].trim().toLowerCase();
	if (hasBody && op.body && contentType === 'application/json' && op.body.mediaTypes.includes('application/json')) {
		problems.push(...schemaProblems(op.body.schema, body, `${name} body`, false).filter((problem) => !isAllowedField(name, problem)));
	}
	return problems;
}

function isAllowedField(name: string, problem: string): boolean {
	const m = /^(.*?) body\.([A-Za-z0-9_]+)(?:[.[]|:)/.exec(problem);
	return m !== null && m[1] === name && `${name} body.${m[2]}` in ALLOWED;
}

/** Whether an allow-list key for a whole operation covers this method and path. */
function matchesTemplate(key: string, method: string, below: string): boolean {
	const [m, template, extra] = key.split(' ');
	if (extra !== undefined || m !== method) return false;
	const a = template.split('/').filter(Boolean);
	const b = below.split('/').filter(Boolean);
	const trailing = template.endsWith('/') === below.endsWith('/');
	return trailing && a.length === b.length && a.every((s, i) => s.startsWith('{') || s.toLowerCase() === b[i].toLowerCase());
}

/** Problems of many requests, each once. */
export function conformanceProblems(api: Api, requests: LoggedRequest[]): string[] {
	return [...new Set(requests.flatMap((r) => requestProblems(api, r)))].sort();
}

/** The document's operation a request is (`GET /forms`), or undefined when it has none. */
export function operationKey(api: Api, request: LoggedRequest): string | undefined {
	const base = BASE[api];
	const rawPath = request.path.split('?')[0];
	if (!rawPath.startsWith(`${base}/`)) return undefined;
	const below = rawPath.slice(base.length).replace(/(.)\/$/, '$1');
	const found = match(api, request.method.toUpperCase(), below);
	return found && 'op' in found ? `${found.op.method} ${found.op.template}` : undefined;
}
