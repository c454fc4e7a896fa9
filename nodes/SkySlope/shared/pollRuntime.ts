import { randomBytes } from 'crypto';
import type { IDataObject, INodeExecutionData, IPollFunctions } from 'n8n-workflow';

import { triggerKey } from './node';

/**
 * How the polling triggers stay exact under n8n's own trigger runtime (docs/ARCHITECTURE.md, "Triggers
 * under n8n's runtime"):
 *
 * - n8n's scheduler starts a poll on every tick without waiting for the last one of the same
 *   trigger. `exclusivePoll` lets one poll per trigger run in this process; a tick that finds one
 *   running does nothing and says so in n8n's log.
 * - n8n saves a poll's static data only when the poll emits (and once after activation), and the
 *   durable scheduler rebuilds the workflow from the database on each tick (with durable poll
 *   cursors it commits every poll, fenced by its lease). The newest state this process made is kept
 *   here too, with the stamps of the states it carries on from: a poll starts from it only when the
 *   stored state is one of those (the progress of polls that emitted nothing is not lost while the
 *   process runs); a state any other poll saved (another main's, a restart's) wins, and so does the
 *   state before an emitting poll whose items n8n threw away. A restart loses it, and the triggers'
 *   states are made so that re-reading what was lost is harmless.
 * - The first poll's state is kept in the workflow's global static data too (`FirstState`): with
 *   durable poll cursors, n8n keeps nothing of a quiet poll at publishing.
 * - A poll past n8n's budget may have been abandoned (the durable scheduler's 45 s): its items are
 *   kept in its state. The next tick of this process reads once more from where that poll began
 *   and emits what it reads now, if in time; late again, what it read takes the kept items' place.
 *   Kept items found on a tick with no read again due (or one that failed) are emitted at once,
 *   before anything is read.
 *
 * Webhook triggers have their own: webhookClaims.ts.
 */

/** Static data keys of the runtime, beside a trigger's own. */
interface Stamp {
	/** Which watch the state belongs to (an event, or a service's events): another watch's state is not read. */
	watch?: string;
	/** Names this state: each poll's state gets a new one. */
	stamp?: string;
	/**
	 * Items a poll found after its time was up (n8n may have abandoned it, and then they were never
	 * delivered): the next poll emits them first.
	 */
	pending?: IDataObject[];
	/** The last release's stamp (a line of states and a count on it), read as a stamp. */
	lineage?: string;
	revision?: number;
}

interface PollSlot {
	/** The poll running now, if any: its token and when it started. */
	running?: { token: number; startedAt: number };
	/** The newest state a poll of this trigger finished with, in this process. */
	newest?: IDataObject & Stamp;
	/**
	 * The states `newest` carries on from, oldest first: the one it started from in the static data,
	 * and those of this process's polls since (`emitted`: a poll whose items n8n took, and whose state
	 * it saved as they were emitted, unless it threw them away). A stored state among them is one
	 * `newest` has moved on from (n8n never saves a quiet poll's without durable poll cursors), but
	 * one from before an emitting poll only under the durable scheduler (see `carriesOn`); any other
	 * (another main's, a restart's) wins.
	 */
	line: Array<{ stamp: string; emitted?: boolean }>;
	/** `line` began from static data without a stamp (empty, or the state of an earlier release). */
	fromUnstamped?: boolean;
	/**
	 * The state a poll past n8n's timeout began from, with the stamp of the state it kept its items
	 * in (`pending`): the next tick reads again from here (see `exclusivePoll`).
	 */
	lateFrom?: { stamp: string; state: IDataObject };
}

/**
 * A poll running longer than this is taken for hung: the next tick runs, and the hung one, should
 * it ever end, saves nothing (its state would be older than the new poll's).
 */
const STALE_POLL_MS = 30 * 60 * 1000;
/** The share of n8n's poll timeout that getPollBudgetMs() answers (36 s of the durable scheduler's 45 s). */
const BUDGET_SHARE = 0.8;
/**
 * n8n cuts a publication off after about 84 s, and the poll that runs inside it (an activation's,
 * after a publish or a restart) is then never started as a run. A poll cannot tell it runs inside
 * one, so any poll that ran longer than this keeps what it found for the next tick.
 */
const PUBLICATION_DEADLINE_MS = 80_000;
/** Stamps a line keeps: a week of quiet polls a minute apart. */
const LINE_LIMIT = 10_000;

