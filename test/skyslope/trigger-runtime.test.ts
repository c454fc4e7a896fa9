// Status Changed under n8n's own trigger runtime (docs/ARCHITECTURE.md, "Triggers under n8n's runtime"):
// ticks that overlap a slow poll, a history read in slices over polls within a budget, changes made
// while it is read, and a restart that loses what polls which emitted nothing had kept in memory.
import { sleep, type IDataObject, type INodeParameters } from 'n8n-workflow';

import { StatusBook, type StatusBookData } from '../../nodes/SkySlope/listingsSales/helpers/statusBook';
import { addHistory } from '../../sandbox/listings/activity';
import { SALE_STATUS_IDS } from '../../sandbox/listings/types';
import { pollTrigger, startEnv, type Env } from '../../harness/listings-env';
import type { AnyNode } from '../../harness/node/node-types';
import { processLoader } from '../process';

/** A restart of n8n: a fresh process's copy of the trigger, its memory gone; the database stays. */
const restartedTrigger = processLoader(
	// eslint-disable-next-line @typescript-eslint/no-require-imports -- a process's own copy of the modules
	() => (require('../../nodes/SkySlope/SkySlopeTrigger.node') as { SkySlopeTrigger: AnyNode }).SkySlopeTrigger,
);

const DAY = 24 * 3600 * 1000;
const YEAR = 365 * DAY;
const closedOnly = { event: 'statusChanged', fileTypes: ['listing', 'sale'], statuses: ['closed'] };
/** A budget so small that each poll reads one slice of the history. */
const ONE_SLICE = 1;
// Each test reads ten years of history, some against a slow export: room for a busy machine.
jest.setTimeout(120_000);

let env: Env;
beforeEach(async () => {
	env = await startEnv({ rateLimits: { listings: { limit: 100_000 } }, live: { zonelessDates: true, displayStatuses: true } });
	addHistory(env.state.store, Date.now() - 10 * 60_000, { listings: 1_500, sales: 1_800, days: 3650, seed: 3636 });
}, 60_000);
afterEach(async () => env.sandbox.close());

// A budget this small makes every poll that finds something run past n8n's timeout: its items
// wait in the state; n8n's next tick (polled here at once) reads again from where that poll began,
// late again, and the tick after emits them, reading nothing. That tick may itself run past a 1-ms budget on a busy machine (a pause of the process), and keeps them
// waiting again: ticks follow until they are emitted, as n8n's would.
const poll = async (staticData: IDataObject, budgetMs?: number, parameters: INodeParameters = closedOnly) => {
	let items = await pollTrigger(env, parameters, staticData, 'trigger', budgetMs);
	for (let tick = 0; !items.length && staticData.pending && tick < 20; tick++) items = await pollTrigger(env, parameters, staticData, 'trigger', budgetMs);
	return items;
};
const files = () => env.state.store.listings.size + env.state.store.sales.size;

/** A sale created about `yearsAgo` years ago (0: this year), in `status`. */
function sale(status: string, yearsAgo: number) {
	const wanted = Date.now() - yearsAgo * YEAR;
	const year = new Date(wanted).getUTCFullYear();
	const sales = [...env.state.store.sales.values()].filter(
		(s) => s.dto.status === status && new Date(Date.parse(`${String(s.dto.createdOn).replace(/Z?$/, 'Z')}`)).getUTCFullYear() === year,
	);
	expect(sales.length).toBeGreaterThan(0);
	return sales[0];
}

function close(record: { dto: object }) {
	Object.assign(record.dto, { status: 'closed', statusId: SALE_STATUS_IDS.closed, modifiedOn: new Date().toISOString() });
}

const rows = (items: IDataObject[]) => items.map((i) => [i.saleGuid, i.previousStatus, i.previousStatusUnknown ?? false]);

/** A watch whose history is read, and a pending sale closed since: what the next poll fires. */
async function closedOnceRead() {
	const staticData: IDataObject = {};
	expect(await poll(staticData)).toEqual([]);
	while (staticData.history) expect(await poll(staticData)).toEqual([]);
	const pending = sale('pending', 0);
	close(pending);
	return { staticData, pending };
}

