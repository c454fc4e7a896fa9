// A model of how n8n 2.41 runs a polling trigger, driving the real node. Each rule below is n8n's,
// read in its source (paths under node_modules of n8n 2.41.1; shared/N8N-HOST.md, "How n8n runs
// triggers", says the same in words):
//
// Classic scheduler (n8n-core/dist/execution-engine/active-workflow-triggers.js, activatePollTrigger):
// - C1 An activation (publish, publish again, an edit, a rename, a restart of the leader, a leader
//   taking over) registers the trigger on the leader and runs one poll inline
//   (`executePollTrigger(true)`), whose items start a run.
// - C2 Each tick calls `void executePollTrigger()`: ticks do not wait for each other.
// - C3 A poll whose registration is no longer current when it ends (the workflow was unpublished,
//   edited or renamed, or the leader stepped down: `removeTriggers`) is thrown away
//   (execution-engine/poll-trigger-executor.js, `isCurrent()`); the inline poll is not checked.
// - C4 The leader that steps down removes its triggers (n8n/dist/active-workflow-manager.js,
//   `@OnLeaderStepdown removeAllNonWebhookTriggerWorkflows`); the new one activates them (C1).
// - C5 One Workflow object per activation: what a poll leaves in its static data lives in memory
//   until the next activation, which loads it from the database.
// Durable scheduler (n8n/dist/scheduling/poll-trigger-node/poll-trigger-task-handler.js):
// - D1 Any main may claim a tick (@n8n/scheduler, executor.js `claimAndSchedule(host)`).
// - D2 Each tick builds the workflow from the database (`findPublishedWorkflowData(bypassCache)`).
// - D3 A poll past 45 s is abandoned (`Promise.race` with `pollTimeoutMs`): no run, nothing saved.
// - D4 A poll's items start a run only if the workflow is still active when it ends
//   (`workflowRepository.isActive`); a poll of a workflow unpublished and published again runs.
// - D5 An activation polls inline only when it inserts the scheduler's job
//   (active-workflow-triggers.js, `pollJobManager.register` → `inserted`): a first publish, a publish
//   after an unpublish (the job was removed: poll-trigger-job-registrar.js `removeWorkflow`), an edit
//   that changes the schedule. A restart, a leader change, another edit: the next tick is the first.
// - D6 Back-off after a failed or abandoned poll exists only with durable poll cursors
//   (workflows/triggers/poll-backoff.service.js `enabled`): 5 s doubling to 30 minutes
//   (@n8n/scheduler backoff.js), at least what the node declared (`error.failure.retryAfterMs`,
//   poll-backoff-policy.js `pollFailureDeclaredByNode`), 30 minutes for a permanent cause; without a
//   declaration, a 429 or Retry-After counts as rate limited, 401 and 403 as permanent
//   (`pollFailureFromNetwork`).
// - D7 Without durable poll cursors, a tick's save is the whole workflow's static data as the tick
//   built it from the database (workflow-static-data.service.js `saveStaticDataById` sets the
//   column): a workflow with two polling triggers (listings and sales, say) polls both on the same
//   minute, each from the same stored data, and the one whose emit is saved last puts back the
//   other's state as it was before the tick (`sibling: 'after'`). On the classic path the two share
//   the registration's Workflow object (C5), and with cursors each node has its own row (B2).
// Both:
// - B1 Static data is saved when a poll emits (trigger-execution-context.factory.js `__emit`:
//   `void saveStaticData(workflow)`, before the run starts) and after an activation
//   (workflows/triggers/workflow-trigger-activator.js). A quiet poll's is never saved.
// - B2 Durable poll cursors (N8N_POLLER_DURABLE_CURSORS_ENABLED; trigger-execution-context.factory.js
//   `__runPoll`, `__emit`, `__commitCursor`; poll-cursor.service.js): the node's static data is a
//   cursor row keyed by the node's id, created from the static data on first use; a poll works on a
//   snapshot; a tick that emits commits it with its run, a quiet tick alone; both fenced by the
//   tick's lease (poller-state.repository.js `buildFenceClause`: the task still running, so an
//   abandoned tick, D3, commits nothing). The inline poll commits only with a run (poll-trigger-executor.js: no commit when
//   `testingTrigger`), and the save after publishing does not hold the snapshot.
// - B3 `getPollBudgetMs()` answers 36 s to a durable tick (the fence's 45 s less its margin) and
//   5 minutes otherwise (n8n-core poll-context.js default).
// - B4 A publication whose trigger work passes 0.7 of its 120-s lease, plus 10 s of grace, is
//   aborted: marked failed in the editor, the poll going on detached, its items never run.
// - B5 The node's static data is keyed by its name (n8n-workflow workflow.js `getStaticData`:
//   `node:${node.name}`): a renamed node starts from none; a cursor row is keyed by its id.
// - B6 "Fetch test event" runs poll() in manual mode: no budget, nothing saved.
//
// Departures, and why: a main's process memory is its own copy of the node's modules (`loadNode`);
// the save at emit lands before anything else reads the database (it is issued before the run
// starts; the next tick is a minute later); a restart of a main that holds no lead only clears its
// memory (n8n's leader stays).
//
// What the generated histories (test/runtime) do not make, and why: a switch of Trigger On between
// services (one model runs one service's sandbox; the listings model switches the Event within its
// own, and test/shared/poll-copy.test.ts holds a state of another service's watch apart); New and
// Changed events with a file dated ahead of every clock (a creation year read by slices is Status
// Changed's concern; these events read by date).
import type { ICredentialDataDecryptedObject, IDataObject, INodeExecutionData, INodeParameters } from 'n8n-workflow';
import { PollContext } from 'n8n-core';