const polls = new Map<string, PollSlot>();
let tokens = 0;

/**
 * A deep copy of JSON data that shares its strings (they cannot change): a state's megabytes of
 * packed books are not copied on every poll, as a round trip through JSON text would.
 */
function copyJson(value: unknown): unknown {
	if (Array.isArray(value)) return value.map((entry) => copyJson(entry) ?? null);
	if (value && typeof value === 'object') {
		// A Date, or anything else JSON writes its own way, as JSON would write it.
		if (typeof (value as { toJSON?: unknown }).toJSON === 'function') return JSON.parse(JSON.stringify(value)) as unknown;
		const copy: IDataObject = {};
		for (const [key, entry] of Object.entries(value as IDataObject)) if (entry !== undefined) copy[key] = copyJson(entry) as IDataObject[string];
		return copy;
	}
	if (typeof value === 'number' && !Number.isFinite(value)) return null;
	return typeof value === 'function' ? undefined : value;
}

/** A state's stamp: its own, or the last release's lineage and revision; none for an unstamped state. */
function stampOf(state: IDataObject & Stamp): string | undefined {
	if (typeof state.stamp === 'string') return state.stamp;
	if (typeof state.lineage === 'string') return `${state.lineage}.${typeof state.revision === 'number' ? state.revision : 0}`;
	return undefined;
}

/** The trigger's own keys of a state, without the runtime's. */
function clean(state: IDataObject): IDataObject {
	const rest = { ...state };
	for (const key of ['stamp', 'pending', 'lineage', 'revision', 'watch']) delete rest[key];
	return rest;
}

/**
 * What a poll of a trigger does: from a state (its own copy), the state to keep and the items to
 * emit; `budgetMs`, n8n's time for it. `late`, in a read again after a late poll: the state that
 * poll reached and the items it kept, for what it learned and did not emit (a status not asked for).
 */
export type TriggerPoll = (
	state: IDataObject,
	poll: { budgetMs: number; late?: { state: IDataObject; items: IDataObject[] } },
) => Promise<{ state: IDataObject; emit: INodeExecutionData[] }>;

/**
 * The state of a watch's first poll, kept in the workflow's global static data, which n8n saves
 * after publishing and at each emit. With durable poll cursors the node's own static data is a
 * cursor row, and the poll that runs when publishing commits it only if it emits: the first tick
 * (on another main, or after a restart) finds it empty and would begin the watch again, losing
 * what changed between. Keyed by the node's id, with its name (n8n keeps a node's static data under
 * its name, so a renamed node starts empty, and this is not its state); dropped once the node's own
 * state holds one.
 */
interface FirstState {
	watch: string;
	name: string;
	state: IDataObject & Stamp;
}
const firstStateKey = (ctx: IPollFunctions) => `skySlopeFirstPoll:${ctx.getNode().id ?? ctx.getNode().name}`;

/**
 * Runs one poll of a trigger, alone: returns null without calling `poll` while another poll of the
 * same trigger runs in this process. The poll starts from the static data, or from this process's
 * newer state when that carries on from it (n8n saves a poll's state only when it emits, and the
 * durable scheduler builds each tick from the database); its state is written to the static data
 * only while it still holds the trigger. A poll that ends after n8n's timeout emits nothing: what it
 * found waits in its state, and the next tick emits it at once, reading nothing.
 */
