import { createHmac } from 'crypto';
import type { ICredentialDataDecryptedObject, IDataObject, IHttpRequestOptions } from 'n8n-workflow';

import { BUSY_STATUSES, environmentBaseUrl, LOGIN_REFUSED_CODE, rateKeyFrom, readErrorBody, serviceTime, type Hosts, type ServiceSpec } from '../shared';

/**
 * The listings-and-sales service (spec: listings-sales-service.md), as both the credential and the
 * transport know it: hosts, the base-URL rule, the signed login and its session, errors.
 */

export const CREDENTIAL_TYPE = 'skySlopeApi';

/** The hosts of {api_url} (spec README "Hosts"). */
export const HOSTS: Hosts = {
	production: 'https://api.skyslope.com',
	staging: 'https://api-latest.skyslope.com',
};

/** {api_url} of the credential's environment, without a trailing slash. */
export const listingsBaseUrl = (credentials: ICredentialDataDecryptedObject): string =>
	environmentBaseUrl(HOSTS, credentials);

/** The `<HMAC>` of `Authorization: SS <AccessKey>:<HMAC>`: base64 HMAC-SHA256 over "<ClientID>:<ClientSecret>:<Timestamp>". */
export function signLogin(accessSecret: string, clientId: string, clientSecret: string, timestamp: string): string {
	return createHmac('sha256', Buffer.from(accessSecret, 'utf8'))
		.update(Buffer.from(`${clientId}:${clientSecret}:${timestamp}`, 'utf8'))
		.digest('base64');
}

/** RFC 3339 in UTC without milliseconds, e.g. 2024-01-02T03:04:05Z. */
export function loginTimestamp(at: Date): string {
	return at.toISOString().replace(/\.\d{3}Z$/, 'Z');
}

/**
 * When to stop sending the session: shortly before its Expiration (5 minutes, or a tenth of the
 * lifetime when that is shorter), measured on this machine's clock from the signed Timestamp.
 */
export function renewAt(timestamp: string, expiration: unknown): string {
	const issued = Date.parse(timestamp);
	// The live service writes date-times without a zone: read as UTC, wherever n8n runs.
	const expires = typeof expiration === 'string' ? serviceTime(expiration) : undefined;
	if (Number.isNaN(issued) || expires === undefined || expires <= issued) return '';
	const lifetime = expires - issued;
	return new Date(issued + lifetime - Math.min(5 * 60 * 1000, lifetime / 10)).toISOString();
}

/**
 * The header by which the transport asks `addSession` to leave the stored session out of one
 * request (after the service answered 403, "session expired"). Never sent: addSession removes it.
 */
/**
 * Logins under way or just done, by account and the session they replace. Requests in flight
 * together meet an expired session together, and n8n asks each of them to log in: they share one
 * login instead (the service may count logins, and each one ends the sessions before it).
 */
const logins = new Map<string, { at: number; login: Promise<IDataObject> }>();
const LOGIN_SHARED_FOR_MS = 15_000;

/** When each account last asked for a login (n8n's preAuthentication), by base URL and access key. */
const loginsAsked = new Map<string, number>();
const accountOf = (credentials: ICredentialDataDecryptedObject) => `${listingsBaseUrl(credentials)} ${String(credentials.accessKey ?? '')}`;

/**
 * Whether n8n asked for a login of this account at or after `sinceMs`: on a 403, n8n 2.x renews
 * within the call itself (and n8n 1.x does not), or another request renewed meanwhile.
 */
function sessionRenewedSince(credentials: ICredentialDataDecryptedObject, sinceMs: number): boolean {
	return (loginsAsked.get(accountOf(credentials)) ?? 0) >= sinceMs;
}

/** A login is shared by the account's keys and the session it replaces. */
const loginKey = (credentials: ICredentialDataDecryptedObject) =>
	JSON.stringify(
		[listingsBaseUrl(credentials), 'accessKey', 'accessSecret', 'clientId', 'clientSecret', 'sessionToken'].map((k, i) =>
			i === 0 ? k : String(credentials[k] ?? ''),
		),
	);

/**
 * What the login that replaces `session` gave (its new session), once it is done, when this process
 * has one under way or just done: a request refused with `session` then goes again with the new
 * one instead of logging in itself. Undefined when there is none, or it failed.
 */
export async function loginReplacing(credentials: ICredentialDataDecryptedObject, session: string): Promise<IDataObject | undefined> {
	const known = logins.get(loginKey({ ...credentials, sessionToken: session }));
	if (!known || Date.now() - known.at >= LOGIN_SHARED_FOR_MS) return undefined;
	try {
		return await known.login;
	} catch {
		return undefined;
	}
}

export async function oneLoginPerSession(
	credentials: ICredentialDataDecryptedObject,
	login: () => Promise<IDataObject>,
): Promise<IDataObject> {
	loginsAsked.set(accountOf(credentials), Date.now());
	if (loginsAsked.size > 100) loginsAsked.delete(loginsAsked.keys().next().value as string);
	const key = loginKey(credentials);
	const now = Date.now();
	const known = logins.get(key);
	if (known && now - known.at < LOGIN_SHARED_FOR_MS) return await known.login;
	const login$ = login();
	logins.set(key, { at: now, login: login$ });
	// A first login (no session to replace) is shared only while under way: the next first login
	// may come after that session has ended. A failed login is never shared.
	const replaces = String(credentials.sessionToken ?? '') !== '';
	const forget = () => {
		if (logins.get(key)?.login === login$) logins.delete(key);
	};
	login$.then(() => {
		if (!replaces) forget();
	}, forget);
	for (const [k, v] of logins) if (logins.size > 50 || now - v.at >= LOGIN_SHARED_FOR_MS) logins.delete(k);
	return await login$;
}

