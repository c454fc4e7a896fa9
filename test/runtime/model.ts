/* eslint-disable @n8n/community-nodes/no-restricted-globals -- dev tooling, never shipped in dist */
// What the model tests share: the model's clock (Date in this process), a process's own copy of a
// node's modules, and how many generated histories a run checks.
import fc from 'fast-check';
import type { IDataObject } from 'n8n-workflow';

import type { RequestGate, VirtualClock } from '../../harness/n8n-runtime/gate';
import { PollRuntime, type PollRuntimeOptions } from '../../harness/n8n-runtime/polls';

/** Every timer stays real; only Date is the model's (a read's latency, a poll's 45 s, hours between resends). */
const REAL = ['hrtime', 'nextTick', 'performance', 'queueMicrotask', 'requestAnimationFrame', 'cancelAnimationFrame', 'requestIdleCallback', 'cancelIdleCallback', 'setImmediate', 'clearImmediate', 'setInterval', 'clearInterval', 'setTimeout', 'clearTimeout'] as const;

export function useVirtualClock(start = Date.UTC(2026, 10, 2, 15, 0, 0)): VirtualClock {
	beforeAll(() => jest.useFakeTimers({ doNotFake: [...REAL], now: start }));
	afterAll(() => jest.useRealTimers());
	return {
		now: () => Date.now(),
		advance: (ms: number) => jest.setSystemTime(Date.now() + Math.max(0, ms)),
	};
}

/** Whether a property of this test file has failed (MODEL_FIRST_FAILURE: the rest need not run). */
let failedInFile = false;

/**
 * Generated histories per property: a fixed number in `npm test`; MODEL_RUNS=<n> (the long mode,
 * `npm run test:model`) runs more. MODEL_SEED replays one.
 *
 * MODEL_FIRST_FAILURE=1 (the mutation run, scripts/mutants.ts) asks only whether any history fails:
 * the first failing history is reported unshrunk, and the file's later properties run no history.
 * A kill then costs the histories up to the first failure, not a shrink and every other property.
 */
export function modelRuns(quick: number): fc.Parameters<unknown> {
	const runs = Number(process.env.MODEL_RUNS);
	const seed = Number(process.env.MODEL_SEED);
	const numRuns = Number.isFinite(runs) && runs > 0 ? runs : quick;
	const seeded = process.env.MODEL_SEED && Number.isFinite(seed) ? { seed } : {};
	if (process.env.MODEL_FIRST_FAILURE !== '1') return { numRuns, ...seeded };
	return {
		numRuns: failedInFile ? 0 : numRuns,
		...seeded,
		endOnFailure: true,
		reporter: (details) => {
			if (!details.failed) return;
			failedInFile = true;
			// What the oracle found wrong, after the history: the message alone says where.
			const found = details.errorInstance instanceof Error ? details.errorInstance.message : String(details.errorInstance);
			throw new Error(`${fc.defaultReportMessage(details)}\n${found}`);
		},
	};
}

/** What n8n and the world do to a polling trigger, besides the service's own changes. */
export type RuntimeCommand =
	/**
	 * A tick of the schedule; a durable one is claimed by main `main` (any main may). `sibling`:
	 * another polling trigger of the workflow emits at the same minute, saving after this one (D7).
	 */
	| { t: 'tick'; main?: number; sibling?: 'after' }
	| { t: 'step'; pick: number }
	| { t: 'settle' }
	| { t: 'advance'; ms: number }
	| { t: 'restart'; main?: number }
	| { t: 'handOver' }
	| { t: 'latency'; ms: number }
	| { t: 'skew'; ms: number }
	| { t: 'unpublish' }
	| { t: 'publish' }
	/** A new version of the workflow published (another node edited; `schedule`: its poll times too). */
	| { t: 'edit'; schedule: boolean }
	| { t: 'testEvent' };

/**
 * Generated runtime commands, weighted: ticks and steps most; restarts, leader changes, publishing
 * and editing now and then, each often while a poll is held at the gate (a step has not let it go).
 */
