import { Listings } from '../../harness/listings-client';

type Page = { value: { listings?: Array<Record<string, string>>; sales?: Array<Record<string, string>>; pageNumber: number }; links: Array<{ href: string; rel: string; method: string }> };

describe('listings sandbox: lists, 10 a page with next links (4.6)', () => {
	const api = Listings.use({ rateLimits: { listings: { limit: 10000 } } });

	/** Follows `next` links from a first path; returns every page. */
	async function follow(first: string): Promise<Page[]> {
		const pages: Page[] = [];
		let path: string | undefined = first;
		while (path) {
			const r = await api.get(path);
			expect(r.status).toBe(200);
			const page = r.json as unknown as Page;
			pages.push(page);
			const next = page.links.find((l) => l.rel === 'next');
			if (next) {
				expect(next.method).toBe('GET');
				expect(new URL(next.href).searchParams.get('PageNumber')).toBe(String(pages.length + 1));
			}
			path = next ? next.href.replace(api.base, '') : undefined;
		}
		return pages;
	}

	for (const kind of ['listings', 'sales'] as const) {
		it(`${kind}: pages of 10, next while more, every file once`, async () => {
			const all = [...(kind === 'listings' ? api.state.store.listings.values() : api.state.store.sales.values())];
			const pages = await follow(`/api/files/${kind}`);
			expect(pages.length).toBe(Math.ceil(all.length / 10));
			const items = pages.flatMap((p) => p.value[kind]!);
			expect(pages.slice(0, -1).every((p) => p.value[kind]!.length === 10)).toBe(true);
			expect(pages.at(-1)!.links.some((l) => l.rel === 'next')).toBe(false);
			const guid = kind === 'listings' ? 'listingGuid' : 'saleGuid';
			expect(new Set(items.map((i) => i[guid])).size).toBe(all.length);

			const third = await api.get(`/api/files/${kind}?pageNumber=3`);
			expect((third.json.value as Page['value'])[kind]!.map((i) => i[guid])).toEqual(items.slice(20, 30).map((i) => i[guid]));
			const beyond = await api.get(`/api/files/${kind}?pageNumber=99`);
			expect((beyond.json.value as Page['value'])[kind]).toEqual([]);
			expect((await api.get(`/api/files/${kind}?pageNumber=0`)).status).toBe(422);
			expect((await api.get(`/api/files/${kind}?pageNumber=two`)).status).toBe(422);
		});

		it(`${kind}: agentGuid, createdByGuid, earliestDate/latestDate filter and combine; next links keep them`, async () => {
			const store = api.state.store;
			const dtos = [...(kind === 'listings' ? store.listings.values() : store.sales.values())].map((r) => r.dto);
			const agent = dtos[0].agentGuid;
			const byAgent = (await follow(`/api/files/${kind}?agentGuid=${agent}`)).flatMap((p) => p.value[kind]!);
			expect(byAgent.length).toBe(dtos.filter((d) => d.agentGuid === agent).length);
			expect(byAgent.every((d) => d.agentGuid === agent)).toBe(true);
			const byCreator = (await follow(`/api/files/${kind}?createdByGuid=${agent}`)).flatMap((p) => p.value[kind]!);
			expect(byCreator.every((d) => d.createdByGuid === agent)).toBe(true);

			const now = Date.now();
			const earliest = Math.floor((now - 60 * 86400 * 1000) / 1000);
			const latest = Math.floor((now - 5 * 86400 * 1000) / 1000);
			const pages = await follow(`/api/files/${kind}?earliestDate=${earliest}&latestDate=${latest}`);
			const windowed = pages.flatMap((p) => p.value[kind]!);
			const expected = dtos.filter((d) => Date.parse(d.createdOn) >= earliest * 1000 && Date.parse(d.createdOn) <= latest * 1000);
			expect(windowed.length).toBe(expected.length);
			expect(windowed.length).toBeGreaterThan(0);
			for (const p of pages) {
				const next = p.links.find((l) => l.rel === 'next');
				if (next) expect(new URL(next.href).searchParams.get('earliestDate')).toBe(String(earliest));
			}
			const both = (await follow(`/api/files/${kind}?agentGuid=${agent}&earliestDate=${earliest}`)).flatMap((p) => p.value[kind]!);
			expect(both.every((d) => d.agentGuid === agent && Date.parse(d.createdOn) >= earliest * 1000)).toBe(true);
			expect((await api.get(`/api/files/${kind}?agentGuid=nope`)).status).toBe(422);
			expect((await api.get(`/api/files/${kind}?earliestDate=yesterday`)).status).toBe(422);
		});
	}

	it('seeds listings and sales in every status of section 3, over several months', () => {
		const store = api.state.store;
		expect(new Set([...store.listings.values()].map((l) => l.dto.status))).toEqual(new Set(['active', 'incomplete', 'expired', 'canceledPending', 'canceledApproved']));
		expect(new Set([...store.sales.values()].map((s) => s.dto.status))).toEqual(
			new Set(['pending', 'closed', 'archived', 'incomplete', 'expired', 'canceledPending', 'canceledApproved']),
		);
		const ages = [...store.sales.values()].map((s) => (Date.now() - Date.parse(s.dto.createdOn)) / 86400000);
		expect(Math.max(...ages)).toBeGreaterThan(180);
		expect([...store.sales.values()].some((s) => s.dto.listingGuid)).toBe(true);
	});

	it('the seed is deterministic for a seed', async () => {
		const other = await Listings.start({ seed: 20240102 });
		try {
			const a = [...api.state.store.listings.keys()];
			const b = [...other.state.store.listings.keys()];
			expect(b).toEqual(a);
		} finally {
			await other.close();
		}
	});
});

