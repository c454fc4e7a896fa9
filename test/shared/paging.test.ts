 
import { collectPages, dateWindows, followNextLinks } from '../../nodes/shared/paging';

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
