// The request itself: the one way this package talks HTTP. Builds n8n's request options from what
// an operation asks (path, query, body, encoding), finds the account it goes to, and leaves the
// sending, pacing and retrying to retry.ts.
import type { IAdditionalCredentialOptions, IHttpRequestOptions } from 'n8n-workflow';

import { noteWarnings } from '../warnings';
import { targetOf } from './account';
import { sendWithRetries } from './retry';
import type { ApiContext, ApiRequest, FullResponse, ServiceSpec } from './types';

/**
 * The one way this package talks HTTP: through n8n's httpRequestWithAuthentication (so n8n signs,
 * refreshes and renews), with retries only where a repeat cannot duplicate a write, pacing by the
 * service's rate-limit headers, and errors that carry the service's own words. Gives the body.
 */
export async function apiRequest<T = unknown>(this: ApiContext, service: ServiceSpec, request: ApiRequest): Promise<T> {
	return (await apiRequestFull.call(this, service, request)).body as T;
}

/** The same as apiRequest, giving `{ body, headers, statusCode }` (a 204, warnings in headers). */
export async function apiRequestFull<T = unknown>(
	this: ApiContext,
	service: ServiceSpec,
	request: ApiRequest,
): Promise<FullResponse<T>> {
	const target = await targetOf(this, service);
	const { base } = target;
	const encoding = request.encoding ?? 'json';
	const options: IHttpRequestOptions = {
		method: request.method,
		url: `${base}${request.path}`,
		qs: request.qs,
		headers: { accept: 'application/json', ...(request.headers ?? {}) },
		returnFullResponse: true,
		// Query arrays as `a=1&a=2`, which both services read.
		arrayFormat: 'repeat',
	};
	if (request.body !== undefined) options.body = request.body as IHttpRequestOptions['body'];
	if (encoding === 'json') options.json = true;
	else options.encoding = encoding;
	const authOptions: IAdditionalCredentialOptions = {};
	if (service.authRetryStatuses) authOptions.preAuthenticationRetryStatusCode = service.authRetryStatuses;

	const response = (await sendWithRetries.call(this, service, target, options, authOptions, request)) as FullResponse<T>;
	noteWarnings(this, request.itemIndex, response.body);
	return response;
}
