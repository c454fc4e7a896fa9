/* eslint-disable @n8n/community-nodes/no-restricted-globals -- dev tooling, never shipped in dist */
// The SkySlope Signing Trigger in a model of n8n's webhook runtime (harness/n8n-runtime/webhooks.ts),
// against the sandbox: generated histories of signings (a new envelope, or the same one signed
// again), notifications sent twice at once, late, out of order, without a time, and sent again
// hours or thousands of notifications later, to one to three webhook processors that restart.
// The oracle: each signing starts one run; with several processors (no shared lock in n8n), a
// repeat may run again, and then it carries the same deliveryKey (an idempotency key for the write).
import fc from 'fast-check';
import type { IDataObject, INodeExecutionData } from 'n8n-workflow';

import { RequestGate } from '../../harness/n8n-runtime/gate';
import { WebhookRuntime } from '../../harness/n8n-runtime/webhooks';
import { byId, formsCredential } from '../../harness/forms-env';
import type { AnyNode } from '../../harness/node/node-types';
import { startSandbox, type SandboxServer } from '../../sandbox';
import { USERS, type FormsServiceState } from '../../sandbox/forms';
import { failIfWrong, modelRuns, useVirtualClock } from './model';
import { processLoader } from '../process';

const clock = useVirtualClock();
// Named histories get five minutes too: beside npm test's other lanes one took past jest's 30 s.
jest.setTimeout(300_000);
const loadNode = processLoader(
	// eslint-disable-next-line @typescript-eslint/no-require-imports -- a process's own copy of the modules
	() => (require('../../nodes/SkySlope/SkySlopeSigningTrigger.node') as { SkySlopeSigningTrigger: AnyNode }).SkySlopeSigningTrigger,
);

type Command =
	/** Documents are signed: a new envelope, or (`again`) the last one signed again; `timeless`: its notification carries no time. */
	| { t: 'sign'; again: boolean; timeless: boolean }
	/** The service sends a notification (again, if it was sent before) to a processor. */
	| { t: 'send'; pick: number; processor: number }
	| { t: 'step'; pick: number }
	| { t: 'settle' }
	| { t: 'advance'; ms: number }
	| { t: 'restart'; processor: number }
	/** "Listen for test event" in the editor, and a signing's notification sent to the test URL. */
	| { t: 'testEvent'; pick: number; processor: number };

interface History {
	processors: number;
	commands: Command[];
	/** Notifications of other files' signings handled in between, before the history's end (the seen-set's bound). */
	flood?: number;
}

interface Signing {
	/** Which envelope (the notification's class: the same envelope and documents). */
	envelope: number;
	signedAt: string;
	/** The model's clock when it happened. */
	at: number;
	body: IDataObject;
}

async function sign(sandbox: SandboxServer, fileId: number, formsEnvelopeId?: number): Promise<{ notification: IDataObject; signedAt: string }> {
	const res = await fetch(`${sandbox.baseUrl}/forms/sandbox/files/${fileId}/sign`, {
		method: 'POST',
		headers: { 'content-type': 'application/json' },
		body: JSON.stringify(formsEnvelopeId === undefined ? {} : { formsEnvelopeId }),
	});
	const json = (await res.json()) as { notification: IDataObject; signed: Array<{ dateSigned: string }> };
	if (res.status !== 200) throw new Error(`the sandbox did not sign: ${JSON.stringify(json)}`);
	return { notification: json.notification, signedAt: String(json.notification.signedAt ?? json.signed[0]?.dateSigned) };
}

