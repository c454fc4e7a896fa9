// A brokerage's activity, for the mirror's tests and demos: years of history, and the day's
// changes as agents and auditors make them in SkySlope's own app (not through the API), so a
// client sees them only by reading. Sandbox-only control routes, no session needed:
//   POST {api_url}/_sandbox/activity/history {listings, sales, days, seed?}: that many stored
//        listings and sales, created evenly over the `days` before now, changed later in their life
//   POST {api_url}/_sandbox/activity/changes {count, seed?}: `count` changes of every kind (new
//        listings and sales, changed prices and commissions, status changes, sales closing),
//        each stamped modifiedOn = now; answers a tally by kind
//   PATCH {api_url}/_sandbox/activity/listings/:guid (or sales/:guid) {field: value, ...}: one
//        listing or sale changed as an agent or auditor would (a price, a status: `status: "closed"`
//        also sets statusId), stamped modifiedOn = now
//   POST {api_url}/_sandbox/activity/listings (or sales) {status?}: one new listing or sale entered
//        in SkySlope's app in that status (a sale entered already closed), stamped now
//   GET  {api_url}/_sandbox/activity/records: every stored listing and sale, as the export
//        presents them now (the live switches applied), for a test to compare a mirror against
//   GET  {api_url}/_sandbox/activity/slice?createdAfter=&createdBefore=: the listings and sales
//        created in that range (both ends included), as one plain JSON array, as /records presents
//        them: what a benchmark reads with n8n's own HTTP Request node, to tell n8n's cost of moving
//        records from the package's
import { mulberry32 } from '../core/random';
import type { Router } from '../core/router';
import type { Deps } from './deps';
import { matches } from './export';
import { objectBody, queryValue } from './http';
import { liveRecord } from './live';
import { iso, type Store } from './store';
import { SALE_STATUS_IDS, type Dto, type ListingRecord, type ListingStatus, type SaleRecord, type SaleStatus } from './types';

const DAY = 24 * 3600 * 1000;
const LISTING_STATUSES: ListingStatus[] = ['active', 'incomplete', 'expired', 'canceledPending', 'canceledApproved'];
const SALE_STATUSES: SaleStatus[] = ['pending', 'closed', 'archived', 'incomplete', 'expired', 'canceledPending', 'canceledApproved'];
const CHANGES = ['newListing', 'newSale', 'listingPrice', 'listingStatus', 'saleClosed', 'saleStatus', 'saleCommission'] as const;
export type ChangeKind = (typeof CHANGES)[number];

const pickOf = <T>(rng: () => number, list: readonly T[]): T => list[Math.floor(rng() * list.length)];

function count(value: unknown, name: string, max: number): number {
	const n = Number(value ?? 0);
	if (!Number.isInteger(n) || n < 0 || n > max) throw new Error(`${name} must be a whole number from 0 to ${max}`);
	return n;
}

export function newListing(store: Store, rng: () => number, createdAt: number, status: ListingStatus): ListingRecord {
	const agents = store.users.filter((u) => u.userType === 'Agent');
	const agent = pickOf(rng, agents);
	const type = pickOf(rng, store.checklistTypesOf(agent.officeGuid, 'Listing'));
	const rec = store.buildListing(rng, createdAt, status, type, agent);
	store.listings.set(rec.dto.listingGuid as string, rec);
	return rec;
}

export function newSale(store: Store, rng: () => number, createdAt: number, status: SaleStatus): SaleRecord {
	const agents = store.users.filter((u) => u.userType === 'Agent');
	const agent = pickOf(rng, agents);
	const type = pickOf(rng, store.checklistTypesOf(agent.officeGuid, 'Sale'));
	const rec = store.buildSale(rng, createdAt, status, type, agent);
	store.sales.set(rec.dto.saleGuid as string, rec);
	return rec;
}

/** Years of history: created evenly over `days`, each changed some time after (never after now). */
export function addHistory(store: Store, now: number, input: { listings: number; sales: number; days: number; seed?: number }): { listings: number; sales: number } {
	const rng = mulberry32(input.seed ?? 0x5eed);
	const span = input.days * DAY;
	const changedLater = (rec: { dto: Dto }, createdAt: number) => {
		rec.dto.modifiedOn = iso(Math.min(now - 60_000, createdAt + Math.floor(rng() * 60 * DAY)));
	};
	for (let i = 0; i < input.listings; i++) {
		const createdAt = now - span + Math.floor(((i + rng()) / Math.max(1, input.listings)) * (span - DAY));
		changedLater(newListing(store, rng, createdAt, pickOf(rng, LISTING_STATUSES)), createdAt);
	}
	for (let i = 0; i < input.sales; i++) {
		const createdAt = now - span + Math.floor(((i + rng()) / Math.max(1, input.sales)) * (span - DAY));
		changedLater(newSale(store, rng, createdAt, pickOf(rng, SALE_STATUSES)), createdAt);
	}
	return { listings: store.listings.size, sales: store.sales.size };
}