/** Whether the stored session is past the time to renew it (a little before it expires). */
function sessionStale(credentials: ICredentialDataDecryptedObject, now: number = Date.now()): boolean {
	const renew = Date.parse(String(credentials.sessionRenewAt ?? ''));
	return !Number.isNaN(renew) && now >= renew;
}

export const RENEW_SESSION_HEADER = 'x-skyslope-renew-session';

/**
 * Adds the session. The node's transport renews a stale session before sending (sessionRenewal):
 * a session past `sessionRenewAt` that still reaches here (a request of n8n's own, such as the
 * credential test) is left out, and the service's 401 makes n8n log in and resend. So is the
 * session of a request the transport marks with RENEW_SESSION_HEADER (after n8n 2.x's own renewal
 * was refused too) while the stored session is the one the marker names as refused (`1`: whatever
 * is stored); a session stored since then is another request's fresh login, and is sent. The
 * marker itself never leaves n8n.
 */
export async function addSession(
	credentials: ICredentialDataDecryptedObject,
	requestOptions: IHttpRequestOptions,
	now: number = Date.now(),
): Promise<IHttpRequestOptions> {
	const headers: IDataObject = {};
	let renewAsked = false;
	for (const [name, value] of Object.entries(requestOptions.headers ?? {})) {
		if (name.toLowerCase() === RENEW_SESSION_HEADER) renewAsked = String(value) === '1' || String(value) === String(credentials.sessionToken ?? '');
		else headers[name] = value as IDataObject[string];
	}
	if (!Object.keys(headers).some((h) => h.toLowerCase() === 'content-type')) headers['Content-Type'] = 'application/json';
	if (credentials.sessionToken && !sessionStale(credentials, now) && !renewAsked) headers.Session = String(credentials.sessionToken);
	return { ...requestOptions, headers };
}

/** The status of a failed HTTP request, wherever the HTTP client put it. */
function statusOf(error: unknown): number | undefined {
	const e = error as { response?: { status?: unknown }; status?: unknown; httpCode?: unknown };
	for (const v of [e?.response?.status, e?.status, e?.httpCode]) {
		const n = Number(v);
		if (Number.isInteger(n) && n >= 100 && n <= 599) return n;
	}
	return undefined;
}

/**
 * The login's failure as the credential reports it. A refusal (4xx: wrong keys, a bad signature,
 * a clock out of the window) becomes an error with LOGIN_REFUSED_CODE and the service's words, and
 * without its HTTP response, so that n8n does not log in a second time with the same keys. A 5xx,
 * a 429 or 408, or a network failure is given back as it came: the service could not answer now.
 */
export function loginFailure(error: unknown): unknown {
	const status = statusOf(error);
	// A busy login (429 with its Retry-After, 408) is not a refusal: the transport waits and asks again.
	if (status === undefined || status < 400 || status >= 500 || BUSY_STATUSES.has(status)) return error;
	const response = (error as { response?: { data?: unknown; body?: unknown } }).response;
	let data = response?.data ?? response?.body;
	if (typeof data === 'string') {
		try {
			data = JSON.parse(data) as unknown;
		} catch {
			// a plain-text answer: its words are used as they are
		}
	}
	const said = readErrorBody(data, ['message', 'title']);
	const words =
		said.message ?? said.errors?.[0] ?? (typeof data === 'string' && data.trim() ? data.trim().slice(0, 300) : undefined);
	const refused = new Error(`the login answered ${status}${words ? `: ${words}` : ''}`) as Error & {
		code: string;
		loginStatus: number;
	};
	refused.code = LOGIN_REFUSED_CODE;
	refused.loginStatus = status;
	return refused;
}

/** The service as the shared transport sees it: an expired session is a 401 or 403. */
export const listingsService: ServiceSpec = {
	label: 'SkySlope Listings & Sales',
	credentialType: CREDENTIAL_TYPE,
	baseUrl: listingsBaseUrl,
	// The limit (100 a minute) counts per access key: the user the calls act as.
	rateKey: rateKeyFrom('accessKey'),
	// 100 requests a minute, told in x-ratelimit-remaining on every answer; its clients report a 429
	// at 6 or more in flight (shared/spec), so 5 at once, which spend a window in seconds anyway.
	concurrency: 5,
	// n8n 2.x renews on these itself; n8n 1.x only on 401, so the node renews on 403 as well.
	authRetryStatuses: [401, 403],
	sessionRenewal: { statuses: [403], expirable: 'sessionToken', header: 'Session', loginReplacing, stale: sessionStale, renewedSince: sessionRenewedSince, markerHeader: RENEW_SESSION_HEADER },
	credentialHelp: {
		refused:
			'open the SkySlope Listings & Sales credential and check the Client ID and Client Secret (issued to the integration) and the Access Key and Access Secret (of the SkySlope user), and that this machine\'s clock is right: the login is signed with the current time.',
	},
	readError: (body) => readErrorBody(body, ['message', 'title']),
};