/** Runs a history, then sends nothing more; what the oracle found. */
async function play(history: History): Promise<{ wrong: string[]; trace: string[]; runs: INodeExecutionData[][] }> {
	const gate = new RequestGate(clock);
	gate.latencyMs = 50;
	const sandbox = await startSandbox({ port: 0, gate: gate.hook, live: { resigning: true }, rateLimits: { forms: { limit: 100_000 } } });
	try {
		const state = sandbox.service<FormsServiceState>('forms').state;
		const files = [...state.store.files.values()].filter((f) => f.type === 'File' && f.ownedBy === USERS.caller && !f.isDeleted && state.store.liveDocuments(f.id).length > 0);
		const [file, other] = files;
		const runtime = new WebhookRuntime({
			processors: history.processors,
			loadNode,
			parameters: { files: { file: [{ fileId: byId(file.id) }, { fileId: byId(other.id) }] } },
			credentials: { skySlopeFormsOAuth2Api: formsCredential(sandbox, state) },
			gate,
			// Nothing listens there: the model hands each notification to a processor itself.
			webhookBaseUrl: 'http://127.0.0.1:9/webhook',
		});
		await Promise.all([gate.track(runtime.activate()), gate.settle()]);
		const subscribed = JSON.parse(runtime.db.staticData) as { subscription: { url: string } };
		const query = { secret: new URL(subscribed.subscription.url).searchParams.get('secret') ?? '' };
		const signings: Signing[] = [];
		const sent = new Set<number>();
		let envelopes = 0;
		for (const command of history.commands) {
			switch (command.t) {
				case 'sign': {
					// A signing takes its signer a while: no two are at the same moment.
					clock.advance(1_000);
					const last = signings[signings.length - 1];
					const again = command.again && last !== undefined;
					const signed = await sign(sandbox, file.id, again ? Number(last.body.formsEnvelopeId) : undefined);
					const body = { ...signed.notification };
					if (command.timeless) delete body.signedAt;
					const envelope = again ? last.envelope : ++envelopes;
					signings.push({ envelope, signedAt: signed.signedAt, at: clock.now(), body });
					runtime.trace.push(`signing ${signings.length} (envelope ${envelope}${command.timeless ? ', its notification without a time' : ''})`);
					break;
				}
				case 'send': {
					if (!signings.length) break;
					// A pick below 0 counts back from the latest signing (-1 the latest, -2 the one before):
					// the pieces below name them so, whatever came before.
					const n = command.pick < 0 ? Math.max(0, signings.length + command.pick) : command.pick % signings.length;
					sent.add(n);
					void runtime.deliver(command.processor, signings[n].body, query, `the notification of signing ${n + 1}`);
					await gate.idle();
					break;
				}
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
					await gate.settle();
					runtime.restart(command.processor);
					break;
				case 'testEvent':
					if (!signings.length) break;
					void runtime.deliver(command.processor, signings[command.pick % signings.length].body, {}, `a test event of signing ${(command.pick % signings.length) + 1}`, true);
					await gate.idle();
					break;
			}
		}
		await gate.settle();
		if (history.flood) {
			// Thousands of other notifications (another file's signings), then every notification of this file again.
			for (let n = 0; n < history.flood; n++) {
				const signed = await sign(sandbox, other.id);
				void runtime.deliver(n, signed.notification, query, `another file's notification ${n + 1}`);
				await gate.settle();
			}
			for (const n of sent) {
				void runtime.deliver(n, signings[n].body, query, `the notification of signing ${n + 1}, sent again`);
				await gate.settle();
			}
		}
		const ours = runtime.runs.filter((items) => items.some((item) => Number(item.json.fileId) === file.id));
		return { wrong: check(signings, sent, ours, runtime.processorCount), trace: runtime.trace, runs: runtime.runs };
	} finally {
		await gate.settle().catch(() => undefined);
		await sandbox.close();
	}
}

/**
 * Per envelope: a delivery at least for every signing whose notification came (told apart by their
 * times; without one, by what the service lists), and at most one per signing made (counted by
 * deliveryKey): a notification without a time may stand for a later signing whose own has not
 * come yet. A delivery with a deliveryKey already delivered is a repeat: only with several
 * processors (and then every signing still has a delivery of its own key).
 */
