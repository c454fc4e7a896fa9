// The live switches' effect on listings-and-sales answers (sandbox/core/live.ts says what each
// switch means). One transform per switch, applied in this order to every answer of the service.
import { pageLimit, type LiveBehaviour, type LiveSwitches } from '../core/live';
import type { SandboxRequest, SandboxResponse } from '../core/router';
import { PAGE_SIZE } from './common';
import { errorResponse, queryValue, type Link } from './http';

type Transform = (req: SandboxRequest, answer: SandboxResponse, switches: LiveSwitches) => SandboxResponse;
type Json = Record<string, unknown>;

const isObject = (v: unknown): v is Json => !!v && typeof v === 'object' && !Array.isArray(v);

/** The message the live service gives for a page past the last one (seen at exactly 40 sale folders). */
export const PAST_END_MESSAGE = 'Please check your query parameters';

const LIST_PATH = /^\/api\/files\/(listings|sales)\/?$/;

/**
 * pastEnd422: a page past the last one is a 422, and a full last page still links a `next` page
 * (the live service decides `next` by the page being full, not by a count).
 */
const pastEnd422: Transform = (req, answer) => {
	const kind = LIST_PATH.exec(req.path)?.[1];
	if (req.method !== 'GET' || !kind || answer.status !== 200 || !isObject(answer.json)) return answer;
	const envelope = answer.json;
	const value = envelope.value;
	const records = isObject(value) ? value[kind] : undefined;
	if (!isObject(value) || !Array.isArray(records)) return answer;
	const page = Number(value.pageNumber ?? 1);
	if (records.length === 0 && page > 1) return errorResponse(422, [PAST_END_MESSAGE]);
	const links = Array.isArray(envelope.links) ? (envelope.links as Link[]) : [];
	if (records.length < PAGE_SIZE || links.some((l) => l.rel === 'next')) return answer;
	const self = links.find((l) => l.rel === 'self');
	if (!self) return answer;
	const next = new URL(self.href);
	next.searchParams.set('PageNumber', String(page + 1));
	return { ...answer, json: { ...envelope, links: [...links, { ...self, rel: 'next', href: next.toString() }] } };
};

/**
 * pageLimit: a list read past page 1000 (or the number set) is refused with the 422 of a page past
 * the end, however many records the list holds: a client that pages by number alone stops at
 * 10,000 records and cannot tell.
 */
const pageLimitTransform: Transform = (req, answer, switches) => {
	const limit = pageLimit(switches);
	if (req.method !== 'GET' || !LIST_PATH.test(req.path) || limit === undefined) return answer;
	const page = Number(queryValue(req, 'pageNumber') ?? 1);
	return page > limit ? errorResponse(422, [PAST_END_MESSAGE]) : answer;
};

const ISO_INSTANT = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2})(?:\.(\d+))?Z$/;
/** Keys that hold a date or date-time in this service's records (`listingDate`, `createdOn`, ...). */
const DATE_KEY = /(?:Date|On)$/;

/**
 * zonelessDates: `2020-10-13T18:39:21.140Z` as the live service writes it, `2020-10-13T18:39:21.14`
 * (no zone; the fraction without its trailing zeros, as .NET writes it, none when zero), and an
 * empty date field as `0001-01-01T00:00:00`.
 */
export function zonelessDate(key: string, value: unknown): unknown {
	if (value === null && DATE_KEY.test(key)) return '0001-01-01T00:00:00';
	if (typeof value !== 'string') return value;
	const m = ISO_INSTANT.exec(value);
	if (!m) return value;
	const fraction = (m[2] ?? '').replace(/0+$/, '');
	return fraction ? `${m[1]}.${fraction}` : m[1];
}

/** displayStatuses: the names the live service shows (`Closed`, `Canceled/App`), by the spec's values. */
export const DISPLAY_STATUS: Record<string, string> = {
	active: 'Active',
	pending: 'Pending',
	closed: 'Closed',
	archived: 'Archived',
	incomplete: 'Incomplete',
	expired: 'Expired',
	canceledPending: 'Canceled/Pend',
	canceledApproved: 'Canceled/App',
};

