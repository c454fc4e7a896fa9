// Wording a failure for the user: the error n8n shows, in the service's words, saying what
// happened, how to go on and nothing secret. failure.ts reads what failed.
import { NodeApiError, type Failure as DeclaredFailure, type JsonObject } from 'n8n-workflow';

import { decodeBody, type Failure } from './failure';
import { rateLimitWaitMs } from './gate';
import type { ApiContext, ServiceSpec } from './types';

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
	const error = new NodeApiError(ctx.getNode(), response, {
		message,
		description: redact(details.join('\n'), secrets),
		httpCode: failure.status !== undefined ? String(failure.status) : undefined,
		itemIndex,
	});
	return declare(error, { cause: 'credential-invalid' });
}

/**
 * How to go on after an answer, by its status: the description of every service error says it
 * (n8n's guidelines: the message says what happened, the description how to fix it).
 */
function fixForStatus(status: number | undefined, authNotReached = false): string {
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

/**
 * Why the request failed, as n8n 2.x reads it from an error's `failure` (n8n-workflow
 * errors/failure.ts): a durable poll trigger backs off on it (poll-backoff-policy.js), waiting at
 * least `retryAfterMs` after a rate limit, and 30 minutes after a cause someone must fix. Plain data
 * on the error: an n8n that does not read it (1.x, and 2.x without durable poll cursors) ignores it,
 * and reads the status instead.
 */
function declaredFailure(failure: Failure, authNotReached: boolean): DeclaredFailure | undefined {
	const status = failure.status;
	const asked = rateLimitWaitMs(failure.headers);
	const wait = asked !== undefined && asked > 0 ? { retryAfterMs: Math.ceil(asked) } : {};
	if (status === 429) return { cause: 'rate-limited', ...wait };
	if (status === undefined || authNotReached || status >= 500) return { cause: 'temporarily-unavailable', ...wait };
	// The account may not do this: someone must change its permissions. A 400, 404 or 422 of a poll's
	// read is declared nothing: it may be the service's passing fault, and n8n then waits on its curve
	// (5 s doubling) rather than 30 minutes.
	if (status === 403) return { cause: 'configuration-invalid' };
	return undefined;
}

/** Puts the declaration on the error, whatever n8n's version (its constructor may not take it). */
function declare(error: NodeApiError, failure: DeclaredFailure | undefined): NodeApiError {
	if (failure) (error as NodeApiError & { failure?: DeclaredFailure }).failure = failure;
	return error;
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
	const error = new NodeApiError(ctx.getNode(), response, {
		message,
		description: redact(details.join('\n'), secrets),
		httpCode: status !== undefined ? String(status) : undefined,
		itemIndex,
	});
	return declare(error, declaredFailure(failure, authNotReached));
}
