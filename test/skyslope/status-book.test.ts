// Status Changed knows the status of every listing and sale from its first poll, however old the
// file, so that it fires only for a status that really changed. A brokerage's history (ten years,
// more files than the 10,000 statuses and 90 days an earlier version kept), the live service's
// zone-less dates and display statuses, this process outside UTC.
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { StatusBook, type StatusBookData } from '../../nodes/SkySlope/listingsSales/helpers/statusBook';
import { addHistory } from '../../sandbox/listings/activity';
import { SALE_STATUS_IDS } from '../../sandbox/listings/types';
import { pollTrigger, startEnv, type Env } from '../../harness/listings-env';

// Each test's static data is a trigger of its own (the harness gives it its own workflow id).

// Each test reads ten years of listings and sales (12,500 files) once or twice: 5 to 20 s alone, and
// past jest's default 30 s in `npm test`'s five lanes on 2 cores (it timed out there on 2026-11-28).
jest.setTimeout(120_000);

const DAY = 24 * 3600 * 1000;
const YEAR = 365 * DAY;

let env: Env;
beforeAll(async () => {
	env = await startEnv({ rateLimits: { listings: { limit: 100_000 } }, live: { zonelessDates: true, displayStatuses: true, pastEnd422: true } });
	addHistory(env.state.store, Date.now(), { listings: 6_000, sales: 6_500, days: 3650, seed: 2929 });
}, 60_000);
afterAll(async () => env.sandbox.close());

const poll = (parameters: INodeParameters, staticData: IDataObject, budgetMs?: number) =>
	pollTrigger(env, parameters, staticData, 'trigger', budgetMs);

/** Polls until the history is read (a poll's budget of `budgetMs`): every item emitted meanwhile. */
async function readHistory(parameters: INodeParameters, staticData: IDataObject, budgetMs?: number): Promise<IDataObject[]> {
	const items: IDataObject[] = [];
	for (let n = 0; n < 100 && staticData.history !== undefined; n++) items.push(...(await poll(parameters, staticData, budgetMs)));
	expect(staticData.history).toBeUndefined();
	return items;
}
const closedOnly = { event: 'statusChanged', fileTypes: ['listing', 'sale'], statuses: ['closed'] };

/** A sale of the store created about `yearsAgo` years ago, in `status`. */
function oldSale(status: string, yearsAgo: number) {
	const sales = [...env.state.store.sales.values()].filter((s) => s.dto.status === status);
	const wanted = Date.now() - yearsAgo * YEAR;
	const sale = sales.reduce((a, b) =>
		Math.abs(Date.parse(String(b.dto.createdOn)) - wanted) < Math.abs(Date.parse(String(a.dto.createdOn)) - wanted) ? b : a,
	);
	expect(Date.now() - Date.parse(String(sale.dto.createdOn))).toBeGreaterThan((yearsAgo - 1) * YEAR);
	return sale;
}

/** A listing or sale entered in SkySlope's own app, in a status (the sandbox's activity control). */
async function enter(kind: 'listings' | 'sales', status: string): Promise<IDataObject> {
	const r = await fetch(`${env.sandbox.baseUrl}/listings/_sandbox/activity/${kind}`, {
		method: 'POST',
		headers: { 'content-type': 'application/json' },
		body: JSON.stringify({ status }),
	});
	expect(r.status).toBe(200);
	return (await r.json()) as IDataObject;
}

