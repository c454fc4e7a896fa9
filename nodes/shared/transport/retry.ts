// The retry loop: one request sent until it is answered, or until what went wrong says a repeat
// could do harm or cannot help. What may be resent (by status, connection word and method), how
// long to wait (backoff, a rate-limit window), and the renewals of an expired session or token.
import {
	sleep,
	type IAdditionalCredentialOptions,
	type IHttpRequestOptions,
	type IN8nHttpFullResponse,
} from 'n8n-workflow';

import { renewingOptions, replacedSession, type Target } from './account';
import { readFailure } from './failure';
import { toApiError } from './error-words';
import { acquire, holdUntil, rateLimitWaitMs, release } from './gate';
import { headerOf } from '../records';
import { retryPolicy, type ApiContext, type ApiRequest, type FullResponse, type ServiceSpec } from './types';


const IDEMPOTENT = new Set(['GET', 'HEAD', 'PUT', 'DELETE', 'OPTIONS']);
const RETRY_STATUSES = new Set([429, 502, 503, 504]);
/** Connection failures after which the request may have reached the service. */
const RESET_CODES = new Set(['ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'ECONNABORTED', 'ERR_STREAM_PREMATURE_CLOSE']);

function backoffMs(attempt: number): number {
	const exp = Math.min(retryPolicy.maxDelayMs, retryPolicy.baseDelayMs * 2 ** attempt);
	return exp / 2 + Math.random() * (exp / 2);
}

/**
 * Sends `options` through n8n's httpRequestWithAuthentication until the service answers, resending
 * only what a repeat cannot duplicate, and gives the answer or the error with the service's words.
 */
export async function sendWithRetries<T>(
	this: ApiContext,
	service: ServiceSpec,
	target: Target,
	options: IHttpRequestOptions,
	authOptions: IAdditionalCredentialOptions,
	request: ApiRequest,
): Promise<FullResponse<T>> {
	const { secrets, gate } = target;
	const idempotent = IDEMPOTENT.has(request.method.toUpperCase());
	const renewal = service.sessionRenewal;
	/** The session was renewed for this request (once at most). */
	let renewed = false;
	/** How the next send goes (sessionRenewal): with the stored session, with n8n logging in first, or with a session just given. */
	let nextSend: 'as stored' | 'log in' | 'as known' = 'as stored';
	/** The refused session the next send names to be left out, so that n8n logs in afresh on the 401 (sessionRenewal). */
	let markNow: string | undefined;
	/** Resends after another request of the account renewed the session or token meanwhile (three times at most). */
	let resentAfterRenewal = 0;
	for (let attempt = 0; ; attempt++) {
		const epoch = await acquire(gate);
		// The service refused a token just renewed (below): every later request fails with its words.
		if (target.tokenRefused) {
			release(gate, epoch, undefined, undefined);
			throw await toApiError({ ctx: this, service, failure: target.tokenRefused, secrets, itemIndex: request.itemIndex });
		}
		const renewalsAtSend = gate.renewals;
		const sendOptions: IAdditionalCredentialOptions = renewal
			? await renewingOptions(this, service, target, renewal, nextSend, authOptions)
			: authOptions;
		const sentAt = Date.now();
		nextSend = 'as stored';
		const sent: IHttpRequestOptions =
			markNow && renewal ? { ...options, headers: { ...options.headers, [renewal.markerHeader]: markNow } } : options;
		markNow = undefined;
		try {
			const response = (await this.helpers.httpRequestWithAuthentication.call(
				this,
				service.credentialType,
				sent,
				sendOptions,
			)) as IN8nHttpFullResponse;
			if (sendOptions.credentialsDecrypted?.data) target.credentials = sendOptions.credentialsDecrypted.data;
			release(gate, epoch, response.statusCode, response.headers as FullResponse['headers']);
			return {
				body: response.body as T,
				headers: response.headers as FullResponse['headers'],
				statusCode: response.statusCode,
			};
		} catch (error) {
			const failure = readFailure(error, options.url);
			const lastAttempt = attempt + 1 >= retryPolicy.attempts;
			// An expired session: one resend that logs in first (see sessionRenewal).
			// An OAuth2 401 comes back after n8n's own refresh and resend. Either way the service refused
			// the request before processing it, so any method may go again.
			const expired =
				renewal !== undefined && failure.status !== undefined && renewal.statuses.includes(failure.status) && !failure.refusal;
			const tokenRefused = renewal === undefined && failure.status === 401 && !failure.refusal;
			release(gate, epoch, failure.status, failure.headers, expired || tokenRefused);
			// Requests in flight together meet one expiry together: the first renews, the others wait for
			// it (the gate lets one request through at a time) and go again with the new session or token.
			// A token refused after n8n's own refresh goes again only while other requests of the
			// account are in flight (one of their refreshes may have replaced it under this one); a lone
			// request refused with a token just renewed is refused for good: one renewal, then the
			// service's words, and no further token asked by this execution.
			const othersInFlight = gate.inFlight > 0;
			let renewedByAnother = (expired && gate.renewals !== renewalsAtSend) || (tokenRefused && othersInFlight);
			/** The session the refused request carried, where n8n's error kept its headers. */
			const sentSession = renewal ? headerOf(failure.sentHeaders, renewal.header) : undefined;
			if (expired && renewal && !renewedByAnother) {
				const replaced = await replacedSession(this, service, target, renewal, sentSession);
				if (replaced === 'known') nextSend = 'as known';
				renewedByAnother = replaced !== undefined;
			}
			if (renewedByAnother && resentAfterRenewal < 3 && !lastAttempt) {
				resentAfterRenewal++;
				continue;
			}
			if (tokenRefused && !othersInFlight) target.tokenRefused = failure;
			if (expired && renewed) target.renewalFutile = true;
			if (expired && !renewed && !target.renewalFutile && !lastAttempt && renewal) {
				renewed = true;
				// Nobody asked for a login since this request went (n8n 1.x renews only on a 401): the next
				// send has n8n log in first. A login was asked meanwhile (n8n 2.x renews on the 403 itself,
				// and was refused again; or another request): the next send leaves the session out, and
				// n8n logs in afresh on the 401.
				if (renewal.renewedSince(target.credentials, sentAt)) {
					// The marker names the refused session: a session stored since is sent as it is.
					markNow = sentSession ?? '1';
					nextSend = 'as stored';
				} else nextSend = 'log in';
				gate.renewals++;
				continue;
			}
			// A 429 was refused unprocessed, a refused connection never arrived, and a token endpoint
			// or login that failed means the call itself was never sent: all are safe to resend
			// whatever the method. A 5xx or a reset of the call may have reached the service: only
			// idempotent methods are sent again (a second CreateFile would be a second file).
			const authStageFailed = failure.authStage === true && !failure.refusal;
			const notProcessed = failure.status === 429 || failure.code === 'ECONNREFUSED' || authStageFailed;
			const transient =
				(failure.status !== undefined && RETRY_STATUSES.has(failure.status)) ||
				(failure.code !== undefined && RESET_CODES.has(failure.code));
			const retryable = !failure.refusal && (notProcessed || (idempotent && transient));
			if (lastAttempt || !retryable) {
				// A write that may have been processed is not sent again: say so, or "run again" could make it twice.
				const note =
					!idempotent && transient && !notProcessed
						? `This ${request.method} may have reached the service before the answer was lost: check whether it was made before running the item again.`
						: undefined;
				throw await toApiError({ ctx: this, service, failure, secrets, itemIndex: request.itemIndex, note });
			}
			let wait = backoffMs(attempt);
			if (failure.status === 429) {
				const asked = rateLimitWaitMs(failure.headers);
				if (asked !== undefined && asked > retryPolicy.maxRateWaitMs) {
					const note = `The service asks to wait ${Math.ceil(asked / 1000)} s before the next request, longer than the ${retryPolicy.maxRateWaitMs / 1000} s this node waits.`;
					throw await toApiError({ ctx: this, service, failure, secrets, itemIndex: request.itemIndex, note });
				}
				// A reset in the past still gets a short backoff: never spin.
				if (asked !== undefined) wait = Math.max(asked + 50, 250);
				holdUntil(gate, Date.now() + wait);
			}
			await sleep(wait);
		}
	}
}
