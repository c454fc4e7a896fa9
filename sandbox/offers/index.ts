/**
 * The offers service stand-in (spec: offers-service.md), mounted at `/offers`, so that
 * `{offers_url}` is `<sandbox>/offers` and every path is `/offers/offers-api/ext/...`.
 *
 * Choices where the spec is silent (also in docs/offers.md):
 * - Dates: `YYYY-MM-DD` (a whole UTC day; as endDate it means the end of that day) or an ISO 8601
 *   date-time with `Z` or an offset. Ranges are inclusive at both ends and filter on
 *   OfferSubmissionDate. Whether endDate counts its own day is not documented: the state's
 *   `endDateReading: 'exclusive'` reads a range as [startDate, endDate) instead, for tests.
 * - GET /ext/offers/: page is 1-based (default 1), pageSize defaults to 25, at most 100; sorted by
 *   OfferSubmissionDate then OfferId. endDate defaults to startDate + 31 days; a longer range is
 *   cut to the first 31 days without a word (spec rule 2). A page past the end is a 204.
 * - 204 with no body whenever there is nothing: no offers in a range or page, an agent without
 *   listings. GET /ext/offer/{id} of an unknown id is a 404. The report always answers 200 (zero
 *   counts included).
 * - Errors are JSON `{message}` (plus `errors[]` for validation): 400 bad input, 401 missing,
 *   invalid or expired token or wrong client credentials, 404 unknown offer or route, 405, 429.
 * - Agent listings: the listings whose OfferProperty.OfferAgentId is the agent; with startDate only
 *   offers submitted since then count (a listing without any is left out). A listing hasNewOffers
 *   when one of its counted offers is still `Submitted`.
 * - Sandbox only: POST /offers/sandbox/offers adds or updates an offer (no auth), GET lists all.
 */
import { randomBytes } from 'node:crypto';

import { z } from 'zod';

import type { ServiceModule } from '../core/context';
import type { Router as RouterType, SandboxRequest, SandboxResponse } from '../core/router';
import { Router } from '../core/router';
import type { ServiceFactory } from '../core/server';
import { DAY_MS, iso, MARKET, seedOffers, type Listing, type Offer } from './data';

export type { Listing, Offer, OfferProperty, OfferTerms } from './data';

export const OFFERS_CLIENT_ID = 'sandbox-offers-client';
export const OFFERS_CLIENT_SECRET = 'sandbox-offers-secret';
export const DEFAULT_PAGE_SIZE = 25;
export const MAX_PAGE_SIZE = 100;
export const MAX_RANGE_DAYS = 31;
export const AGENT_LISTINGS_LIMIT = 10;

interface TokenRecord {
	clientId: string;
	expiresAt: number;
}

export interface OffersState {
	offers: Map<string, Offer>;
	listings: Listing[];
	tokens: Map<string, TokenRecord>;
	/** Offers submitted in [startMs, endMs] (inclusive), in the order the list call pages them. */
	inRange(startMs: number, endMs: number): Offer[];
	/** Adds a new offer or updates one (a new version); what POST /sandbox/offers does. */
	upsert(input: OfferUpsert): { offer: Offer; created: boolean };
	/** Start of the UTC day the sandbox was started on: the seed's reference point. */
	anchorMs: number;
	/**
	 * Whose shapes offers are answered in: the service documents' (contingencies as names) or
	 * SkySlope's OpenAPI (contingencies as `{name}` objects).
	 */
	naming: 'service' | 'openapi';
	/**
	 * How the list and the report read endDate, which the documents leave open: `inclusive` (the
	 * default) counts its own day (a bare date reaches the end of that day); `exclusive` stops just
	 * before it, the range being [startDate, endDate) and the 31-day cut its first 31 days.
	 */
	endDateReading: 'inclusive' | 'exclusive';
	/**
	 * At most this many offers a page, whatever pageSize asks: the documents name no maximum, and a
	 * service may lower its page size at any time (tests change it between reads).
	 */
	pageCap?: number;
}

/** An offer as answered in the state's naming. */
function inNaming(state: OffersState, offer: Offer): Offer {
	if (state.naming === 'service') return offer;
	return { ...offer, OfferTerms: { ...offer.OfferTerms, Contingencies: offer.OfferTerms.Contingencies.map((name) => ({ name })) } } as unknown as Offer;
}

const json = (status: number, body: unknown): SandboxResponse => ({ status, json: body });
const noContent = (): SandboxResponse => ({ status: 204 });