function check(signings: Signing[], sent: Set<number>, runs: INodeExecutionData[][], processors: number): string[] {
	const wrong: string[] = [];
	const byEnvelope = new Map<number, Array<{ key: string; notice: string }>>();
	// A run may deliver several signings (a notification without a time stands for every one not
	// delivered yet), one item each: each item is a delivery.
	for (const { json } of runs.flat()) {
		const envelope = signings.find((s) => s.body.formsEnvelopeId === json.formsEnvelopeId)?.envelope;
		if (envelope === undefined) {
			wrong.push(`a run for envelope ${String(json.formsEnvelopeId)}, never signed here`);
			continue;
		}
		const list = byEnvelope.get(envelope) ?? [];
		list.push({ key: String(json.deliveryKey ?? ''), notice: String(json.notice ?? '') });
		byEnvelope.set(envelope, list);
	}
	const envelopes = new Set(signings.map((s) => s.envelope));
	for (const envelope of envelopes) {
		const mine = signings.map((s, n) => ({ ...s, n })).filter((s) => s.envelope === envelope);
		const came = mine.filter((s) => sent.has(s.n));
		const runsOf = byEnvelope.get(envelope) ?? [];
		const keys = new Set(runsOf.map((r) => r.key));
		// Runs that said they could not tell a repeat are not counted as signings.
		const told = new Set(runsOf.filter((r) => !r.notice.includes('cannot be told')).map((r) => r.key));
		const least = came.length;
		// A notification without a time stands for a signing the service lists when it is handled,
		// which may be one made after it was sent: at most one run a signing made.
		const most = mine.length;
		if (keys.size < least) wrong.push(`envelope ${envelope}: ${keys.size} run(s), and ${least} signing(s) were notified`);
		if (told.size > most) wrong.push(`envelope ${envelope}: ${told.size} run(s), and ${most} signing(s) were made`);
		// Several processors: n8n saves each request's copy whole, and one processor cannot see what
		// another remembered; a repeat then starts a run again, with the deliveryKey of the first.
		// One processor: a repeat only where the trigger could not tell, and said so.
		const unsaid = runsOf.filter((r, n) => runsOf.findIndex((o) => o.key === r.key) !== n && !r.notice.includes('cannot be told'));
		if (unsaid.length && processors === 1) wrong.push(`envelope ${envelope}: a notification started ${unsaid.length} run(s) again, saying nothing`);
		// Nothing false: with one processor, no other process saves over this one's memory.
		if (processors === 1 && runsOf.some((r) => r.notice.includes('several webhook processors'))) wrong.push(`envelope ${envelope}: a run says another n8n process saved over this one's memory, and there is one`);
	}
	return wrong;
}

async function expectExact(history: History): Promise<void> {
	failIfWrong(await play(history));
}

const command: fc.Arbitrary<Command> = fc.oneof(
	{ arbitrary: fc.record({ t: fc.constant('sign' as const), again: fc.boolean(), timeless: fc.boolean() }), weight: 4 },
	{ arbitrary: fc.record({ t: fc.constant('send' as const), pick: fc.nat(20), processor: fc.nat(2) }), weight: 8 },
	{ arbitrary: fc.record({ t: fc.constant('step' as const), pick: fc.nat(3) }), weight: 6 },
	{ arbitrary: fc.constant({ t: 'settle' as const }), weight: 2 },
	{ arbitrary: fc.record({ t: fc.constant('advance' as const), ms: fc.integer({ min: 1_000, max: 6 * 3_600_000 }) }), weight: 2 },
	{ arbitrary: fc.record({ t: fc.constant('restart' as const), processor: fc.nat(2) }), weight: 1 },
	{ arbitrary: fc.record({ t: fc.constant('testEvent' as const), pick: fc.nat(20), processor: fc.nat(2) }), weight: 1 },
);

/**
 * A rare but real sequence as one piece: a signing's notification handled by one processor while the
 * envelope's next signing, notified without a time, reaches another (issue 53, 4). Single commands
 * made it about once in a few hundred histories (the `oldest-only` mutant lived through 100 a
 * property).
 */
