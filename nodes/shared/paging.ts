/** One page as an operation reads it: the records, and the total when the service says it. */
export interface Page<T> {
	records: T[];
	total?: number;
}

/**
 * Page/pageSize paging for Return All and Limit. With Return All it asks for the largest page the
 * operation allows; with a Limit, for the smallest page that covers it. Stops at the total, at a
 * short page, or at the limit.
 */
export async function collectPages<T>(options: {
	returnAll: boolean;
	limit?: number;
	maxPageSize: number;
	fetchPage: (page: number, pageSize: number) => Promise<Page<T>>;
}): Promise<T[]> {
	const { returnAll, maxPageSize, fetchPage } = options;
	const limit = returnAll ? Number.POSITIVE_INFINITY : Math.max(1, options.limit ?? 50);
	const pageSize = Math.min(maxPageSize, Number.isFinite(limit) ? limit : maxPageSize);
	const out: T[] = [];
	for (let page = 1; out.length < limit; page++) {
		const { records, total } = await fetchPage(page, pageSize);
		out.push(...records);
		if (records.length < pageSize) break;
		if (total !== undefined && page * pageSize >= total) break;
	}
	return Number.isFinite(limit) ? out.slice(0, limit) : out;
}

/** A link of a hypermedia answer: `{ href, rel, method }`. */
export interface Link {
	href: string;
	rel: string;
	method?: string;
}

/**
 * How a service ends a list when it answers no empty page: the page asked for after a full page
 * (`pageSize` records) fails, with an error `is` recognises (the live listings-and-sales service
 * answers 422 "Please check your query parameters" for the page after a full last page).
 */
export interface ListEnd {
	pageSize: number;
	is: (error: unknown) => boolean;
}

/**
 * A page, or undefined at the service's end of the list (`end`): only a page asked for after a
 * full one (`previousCount` records on the page before; undefined for a first page) ends the list
 * so. Any other failure, or that failure on any other page, stays the error it is; the page is not
 * asked again either way.
 */
export async function pageOrEnd<T>(read: () => Promise<T>, end: ListEnd | undefined, previousCount: number | undefined): Promise<T | undefined> {
	const mayEnd = end !== undefined && previousCount !== undefined && previousCount >= end.pageSize;
	return await read().then(
		(page) => page,
		(error: unknown) => {
			if (mayEnd && end?.is(error)) return undefined;
			// The transport's error, with the service's words.
			throw error;
		},
	);
}

/**
 * Follows `links[rel=next]` until there is none or the limit is reached. `fetch` receives the
 * next link's href (undefined for the first page) and returns the page's records and links.
 */
export async function followNextLinks<T>(options: {
	returnAll: boolean;
	limit?: number;
	/** A bound against a service that links a page to itself. */
	maxPages?: number;
	/** The service's end of a list, when a page after a full last page fails rather than comes empty. */
	end?: ListEnd;
	fetch: (nextHref: string | undefined) => Promise<{ records: T[]; links?: Link[] }>;
}): Promise<T[]> {
	const limit = options.returnAll ? Number.POSITIVE_INFINITY : Math.max(1, options.limit ?? 50);
	const maxPages = options.maxPages ?? 100_000;
	const out: T[] = [];
	const seen = new Set<string>();
	let next: string | undefined;
	let previousCount: number | undefined;
	for (let page = 0; page < maxPages && out.length < limit; page++) {
		const read = await pageOrEnd(async () => await options.fetch(next), options.end, previousCount);
		if (!read) break;
		const { records, links } = read;
		out.push(...records);
		previousCount = records.length;
		next = links?.find((l) => l.rel?.toLowerCase() === 'next')?.href;
		if (!next || seen.has(next) || records.length === 0) break;
		seen.add(next);
	}
	return Number.isFinite(limit) ? out.slice(0, limit) : out;
}

/**
 * Splits [start, end] into consecutive windows of at most `maxDays` days, each starting where
 * the previous one ended, so that a range longer than a service's cap is read whole.
 */
export function dateWindows(start: Date, end: Date, maxDays: number): Array<{ start: Date; end: Date }> {
	const windows: Array<{ start: Date; end: Date }> = [];
	const span = maxDays * 24 * 3600 * 1000;
	for (let from = start.getTime(); from < end.getTime(); from += span) {
		windows.push({ start: new Date(from), end: new Date(Math.min(from + span, end.getTime())) });
	}
	if (windows.length === 0) windows.push({ start, end });
	return windows;
}
