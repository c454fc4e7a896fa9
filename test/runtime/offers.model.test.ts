// The SkySlope Offers Trigger in a model of n8n's trigger runtime (harness/n8n-runtime), against
// the sandbox: generated histories of ticks, restarts, leader changes and service changes, held
// by the oracle (offers-service.ts). The histories that found a bug stay below as named tests.
import fc from 'fast-check';
import type { IDataObject } from 'n8n-workflow';

import { RequestGate } from '../../harness/n8n-runtime/gate';
import { PollRuntime, type PollRuntimeOptions } from '../../harness/n8n-runtime/polls';
import type { AnyNode } from '../../harness/node/node-types';
import { startSandbox } from '../../sandbox';
import type { OffersState } from '../../sandbox/offers';
import { offersCredentials } from '../offers/setup';
import { modelRuns, processLoader, useVirtualClock } from './model';
import { OffersHistory, type OfferCommand } from './offers-service';

const clock = useVirtualClock();
const loadNode = processLoader(
	// eslint-disable-next-line @typescript-eslint/no-require-imports -- a process's own copy of the modules
	() => (require('../../nodes/SkySlopeOffers/SkySlopeOffersTrigger.node') as { SkySlopeOffersTrigger: AnyNode }).SkySlopeOffersTrigger,
);

type Runtime = Pick<PollRuntimeOptions, 'scheduler' | 'cursors' | 'mains'>;
export type Command =
	| OfferCommand
	| { t: 'tick' }
	| { t: 'step'; pick: number }
	| { t: 'settle' }
	| { t: 'advance'; ms: number }
	| { t: 'restart' }
	| { t: 'handOver' }
	| { t: 'latency'; ms: number }
	| { t: 'skew'; ms: number };

interface History {
	runtime: Runtime;
	event: 'newOffers' | 'newAndUpdatedOffers';
	commands: Command[];
	/**
	 * The workflow was published under the last release: its state (no stamp of this one's runtime)
	 * is in the database, and n8n starts with the new release.
	 */
	upgrade?: boolean;
}

const DAY = 24 * 3600 * 1000;
const PARAMETERS = { scope: 'all', options: { lookBackDays: 7, sweepDays: 120, sweepRequestsPerPoll: 1 } };

