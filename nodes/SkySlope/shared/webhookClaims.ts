import type { IWebhookFunctions } from 'n8n-workflow';

import { triggerKey } from './node';

/**
 * How a webhook trigger stays exact when n8n runs its requests side by side (docs/ARCHITECTURE.md,
 * "Triggers under n8n's runtime"): each request works on its own copy of the static data, and the
 * last save wins. `claimKeys` claims keys (a notification, a signed document) in this process
 * synchronously, so that of two requests at the same moment only one delivers, and every save
 * writes every key this process holds, so that none is lost to a concurrent save.
 */

/** Keys of one list of a webhook trigger's state (e.g. delivered documents) claimed by requests in this process, oldest first, saved or not yet. */
type ClaimedList = { mine: string[] };

/** Per trigger, per list. */
const claimed = new Map<string, Map<string, ClaimedList>>();

function claimedList(ctx: IWebhookFunctions, list: string): ClaimedList {
	const key = triggerKey(ctx);
	const lists = claimed.get(key) ?? new Map<string, ClaimedList>();
	claimed.set(key, lists);
	const entry = lists.get(list) ?? { mine: [] };
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
	const entry = claimedList(ctx, list);
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
