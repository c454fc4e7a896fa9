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
	/** How many records to read (readLimit): Infinity for all. */
	limit: number;
	maxPageSize: number;
	fetchPage: (page: number, pageSize: number) => Promise<Page<T>>;
}): Promise<T[]> {
	const { limit, maxPageSize, fetchPage } = options;
	const pageSize = Math.min(maxPageSize, limit);
	const out: T[] = [];
	for (let page = 1; out.length < limit; page++) {
		const { records, total } = await fetchPage(page, pageSize);
		out.push(...records);
		if (records.length < pageSize) break;
		if (total !== undefined && page * pageSize >= total) break;
	}
	return out.slice(0, limit);
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

