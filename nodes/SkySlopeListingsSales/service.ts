import { createHmac } from 'crypto';
import type { ICredentialDataDecryptedObject, IDataObject, IHttpRequestOptions } from 'n8n-workflow';

import { environmentBaseUrl, rateKeyFrom, readErrorBody, type Hosts, type ServiceSpec } from '../shared';

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
	const expires = typeof expiration === 'string' ? Date.parse(expiration) : NaN;
	if (Number.isNaN(issued) || Number.isNaN(expires) || expires <= issued) return '';
	const lifetime = expires - issued;
	return new Date(issued + lifetime - Math.min(5 * 60 * 1000, lifetime / 10)).toISOString();
}

/**
 * Adds the session. Past `sessionRenewAt` it leaves the `Session` header out on purpose: the service
 * answers 401 before doing anything, n8n runs preAuthentication again and resends the request once
 * with the new session (the transport passes `preAuthenticationRetryStatusCode: [401, 403]`).
 */
export async function addSession(
	credentials: ICredentialDataDecryptedObject,
	requestOptions: IHttpRequestOptions,
	now: number = Date.now(),
): Promise<IHttpRequestOptions> {
	const headers: IDataObject = { ...(requestOptions.headers ?? {}) };
	if (!Object.keys(headers).some((h) => h.toLowerCase() === 'content-type')) headers['Content-Type'] = 'application/json';
	const renew = Date.parse(String(credentials.sessionRenewAt ?? ''));
	const stale = !Number.isNaN(renew) && now >= renew;
	if (credentials.sessionToken && !stale) headers.Session = String(credentials.sessionToken);
	return { ...requestOptions, headers };
}

/** The service as the shared transport sees it: an expired session is a 401 or 403. */
export const listingsService: ServiceSpec = {
	label: 'SkySlope Listings & Sales',
	credentialType: CREDENTIAL_TYPE,
	baseUrl: listingsBaseUrl,
	// The limit (100 a minute) counts per access key: the user the calls act as.
	rateKey: rateKeyFrom('accessKey'),
	authRetryStatuses: [401, 403],
	readError: (body) => readErrorBody(body, ['message', 'title']),
};
