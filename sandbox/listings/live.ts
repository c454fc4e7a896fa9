// The live switches' effect on listings-and-sales answers (sandbox/core/live.ts says what each
// switch means). One transform per switch, applied in this order to every answer of the service.
import type { LiveBehaviour, LiveSwitches } from '../core/live';
import type { SandboxRequest, SandboxResponse } from '../core/router';
import { PAGE_SIZE } from './common';
import { errorResponse, type Link } from './http';

type Transform = (req: SandboxRequest, answer: SandboxResponse) => SandboxResponse;
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

/** Each switch's transform of a finished answer; a switch that acts inside a route is not listed. */
const TRANSFORMS: Array<[LiveBehaviour, Transform]> = [['pastEnd422', pastEnd422]];

export function applyListingsLive(req: SandboxRequest, answer: SandboxResponse, switches: LiveSwitches): SandboxResponse {
	let out = answer;
	for (const [name, transform] of TRANSFORMS) if (switches[name]) out = transform(req, out);
	return out;
}