describe('Status Changed knows every file from its first poll', () => {
	const staticData: IDataObject = {};

	it('the first poll makes no request; the next read the status of every listing and sale, newest year first, emit nothing, and hold it compactly', async () => {
		const files = env.state.store.listings.size + env.state.store.sales.size;
		expect(files).toBeGreaterThan(12_000);
		env.sandbox.clearLog();
		expect(await poll(closedOnly, staticData)).toEqual([]);
		expect(env.sent('GET', /^\/api\/files$/)).toEqual([]);
		expect(staticData.history).toBeDefined();
		expect(await readHistory(closedOnly, staticData)).toEqual([]);
		const book = StatusBook.from(staticData.book as StatusBookData);
		expect(book.size).toBe(files);
		const written: Record<string, string> = { closed: 'Closed', pending: 'Pending', archived: 'Archived', active: 'Active', canceledApproved: 'Canceled/App' };
		for (const [kind, records] of [['sale', env.state.store.sales], ['listing', env.state.store.listings]] as const) {
			for (const file of records.values()) {
				const guid = String(kind === 'sale' ? file.dto.saleGuid : file.dto.listingGuid);
				const status = String(file.dto.status);
				expect([guid, book.get(kind, guid)]).toEqual([guid, written[status] ?? expect.any(String)]);
			}
		}
		const closed = [...env.state.store.sales.values()].find((s) => s.dto.status === 'closed')!;
		expect(book.get('sale', closed.dto.saleGuid as string)).toBe('Closed');
		// Read in creation-date slices of the export, each asked once; 11 bytes a file and a little.
		const exports = env.sent('GET', /^\/api\/files$/);
		const slices = exports.filter((e) => typeof e.query.createdAfter === 'string').map((e) => String(e.query.createdAfter));
		expect(slices.length).toBeGreaterThan(20);
		expect(exports.every((e) => e.status === 200)).toBe(true);
		// The most recent years first, each once.
		expect(slices).toEqual([...new Set(slices)].sort().reverse());
		expect(JSON.stringify(staticData).length).toBeLessThan(files * 12 + 2000);
		expect(staticData.statuses).toBeUndefined();
	});

	it('an old closed sale edited today fires nothing; an old pending sale that closes fires once, with previousStatus as written', async () => {
		const closed = oldSale('closed', 5);
		const pending = oldSale('pending', 3);
		const now = new Date().toISOString();
		// An auditor corrects the price of a sale closed years ago; another closes a sale pending since.
		Object.assign(closed.dto, { salePrice: Number(closed.dto.salePrice ?? 0) + 1000, modifiedOn: now });
		Object.assign(pending.dto, { status: 'closed', statusId: SALE_STATUS_IDS.closed, actualClosingDate: now, modifiedOn: now });
		const items = await poll(closedOnly, staticData);
		expect(items.map((i) => [i.saleGuid, i.previousStatus, i.status])).toEqual([[pending.dto.saleGuid, 'Pending', 'Closed']]);
		expect(await poll(closedOnly, staticData)).toEqual([]);
	});

	it('a sale entered already closed after the first poll fires once, with previousStatus null; an active listing entered does not', async () => {
		const sale = await enter('sales', 'closed');
		await enter('listings', 'active');
		const items = await poll(closedOnly, staticData);
		expect(items.map((i) => [i.saleGuid, i.previousStatus, i.status])).toEqual([[sale.saleGuid, null, 'Closed']]);
		expect(await poll(closedOnly, staticData)).toEqual([]);
	});
});

describe('Status Changed after an earlier version of the node', () => {
	it('reads every file once, fires for a file the earlier state knew in another status, and for none it did not know', async () => {
		const known = oldSale('pending', 2);
		const unknown = oldSale('pending', 4);
		// The state an earlier version left: the statuses of the files it saw change, a cursor.
		const staticData: IDataObject = {
			event: 'statusChanged',
			cursor: new Date(Date.now() - 10 * 60 * 1000).toISOString(),
			seen: {},
			statuses: { [known.dto.saleGuid as string]: 'Pending' },
		};
		const now = new Date().toISOString();
		for (const sale of [known, unknown]) Object.assign(sale.dto, { status: 'closed', statusId: SALE_STATUS_IDS.closed, modifiedOn: now });
		expect(await poll(closedOnly, staticData)).toEqual([]);
		const items = await readHistory(closedOnly, staticData);
		// Both changed before the book was begun: the one the earlier state knew is compared with it.
		expect(items.map((i) => [i.saleGuid, i.previousStatus, i.previousStatusUnknown, i.status])).toEqual([
			[known.dto.saleGuid, 'Pending', undefined, 'Closed'],
		]);
		expect(staticData.statuses).toBeUndefined();
		expect(StatusBook.from(staticData.book as StatusBookData).size).toBe(env.state.store.listings.size + env.state.store.sales.size);
		expect(await poll(closedOnly, staticData)).toEqual([]);
	});

	it('File Types changed: the book is read again for the new types, and nothing fires for what it had not seen', async () => {
		const staticData: IDataObject = {};
		expect(await poll({ ...closedOnly, fileTypes: ['sale'] }, staticData)).toEqual([]);
		expect(await readHistory({ ...closedOnly, fileTypes: ['sale'] }, staticData)).toEqual([]);
		expect(StatusBook.from(staticData.book as StatusBookData).size).toBe(env.state.store.sales.size);
		expect(await poll(closedOnly, staticData)).toEqual([]);
		expect(await readHistory(closedOnly, staticData)).toEqual([]);
		expect(StatusBook.from(staticData.book as StatusBookData).size).toBe(env.state.store.listings.size + env.state.store.sales.size);
	});
});

describe('Status Changed when the first read breaks off', () => {
	it('fails the poll naming the slice, keeps nothing of that poll, and the next poll reads the slice again', async () => {
		const staticData: IDataObject = {};
		expect(await poll(closedOnly, staticData)).toEqual([]);
		const before = structuredClone(staticData);
		env.state.setExportCutAfter(50);
		try {
			await expect(poll(closedOnly, staticData)).rejects.toThrow(/after 50 complete objects/);
		} finally {
			env.state.setExportCutAfter(undefined);
		}
		expect(staticData).toEqual(before);
		expect(await readHistory(closedOnly, staticData)).toEqual([]);
		expect(StatusBook.from(staticData.book as StatusBookData).size).toBe(env.state.store.listings.size + env.state.store.sales.size);
	});
});
