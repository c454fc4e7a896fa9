// Reading a failure: what n8n's request helper threw (a status, a body, a connection word, a
// refused credential, wherever n8n wrapped it, differently on n8n 1.x and 2.x) as one Failure.
// error-words.ts words it for the user.
import { BUSY_STATUSES, LOGIN_REFUSED_CODE, type FullResponse } from './types';

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
export async function decodeBody(body: unknown): Promise<unknown> {
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
