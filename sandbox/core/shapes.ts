// The "shape" knob: real services wrap one record differently from one endpoint or version to the
// next. This rewrites the JSON answers of the read endpoints into a chosen variant, so that tests can
// prove the nodes read every one of them (and fail loudly on an answer they cannot read).
import type { ServiceName } from './context';

/**
 * - `singular`: `{ listing: R }` (a list: `{ listing: [...] }`)
 * - `plural-one`: `{ listings: [R] }` (a list: `{ listings: [...] }`)
 * - `bare`: `R` (a list: `[...]`)
 * - `bare-array`: `[R]` (a list: `[...]`)
 * - `value-wrapped`: `{ value: <the default answer> }` (listings-and-sales: its envelope, as by default)
 * - `unwrapped`: listings-and-sales without its `{ value, links, warnings }` envelope (others: default)
 * - `unrecognisable`: `{ weird: 1 }` in place of the payload (inside the envelope for listings-and-sales)
 * Meta fields beside a list (`totalRecords`, `pageNumber`, `hasNewOffers`) stay beside it, except
 * in the bare variants, which have no place for them.
 */
export const SHAPE_VARIANTS = [
	'singular',
	'plural-one',
	'bare',
	'bare-array',
	'value-wrapped',
	'unwrapped',
	'unrecognisable',
] as const;
export type ShapeVariant = (typeof SHAPE_VARIANTS)[number];

/** Which answers a variant applies to. */
export interface ShapeRule {
	service?: ServiceName;
	variant: ShapeVariant;
	/** A regular expression source, matched against the path below the mount (default: every read). */
	path?: string;
}

/** A read endpoint whose answer the knob can reshape. */
interface ReadRoute {
	/** Matched against the path below the mount. */
	path: RegExp;
	singular: string;
	plural: string;
	list: boolean;
	/** Where the record (or list) sits in the default payload; none: the payload is it. */
	at?: string;
}

interface ServiceReads {
	/** Its answers wrap the payload in `{ value, links, warnings }` (listings-and-sales). */
	envelope: boolean;
	routes: ReadRoute[];
}

const F = '^/partner/api';
const GUID = '[0-9a-fA-F-]{36}';
const L = `^/api/files/listings/${GUID}`;
const S = `^/api/files/sales/${GUID}`;

const route = (path: string, singular: string, plural: string, list: boolean, at?: string): ReadRoute => ({
	path: new RegExp(path),
	singular,
	plural,
	list,
	at,
});

/** The read endpoints the nodes read records from (form definitions aside: the form-driven writes read those). */
export const READ_ROUTES: Record<ServiceName, ServiceReads> = {
	forms: {
		envelope: false,
		routes: [
			route(`${F}/files$`, 'file', 'files', true, 'files'),
			route(`${F}/files/\\d+$`, 'file', 'files', false),
			route(`${F}/files/\\d+/documents$`, 'document', 'documents', true, 'documents'),
			route(`${F}/documents/\\d+$`, 'document', 'documents', false),
			route(`${F}/documents/signed/\\d+(/envelopes/\\d+)?$`, 'document', 'documents', true, 'documents'),
			route(`${F}/files/\\d+/envelopes$`, 'envelope', 'envelopes', true, 'envelopes'),
			route(`${F}/templates$`, 'file', 'files', true, 'files'),
			route(`${F}/forms$`, 'form', 'forms', true, 'forms'),
			route(`${F}/collaborators$`, 'collaborator', 'collaborators', true, 'collaborators'),
			route(`${F}/libraries$`, 'library', 'libraries', true, 'libraries'),
			route(`${F}/users/profile$`, 'profile', 'profiles', false),
		],
	},
	listings: {
		envelope: true,
		routes: [
			route('^/api/files/listings$', 'listing', 'listings', true, 'listings'),
			route('^/api/files/sales$', 'sale', 'sales', true, 'sales'),
			route(`${L}$`, 'listing', 'listings', false, 'listing'),
			route(`${S}$`, 'sale', 'sales', false, 'sale'),
			route(`${L}/referringagent$`, 'referringAgent', 'referringAgents', false, 'referringAgent'),
			route(`${S}/commissionLog$`, 'commissionLog', 'commissionLogs', true, 'commissionLogs'),
			route('^/api/offices$', 'office', 'offices', true, 'offices'),
			route(`^/api/offices/${GUID}$`, 'office', 'offices', false, 'office'),
			route(`^/api/(offices/${GUID}/)?checklistTypes$`, 'checklistType', 'checklistTypes', true, 'checklistTypes'),
			route('^/api/contacts$', 'contact', 'contacts', true, 'contacts'),
			route('^/api/subscribers$', 'subscriber', 'subscribers', false),
		],
	},
	offers: {
		envelope: false,
		routes: [
			route('^/offers-api/ext/offer/[^/]+$', 'offer', 'offers', false),
			route('^/offers-api/ext/offers/?$', 'offer', 'offers', true),
			route('^/offers-api/ext/agent/[^/]+/listings$', 'listing', 'listings', true, 'listings'),
			route('^/offers-api/ext/report$', 'report', 'reports', false),
		],
	},
};

