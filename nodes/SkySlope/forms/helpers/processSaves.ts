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
/**
 * What this process wrote into `savedBy` for itself, newest last, by trigger: requests of this
 * process answer side by side, and n8n may save an older one's copy last; it is still this one's.
 */
const ownSaves = new Map<string, string[]>();
/** Entries of `savedBy` kept: the processes that saved last. */
const SAVED_BY_LIMIT = 16;

/**
 * Whether another process's save overwrote this process's last one: its entry in `savedBy` is not
 * what it wrote, and another process saved after this one first did. n8n saves a webhook's static
 * data whole, the last save winning; of two processes that handle this trigger's notifications at
 * once, one loses what the other remembered. Without a later save of another process, this one's
 * own were only not saved yet: requests of one process that overlap (each loads the state before the
 * other's save), or a test event (n8n never saves one).
 */
export function savedOver(ctx: IWebhookFunctions, data: TriggerState): boolean {
	const mine = ownSaves.get(triggerKey(ctx));
	if (!mine?.length) return false;
	const savedBy = data.savedBy && typeof data.savedBy === 'object' ? data.savedBy : {};
	const stored = savedBy[PROCESS_ID];
	if (typeof stored === 'string' && mine.includes(stored)) return false;
	// By the time of each save (a mark is `<ISO time>#<random>`): at or after this process's first.
	const first = mine[0].split('#')[0];
	return Object.entries(savedBy).some(([id, at]) => id !== PROCESS_ID && typeof at === 'string' && at.split('#')[0] >= first);
}

/** Stamps this process's save into the state (call just before the webhook answers). */
export function markSave(ctx: IWebhookFunctions, data: TriggerState): void {
	const at = `${new Date().toISOString()}#${randomBytes(3).toString('base64url')}`;
	const others = Object.entries(data.savedBy && typeof data.savedBy === 'object' ? data.savedBy : {})
		.filter(([id, when]) => id !== PROCESS_ID && typeof when === 'string')
		.sort(([, a], [, b]) => (a < b ? 1 : -1))
		.slice(0, SAVED_BY_LIMIT - 1);
	data.savedBy = { ...Object.fromEntries(others), [PROCESS_ID]: at };
	const mine = ownSaves.get(triggerKey(ctx)) ?? [];
	mine.push(at);
	ownSaves.set(triggerKey(ctx), mine.slice(-64));
}

/** Said on every run of a process that found its save overwritten. */
export const SEVERAL_PROCESSORS_NOTICE =
	'Another n8n process saved this trigger\'s memory over this one\'s: several webhook processors take its notifications, and n8n gives them no shared lock, so a notification sent again may start a run again. Write with deliveryKey as the idempotency key, or send this webhook path to one processor.';
