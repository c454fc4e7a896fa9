// The "live" switches: the sandbox answers the way clients of the live SkySlope services report they
// answer, where that differs from the service documents (../shared/spec/README.md, "What clients
// of the live service report"). Off by default: the sandbox is then the documents' reading. Tests
// turn switches on one at a time or all together; `SANDBOX_LIVE=all npm start` runs the demo so.

/**
 * - `pastEnd422`: listings-and-sales lists answer a page past the last one with 422 "Please check
 *   your query parameters", and a full last page still offers `next`.
 * - `pageLimit`: listings-and-sales lists take `pageNumber` 1 to 1000 only (or to a number): a page
 *   above it answers the same 422 as a page past the end, whatever the list holds.
 * - `zonelessDates`: listings-and-sales date-times without a zone and with a short fraction
 *   (`2020-10-13T18:39:21.14`); an empty date as `0001-01-01T00:00:00`.
 * - `displayStatuses`: listings-and-sales records name their status as the live service displays it
 *   (`Closed`, `Canceled/App`, ...), not as the spec's filters spell it.
 * - `valuesPayload`: listings-and-sales answers carry their payload under `values`, not `value`.
 * - `shortOfficeKeys`: a single office reads as `{ guid, name }` (the list keeps `officeGuid`/`officeName`).
 * - `writeWarnings`: every successful listings-and-sales write answers 200 with a warning ("The
 *   folder was not updated"), a 204 included; every successful Forms write too (a warning no client
 *   has reported there, so that the nodes are tested to show one wherever it comes).
 * - `documentQuery500`: a listing document update with a file name in the query (not the body)
 *   answers 500, as clients of the live service report.
 * - `parallel429`: a number: requests of one service in flight beyond it are answered 429.
 * - `resigning`: a completed Forms envelope can be signed again (a signer signs anew): its documents
 *   are listed once more with the new signing time, beside the earlier signings, and the
 *   notification names the envelope (and its documents, in the shapes that carry them).
 * - `publicFormsClient`: the Forms token endpoint takes a public PKCE client (no client secret) and
 *   also serves an Okta-style issuer (`/oauth2/<server id>/v1/authorize` and `/v1/token`).
 *
 * The service's speed (milliseconds; not part of `all`, which stays quick):
 * - `slowExport`: each listings-and-sales bulk export read (`GET /api/files`) answers after this
 *   delay (`true`: DEFAULT_SLOW_MS), as a large account's live export does.
 * - `slowService`: every request of every service answers after this delay (`true`: DEFAULT_SLOW_MS),
 *   slower than a poll interval if asked.
 */
export const LIVE_BEHAVIOURS = [
	'pastEnd422',
	'pageLimit',
	'zonelessDates',
	'displayStatuses',
	'valuesPayload',
	'shortOfficeKeys',
	'writeWarnings',
	'documentQuery500',
	'parallel429',
	'publicFormsClient',
	'resigning',
] as const;
/** Switches of the service's speed: named like the others, never turned on by `all`. */
export const SPEED_SWITCHES = ['slowExport', 'slowService'] as const;
export type LiveBehaviour = (typeof LIVE_BEHAVIOURS)[number] | (typeof SPEED_SWITCHES)[number];

/** The switches on: `true`, or for `parallel429` and `pageLimit` a number (see each). */
export type LiveSwitches = Partial<Record<LiveBehaviour, boolean | number>>;

/** In-flight requests allowed by `parallel429: true` (clients report 429 at 6 or more in parallel). */
export const DEFAULT_PARALLEL_LIMIT = 5;

/**
 * Reads switches from a control body, an option or the `SANDBOX_LIVE` environment value:
 * `"all"`, a comma list (`"pastEnd422,zonelessDates"`, `"parallel429=6"`), an array of names, or
 * an object. An unknown name is an error naming it, so that a typo never tests nothing.
 */
export function parseLiveSwitches(input: unknown): LiveSwitches {
	if (input === undefined || input === null || input === '') return {};
	if (typeof input === 'string') {
		const words = input.split(',').map((w) => w.trim()).filter(Boolean);
		if (words.length === 1 && words[0].toLowerCase() === 'all') return allLive();
		const out: LiveSwitches = {};
		for (const word of words) {
			const [name, value] = word.split('=');
			out[checkName(name)] = value === undefined ? true : Number(value);
		}
		return out;
	}
	if (Array.isArray(input)) return parseLiveSwitches(input.map(String).join(','));
	if (typeof input === 'object') {
		const body = input as Record<string, unknown>;
		if ('switches' in body) return parseLiveSwitches(body.switches);
		const out: LiveSwitches = {};
		for (const [name, value] of Object.entries(body)) {
			if (value === false || value === undefined || value === null) continue;
			out[checkName(name)] = typeof value === 'number' ? value : true;
		}
		return out;
	}
	throw new Error(`live switches: cannot read ${JSON.stringify(input)}`);
}

function checkName(name: string): LiveBehaviour {
	if (![...LIVE_BEHAVIOURS, ...SPEED_SWITCHES].includes(name as LiveBehaviour)) {
		throw new Error(`unknown live switch '${name}': the switches are ${[...LIVE_BEHAVIOURS, ...SPEED_SWITCHES].join(', ')}`);
	}
	return name as LiveBehaviour;
}

/** Every switch on. */
export function allLive(): LiveSwitches {
	return Object.fromEntries(LIVE_BEHAVIOURS.map((b) => [b, true])) as LiveSwitches;
}

/** The highest page `pageLimit: true` lets a list be read to (clients report 1 to 1000). */
export const DEFAULT_PAGE_LIMIT = 1000;

/** The highest page number `pageLimit` allows, or undefined when it is off. */
export function pageLimit(switches: LiveSwitches): number | undefined {
	const v = switches.pageLimit;
	if (v === undefined || v === false) return undefined;
	return typeof v === 'number' && v > 0 ? v : DEFAULT_PAGE_LIMIT;
}

/** The in-flight limit `parallel429` sets, or undefined when it is off. */
export function parallelLimit(switches: LiveSwitches): number | undefined {
	const v = switches.parallel429;
	if (v === undefined || v === false) return undefined;
	return typeof v === 'number' && v > 0 ? v : DEFAULT_PARALLEL_LIMIT;
}

/** The delay `slowExport: true` or `slowService: true` sets: a live export of a large account. */
export const DEFAULT_SLOW_MS = 5000;

/** How long a request waits before it is answered under the speed switches (0: at once). */
export function slowness(switches: LiveSwitches, service: string, method: string, path: string): number {
	const ms = (v: boolean | number | undefined) => (v === undefined || v === false ? 0 : typeof v === 'number' && v > 0 ? v : DEFAULT_SLOW_MS);
	const exportRead = service === 'listings' && method === 'GET' && path === '/api/files';
	return ms(switches.slowService) + (exportRead ? ms(switches.slowExport) : 0);
}