function errorBody(status: number, message: string, errors?: string[]): SandboxResponse {
	return json(status, errors && errors.length ? { message, errors } : { message });
}

// ---------------------------------------------------------------------------------------------
// Input validation

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;
const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})$/i;

/** A date parameter: `YYYY-MM-DD` or an ISO 8601 date-time with a zone. */
const dateParam = z
	.string()
	.refine((s) => (DATE_ONLY.test(s) || DATE_TIME.test(s)) && !Number.isNaN(Date.parse(s)), {
		message: 'must be an ISO 8601 date (YYYY-MM-DD) or date-time in UTC (YYYY-MM-DDTHH:mm:ssZ)',
	});

const intParam = (min: number, max: number) =>
	z
		.string()
		.regex(/^\d+$/, 'must be a whole number')
		.transform(Number)
		.pipe(z.number().int().min(min).max(max));

const offersQuery = z.object({
	startDate: dateParam,
	endDate: dateParam.optional(),
	page: intParam(1, 1_000_000).optional(),
	pageSize: intParam(1, MAX_PAGE_SIZE).optional(),
});

const reportQuery = z.object({ startDate: dateParam, endDate: dateParam });
const agentQuery = z.object({ startDate: dateParam.optional() });

const isoTimestamp = z.string().refine((s) => DATE_TIME.test(s) && !Number.isNaN(Date.parse(s)), {
	message: 'must be an ISO 8601 date-time with a zone',
});

const upsertBody = z
	.object({
		OfferId: z.string().min(1).max(100).optional(),
		OfferSubmissionDate: isoTimestamp.optional(),
		ModificationTimestamp: isoTimestamp.optional(),
		/** Which listing a new offer is made on (default: the first seeded listing). */
		fileId: z.number().int().optional(),
		OfferProperty: z.record(z.string()).optional(),
		OfferTerms: z.record(z.unknown()).optional(),
		/** Update only: whether the update is a new version (default true). */
		newVersion: z.boolean().optional(),
	})
	.strict();

export type OfferUpsert = z.infer<typeof upsertBody>;

function issues(error: z.ZodError): string[] {
	return error.issues.map((i) => `${i.path.join('.') || 'body'}: ${i.message}`);
}

function parseQuery<T extends z.ZodTypeAny>(schema: T, req: SandboxRequest): z.infer<T> | SandboxResponse {
	const raw: Record<string, string> = {};
	for (const [k, v] of req.query) if (!(k in raw)) raw[k] = v;
	const result = schema.safeParse(raw);
	if (!result.success) return errorBody(400, 'Invalid query parameters', issues(result.error));
	return result.data;
}

function isResponse(x: unknown): x is SandboxResponse {
	return typeof x === 'object' && x !== null && 'status' in x && typeof (x as SandboxResponse).status === 'number';
}

/** Start of a date parameter, in ms. */
const startOf = (s: string): number => Date.parse(DATE_ONLY.test(s) ? `${s}T00:00:00Z` : s);
/** End of a date parameter, in ms: a bare date means the last millisecond of that UTC day. */
const endOf = (s: string): number =>
	DATE_ONLY.test(s) ? Date.parse(`${s}T00:00:00Z`) + DAY_MS - 1 : Date.parse(s);

// ---------------------------------------------------------------------------------------------

