// Reading a failure: what n8n's request helper threw (a status, a body, a connection word, a
// refused credential, wherever n8n wrapped it) made into an error a user can act on, in the
// service's words and with every secret the request carried removed.
import { NodeApiError, type JsonObject } from 'n8n-workflow';

import { BUSY_STATUSES, LOGIN_REFUSED_CODE, type ApiContext, type FullResponse, type ServiceSpec } from './types';

export interface Failure {
	status?: number;
	headers?: FullResponse['headers'];
	body?: unknown;
	/** A transport failure's code (ECONNRESET, ECONNREFUSED, ...), wherever n8n put it. */
	code?: string;
	message: string;
	/** The credential was refused: by the token endpoint, the login, or n8n's refresh. */
	refusal?: Refusal;
	/** The failing request was the token endpoint or the login, not the call. */
	authStage?: boolean;
	/** Its address, when n8n's error kept it. */
	authEndpoint?: string;
	/** The headers the call itself went with, when n8n's error kept them (n8n 2.x): which session it sent. */
	sentHeaders?: FullResponse['headers'];
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
export function readFailure(error: unknown, requestUrl: string): Failure {
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
				failure.authStage = true;
				if (typeof e.loginStatus === 'number') failure.status ??= e.loginStatus;
			}
			else if (TOKEN_REFUSAL_CODES.has(code)) {
				const status = typeof e.status === 'number' ? e.status : undefined;
				// ESTATUS is any status the token endpoint answered; 5xx is "not reached", and a busy
				// endpoint (429, 408) asks to come back later: neither refuses the credential.
				failure.authStage = true;
				if (status !== undefined && (status >= 500 || BUSY_STATUSES.has(status))) {
					failure.status ??= status;
					failure.body ??= parseJsonText(e.body);
				} else if (code === 'EAUTH' || status === undefined || status < 500) {
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
		const config = e.config as { url?: unknown; headers?: unknown } | undefined;
		const url = typeof config?.url === 'string' ? config.url : undefined;
		if (url && url.split('?')[0] === requestUrl.split('?')[0] && config?.headers && typeof config.headers === 'object') {
			failure.sentHeaders ??= { ...(config.headers as Record<string, string>) };
		}
		if (url && !failure.authEndpoint && url.split('?')[0] !== requestUrl.split('?')[0]) {
			failure.authEndpoint = url.split('?')[0];
			failure.authStage = true;
		}
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
	/** What the caller knows beyond the answer (e.g. how long a 429 asked to wait), before the fix. */
	note?: string;
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
		`The service answered ${where}${failure.status !== undefined ? ` with ${failure.status}` : ''}. The service was reached (the network is fine) and refused the credential.`,
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

/**
 * How to go on after an answer, by its status: the description of every service error says it
 * (n8n's guidelines: the message says what happened, the description how to fix it).
 */
export function fixForStatus(status: number | undefined, authNotReached = false): string {
	if (status === undefined) {
		return "To fix: check that n8n can reach the service (network, proxy, firewall) and that the credential's environment is the right one, then run again.";
	}
	if (authNotReached || status >= 500) {
		return 'To fix: nothing in the workflow; the service could not answer. Run again later; if it goes on, give SkySlope support the trace ID.';
	}
	switch (status) {
		case 400:
		case 422:
			return 'To fix: change the values the service names above, then run the item again.';
		case 403:
			return "To fix: the credential's account may not do this (a record of another agent or office, or a permission or scope it lacks). Use an account that may, or ask the brokerage's SkySlope administrator.";
		case 404:
			return "To fix: check the ID. The record does not exist, was deleted, or is not visible to the credential's account.";
		case 409:
			return 'To fix: the record is not in a state that allows this (it changed, or the thing already exists). Read it again, then run the item again.';
		case 413:
			return 'To fix: send less at once (a smaller file, or fewer records in one item).';
		case 429:
			return 'To fix: the service limits the requests of an account and the node waited as far as it may. Run again later, or less often.';
		default:
			return "To fix: check the operation's parameters against the service's words above, then run the item again.";
	}
}

/** The service's answer as an n8n error: its message, every `errors` entry, and the traceId. */
export async function toApiError(report: FailureReport): Promise<NodeApiError> {
	const { ctx, service, failure, secrets, itemIndex } = report;
	if (failure.refusal || failure.status === 401) return await toCredentialError(report);
	const body = await decodeBody(failure.body);
	const status = failure.status;
	// A token endpoint or login that failed on its side (5xx) or was not reached: the service was not reached either.
	const authNotReached = failure.authStage === true && (status === undefined || status >= 500);
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
		const where = failure.authStage ? ' at its token or login endpoint' : '';
		message = `${service.label} answered ${status}${where}${what ? `: ${what}` : ''}`;
	}
	const details: string[] = [];
	if (failure.authEndpoint !== undefined) details.push(`Endpoint: ${failure.authEndpoint}`);
	if (status === undefined || authNotReached) details.push(`Cause: ${failure.code ?? (status !== undefined ? `HTTP ${status}` : failure.message)}`);
	for (const entry of said.errors ?? []) if (entry && entry !== said.message) details.push(entry);
	if (said.code) details.push(`Code: ${said.code}`);
	if (report.note) details.push(report.note);
	details.push(fixForStatus(status, authNotReached));
	if (said.traceId) details.push(`Trace ID (for SkySlope support): ${said.traceId}`);
	message = redact(message, secrets);
	const response: JsonObject = { message, status: status ?? null };
	if (said.errors) response.errors = said.errors;
	if (said.traceId) response.traceId = said.traceId;
	if (said.code) response.code = said.code;
	return new NodeApiError(ctx.getNode(), response, {
		message,
		description: redact(details.join('\n'), secrets),
		httpCode: status !== undefined ? String(status) : undefined,
		itemIndex,
	});
}