/** Runs a history, then lets the trigger poll a while with nothing changing; what the oracle found. */
async function play(history: History): Promise<{ wrong: string[]; trace: string[] }> {
	let skew = 0;
	const gate = new RequestGate(clock);
	const sandbox = await startSandbox({ port: 0, clock: () => Date.now() + skew, gate: gate.hook, rateLimits: { offers: { limit: 100_000 } } });
	try {
		const state = sandbox.service<OffersState>('offers').state;
		const service = new OffersHistory(state, () => Date.now() + skew, () => Date.now());
		const parameters = { event: history.event, ...PARAMETERS };
		const credentials = offersCredentials(sandbox);
		service.watchFrom = clock.now();
		let staticData: IDataObject | undefined;
		if (history.upgrade) {
			// The last release ran the watch a while; what it saved had no stamp of today's runtime.
			const before = new PollRuntime({ scheduler: 'classic', loadNode, parameters, credentials, clock, gate });
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
		const runtime = new PollRuntime({ ...history.runtime, loadNode, parameters, credentials, clock, gate, staticData });
		await Promise.all([gate.track(history.upgrade ? runtime.resume() : runtime.publish()), gate.settle()]);
		for (const command of history.commands) {
			switch (command.t) {
				case 'tick':
					void runtime.tick();
					await gate.idle();
					break;
				case 'step':
					await gate.step(command.pick);
					break;
				case 'settle':
					await gate.settle();
					break;
				case 'advance':
					clock.advance(command.ms);
					break;
				case 'restart':
				case 'handOver':
					// An activation (classic) polls inline: n8n waits for it.
					await gate.settle();
					await Promise.all([gate.track(command.t === 'restart' ? runtime.restart() : runtime.handOver()), gate.settle()]);
					break;
				case 'latency':
					gate.latencyMs = command.ms;
					break;
				case 'skew':
					skew = command.ms;
					runtime.trace.push(`the service's clock is ${command.ms} ms off`);
					break;
				default:
					runtime.trace.push(service.apply(command));
			}
		}
		// Then quiet: a poll a minute, long enough for the re-read to come round; a slow service stays
		// slow, but answers a read in 20 s at most (a poll of two reads fits n8n's 45 s).
		await gate.settle();
		gate.latencyMs = Math.min(Math.max(gate.latencyMs, 200), 20_000);
		for (let n = 0; n < 30; n++) {
			clock.advance(60_000);
			void runtime.tick();
			await gate.settle();
		}
		const errors = runtime.executions.filter((e) => e.kind === 'error').map((e) => `error: ${(e as { message: string }).message}`);
		// Offers submitted before the Re-Read Period (as it stands at the end) are outside the watch.
		const watched = Date.now() + skew - (PARAMETERS.options.sweepDays - 1) * DAY;
		const wrong = service.check(runtime.runs, { includeUpdates: history.event === 'newAndUpdatedOffers', submittedSince: watched });
		return { wrong: [...errors, ...wrong], trace: runtime.trace };
	} finally {
		await gate.settle().catch(() => undefined);
		await sandbox.close();
	}
}

/** A state as the last release saved it: without the runtime's stamps, which it did not write. */
function lastRelease(state: IDataObject): IDataObject {
	const { lineage, revision, stamp, pending, ...rest } = state;
	void [lineage, revision, stamp, pending];
	return rest;
}

async function expectExact(history: History): Promise<void> {
	const { wrong, trace } = await play(history);
	if (wrong.length) throw new Error(`${wrong.join('\n')}\n--- history ---\n${trace.join('\n')}`);
}

const runtimes: Runtime[] = [
	{ scheduler: 'classic', mains: 1 },
	{ scheduler: 'classic', mains: 2 },
	{ scheduler: 'durable', mains: 1 },
	{ scheduler: 'durable', mains: 2 },
	{ scheduler: 'durable', cursors: true, mains: 2 },
];

const command: fc.Arbitrary<Command> = fc.oneof(
	{ arbitrary: fc.constant({ t: 'tick' as const }), weight: 6 },
	{ arbitrary: fc.record({ t: fc.constant('step' as const), pick: fc.nat(3) }), weight: 6 },
	{ arbitrary: fc.constant({ t: 'settle' as const }), weight: 2 },
	{ arbitrary: fc.record({ t: fc.constant('advance' as const), ms: fc.integer({ min: 1_000, max: 3_600_000 }) }), weight: 4 },
	{ arbitrary: fc.record({ t: fc.constant('create' as const), daysAgo: fc.oneof(fc.constant(0), fc.integer({ min: 0, max: 110 })), listing: fc.nat(20) }), weight: 5 },
	{ arbitrary: fc.record({ t: fc.constant('revise' as const), pick: fc.nat(1000), newVersion: fc.boolean() }), weight: 4 },
	{ arbitrary: fc.record({ t: fc.constant('pageCap' as const), size: fc.integer({ min: 1, max: 100 }) }), weight: 1 },
	{ arbitrary: fc.constant({ t: 'restart' as const }), weight: 1 },
	{ arbitrary: fc.constant({ t: 'handOver' as const }), weight: 1 },
	{ arbitrary: fc.record({ t: fc.constant('latency' as const), ms: fc.oneof(fc.constant(100), fc.integer({ min: 0, max: 30_000 })) }), weight: 1 },
	{ arbitrary: fc.record({ t: fc.constant('skew' as const), ms: fc.integer({ min: -60_000, max: 60_000 }) }), weight: 1 },
);

describe('SkySlope Offers Trigger: generated histories in a model of n8n\'s runtime', () => {
	for (const runtime of runtimes) {
		const name = `${runtime.scheduler}${runtime.cursors ? ' with durable poll cursors' : ''}, ${runtime.mains} main(s)`;
		it(`${name}: every offer and change reported once`, async () => {
			await fc.assert(
				fc.asyncProperty(fc.constantFrom('newOffers' as const, 'newAndUpdatedOffers' as const), fc.array(command, { maxLength: 25 }), fc.boolean(), async (event, commands, upgrade) => {
					const { wrong, trace } = await play({ runtime, event, commands, upgrade });
					if (wrong.length) throw new Error(`${wrong.join('\n')}\n--- history ---\n${trace.join('\n')}`);
				}),
				modelRuns(4),
			);
		}, Number(process.env.MODEL_TIMEOUT_MS) || 300_000);
	}
});



// Found by the model on the main of issue 46, each shrunk by hand to what shows it.
describe('SkySlope Offers Trigger: histories that found a bug', () => {
	const old: Command = { t: 'revise', pick: 0, newVersion: true, submittedDaysAgo: [10, 20] };

	it('an upgrade under the durable scheduler: the re-read moves on, and an older offer\'s revision is reported (issue 46, 1)', async () => {
		await expectExact({ runtime: { scheduler: 'durable', mains: 1 }, event: 'newAndUpdatedOffers', upgrade: true, commands: [{ t: 'advance', ms: 60_000 }, old] });
	});

	it('a slow service under the durable scheduler: an offer found by a poll that ran too long is still reported (issue 46, 2)', async () => {
		await expectExact({ runtime: { scheduler: 'durable', mains: 1 }, event: 'newOffers', commands: [{ t: 'latency', ms: 20_000 }, { t: 'create', daysAgo: 0, listing: 0 }] });
	});

	it('the lead back to a main that polled before: what the other main reported is not reported again (issue 46, 3)', async () => {
		const quiet: Command[] = [{ t: 'advance', ms: 60_000 }, { t: 'tick' }, { t: 'settle' }];
		await expectExact({
			runtime: { scheduler: 'classic', mains: 2 },
			event: 'newOffers',
			commands: [...quiet, ...quiet, ...quiet, { t: 'handOver' }, { t: 'create', daysAgo: 0, listing: 0 }, ...quiet, { t: 'handOver' }],
		});
	});

	it('an offer that appears after publishing, stamped a day before it: reported new (issue 46, 4)', async () => {
		await expectExact({ runtime: { scheduler: 'durable', mains: 1 }, event: 'newOffers', commands: [{ t: 'create', daysAgo: 1, listing: 0 }] });
	});

	it('the service lowers its page size: a window is read to its end (issue 46, 10)', async () => {
		const create = (n: number): Command[] => Array.from({ length: n }, () => ({ t: 'create' as const, daysAgo: 0, listing: 0 }));
		await expectExact({
			runtime: { scheduler: 'classic', mains: 1 },
			event: 'newOffers',
			commands: [...create(101), { t: 'advance', ms: 60_000 }, { t: 'tick' }, { t: 'settle' }, { t: 'pageCap', size: 10 }, ...create(15)],
		});
	});
});