describe('overlapping ticks', () => {
	it('two polls of one trigger started together: one reads, the other does nothing; a change fires once', async () => {
		const { staticData, pending } = await closedOnceRead();
		env.sandbox.clearLog();
		const [a, b] = await Promise.all([poll(staticData), poll(staticData)]);
		expect(rows([...a, ...b])).toEqual([[pending.dto.saleGuid, 'Pending', false]]);
		// Only one of them asked the service.
		expect(env.sent('GET', /^\/api\/files$/)).toHaveLength(1);
		expect(await poll(staticData)).toEqual([]);
	});

	it('a poll slower than the interval (a slow export) is not overlapped: ticks during it do nothing, and the change fires once', async () => {
		const { staticData, pending } = await closedOnceRead();
		// Far slower than the three ticks below, even when a busy machine delays their timers.
		env.sandbox.setLive({ zonelessDates: true, displayStatuses: true, slowExport: 5000 });
		env.sandbox.clearLog();
		const slow = poll(staticData);
		const ticks: IDataObject[][] = [];
		for (let n = 0; n < 3; n++) {
			await sleep(300);
			ticks.push(await poll(staticData));
		}
		expect(ticks).toEqual([[], [], []]);
		expect(rows(await slow)).toEqual([[pending.dto.saleGuid, 'Pending', false]]);
		expect(env.sent('GET', /^\/api\/files$/)).toHaveLength(1);
		env.sandbox.setLive({ zonelessDates: true, displayStatuses: true });
		expect(await poll(staticData)).toEqual([]);
	});
});

describe('the history in slices', () => {
	it('the first poll makes no request even against a slow export; each later poll reads within its budget, newest year first, and keeps each slice', async () => {
		env.sandbox.setLive({ zonelessDates: true, displayStatuses: true, slowExport: 400 });
		const staticData: IDataObject = {};
		env.sandbox.clearLog();
		const started = Date.now();
		expect(await poll(staticData)).toEqual([]);
		// No request is the point; the time is bounded generously, for a busy machine.
		expect(Date.now() - started).toBeLessThan(5000);
		expect(env.sent('GET', /^\/api\/files$/)).toEqual([]);
		const unread = (staticData.history as { unread: number[] }).unread;
		expect(unread[0]).toBe(new Date().getUTCFullYear());
		let polls = 0;
		while (staticData.history) {
			const before = (staticData.history as { unread: number[] }).unread.length;
			expect(await poll(staticData, ONE_SLICE)).toEqual([]);
			polls++;
			// One slice a poll: the budget was spent by the first.
			expect(((staticData.history as { unread: number[] } | undefined)?.unread.length ?? 0)).toBe(before - 1);
		}
		expect(polls).toBe(unread.length);
		expect(StatusBook.from(staticData.book as StatusBookData).size).toBe(files());
	});

	it('changes made while the history is read fire once: with the status before when its slice was read, else saying it is unknown', async () => {
		const staticData: IDataObject = {};
		await poll(staticData);
		// This year's slice is read first.
		expect(await poll(staticData, ONE_SLICE)).toEqual([]);
		const recent = sale('pending', 0);
		const old = sale('pending', 6);
		close(recent);
		close(old);
		const items: IDataObject[] = [];
		while (staticData.history) items.push(...(await poll(staticData, ONE_SLICE)));
		items.push(...(await poll(staticData)));
		expect(rows(items)).toEqual([
			[recent.dto.saleGuid, 'Pending', false],
			[old.dto.saleGuid, null, true],
		]);
		// The old sale's slice was read after it changed: the book holds it as it is now, and no second event came.
		expect(StatusBook.from(staticData.book as StatusBookData).get('sale', String(old.dto.saleGuid))).toBe('Closed');
		expect(await poll(staticData)).toEqual([]);
	});

	it('an n8n restart in the middle of the history read repeats no event and misses none', async () => {
		const staticData: IDataObject = {};
		// n8n saves static data after the activation poll and when a poll emits: `saved` is the database.
		await poll(staticData);
		let saved = structuredClone(staticData);
		const track = async () => {
			const items = await poll(staticData, ONE_SLICE);
			if (items.length) saved = structuredClone(staticData);
			return items;
		};
		const out: IDataObject[] = [];
		out.push(...(await track()), ...(await track()));
		const recent = sale('pending', 0);
		close(recent);
		out.push(...(await track()));
		expect(rows(out)).toEqual([[recent.dto.saleGuid, 'Pending', false]]);
		// Three more slices read, nothing emitted: kept in memory only.
		for (let n = 0; n < 3; n++) out.push(...(await track()));
		const unreadBefore = (staticData.history as { unread: number[] }).unread.length;
		// The restart: the process forgets, the database gives back what it saved.
		env.trigger = restartedTrigger();
		for (const key of Object.keys(staticData)) delete staticData[key];
		Object.assign(staticData, structuredClone(saved));
		expect((staticData.history as { unread: number[] }).unread.length).toBe(unreadBefore + 3);
		const old = sale('pending', 8);
		close(old);
		const after: IDataObject[] = [];
		while (staticData.history) after.push(...(await track()));
		after.push(...(await track()));
		expect(rows(after)).toEqual([[old.dto.saleGuid, null, true]]);
		expect(StatusBook.from(staticData.book as StatusBookData).size).toBe(files());
	});

	it('the durable scheduler (each tick built from the database, saved only on an emit, even the first): the history is read and a change fires once', async () => {
		const staticData: IDataObject = {};
		let database: IDataObject = {};
		const tick = async (budgetMs?: number) => {
			for (const key of Object.keys(staticData)) delete staticData[key];
			Object.assign(staticData, structuredClone(database));
			const items = await poll(staticData, budgetMs);
			if (items.length) database = structuredClone(staticData);
			return items;
		};
		expect(await tick()).toEqual([]);
		const out: IDataObject[] = [];
		for (let n = 0; n < 3; n++) out.push(...(await tick(ONE_SLICE)));
		const recent = sale('pending', 0);
		close(recent);
		for (let n = 0; n < 40; n++) out.push(...(await tick(ONE_SLICE)));
		expect(rows(out)).toEqual([[recent.dto.saleGuid, 'Pending', false]]);
		// The database holds the state of the poll that emitted; the process, the book read whole since.
		expect(database.history).toBeDefined();
		expect(staticData.history).toBeUndefined();
		expect(StatusBook.from(staticData.book as StatusBookData).size).toBe(files());
	});
});