const overlap: fc.Arbitrary<Command[]> = fc.nat(2).map((processor) => [
	{ t: 'sign', again: false, timeless: false },
	{ t: 'send', pick: -1, processor },
	{ t: 'sign', again: true, timeless: true },
	{ t: 'send', pick: -1, processor: processor + 1 },
]);
/**
 * A restart, then a notification handled before it sent again (issue 61): the new process knows
 * only what the database holds, and its own save in between must keep what the old one stored.
 * Made of single commands, the one-processor property, the only one that holds a repeat wrong,
 * never got the sequence.
 */
const resendAfterRestart: fc.Arbitrary<Command[]> = fc.record({ processor: fc.nat(2), timeless: fc.boolean() }).map(({ processor, timeless }) => [
	{ t: 'sign', again: false, timeless },
	{ t: 'send', pick: -1, processor },
	{ t: 'settle' },
	{ t: 'restart', processor },
	{ t: 'sign', again: false, timeless: false },
	{ t: 'send', pick: -1, processor },
	{ t: 'settle' },
	{ t: 'send', pick: -2, processor },
]);
const commands = fc
	.array(fc.oneof({ arbitrary: command.map((c) => [c]), weight: 12 }, { arbitrary: overlap, weight: 1 }, { arbitrary: resendAfterRestart, weight: 1 }), { maxLength: 22 })
	.map((pieces) => pieces.flat());

describe('SkySlope Signing Trigger: generated histories in a model of n8n\'s webhook runtime', () => {
	for (const processors of [1, 2, 3]) {
		it(`${processors} webhook processor(s): each signing starts one run${processors > 1 ? ', a repeat only with the deliveryKey of its first run' : ''}`, async () => {
			await fc.assert(
				fc.asyncProperty(commands, async (commands) => {
					failIfWrong(await play({ processors, commands }));
				}),
				modelRuns(4),
			);
		}, Number(process.env.MODEL_TIMEOUT_MS) || 300_000);
	}
});

