/* eslint-disable @n8n/community-nodes/no-restricted-globals -- dev tooling, never shipped in dist */
import { request } from 'undici';

import { Listings, parseExport } from '../../harness/listings-client';

const LISTING_FIELDS = 'objectType listingGuid agentGuid createdByGuid coListingAgentGuid referringAgentGuid mlsNumber status modifiedOn officeId officeGuid checklistType type listingDate source otherSource fileId commission expirationDate company listingPrice email property commercialLease sellers homeWarrantyContact miscContact stage coAgentGuids agent coAgents customFields createdOn'.split(' ');
const SALE_FIELDS = 'objectType saleGuid listingGuid agentGuid createdByGuid mlsNumber escrowNumber statusId status officeId officeGuid checklistType escrowClosingDate actualClosingDate contractAcceptedDate modifiedOn source otherSource dealType listingPrice salePrice isOfficeLead coBrokerCompany email property commission sellers buyers titleContact escrowContact attorneyContact lenderContact otherSideAgentContact homeWarrantyContact miscContact commercialLease commissionBreakdowns coAgentGuids commissionSplits stage commissionReferral agent coAgents earnestMoneyDeposit customFields createdOn'.split(' ');
const DAY = 86400 * 1000;
const CONTROLS = ['\u0000', '\u0001', '\u001a'];
const withoutControls = (s: string) => CONTROLS.reduce((acc, c) => acc.split(c).join(''), s);
/** Drops the line breaks and control bytes a chunk may start with. */
function trimControls(s: string): string {
	let i = 0;
	while (i < s.length && (s[i] === '\n' || CONTROLS.includes(s[i]))) i++;
	return s.slice(i);
}

type Obj = Record<string, unknown>;