export async function exclusivePoll(
	ctx: IPollFunctions,
	{ label, watch }: { label: string; watch: string },
	poll: TriggerPoll,
): Promise<INodeExecutionData[][] | null> {
	const key = triggerKey(ctx);
	const slot = polls.get(key) ?? { line: [] };
	polls.set(key, slot);
	const now = Date.now();
	if (slot.running && now - slot.running.startedAt < STALE_POLL_MS) {
		ctx.logger.info(
			`${label}: the previous poll of this trigger (started ${new Date(slot.running.startedAt).toISOString()}) is still running; this tick does nothing`,
			{ workflowId: ctx.getWorkflow().id, node: ctx.getNode().name },
		);
		return null;
	}
	const token = ++tokens;
	slot.running = { token, startedAt: now };
	const budgetMs = pollBudgetMs(ctx);
	try {
		const stored = ctx.getWorkflowStaticData('node') as IDataObject & Stamp;
		const global = ctx.getWorkflowStaticData('global');
		const empty = Object.keys(stored).length === 0;
		const saved = global[firstStateKey(ctx)] as Partial<FirstState> | undefined;
		const firstState = empty && saved?.watch === watch && saved.name === ctx.getNode().name && saved.state && typeof saved.state === 'object' ? saved.state : undefined;
		// A top-level key is assigned or deleted: n8n watches those for a change to save.
		if (!empty && saved) delete global[firstStateKey(ctx)];
		const from = firstState ?? stored;
		const storedStamp = stampOf(from);
		// The stored state is one this process's newest carries on from: its stamp is on the line (or
		// the line began from an unstamped state, and the stored one still has no stamp), and what
		// came since may have been saved over it.
		const since = storedStamp === undefined ? (slot.fromUnstamped === true ? slot.line : undefined) : after(slot.line, storedStamp);
		const fromMemory = slot.newest !== undefined && since !== undefined && carriesOn(since, budgetMs);
		if (!fromMemory) {
			slot.newest = undefined;
			slot.line = storedStamp === undefined ? [] : [{ stamp: storedStamp }];
			slot.fromUnstamped = storedStamp === undefined;
		}
		const kept = fromMemory ? (slot.newest as IDataObject & Stamp) : from;
		// The state of another watch (the trigger's event changed to another service's, or to another
		// event of its own) is not this one's: neither its cursors nor its pending items carry over.
		const start: IDataObject & Stamp = typeof kept.watch === 'string' && kept.watch !== watch ? {} : kept;
		const keptItems = Array.isArray(start.pending) ? start.pending.filter((json) => json && typeof json === 'object') : [];
		// Past n8n's timeout, n8n has abandoned this poll (the durable scheduler's 45 s, of which the
		// budget it gives is 80%), or past a publication's deadline, n8n may have (an activation's
		// poll): its run never starts, and its items wait for the next tick.
		const deadline = Math.min(budgetMs / BUDGET_SHARE, PUBLICATION_DEADLINE_MS);
		const lateFrom = keptItems.length && slot.lateFrom && slot.lateFrom.stamp === stampOf(start) ? slot.lateFrom.state : undefined;
		slot.lateFrom = undefined;
		// Items kept by this process's late poll: another main may have polled the same stored state
		// since and reported what came after them, and then a sibling trigger's save (docs/ARCHITECTURE.md,
		// limit (3)'s cause) took its report back out of the static data, so that nothing here shows
		// it. Read again from where the late poll began: in time, what is read now is emitted (the
		// same as the other main's, a repeat n8n's save made, never an older change after a newer).
		// Late again, what it read replaces the kept items, which it covers and is newer than, and goes
		// at the next tick, reading nothing (a service always that slow still gets its changes out);
		// failing, the kept items go so. What the late poll learned and did not emit (a file moved to a
		// status not asked for) is the poll's to carry over (`late`): read again from before it, a file
		// moved out and back would otherwise never be seen moving back.
		const reread = lateFrom ? await readAgain(ctx, label, poll, lateFrom, { budgetMs, since: now, late: { state: copyJson(clean(start)) as IDataObject, items: keptItems } }) : undefined;
		const pending = reread ? [] : keptItems;
		// A copy: n8n's static data is a watched proxy, and a poll that fails must leave it as it was.
		const { state, emit } = reread ?? (pending.length ? { state: copyJson(clean(start)) as IDataObject, emit: [] } : await poll(copyJson(clean(start)) as IDataObject, { budgetMs }));
		if (slot.running?.token !== token) {
			ctx.logger.warn(`${label}: a poll that ran longer than ${STALE_POLL_MS / 60000} minutes ended; a later poll took over, so it keeps nothing`);
			return null;
		}
		const items = [...pending.map((json) => ({ json: json as IDataObject })), ...emit];
		// Measured once, from the tick's start: a read again is late by its own time, never by a second clock read.
		const elapsed = reread ? reread.elapsed : Date.now() - now;
		const late = items.length > 0 && elapsed > deadline;
		const stamp = randomBytes(9).toString('base64url');
		const next: IDataObject & Stamp = { ...state, watch, stamp, ...(late ? { pending: items.map((item) => item.json) } : {}) };
		// Read before `stored` is written over (it may be the state this poll began from). What a read
		// again kept, or kept items it could not replace, go as they are.
		if (late && !pending.length && !reread) slot.lateFrom = { stamp, state: copyJson(clean(start)) as IDataObject };
		// Top-level keys are assigned: n8n watches those for a change to save.
		for (const k of Object.keys(stored)) if (!(k in next)) delete stored[k];
		Object.assign(stored, next);
		slot.newest = next;
		if (empty && !firstState) global[firstStateKey(ctx)] = { watch, name: ctx.getNode().name, state: next } satisfies FirstState;
		slot.line.push(items.length && !late ? { stamp, emitted: true } : { stamp });
		if (slot.line.length > LINE_LIMIT) slot.line.splice(0, slot.line.length - LINE_LIMIT);
		if (late) {
			ctx.logger.warn(`${label}: this poll took ${Math.round(elapsed / 1000)} s, past n8n's ${Math.round(deadline / 1000)} s; the ${items.length} item(s) it found are emitted by the next tick`);
			return null;
		}
		return items.length ? [items] : null;
	} finally {
		if (slot.running?.token === token) slot.running = undefined;
	}
}