describe('listings sandbox: the end of a list as the live service writes it (live switch pastEnd422)', () => {
	let api: Listings;
	let seeded: Array<Map<string, unknown>>;
	beforeAll(async () => {
		api = await Listings.start({ rateLimits: { listings: { limit: 10000 } } });
		await api.login();
		seeded = [new Map(api.state.store.listings), new Map(api.state.store.sales)];
	});
	afterEach(() => api.sandbox.setLive({}));
	afterAll(async () => api.close());

	/** Keeps exactly `n` listings and `n` sales. */
	function keep(n: number): void {
		[api.state.store.listings, api.state.store.sales].forEach((records, i) => {
			records.clear();
			for (const [key, record] of [...seeded[i].entries()].slice(0, n)) (records as Map<string, unknown>).set(key, record);
		});
	}

	const nextPage = (r: { json: { links?: Array<{ rel: string; href: string }> } }) => {
		const next = r.json.links?.find((l) => l.rel === 'next');
		return next ? Number(new URL(next.href).searchParams.get('PageNumber')) : undefined;
	};

	for (const kind of ['listings', 'sales'] as const) {
		it(`${kind}: a full last page still offers next, and the page past it answers 422 with the service's words`, async () => {
			keep(20);
			api.sandbox.setLive({ pastEnd422: true });
			const first = await api.get(`/api/files/${kind}`);
			expect(nextPage(first)).toBe(2);
			const last = await api.get(`/api/files/${kind}?pageNumber=2`);
			expect(last.status).toBe(200);
			expect((last.json.value as Page['value'])[kind]).toHaveLength(10);
			const next = last.json.links!.find((l) => l.rel === 'next')!;
			expect(next.method).toBe('GET');
			expect(new URL(next.href).searchParams.get('PageNumber')).toBe('3');
			const beyond = await api.get(next.href.replace(api.base, ''));
			expect(beyond.status).toBe(422);
			expect(beyond.json).toEqual({ errors: ['Please check your query parameters'] });
			expect((await api.get(`/api/files/${kind}?pageNumber=99`)).status).toBe(422);
		});

		it(`${kind}: a short last page offers no next; the page past it is a 422 too; an empty first page is an empty list`, async () => {
			keep(15);
			api.sandbox.setLive({ pastEnd422: true });
			const last = await api.get(`/api/files/${kind}?pageNumber=2`);
			expect((last.json.value as Page['value'])[kind]).toHaveLength(5);
			expect(nextPage(last)).toBeUndefined();
			expect((await api.get(`/api/files/${kind}?pageNumber=3`)).json).toEqual({ errors: ['Please check your query parameters'] });
			// A filter that matches nothing: page 1 answers an empty list, as without the switch.
			const future = Math.floor(Date.now() / 1000) + 86400 * 365;
			const none = await api.get(`/api/files/${kind}?earliestDate=${future}`);
			expect(none.status).toBe(200);
			expect((none.json.value as Page['value'])[kind]).toEqual([]);
			expect(nextPage(none)).toBeUndefined();
		});

		it(`${kind}: with the switch off, a full last page offers no next and the page past it is an empty page`, async () => {
			keep(20);
			const last = await api.get(`/api/files/${kind}?pageNumber=2`);
			expect((last.json.value as Page['value'])[kind]).toHaveLength(10);
			expect(nextPage(last)).toBeUndefined();
			const beyond = await api.get(`/api/files/${kind}?pageNumber=3`);
			expect(beyond.status).toBe(200);
			expect((beyond.json.value as Page['value'])[kind]).toEqual([]);
		});
	}
});

describe('listings sandbox: the page limit (live switch pageLimit)', () => {
	const api = Listings.use({ rateLimits: { listings: { limit: 10000 } }, live: { pageLimit: 3 } });

	for (const kind of ['listings', 'sales'] as const) {
		it(`${kind}: pages up to the limit answer, a page above it is the 422 of a page past the end although records remain`, async () => {
			const all = kind === 'listings' ? api.state.store.listings : api.state.store.sales;
			expect(all.size).toBeGreaterThan(40);
			const third = await api.get(`/api/files/${kind}?pageNumber=3`);
			expect(third.status).toBe(200);
			expect((third.json.value as Page['value'])[kind]).toHaveLength(10);
			const fourth = await api.get(`/api/files/${kind}?PageNumber=4`);
			expect(fourth.status).toBe(422);
			expect(fourth.json).toEqual({ errors: ['Please check your query parameters'] });
			// The same page of a narrower creation-date range answers.
			const newest = [...all.values()].map((r) => Date.parse(String(r.dto.createdOn))).sort((a, b) => b - a);
			const narrow = await api.get(`/api/files/${kind}?pageNumber=1&earliestDate=${Math.floor(newest[5] / 1000)}`);
			expect(narrow.status).toBe(200);
		});
	}
});
