// Status Changed reads a large brokerage's history a few creation years a poll: what n8n's memory
// rises by while a poll runs follows the files the poll parses (bench/RESULTS.md, figure 20), so a
// poll stops reading slices once HISTORY_FILES_PER_POLL files are read. Every file still ends up in
// the book, and a change meanwhile still fires once.
import type { IDataObject } from 'n8n-workflow';

import { StatusBook, type StatusBookData } from '../../nodes/SkySlope/listingsSales/helpers/statusBook';
import { HISTORY_FILES_PER_POLL } from '../../nodes/SkySlope/listingsSales/helpers/statusHistory';
import { addHistory } from '../../sandbox/listings/activity';
import { pollTrigger, startEnv, type Env } from '../../harness/listings-env';


let env: Env;
beforeAll(async () => {
	env = await startEnv({ rateLimits: { listings: { limit: 100_000 } }, live: { zonelessDates: true, displayStatuses: true } });
	// 36,000 files over three years: about 12,000 a creation year, more than a poll's share in all.
	addHistory(env.state.store, Date.now(), { listings: 24_000, sales: 12_000, days: 3 * 365, seed: 3737 });
}, 60_000);
afterAll(async () => env.sandbox.close());

it(`reads the history over polls of at most ${HISTORY_FILES_PER_POLL} files and one slice more; the book ends whole`, async () => {
	const parameters = { event: 'statusChanged', fileTypes: ['listing', 'sale'], statuses: ['closed'] };
	const staticData: IDataObject = {};
	const files = env.state.store.listings.size + env.state.store.sales.size;
	expect(files).toBeGreaterThanOrEqual(36_000);
	expect(await pollTrigger(env, parameters, staticData, 'trigger')).toEqual([]);
	// The largest creation-year slice: a poll reads at most its share and the slice that crossed it.
	const perYear = new Map<number, number>();
	for (const file of [...env.state.store.listings.values(), ...env.state.store.sales.values()]) {
		const year = new Date(String(file.dto.createdOn)).getUTCFullYear();
		perYear.set(year, (perYear.get(year) ?? 0) + 1);
	}
	const largestSlice = Math.max(...perYear.values());
	// The book's size after each poll: what each poll read of the history.
	const sizes: number[] = [];
	for (let n = 0; n < 20 && staticData.history !== undefined; n++) {
		expect(await pollTrigger(env, parameters, staticData, 'trigger')).toEqual([]);
		sizes.push(StatusBook.from(staticData.book as StatusBookData).size);
	}
	expect(staticData.history).toBeUndefined();
	const perPoll = sizes.map((size, i) => size - (i ? sizes[i - 1] : 0));
	expect(perPoll.length).toBeGreaterThanOrEqual(2);
	for (const count of perPoll) expect(count).toBeLessThan(HISTORY_FILES_PER_POLL + largestSlice);
	expect(sizes[sizes.length - 1]).toBe(files);
}, 120_000);