/** `count` changes of every kind in turn, each stamped with now. */
export function makeChanges(store: Store, now: number, input: { count: number; seed?: number }): Record<ChangeKind, number> {
	const rng = mulberry32(input.seed ?? now);
	const tally = Object.fromEntries(CHANGES.map((c) => [c, 0])) as Record<ChangeKind, number>;
	const stamp = (dto: Dto) => (dto.modifiedOn = iso(now));
	for (let i = 0; i < input.count; i++) {
		const kind = CHANGES[i % CHANGES.length];
		const listings = [...store.listings.values()];
		const sales = [...store.sales.values()];
		switch (kind) {
			case 'newListing':
				stamp(newListing(store, rng, now, 'active').dto);
				break;
			case 'newSale':
				stamp(newSale(store, rng, now, 'pending').dto);
				break;
			case 'listingPrice': {
				const rec = pickOf(rng, listings);
				rec.dto.listingPrice = Number(rec.dto.listingPrice ?? 300000) + 5000 * (1 + Math.floor(rng() * 10));
				stamp(rec.dto);
				break;
			}
			case 'listingStatus': {
				const rec = pickOf(rng, listings);
				rec.dto.status = pickOf(rng, LISTING_STATUSES.filter((s) => s !== rec.dto.status));
				stamp(rec.dto);
				break;
			}
			case 'saleClosed': {
				const open = sales.filter((s) => s.dto.status === 'pending');
				const rec = open.length ? pickOf(rng, open) : pickOf(rng, sales);
				rec.dto.status = 'closed';
				rec.dto.statusId = SALE_STATUS_IDS.closed;
				rec.dto.actualClosingDate = iso(now);
				stamp(rec.dto);
				break;
			}
			case 'saleStatus': {
				const rec = pickOf(rng, sales);
				const status = pickOf(rng, SALE_STATUSES.filter((s) => s !== rec.dto.status));
				rec.dto.status = status;
				rec.dto.statusId = SALE_STATUS_IDS[status];
				stamp(rec.dto);
				break;
			}
			case 'saleCommission': {
				const rec = pickOf(rng, sales);
				const price = Number(rec.dto.salePrice ?? 300000) + 1000 * (1 + Math.floor(rng() * 20));
				rec.dto.salePrice = price;
				rec.dto.commission = store.commission(rng, price);
				stamp(rec.dto);
				break;
			}
		}
		tally[kind]++;
	}
	return tally;
}

export function registerActivity(router: Router, deps: Deps): void {
	const { store, ctx } = deps;
	const answer = (run: () => unknown) => {
		try {
			return { status: 200, json: run() };
		} catch (error) {
			return { status: 400, json: { errors: [(error as Error).message] } };
		}
	};
	router.post('/_sandbox/activity/history', (req) =>
		answer(() => {
			const body = objectBody(req);
			return addHistory(store, ctx.now(), {
				listings: count(body.listings, 'listings', 100_000),
				sales: count(body.sales, 'sales', 100_000),
				days: count(body.days ?? 730, 'days', 20 * 366),
				seed: body.seed === undefined ? undefined : count(body.seed, 'seed', 2 ** 31),
			});
		}),
	);
	router.post('/_sandbox/activity/changes', (req) =>
		answer(() => {
			const body = objectBody(req);
			return makeChanges(store, ctx.now(), {
				count: count(body.count, 'count', 100_000),
				seed: body.seed === undefined ? undefined : count(body.seed, 'seed', 2 ** 31),
			});
		}),
	);
	for (const [kind, records] of [
		['listings', store.listings],
		['sales', store.sales],
	] as const) {
		router.patch(`/_sandbox/activity/${kind}/:guid`, (req) =>
			answer(() => {
				const rec = records.get(req.params.guid);
				if (!rec) throw new Error(`no ${kind === 'listings' ? 'listing' : 'sale'} ${req.params.guid}`);
				const changes = objectBody(req);
				Object.assign(rec.dto, changes, { modifiedOn: iso(ctx.now()) });
				if (kind === 'sales' && typeof changes.status === 'string' && changes.status in SALE_STATUS_IDS) {
					rec.dto.statusId = SALE_STATUS_IDS[changes.status as SaleStatus];
				}
				return liveRecord(rec.dto, ctx.live());
			}),
		);
	}
	const entries: Array<[string, readonly string[], (status: string) => { dto: Dto }]> = [
		['listings', LISTING_STATUSES, (status) => newListing(store, mulberry32(ctx.now()), ctx.now(), status as ListingStatus)],
		['sales', SALE_STATUSES, (status) => newSale(store, mulberry32(ctx.now()), ctx.now(), status as SaleStatus)],
	];
	for (const [kind, statuses, enter] of entries) {
		router.post(`/_sandbox/activity/${kind}`, (req) =>
			answer(() => {
				const status = String(objectBody(req).status ?? statuses[0]);
				if (!statuses.includes(status)) throw new Error(`status must be one of ${statuses.join(', ')}`);
				const rec = enter(status);
				rec.dto.modifiedOn = iso(ctx.now());
				return liveRecord(rec.dto, ctx.live());
			}),
		);
	}
	router.get('/_sandbox/activity/slice', (req) =>
		answer(() => {
			const bound = (name: string) => {
				const ms = Date.parse(String(queryValue(req, name)));
				if (Number.isNaN(ms)) throw new Error(`${name} must be a date-time`);
				return ms;
			};
			// The export's own filter, so the slice holds exactly the files the export's slice would.
			const filters = { createdAfter: bound('createdAfter'), createdBefore: bound('createdBefore'), statuses: 'all' as const, types: new Set(['listing', 'sale']) };
			return [...store.listings.values(), ...store.sales.values()].filter((r) => matches(r.dto, filters)).map((r) => liveRecord(r.dto, ctx.live()));
		}),
	);
	router.get('/_sandbox/activity/records', () => ({
		status: 200,
		json: {
			listings: [...store.listings.values()].map((r) => liveRecord(r.dto, ctx.live())),
			sales: [...store.sales.values()].map((r) => liveRecord(r.dto, ctx.live())),
		},
	}));
}