/**
 * A poll again from the state a late poll began from, with the time since the tick began; a
 * failure is logged, and gives undefined.
 */
async function readAgain(
	ctx: IPollFunctions,
	label: string,
	poll: TriggerPoll,
	from: IDataObject,
	{ budgetMs, since, late }: { budgetMs: number; since: number; late: { state: IDataObject; items: IDataObject[] } },
): Promise<{ state: IDataObject; emit: INodeExecutionData[]; elapsed: number } | undefined> {
	try {
		const outcome = await poll(copyJson(from) as IDataObject, { budgetMs, late });
		return { ...outcome, elapsed: Date.now() - since };
	} catch (error) {
		ctx.logger.warn(`${label}: reading again after a late poll failed (${(error as Error).message}); the items it kept are emitted as they are`);
		return undefined;
	}
}

/** The entries of a line after the one with `stamp`; undefined when it is not on the line. */
function after<T extends { stamp: string }>(line: T[], stamp: string): T[] | undefined {
	const at = line.findIndex((entry) => entry.stamp === stamp);
	return at < 0 ? undefined : line.slice(at + 1);
}

/** The budget n8n gives a poll that is not a durable tick (n8n-core poll-context.js). */
const UNFENCED_BUDGET_MS = 5 * 60 * 1000;

/**
 * Whether this process's newest state carries on from a stored one, past the polls it made since
 * (`since`). Past quiet polls, always: n8n saved none of them. Past an emitting poll, only in a
 * durable tick (a budget under the unfenced one). An emitting poll's state is saved as it emits,
 * unless n8n threw its items away: its registration went meanwhile (an unpublish, an edit, a lead
 * that moved; poll-trigger-executor.js) or the workflow was unpublished (the durable task handler);
 * each of these is followed by an activation, whose poll is no durable tick and starts from what is
 * stored, finding those items again. A durable tick, though, saves the whole workflow's static data
 * as it read it at its start: a workflow's other polling trigger, polled on the same minute, puts
 * back this one's state from before its emitting poll (workflow-static-data.service.js).
 */
function carriesOn(since: Array<{ emitted?: boolean }>, budgetMs: number): boolean {
	return budgetMs < UNFENCED_BUDGET_MS || !since.some((entry) => entry.emitted);
}

/**
 * The time a poll may spend reading history (the status book, the offers baseline): half the
 * budget n8n gives a poll (36 s to a durable tick, 5 minutes otherwise), at most HISTORY_CAP_MS, so
 * that a poll that is an activation (a publish, a restart: n8n aborts a publication after about
 * 84 s) stays well inside n8n's deadline. n8n 1.x gives no budget.
 */
const HISTORY_CAP_MS = 30_000;
export function historyBudget(pollBudgetMs: number): number {
	return Math.min(HISTORY_CAP_MS, Number.isFinite(pollBudgetMs) ? pollBudgetMs / 2 : HISTORY_CAP_MS);
}

/** The time n8n gives a poll (`getPollBudgetMs()`, n8n 2.x); unbounded on n8n 1.x. */
function pollBudgetMs(ctx: IPollFunctions): number {
	const offered = (ctx as IPollFunctions & { getPollBudgetMs?: () => number }).getPollBudgetMs;
	const budget = typeof offered === 'function' ? offered.call(ctx) : undefined;
	return typeof budget === 'number' && budget > 0 ? budget : Number.POSITIVE_INFINITY;
}
