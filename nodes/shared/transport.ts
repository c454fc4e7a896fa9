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
	/**
	 * A session the node renews itself, the same on every n8n line (n8n 1.x ignores
	 * authRetryStatuses, and renews only after a 401): when the stored session is past its renewal
	 * time (`stale`), or after an answer with one of `statuses`, the request goes to n8n with the
	 * credential's data and its `expirable` field emptied. n8n then runs the credential's
	 * preAuthentication first (one login, stored for the next requests and executions) and sends the
	 * request with the new session: no request is refused on the way.
	 */
	sessionRenewal?: { statuses: number[]; expirable: string; stale(credentials: ICredentialDataDecryptedObject, now: number): boolean };
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

const IDEMPOTENT = new Set(['GET', 'HEAD', 'PUT', 'DELETE', 'OPTIONS']);
const RETRY_STATUSES = new Set([429, 502, 503, 504]);
/** Connection failures after which the request may have reached the service. */
const RESET_CODES = new Set(['ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'ECONNABORTED', 'ERR_STREAM_PREMATURE_CLOSE']);

/**
 * Requests of one account (see ServiceSpec.rateKey), from every node and execution of this process:
 * how many may be in flight, how many are, who waits, and what the last answers said of the
 * rate-limit window, so that a long run slows down before the limit instead of running into it.
 */
interface Gate {
	/** The service's number (ServiceSpec.concurrency). */
	ceiling: number;
	/** The in-flight limit now: halved when the service answers 429 or 503, grown back by one per round of answers. */
	limit: number;
	growth: number;
	/** Counts back-offs: answers to requests sent before the last one do not halve again. */
	epoch: number;
	inFlight: number;
	/**
	 * One request at a time: until the account's first answer, and again after an expired session or
	 * token until the next answer, so that a login or token refresh happens once, not once per request.
	 */
	cold: boolean;
	/** Counts renewals started (expired session or token): a request sent before the last one resends without renewing again. */
	renewals: number;
	waiting: Array<() => void>;
	/** Requests the window has left: the last answer's remaining, less the requests sent since. */
	remaining?: number;
	resetAtMs?: number;
	sleepingUntilReset: boolean;
}

/** Bounded: idle accounts beyond this many are forgotten. */
const gates = new Map<string, Gate>();
const MAX_GATES = 100;

function gateOf(key: string, service: ServiceSpec): Gate {
	let gate = gates.get(key);
	if (!gate) {
		const ceiling = Math.max(1, Math.floor(service.concurrency ?? 1));
		gate = { ceiling, limit: ceiling, growth: 0, epoch: 0, inFlight: 0, cold: true, renewals: 0, waiting: [], sleepingUntilReset: false };
		gates.set(key, gate);
		if (gates.size > MAX_GATES) {
			for (const [k, g] of gates) {
				if (gates.size <= MAX_GATES) break;
				if (g !== gate && g.inFlight === 0 && g.waiting.length === 0 && !g.sleepingUntilReset) gates.delete(k);
			}
		}
	}
	return gate;
}

/** Whether the window's budget is spent; a window whose reset has passed is forgotten. */
function windowSpent(gate: Gate): boolean {
	if (gate.remaining === undefined || gate.remaining > 0) return false;
	if ((gate.resetAtMs ?? 0) > Date.now()) return true;
	gate.remaining = undefined;
	gate.resetAtMs = undefined;
	return false;
}

/** Lets waiting requests go, oldest first, while the limit and the window allow. */
function admit(gate: Gate): void {
	while (gate.waiting.length && gate.inFlight < (gate.cold ? 1 : gate.limit) && !windowSpent(gate)) {
		gate.inFlight++;
		if (gate.remaining !== undefined) gate.remaining--;
		gate.waiting.shift()!();
	}
	if (gate.waiting.length && windowSpent(gate) && !gate.sleepingUntilReset) {
		gate.sleepingUntilReset = true;
		const wait = Math.min((gate.resetAtMs ?? 0) - Date.now() + 50, retryPolicy.maxRateWaitMs);
		void sleep(wait).then(() => {
			gate.sleepingUntilReset = false;
			gate.remaining = undefined;
			gate.resetAtMs = undefined;
			admit(gate);
		});
	}
}

/** Waits for a slot; gives the back-off epoch the request is sent in. */
async function acquire(gate: Gate): Promise<number> {
	await new Promise<void>((resolve) => {
		gate.waiting.push(resolve);
		admit(gate);
	});
	return gate.epoch;
}

/** An answer came (or the request failed): frees the slot and learns from the answer. */
function release(
	gate: Gate,
	sentInEpoch: number,
	status: number | undefined,
	headers: FullResponse['headers'] | undefined,
	authExpired = false,
) {
	gate.inFlight--;
	const remaining = Number(headerOf(headers, 'x-ratelimit-remaining'));
	const reset = Number(headerOf(headers, 'x-ratelimit-reset'));
	if (Number.isFinite(remaining) && Number.isFinite(reset)) {
		// The answer's remaining does not count the requests still in flight; an older answer may arrive last.
		const budget = Math.max(0, remaining - gate.inFlight);
		const sameWindow = gate.resetAtMs === reset * 1000 && gate.remaining !== undefined;
		gate.remaining = sameWindow ? Math.min(gate.remaining!, budget) : budget;
		gate.resetAtMs = reset * 1000;
	}
	if (status === 429 || status === 503) {
		// The service is struggling: halve what is in flight, once per round, then grow back slowly.
		if (sentInEpoch === gate.epoch) {
			gate.limit = Math.max(1, Math.floor(gate.limit / 2));
			gate.growth = 0;
			gate.epoch++;
		}
	} else if (authExpired) {
		gate.cold = true;
	} else if (status !== undefined && status < 500) {
		gate.cold = false;
		// Only answers to requests sent since the last back-off say the smaller limit is working.
		if (status < 400 && gate.limit < gate.ceiling && sentInEpoch === gate.epoch) {
			gate.growth += 1 / gate.limit;
			if (gate.growth >= 1) {
				gate.limit++;
				gate.growth = 0;
			}
		}
	}
	admit(gate);
}

/** A 429 asked to wait: every request of the account waits, not only the refused one. */
function holdUntil(gate: Gate, atMs: number) {
	gate.remaining = 0;
	gate.resetAtMs = Math.max(gate.resetAtMs ?? 0, atMs);
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
	/** A transport failure's code (ECONNRESET, ECONNREFUSED, ...), wherever n8n put it. */
	code?: string;
	message: string;
	/** The credential was refused: by the token endpoint, the login, or n8n's refresh. */
	refusal?: Refusal;
	/** The failing request went to another address than the call (a token endpoint or the login). */
	authEndpoint?: string;
}

interface Refusal {
	/** `invalid_client`, `invalid_grant`, ... when the token endpoint said so. */
	oauthError?: string;
	/** What the service answered, in its words. */
	said?: string;
	/** The account must be connected again (expired or revoked refresh token, never connected). */
	reconnect?: boolean;
}

/** Codes the OAuth2 client of n8n gives a token endpoint's refusal (with and without an OAuth error). */
const TOKEN_REFUSAL_CODES = new Set(['EAUTH', 'ESTATUS']);

/**
 * Every object n8n may have wrapped the HTTP client's error in: `cause` chains (n8n 2.x),
 * `errorResponse` and `reason`. n8n 1.x drops `cause` when it wraps an Error and keeps only what
 * it copied onto its own error (`httpCode`, `context.data`, the message), so both are read.
 */
function errorChain(error: unknown): Array<Record<string, unknown>> {
	const seen = new Set<unknown>();
	const queue: unknown[] = [error];
	const chain: Array<Record<string, unknown>> = [];
	while (queue.length && chain.length < 12) {
		const current = queue.shift();
		if (!current || typeof current !== 'object' || seen.has(current)) continue;
		seen.add(current);
		const e = current as Record<string, unknown>;
		chain.push(e);
		queue.push(e.cause, e.errorResponse, e.reason);
	}
	return chain;
}

/** A token endpoint's answer may arrive as the raw text of its JSON. */
function parseJsonText(value: unknown): unknown {
	if (typeof value !== 'string') return value;
	try {
		return JSON.parse(value) as unknown;
	} catch {
		return { message: value };
	}
}

function stringOf(value: unknown): string | undefined {
	return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
}

/** n8n wraps the HTTP client's error (sometimes twice, sometimes dropping it): find what it says. */
function readFailure(error: unknown, requestUrl: string): Failure {
	const chain = errorChain(error);
	const failure: Failure = { message: error instanceof Error ? error.message : String(error) };
	for (const e of chain) {
		const response = e.response as { status?: number; headers?: FullResponse['headers']; data?: unknown; body?: unknown } | undefined;
		if (response && failure.headers === undefined && typeof response.status === 'number') {
			failure.status = response.status;
			failure.headers = response.headers;
			failure.body = response.data ?? response.body;
		}
		// n8n 1.x copies the code of a transport failure into `httpCode` and drops the error itself.
		for (const code of [e.code, e.httpCode]) {
			if (typeof code !== 'string' || !/^E[A-Z_]+$/.test(code)) continue;
			if (code === LOGIN_REFUSED_CODE) {
				failure.refusal ??= { said: stringOf(e.message) };
				if (typeof e.loginStatus === 'number') failure.status ??= e.loginStatus;
			}
			else if (TOKEN_REFUSAL_CODES.has(code)) {
				const status = typeof e.status === 'number' ? e.status : undefined;
				// ESTATUS is any status the token endpoint answered; 5xx is "not reached", not a refusal.
				if (code === 'EAUTH' || status === undefined || status < 500) {
					// The outer n8n error carries the code too: fill in from whichever level has the body.
					const body = parseJsonText(e.body) as { error?: unknown; error_description?: unknown; message?: unknown } | undefined;
					const refusal = (failure.refusal ??= {});
					refusal.oauthError ??= stringOf(body?.error);
					const said = stringOf(body?.error_description) ?? stringOf(body?.message);
					if (said) refusal.said = said;
					else refusal.said ??= stringOf(e.message);
					if (status !== undefined) failure.status ??= status;
				}
			} else failure.code ??= code;
		}
		// n8n's own word that the refresh token no longer works (n8n 2.x).
		const cause = (e.failure as { cause?: unknown } | undefined)?.cause;
		if (cause === 'credential-invalid') {
			failure.refusal ??= { said: stringOf(e.description) ?? stringOf(e.message), reconnect: true };
			failure.refusal.reconnect = true;
		}
		// The address the HTTP client was asked for: another one than the call's is the token endpoint or the login.
		const config = e.config as { url?: unknown } | undefined;
		const url = typeof config?.url === 'string' ? config.url : undefined;
		if (url && !failure.authEndpoint && url.split('?')[0] !== requestUrl.split('?')[0]) failure.authEndpoint = url.split('?')[0];
	}
	if (failure.refusal?.oauthError === 'invalid_grant') failure.refusal.reconnect = true;
	// Without a response anywhere, fall back to what n8n's own error says.
	for (const e of chain) {
		const httpCode = e.httpCode;
		if (failure.status === undefined && typeof httpCode === 'string' && /^\d{3}$/.test(httpCode)) failure.status = Number(httpCode);
		const data = (e.context as { data?: unknown } | undefined)?.data;
		if (failure.body === undefined && data !== undefined) failure.body = data;
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

/** Replaces every secret of the credential that an answer might echo. */
function redact(text: string, secrets: string[]): string {
	let out = text;
	for (const secret of secrets) out = out.split(secret).join('[redacted]');
	return out;
}

/** What an error is made from: the node that asked, the service, what failed, and the secrets to keep out of it. */
interface FailureReport {
	ctx: ApiContext;
	service: ServiceSpec;
	failure: Failure;
	secrets: string[];
	itemIndex?: number;
}

/** How the node's credential is named in errors: its name in the workflow, else its type. */
function credentialName(ctx: ApiContext, service: ServiceSpec): string {
	const ref = ctx.getNode().credentials?.[service.credentialType];
	return ref?.name ? `"${ref.name}"` : `of type ${service.credentialType}`;
}

/**
 * The service refused the credential itself (its token endpoint, its login, or a 401 that n8n's
 * own renewal did not cure): an error that names the credential, gives the service's words and
 * says what to fix. Never "could not be reached": the service was reached and said no.
 */
async function toCredentialError({ ctx, service, failure, secrets, itemIndex }: FailureReport): Promise<NodeApiError> {
	const refusal = failure.refusal ?? {};
	const body = await decodeBody(failure.body);
	const read = service.readError(body);
	const said = refusal.said ?? read.message ?? (typeof body === 'string' && body.trim() ? body.trim().slice(0, 300) : undefined);
	const words = [refusal.oauthError, said && said !== refusal.oauthError ? said : undefined].filter(Boolean).join(': ');
	const where = failure.refusal
		? failure.authEndpoint
			? `its token or login endpoint (${failure.authEndpoint})`
			: 'its token or login endpoint'
		: 'the request';
	const message = redact(
		`${service.label} refused the credential ${credentialName(ctx, service)}${words ? `: ${words}` : ''}`,
		secrets,
	);
	const help = service.credentialHelp ?? { refused: 'open the credential and check its values.' };
	const fix = refusal.reconnect && help.reconnect ? help.reconnect : help.refused;
	const details = [
		`The service answered ${where}${failure.status !== undefined ? ` with ${failure.status}` : ''}. This is not a network problem: it was reached and refused the credential.`,
		`To fix: ${fix}`,
	];
	if (read.traceId) details.push(`Trace ID (for SkySlope support): ${read.traceId}`);
	const response: JsonObject = { message, status: failure.status ?? null, credentialRefused: true };
	if (refusal.oauthError) response.error = refusal.oauthError;
	return new NodeApiError(ctx.getNode(), response, {
		message,
		description: redact(details.join('\n'), secrets),
		httpCode: failure.status !== undefined ? String(failure.status) : undefined,
		itemIndex,
	});
}

/** The service's answer as an n8n error: its message, every `errors` entry, and the traceId. */
async function toApiError(report: FailureReport): Promise<NodeApiError> {
	const { ctx, service, failure, secrets, itemIndex } = report;
	if (failure.refusal || failure.status === 401) return await toCredentialError(report);
	const body = await decodeBody(failure.body);
	const status = failure.status;
	// A token endpoint or login that failed on its side (5xx) or was not reached: the service was not reached either.
	const authNotReached = failure.authEndpoint !== undefined && (status === undefined || status >= 500);
	const said = status !== undefined ? service.readError(body) : {};
	const what = said.message || (typeof body === 'string' && body.trim() ? body.trim().slice(0, 300) : undefined);
	let message: string;
	if (authNotReached) {
		message =
			status === undefined
				? `${service.label} could not be reached: its token or login endpoint did not answer (${CONNECTION_WORDS[failure.code ?? ''] ?? 'the request failed'})`
				: `${service.label} could not be reached: its token or login endpoint answered ${status}${what ? `: ${what}` : ''}`;
	} else if (status === undefined) {
		message = `${service.label} could not be reached: ${CONNECTION_WORDS[failure.code ?? ''] ?? 'the request failed'}`;
	} else {
		message = `${service.label} answered ${status}${what ? `: ${what}` : ''}`;
	}
	const details: string[] = [];
	if (authNotReached) details.push(`Endpoint: ${failure.authEndpoint}`);
	if (status === undefined || authNotReached) details.push(`Cause: ${failure.code ?? (status !== undefined ? `HTTP ${status}` : failure.message)}`);
	for (const entry of said.errors ?? []) if (entry && entry !== said.message) details.push(entry);
	if (said.code) details.push(`Code: ${said.code}`);
	if (said.traceId) details.push(`Trace ID (for SkySlope support): ${said.traceId}`);
	message = redact(message, secrets);
	const response: JsonObject = { message, status: status ?? null };
	if (said.errors) response.errors = said.errors;
	if (said.traceId) response.traceId = said.traceId;
	if (said.code) response.code = said.code;
	return new NodeApiError(ctx.getNode(), response, {
		message,
		description: details.length ? redact(details.join('\n'), secrets) : undefined,
		httpCode: status !== undefined ? String(status) : undefined,
		itemIndex,
	});
}

/** Where requests go and whose rate budget they spend. */
interface Target {
	base: string;
	paceKey: string;
	/** The credential's secrets, never to appear in an error (a service may echo what it was sent). */
	secrets: string[];
	/** A renewed session was refused the same way: the status is not an expiry, do not renew again. */
	renewalFutile?: boolean;
	/**
	 * The service refused an OAuth token that n8n had just renewed: final for this execution. Later
	 * requests fail with the same words at once, without asking the token endpoint again.
	 */
	tokenRefused?: Failure;
	/** The stored credential as last read: whether its session is stale is asked of it before each send. */
	credentials: ICredentialDataDecryptedObject;
	gate: Gate;
}

const SECRET_FIELDS = ['clientSecret', 'accessSecret', 'sessionToken'];
const TOKEN_FIELDS = ['access_token', 'refresh_token'];

function secretsOf(credentials: ICredentialDataDecryptedObject): string[] {
	const token = (credentials.oauthTokenData ?? {}) as IDataObject;
	return [...SECRET_FIELDS.map((f) => credentials[f]), ...TOKEN_FIELDS.map((f) => token[f])].filter(
		(v): v is string => typeof v === 'string' && v.length >= 6,
	);
}

/**
 * The base URL and pace key, read from the credential once per execution context: one `execute`
 * call (all its items and pages) shares one context object, and in n8n every credential read is a
 * database read and a decryption.
 */
const targets = new WeakMap<object, Map<string, Target>>();
/** Per execution context: told when its first request names the account, so the router can widen. */
const accountListeners = new WeakMap<object, () => void>();

/**
 * How many items an item-by-item operation may have in flight for this execution context now: its
 * account's in-flight limit once a request has named the account, else undefined. The router
 * takes the items; the transport holds each request to the limit and the rate-limit window.
 */
export function itemsInFlightLimit(ctx: ApiContext): number | undefined {
	const known = targets.get(ctx);
	if (!known || known.size === 0) return undefined;
	return Math.min(...[...known.values()].map((t) => t.gate.limit));
}

/** Calls `listener` when this context's first request has named its account. */
export function onAccountKnown(ctx: ApiContext, listener: () => void): void {
	accountListeners.set(ctx, listener);
}

async function targetOf(ctx: ApiContext, service: ServiceSpec): Promise<Target> {
	let known = targets.get(ctx);
	if (!known) targets.set(ctx, (known = new Map()));
	let target = known.get(service.credentialType);
	if (target === undefined) {
		const credentials = await ctx.getCredentials(service.credentialType);
		const base = service.baseUrl(credentials).replace(/\/+$/, '');
		const paceKey = `${service.credentialType} ${base} ${service.rateKey(credentials)}`;
		target = { base, paceKey, secrets: secretsOf(credentials), credentials, gate: gateOf(paceKey, service) };
		// No token or session yet: the first request gets one, so it goes alone (else one login per request).
		const token = (credentials.oauthTokenData ?? {}) as IDataObject;
		if (!token.access_token && !credentials.sessionToken) target.gate.cold = true;
		known.set(service.credentialType, target);
		accountListeners.get(ctx)?.();
	}
	return target;
}

function backoffMs(attempt: number): number {
	const exp = Math.min(retryPolicy.maxDelayMs, retryPolicy.baseDelayMs * 2 ** attempt);
	return exp / 2 + Math.random() * (exp / 2);
}

/**
 * The credential options of one send of a service whose session the node renews: as they are while
 * the stored session is good; with the credential's data and its session emptied when it is stale
 * or was just refused, so that n8n logs in before sending (sessionRenewal). A stale session is read
 * again from the store first: another execution may have renewed it meanwhile.
 */
async function renewingOptions(
	ctx: ApiContext,
	service: ServiceSpec,
	target: Target,
	renewal: NonNullable<ServiceSpec['sessionRenewal']>,
	refused: boolean,
	authOptions: IAdditionalCredentialOptions,
): Promise<IAdditionalCredentialOptions> {
	const now = Date.now();
	if (!refused && !renewal.stale(target.credentials, now)) return authOptions;
	const stored = await ctx.getCredentials(service.credentialType);
	target.credentials = stored;
	if (!refused && stored[renewal.expirable] && !renewal.stale(stored, now)) return authOptions;
	const reference = ctx.getNode().credentials?.[service.credentialType];
	// The login comes first; a refusal after it is the answer (no second login on a 403 by n8n 2.x).
	return {
		credentialsDecrypted: {
			id: reference?.id ?? '',
			name: reference?.name ?? '',
			type: service.credentialType,
			data: { ...stored, [renewal.expirable]: '' },
		},
	};
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
	const target = await targetOf(this, service);
	const { base, secrets, gate } = target;
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
	const renewal = service.sessionRenewal;
	/** The session was renewed for this request (once at most); the next attempt logs in first. */
	let renewed = false;
	let renewNow = false;
	/** Resends after another request of the account renewed the session or token meanwhile (twice at most). */
	let resentAfterRenewal = 0;
	for (let attempt = 0; ; attempt++) {
		const epoch = await acquire(gate);
		// The service refused a token just renewed (below): every later request fails with its words.
		if (target.tokenRefused) {
			release(gate, epoch, undefined, undefined);
			throw await toApiError({ ctx: this, service, failure: target.tokenRefused, secrets, itemIndex: request.itemIndex });
		}
		const renewalsAtSend = gate.renewals;
		const sendOptions = renewal ? await renewingOptions(this, service, target, renewal, renewNow, authOptions) : authOptions;
		renewNow = false;
		try {
			const response = (await this.helpers.httpRequestWithAuthentication.call(
				this,
				service.credentialType,
				options,
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
			const renewedByAnother = (expired && gate.renewals !== renewalsAtSend) || (tokenRefused && othersInFlight);
			if (renewedByAnother && resentAfterRenewal < 2 && !lastAttempt) {
				resentAfterRenewal++;
				continue;
			}
			if (tokenRefused && !othersInFlight) target.tokenRefused = failure;
			if (expired && renewed) target.renewalFutile = true;
			if (expired && !renewed && !target.renewalFutile && !lastAttempt) {
				renewed = true;
				renewNow = true;
				gate.renewals++;
				continue;
			}
			// A 429 was refused unprocessed, a refused connection never arrived, and a token endpoint
			// or login that failed means the call itself was never sent: all are safe to resend
			// whatever the method. A 5xx or a reset of the call may have reached the service: only
			// idempotent methods are sent again (a second CreateFile would be a second file).
			const authStageFailed = failure.authEndpoint !== undefined && !failure.refusal;
			const notProcessed = failure.status === 429 || failure.code === 'ECONNREFUSED' || authStageFailed;
			const transient =
				(failure.status !== undefined && RETRY_STATUSES.has(failure.status)) ||
				(failure.code !== undefined && RESET_CODES.has(failure.code));
			const retryable = !failure.refusal && (notProcessed || (idempotent && transient));
			if (lastAttempt || !retryable) {
				throw await toApiError({ ctx: this, service, failure, secrets, itemIndex: request.itemIndex });
			}
			let wait = backoffMs(attempt);
			if (failure.status === 429) {
				const asked = rateLimitWaitMs(failure.headers);
				if (asked !== undefined && asked > retryPolicy.maxRateWaitMs) {
					const apiError = await toApiError({ ctx: this, service, failure, secrets, itemIndex: request.itemIndex });
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
				holdUntil(gate, Date.now() + wait);
			}
			await sleep(wait);
		}
	}
}