/** Applies the record-level switches (dates, statuses) to every field of a JSON value, deeply. */
function mapDeep(value: unknown, field: (key: string, value: unknown) => unknown): unknown {
	if (Array.isArray(value)) return value.map((v) => mapDeep(v, field));
	if (!isObject(value)) return value;
	const out: Json = {};
	for (const [key, v] of Object.entries(value)) out[key] = field(key, mapDeep(v, field));
	return out;
}

/** The field-level effect of the switches on, or undefined when none acts on fields. */
function fieldTransform(switches: LiveSwitches): ((key: string, value: unknown) => unknown) | undefined {
	const dates = !!switches.zonelessDates;
	const statuses = !!switches.displayStatuses;
	if (!dates && !statuses) return undefined;
	return (key, value) => {
		if (statuses && key === 'status' && typeof value === 'string' && DISPLAY_STATUS[value]) return DISPLAY_STATUS[value];
		return dates ? zonelessDate(key, value) : value;
	};
}

/** A record as the live service would write it (the bulk export streams records through this). */
export function liveRecord<T>(record: T, switches: LiveSwitches): T {
	const field = fieldTransform(switches);
	return field ? (mapDeep(record, field) as T) : record;
}

/** shortOfficeKeys: a single office read as `{ guid, name, ... }` (the list keeps officeGuid/officeName). */
const shortOfficeKeys: Transform = (req, answer) => {
	if (req.method !== 'GET' || !/^\/api\/offices\/[^/]+\/?$/.test(req.path) || !isObject(answer.json)) return answer;
	const value = answer.json.value;
	if (!isObject(value) || !isObject(value.office)) return answer;
	const { officeGuid, officeName, ...rest } = value.office;
	return { ...answer, json: { ...answer.json, value: { ...value, office: { guid: officeGuid, name: officeName, ...rest } } } };
};

/** The warning a client of the live service saw on a 200 answer to a document update. */
export const WRITE_WARNING = 'The folder was not updated';

/** writeWarnings: every successful write answers 200 with a warning beside its payload (a 204 too). */
const writeWarnings: Transform = (req, answer) => {
	if (req.method === 'GET' || answer.status < 200 || answer.status >= 300 || /\/auth\/login$/.test(req.path)) return answer;
	if (answer.json === undefined && answer.body === undefined) return { ...answer, status: 200, json: { warnings: [WRITE_WARNING] } };
	if (!isObject(answer.json)) return answer;
	const before = Array.isArray(answer.json.warnings) ? answer.json.warnings : [];
	return { ...answer, json: { ...answer.json, warnings: [...before, WRITE_WARNING] } };
};

/** valuesPayload: the envelope's payload under `values` (the spec's own description names it so). */
const valuesPayload: Transform = (_req, answer) => {
	if (!isObject(answer.json) || !('value' in answer.json)) return answer;
	const { value, ...rest } = answer.json;
	return { ...answer, json: { ...rest, values: value } };
};

/** Each switch's transform of a finished answer; a switch that acts inside a route is not listed. */
const TRANSFORMS: Array<[LiveBehaviour, Transform]> = [
	['pageLimit', pageLimitTransform],
	['pastEnd422', pastEnd422],
	['shortOfficeKeys', shortOfficeKeys],
	['writeWarnings', writeWarnings],
	['valuesPayload', valuesPayload],
];

export function applyListingsLive(req: SandboxRequest, answer: SandboxResponse, switches: LiveSwitches): SandboxResponse {
	let out = answer;
	for (const [name, transform] of TRANSFORMS) if (switches[name]) out = transform(req, out, switches);
	// Records in JSON answers (the export streams its own through liveRecord).
	if (out.json !== undefined && fieldTransform(switches)) out = { ...out, json: liveRecord(out.json, switches) };
	return out;
}