export const runtimeCommands: Array<fc.WeightedArbitrary<RuntimeCommand>> = [
	{ arbitrary: fc.record({ t: fc.constant('tick' as const), main: fc.nat(2) }), weight: 4 },
	{ arbitrary: fc.record({ t: fc.constant('tick' as const), main: fc.nat(2), sibling: fc.constant('after' as const) }), weight: 2 },
	{ arbitrary: fc.record({ t: fc.constant('step' as const), pick: fc.nat(3) }), weight: 6 },
	{ arbitrary: fc.constant({ t: 'settle' as const }), weight: 2 },
	// A minute (a poll), a couple of minutes (past a clock's grace, inside a window's reach), or up to an hour.
	{ arbitrary: fc.record({ t: fc.constant('advance' as const), ms: fc.oneof(fc.constant(60_000), fc.integer({ min: 90_000, max: 200_000 }), fc.integer({ min: 1_000, max: 3_600_000 })) }), weight: 4 },
	{ arbitrary: fc.record({ t: fc.constant('restart' as const), main: fc.nat(2) }), weight: 1 },
	{ arbitrary: fc.constant({ t: 'handOver' as const }), weight: 1 },
	{ arbitrary: fc.record({ t: fc.constant('latency' as const), ms: fc.oneof(fc.constant(100), fc.integer({ min: 0, max: 30_000 })) }), weight: 1 },
	{ arbitrary: fc.record({ t: fc.constant('skew' as const), ms: fc.integer({ min: -60_000, max: 60_000 }) }), weight: 1 },
	{ arbitrary: fc.constant({ t: 'unpublish' as const }), weight: 1 },
	{ arbitrary: fc.constant({ t: 'publish' as const }), weight: 1 },
	{ arbitrary: fc.record({ t: fc.constant('edit' as const), schedule: fc.boolean() }), weight: 1 },
	{ arbitrary: fc.constant({ t: 'testEvent' as const }), weight: 1 },
];

/**
 * How far behind n8n's clock a service may run for a whole history, at most; `skew` moves it a
 * minute either way from there. The listings login takes a signature within 5 minutes of the
 * service's clock (shared/spec): past that, no poll runs at all (and each says why).
 */
export const MAX_BEHIND_MS = 4 * 60_000;
export const behind = fc.oneof({ arbitrary: fc.constant(0), weight: 1 }, { arbitrary: fc.integer({ min: 2 * 60_000, max: MAX_BEHIND_MS }), weight: 1 });

const RUNTIME_COMMANDS = new Set(['tick', 'step', 'settle', 'advance', 'restart', 'handOver', 'latency', 'skew', 'unpublish', 'publish', 'edit', 'testEvent']);

/**
 * Plays commands against a poll runtime: n8n's (ticks, restarts, a change of leader, publishing,
 * editing, a test event), the gate's (which held request goes on, how long a read takes), and the
 * service's (`apply`, which answers what it did, in words).
 */
export async function drive<C extends { t: string }>(o: {
	runtime: PollRuntime;
	gate: RequestGate;
	clock: VirtualClock;
	commands: Array<C | RuntimeCommand>;
	apply: (command: C) => string;
	setSkew: (ms: number) => void;
}): Promise<void> {
	const { runtime, gate, clock } = o;
	for (const command of o.commands) {
		if (!RUNTIME_COMMANDS.has(command.t)) {
			runtime.trace.push(o.apply(command as C));
			continue;
		}
		const c = command as RuntimeCommand;
		switch (c.t) {
			case 'tick':
				void runtime.tick(c.main, c.sibling);
				await gate.idle();
				break;
			case 'step':
				await gate.step(c.pick);
				break;
			case 'settle':
				await gate.settle();
				break;
			case 'advance':
				clock.advance(c.ms);
				break;
			case 'unpublish':
				runtime.unpublish();
				break;
			case 'testEvent':
				// The editor waits for its test event; a poll in flight goes on meanwhile.
				await Promise.all([gate.track(runtime.testEvent()), gate.settle()]);
				break;
			case 'restart':
			case 'handOver':
			case 'publish':
			case 'edit': {
				// An activation polls inline, and n8n waits for it; a poll in flight goes on meanwhile.
				const activation = c.t === 'restart' ? runtime.restart(c.main) : c.t === 'handOver' ? runtime.handOver() : c.t === 'publish' ? runtime.publish() : runtime.edit({ schedule: c.schedule });
				await Promise.all([gate.track(activation), gate.settle()]);
				break;
			}
			case 'latency':
				gate.latencyMs = c.ms;
				break;
			case 'skew':
				o.setSkew(c.ms);
				runtime.trace.push(`the service's clock is ${c.ms} ms off`);
				break;
		}
	}
}

