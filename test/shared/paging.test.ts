 
import { collectPages, pageOrEnd, type ListEnd } from '../../nodes/SkySlope/shared/paging';

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
		const all = await collectPages({ limit: Number.POSITIVE_INFINITY, maxPageSize: 500, fetchPage: source.fetchPage });
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
		await collectPages({ limit: Number.POSITIVE_INFINITY, maxPageSize: 500, fetchPage: source.fetchPage });
		expect(source.calls).toHaveLength(2);
	});

	it('a Limit asks for the smallest page that covers it', async () => {
		const source = pagedSource(1200);
		const some = await collectPages({ limit: 7, maxPageSize: 500, fetchPage: source.fetchPage });
		expect(some).toEqual([1, 2, 3, 4, 5, 6, 7]);
		expect(source.calls).toEqual([[1, 7]]);
	});
});

describe('pageOrEnd: a service that ends a list with an error (ListEnd)', () => {
	/** The live listings-and-sales way: pages of 10; the page past a full last page fails with these words. */
	const END = 'Please check your query parameters';
	const end: ListEnd = { pageSize: 10, is: (error) => error instanceof Error && error.message === END };
	const failing = (message: string) => {
		const asked: string[] = [];
		return { asked, read: async (): Promise<number[]> => { asked.push(message); throw new Error(message); } };
	};

	it('the failure of the page after a full one is the end of the list (undefined), asked once', async () => {
		const page = failing(END);
		expect(await pageOrEnd(page.read, end, 10)).toBeUndefined();
		expect(page.asked).toEqual([END]);
	});

	it('a page that comes is the page', async () => {
		expect(await pageOrEnd(async () => [1, 2, 3], end, 10)).toEqual([1, 2, 3]);
	});

	it('the same failure on a first page, or after a short page, stays the error', async () => {
		await expect(pageOrEnd(failing(END).read, end, undefined)).rejects.toThrow(END);
		await expect(pageOrEnd(failing(END).read, end, 9)).rejects.toThrow(END);
	});

	it('another failure after a full page stays the error, and without a ListEnd so does this one', async () => {
		await expect(pageOrEnd(failing('pageNumber: must be at most 1000').read, end, 10)).rejects.toThrow('pageNumber: must be at most 1000');
		await expect(pageOrEnd(failing(END).read, undefined, 10)).rejects.toThrow(END);
	});
});
