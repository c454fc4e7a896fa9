import { randomBytes } from 'crypto';
import type { IWebhookFunctions } from 'n8n-workflow';

import { triggerKey } from '../../shared/node';
import type { TriggerState } from './triggerState';

/**
 * Which n8n process saved the Signing Trigger's state last: several webhook processors each save
 * it whole, and a process that finds its own save gone says so on every run it starts.
 */

/** This process, among the n8n processes that may save a trigger's state (webhook processors). */
const PROCESS_ID = randomBytes(6).toString('base64url');
/** The newest mark this process wrote into `savedBy`, by trigger: only it tells a save of this process's that landed last. */
const newestSave = new Map<string, string>();
/** Entries of `savedBy` kept: the processes that saved last. */
const SAVED_BY_LIMIT = 16;

/** The marks of other processes this process has met in the state it loaded, by trigger (bounded). */
const metMarks = new Map<string, Set<string>>();
/** Triggers whose state another process saved over this one's: said on every run from then on. */
const overwritten = new Set<string>();

/**
 * Whether another process's save overwrote this process's: the state holds a mark of another
 * process this one has never met (a save that landed since this process last loaded), and not this
 * process's newest mark. n8n saves a webhook's static data whole, the last save winning; of two
 * processes that handle this trigger's notifications, one loses what the other remembered. The
 * order the saves land in decides, not the time of the marks: a process that marked first may
 * save last. A process that never saved loses nothing; one whose own saves only have not landed
 * yet (its requests overlap, or a test event, which n8n never saves) meets no new mark. Once found,
 * it is said on every run the process starts for the trigger: several processors take its
 * notifications.
 */
export function savedOver(ctx: IWebhookFunctions, data: TriggerState): boolean {
	const key = triggerKey(ctx);
	const savedBy = data.savedBy && typeof data.savedBy === 'object' ? data.savedBy : {};
	const met = metMarks.get(key) ?? new Set<string>();
	const others = Object.entries(savedBy)
		.filter(([id, at]) => id !== PROCESS_ID && typeof at === 'string')
		.map(([, at]) => at as string);
	const unmet = others.filter((at) => !met.has(at));
	for (const at of others) met.add(at);
	// Bounded like savedBy's history: the oldest marks met are let go first.
	metMarks.set(key, new Set([...met].slice(-SAVED_BY_LIMIT * 16)));
	const newest = newestSave.get(key);
	if (newest !== undefined && unmet.length && savedBy[PROCESS_ID] !== newest) overwritten.add(key);
	return overwritten.has(key);
}

/** Stamps this process's save into the state (call just before the webhook answers). */
export function markSave(ctx: IWebhookFunctions, data: TriggerState): void {
	const at = `${new Date().toISOString()}#${randomBytes(3).toString('base64url')}`;
	const others = Object.entries(data.savedBy && typeof data.savedBy === 'object' ? data.savedBy : {})
		.filter(([id, when]) => id !== PROCESS_ID && typeof when === 'string')
		.sort(([, a], [, b]) => (a < b ? 1 : -1))
		.slice(0, SAVED_BY_LIMIT - 1);
	data.savedBy = { ...Object.fromEntries(others), [PROCESS_ID]: at };
	newestSave.set(triggerKey(ctx), at);
}

/** Said on every run of a process that found its save overwritten. */
export const SEVERAL_PROCESSORS_NOTICE =
	'Another n8n process saved this trigger\'s memory over this one\'s: several webhook processors take its notifications, and n8n gives them no shared lock, so a notification sent again may start a run again. Write with deliveryKey as the idempotency key, or send this webhook path to one processor.';