import { prepare } from '../node/context';
import type { AnyNode } from '../node/node-types';
import type { RequestGate, VirtualClock } from './gate';

export type Scheduler = 'classic' | 'durable';

export interface PollRuntimeOptions {
	scheduler: Scheduler;
	/** Durable poll cursors (N8N_POLLER_DURABLE_CURSORS_ENABLED): only with the durable scheduler. */
	cursors?: boolean;
	/** How many mains (the leader polls on the classic path; any main claims a durable tick). */
	mains?: number;
	/** A fresh copy of the trigger's modules: one process's. */
	loadNode: () => AnyNode;
	parameters: INodeParameters;
	credentials: Record<string, ICredentialDataDecryptedObject>;
	clock: VirtualClock;
	gate: RequestGate;
	/** Static data already in the database: a state saved by an earlier release. */
	staticData?: IDataObject;
	/** n8n reads a node's declared poll failure (`error.failure`, D6); false: an n8n without it. */
	readsDeclaredFailure?: boolean;
	/**
	 * Whether two items are one report, for telling n8n's doubles (D4, D7) from the node's: the same
	 * JSON by default; a model whose service may write one record two ways between two reads (a
	 * status in another case) says so here.
	 */
	sameReport?: (a: IDataObject, b: IDataObject) => boolean;
}

/** What n8n records: a run the trigger started, or a poll that failed (the execution list shows it). */
export type Execution =
	/**
	 * `repollOf`: the run polled a stored state another process had emitted from (D4; D7 put it
	 * back), and this many runs had started when that state was saved. What such a run reports of a
	 * file may start from where that state left it, the file having moved on since the first poll of
	 * it: n8n's double, not the node's (docs/ARCHITECTURE.md, limit (3)). Such a run is recorded
	 * with no items when all it emitted were doubles: the polls after it start from its save.
	 */
	| {
			kind: 'run';
			items: INodeExecutionData[];
			at: number;
			main: number;
			repollOf?: number;
			/**
			 * The earliest start of a read this run may carry: its poll's start, or, after its process's
			 * poll past the node's deadline, that poll's start (its items kept for the next tick), or
			 * the start of an activation past it whose save this run polled.
			 */
			readFrom: number;
			/**
			 * The node's promise lets this run emit a read older than a report already run: its
			 * process's last two polls ran past the deadline (a read again late too goes out as it was
			 * read, limit 3), or it polled the save of an activation past it (docs/ARCHITECTURE.md, "A
			 * poll past n8n's timeout").
			 */
			mayFollowNewer: boolean;
			/** The stored state's version its emit saved (B1): a put-back older than it throws the save out. */
			savedAs?: number;
			/**
			 * A sibling trigger's save (D7) put back a state older than this run's save: what the run
			 * reported is in no stored state, and another process polling the one put back cannot see
			 * a file move back to where that state left it (docs/ARCHITECTURE.md, limits (3) and (4)).
			 */
			putBack?: boolean;
	  }
	| { kind: 'error'; message: string; at: number; main: number };

