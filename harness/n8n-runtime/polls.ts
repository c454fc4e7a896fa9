// A model of how n8n 2.41 runs a polling trigger (shared/N8N-HOST.md, "How n8n runs triggers"),
// driving the real node: which static data a poll starts from, when it is saved, when a poll is
// abandoned, what a restart and a change of leader keep. Each main is a process of its own: its
// own copy of the node's modules (`loadNode`), so what a process remembers dies with it.
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
	/** How many mains (the leader, or the lease holder, polls). */
	mains?: number;
	/** A fresh copy of the trigger's modules: one process's. */
	loadNode: () => AnyNode;
	parameters: INodeParameters;
	credentials: Record<string, ICredentialDataDecryptedObject>;
	clock: VirtualClock;
	gate: RequestGate;
	/** Static data already in the database: a state saved by an earlier release. */
	staticData?: IDataObject;
}

/** What n8n records: a run the trigger started, or a poll that failed (the execution list shows it). */
export type Execution =
	| { kind: 'run'; items: INodeExecutionData[]; at: number; main: number }
	| { kind: 'error'; message: string; at: number; main: number };

/** The durable scheduler abandons a poll after this long (N8N_SCHEDULER_POLL_TIMEOUT). */
export const DURABLE_POLL_TIMEOUT_MS = 45_000;
/**
 * n8n's publication service aborts a publication whose trigger work passes 0.7 of its 120-s lease,
 * plus 10 s of grace: marked failed in the editor, the poll going on detached, nothing saved.
 */
export const PUBLISH_DEADLINE_MS = 94_000;
/** The longest back-off after abandoned polls. */
export const BACKOFF_MAX_MS = 30 * 60 * 1000;
/** What getPollBudgetMs() answers. */
export const POLL_BUDGET_MS: Record<Scheduler, number> = { classic: 300_000, durable: 36_000 };

interface Main {
	/** The process: its modules, and (classic) the long-lived workflow's static data. */
	node: AnyNode;
	generation: number;
	workflowStatic?: IDataObject;
}

const json = (value: unknown) => JSON.stringify(value ?? {});

export class PollRuntime {
	/** The database: the workflow's static data of the node, and (durable poll cursors) its cursor row. */
	readonly db: { staticData: string; cursor?: string; jobExists: boolean } = { staticData: '{}', jobExists: false };
	readonly executions: Execution[] = [];
	/** What happened, in words: the history a failing check prints. */
	readonly trace: string[] = [];
	private readonly mains: Main[] = [];
	private leader = 0;
	/** Moves whenever the lease (or the leadership) changes hands: a poll of an older lease is fenced. */
	private leaseEpoch = 0;
	private active = false;
	/** The durable scheduler backs a trigger off after an abandoned poll: no tick before this (model clock). */
	private backoffUntil = 0;
	private backoffMs = 0;

	constructor(private readonly o: PollRuntimeOptions) {
		if (o.staticData) this.db.staticData = json(o.staticData);
		for (let n = 0; n < (o.mains ?? 1); n++) this.mains.push({ node: o.loadNode(), generation: 0 });
		if (o.cursors && o.scheduler !== 'durable') throw new Error('durable poll cursors need the durable scheduler');
	}

	get runs(): INodeExecutionData[][] {
		return this.executions.filter((e) => e.kind === 'run').map((e) => (e as { items: INodeExecutionData[] }).items);
	}

	/**
	 * The first publish: the trigger is registered on the leader, and its activation poll runs inline.
	 * publish, restart and handOver each hold at most one poll: track each at the gate as one task.
	 */
	async publish(): Promise<void> {
		this.active = true;
		const first = !this.db.jobExists;
		this.db.jobExists = true;
		this.trace.push(`publish (${first ? 'first' : 'again'})`);
		await this.activate(this.leader, this.o.scheduler === 'classic' || first);
	}

	/**
	 * n8n starts with the workflow published before (an upgrade of this package, say): classic
	 * activates it with an inline poll; the durable scheduler finds its job and polls at the next tick.
	 */
	async resume(): Promise<void> {
		this.active = true;
		this.db.jobExists = true;
		this.trace.push('n8n starts with the workflow published');
		await this.activate(this.leader, this.o.scheduler === 'classic');
	}

	/** A tick of the schedule on the leader: not awaited by n8n (ticks overlap). */
	tick(): Promise<void> {
		if (!this.active) return Promise.resolve();
		if (this.o.scheduler === 'durable' && this.o.clock.now() < this.backoffUntil) {
			this.trace.push(`tick skipped: backed off until ${new Date(this.backoffUntil).toISOString()}`);
			return Promise.resolve();
		}
		this.trace.push(`tick on main ${this.leader}`);
		return this.o.gate.track(this.poll(this.leader, { inline: false }));
	}

	/** A main's process restarts: its memory goes; the leader activates its triggers again. */
	async restart(main = this.leader): Promise<void> {
		const m = this.mains[main];
		m.generation++;
		m.node = this.o.loadNode();
		m.workflowStatic = undefined;
		this.trace.push(`restart main ${main}`);
		if (main === this.leader) {
			this.leaseEpoch++;
			if (this.active) await this.activate(main, this.o.scheduler === 'classic');
		}
	}

