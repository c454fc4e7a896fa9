// Nothing lost by the polling triggers: new records arrive between polls while the service fails
// (seeded 503s, drops, expiring auth, and whole polls that fail); every new record is emitted
// exactly once over the polls, and a failed poll keeps its state so the next one catches up.
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { SkySlopeTrigger } from '../../nodes/SkySlope/SkySlopeTrigger.node';
import type { FaultRule } from '../../sandbox';
import { runPoll } from '../../harness/node';
import { fastRetries, jsonOf, listingCreate, realRetries, startEnv, storm, type Env, type NodeKey } from './setup';

let env: Env;

beforeAll(async () => {
	fastRetries();
	env = await startEnv({ seed: 11, rateLimits: { listings: { limit: 1_000_000 }, offers: { limit: 1_000_000 } } });
});
afterAll(async () => {
	realRetries();
	await env.close();
});
afterEach(() => env.sandbox.setFaults([]));
/** Every request fails: the poll fails after its retries. */
const outage = (service: FaultRule['service'], path: string): FaultRule[] => [{ service, path, errorRate: 1, errorStatus: 503 }];

type Key = Extract<NodeKey, 'skyslope' | 'offers'>;
const TRIGGERS = { skyslope: SkySlopeTrigger, offers: SkySlopeTrigger } as const;

/** One poll as n8n's trigger mode runs it: emitted items' json, or the error it failed with. */
async function poll(key: Key, parameters: INodeParameters, staticData: IDataObject): Promise<{ items: IDataObject[]; error?: Error }> {
	const { credential } = { skyslope: { credential: 'skySlopeApi' }, offers: { credential: 'skySlopeOffersOAuth2Api' } }[key];
	try {
		const result = await runPoll({ node: TRIGGERS[key], parameters, credentials: { [credential]: env.credentials[key] }, staticData, mode: 'trigger' });
		if (result.credentials[credential]) env.credentials[key] = result.credentials[credential];
		return { items: (result.output?.[0] ?? []).map((i) => i.json) };
	} catch (error) {
		return { items: [], error: error as Error };
	}
}

/**
 * Rounds of: add new records (faults off), then poll with the storm on, or with the service down
 * every third round. Returns what was added and what was emitted, and how many polls failed.
 */
async function rounds(key: Key, parameters: INodeParameters, add: (round: number) => Promise<string[]>, idOf: (json: IDataObject) => string, faultPath: string) {
	const service = key === 'skyslope' ? 'listings' : 'offers';
	const staticData: IDataObject = {};
	const first = await poll(key, parameters, staticData);
	expect(first.error).toBeUndefined();
	const added: string[] = [];
	const emitted: string[] = [];
	let failedPolls = 0;
	for (let round = 1; round <= 9; round++) {
		added.push(...(await add(round)));
		const down = round % 3 === 0;
		env.sandbox.setFaults(down ? outage(service, faultPath) : storm(service, faultPath));
		const before = JSON.stringify(staticData);
		const result = await poll(key, parameters, staticData);
		env.sandbox.setFaults([]);
		if (result.error) {
			failedPolls++;
			expect(JSON.stringify(staticData)).toBe(before); // a failed poll keeps its state
		}
		if (down) expect(result.error).toBeDefined();
		emitted.push(...result.items.map(idOf));
	}
	const last = await poll(key, parameters, staticData);
	expect(last.error).toBeUndefined();
	emitted.push(...last.items.map(idOf));
	expect((await poll(key, parameters, staticData)).items).toEqual([]);
	return { added, emitted, failedPolls };
}

it('SkySlope Trigger: every new offer emitted exactly once across failing polls', async () => {
	const { added, emitted, failedPolls } = await rounds(
		'offers',
		{ event: 'newOffers', scope: 'all', options: {} },
		async () => [env.offers.upsert({ fileId: 10004 }).offer.OfferId, env.offers.upsert({ fileId: 10004 }).offer.OfferId],
		(json) => String(json.OfferId),
		'^/offers-api/ext/(offers|offer|agent)',
	);
	expect(failedPolls).toBeGreaterThanOrEqual(3);
	expect([...emitted].sort()).toEqual([...added].sort());
});

it('SkySlope Trigger: every new listing emitted exactly once across failing polls', async () => {
	const office = env.listings.store.offices[0];
	const agent = env.listings.store.users.find((u) => u.userType === 'Agent' && u.officeGuid === office.officeGuid)!;
	const checklist = env.listings.store.checklistTypes.find((c) => c.officeGuid === office.officeGuid && c.transactionType === 'Listing')!;
	const create = async (street: string) => {
		const r = await env.run('skyslope', listingCreate(office.officeGuid, checklist.checklistTypeId, agent.userGuid, street));
		if (r.error) throw new Error(r.error.message);
		return String(jsonOf(r)[0].listingGuid);
	};
	const { added, emitted, failedPolls } = await rounds(
		'skyslope',
		{ event: 'newListing', statuses: [] },
		async (round) => [await create(`Storm ${round} A St`), await create(`Storm ${round} B St`)],
		(json) => String(json.listingGuid),
		'^/api/files$',
	);
	expect(failedPolls).toBeGreaterThanOrEqual(3);
	expect([...emitted].sort()).toEqual([...added].sort());
}, 60_000);
