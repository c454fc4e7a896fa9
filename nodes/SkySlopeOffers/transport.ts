import type { ICredentialDataDecryptedObject, IDataObject } from 'n8n-workflow';

import { apiRequestFull, dateWindows, p, type ApiContext, type ApiRequest, type ServiceSpec } from '../shared';

/** The hosts of the offers service (spec README "Hosts"); every path below starts with /ext. */
const HOSTS: Record<string, string> = {
	production: 'https://offers.skyslope.com/offers-api',
	staging: 'https://staging-offers.skyslope.com/offers-api',
};

/** Spec 8: GET /ext/offers/ answers for at most 31 days; a longer range is cut without a word. */
export const MAX_RANGE_DAYS = 31;
/** The largest page the node asks for (the sandbox's maximum; the spec names none). */
export const MAX_PAGE_SIZE = 100;
/** A bound against a service that never stops answering full pages (10,000 pages of one window). */
const MAX_PAGES_PER_WINDOW = 10_000;

/** The base URL (ending in /offers-api) the credential points at. */
export function offersBaseUrl(credentials: ICredentialDataDecryptedObject): string {
	const environment = typeof credentials.environment === 'string' ? credentials.environment : 'production';
	if (environment === 'custom') {
		const custom = typeof credentials.customBaseUrl === 'string' ? credentials.customBaseUrl.trim() : '';
		return custom.replace(/\/+$/, '');
	}
	return HOSTS[environment] ?? HOSTS.production;
}

/** The spec shows no error body; read `{message}`, `{error, error_description}` or a bare string. */
function readError(body: unknown): { message?: string; errors?: string[]; traceId?: string } {
	if (typeof body === 'string') return body.trim() ? { message: body.trim().slice(0, 300) } : {};
	if (!body || typeof body !== 'object') return {};
	const b = body as IDataObject;
	const errors = Array.isArray(b.errors) ? b.errors.map((e) => (typeof e === 'string' ? e : JSON.stringify(e))) : undefined;
	const message =
		typeof b.message === 'string'
			? b.message
			: typeof b.error_description === 'string'
				? b.error_description
				: typeof b.error === 'string'
					? b.error
					: typeof b.title === 'string'
						? b.title
						: errors?.[0];
	return { message, errors, traceId: typeof b.traceId === 'string' ? b.traceId : undefined };
}

/**
 * The offers service as the shared transport sees it. An expired token is a 401, which n8n's
 * OAuth2 handling answers by fetching a new token (client credentials) and sending the call again.
 */
export const offersService: ServiceSpec = {
	label: 'SkySlope Offers',
	credentialType: 'skySlopeOffersOAuth2Api',
	baseUrl: offersBaseUrl,
	readError,
};

/**
 * The ONE place the offers node talks HTTP. Every operation of this service may answer 204 with no
 * body: that is "nothing", returned here as `undefined`, never an error.
 */
export async function offersRequest<T = unknown>(this: ApiContext, request: ApiRequest): Promise<T | undefined> {
	const response = await apiRequestFull.call(this, offersService, request);
	if (response.statusCode === 204) return undefined;
	const body = response.body;
	if (body === undefined || body === null || body === '') return undefined;
	return body as T;
}

/** An offer as the service sends it (spec 2.1); only the fields the node reads are named. */
export interface Offer extends IDataObject {
	OfferId: string;
	ModificationTimestamp?: string;
	OfferSubmissionDate?: string;
	OfferProperty?: IDataObject;
	OfferTerms?: IDataObject;
}

export interface OfferRangeOptions {
	start: Date;
	end: Date;
	/** Stop once this many offers were collected (after the filter); undefined reads everything. */
	limit?: number;
	/** Keep only offers on listings of this agent (OfferProperty.OfferAgentId). */
	agentId?: string;
	itemIndex?: number;
}

/**
 * Every offer submitted in [start, end], however long the range: it is split into consecutive
 * 31-day windows, each read page by page with the largest page, and an offer that two windows
 * share (their common edge) is kept once, by OfferId.
 *
 * The spec names no maximum pageSize, so a service that silently answers fewer than asked must not
 * end the window early: a window ends on an empty page (204), on a page shorter than the largest
 * one seen in it, or on a page with nothing new (a service that ignores `page`).
 */
export async function listOffersInRange(this: ApiContext, options: OfferRangeOptions): Promise<Offer[]> {
	const { start, end, limit, agentId, itemIndex } = options;
	const seen = new Set<string>();
	const out: Offer[] = [];
	const full = () => limit !== undefined && out.length >= limit;
	for (const window of dateWindows(start, end, MAX_RANGE_DAYS)) {
		let largest = 0;
		for (let page = 1; page <= MAX_PAGES_PER_WINDOW && !full(); page++) {
			const body = await offersRequest.call(this, {
				method: 'GET',
				path: '/ext/offers/',
				qs: {
					startDate: window.start.toISOString(),
					endDate: window.end.toISOString(),
					page,
					pageSize: MAX_PAGE_SIZE,
				},
				itemIndex,
			});
			const records = Array.isArray(body) ? (body as Offer[]) : [];
			let fresh = 0;
			for (const offer of records) {
				if (!offer || typeof offer !== 'object') continue;
				const id = String(offer.OfferId ?? '');
				if (id && seen.has(id)) continue;
				if (id) seen.add(id);
				fresh++;
				if (agentId !== undefined && offerAgentId(offer) !== agentId) continue;
				out.push(offer);
				if (full()) break;
			}
			if (records.length === 0 || fresh === 0 || records.length < largest) break;
			largest = Math.max(largest, records.length);
		}
		if (full()) break;
	}
	return limit !== undefined ? out.slice(0, limit) : out;
}

export function offerAgentId(offer: Offer): string | undefined {
	const id = offer.OfferProperty?.OfferAgentId;
	return typeof id === 'string' ? id : undefined;
}

/** GET /ext/offer/{offerId}; undefined on 204. */
export async function getOffer(this: ApiContext, offerId: string, itemIndex?: number): Promise<Offer | undefined> {
	return (await offersRequest.call(this, { method: 'GET', path: p`/ext/offer/${offerId}`, itemIndex })) as
		| Offer
		| undefined;
}

/**
 * One level instead of RESO's nesting, for spreadsheets: OfferProperty's and OfferTerms' fields
 * next to the offer's own (their names do not collide), lists joined with ", ".
 */
export function flattenOffer(offer: IDataObject): IDataObject {
	const out: IDataObject = {};
	let currentGroup = '';
	const put = (key: string, value: unknown) => {
		let flat = value;
		if (Array.isArray(value)) {
			flat = value.map((v) => (v !== null && typeof v === 'object' ? JSON.stringify(v) : String(v))).join(', ');
		} else if (value !== null && typeof value === 'object') {
			flat = JSON.stringify(value);
		}
		// A name the offer already has keeps its first value; the nested one gets its group's prefix.
		out[key in out ? `${currentGroup}${key}` : key] = flat as IDataObject[string];
	};
	for (const [key, value] of Object.entries(offer)) {
		if ((key === 'OfferProperty' || key === 'OfferTerms') && value && typeof value === 'object' && !Array.isArray(value)) {
			continue;
		}
		put(key, value);
	}
	for (const group of ['OfferProperty', 'OfferTerms']) {
		const nested = offer[group];
		if (!nested || typeof nested !== 'object' || Array.isArray(nested)) continue;
		currentGroup = `${group}_`;
		for (const [key, value] of Object.entries(nested as IDataObject)) put(key, value);
	}
	return out;
}