const isObject = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);

/** The payload in the variant asked for. */
function reshapePayload(payload: unknown, r: ReadRoute, variant: ShapeVariant): unknown {
	let content: unknown = payload;
	let meta: Record<string, unknown> = {};
	if (r.at !== undefined && isObject(payload)) {
		const { [r.at]: held, ...rest } = payload;
		content = held;
		meta = rest;
	}
	const asList = (c: unknown) => (Array.isArray(c) ? c : c === null || c === undefined ? [] : [c]);
	switch (variant) {
		case 'singular':
			return { ...meta, [r.singular]: content };
		case 'plural-one':
			return { ...meta, [r.plural]: asList(content) };
		case 'bare':
			return content;
		case 'bare-array':
			return asList(content);
		case 'unrecognisable':
			return { weird: 1 };
		default:
			return payload;
	}
}

/**
 * The answer of a read endpoint in the variant of the first rule that applies to it; undefined
 * when no rule applies (the answer stays as it is).
 */
export function reshapeAnswer(
	service: ServiceName,
	method: string,
	path: string,
	json: unknown,
	rules: ShapeRule[],
): { json: unknown; variant: ShapeVariant } | undefined {
	if (method !== 'GET' || json === undefined) return undefined;
	const reads = READ_ROUTES[service];
	const r = reads.routes.find((candidate) => candidate.path.test(path));
	if (!r) return undefined;
	const rule = rules.find((x) => (!x.service || x.service === service) && (!x.path || new RegExp(x.path).test(path)));
	if (!rule) return undefined;
	const { variant } = rule;
	if (reads.envelope) {
		if (!isObject(json) || !('value' in json)) return undefined;
		if (variant === 'value-wrapped') return { json, variant };
		if (variant === 'unwrapped') return { json: json.value, variant };
		return { json: { ...json, value: reshapePayload(json.value, r, variant) }, variant };
	}
	if (variant === 'value-wrapped') return { json: { value: json }, variant };
	if (variant === 'unwrapped') return { json, variant };
	return { json: reshapePayload(json, r, variant), variant };
}

/** Checks rules sent over HTTP (`PUT /_sandbox/shapes`). */
export function parseShapeRules(input: unknown): ShapeRule[] {
	const list = Array.isArray(input) ? input : isObject(input) && Array.isArray(input.rules) ? input.rules : isObject(input) && input.variant ? [input] : [];
	return list.map((raw: unknown) => {
		if (!isObject(raw) || !SHAPE_VARIANTS.includes(raw.variant as ShapeVariant)) {
			throw new Error(`a shape rule needs a variant among ${SHAPE_VARIANTS.join(', ')}`);
		}
		if (raw.service !== undefined && !['forms', 'listings', 'offers'].includes(String(raw.service))) {
			throw new Error(`unknown service ${String(raw.service)}`);
		}
		if (raw.path !== undefined && typeof raw.path !== 'string') throw new Error('path must be a regular expression source');
		return { service: raw.service as ServiceName | undefined, variant: raw.variant as ShapeVariant, path: raw.path as string | undefined };
	});
}