describe('listings sandbox: bulk export (4.2)', () => {
	const api = Listings.use({ rateLimits: { listings: { limit: 10000 } } });

	/** The raw body and the network chunks it came in. */
	async function download(query = '', headers: Record<string, string> = {}): Promise<{ status: number; body: Buffer; chunks: number; error?: Error }> {
		const res = await request(`${api.base}/api/files${query}`, { headers: { session: api.session, 'content-type': 'application/json', ...headers } });
		const parts: Buffer[] = [];
		let error: Error | undefined;
		try {
			for await (const chunk of res.body) parts.push(chunk as Buffer);
		} catch (e) {
			error = e as Error;
		}
		return { status: res.statusCode, body: Buffer.concat(parts), chunks: parts.length, error };
	}

	async function objects(query = ''): Promise<Obj[]> {
		const r = await download(query);
		expect(r.status).toBe(200);
		return parseExport(r.body);
	}

	const files = () => {
		const s = api.state.store;
		return [...[...s.listings.values()].map((l) => l.dto), ...[...s.sales.values()].map((x) => x.dto)] as Obj[];
	};
	const recent = (o: Obj) => Date.parse(String(o.createdOn)) >= Date.now() - 7 * DAY;

	it('has the chunk format of rule 2: BOM, "[", `{...},\\n` chunks with stray control bytes, "]"', async () => {
		const { body, status } = await download();
		expect(status).toBe(200);
		expect([...body.subarray(0, 4)]).toEqual([0xef, 0xbb, 0xbf, 0x5b]);
		expect(body.at(-1)).toBe(0x5d);
		const text = body.toString('utf8');
		const between = CONTROLS.some((c) => text.includes(`},\n${c}`));
		const inside = CONTROLS.some((c) => text.includes(`{"objectType":"listing",${c}"`) || text.includes(`{"objectType":"sale",${c}"`));
		expect({ between, inside }).toEqual({ between: true, inside: true });
		expect(JSON.parse.bind(null, text.slice(1))).toThrow();

		// Every chunk that begins with "{" and ends with "},\n" is an object once the comma goes.
		const chunks = text
			.slice(2, -1)
			.split(/(?<=\},\n)/)
			.map((c) => trimControls(c));
		for (const chunk of chunks) {
			expect(chunk.startsWith('{') && chunk.endsWith('},\n')).toBe(true);
			const clean = withoutControls(chunk.slice(0, -2));
			expect(() => JSON.parse(clean) as Obj).not.toThrow();
		}
	});

	it('starts with a summary, then listings and sales with every field of 2.5; 7 days by default', async () => {
		const all = await objects();
		const [summary, ...rest] = all;
		expect(summary).toMatchObject({ objectType: 'summary', numberOfUsers: api.state.store.users.length });
		expect(Object.keys(summary).sort()).toEqual(['createdOn', 'numberOfListings', 'numberOfSales', 'numberOfUsers', 'objectType']);
		const listings = rest.filter((o) => o.objectType === 'listing');
		const sales = rest.filter((o) => o.objectType === 'sale');
		expect(summary.numberOfListings).toBe(listings.length);
		expect(summary.numberOfSales).toBe(sales.length);
		for (const l of listings) expect(Object.keys(l).sort()).toEqual([...LISTING_FIELDS].sort());
		for (const s of sales) expect(Object.keys(s).sort()).toEqual([...SALE_FIELDS].sort());
		expect(rest.every(recent)).toBe(true);
		expect(rest.length).toBe(files().filter(recent).length);
		expect(files().some((f) => !recent(f))).toBe(true);
	});

	it('filters by created, modified and closed dates; closed* leaves listings and open sales out', async () => {
		const after = new Date(Date.now() - 100 * DAY).toISOString();
		const before = new Date(Date.now() - 20 * DAY).toISOString();
		const created = (await objects(`?createdAfter=${after}&createdBefore=${before}&type=listing,sale`));
		const expected = files().filter((f) => Date.parse(String(f.createdOn)) >= Date.parse(after) && Date.parse(String(f.createdOn)) <= Date.parse(before));
		expect(created.length).toBe(expected.length);
		expect(created.length).toBeGreaterThan(0);

		const modified = await objects(`?modifiedAfter=${after}&type=listing,sale`);
		expect(modified.length).toBe(files().filter((f) => Date.parse(String(f.modifiedOn)) >= Date.parse(after)).length);
		const modifiedBefore = await objects(`?modifiedBefore=${before}&type=listing,sale`);
		expect(modifiedBefore.length).toBe(files().filter((f) => Date.parse(String(f.modifiedOn)) <= Date.parse(before)).length);
		expect(modifiedBefore.length).toBeGreaterThan(0);

		const closedBefore = await objects(`?closedBefore=${before}&type=sale`);
		expect(closedBefore.length).toBe(files().filter((f) => f.actualClosingDate && Date.parse(String(f.actualClosingDate)) <= Date.parse(before)).length);
		expect(closedBefore.length).toBeGreaterThan(0);

		const closed = await objects(`?closedAfter=${new Date(Date.now() - 365 * DAY).toISOString()}&type=all`);
		const closedFiles = closed.filter((o) => o.objectType !== 'summary');
		expect(closedFiles.length).toBeGreaterThan(0);
		expect(closedFiles.every((o) => o.objectType === 'sale' && ['closed', 'archived'].includes(String(o.status)))).toBe(true);
	});

	it('filters by status and type lists, email and a property address substring', async () => {
		const old = `?createdAfter=${new Date(Date.now() - 400 * DAY).toISOString()}`;
		const closed = await objects(`${old}&status=closed,archived&type=sale`);
		expect(new Set(closed.map((o) => o.status))).toEqual(new Set(['closed', 'archived']));
		const everything = await objects(`${old}&status=all&type=listing,sale`);
		expect(everything.length).toBe(files().length);
		expect((await objects(`${old}&type=summary`)).map((o) => o.objectType)).toEqual(['summary']);
		expect(new Set((await objects(`${old}&type=listing`)).map((o) => o.objectType))).toEqual(new Set(['listing']));

		const target = files()[0];
		const byEmail = await objects(`${old}&type=listing,sale&email=${encodeURIComponent(String(target.email).toUpperCase())}`);
		expect(byEmail.length).toBe(files().filter((f) => f.email === target.email).length);
		const street = String((target.property as Obj).streetAddress);
		const byAddress = await objects(`${old}&type=listing,sale&propertyAddress=${encodeURIComponent(street.toLowerCase().slice(1, 6))}`);
		expect(byAddress.length).toBeGreaterThan(0);
		expect(byAddress.every((o) => String((o.property as Obj).streetAddress).toLowerCase().includes(street.toLowerCase().slice(1, 6)))).toBe(true);

		for (const bad of ['?status=sold', '?type=offers', '?createdAfter=last-week']) {
			const r = await api.get(`/api/files${bad}`);
			expect(r.status).toBe(422);
			expect(Object.keys(r.json)).toEqual(['errors']);
		}
	});

	it('gives an agent only their own files', async () => {
		const agent = new Listings(api.sandbox);
		await agent.login('agent');
		const me = api.state.store.users.find((u) => u.userType === 'Agent')!;
		const res = await request(`${api.base}/api/files?status=all&createdAfter=2000-01-01T00:00:00Z`, { headers: { session: agent.session } });
		const mine = parseExport(Buffer.from(await res.body.arrayBuffer())).filter((o) => o.objectType !== 'summary');
		expect(mine.length).toBeGreaterThan(0);
		expect(mine.every((o) => api.state.store.canSee(me, o))).toBe(true);
	});

	it('cuts the stream mid-object on x-sandbox-cut-after: n whole objects arrive, then the connection dies', async () => {
		const r = await download('?type=listing,sale', { 'x-sandbox-cut-after': '3' });
		expect(r.status).toBe(200);
		expect(r.error).toBeDefined();
		const text = r.body.toString('utf8');
		expect(text.endsWith(']')).toBe(false);
		const whole = text.slice(2).split(/\},\n/).slice(0, -1);
		expect(whole.length).toBe(3);
		api.state.setExportCutAfter(0);
		const cut = await download();
		expect(cut.error).toBeDefined();
		api.state.setExportCutAfter(undefined);
		expect((await download()).error).toBeUndefined();
	});
});

