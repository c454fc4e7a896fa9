 
import type { LiveSwitches } from './live';
import type { Router, SandboxRequest, SandboxResponse } from './router';

/** Lifetimes in seconds. Tests shorten them to watch sessions and tokens expire. */
export interface Lifetimes {
	/** Forms: authorization code, access token, refresh token. */
	formsAuthCode: number;
	formsAccessToken: number;
	formsRefreshToken: number;
	/** Listings and sales: the session opened by the HMAC login (2 hours in the spec). */
	listingsSession: number;
	/** Listings and sales: how far the login Timestamp may be from now (5 minutes in the spec). */
	listingsTimestampSkew: number;
	/** Offers: the client-credentials access token (`expires_in`). */
	offersToken: number;
}

export interface RateLimit {
	limit: number;
	windowSeconds: number;
}

export type ServiceName = 'forms' | 'listings' | 'offers';

export interface SandboxOptions {
	/** 0 picks a free port (tests); `npm run sandbox` uses 4010 unless SANDBOX_PORT says otherwise. */
	port?: number;
	host?: string;
	/** Seed of every random choice: the same seed gives the same data and the same faults. */
	seed?: number;
	lifetimes?: Partial<Lifetimes>;
	rateLimits?: Partial<Record<ServiceName, Partial<RateLimit>>>;
	/** A size knob for benchmarks: how many extra forms files, listings/sales and offers to seed. */
	scale?: Partial<{ files: number; listings: number; sales: number; offers: number }>;
	/** Milliseconds since the epoch; tests may move time by hand. */
	clock?: () => number;
	/** Print each request on stdout (the CLI turns this on). */
	verbose?: boolean;
	/** A folder where services keep what a real service would not forget on restart (none: memory only). */
	stateDir?: string;
	/** Behave as clients of the live services report (live.ts); none: as the service documents say. */
	live?: LiveSwitches;
	/**
	 * Awaited before each request of a service is answered (not its `_sandbox` controls): a test
	 * holds a request here to decide the order of concurrent work, or moves its clock (a slow read).
	 */
	gate?: (request: { service: ServiceName; method: string; path: string }) => Promise<void>;
}

export interface ResolvedOptions {
	port: number;
	host: string;
	seed: number;
	lifetimes: Lifetimes;
	rateLimits: Record<ServiceName, RateLimit>;
	scale: { files: number; listings: number; sales: number; offers: number };
	verbose: boolean;
	stateDir?: string;
}

export const defaultLifetimes: Lifetimes = {
	formsAuthCode: 120,
	formsAccessToken: 3600,
	formsRefreshToken: 30 * 24 * 3600,
	listingsSession: 2 * 3600,
	listingsTimestampSkew: 5 * 60,
	offersToken: 3600,
};

/** Listings-sales: 100 a minute per clientId (spec 8). The other two publish no limit: generous ones. */
export const defaultRateLimits: Record<ServiceName, RateLimit> = {
	forms: { limit: 1000, windowSeconds: 60 },
	listings: { limit: 100, windowSeconds: 60 },
	offers: { limit: 600, windowSeconds: 60 },
};

/** One request as the sandbox received it: what tests assert "was sent". */
export interface RequestLogEntry {
	seq: number;
	service: ServiceName | 'sandbox';
	method: string;
	/** Path below the service mount, still URL-encoded as sent. */
	path: string;
	query: Record<string, string | string[]>;
	headers: Record<string, string>;
	/** Parsed JSON body, the urlencoded fields, or `{ bytes, contentType }` for anything else. */
	body: unknown;
	status: number;
	/** What the fault knobs did to it, if anything. */
	fault?: 'latency' | 'error' | 'drop' | 'expire' | 'ratelimit' | 'parallel';
	/** The sessions and tokens were ended before this request (expireEvery), whatever fault it met after. */
	expired?: boolean;
	/** The wrapping the shape knob gave the answer, if it changed it. */
	shape?: string;
	at: number;
}

export interface SandboxContext {
	options: ResolvedOptions;
	/** Milliseconds since the epoch, from the clock option. */
	now(): number;
	/** Deterministic random numbers in [0, 1). */
	random(): number;
	/** The base URL the sandbox listens on, e.g. `http://127.0.0.1:4010` (set once listening). */
	baseUrl(): string;
	/** The live switches on now (live.ts): services read them per request, tests change them at run time. */
	live(): LiveSwitches;
}

/** What each service module gives the server. */
export interface ServiceModule {
	name: ServiceName;
	/** The mount point of the service below the sandbox root, e.g. `/forms`. */
	mount: string;
	router: Router;
	/** The service's own error shape for a status and message (used for 404, 405, 429, faults). */
	error(status: number, message: string, errors?: string[]): SandboxResponse;
	/** The key a rate limit is counted against (the spec: per clientId). */
	rateKey(req: SandboxRequest): string;
	/** Ends every session or token now, as if their lifetime had run out. */
	expireAuth(): void;
	/** The values a user pastes into n8n's credential form, printed on start. */
	credentialHints(baseUrl: string): Record<string, string>;
	/** Anything a service wants to expose to tests (its store). */
	state: unknown;
	/**
	 * The live switches' effect on a finished answer (live.ts): dates, statuses, payload keys, ...
	 * Runs after the shape knob, on every answer the router produced, whatever its status.
	 */
	applyLive?(req: SandboxRequest, answer: SandboxResponse, switches: LiveSwitches): SandboxResponse;
}

/** A fault rule: applies to requests of a service whose path matches. */
export interface FaultRule {
	service?: ServiceName;
	/** A regular expression source, matched against the path below the mount. */
	path?: string;
	method?: string;
	latencyMs?: number;
	/** Share of matching requests answered with `errorStatus` (default 503). */
	errorRate?: number;
	errorStatus?: number;
	/** Share of matching requests whose connection is destroyed without an answer. */
	dropRate?: number;
	/** Expire the service's sessions and tokens before every Nth matching request. */
	expireEvery?: number;
	/** Answer only this many matching requests with the fault, then stop (default: forever). */
	times?: number;
	/** Let this many matching requests through untouched first (default: none). */
	after?: number;
}
