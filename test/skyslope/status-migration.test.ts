// Status Changed from every older state it may find (helpers/statusHistory.ts, statusState): the
// poll that finds one asks the service nothing and begins the read of every file's status (the
// history), carrying what the older state knew until that read ends. One test a shape.
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { StatusBook } from '../../nodes/SkySlope/listingsSales/helpers/statusBook';
import { pollTrigger, startEnv, type Env } from '../../harness/listings-env';

let env: Env;
beforeAll(async () => {
	env = await startEnv({ live: { zonelessDates: true, displayStatuses: true } });
});
afterAll(async () => env.sandbox.close());

const both: INodeParameters = { event: 'statusChanged', fileTypes: ['listing', 'sale'], statuses: ['closed'] };
const CURSOR = '2026-11-01T10:00:00.000Z';
/** One creation year from 2000 to this one, all before 2000, and the account check. */
const SLICES = new Date().getUTCFullYear() - 2000 + 3;

/** The poll that finds `stored`: what it asked of the service, and the state it left. */
async function firstPoll(stored: IDataObject, parameters: INodeParameters = both): Promise<{ asked: number; items: number; state: IDataObject }> {
	env.sandbox.clearLog();
	const staticData = structuredClone(stored);
	const items = await pollTrigger(env, parameters, staticData);
	return { asked: env.sent().length, items: items.length, state: staticData };
}

/** That the state begins the history now, with an empty book for these types. */
function expectHistoryBegun(state: IDataObject, types: string[]) {
	expect(StatusBook.from(state.book as never).size).toBe(0);
	expect((state.book as { types: string[] }).types.sort()).toEqual([...types].sort());
	expect((state.history as { unread: number[] }).unread).toHaveLength(SLICES);
	expect(Date.now() - Date.parse(String(state.bookSince))).toBeLessThan(60_000);
}

const otherBook = () => {
	const book = new StatusBook(['sale']);
	book.set('sale', 'a1b2c3', 'Pending');
	return book.toData();
};

describe('Status Changed after older states', () => {
	it('none: a new watch from now', async () => {
		const { asked, items, state } = await firstPoll({});
		expect({ asked, items }).toEqual({ asked: 0, items: 0 });
		expectHistoryBegun(state, ['listing', 'sale']);
		expect(Date.now() - Date.parse(String(state.cursor))).toBeLessThan(60_000);
		expect(state).not.toHaveProperty('earlier');
		expect(state).not.toHaveProperty('statuses');
	});

	it("another event's state (New Listing): a new watch; nothing of it is kept", async () => {
		const { asked, state } = await firstPoll({ event: 'newListing', cursor: CURSOR, seen: { 'g@1': 1 }, quietBefore: CURSOR });
		expect(asked).toBe(0);
		expectHistoryBegun(state, ['listing', 'sale']);
		expect(state.cursor).not.toBe(CURSOR);
		expect(state.seen).toEqual({});
	});

	it("an earlier version's statuses (no book): its cursor, seen keys and statuses go on", async () => {
		const stored = { event: 'statusChanged', cursor: CURSOR, seen: { 'g@1@pending': 1 }, statuses: { g: 'Pending' } };
		const { asked, state } = await firstPoll(stored);
		expect(asked).toBe(0);
		expectHistoryBegun(state, ['listing', 'sale']);
		expect({ cursor: state.cursor, seen: state.seen, statuses: state.statuses }).toEqual({ cursor: CURSOR, seen: stored.seen, statuses: stored.statuses });
	});

	it('a book of other File Types: kept as what the watch knew, its cursor going on', async () => {
		const book = otherBook();
		const { asked, state } = await firstPoll({ event: 'statusChanged', cursor: CURSOR, seen: {}, book, bookSince: CURSOR });
		expect(asked).toBe(0);
		expectHistoryBegun(state, ['listing', 'sale']);
		expect(state.earlier).toEqual(book);
		expect(state.cursor).toBe(CURSOR);
	});

	it("a history of an earlier version's shape (no list of unread slices): read again, its book kept as what the watch knew", async () => {
		const book = new StatusBook(['listing', 'sale']);
		book.set('sale', 'a1b2c3', 'Pending');
		const { asked, state } = await firstPoll({ event: 'statusChanged', cursor: CURSOR, seen: {}, book: book.toData(), bookSince: CURSOR, history: { next: 2019 } });
		expect(asked).toBe(0);
		expectHistoryBegun(state, ['listing', 'sale']);
		expect(state.earlier).toEqual(book.toData());
	});

	it('File Types changed again while an earlier book was carried: that earlier book stays', async () => {
		const earlier = otherBook();
		const stored = { event: 'statusChanged', cursor: CURSOR, seen: {}, book: new StatusBook(['listing']).toData(), bookSince: CURSOR, history: { unread: [2026] }, earlier };
		const { asked, state } = await firstPoll(stored);
		expect(asked).toBe(0);
		expectHistoryBegun(state, ['listing', 'sale']);
		expect(state.earlier).toEqual(earlier);
	});

	it("this version's state mid-way goes on as it is: the next poll reads its change window and a slice", async () => {
		const begun = (await firstPoll({})).state;
		const { asked, state } = await firstPoll(begun);
		expect(asked).toBeGreaterThanOrEqual(2);
		// Its start read on the service's clock (here ours): earlier by at most the answer's own time, never later.
		const movedBy = Date.parse(String(begun.bookSince)) - Date.parse(String(state.bookSince));
		expect(movedBy).toBeGreaterThanOrEqual(0);
		expect(movedBy).toBeLessThan(1_000);
		expect((state.history as { unread: number[] } | undefined)?.unread.length ?? 0).toBeLessThan(SLICES);
	});
});
