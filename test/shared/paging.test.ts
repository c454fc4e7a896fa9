 
import { collectPages, dateWindows, followNextLinks, type ListEnd } from '../../nodes/shared/paging';

function pagedSource(total: number) {
	const calls: Array<[number, number]> = [];
	const records = Array.from({ length: total }, (_, i) => i + 1);
	return {
		calls,
		fetchPage: async (page: number, pageSize: number) => {
			calls.push([page, pageSize]);
			return { records: records.slice((page - 1) * pageSize, page * pageSize), total };
		},
	};
}

describe('collectPages', () => {
	it('Return All uses the largest page and stops at the total', async () => {
		const source = pagedSource(1200);
		const all = await collectPages({ returnAll: true, maxPageSize: 500, fetchPage: source.fetchPage });
		expect(all).toHaveLength(1200);
		expect(new Set(all).size).toBe(1200);
		expect(source.calls).toEqual([
			[1, 500],
			[2, 500],
			[3, 500],
		]);
	});

	it('an exact multiple of the page size costs no extra empty page when the total is known', async () => {
		const source = pagedSource(1000);
		await collectPages({ returnAll: true, maxPageSize: 500, fetchPage: source.fetchPage });
		expect(source.calls).toHaveLength(2);
	});

	it('a Limit asks for the smallest page that covers it', async () => {
		const source = pagedSource(1200);
		const some = await collectPages({ returnAll: false, limit: 7, maxPageSize: 500, fetchPage: source.fetchPage });
		expect(some).toEqual([1, 2, 3, 4, 5, 6, 7]);
		expect(source.calls).toEqual([[1, 7]]);
	});
});

describe('followNextLinks', () => {
	it('follows next links until there is none', async () => {
		const hrefs: Array<string | undefined> = [];
		const all = await followNextLinks({
			returnAll: true,
			fetch: async (href) => {
				hrefs.push(href);
				const page = href ? Number(new URL(href).searchParams.get('PageNumber')) : 1;
				const links = page < 3 ? [{ rel: 'next', href: `http://x/api?PageNumber=${page + 1}`, method: 'GET' }] : [];
				return { records: [page * 10 + 1, page * 10 + 2], links };
			},
		});
		expect(all).toEqual([11, 12, 21, 22, 31, 32]);
		expect(hrefs).toEqual([undefined, 'http://x/api?PageNumber=2', 'http://x/api?PageNumber=3']);
	});

	it('stops on a link to a page already read', async () => {
		let calls = 0;
		await followNextLinks({
			returnAll: true,
			fetch: async () => {
				calls++;
				return { records: [1], links: [{ rel: 'next', href: 'http://x/same' }] };
			},
		});
		expect(calls).toBe(2);
	});
});

describe('followNextLinks with a service that ends a list with an error (ListEnd)', () => {
	/** The live listings-and-sales way: pages of 10, `next` from every full page, the page past the last one fails. */
	const END = 'Please check your query parameters';
	const end: ListEnd = { pageSize: 10, is: (error) => error instanceof Error && error.message === END };
	function source(total: number, fail: (page: number) => Error | undefined = () => new Error(END)) {
		const asked: number[] = [];
		const fetch = async (href: string | undefined) => {
			const page = href ? Number(href) : 1;
			asked.push(page);
			const records = Array.from({ length: total }, (_, i) => i + 1).slice((page - 1) * 10, page * 10);
			if (records.length === 0) throw fail(page) ?? new Error(END);
			return { records, links: records.length === 10 ? [{ rel: 'next', href: String(page + 1) }] : [] };
		};
		return { asked, fetch };
	}

	it.each([10, 20, 40])('%i records: every record once, the failed page after a full last page is the end, asked once', async (n) => {
		const s = source(n);
		const all = await followNextLinks({ returnAll: true, end, fetch: s.fetch });
		expect(all).toEqual(Array.from({ length: n }, (_, i) => i + 1));
		expect(s.asked).toEqual(Array.from({ length: n / 10 + 1 }, (_, i) => i + 1));
	});

	it('a Limit the pages already met asks for no page beyond', async () => {
		for (const [limit, pages] of [
			[10, [1]],
			[20, [1, 2]],
			[15, [1, 2]],
		] as const) {
			const s = source(20);
			expect(await followNextLinks({ returnAll: false, limit, end, fetch: s.fetch })).toHaveLength(limit);
			expect(s.asked).toEqual(pages);
		}
	});

	it('the same failure on a first page, or after a short page, stays the error', async () => {
		await expect(followNextLinks({ returnAll: true, end, fetch: source(0).fetch })).rejects.toThrow(END);
		const short = source(15);
		// A short page that links a next one anyway: the failure of that page is no end of a list.
		const fetch = async (href: string | undefined) => ({ ...(await short.fetch(href)), links: [{ rel: 'next', href: String(Number(href ?? 1) + 1) }] });
		await expect(followNextLinks({ returnAll: true, end, fetch })).rejects.toThrow(END);
		expect(short.asked).toEqual([1, 2, 3]);
	});

	it('another failure after a full page stays the error, and without a ListEnd so does this one', async () => {
		const other = source(20, () => new Error('pageNumber: must be at most 1000'));
		await expect(followNextLinks({ returnAll: true, end, fetch: other.fetch })).rejects.toThrow('pageNumber: must be at most 1000');
		expect(other.asked).toEqual([1, 2, 3]);
		await expect(followNextLinks({ returnAll: true, fetch: source(20).fetch })).rejects.toThrow(END);
	});
});

describe('dateWindows', () => {
	it('cuts 100 days into 31-day windows that touch', () => {
		const start = new Date('2024-01-01T00:00:00Z');
		const end = new Date('2024-04-10T00:00:00Z');
		const windows = dateWindows(start, end, 31);
		expect(windows).toHaveLength(4);
		expect(windows[0].start).toEqual(start);
		expect(windows[3].end).toEqual(end);
		for (let i = 1; i < windows.length; i++) expect(windows[i].start).toEqual(windows[i - 1].end);
		for (const w of windows) expect(w.end.getTime() - w.start.getTime()).toBeLessThanOrEqual(31 * 86400000);
	});
});
