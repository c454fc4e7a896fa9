// What the model tests share: the model's clock (Date in this process), a process's own copy of a
// node's modules, and how many generated histories a run checks.
import * as workflow from 'n8n-workflow';

import type { VirtualClock } from '../../harness/n8n-runtime/gate';
import type { AnyNode } from '../../harness/node/node-types';

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

/**
 * A process's own copy of a node's modules (nodes/ and what they import of ours): what a process
 * remembers in module scope is its own, and a restart loads a fresh copy. n8n-workflow stays n8n's
 * one copy, as in n8n.
 */
export function processLoader(load: () => AnyNode): () => AnyNode {
	return () => {
		let node: AnyNode | undefined;
		jest.isolateModules(() => {
			jest.doMock('n8n-workflow', () => workflow);
			node = load();
		});
		return node as AnyNode;
	};
}

/**
 * Generated histories per property: a fixed number in `npm test`; MODEL_RUNS=<n> (the long mode,
 * `npm run test:model`) runs more. MODEL_SEED replays one.
 */
export function modelRuns(quick: number): { numRuns: number; seed?: number } {
	const runs = Number(process.env.MODEL_RUNS);
	const seed = Number(process.env.MODEL_SEED);
	return { numRuns: Number.isFinite(runs) && runs > 0 ? runs : quick, ...(Number.isFinite(seed) ? { seed } : {}) };
}
