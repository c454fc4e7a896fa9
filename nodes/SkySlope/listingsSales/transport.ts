import { NodeApiError, type IDataObject } from 'n8n-workflow';

import { apiRequest, apiRequestFull, noteStatus, warningsOf, type ApiContext, type Headers, type ApiRequest, type Link } from '../shared';
import { listingsService } from './service';

/** The LinkedResponseOf envelope every answer of this service comes in (spec 2.1). */
export interface Envelope<T = unknown> {
	value?: T;
	links?: Link[];
	warnings?: string[] | null;
}

/**
 * The ONE place the SkySlope node talks HTTP: JSON in, the service's envelope out. Bodies go as
 * application/json (the spec requires it on every request).
 */
export async function skySlopeRequest<T = unknown>(this: ApiContext, request: ApiRequest): Promise<Envelope<T>> {
	const headers = { 'content-type': 'application/json', ...(request.headers ?? {}) };
	const response = await apiRequestFull.call(this, listingsService, { ...request, headers });
	const envelope = toEnvelope<T>(response.body);
	const notice = deprecationNotice(response.headers);
	if (notice) envelope.warnings = [...(envelope.warnings ?? []), notice];
	// The status goes with the envelope and its payload, for the record readers' errors.
	noteStatus(envelope.value, response.statusCode);
	return noteStatus(envelope, response.statusCode);
}

function toEnvelope<T>(body: unknown): Envelope<T> {
	if (body === undefined || body === null || body === '') return {};
	if (typeof body !== 'object' || Array.isArray(body)) return { value: body as T };
	const envelope = body as Envelope<T> & IDataObject;
	// The spec's own description names the payload `values` in places: read like `value`.
	if (!('value' in envelope) && 'values' in envelope) {
		const { values, ...rest } = envelope;
		return { ...rest, value: values as T };
	}
	if (!('value' in envelope) && !('links' in envelope) && !('warnings' in envelope)) {
		return { value: body as T };
	}
	return { ...envelope };
}

/**
 * Spec 9: a deprecated resource answers with `Deprecation: version=<date>` and a `Link` with
 * rel="successor-version". Surfaced as a warning so that a workflow's owner sees it in the output.
 */
function deprecationNotice(headers: Headers | undefined): string | undefined {
	// A repeated header is read whole: a Link header may list several links.
	const get = (name: string) => {
		const value = headers?.[name] ?? headers?.[name.toLowerCase()];
		return Array.isArray(value) ? value.join(', ') : value;
	};
	const deprecation = get('deprecation');
	if (!deprecation) return undefined;
	const successor = /<([^>]+)>\s*;\s*rel="?successor-version"?/i.exec(get('link') ?? '')?.[1];
	return `This SkySlope endpoint is deprecated (${deprecation})${successor ? `; its successor is ${successor}` : ''}`;
}

/** The streamed bulk export (spec 4.2): the raw body, read chunk by chunk by the caller. */
export async function skySlopeStream(
	this: ApiContext,
	request: Omit<ApiRequest, 'encoding'>,
): Promise<AsyncIterable<Uint8Array | string>> {
	const body = await apiRequest.call(this, listingsService, {
		...request,
		headers: { 'content-type': 'application/json', ...(request.headers ?? {}) },
		encoding: 'stream',
	});
	return body as AsyncIterable<Uint8Array | string>;
}

/**
 * A single-object answer as an output item: the payload unwrapped from `value`, with the service's
 * warnings (when there are any) and, when asked, its links (after a create they say where the new
 * record lives and which forms complete it).
 */
export function unwrap(envelope: Envelope, options: { keepLinks?: boolean } = {}): IDataObject {
	const value = envelope.value;
	const out: IDataObject =
		value && typeof value === 'object' && !Array.isArray(value) ? { ...(value as IDataObject) } : { value: value as IDataObject };
	const warnings = warningsOf(envelope);
	if (warnings) out.warnings = warnings;
	if (options.keepLinks && envelope.links?.length) out.links = envelope.links as unknown as IDataObject[];
	return out;
}

/**
 * Whether a failed page read is the live service's way to say "there is no such page": a page
 * past the last one answers 422 "Please check your query parameters", not an empty page, and a
 * full last page still links a `next` one. Only a page after a full page may be read so (the
 * shared paging's ListEnd decides that). Any other 422, or other words, stays an error.
 */
export function isPastTheEnd(error: unknown): boolean {
	if (!(error instanceof NodeApiError) || error.httpCode !== '422') return false;
	const words = [error.message, error.description, JSON.stringify(error.errorResponse ?? {})].join(' ');
	return /check your query parameters/i.test(words);
}
