// The retry loop: one request sent until it is answered, or until what went wrong says a repeat
// could do harm or cannot help. Where a request stands between sends is one small state
// (RequestState); what a failure leads to is decided in one place (nextStep), one rule a case:
// another request renewed meanwhile, a token refused for good, a session to renew, a resend after a
// wait, or the error with the service's words.
import {
	NodeOperationError,
	sleep,
	type IAdditionalCredentialOptions,
	type IHttpRequestOptions,
	type IN8nHttpFullResponse,
} from 'n8n-workflow';

import { renewingOptions, replacedSession, type SendMode, type Target } from './account';
import { toApiError } from './error-words';
import { readFailure, type Failure } from './failure';
import { acquire, holdUntil, rateLimitWaitMs, release, windowSpent } from './gate';
import { headerOf } from '../records';
import { retryPolicy, type ApiContext, type ApiRequest, type FullResponse, type ServiceSpec } from './types';

const IDEMPOTENT = new Set(['GET', 'HEAD', 'PUT', 'DELETE', 'OPTIONS']);
const RETRY_STATUSES = new Set([429, 502, 503, 504]);
/** Connection failures after which the request may have reached the service. */
const RESET_CODES = new Set(['ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'ECONNABORTED', 'ERR_STREAM_PREMATURE_CLOSE']);
/** Resends after another request of the account renewed the session or token meanwhile. */
const MAX_RESENDS_AFTER_RENEWAL = 3;
/**
 * The marker naming "whichever session was refused", when n8n's error did not keep the headers the
 * request went with (the credential's `authenticate` then leaves out the stored session).
 */
const UNKNOWN_SESSION = '1';

type Renewal = NonNullable<ServiceSpec['sessionRenewal']>;

/** Where one request stands between its sends. */
interface RequestState {
	attempt: number;
	/** This request renewed the session itself (once at most). */
	renewed: boolean;
	/** How the next send goes (sessionRenewal): see SendMode. */
	nextSend: SendMode;
	/** The refused session the next send names, so that n8n logs in afresh on the 401 (sessionRenewal). */
	mark?: string;
	resentAfterRenewal: number;
	/** 429s of this request that said nothing of the window (n8n 1.x drops the headers). */
	unsaid429s: number;
	/** When this request's first 429 of a spent window came: it waits for a window up to maxRateWaitMs from then. */
	windowSpentAt?: number;
	/** Refused for how many were in flight: the next send goes alone (see nextStep). */
	alone: boolean;
}

/** One failed send, read. */
interface FailedSend {
	failure: Failure;
	/** The session expired (a status of sessionRenewal, the credential not refused). */
	expired: boolean;
	/** An OAuth2 401 after n8n's own refresh and resend. */
	tokenRefused: boolean;
	/** Renewals of the account's gate when this send went, and when it went. */
	renewalsAtSend: number;
	sentAt: number;
}

/** What a failure leads to. */
type Step = { then: 'send again'; waitMs?: number } | { then: 'fail'; note?: string };

function backoffMs(attempt: number): number {
	const exp = Math.min(retryPolicy.maxDelayMs, retryPolicy.baseDelayMs * 2 ** attempt);
	return exp / 2 + Math.random() * (exp / 2);
}

function read(error: unknown, url: string, renewal: Renewal | undefined, at: { renewalsAtSend: number; sentAt: number }): FailedSend {
	const failure = readFailure(error, url);
	// Either way the service refused the request before processing it, so any method may go again.
	const expired = renewal !== undefined && failure.status !== undefined && renewal.statuses.includes(failure.status) && !failure.refusal;
	const tokenRefused = renewal === undefined && failure.status === 401 && !failure.refusal;
	return { failure, expired, tokenRefused, ...at };
}

/**
 * What a failed send leads to, one rule a case, in order. It updates the request's state (and the
 * account's target and gate) for the next send.
 */
async function nextStep(
	ctx: ApiContext,
	o: { service: ServiceSpec; target: Target; request: ApiRequest; idempotent: boolean; state: RequestState; sent: FailedSend },
): Promise<Step> {
	const { service, target, state, sent } = o;
	const { failure, expired, tokenRefused } = sent;
	const renewal = service.sessionRenewal;
	const gate = target.gate;
	const lastAttempt = state.attempt + 1 >= retryPolicy.attempts;

	// 1. Another request renewed meanwhile. Requests in flight together meet one expiry together: the
	// first renews, the others wait for it (the gate lets one through at a time) and go again with the
	// new session or token. A token refused after n8n's own refresh goes again only while other
	// requests of the account are in flight (one of their refreshes may have replaced it under this one).
	const othersInFlight = gate.inFlight > 0;
	let renewedByAnother = (expired && gate.renewals !== sent.renewalsAtSend) || (tokenRefused && othersInFlight);
	/** The session the refused request carried, where n8n's error kept its headers. */
	const sentSession = renewal ? headerOf(failure.sentHeaders, renewal.header) : undefined;
	if (expired && renewal && !renewedByAnother) {
		const replaced = await replacedSession(ctx, service, target, renewal, sentSession);
		if (replaced === 'known') state.nextSend = 'as known';
		renewedByAnother = replaced !== undefined;
	}
	if (renewedByAnother && state.resentAfterRenewal < MAX_RESENDS_AFTER_RENEWAL && !lastAttempt) {
		state.resentAfterRenewal++;
		return { then: 'send again' };
	}

	// 2. A lone request refused with a token just renewed is refused for good: one renewal, then the
	// service's words, and no further token asked by this execution.
	if (tokenRefused && !othersInFlight) target.tokenRefused = failure;

	// 3. An expired session: one renewal by this request. Nobody asked for a login since the request
	// went (n8n 1.x renews only on a 401): the next send has n8n log in first. A login was asked
	// meanwhile (n8n 2.x renews on the 403 itself, and was refused again; or another request): the
	// next send names the refused session, and n8n logs in afresh on the 401.
	if (expired && state.renewed) target.renewalFutile = true;
	if (expired && !state.renewed && !target.renewalFutile && !lastAttempt && renewal) {
		state.renewed = true;
		if (renewal.renewedSince(target.credentials, sent.sentAt)) {
			state.mark = sentSession ?? UNKNOWN_SESSION;
			state.nextSend = 'as stored';
		} else state.nextSend = 'log in';
		gate.renewals++;
		return { then: 'send again' };
	}

	// 4. A resend after a wait. A 429 was refused unprocessed, a refused connection never arrived, and
	// a token endpoint or login that failed means the call itself was never sent: all are safe to
	// resend whatever the method. A 5xx or a reset of the call may have reached the service: only
	// idempotent methods are sent again (a second CreateFile would be a second file).
	const authStageFailed = failure.authStage === true && !failure.refusal;
	const notProcessed = failure.status === 429 || failure.code === 'ECONNREFUSED' || authStageFailed;
	const transient =
		(failure.status !== undefined && RETRY_STATUSES.has(failure.status)) ||
		(failure.code !== undefined && RESET_CODES.has(failure.code));
	const retryable = !failure.refusal && (notProcessed || (o.idempotent && transient));

	if (failure.status === 429 && rateLimitWaitMs(failure.headers) === undefined && headerOf(failure.headers, 'x-ratelimit-remaining') === undefined) state.unsaid429s++;
	const spent = failure.status === 429 && windowSpent(failure.headers, gate, state.unsaid429s);
	if (spent) state.windowSpentAt ??= Date.now();
	// The call's spent window is waited out whatever the count of sends: where nobody named its reset
	// (n8n 1.x drops a 429's headers, and the window other processes spent began after this one's last
	// answer), five quick sends failed seconds before it (issue 61, 3). A busy token endpoint or login
	// says nothing of the call's window: its attempts stay bounded.
	const waitingForWindow = spent && !failure.authStage && Date.now() - state.windowSpentAt! < retryPolicy.maxRateWaitMs;

	// 5. The error, with the service's words. A write that may have been processed is not sent again:
	// say so, or "run again" could make it twice.
	if ((lastAttempt && !waitingForWindow) || !retryable) {
		const note =
			!o.idempotent && transient && !notProcessed
				? `This ${o.request.method} may have reached the service before the answer was lost: check whether it was made before running the item again.`
				: undefined;
		return { then: 'fail', note };
	}
	let waitMs = backoffMs(state.attempt);
	if (failure.status === 429 && !spent) {
		// Refused for how many were in flight, with budget left in the window: the gate has halved the
		// in-flight limit (release), and the request goes again after a short back-off, not at the reset,
		// alone: the account's requests behind it wait until those in flight are answered. Else, as the
		// limit grows back, the same request could be the one sent over it again and again (on n8n 1.x
		// its third such 429 reads as a spent window, and it waits for the reset). Refused alone, it was
		// not refused for this process's requests.
		state.alone = true;
		return { then: 'send again', waitMs };
	}
	if (failure.status === 429) {
		const asked = rateLimitWaitMs(failure.headers);
		if (asked !== undefined && asked > retryPolicy.maxRateWaitMs) {
			return {
				then: 'fail',
				note: `The service asks to wait ${Math.ceil(asked / 1000)} s before the next request, longer than the ${retryPolicy.maxRateWaitMs / 1000} s this node waits.`,
			};
		}
		// A reset in the past still gets a short backoff: never spin.
		if (asked !== undefined) waitMs = Math.max(asked + 50, 250);
		// Past the attempts, waiting for a window nobody named (or named in the past): sends a few seconds apart.
		if (lastAttempt) waitMs = Math.max(waitMs, backoffMs(state.attempt));
		// The whole account waits out a 429, not only this request.
		holdUntil(gate, Date.now() + waitMs, asked !== undefined);
	}
	return { then: 'send again', waitMs };
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
	const state: RequestState = { attempt: 0, renewed: false, nextSend: 'as stored', resentAfterRenewal: 0, unsaid429s: 0, alone: false };
	for (; ; state.attempt++) {
		const epoch = await acquire(gate, state.alone);
		// The service refused a token just renewed (nextStep, rule 2): every later request fails with its words.
		if (target.tokenRefused) {
			release(gate, epoch, undefined, undefined);
			throw await toApiError({ ctx: this, service, failure: target.tokenRefused, secrets, itemIndex: request.itemIndex });
		}
		const renewalsAtSend = gate.renewals;
		let sendOptions = authOptions;
		if (renewal) {
			try {
				sendOptions = await renewingOptions(this, service, target, renewal, state.nextSend, authOptions);
			} catch (error) {
				// n8n could not read the stored session: nothing was sent, but the slot is given back, or
				// the account's later requests would wait for it for good.
				release(gate, epoch, undefined, undefined);
				throw new NodeOperationError(this.getNode(), error as Error, {
					itemIndex: request.itemIndex,
					description: 'n8n could not read the stored credential before sending: nothing was sent. Run the item again.',
				});
			}
		}
		const sentAt = Date.now();
		const sentWith: IHttpRequestOptions =
			state.mark && renewal ? { ...options, headers: { ...options.headers, [renewal.markerHeader]: state.mark } } : options;
		state.nextSend = 'as stored';
		state.mark = undefined;
		try {
			const response = (await this.helpers.httpRequestWithAuthentication.call(
				this,
				service.credentialType,
				sentWith,
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
			const sent = read(error, options.url, renewal, { renewalsAtSend, sentAt });
			release(gate, epoch, sent.failure.status, sent.failure.headers, sent.expired || sent.tokenRefused);
			const step = await nextStep(this, { service, target, request, idempotent, state, sent });
			if (step.then === 'fail') {
				throw await toApiError({ ctx: this, service, failure: sent.failure, secrets, itemIndex: request.itemIndex, note: step.note });
			}
			if (step.waitMs !== undefined) await sleep(step.waitMs);
		}
	}
}