/** D3: the durable scheduler abandons a poll after this long (N8N_SCHEDULER_POLL_TIMEOUT). */
export const DURABLE_POLL_TIMEOUT_MS = 45_000;
/**
 * The node's deadline for a poll that is not a durable tick (its promise, docs/ARCHITECTURE.md):
 * past it, the poll keeps its items for the next tick, as a durable tick past 45 s does.
 */
const NODE_LATE_MS = 80_000;
/** B4. */
export const PUBLISH_DEADLINE_MS = 94_000;
/** D6. */
export const BACKOFF_MAX_MS = 30 * 60 * 1000;
const BACKOFF_BASE_MS = 5_000;
const RETRY_AFTER_MAX_MS = 60 * 60 * 1000;
/** B3. */
export const POLL_BUDGET_MS = { tick: 36_000, other: 300_000 };

interface Main {
	/** The process: its modules, and (classic) the Workflow object of its registration (C5). */
	node: AnyNode;
	generation: number;
	workflowStatic?: IDataObject;
	workflowGlobal?: IDataObject;
	/** Classic: the registration this main holds (C3), none when it holds no triggers. */
	registration?: number;
	/**
	 * This process's polls that ran past the node's deadline, in a row, and the last one's start; a
	 * poll that began while another ran does nothing (the node's guard) and counts for nothing.
	 */
	late: { inARow: number; since: number };
	polling: number;
}

type PollKind = 'tick' | 'activation' | 'test';

const json = (value: unknown) => JSON.stringify(value ?? {});

export class PollRuntime {
	/** The database: the node's static data (under its current name), the cursor row, the job, whether the workflow is active. */
	readonly db: { staticData: string; global: string; cursor?: string; jobExists: boolean; active: boolean } = { staticData: '{}', global: '{}', jobExists: false, active: false };
	readonly executions: Execution[] = [];
	/** What happened, in words: the history a failing check prints. */
	readonly trace: string[] = [];
	/** What test events showed: not runs. */
	readonly samples: INodeExecutionData[][] = [];
	private readonly mains: Main[] = [];
	private leader = 0;
	private registrations = 0;
	private backoffUntil = 0;
	private consecutiveErrors = 0;
	private lastTickAt = Number.NEGATIVE_INFINITY;
	/** Which state of the node the database holds (a new number at each write; D7 puts an old one back). */
	private dbVersion = 0;
	private versions = 0;
	private readonly runsAtVersion = new Map<number, number>();
	/**
	 * Emitting polls, by the state they started from: D4 lets two mains run polls of one state, and D7
	 * puts a state back that a poll emitted from, for another main or a restarted one to poll again.
	 */
	private readonly emittedFrom = new Map<number, Array<{ main: number; generation: number; items: IDataObject[] }>>();
	/**
	 * The activations that polled each stored state, and how many emits from it had come before: an
	 * activation reads a state D7 put back as new (limit 3), and what it found may go out with a later
	 * tick of its process (kept past n8n's deadline).
	 */
	private readonly activationsOf = new Map<number, Array<{ main: number; generation: number; after: number }>>();
	/** The stored states an activation past the node's deadline saved, with its start: their items were read then. */
	private readonly lateSaves = new Map<number, number>();
	/** Items n8n delivered twice (two polls of one stored state on two processes, D4 or D7): n8n's, not the node's. */
	doubledByN8n = 0;
	private parameters: INodeParameters;

	constructor(private readonly o: PollRuntimeOptions) {
		if (o.staticData) this.db.staticData = json(o.staticData);
		for (let n = 0; n < (o.mains ?? 1); n++) this.mains.push({ node: o.loadNode(), generation: 0, late: { inARow: 0, since: 0 }, polling: 0 });
		if (o.cursors && o.scheduler !== 'durable') throw new Error('durable poll cursors need the durable scheduler');
		this.parameters = o.parameters;
	}

