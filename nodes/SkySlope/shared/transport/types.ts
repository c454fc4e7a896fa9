// The transport's vocabulary: what a service tells it (ServiceSpec), what an operation asks of it
// (ApiRequest) and what it gives back (FullResponse). Imports nothing of the transport: every other
// file of the folder imports it.
import type {
	IDataObject,
	IExecuteFunctions,
	IHookFunctions,
	IHttpRequestMethods,
	ICredentialDataDecryptedObject,
	ILoadOptionsFunctions,
	IPollFunctions,
	IWebhookFunctions,
} from 'n8n-workflow';

import type { ServiceError } from '../records';

/** Every n8n context a node of this package makes requests from. */
export type ApiContext = IExecuteFunctions | ILoadOptionsFunctions | IPollFunctions | IHookFunctions | IWebhookFunctions;

/** What the transport needs to know of one SkySlope service. */
export interface ServiceSpec {
	/** How errors name the service, e.g. `SkySlope Forms`. */
	label: string;
	credentialType: string;
	/** The base URL every path is relative to, read from the credential. */
	baseUrl(credentials: ICredentialDataDecryptedObject): string;
	/**
	 * Who the service counts requests against (its client id or access key, never a secret): the
	 * rate-limit budget is per account, so two accounts on one host pace apart and every request of
	 * one account, from any node, paces together.
	 */
	rateKey(credentials: ICredentialDataDecryptedObject): string;
	/**
	 * Statuses that mean "your session has expired": n8n re-runs the credential's preAuthentication
	 * and sends the request once more (listings-sales answers an expired session with 403).
	 */
	authRetryStatuses?: number[];
	/**
	 * A session the node renews itself, the same on every n8n line (n8n 1.x ignores
	 * authRetryStatuses, and renews only after a 401): when the stored session is past its renewal
	 * time (`stale`), or after an answer with one of `statuses` when nobody asked for a login since
	 * the request went (`renewedSince`), the request goes to n8n with the credential's data and its
	 * `expirable` field emptied: n8n runs the credential's preAuthentication first (one login,
	 * stored) and sends the request with the new session, and no request is refused on the way. When
	 * a login was asked meanwhile (n8n 2.x renews on the 403 itself, and was refused again; or
	 * another request renewed), the request goes once more with the header `markerHeader` naming the
	 * refused session (or `1`, when n8n's error did not keep it), which the credential's
	 * `authenticate` reads as "leave the session out" while the stored session is that one: the
	 * service answers 401, and n8n logs in afresh and resends; a session stored since is sent as it
	 * is. Before any of this, a request refused with a session that has since been replaced (another
	 * request met the same expiry and logged in) goes again with the new one, and nobody logs in.
	 */
	sessionRenewal?: {
		statuses: number[];
		expirable: string;
		/** The header that carries the session: a refusal says which session it was sent with. */
		header: string;
		/** The credential's data a login under way or just done in this process gives in place of `session`. */
		loginReplacing(credentials: ICredentialDataDecryptedObject, session: string): Promise<IDataObject | undefined>;
		stale(credentials: ICredentialDataDecryptedObject, now: number): boolean;
		renewedSince(credentials: ICredentialDataDecryptedObject, sinceMs: number): boolean;
		markerHeader: string;
	};
	/** What a user fixes when the service refuses the credential (shown in the error). */
	credentialHelp?: CredentialHelp;
	/**
	 * The most requests in flight at once per account (default 1), and so the most items an
	 * item-by-item operation runs at once. Over a real network a request's latency, not the work,
	 * sets the pace; the transport halves it while the service answers 429 or 503 and keeps it
	 * within what the service's `x-ratelimit-remaining` allows.
	 */
	concurrency?: number;
	readError(body: unknown): ServiceError;
}

/** The "what to fix" of a refused credential, per kind of refusal. */
export interface CredentialHelp {
	/** The token or login endpoint refused the client or the keys (invalid_client, a refused login). */
	refused: string;
	/** The refresh token expired or was revoked (invalid_grant), or the account is not connected. */
	reconnect?: string;
}

/** Statuses of a token endpoint or login that say "not now" (rate limit, timeout), never "no". */
export const BUSY_STATUSES = new Set([408, 429]);

/**
 * The error code a credential's preAuthentication gives a refused login. A code, not a message or
 * a class: n8n 1.x keeps only the code (as the error's httpCode) when it wraps the error.
 */
export const LOGIN_REFUSED_CODE = 'ESKYSLOPE_LOGIN_REFUSED';

export interface ApiRequest {
	method: IHttpRequestMethods;
	/** Built with the `p` template so that ids are encoded. */
	path: string;
	qs?: IDataObject;
	body?: unknown;
	headers?: IDataObject;
	/** `json` (default) parses the answer; `arraybuffer` gives a Buffer; `stream` a readable stream. */
	encoding?: 'json' | 'arraybuffer' | 'stream' | 'text';
	itemIndex?: number;
}

export interface FullResponse<T = unknown> {
	body: T;
	headers: Record<string, string | string[] | undefined>;
	statusCode: number;
}

/** Bounds of the retry loop: a failing service costs at most this many attempts and this much waiting. */
export const retryPolicy = {
	attempts: 5,
	baseDelayMs: 400,
	maxDelayMs: 8_000,
	/** Longest wait for a rate-limit window (the listings-sales window is a minute). */
	maxRateWaitMs: 65_000,
};
