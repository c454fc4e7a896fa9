/* eslint-disable @n8n/community-nodes/no-restricted-globals -- dev tooling, never shipped in dist */
// The SkySlope Trigger against the sandbox answering as the live service does: date-times
// without a zone (an empty one as 0001-01-01T00:00:00) and statuses as display names (`Closed`),
// with this process outside UTC (the unit suite runs in America/Los_Angeles, jest.config.js; run it
// with TZ=Asia/Kolkata for a zone east of UTC). Before the dates were read as UTC, the trigger west
// of UTC never emitted anything after its first poll (its window started hours ahead), and east of
// UTC it emitted hours of old records again.
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { byId, createListing, json, pollTrigger, startEnv, type Env } from '../../harness/listings-env';

// Each test's static data is a trigger of its own (the harness gives it its own workflow id).

const HOUR = 3600 * 1000;

describe(`SkySlope Trigger, live dates and statuses, n8n in ${process.env.TZ ?? 'the host zone'}`, () => {
	let env: Env;
	beforeAll(async () => {
		env = await startEnv({ rateLimits: { listings: { limit: 10_000 } }, live: { zonelessDates: true, displayStatuses: true } });
	});
	afterAll(async () => env.sandbox.close());

	it('runs outside UTC, and the sandbox writes dates without a zone and statuses as display names', async () => {
		expect(new Date(2026, 0, 1).getTimezoneOffset()).not.toBe(0);
		const r = await env.run({ resource: 'sale', operation: 'getAll', returnAll: false, limit: 10, simplify: false });
		const sales = json(r);
		expect(sales.length).toBeGreaterThan(0);
		for (const sale of sales) {
			expect(String(sale.createdOn)).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,3})?$/);
			expect(String(sale.status)).toMatch(/^[A-Z]/);
		}
	});

	const poll = (parameters: INodeParameters, staticData: IDataObject) => pollTrigger(env, parameters, staticData);

	it('new listings: each emitted exactly once, poll after poll, and the cursor is a UTC instant near now', async () => {
		const staticData: IDataObject = {};
		const parameters = { event: 'newListing', statuses: [] };
		expect(await poll(parameters, staticData)).toEqual([]);
		expect(Math.abs(Date.parse(String(staticData.cursor)) - Date.now())).toBeLessThan(HOUR);
		expect(String(staticData.cursor)).toMatch(/Z$/);
		for (const round of [1, 2, 3]) {
			const guid = await createListing(env, `Round ${round} Live St`);
			const items = await poll(parameters, staticData);
			expect(items.map((o) => o.listingGuid)).toEqual([guid]);
			expect(await poll(parameters, staticData)).toEqual([]);
		}
	});

	it('changed sales: the next poll after the first emits only what changed, not hours of old records', async () => {
		const staticData: IDataObject = {};
		const parameters = { event: 'changedSale', statuses: [] };
		// Sales changed an hour ago and a few hours ago: before the first poll, never to be emitted.
		const sales = [...env.state.store.sales.values()];
		Object.assign(sales[0].dto, { modifiedOn: new Date(Date.now() - HOUR).toISOString() });
		Object.assign(sales[1].dto, { modifiedOn: new Date(Date.now() - 4 * HOUR).toISOString() });
		expect(await poll(parameters, staticData)).toEqual([]);
		expect(await poll(parameters, staticData)).toEqual([]);
		Object.assign(sales[2].dto, { modifiedOn: new Date().toISOString() });
		expect((await poll(parameters, staticData)).map((o) => o.saleGuid)).toEqual([sales[2].dto.saleGuid]);
	});

	it('status changed to closed fires for a sale the service writes Closed, once, with previousStatus as written', async () => {
		const staticData: IDataObject = {};
		const parameters = { event: 'statusChanged', fileTypes: ['sale'], statuses: ['closed', 'canceledApproved'] };
		expect(await poll(parameters, staticData)).toEqual([]);
		// The first poll starts the read of every sale's status, however old; the next ones read it.
		while (staticData.history) expect(await poll(parameters, staticData)).toEqual([]);
		const pick = (status: string) => [...env.state.store.sales.values()].find((s) => s.dto.status === status)!;
		const pending = pick('pending');
		const incomplete = pick('incomplete');
		const expired = pick('expired');
		const now = new Date().toISOString();
		Object.assign(pending.dto, { status: 'closed', statusId: 2, modifiedOn: now, actualClosingDate: now });
		Object.assign(incomplete.dto, { status: 'canceledApproved', modifiedOn: now });
		// Changed, but not to a wanted status: not emitted.
		Object.assign(expired.dto, { status: 'canceledPending', modifiedOn: now });
		const items = await poll(parameters, staticData);
		expect(items.map((i) => [i.saleGuid, i.previousStatus, i.status]).sort()).toEqual(
			[
				[pending.dto.saleGuid, 'Pending', 'Closed'],
				[incomplete.dto.saleGuid, 'Incomplete', 'Canceled/App'],
			].sort(),
		);
		expect(await poll(parameters, staticData)).toEqual([]);
	});

	it('Simplify gives zone-less dates as UTC instants and an empty date (0001-01-01) as null', async () => {
		const open = [...env.state.store.sales.values()].find((s) => s.dto.actualClosingDate === null)!;
		const r = await env.run({ resource: 'sale', operation: 'get', saleGuid: byId(open.dto.saleGuid) });
		const [sale] = json(r);
		expect(sale.actualClosingDate).toBeNull();
		expect(sale.contractAcceptedDate).toBe(new Date(Date.parse(String(open.dto.contractAcceptedDate))).toISOString());
		const full = json(await env.run({ resource: 'sale', operation: 'get', saleGuid: byId(open.dto.saleGuid), simplify: false }))[0];
		expect(full.actualClosingDate).toBe('0001-01-01T00:00:00');
	});
});