	get runs(): INodeExecutionData[][] {
		return this.runExecutions.map((e) => e.items);
	}

	get runExecutions(): Array<Extract<Execution, { kind: 'run' }>> {
		return this.executions.filter((e): e is Extract<Execution, { kind: 'run' }> => e.kind === 'run');
	}

	/** A new state in the database: its version, and how many runs had started when it was saved. */
	private newVersion(): void {
		this.dbVersion = ++this.versions;
		this.runsAtVersion.set(this.dbVersion, this.runExecutions.length);
	}

	get mainCount(): number {
		return this.mains.length;
	}

	/**
	 * Publishes the workflow (the first time, or again after an unpublish). publish, restart,
	 * handOver, edit and rename each hold at most one poll: track each at the gate as one task.
	 */
	async publish(): Promise<void> {
		if (this.db.active) return;
		this.db.active = true;
		const inserted = !this.db.jobExists;
		this.db.jobExists = true;
		this.trace.push(`publish (${inserted ? 'the job is new' : 'again'})`);
		await this.activate(this.leader, this.o.scheduler === 'classic' || inserted);
	}

	/** n8n starts with the workflow published before: classic activates it (C1); durable finds its job (D5). */
	async resume(): Promise<void> {
		this.db.active = true;
		this.db.jobExists = true;
		this.trace.push('n8n starts with the workflow published');
		await this.activate(this.leader, this.o.scheduler === 'classic');
	}

	/** Unpublishes: the leader removes the trigger (C3); the durable job is removed (D5). */
	unpublish(): void {
		if (!this.db.active) return;
		this.db.active = false;
		this.db.jobExists = false;
		for (const m of this.mains) this.deregister(m);
		this.trace.push('unpublish');
	}

	/**
	 * A new version is published: a parameter edited (`schedule`: the poll times too), or the node
	 * renamed (B5). Classic activates it again (C1, C3); durable polls inline only for a new schedule (D5).
	 */
	async edit(change: { schedule?: boolean; rename?: boolean; parameters?: INodeParameters }): Promise<void> {
		if (!this.db.active) return;
		if (change.parameters) this.parameters = change.parameters;
		if (change.rename) {
			this.db.staticData = '{}';
			this.newVersion();
		}
		this.trace.push(`a new version published${change.rename ? ': the node renamed' : ''}${change.schedule ? ', its poll times changed' : ''}`);
		for (const m of this.mains) this.deregister(m);
		await this.activate(this.leader, this.o.scheduler === 'classic' || change.schedule === true);
	}

	/** "Fetch test event" in the editor (B6), on the leader's process. */
	async testEvent(): Promise<void> {
		const m = this.mains[this.leader];
		this.trace.push(`test event on main ${this.leader}`);
		try {
			const output = await this.callPoll(m.node, JSON.parse(this.stored()) as IDataObject, 'test', JSON.parse(this.db.global) as IDataObject);
			if (output?.[0]?.length) this.samples.push(output[0]);
		} catch (error) {
			this.trace.push(`test event failed: ${(error as Error).message}`);
		}
	}