// Found by the model on the main of issue 46, each shrunk by hand to what shows it.
describe('SkySlope Signing Trigger: histories that found a bug', () => {
	it('two processors, the second signing\'s notification without a time while the first\'s is handled: each signing delivered with its own deliveryKey (issue 53, 4)', async () => {
		await expectExact({
			processors: 2,
			commands: [
				{ t: 'sign', again: false, timeless: false },
				{ t: 'send', pick: 0, processor: 0 },
				{ t: 'sign', again: true, timeless: true },
				{ t: 'send', pick: 1, processor: 1 },
			],
		});
	});

	it('three processors, the long mode\'s history of the last stop: no signing missed (issue 53, 4)', async () => {
		await expectExact({
			processors: 3,
			commands: [
				{ t: 'sign', again: false, timeless: false },
				{ t: 'send', pick: 0, processor: 0 },
				{ t: 'sign', again: true, timeless: true },
				{ t: 'sign', again: false, timeless: false },
				{ t: 'send', pick: 4, processor: 1 },
			],
		});
	});

	it('a test event before the first notification: no run says another process saved over this one\'s memory (issue 53, 5)', async () => {
		await expectExact({ processors: 1, commands: [{ t: 'sign', again: false, timeless: false }, { t: 'testEvent', pick: 0, processor: 0 }, { t: 'settle' }, { t: 'sign', again: false, timeless: false }, { t: 'send', pick: 1, processor: 0 }] });
	});

	it('the first two requests after a restart side by side: no run says another process saved over this one\'s memory (issue 53, 5)', async () => {
		await expectExact({
			processors: 1,
			commands: [
				{ t: 'sign', again: false, timeless: false },
				{ t: 'sign', again: false, timeless: false },
				{ t: 'send', pick: 0, processor: 0 },
				{ t: 'settle' },
				{ t: 'restart', processor: 0 },
				{ t: 'sign', again: false, timeless: false },
				{ t: 'send', pick: 1, processor: 0 },
				{ t: 'send', pick: 2, processor: 0 },
				{ t: 'step', pick: 1 },
				{ t: 'settle' },
				{ t: 'sign', again: false, timeless: false },
				{ t: 'send', pick: 3, processor: 0 },
			],
		});
	});

	it('two processors, a save lost to the other\'s: a resend runs again with the same deliveryKey, and the processor whose save was lost says why (issue 46, 6)', async () => {
		const signings: Command[] = [{ t: 'sign', again: false, timeless: false }, { t: 'sign', again: false, timeless: false }, { t: 'sign', again: false, timeless: false }];
		const { wrong, trace, runs } = await play({
			processors: 2,
			commands: [
				...signings,
				// Side by side: each processor loads the state before the other saves.
				{ t: 'send', pick: 0, processor: 0 },
				{ t: 'send', pick: 1, processor: 1 },
				{ t: 'step', pick: 0 },
				{ t: 'settle' },
				// Sent again, to the processor that never saw it: n8n gives it no way to know.
				{ t: 'send', pick: 0, processor: 1 },
				{ t: 'settle' },
				// The other processor's next run finds its save gone.
				{ t: 'send', pick: 2, processor: 0 },
				{ t: 'settle' },
			],
		});
		expect({ wrong, trace }).toEqual({ wrong: [], trace });
		const keys = runs.map((items) => items[0].json.deliveryKey);
		expect(keys).toHaveLength(4);
		// Two processors each saved over the other's memory: the first notification ran twice, with one key.
		expect(new Set(keys).size).toBe(3);
		const repeated = keys.filter((k, n) => keys.indexOf(k) !== n);
		expect(repeated).toHaveLength(1);
		expect(String(runs[3][0].json.notice)).toContain('several webhook processors');
	});

	// Issue 61, 2: a save lost to another processor's is said in the next run, however the marks compare.
	/** One notification ran twice with one key (the resend), and processor 0's next run (`said`) says why. */
	const repeatedAndSaid = (runs: INodeExecutionData[][], count: number, said: number) => {
		const keys = runs.map((items) => items[0].json.deliveryKey);
		expect(keys).toHaveLength(count);
		expect(keys.filter((k, n) => keys.indexOf(k) !== n)).toHaveLength(1);
		expect(String(runs[said][0].json.notice ?? '')).toContain('several webhook processors');
	};

	it('two processors, the one whose save is lost had saved before (the other\'s copy carries its older mark): its next run says why (issue 61, 2)', async () => {
		const { wrong, trace, runs } = await play({
			processors: 2,
			commands: [
				{ t: 'sign', again: false, timeless: false },
				{ t: 'sign', again: false, timeless: false },
				{ t: 'sign', again: false, timeless: false },
				{ t: 'sign', again: false, timeless: false },
				// Processor 0 saves once: its mark is in the state processor 1 loads next.
				{ t: 'send', pick: 0, processor: 0 },
				{ t: 'settle' },
				// Side by side: processor 1 loads it, processor 0 handles signing 3 and saves first,
				// processor 1's save lands last, with processor 0's older mark.
				{ t: 'send', pick: 1, processor: 1 },
				{ t: 'send', pick: 2, processor: 0 },
				{ t: 'step', pick: 1 },
				{ t: 'settle' },
				// Sent again to processor 1, which never saw it: a second run, with the first's key.
				{ t: 'send', pick: 2, processor: 1 },
				{ t: 'settle' },
				// Processor 0's next run.
				{ t: 'send', pick: 3, processor: 0 },
				{ t: 'settle' },
			],
		});
		expect({ wrong, trace }).toEqual({ wrong: [], trace });
		repeatedAndSaid(runs, 5, 4);
	});

	it('two processors, the later save from the processor that marked first: the other\'s next run says why (issue 61, 2)', async () => {
		const { wrong, trace, runs } = await play({
			processors: 2,
			commands: [
				{ t: 'sign', again: false, timeless: false },
				{ t: 'sign', again: false, timeless: false },
				{ t: 'sign', again: false, timeless: false },
				// Processor 1 marks first; processor 0 marks a second later and its save lands first.
				{ t: 'send', pick: 0, processor: 1 },
				{ t: 'advance', ms: 1_000 },
				{ t: 'send', pick: 1, processor: 0 },
				{ t: 'step', pick: 1 },
				{ t: 'settle' },
				// Processor 0's save is gone (a resend to processor 1 would run again); its next run,
				// before processor 1 saves again, says so.
				{ t: 'send', pick: 2, processor: 0 },
				{ t: 'settle' },
			],
		});
		expect({ wrong, trace }).toEqual({ wrong: [], trace });
		expect(runs).toHaveLength(3);
		expect(String(runs[2][0].json.notice ?? '')).toContain('several webhook processors');
	});

	it('one processor, restarted twice: a notification it could not place, saved last, took a signing\'s key out of the database, and after the next restart its resend ran again (the generators of issue 61)', async () => {
		// As fast-check shrank it: the resend of signing 2 (no time; the token expired, so the list
		// could not be read) claimed nothing, and its copy, loaded before signing 5 was claimed, was
		// saved last without signing 5's key.
		await expectExact({
			processors: 1,
			commands: [
				{ t:  'advance',  ms:  3596850 },
				{ t:  'sign',  again:  false,  timeless:  false },
				{ t:  'send',  pick:  -1,  processor:  0 },
				{ t:  'sign',  again:  true,  timeless:  true },
				{ t:  'send',  pick:  -1,  processor:  1 },
				{ t:  'sign',  again:  false,  timeless:  false },
				{ t:  'send',  pick:  -1,  processor:  0 },
				{ t:  'settle' },
				{ t:  'restart',  processor:  0 },
				{ t:  'sign',  again:  false,  timeless:  false },
				{ t:  'send',  pick:  -1,  processor:  0 },
				{ t:  'settle' },
				{ t:  'send',  pick:  -2,  processor:  0 },
				{ t:  'send',  pick:  1,  processor:  0 },
				{ t:  'sign',  again:  false,  timeless:  false },
				{ t:  'send',  pick:  -1,  processor:  0 },
				{ t:  'settle' },
				{ t:  'restart',  processor:  0 },
				{ t:  'sign',  again:  false,  timeless:  false },
				{ t:  'send',  pick:  -1,  processor:  0 },
				{ t:  'settle' },
				{ t:  'send',  pick:  -2,  processor:  0 },
			],
		});
	});

	it('two signings of one envelope, their notifications without a time, the first handled after the second signing: two runs, and a resend starts none (issue 46, 7)', async () => {
		await expectExact({
			processors: 1,
			commands: [
				{ t: 'sign', again: false, timeless: true },
				{ t: 'sign', again: true, timeless: true },
				{ t: 'send', pick: 0, processor: 0 },
				{ t: 'settle' },
				{ t: 'send', pick: 1, processor: 0 },
				{ t: 'settle' },
				{ t: 'send', pick: 0, processor: 0 },
				{ t: 'settle' },
			],
		});
	});

	it('a notification without a time sent twice, and the next signing\'s own notification with its time: one run a signing (the model, issue 46)', async () => {
		await expectExact({
			processors: 1,
			commands: [
				{ t: 'sign', again: false, timeless: true },
				{ t: 'sign', again: true, timeless: false },
				{ t: 'send', pick: 0, processor: 0 },
				{ t: 'send', pick: 0, processor: 0 },
				{ t: 'send', pick: 1, processor: 0 },
			],
		});
	});

	it('a notification without a time twice at once, an hour on (the token both refresh): a second run only saying why (the model, issue 46)', async () => {
		await expectExact({
			processors: 2,
			commands: [
				{ t: 'sign', again: false, timeless: true },
				{ t: 'advance', ms: 3_598_850 },
				{ t: 'send', pick: 0, processor: 1 },
				{ t: 'send', pick: 0, processor: 1 },
			],
		});
	});

	it('a notification sent again after 200 others: it starts no run (issue 46, 9)', async () => {
		await expectExact({ processors: 1, commands: [{ t: 'sign', again: false, timeless: false }, { t: 'send', pick: 0, processor: 0 }, { t: 'settle' }], flood: 201 });
	}, 120_000);
});