	/** The lead (or the durable scheduler's lease) moves to another main. */
	async handOver(to = (this.leader + 1) % this.mains.length): Promise<void> {
		if (to === this.leader) return;
		const from = this.mains[this.leader];
		// The old leader removes its triggers: its workflow object goes, its process lives on.
		from.workflowStatic = undefined;
		this.leader = to;
		this.leaseEpoch++;
		this.trace.push(`lead to main ${to}`);
		if (this.active) await this.activate(to, this.o.scheduler === 'classic');
	}

	private async activate(main: number, inlinePoll: boolean): Promise<void> {
		const m = this.mains[main];
		if (this.o.scheduler === 'classic') m.workflowStatic = JSON.parse(this.db.staticData) as IDataObject;
		if (!inlinePoll) return;
		// n8n awaits the activation's poll, then saves the static data (classic: the workflow's; durable: a
		// first publish's). The caller tracks the activation at the gate, as one task.
		await this.poll(main, { inline: true });
	}

	private async poll(main: number, { inline }: { inline: boolean }): Promise<void> {
		const m = this.mains[main];
		const generation = m.generation;
		const epoch = this.leaseEpoch;
		const durable = this.o.scheduler === 'durable';
		// Classic: the long-lived workflow's object. Durable: the workflow built from the database (or the cursor row).
		const staticData = durable
			? (JSON.parse(this.o.cursors ? (this.db.cursor ?? this.db.staticData) : this.db.staticData) as IDataObject)
			: (m.workflowStatic as IDataObject);
		const startedAt = this.o.clock.now();
		let output: INodeExecutionData[][] | null = null;
		let failure: Error | undefined;
		try {
			output = await this.callPoll(m.node, staticData, POLL_BUDGET_MS[this.o.scheduler]);
		} catch (error) {
			failure = error as Error;
		}
		const at = this.o.clock.now();
		if (m.generation !== generation) {
			this.trace.push(`a poll of main ${main}'s old process ended: gone with it`);
			return;
		}
		if (durable && !inline && at - startedAt > DURABLE_POLL_TIMEOUT_MS) {
			// Abandoned at 45 s; the trigger is backed off, doubling up to 30 minutes.
			this.backoffMs = Math.min(BACKOFF_MAX_MS, Math.max(60_000, this.backoffMs * 2));
			this.backoffUntil = startedAt + DURABLE_POLL_TIMEOUT_MS + this.backoffMs;
			this.trace.push(`poll on main ${main} abandoned after ${Math.round((at - startedAt) / 1000)} s; backed off ${this.backoffMs / 1000} s`);
			return;
		}
		if (durable && !inline) this.backoffMs = 0;
		if (inline && at - startedAt > PUBLISH_DEADLINE_MS) {
			this.executions.push({ kind: 'error', message: `the publication was aborted after ${Math.round((at - startedAt) / 1000)} s`, at, main });
			this.trace.push(`activation on main ${main} passed n8n's deadline: aborted, nothing saved`);
			return;
		}
		const fenced = this.o.cursors === true && epoch !== this.leaseEpoch;
		if (failure) {
			this.executions.push({ kind: 'error', message: failure.message, at, main });
			this.trace.push(`poll on main ${main} failed: ${failure.message}`);
		} else if (output && output[0]?.length) {
			if (fenced) {
				this.trace.push(`poll on main ${main} lost its lease: not committed`);
				return;
			}
			this.executions.push({ kind: 'run', items: output[0], at, main });
			this.trace.push(`poll on main ${main} emitted ${output[0].length}`);
			if (this.o.cursors) this.db.cursor = json(staticData);
			else {
				// Without cursors n8n saves the static data when the run has ended: the model decides
				// when, among what else is going on (a tick may load the state from before).
				const saved = json(staticData);
				await this.o.gate.hold(`the save of main ${main}'s run`);
				if (m.generation !== generation) {
					this.trace.push(`main ${main} restarted before its run's save: the save is lost`);
					return;
				}
				this.db.staticData = saved;
			}
		} else if (this.o.cursors && !fenced) {
			// A quiet poll's cursor is committed too.
			this.db.cursor = json(staticData);
		}
		if (inline && (this.o.scheduler === 'classic' || this.db.jobExists)) {
			this.db.staticData = json(staticData);
			if (this.o.cursors && this.db.cursor === undefined) this.db.cursor = this.db.staticData;
		}
	}

	private async callPoll(node: AnyNode, staticData: IDataObject, budget: number): Promise<INodeExecutionData[][] | null> {
		const prepared = prepare({ node, parameters: this.o.parameters, credentials: this.o.credentials, staticData });
		const { workflow, node: workflowNode, nodeType, additionalData } = prepared;
		if (!nodeType.poll) throw new Error('the node has no poll()');
		const context = new PollContext(workflow, workflowNode, additionalData, 'trigger', 'activate', undefined, undefined, undefined, undefined, () => staticData, () => budget);
		const output = await nodeType.poll.call(context);
		// n8n's credentials are the database's: a token the poll fetched is kept for the next.
		for (const [type, data] of prepared.store) this.o.credentials[type] = structuredClone(data);
		return output;
	}
}