	/**
	 * A tick: on the classic path the leader's (C2); a durable tick is claimed by any main (D1),
	 * `main` chooses which. Not awaited by n8n. `sibling: 'after'`: another polling trigger of the
	 * workflow ticked at the same minute and emitted, its save landing after this tick's (D7).
	 */
	tick(main = this.leader, sibling?: 'after'): Promise<void> {
		if (!this.db.active) return Promise.resolve();
		// T1: a trigger's ticks are a minute apart at least (active-workflow-triggers.js refuses a
		// sub-minute cron); a tick sooner waits for its minute.
		const due = this.lastTickAt + 60_000;
		if (this.o.clock.now() < due) this.o.clock.advance(due - this.o.clock.now());
		this.lastTickAt = this.o.clock.now();
		const durable = this.o.scheduler === 'durable';
		if (durable && this.o.clock.now() < this.backoffUntil) {
			this.trace.push(`tick skipped: backed off until ${new Date(this.backoffUntil).toISOString()}`);
			return Promise.resolve();
		}
		const on = durable ? main % this.mains.length : this.leader;
		if (!durable && this.mains[on].registration === undefined) return Promise.resolve();
		this.trace.push(`tick on main ${on}${sibling ? ', beside a sibling trigger that emits' : ''}`);
		const read = { staticData: this.db.staticData, global: this.db.global, version: this.dbVersion };
		const tick = this.poll(on, 'tick').then(() => {
			// D7: the sibling's save, the workflow's static data as both ticks read it.
			if (sibling !== 'after' || !durable || this.o.cursors || !this.db.active) return;
			if (this.db.staticData === read.staticData && this.db.global === read.global) return;
			this.db.staticData = read.staticData;
			this.db.global = read.global;
			// Every save since that state is lost, and with it what the polls that made them emitted: a
			// poll of the state put back may find those items again (another main's emit from a later
			// state of its own, say), n8n's double as much as one from the state itself.
			const since = [...this.emittedFrom].filter(([v]) => v > read.version).flatMap(([, emits]) => emits);
			const kept = this.emittedFrom.get(read.version) ?? [];
			this.emittedFrom.set(read.version, [...kept, ...since.filter((e) => !kept.includes(e))]);
			for (const run of this.runExecutions) if (run.savedAs !== undefined && run.savedAs > read.version) run.putBack = true;
			this.dbVersion = read.version;
			this.trace.push(`a sibling trigger's emit saved the workflow's static data as it was before the tick`);
		});
		return this.o.gate.track(tick);
	}

	/** A main's process restarts: its memory goes; a restarted leader activates again (C1, D5). */
	async restart(main = this.leader): Promise<void> {
		const m = this.mains[main % this.mains.length];
		m.generation++;
		m.node = this.o.loadNode();
		m.late = { inARow: 0, since: 0 };
		m.polling = 0;
		this.deregister(m);
		this.trace.push(`restart main ${main % this.mains.length}`);
		if (main % this.mains.length === this.leader && this.db.active) await this.activate(this.leader, this.o.scheduler === 'classic');
	}

	/** The lead moves to another main: the old leader removes its triggers (C4), the new one activates them. */
	async handOver(to = (this.leader + 1) % this.mains.length): Promise<void> {
		if (to === this.leader) return;
		this.deregister(this.mains[this.leader]);
		this.leader = to;
		this.trace.push(`lead to main ${to}`);
		// Durable: ticks are claimed by any main (D1); the leader's change moves nothing of the poll's.
		if (this.db.active && this.o.scheduler === 'classic') await this.activate(to, true);
	}

	private deregister(m: Main): void {
		m.registration = undefined;
		m.workflowStatic = undefined;
		m.workflowGlobal = undefined;
	}

	/** The node's static data as a poll would load it from the database (or, B2, the cursor row). */
	private stored(): string {
		return this.o.cursors ? (this.db.cursor ?? this.db.staticData) : this.db.staticData;
	}

	private async activate(main: number, inlinePoll: boolean): Promise<void> {
		const m = this.mains[main];
		if (this.o.scheduler === 'classic') {
			m.registration = ++this.registrations;
			m.workflowStatic = JSON.parse(this.db.staticData) as IDataObject;
			m.workflowGlobal = JSON.parse(this.db.global) as IDataObject;
		}
		if (!inlinePoll) return;
		await this.poll(main, 'activation');
	}