/**
 * Then quiet: a poll a minute, `ticks` of them; a slow service stays slow, but answers a read in
 * `slowest` at most (20 s: a poll of two reads fits n8n's 45 s).
 */
export async function quiet(runtime: PollRuntime, gate: RequestGate, clock: VirtualClock, ticks: number, slowest = 20_000): Promise<void> {
	await gate.settle();
	// A history may end unpublished: the user publishes again, and the watch goes on.
	await Promise.all([gate.track(runtime.publish()), gate.settle()]);
	gate.latencyMs = Math.min(Math.max(gate.latencyMs, 200), slowest);
	for (let n = 0; n < ticks; n++) {
		clock.advance(60_000);
		void runtime.tick();
		await gate.settle();
	}
}

/** Starts a trigger: published now, or (`lastRelease`) published before, under the last release. */
export async function start(
	options: Omit<PollRuntimeOptions, 'staticData'>,
	lastReleaseWith?: PollRuntimeOptions['parameters'],
): Promise<PollRuntime> {
	const { gate, clock } = options;
	let staticData: IDataObject | undefined;
	if (lastReleaseWith) {
		// The last release ran the watch a while; what it saved had no stamp of today's runtime.
		const before = new PollRuntime({ ...options, scheduler: 'classic', cursors: false, mains: 1, parameters: lastReleaseWith });
		await Promise.all([gate.track(before.publish()), gate.settle()]);
		for (let n = 0; n < 4; n++) {
			clock.advance(60_000);
			void before.tick();
			await gate.settle();
		}
		// Its last start (an activation) saved what it knew.
		await Promise.all([gate.track(before.restart()), gate.settle()]);
		staticData = lastRelease(JSON.parse(before.db.staticData) as IDataObject);
	}
	const runtime = new PollRuntime({ ...options, staticData });
	await Promise.all([gate.track(lastReleaseWith ? runtime.resume() : runtime.publish()), gate.settle()]);
	return runtime;
}

/** A state as the last release saved it: without the runtime's stamps, which it did not write. */
export function lastRelease(state: IDataObject): IDataObject {
	const { lineage, revision, stamp, pending, ...rest } = state;
	void [lineage, revision, stamp, pending];
	return rest;
}

/**
 * Errors n8n put in the execution list, in words: not wrong in themselves (the user sees them:
 * a read in flight for minutes, a login signed too long before it arrived), as long as nothing is
 * missed or repeated because of them.
 */
export const errorsOf = (runtime: PollRuntime): string[] =>
	runtime.executions.filter((e) => e.kind === 'error').map((e) => `error: ${(e as { message: string }).message}`);

/** The runtimes every polling trigger's histories run under. */
export type Runtime = Pick<PollRuntimeOptions, 'scheduler' | 'cursors' | 'mains'>;
export const RUNTIMES: Runtime[] = [
	{ scheduler: 'classic', mains: 1 },
	{ scheduler: 'classic', mains: 2 },
	{ scheduler: 'durable', mains: 1 },
	{ scheduler: 'durable', mains: 2 },
	{ scheduler: 'durable', cursors: true, mains: 2 },
];

export const runtimeName = (r: Runtime) => `${r.scheduler}${r.cursors ? ' with durable poll cursors' : ''}, ${r.mains} main(s)`;

/** Fails with what the oracle found and the history that led there; nothing when it found nothing. */
export function failIfWrong({ wrong, trace }: { wrong: string[]; trace: string[] }): void {
	if (wrong.length) throw new Error(`${wrong.join('\n')}\n--- history ---\n${trace.join('\n')}`);
}
