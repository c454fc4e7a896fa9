/* eslint-disable @n8n/community-nodes/no-restricted-globals -- dev tooling, never shipped in dist */
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { limits, selectEvents } from '../../nodes/SkySlope/listingsSales/helpers/triggerState';
import { byId, createListing as createListingIn, pollTrigger, startEnv, type Env } from '../../harness/listings-env';

// Each test's static data is a trigger of its own (the harness gives it its own workflow id).

let env: Env;
beforeAll(async () => {
	env = await startEnv({ rateLimits: { listings: { limit: 10_000 } } });
});
afterAll(async () => env.sandbox.close());

const poll = (parameters: INodeParameters, staticData: IDataObject, mode: 'manual' | 'trigger' = 'trigger') =>
	pollTrigger(env, parameters, staticData, mode);
const createListing = (street: string) => createListingIn(env, street);

describe('SkySlope Trigger', () => {
	it('a manual test run returns the most recent file as a sample', async () => {
		const items = await poll({ event: 'newSale', statuses: [] }, {}, 'manual');
		expect(items).toHaveLength(1);
		const newest = [...env.state.store.sales.values()].map((s) => s.dto.createdOn).sort().at(-1);
		expect(items[0].createdOn).toBe(newest);
	});

	it('new listings: the first poll records without flooding, the next emits exactly the new ones once', async () => {
		const staticData: IDataObject = {};
		expect(await poll({ event: 'newListing', statuses: [] }, staticData)).toEqual([]);
		expect(staticData.cursor).toBeDefined();
		const a = await createListing('First Trigger St');
		const b = await createListing('Second Trigger St');
		const second = await poll({ event: 'newListing', statuses: [] }, staticData);
		expect(second.map((o) => o.listingGuid)).toEqual([a, b]);
		expect(await poll({ event: 'newListing', statuses: [] }, staticData)).toEqual([]);
		const sent = env.sent('GET', /^\/api\/files$/).at(-1)!;
		expect(sent.query.type).toBe('listing,summary');
		expect(typeof sent.query.createdAfter).toBe('string');
	});

	it('changed listings: emitted once per modification', async () => {
		const staticData: IDataObject = {};
		await poll({ event: 'changedListing', statuses: [] }, staticData);
		const guid = await createListing('Changed Trigger St');
		const first = await poll({ event: 'changedListing', statuses: [] }, staticData);
		expect(first.map((o) => o.listingGuid)).toEqual([guid]);
		await new Promise((resolve) => setTimeout(resolve, 5));
		const upd = await env.run({
			resource: 'listing',
			operation: 'update',
			listingGuid: byId(guid),
			columns: { mappingMode: 'defineBelow', value: { listingPrice: 310000 }, matchingColumns: [], schema: [] },
		});
		expect(upd.error).toBeUndefined();
		const second = await poll({ event: 'changedListing', statuses: [] }, staticData);
		expect(second.map((o) => [o.listingGuid, o.listingPrice])).toEqual([[guid, 310000]]);
		expect(await poll({ event: 'changedListing', statuses: [] }, staticData)).toEqual([]);
	});

	it('status changed: a sale that closes is emitted once with its previous status', async () => {
		const staticData: IDataObject = {};
		const parameters = { event: 'statusChanged', fileTypes: ['sale'], statuses: ['closed'] };
		expect(await poll(parameters, staticData)).toEqual([]);
		// The first poll starts the read of every sale's status, however old; the next ones read it.
		while (staticData.history) expect(await poll(parameters, staticData)).toEqual([]);
		const pending = [...env.state.store.sales.values()].find((s) => s.dto.status === 'pending')!;
		const other = [...env.state.store.sales.values()].find((s) => s.dto.status === 'incomplete')!;
		const now = new Date().toISOString();
		// An auditor closes one sale; another changes status but not to a target status.
		Object.assign(pending.dto, { status: 'closed', statusId: 2, modifiedOn: now, actualClosingDate: now });
		Object.assign(other.dto, { status: 'expired', modifiedOn: now });
		const items = await poll(parameters, staticData);
		expect(items.map((i) => [i.saleGuid, i.previousStatus, i.status])).toEqual([[pending.dto.saleGuid, 'pending', 'closed']]);
		expect(await poll(parameters, staticData)).toEqual([]);
	});
});

describe('trigger state', () => {
	const at = (iso: string, guid: string, extra: IDataObject = {}) => ({ objectType: 'listing', listingGuid: guid, createdOn: iso, modifiedOn: iso, ...extra });

	it('keeps the seen-set bounded and only within the overlap', () => {
		const now = '2026-01-01T12:00:00.000Z';
		const objects = Array.from({ length: limits.maxSeen + 50 }, (_, i) => at(new Date(Date.parse(now) - i).toISOString(), `g${i}`));
		const { state, emit } = selectEvents({ event: 'changedListing', objects, state: { event: 'changedListing', cursor: '2026-01-01T11:59:00.000Z' }, now });
		expect(emit).toHaveLength(objects.length);
		expect(Object.keys(state.seen!).length).toBe(limits.maxSeen);
		const old = selectEvents({ event: 'changedListing', objects: [at('2025-12-01T00:00:00.000Z', 'x')], state, now });
		expect(Object.keys(old.state.seen!)).not.toContain('x@' + Date.parse('2025-12-01T00:00:00.000Z'));
	});

	it('starts afresh when the event changes', () => {
		const first = selectEvents({ event: 'newListing', objects: [at('2026-01-01T00:00:00.000Z', 'a')], state: {}, now: '2026-01-01T00:00:01.000Z' });
		expect(Object.keys(first.state.seen ?? {})).toHaveLength(1);
		const other = selectEvents({ event: 'newSale', objects: [], state: first.state, now: '2026-01-01T00:00:02.000Z' });
		expect(other.state.event).toBe('newSale');
		expect(other.state.seen).toEqual({});
	});
});

describe('SkySlope Trigger when the export breaks off', () => {
	it('fails the poll and keeps the cursor, so the next poll reads the same window', async () => {
		const staticData: IDataObject = {};
		await poll({ event: 'changedSale', statuses: [] }, staticData);
		const before = JSON.stringify(staticData);
		env.state.setExportCutAfter(0);
		try {
			await expect(poll({ event: 'changedSale', statuses: [] }, staticData)).rejects.toThrow('after 0 complete objects');
		} finally {
			env.state.setExportCutAfter(undefined);
		}
		expect(JSON.stringify(staticData)).toBe(before);
	});
});