describe('listings sandbox: export at scale streams', () => {
	const api = Listings.use({ scale: { listings: 20000, sales: 20000 } });

	it('sends the first chunks long before the end, generating objects as the client reads', async () => {
		const res = await request(`${api.base}/api/files?type=listing,sale`, { headers: { session: api.session } });
		const progress = api.state.exports.at(-1)!;
		const first: Buffer[] = [];
		for await (const chunk of res.body) {
			first.push(chunk as Buffer);
			if (first.length === 3) break;
		}
		expect(Buffer.concat(first).subarray(0, 4)).toEqual(Buffer.from([0xef, 0xbb, 0xbf, 0x5b]));
		expect(progress.done).toBe(false);
		expect(progress.emitted).toBeLessThan(40000);
		// The client left: the sandbox stops generating instead of holding a paused stream.
		for (let i = 0; i < 50 && !progress.aborted; i++) await new Promise((r) => setTimeout(r, 20));
		expect(progress).toMatchObject({ aborted: true, done: false });
	});

	it('generates the same objects for the same seed', async () => {
		const { generated } = await import('../../sandbox/listings/export');
		const other = await Listings.start({ scale: { listings: 10 } });
		try {
			expect(generated(other.state.store, 'listing', 7).listingGuid).toBe(generated(api.state.store, 'listing', 7).listingGuid);
			expect(generated(api.state.store, 'sale', 3).saleGuid).not.toBe(generated(api.state.store, 'sale', 4).saleGuid);
		} finally {
			await other.close();
		}
	});
});

describe('listings sandbox: generated files join the export consistently', () => {
	const api = Listings.use({ scale: { listings: 300, sales: 300 } });

	it('counts in the summary what it streams, with and without filters', async () => {
		for (const query of ['', '?status=closed,active', `?modifiedAfter=${new Date(Date.now() - 3 * DAY).toISOString()}`, '?propertyAddress=sandbox']) {
			const res = await request(`${api.base}/api/files${query}`, { headers: { session: api.session } });
			const [summary, ...rest] = parseExport(Buffer.from(await res.body.arrayBuffer()));
			expect(summary.objectType).toBe('summary');
			expect(summary.numberOfListings).toBe(rest.filter((o) => o.objectType === 'listing').length);
			expect(summary.numberOfSales).toBe(rest.filter((o) => o.objectType === 'sale').length);
			if (query === '') expect(rest.length).toBeGreaterThan(600);
		}
	});
});