describe('New and Changed: the first poll asks nothing', () => {
	it('publishing against a slow export returns at once; what changed before is recorded, what changes after fires once', async () => {
		const before = sale('pending', 0);
		close(before);
		// A second before publishing: a change milliseconds before it falls within the correction the
		// trigger makes for the service's clock (a zone-less time to a hundredth, the request's way
		// there), where which came first cannot be told; under load that made this test fail.
		await sleep(1000);
		env.sandbox.setLive({ zonelessDates: true, displayStatuses: true, slowExport: 1500 });
		env.sandbox.clearLog();
		const staticData: IDataObject = {};
		const parameters = { event: 'changedSale', statuses: [] };
		const started = Date.now();
		expect(await poll(staticData, undefined, parameters)).toEqual([]);
		// No request is the point; the time is bounded generously, for a busy machine.
		expect(Date.now() - started).toBeLessThan(5000);
		expect(env.sent('GET', /^\/api\/files$/)).toEqual([]);
		const after = sale('incomplete', 0);
		close(after);
		expect((await poll(staticData, undefined, parameters)).map((i) => i.saleGuid)).toEqual([after.dto.saleGuid]);
		expect(await poll(staticData, undefined, parameters)).toEqual([]);
	});
});

describe('every read checked against its count', () => {
	const changed = { event: 'changedSale', statuses: [] };

	it('a change window that ends short of its summary fails the poll, names both counts, and keeps the cursor', async () => {
		const staticData: IDataObject = {};
		// The watch begins; its first window reaches back as far as the service's clock may be behind.
		expect(await poll(staticData, undefined, changed)).toEqual([]);
		expect(await poll(staticData, undefined, changed)).toEqual([]);
		const a = sale('pending', 0);
		const b = sale('incomplete', 0);
		close(a);
		close(b);
		const before = structuredClone(staticData);
		env.state.setExportShort(1);
		try {
			await expect(poll(staticData, undefined, changed)).rejects.toThrow(/The export of files modified after .* ended early: 1 of 2 sales arrived/);
		} finally {
			env.state.setExportShort(undefined);
		}
		expect(staticData).toEqual(before);
		const items = await poll(staticData, undefined, changed);
		expect(items.map((i) => i.saleGuid).sort()).toEqual([a.dto.saleGuid, b.dto.saleGuid].sort());
	});

	it('a change window with no summary (an empty answer) is not "nothing changed"', async () => {
		const staticData: IDataObject = {};
		expect(await poll(staticData, undefined, changed)).toEqual([]);
		const a = sale('pending', 0);
		close(a);
		const before = structuredClone(staticData);
		env.state.setExportShort(0, { summary: false });
		try {
			await expect(poll(staticData, undefined, changed)).rejects.toThrow(/came without its summary, so whether it is whole cannot be told/);
		} finally {
			env.state.setExportShort(undefined);
		}
		expect(staticData).toEqual(before);
		expect((await poll(staticData, undefined, changed)).map((i) => i.saleGuid)).toEqual([a.dto.saleGuid]);
	});

	it('a history slice with an empty answer is not taken as read: the poll fails and the slice stays unread', async () => {
		const staticData: IDataObject = {};
		await poll(staticData);
		const before = structuredClone(staticData);
		// The change window answers; the first slice after it comes back empty.
		let calls = 0;
		const original = env.state.store.exportShort;
		expect(original).toBeUndefined();
		Object.defineProperty(env.state.store, 'exportShort', {
			configurable: true,
			get: () => (calls++ === 0 ? undefined : { files: 0, summary: false }),
		});
		try {
			await expect(poll(staticData, ONE_SLICE)).rejects.toThrow(/The export of files created .* came without its summary/);
		} finally {
			Object.defineProperty(env.state.store, 'exportShort', { configurable: true, writable: true, value: undefined });
		}
		expect(staticData).toEqual(before);
		expect(await poll(staticData, ONE_SLICE)).toEqual([]);
		expect((staticData.history as { unread: number[] }).unread).toHaveLength((before.history as { unread: number[] }).unread.length - 1);
	});
});