export const offersService: ServiceFactory = (ctx) => {
	const anchorMs = Math.floor(ctx.now() / DAY_MS) * DAY_MS;
	const seeded = seedOffers(ctx.options.seed, anchorMs, ctx.options.scale.offers);
	const offers = new Map<string, Offer>(seeded.offers.map((o) => [o.OfferId, o]));
	const listings = seeded.listings;
	const tokens = new Map<string, TokenRecord>();

	// Offers in submission order, built once and again only after an upsert: sorting every offer on
	// every request made a large seed (benchmarks) unusably slow.
	let order: Array<{ t: number; offer: Offer }> | undefined;
	const ordered = () =>
		(order ??= [...offers.values()]
			.map((offer) => ({ t: Date.parse(offer.OfferSubmissionDate), offer }))
			.sort((a, b) => a.t - b.t || (a.offer.OfferId < b.offer.OfferId ? -1 : a.offer.OfferId > b.offer.OfferId ? 1 : 0)));
	const sorted = (): Offer[] => ordered().map((o) => o.offer);
	const inRange = (startMs: number, endMs: number): Offer[] =>
		ordered()
			.filter((o) => o.t >= startMs && o.t <= endMs)
			.map((o) => o.offer);

	let created = 0;
	const upsert = (input: OfferUpsert): { offer: Offer; created: boolean } => {
		const now = iso(ctx.now());
		const existing = input.OfferId ? offers.get(input.OfferId) : undefined;
		if (existing) {
			const bump = input.newVersion ?? true;
			const terms = { ...existing.OfferTerms, ...(input.OfferTerms ?? {}) } as Offer['OfferTerms'];
			if (bump && input.OfferTerms?.OfferVersionNumber === undefined) {
				terms.OfferVersionNumber = existing.OfferTerms.OfferVersionNumber + 1;
			}
			const offer: Offer = {
				...existing,
				OfferSubmissionDate: input.OfferSubmissionDate ?? existing.OfferSubmissionDate,
				ModificationTimestamp: input.ModificationTimestamp ?? now,
				OfferProperty: { ...existing.OfferProperty, ...(input.OfferProperty ?? {}) },
				OfferTerms: terms,
			};
			offers.set(offer.OfferId, offer);
			order = undefined;
			return { offer, created: false };
		}
		const listing = listings.find((l) => l.fileId === input.fileId) ?? listings[0];
		created++;
		const price = listing.listPrice;
		const submitted = input.OfferSubmissionDate ?? now;
		const offer: Offer = {
			OfferId: input.OfferId ?? `sandbox-${String(created).padStart(6, '0')}-${randomBytes(4).toString('hex')}`,
			OfferOriginatingSystemId: 'SkySlope',
			OfferSourceSystemId: 'SKYSLOPE',
			ModificationTimestamp: input.ModificationTimestamp ?? submitted,
			OfferSubmissionDate: submitted,
			OfferProperty: { ...listing.property, ...(input.OfferProperty ?? {}) },
			OfferTerms: {
				OfferPrice: price,
				OfferStatus: 'Submitted',
				CreditAtClosing: '0',
				EarnestMoney: Math.round(price * 0.03),
				OfferClosingDate: iso(Date.parse(submitted) + 30 * DAY_MS),
				OfferClosingDays: 30,
				Deposit: Math.round(price * 0.01),
				OfferExpirationDate: iso(Date.parse(submitted) + 3 * DAY_MS),
				AdditionalTerms: '',
				Contingencies: ['Inspection', 'Appraisal'],
				EscalationClause: '',
				HomeWarranty: 'None',
				IncreasedDeposit: 0,
				BuyerFinancing: 'Conventional',
				OfferVersionNumber: 1,
				...(input.OfferTerms ?? {}),
			} as Offer['OfferTerms'],
		};
		offers.set(offer.OfferId, offer);
		order = undefined;
		return { offer, created: true };
	};

	const state: OffersState = { offers, listings, tokens, inRange, upsert, anchorMs, naming: 'service', endDateReading: 'inclusive' };

	/** The last millisecond a query's endDate reaches, as the state reads it. */
	const lastOf = (endDate: string): number => (state.endDateReading === 'exclusive' ? startOf(endDate) - 1 : endOf(endDate));
	/** The last millisecond of the first 31 days from startMs (spec rule 2). */
	const capOf = (startMs: number): number => startMs + MAX_RANGE_DAYS * DAY_MS - (state.endDateReading === 'exclusive' ? 1 : 0);

	// -------------------------------------------------------------------------------------------
	// Authentication

	function basicCredentials(req: SandboxRequest): { id: string; secret: string } | undefined {
		const header = req.headers.authorization ?? '';
		const match = /^Basic\s+([A-Za-z0-9+/=_-]+)\s*$/i.exec(header);
		if (!match) return undefined;
		const decoded = Buffer.from(match[1], 'base64').toString('utf8');
		const colon = decoded.indexOf(':');
		if (colon < 0) return undefined;
		// RFC 6749 2.3.1: the client id and secret are form-urlencoded before Basic encoding.
		const unform = (s: string) => {
			try {
				return decodeURIComponent(s.replace(/\+/g, ' '));
			} catch {
				return s;
			}
		};
		return { id: unform(decoded.slice(0, colon)), secret: unform(decoded.slice(colon + 1)) };
	}

	function bearer(req: SandboxRequest): TokenRecord | SandboxResponse {
		const header = req.headers.authorization ?? '';
		const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
		const challenge = { 'www-authenticate': 'Bearer realm="offers-api", error="invalid_token"' };
		if (!match) {
			return { ...errorBody(401, 'Authorization has been denied for this request.'), headers: { 'www-authenticate': 'Bearer realm="offers-api"' } };
		}
		const record = tokens.get(match[1]);
		if (!record) return { ...errorBody(401, 'The access token is invalid.'), headers: challenge };
		if (record.expiresAt <= ctx.now()) return { ...errorBody(401, 'The access token has expired.'), headers: challenge };
		return record;
	}

	/** Wraps a handler that needs a valid Bearer token. */
	const authed =
		(handler: (req: SandboxRequest) => SandboxResponse) =>
		(req: SandboxRequest): SandboxResponse => {
			const auth = bearer(req);
			if (isResponse(auth)) return auth;
			return handler(req);
		};

	const token = (req: SandboxRequest): SandboxResponse => {
		const creds = basicCredentials(req);
		if (!creds) {
			return {
				...errorBody(401, 'Client authentication failed: send Authorization: Basic base64(clientId:clientSecret).'),
				headers: { 'www-authenticate': 'Basic realm="offers-api"' },
			};
		}
		if (creds.id !== OFFERS_CLIENT_ID || creds.secret !== OFFERS_CLIENT_SECRET) {
			return { ...errorBody(401, 'Client authentication failed: unknown client or wrong secret.'), headers: { 'www-authenticate': 'Basic realm="offers-api"' } };
		}
		// n8n's client-credentials flow sends grant_type (and maybe scope) as a form body: accept it.
		const type = String(req.headers['content-type'] ?? '').toLowerCase();
		if (req.body.length > 0 && type.includes('x-www-form-urlencoded')) {
			const form = new URLSearchParams(req.body.toString('utf8'));
			const grant = form.get('grant_type');
			if (grant !== null && grant !== 'client_credentials') {
				return errorBody(400, `Unsupported grant_type "${grant}": only client_credentials is supported.`);
			}
		}
		const lifetime = ctx.options.lifetimes.offersToken;
		const accessToken = randomBytes(24).toString('base64url');
		tokens.set(accessToken, { clientId: creds.id, expiresAt: ctx.now() + lifetime * 1000 });
		return json(200, { token_type: 'Bearer', expires_in: lifetime, access_token: accessToken });
	};

	// -------------------------------------------------------------------------------------------
	// Operations

	const getOffer = authed((req) => {
		const offer = offers.get(req.params.offerId);
		if (!offer) return errorBody(404, `Offer ${JSON.stringify(req.params.offerId)} was not found.`);
		return json(200, inNaming(state, offer));
	});

	const listOffers = authed((req) => {
		const q = parseQuery(offersQuery, req);
		if (isResponse(q)) return q;
		const startMs = startOf(q.startDate);
		const requestedEnd = q.endDate ? endOf(q.endDate) : Number.POSITIVE_INFINITY;
		if (requestedEnd < startMs) return errorBody(400, 'endDate must not be before startDate.');
		// Spec rule 2: at most 31 days; a larger range gives the first 31 days, silently.
		const endMs = Math.min(q.endDate ? lastOf(q.endDate) : Number.POSITIVE_INFINITY, capOf(startMs));
		const page = q.page ?? 1;
		const pageSize = Math.min(q.pageSize ?? DEFAULT_PAGE_SIZE, state.pageCap ?? MAX_PAGE_SIZE);
		const slice = inRange(startMs, endMs).slice((page - 1) * pageSize, page * pageSize);
		return slice.length ? json(200, slice.map((offer) => inNaming(state, offer))) : noContent();
	});

	const agentListings = authed((req) => {
		const q = parseQuery(agentQuery, req);
		if (isResponse(q)) return q;
		const since = q.startDate ? startOf(q.startDate) : Number.NEGATIVE_INFINITY;
		const agentId = req.params.agentId;
		const rows = listings
			.filter((l) => l.property.OfferAgentId === agentId)
			.map((l) => {
				const mine = [...offers.values()].filter(
					(o) => o.OfferProperty.ListingKey === l.property.ListingKey && Date.parse(o.OfferSubmissionDate) >= since,
				);
				const latest = Math.max(...mine.map((o) => Date.parse(o.OfferSubmissionDate)));
				const p = l.property;
				return {
					fileId: l.fileId,
					listingName: `${p.StreetNumber} ${p.StreetName}${p.UnitNumber ? ` #${p.UnitNumber}` : ''}, ${p.City}, ${p.StateOrProvince} ${p.PostalCode}`,
					offersCount: mine.length,
					hasNewOffers: mine.some((o) => o.OfferTerms.OfferStatus === 'Submitted'),
					latestOfferDate: mine.length ? iso(latest) : '',
				};
			})
			.filter((r) => r.offersCount > 0)
			.sort((a, b) => Date.parse(b.latestOfferDate) - Date.parse(a.latestOfferDate) || a.fileId - b.fileId)
			.slice(0, AGENT_LISTINGS_LIMIT);
		if (!rows.length) return noContent();
		// SkySlope's OpenAPI adds a link to the listing's offers; the service documents do not name one.
		const answered = state.naming === 'openapi' ? rows.map((r) => ({ ...r, viewOffersLink: `https://offers.example.com/file/${r.fileId}` })) : rows;
		return json(200, { hasNewOffers: rows.some((r) => r.hasNewOffers), listings: answered });
	});

	const report = authed((req) => {
		const q = parseQuery(reportQuery, req);
		if (isResponse(q)) return q;
		const startMs = startOf(q.startDate);
		if (endOf(q.endDate) < startMs) return errorBody(400, 'endDate must not be before startDate.');
		const found = inRange(startMs, lastOf(q.endDate));
		return json(200, {
			mlsMarket: MARKET,
			offerCount: found.length,
			listingCount: new Set(found.map((o) => o.OfferProperty.ListingKey)).size,
		});
	});

	// -------------------------------------------------------------------------------------------
	// Sandbox-only routes (no auth): make offers appear or change for trigger tests and demos.

	const sandboxUpsert = (req: SandboxRequest): SandboxResponse => {
		let input: unknown;
		try {
			input = req.body.length ? JSON.parse(req.body.toString('utf8')) : {};
		} catch {
			return errorBody(400, 'Body must be JSON.');
		}
		const parsed = upsertBody.safeParse(input);
		if (!parsed.success) return errorBody(400, 'Invalid offer', issues(parsed.error));
		if (parsed.data.fileId !== undefined && !listings.some((l) => l.fileId === parsed.data.fileId)) {
			return errorBody(400, `No listing with fileId ${parsed.data.fileId}.`);
		}
		const result = upsert(parsed.data);
		return json(result.created ? 201 : 200, result.offer);
	};

	/** Many offers at once (a brokerage's history), each as `POST /sandbox/offers` takes it; all or none. */
	const sandboxUpsertMany = (req: SandboxRequest): SandboxResponse => {
		let input: unknown;
		try {
			input = req.body.length ? JSON.parse(req.body.toString('utf8')) : [];
		} catch {
			return errorBody(400, 'Body must be JSON.');
		}
		const parsed = z.array(upsertBody).max(100_000).safeParse(input);
		if (!parsed.success) return errorBody(400, 'Invalid offers', issues(parsed.error));
		const unknown = parsed.data.find((o) => o.fileId !== undefined && !listings.some((l) => l.fileId === o.fileId));
		if (unknown) return errorBody(400, `No listing with fileId ${String(unknown.fileId)}.`);
		return json(200, parsed.data.map((o) => upsert(o).offer.OfferId));
	};

	const router: RouterType = new Router()
		.post('/offers-api/ext/token', token)
		.get('/offers-api/ext/offer/:offerId', getOffer)
		.get('/offers-api/ext/offers', listOffers)
		.get('/offers-api/ext/agent/:agentId/listings', agentListings)
		.get('/offers-api/ext/report', report)
		.post('/sandbox/offers', sandboxUpsert)
		// Under `_sandbox/`: a test control, outside the service's rate limit and faults.
		.post('/_sandbox/offers', sandboxUpsertMany)
		.get('/_sandbox/offers', () => json(200, sorted()))
		.get('/sandbox/offers', () => json(200, sorted()));

	const module: ServiceModule = {
		name: 'offers',
		mount: '/offers',
		router,
		error: errorBody,
		rateKey: (req) => {
			const match = /^Bearer\s+(\S+)/i.exec(req.headers.authorization ?? '');
			return (match && tokens.get(match[1])?.clientId) ?? 'anonymous';
		},
		expireAuth: () => {
			const now = ctx.now();
			for (const record of tokens.values()) record.expiresAt = Math.min(record.expiresAt, now);
		},
		credentialHints: (baseUrl) => ({
			Environment: 'Custom Base URL',
			'Base URL': `${baseUrl}/offers/offers-api`,
			'Client ID': OFFERS_CLIENT_ID,
			'Client Secret': OFFERS_CLIENT_SECRET,
		}),
		state,
	};
	return module;
};
