import type { IWebhookFunctions } from 'n8n-workflow';

import { triggerKey } from './node';

/**
 * How a webhook trigger stays exact when n8n runs its requests side by side (docs/ARCHITECTURE.md,
 * "Triggers under n8n's runtime"): each request works on its own copy of the static data, and the
 * last save wins. `claimKeys` claims keys (a notification, a signed document) in this process
 * synchronously, so that of two requests at the same moment only one delivers, and every save
 * writes every key this process holds, so that none is lost to a concurrent save.
 */

/**
 * Keys of one list of a webhook trigger's state (e.g. delivered documents) claimed by requests in
 * this process, oldest first, saved or not yet, and the list's bound.
 */
type ClaimedList = { mine: string[]; limit: number };

/** Per trigger, per list. */
const claimed = new Map<string, Map<string, ClaimedList>>();

function claimedList(ctx: IWebhookFunctions, list: string, limit: number): ClaimedList {
	const key = triggerKey(ctx);
	const lists = claimed.get(key) ?? new Map<string, ClaimedList>();
	claimed.set(key, lists);
	const entry = lists.get(list) ?? { mine: [], limit };
	entry.limit = limit;
	lists.set(list, entry);
	return entry;
}

/**
 * The keys of one list, as this process and the stored state together know them (what other
 * processes saved, and what this one claimed), oldest first, at most `limit`.
 */
function knownKeys(entry: ClaimedList, stored: unknown, limit: number): string[] {
	const fromStore = Array.isArray(stored) ? stored.filter((k): k is string => typeof k === 'string') : [];
	const storeSet = new Set(fromStore);
	// The stored order stands (oldest first); keys claimed here and not saved yet come after.
	const merged = [...fromStore, ...entry.mine.filter((k) => !storeSet.has(k))].slice(-limit);
	entry.mine = entry.mine.slice(-limit);
	return merged;
}

export interface Claim {
	/** The keys this call claimed: none of them was known before. */
	readonly taken: string[];
	/** How many of the oldest keys the bound (`limit`) made the list forget to hold these. */
	readonly forgot: number;
	/** Writes every key known now into the static data (call before returning). */
	save(): void;
}

/**
 * Claims keys of one list of a webhook trigger's static data, synchronously: of two requests at the
 * same moment, only the first gets a key. Keys already known (stored or claimed in this process)
 * are not taken.
 */
export function claimKeys(ctx: IWebhookFunctions, list: string, keys: string[], limit: number): Claim {
	const data = ctx.getWorkflowStaticData('node');
	const entry = claimedList(ctx, list, limit);
	const known = knownKeys(entry, data[list], limit);
	const set = new Set(known);
	const taken: string[] = [];
	for (const k of keys) {
		if (set.has(k)) continue;
		set.add(k);
		taken.push(k);
	}
	entry.mine.push(...taken);
	const forgot = Math.max(0, known.length + taken.length - limit);
	const save = () => {
		data[list] = knownKeys(entry, data[list], limit);
	};
	save();
	return { taken, forgot, save };
}

/**
 * Writes every key this process holds, of every list, into this request's copy of the state (call
 * before answering, whatever the request did). n8n saves each request's copy whole, the last save
 * winning: a request that claimed nothing (a repeat, a notification it could not place) still saves
 * its copy, loaded before the claims of the requests beside it; without their keys it would take
 * them out of the database, and a restart would then forget them (the model found it: issue 61).
 */
export function saveHeldKeys(ctx: IWebhookFunctions): void {
	const lists = claimed.get(triggerKey(ctx));
	if (!lists) return;
	const data = ctx.getWorkflowStaticData('node');
	for (const [list, entry] of lists) data[list] = knownKeys(entry, data[list], entry.limit);
}
