// The per-account gate: how many requests of one account may be in flight, who waits, and what the
// service's rate-limit headers said of the window, so that a long run slows down before the limit.
// Shared by every node and execution of the process. A change to pacing touches this file only.
import { sleep } from 'n8n-workflow';

import { headerOf } from '../records';
import { retryPolicy, type FullResponse, type ServiceSpec } from './types';

/**
 * Requests of one account (see ServiceSpec.rateKey), from every node and execution of this process:
 * how many may be in flight, how many are, who waits, and what the last answers said of the
 * rate-limit window, so that a long run slows down before the limit instead of running into it.
 */
export interface Gate {
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
	/** Oldest first; one sent `alone` goes only with none of the account's other requests in flight. */
	waiting: Array<{ go: () => void; alone: boolean }>;
	/** Requests the window has left: the last answer's remaining, less the requests sent since. */
	remaining?: number;
	resetAtMs?: number;
	sleepingUntilReset: boolean;
}

/** Bounded: idle accounts beyond this many are forgotten. */
const gates = new Map<string, Gate>();
const MAX_GATES = 100;

export function gateOf(key: string, service: ServiceSpec): Gate {
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
function budgetSpent(gate: Gate): boolean {
	if (gate.remaining === undefined || gate.remaining > 0) return false;
	if ((gate.resetAtMs ?? 0) > Date.now()) return true;
	gate.remaining = undefined;
	gate.resetAtMs = undefined;
	return false;
}

/** Lets waiting requests go, oldest first, while the limit and the window allow. */
function admit(gate: Gate): void {
	// In order: a request the service refused for how many were in flight goes alone, and holds the
	// ones behind it until none are, rather than let them take the slot and be refused with it again.
	// The window is read once per stop: read twice, a reset falling between the reads left the
	// waiting with neither a slot nor a wake-up, for good.
	let spent = false;
	while (gate.waiting.length && gate.inFlight < (gate.cold || gate.waiting[0].alone ? 1 : gate.limit) && !(spent = budgetSpent(gate))) {
		gate.inFlight++;
		if (gate.remaining !== undefined) gate.remaining--;
		gate.waiting.shift()!.go();
	}
	if (gate.waiting.length && spent && !gate.sleepingUntilReset) {
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

/**
 * Waits for a slot (`alone`: for none of the account's other requests in flight); gives the back-off
 * epoch the request is sent in.
 */
export async function acquire(gate: Gate, alone = false): Promise<number> {
	await new Promise<void>((go) => {
		gate.waiting.push({ go, alone });
		admit(gate);
	});
	return gate.epoch;
}

/** An answer came (or the request failed): frees the slot and learns from the answer. */
export function release(
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

/**
 * A 429: every request of the account waits, not only the refused one, until `atMs`. When the 429
 * named that time itself (Retry-After, x-ratelimit-reset), its word is the newer and stands; when
 * `atMs` is only this request's back-off, a later reset the account's answers named stands.
 */
export function holdUntil(gate: Gate, atMs: number, namedByService: boolean) {
	gate.remaining = 0;
	const known = gate.resetAtMs !== undefined && gate.resetAtMs > Date.now() ? gate.resetAtMs : undefined;
	gate.resetAtMs = namedByService || known === undefined ? atMs : Math.max(known, atMs);
}

/** How many 429s of one request that say nothing of the window are read as "too many in flight", at most. */
export const UNSAID_429S_READ_AS_IN_FLIGHT = 2;

/**
 * Whether a 429 says the rate window is spent: it asks to wait (Retry-After), or its
 * `x-ratelimit-remaining` is 0. A 429 with budget left refused how many requests were in flight at
 * once (the live service does so at 6 or more, shared/spec). A 429 without its headers (n8n 1.x
 * drops them from its error) is read against what the account's last answers said of the window,
 * spent unless they left budget; but `unsaid` such refusals of one request in a row beyond
 * UNSAID_429S_READ_AS_IN_FLIGHT mean requests this process cannot count (other processes, other
 * workflows on the account) spent it: then it is spent.
 */
export function windowSpent(headers: FullResponse['headers'] | undefined, gate: Gate, unsaid = 0): boolean {
	if (headerOf(headers, 'retry-after') !== undefined) return true;
	const said = headerOf(headers, 'x-ratelimit-remaining');
	if (said === undefined && unsaid > UNSAID_429S_READ_AS_IN_FLIGHT) return true;
	const remaining = said === undefined ? (budgetSpent(gate) ? 0 : (gate.remaining ?? 0)) : Number(said);
	return !(Number.isFinite(remaining) && remaining > 0);
}

/** How long a 429 asks us to wait, from Retry-After (seconds or a date) or x-ratelimit-reset. */
export function rateLimitWaitMs(headers: FullResponse['headers'] | undefined): number | undefined {
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