	private async poll(main: number, kind: PollKind): Promise<void> {
		const m = this.mains[main];
		const generation = m.generation;
		const registration = m.registration;
		const durable = this.o.scheduler === 'durable';
		// B2: the cursor row (a snapshot, created from the static data on first use).
		if (this.o.cursors && this.db.cursor === undefined) this.db.cursor = this.db.staticData;
		const version = this.dbVersion;
		// C5: the registration's Workflow object; D2: the workflow built from the database.
		const staticData = durable ? (JSON.parse(this.stored()) as IDataObject) : (m.workflowStatic as IDataObject);
		const global = durable ? (JSON.parse(this.db.global) as IDataObject) : (m.workflowGlobal as IDataObject);
		const startedAt = this.o.clock.now();
		const tick = durable && kind === 'tick';
		if (kind === 'activation') this.activationsOf.set(version, [...(this.activationsOf.get(version) ?? []), { main, generation, after: (this.emittedFrom.get(version) ?? []).length }]);
		let output: INodeExecutionData[][] | null = null;
		let failure: Error | undefined;
		const beside = m.polling > 0;
		m.polling++;
		try {
			output = await this.callPoll(m.node, staticData, kind, global);
		} catch (error) {
			failure = error as Error;
		} finally {
			if (m.generation === generation) m.polling--;
		}
		const at = this.o.clock.now();
		if (m.generation !== generation) {
			this.trace.push(`a poll of main ${main}'s old process ended: gone with it`);
			return;
		}
		const lateBefore = m.late;
		const overran = at - startedAt > (tick ? DURABLE_POLL_TIMEOUT_MS : NODE_LATE_MS);
		if (!beside) m.late = overran ? { inARow: lateBefore.inARow + 1, since: startedAt } : { inARow: 0, since: 0 };
		const lateSave = this.lateSaves.get(version);
		const readFrom = Math.min(startedAt, lateBefore.inARow ? lateBefore.since : startedAt, lateSave ?? startedAt);
		const mayFollowNewer = lateBefore.inARow >= 2 || lateSave !== undefined;
		if (tick && at - startedAt > DURABLE_POLL_TIMEOUT_MS) {
			this.trace.push(`poll on main ${main} abandoned after ${Math.round((at - startedAt) / 1000)} s`);
			if (this.db.active) this.backOff({ timedOut: true });
			return;
		}
		// C3: a classic poll whose registration is gone (the inline poll is not checked).
		if (!durable && kind === 'tick' && (registration === undefined || m.registration !== registration)) {
			this.trace.push(`poll on main ${main} ended after its registration was removed: thrown away`);
			return;
		}
		if (kind === 'activation' && at - startedAt > PUBLISH_DEADLINE_MS) {
			this.executions.push({ kind: 'error', message: `the publication was aborted after ${Math.round((at - startedAt) / 1000)} s`, at, main });
			this.trace.push(`activation on main ${main} passed n8n's deadline: aborted, nothing saved`);
			return;
		}
		if (failure) {
			if (tick && this.db.active) this.backOff({ error: failure });
			this.executions.push({ kind: 'error', message: failure.message, at, main });
			this.trace.push(`poll on main ${main} failed: ${failure.message}`);
			return;
		}
		if (tick) this.consecutiveErrors = 0;
		if (output && output[0]?.length) {
			// D4: the workflow must still be active.
			if (durable && !this.db.active) {
				this.trace.push(`poll on main ${main} ended with the workflow unpublished: thrown away`);
				return;
			}
			// Every emitting poll of this stored state so far: D7 may put one state back more than once.
			const polledBefore = this.emittedFrom.get(version) ?? [];
			// An activation (a new version, publishing again) polls a state D7 put back like another
			// process: the node cannot tell it from a state whose emitting poll n8n threw away (C3, D4),
			// and must read that one again (docs/ARCHITECTURE.md, limit 3).
			// So does a later poll of the activation's process, which may emit what the activation found.
			const activated = (n: number) => (this.activationsOf.get(version) ?? []).some((a) => a.main === main && a.generation === m.generation && a.after > n);
			const twins = polledBefore.filter((t, n) => t.main !== main || t.generation !== m.generation || kind === 'activation' || activated(n));
			const same = this.o.sameReport ?? ((a: IDataObject, b: IDataObject) => json(a) === json(b));
			const items = output[0].filter((item) => !twins.some((twin) => twin.items.some((earlier) => same(earlier, item.json))));
			if (items.length < output[0].length) {
				// Two processes polled the same stored state and both runs started: a tick in flight on one
				// main and the inline poll of a publish on the other (D4 lets the first run), or a state D7
				// put back, polled by another main, after a restart or by an activation. No node can tell.
				this.doubledByN8n += output[0].length - items.length;
				this.trace.push(`poll on main ${main} repeats ${output[0].length - items.length} item(s) of main ${[...new Set(twins.map((t) => t.main))].join(', ')}'s poll(s) of this stored state or of saves a put-back threw out: n8n ran both`);
			}
			this.emittedFrom.set(version, [...polledBefore, { main, generation: m.generation, items: output[0].map((item) => JSON.parse(json(item.json)) as IDataObject) }]);
			// A repoll whose items are all doubles still ran, and its save is what later polls start from:
			// the oracle is told of it (repollOf), with no items.
			const run = items.length || twins.length ? { kind: 'run' as const, items, at, main, readFrom, mayFollowNewer, ...(twins.length ? { repollOf: this.runsAtVersion.get(version) ?? 0 } : {}) } : undefined;
			if (run) this.executions.push(run);
			this.trace.push(`poll on main ${main} emitted ${output[0].length}`);
			// B1 (the save at emit: the workflow's static data), B2 (the cursor with the run).
			if (this.o.cursors) this.db.cursor = json(staticData);
			else this.db.staticData = json(staticData);
			this.db.global = json(global);
			this.newVersion();
			if (run) (run as Extract<Execution, { kind: 'run' }>).savedAs = this.dbVersion;
		} else if (tick && this.o.cursors && this.db.active) {
			// B2: a quiet tick's cursor is committed alone.
			this.db.cursor = json(staticData);
			this.newVersion();
		}
		// B1: the save after an activation: the Workflow's static data (B2: not the cursor's snapshot).
		if (kind === 'activation') {
			if (!this.o.cursors) this.db.staticData = json(staticData);
			this.db.global = json(global);
			this.newVersion();
			// Past the node's deadline, the activation's items were saved to go out with a later tick.
			if (overran) this.lateSaves.set(this.dbVersion, startedAt);
		}
	}

