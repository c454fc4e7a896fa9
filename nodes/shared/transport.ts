import {
	NodeApiError,
	sleep,
	type IAdditionalCredentialOptions,
	type ICredentialDataDecryptedObject,
	type IDataObject,
	type IExecuteFunctions,
	type IHookFunctions,
	type IHttpRequestMethods,
	type IHttpRequestOptions,
	type ILoadOptionsFunctions,
	type IN8nHttpFullResponse,
	type IPollFunctions,
	type IWebhookFunctions,
	type JsonObject,
} from 'n8n-workflow';

import { headerOf, type ServiceError } from './records';

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
	readError(body: unknown): ServiceError;
}

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

const IDEMPOTENT = new Set(['GET', 'HEAD', 'PUT', 'DELETE', 'OPTIONS']);
const RETRY_STATUSES = new Set([429, 502, 503, 504]);
/** Connection failures after which the request may have reached the service. */
const RESET_CODES = new Set(['ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'ECONNABORTED', 'ERR_STREAM_PREMATURE_CLOSE']);

interface Pace {
	remaining: number;
	resetAtMs: number;
}

/**
 * What the last answers said of the rate limit, per account (see ServiceSpec.rateKey), so that a
 * long run slows down before the limit instead of running into it. Bounded: old entries are dropped.
 */
const paces = new Map<string, Pace>();
/** Requests sent and not yet answered, per account: an answer's `remaining` does not count them. */
const inFlight = new Map<string, number>();


function rememberPace(key: string, headers: FullResponse['headers'] | undefined) {
	const remaining = Number(headerOf(headers, 'x-ratelimit-remaining'));
	const reset = Number(headerOf(headers, 'x-ratelimit-reset'));
	if (!Number.isFinite(remaining) || !Number.isFinite(reset)) return;
	const othersInFlight = Math.max(0, (inFlight.get(key) ?? 1) - 1);
	paces.delete(key);
	paces.set(key, { remaining: Math.max(0, remaining - othersInFlight), resetAtMs: reset * 1000 });
	if (paces.size > 100) paces.delete(paces.keys().next().value as string);
}

function settle(key: string) {
	const left = (inFlight.get(key) ?? 1) - 1;
	if (left > 0) inFlight.set(key, left);
	else inFlight.delete(key);
}

/** Waits for the next window when the last answer said none are left in this one. */
async function pace(key: string) {
	const state = paces.get(key);
	if (!state) return;
	if (state.remaining > 0) {
		state.remaining--;
		return;
	}
	const wait = state.resetAtMs - Date.now();
	if (wait > 0) await sleep(Math.min(wait + 50, retryPolicy.maxRateWaitMs));
	paces.delete(key);
}

/** How long a 429 asks us to wait, from Retry-After (seconds or a date) or x-ratelimit-reset. */
function rateLimitWaitMs(headers: FullResponse['headers'] | undefined): number | undefined {
	const retryAfter = headerOf(headers, 'retry-after');
	if (retryAfter !== undefined) {
		const seconds = Number(retryAfter);
		if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
		const date = Date.parse(retryAfter);
		if (!Number.isNaN(date)) return Math.max(0, date - Date.now());
	}
	const reset = Number(headerOf(headers, 'x-ratelimit-reset'));
	if (Number.isFinite(reset)) return Math.max(0, reset * 1000 - Date.now());
	return undefined;
}

interface Failure {
	status?: number;
	headers?: FullResponse['headers'];
	body?: unknown;
	code?: string;
	message: string;
}

/** n8n wraps the HTTP client's error (sometimes twice): find the response in it. */
function readFailure(error: unknown): Failure {
	const candidates: unknown[] = [];
	let current: unknown = error;
	for (let depth = 0; current && depth < 4; depth++) {
		candidates.push(current);
		current = (current as { cause?: unknown }).cause;
	}
	const failure: Failure = { message: error instanceof Error ? error.message : String(error) };
	for (const c of candidates) {
		const e = c as {
			response?: { status?: number; headers?: FullResponse['headers']; data?: unknown; body?: unknown };
			code?: string;
		};
		if (e.response && failure.headers === undefined && typeof e.response.status === 'number') {
			failure.status = e.response.status;
			failure.headers = e.response.headers;
			failure.body = e.response.data ?? e.response.body;
		}
		if (typeof e.code === 'string' && !failure.code && /^E[A-Z_]+$/.test(e.code)) failure.code = e.code;
	}
	// Without a response anywhere, fall back to what n8n's own error says.
	for (const c of candidates) {
		const e = c as { httpCode?: string | null; context?: { data?: unknown } };
		if (failure.status === undefined && e.httpCode && /^\d{3}$/.test(e.httpCode)) failure.status = Number(e.httpCode);
		if (failure.body === undefined && e.context?.data !== undefined) failure.body = e.context.data;
	}
	return failure;
}

/** Error bodies of binary or streamed requests arrive as bytes: read them back as JSON or text. */
async function decodeBody(body: unknown): Promise<unknown> {
	let bytes: Buffer | undefined;
	if (Buffer.isBuffer(body)) bytes = body;
	else if (body instanceof ArrayBuffer) bytes = Buffer.from(body);
	else if (body && typeof (body as AsyncIterable<unknown>)[Symbol.asyncIterator] === 'function') {
		const chunks: Buffer[] = [];
		let size = 0;
		for await (const chunk of body as AsyncIterable<Buffer | string>) {
			const buf = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk);
			chunks.push(buf);
			size += buf.length;
			if (size > 64 * 1024) break;
		}
		bytes = Buffer.concat(chunks);
	}
	const text = bytes ? bytes.toString('utf8') : typeof body === 'string' ? body : undefined;
	if (text === undefined) return body;
	try {
		return JSON.parse(text);
	} catch {
		return text;
	}
}

/** Plain words for connection failures (n8n would otherwise replace a message that names the code). */
const CONNECTION_WORDS: Record<string, string> = {
	ECONNRESET: 'the connection was closed before an answer came',
	ECONNREFUSED: 'nothing is listening at the address in the credential',
	ETIMEDOUT: 'the connection timed out',
	ECONNABORTED: 'the request timed out',
	ENOTFOUND: 'the host name in the credential does not resolve',
	EPIPE: 'the connection was closed while sending',
};

/** The service's refusal as an n8n error: its message, every `errors` entry, and the traceId. */
async function toApiError(
	ctx: ApiContext,
	service: ServiceSpec,
	failure: Failure,
	itemIndex?: number,
): Promise<NodeApiError> {
	const body = await decodeBody(failure.body);
	const said = failure.status !== undefined ? service.readError(body) : {};
	const status = failure.status;
	const what = said.message || (typeof body === 'string' && body.trim() ? body.trim().slice(0, 300) : undefined);
	const message =
		status === undefined
			? `${service.label} could not be reached: ${CONNECTION_WORDS[failure.code ?? ''] ?? 'the request failed'}`
			: `${service.label} answered ${status}${what ? `: ${what}` : ''}`;
	const details: string[] = [];
	if (status === undefined) details.push(`Cause: ${failure.code ?? failure.message}`);
	for (const entry of said.errors ?? []) if (entry && entry !== said.message) details.push(entry);
	if (said.code) details.push(`Code: ${said.code}`);
	if (said.traceId) details.push(`Trace ID (for SkySlope support): ${said.traceId}`);
	const response: JsonObject = { message, status: status ?? null };
	if (said.errors) response.errors = said.errors;
	if (said.traceId) response.traceId = said.traceId;
	if (said.code) response.code = said.code;
	return new NodeApiError(ctx.getNode(), response, {
		message,
		description: details.length ? details.join('\n') : undefined,
		httpCode: status !== undefined ? String(status) : undefined,
		itemIndex,
	});
}

/** Where requests go and whose rate budget they spend. */
interface Target {
	base: string;
	paceKey: string;
}

/**
 * The base URL and pace key, read from the credential once per execution context: one `execute`
 * call (all its items and pages) shares one context object, and in n8n every credential read is a
 * database read and a decryption.
 */
const targets = new WeakMap<object, Map<string, Target>>();

async function targetOf(ctx: ApiContext, service: ServiceSpec): Promise<Target> {
	let known = targets.get(ctx);
	if (!known) targets.set(ctx, (known = new Map()));
	let target = known.get(service.credentialType);
	if (target === undefined) {
		const credentials = await ctx.getCredentials(service.credentialType);
		const base = service.baseUrl(credentials).replace(/\/+$/, '');
		target = { base, paceKey: `${service.credentialType} ${base} ${service.rateKey(credentials)}` };
		known.set(service.credentialType, target);
	}
	return target;
}

function backoffMs(attempt: number): number {
	const exp = Math.min(retryPolicy.maxDelayMs, retryPolicy.baseDelayMs * 2 ** attempt);
	return exp / 2 + Math.random() * (exp / 2);
}

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
	const { base, paceKey: key } = await targetOf(this, service);
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

	const idempotent = IDEMPOTENT.has(request.method.toUpperCase());
	for (let attempt = 0; ; attempt++) {
		await pace(key);
		inFlight.set(key, (inFlight.get(key) ?? 0) + 1);
		try {
			const response = (await this.helpers.httpRequestWithAuthentication.call(
				this,
				service.credentialType,
				options,
				authOptions,
			)) as IN8nHttpFullResponse;
			rememberPace(key, response.headers as FullResponse['headers']);
			settle(key);
			return {
				body: response.body as T,
				headers: response.headers as FullResponse['headers'],
				statusCode: response.statusCode,
			};
		} catch (error) {
			const failure = readFailure(error);
			rememberPace(key, failure.headers);
			settle(key);
			const lastAttempt = attempt + 1 >= retryPolicy.attempts;
			// A 429 was refused unprocessed, and a refused connection never arrived: both are safe to
			// resend whatever the method. A 5xx or a reset may have reached the service: only
			// idempotent methods are sent again (a second CreateFile would be a second file).
			const notProcessed = failure.status === 429 || failure.code === 'ECONNREFUSED';
			const transient =
				(failure.status !== undefined && RETRY_STATUSES.has(failure.status)) ||
				(failure.code !== undefined && RESET_CODES.has(failure.code));
			if (lastAttempt || !(notProcessed || (idempotent && transient))) {
				throw await toApiError(this, service, failure, request.itemIndex);
			}
			let wait = backoffMs(attempt);
			if (failure.status === 429) {
				const asked = rateLimitWaitMs(failure.headers);
				if (asked !== undefined && asked > retryPolicy.maxRateWaitMs) {
					const apiError = await toApiError(this, service, failure, request.itemIndex);
					apiError.description = [
						apiError.description,
						`The service asks to wait ${Math.ceil(asked / 1000)} s before the next request, longer than the ${retryPolicy.maxRateWaitMs / 1000} s this node waits. Try again later or lower the request rate.`,
					]
						.filter(Boolean)
						.join('\n');
					throw apiError;
				}
				// A reset in the past still gets a short backoff: never spin.
				if (asked !== undefined) wait = Math.max(asked + 50, 250);
				paces.delete(key);
			}
			await sleep(wait);
		}
	}
}