describe('every file in the book, whatever its creation date', () => {
	const END_OF_TIME = '9999-12-31T23:59:59.999Z';
	const readAll = async (staticData: IDataObject) => {
		expect(await poll(staticData)).toEqual([]);
		while (staticData.history) expect(await poll(staticData)).toEqual([]);
		return StatusBook.from(staticData.book as StatusBookData);
	};

	it('a file with an empty creation date and one from before 1970 are in the book: a change to either fires once, with its earlier status', async () => {
		const undated = sale('pending', 2);
		const old = sale('pending', 4);
		(undated.dto as { createdOn: string | null }).createdOn = null;
		old.dto.createdOn = '1965-06-01T00:00:00.000Z';
		env.sandbox.clearLog();
		const staticData: IDataObject = {};
		const book = await readAll(staticData);
		expect([book.get('sale', String(undated.dto.saleGuid)), book.get('sale', String(old.dto.saleGuid))]).toEqual(['Pending', 'Pending']);
		expect(book.size).toBe(files());
		// The account's count agreed with the book: one summary asked, no read of every file.
		const exports = env.sent('GET', /^\/api\/files$/);
		expect(exports.filter((e) => e.query.type === 'summary').map((e) => e.query.createdBefore)).toEqual([END_OF_TIME]);
		expect(exports.filter((e) => e.query.createdBefore === END_OF_TIME && e.query.createdAfter === undefined && e.query.type !== 'summary')).toEqual([]);
		close(undated);
		close(old);
		const fired = rows(await poll(staticData)).sort();
		expect(fired).toEqual([[undated.dto.saleGuid, 'Pending', false], [old.dto.saleGuid, 'Pending', false]].sort());
		expect(await poll(staticData)).toEqual([]);
	});

	it('a file created a month ahead of every clock is read with the newest slice, which has no end (no read of every file): its change fires with its earlier status', async () => {
		const ahead = sale('pending', 3);
		ahead.dto.createdOn = new Date(Date.now() + 30 * DAY).toISOString();
		env.sandbox.clearLog();
		const staticData: IDataObject = {};
		const book = await readAll(staticData);
		expect(book.get('sale', String(ahead.dto.saleGuid))).toBe('Pending');
		expect(book.size).toBe(files());
		const exports = env.sent('GET', /^\/api\/files$/);
		expect(exports.filter((e) => e.query.type === 'summary')).toHaveLength(1);
		const newest = exports.filter((e) => e.query.createdBefore === END_OF_TIME && e.query.type !== 'summary');
		expect(newest.map((e) => e.query.createdAfter)).toEqual([`${new Date().getUTCFullYear()}-01-01T00:00:00.000Z`]);
		close(ahead);
		expect(rows(await poll(staticData))).toEqual([[ahead.dto.saleGuid, 'Pending', false]]);
	});

	it("an account's count that cannot be read fails the poll, naming what came, and the check is asked again", async () => {
		const staticData: IDataObject = {};
		expect(await poll(staticData)).toEqual([]);
		while ((staticData.history as { unread: number[] } | undefined)?.unread.length !== 1) expect(await poll(staticData, ONE_SLICE)).toEqual([]);
		const before = structuredClone(staticData);
		// The change window answers; the account's count after it comes back empty.
		let calls = 0;
		Object.defineProperty(env.state.store, 'exportShort', {
			configurable: true,
			get: () => (calls++ === 0 ? undefined : { files: 0, summary: false }),
		});
		try {
			await expect(poll(staticData, ONE_SLICE)).rejects.toThrow(/The account's count of its files cannot be read: the export came without its summary/);
		} finally {
			Object.defineProperty(env.state.store, 'exportShort', { configurable: true, writable: true, value: undefined });
		}
		expect(staticData).toEqual(before);
		expect(await poll(staticData, ONE_SLICE)).toEqual([]);
		expect(staticData.history).toBeUndefined();
	});
});