	/** D6: only with durable poll cursors. */
	private backOff(cause: { timedOut?: boolean; error?: Error }): void {
		if (!this.o.cursors) return;
		this.consecutiveErrors++;
		const curve = Math.min(BACKOFF_MAX_MS, BACKOFF_BASE_MS * 2 ** (this.consecutiveErrors - 1));
		const declared = this.o.readsDeclaredFailure === false ? undefined : (cause.error as { failure?: { cause?: string; retryAfterMs?: number } } | undefined)?.failure;
		const httpCode = Number((cause.error as { httpCode?: unknown } | undefined)?.httpCode);
		const permanent = declared ? ['credential-invalid', 'configuration-invalid', 'node-defect'].includes(String(declared.cause)) : httpCode === 401 || httpCode === 403;
		const floor = Math.min(declared?.retryAfterMs ?? 0, RETRY_AFTER_MAX_MS);
		const delay = permanent ? BACKOFF_MAX_MS : Math.max(curve, floor);
		this.backoffUntil = this.o.clock.now() + delay;
		this.trace.push(`backed off ${Math.round(delay / 1000)} s${declared ? ` (the node declared ${String(declared.cause)})` : ''}`);
	}

	private async callPoll(node: AnyNode, staticData: IDataObject, kind: PollKind, global: IDataObject): Promise<INodeExecutionData[][] | null> {
		const prepared = prepare({ node, parameters: this.parameters, credentials: this.o.credentials, staticData });
		const { workflow, node: workflowNode, nodeType, additionalData } = prepared;
		// The workflow's global static data: the Workflow object's (classic, C5) or the database's (D2).
		(workflow.staticData as IDataObject).global = global;
		if (!nodeType.poll) throw new Error('the node has no poll()');
		const budget = kind === 'tick' && this.o.scheduler === 'durable' ? POLL_BUDGET_MS.tick : POLL_BUDGET_MS.other;
		const mode = kind === 'test' ? 'manual' : 'trigger';
		const context = new PollContext(workflow, workflowNode, additionalData, mode, 'activate', undefined, undefined, undefined, undefined, () => staticData, () => budget);
		const output = await nodeType.poll.call(context);
		// n8n's credentials are the database's: a token the poll fetched is kept for the next.
		for (const [type, data] of prepared.store) this.o.credentials[type] = structuredClone(data);
		return output;
	}
}
