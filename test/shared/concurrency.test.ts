/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports -- dev tooling, never shipped in dist */
// How many requests and items are in flight: the service's number (ServiceSpec.concurrency), held
// by the transport to what the rate-limit headers allow and halved while the service answers 429
// or 503; the router's promises (order, pairedItem, continueOnFail, the stop report) unchanged.
// A scriptable test server stands in for the service and counts what is in flight at its end.
import http from 'node:http';

import type {
	IExecuteFunctions,
	INodeExecutionData,
} from 'n8n-workflow';

import {
	apiRequest,
	defineOperation,
	defineResource,
	p,
	retryPolicy,
	type ServiceSpec,
} from '../../nodes/SkySlope/shared';
import { runNode } from '../../harness/node';
import { startTestServer, type Reply, type TestServer } from '../../harness/node/test-server';
import { routerNode, testCredentialType } from '../../harness/node/test-node';

const ConcurrencyTestApi = testCredentialType('concurrencyTestApi', [
	{ displayName: 'Base URL', name: 'baseUrl', type: 'string', default: '' },
	{ displayName: 'Account', name: 'account', type: 'string', default: '' },
]);

const LIMIT = 4;
const service: ServiceSpec = {
	label: 'Test Service',
	credentialType: 'concurrencyTestApi',
	baseUrl: (c) => c.baseUrl as string,
	rateKey: (c) => String(c.account ?? ''),
	concurrency: LIMIT,
	readError: (body) => (typeof body === 'object' && body ? (body as { message?: string }) : {}),
};

/** Items the router has started and not finished, seen from inside the node. */
let itemsRunning = 0;
let itemsPeak = 0;

const fetchOne = (value: string, concurrency?: number) =>
	defineOperation({
		value,
		name: value,
		action: 'Fetch a thing',
		description: 'One GET per item',
		concurrency,
		properties: [{ displayName: 'ID', name: 'id', type: 'string', default: '' }],
		async execute(this: IExecuteFunctions, i: number) {
			itemsRunning++;
			itemsPeak = Math.max(itemsPeak, itemsRunning);
			try {
				const id = this.getNodeParameter('id', i) as string;
				return (await apiRequest.call(this, service, { method: 'GET', path: p`/things/${id}`, itemIndex: i })) as { id: string };
			} finally {
				itemsRunning--;
			}
		},
	});

const resources = [defineResource({ value: 'thing', name: 'Thing' }, [fetchOne('fetch'), fetchOne('fetchInOrder', 1)])];

const ConcurrencyTestNode = routerNode('Concurrency Test', resources, 'concurrencyTestApi');

let server: TestServer;
/** Requests the service is working on now, and the most at once. */
let active = 0;
let peak = 0;
/** Decides each answer; `id` is the last path segment. */
let answer: (id: string, activeNow: number) => Reply | Promise<Reply>;
const statuses: number[] = [];
const originalPolicy = { ...retryPolicy };
let accountSeq = 0;

const sleepMs = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * When the client sent each request (by the last path segment), seen at node:http, under n8n's
 * helpers: what the transport controls, whatever the machine's load does to its arrival.
 */
const sent = new Map<string, number>();
const sentAt = (id: string) => {
	const at = sent.get(id);
	if (at === undefined) throw new Error(`request ${id} was not seen leaving the client`);
	return at;
};
const httpRequest = http.request.bind(http);
jest.spyOn(http, 'request').mockImplementation(((...args: Parameters<typeof http.request>) => {
	const options = args.find((a): a is http.RequestOptions => typeof a === 'object' && a !== null && !(a instanceof URL));
	if (options?.path) sent.set(options.path.split('?')[0].split('/').pop() ?? '', Date.now());
	return httpRequest(...args);
}) as typeof http.request);

beforeAll(async () => {
	server = await startTestServer(async (request) => {
		active++;
		peak = Math.max(peak, active);
		try {
			const reply = await answer(request.path.split('/').pop() ?? '', active);
			statuses.push(reply.status ?? 200);
			return reply;
		} finally {
			active--;
		}
	});
});
afterAll(async () => server.close());
beforeEach(() => {
	active = 0;
	peak = 0;
	itemsRunning = 0;
	itemsPeak = 0;
	statuses.length = 0;
	server.requests.length = 0;
	sent.clear();
	Object.assign(retryPolicy, originalPolicy, { baseDelayMs: 5, maxDelayMs: 20 });
	answer = async (id) => {
		await sleepMs(15);
		return { status: 200, body: { id } };
	};
});
afterEach(() => Object.assign(retryPolicy, originalPolicy));

/** Each run its own account unless told: the in-flight limit and the window are per account. */
function run(count: number, options: { operation?: string; continueOnFail?: boolean; account?: string } = {}) {
	return runNode({
		node: ConcurrencyTestNode,
		credentialTypes: [ConcurrencyTestApi],
		credentials: { concurrencyTestApi: { baseUrl: server.url, account: options.account ?? `account-${++accountSeq}` } },
		parameters: { resource: 'thing', operation: options.operation ?? 'fetch', id: '={{ $json.id }}' },
		input: Array.from({ length: count }, (_, i) => ({ json: { id: String(i) } })),
		continueOnFail: options.continueOnFail,
	});
}

const ids = (items: INodeExecutionData[]) => items.map((item) => item.json.id ?? item.json.error);

describe('in flight: the service\'s number', () => {
	it('never more items or requests in flight than the limit, and reaches it', async () => {
		const result = await run(30);
		expect(result.error).toBeUndefined();
		expect(ids(result.output[0])).toEqual(Array.from({ length: 30 }, (_, i) => String(i)));
		expect(server.requests).toHaveLength(30);
		expect(peak).toBe(LIMIT);
		expect(itemsPeak).toBe(LIMIT);
	});

	it('two executions on one account share the limit', async () => {
		const [a, b] = await Promise.all([run(20, { account: 'shared' }), run(20, { account: 'shared' })]);
		expect(a.error ?? b.error).toBeUndefined();
		expect(server.requests).toHaveLength(40);
		expect(peak).toBe(LIMIT);
	});

	it('an operation that opts out (concurrency 1) sends one item after the other', async () => {
		const result = await run(8, { operation: 'fetchInOrder' });
		expect(ids(result.output[0])).toEqual(['0', '1', '2', '3', '4', '5', '6', '7']);
		expect(peak).toBe(1);
		expect(itemsPeak).toBe(1);
	});
});

describe('rate-limit headers', () => {
	it('in flight follows x-ratelimit-remaining: no request beyond the window, no 429', async () => {
		// A window of 5 requests per whole second, told on every answer, as listings-sales does. The
		// window counts each request by the moment the client sent it: on a busy machine a request
		// sent at the end of one second can arrive in the next, which says nothing of the client.
		const windows = new Map<number, number>();
		let overflow = 0;
		answer = async (id) => {
			const second = Math.floor(sentAt(id) / 1000);
			const used = (windows.get(second) ?? 0) + 1;
			windows.set(second, used);
			const headers = {
				'x-ratelimit-limit': '5',
				'x-ratelimit-remaining': String(Math.max(0, 5 - used)),
				'x-ratelimit-reset': String(second + 1),
			};
			if (used > 5) {
				overflow++;
				return { status: 429, headers: { ...headers, 'retry-after': '1' }, body: { message: 'slow down' } };
			}
			await sleepMs(30);
			return { status: 200, headers, body: { id } };
		};
		const result = await run(12);
		expect(result.error).toBeUndefined();
		expect(ids(result.output[0])).toEqual(Array.from({ length: 12 }, (_, i) => String(i)));
		expect(overflow).toBe(0);
		expect(server.requests).toHaveLength(12);
		expect(Math.max(...windows.values())).toBeLessThanOrEqual(5);
		// More than one at a time when the window allows it, never more than it allows.
		expect(peak).toBeGreaterThan(1);
		expect(peak).toBeLessThanOrEqual(LIMIT);
	}, 15_000);

	it('with 2 left in the window, at most 2 go out until the reset', async () => {
		let first = true;
		let resetAtMs = 0;
		let beforeReset = 0;
		answer = async (id) => {
			if (first) {
				first = false;
				resetAtMs = (Math.floor(Date.now() / 1000) + 1) * 1000;
				return { status: 200, headers: { 'x-ratelimit-remaining': '2', 'x-ratelimit-reset': String(resetAtMs / 1000) }, body: { id } };
			}
			if (sentAt(id) < resetAtMs) beforeReset++;
			await sleepMs(20);
			return { status: 200, body: { id } };
		};
		const result = await run(8);
		expect(result.error).toBeUndefined();
		expect(server.requests).toHaveLength(8);
		expect(beforeReset).toBe(2);
	}, 15_000);
});

describe('back-off when the service struggles', () => {
	it('halves what is in flight on 503: a service that takes 2 at a time fails no item and sees few 503s', async () => {
		answer = async (id, activeNow) => {
			if (activeNow > 2) return { status: 503, body: { message: 'busy' } };
			await sleepMs(15);
			return { status: 200, body: { id } };
		};
		const result = await run(40);
		expect(result.error).toBeUndefined();
		expect(ids(result.output[0])).toEqual(Array.from({ length: 40 }, (_, i) => String(i)));
		const refused = statuses.filter((s) => s === 503).length;
		// Halve, grow back by one per round of answers: about one refusal per three answers. Without
		// back-off, 4 in flight against room for 2 would be refused about half the time, and items fail.
		expect(refused).toBeGreaterThan(0);
		expect(refused).toBeLessThanOrEqual(14);
	});

	it('on 429 holds every request of the account, then sends half, then grows back to the service\'s number', async () => {
		let refused = false;
		let refusedAt = 0;
		const arrivals: Array<{ at: number; active: number }> = [];
		answer = async (id, activeNow) => {
			arrivals.push({ at: Date.now(), active: activeNow });
			if (!refused && activeNow >= LIMIT) {
				refused = true;
				refusedAt = Date.now();
				// Retry-After 0: the transport still waits a short while (250 ms), for every request.
				return { status: 429, headers: { 'retry-after': '0' }, body: { message: 'slow down' } };
			}
			await sleepMs(100);
			return { status: 200, body: { id } };
		};
		const result = await run(40);
		expect(result.error).toBeUndefined();
		expect(ids(result.output[0])).toEqual(Array.from({ length: 40 }, (_, i) => String(i)));
		expect(statuses.filter((s) => s === 429)).toHaveLength(1);
		const after = arrivals.filter((a) => a.at > refusedAt);
		// Nothing new is sent while the account waits...
		expect(after.filter((a) => a.at < refusedAt + 230)).toEqual([]);
		// ...then half of the limit goes out (the answers take 100 ms, so this is the first round)...
		const firstRound = after.filter((a) => a.at < after[0].at + 80);
		expect(firstRound.length).toBeGreaterThan(0);
		expect(Math.max(...firstRound.map((a) => a.active))).toBeLessThanOrEqual(LIMIT / 2);
		// ...and by the end the limit again.
		expect(Math.max(...arrivals.slice(-12).map((a) => a.active))).toBe(LIMIT);
	});

	it('a 429 for how many were in flight, with budget left in the window: a short back-off and half in flight, not a wait for the reset', async () => {
		// The live service: a 429 beyond 5 in flight, its rate headers saying the window has budget left
		// and resets in a minute, no Retry-After (shared/spec). Policy as shipped: its back-off is the test.
		Object.assign(retryPolicy, originalPolicy);
		const resetAt = Math.ceil((Date.now() + 60_000) / 1000);
		const window = { 'x-ratelimit-limit': '100', 'x-ratelimit-remaining': '90', 'x-ratelimit-reset': String(resetAt) };
		answer = async (id, activeNow) => {
			if (activeNow > 2) return { status: 429, headers: window, body: { message: 'Too Many Requests' } };
			await sleepMs(20);
			return { status: 200, headers: window, body: { id } };
		};
		const started = Date.now();
		const result = await run(30);
		const took = Date.now() - started;
		expect(result.error).toBeUndefined();
		expect(ids(result.output[0])).toEqual(Array.from({ length: 30 }, (_, i) => String(i)));
		expect(statuses.filter((s) => s === 429).length).toBeGreaterThan(0);
		// 30 reads of 20 ms, 2 at a time, are 0.3 s; the back-offs add a second or two. The reset is a minute off.
		expect(took).toBeLessThan(8_000);
	});

	it('a 429 without its headers (n8n 1.x drops them) while the last answers left budget in the window: a short back-off, not the reset; the request goes again alone, never refused twice for this process\'s own requests, whatever the machine\'s speed', async () => {
		// As the in-flight limit grows back after a 429, the request sent over it is refused. A refused
		// request sent again among others could be that one each time; on n8n 1.x (no headers) its third
		// 429 read as a spent window, and the run waited a minute for the reset (seen once under load).
		Object.assign(retryPolicy, originalPolicy);
		const window = { 'x-ratelimit-limit': '100', 'x-ratelimit-remaining': '90', 'x-ratelimit-reset': String(Math.ceil((Date.now() + 60_000) / 1000)) };
		const arrivals: Array<{ id: string; activeNow: number; refused: boolean }> = [];
		answer = async (id, activeNow) => {
			const refused = activeNow > 2;
			arrivals.push({ id, activeNow, refused });
			if (refused) return { status: 429, body: { message: 'Too Many Requests' } };
			await sleepMs(20);
			return { status: 200, headers: window, body: { id } };
		};
		const started = Date.now();
		const result = await run(30);
		expect(result.error).toBeUndefined();
		expect(ids(result.output[0])).toEqual(Array.from({ length: 30 }, (_, i) => String(i)));
		expect(statuses.filter((s) => s === 429).length).toBeGreaterThan(0);
		expect(Date.now() - started).toBeLessThan(8_000);
		for (const id of new Set(arrivals.filter((a) => a.refused).map((a) => a.id))) {
			const sends = arrivals
				.filter((a) => a.id === id)
				.map((a) => `${a.refused ? 'refused' : 'answered'} with ${a.activeNow} in flight`);
			// Refused once, then sent with nothing else of the account in flight, and answered.
			expect({ id, sends }).toEqual({ id, sends: [expect.stringMatching(/^refused/), 'answered with 1 in flight'] });
		}
	});

	it('429s without their headers that go on while this process\'s last answer left budget: other requests on the account spent the window; the request waits for the reset the account named (issue 61, 3)', async () => {
		// n8n 1.x: the 429 reaches the node without its headers. This process's first answer said 50
		// were left; another process spent them. Retried at once five times, the request failed 11 s
		// before the reset.
		const resetAt = Math.ceil((Date.now() + 1_500) / 1000);
		let answered = 0;
		answer = async (id) => {
			if (answered++ === 0) return { status: 200, headers: { 'x-ratelimit-limit': '100', 'x-ratelimit-remaining': '50', 'x-ratelimit-reset': String(resetAt) }, body: { id } };
			if (Date.now() < resetAt * 1000) return { status: 429, body: { message: 'Too Many Requests' } };
			return { status: 200, body: { id } };
		};
		const result = await run(2, { operation: 'fetchInOrder' });
		expect(result.error).toBeUndefined();
		expect(ids(result.output[0])).toEqual(['0', '1']);
		// Two quick resends (it may be how many were in flight), then the wait for the reset.
		expect(statuses.filter((s) => s === 429).length).toBe(3);
		expect(sentAt('1')).toBeGreaterThanOrEqual(resetAt * 1000 - 20);
	});

	it('429s without their headers from the first send, no answer of the account naming a window: the request waits for the window, not five quick sends (issue 61, 3)', async () => {
		// n8n 1.x drops the 429's headers, and another process spent a window that began after this
		// process's last answer: nobody named its reset. Five sends at this file's short back-off took
		// about 50 ms and failed 1.5 s before the window opened.
		const opensAt = Date.now() + 1_500;
		answer = async (id) => (Date.now() < opensAt ? { status: 429, body: { message: 'Too Many Requests' } } : { status: 200, body: { id } });
		const result = await run(1, { operation: 'fetchInOrder' });
		expect(result.error).toBeUndefined();
		// Answered: the service answers only once the window is open, so the request waited for it.
		// (Not when it left the client: nobody named the reset, so the send that is answered may leave
		// just before the window opens and, on a loaded machine, reach the service just after: seen
		// once in a full run, 136 ms early.)
		expect(ids(result.output[0])).toEqual(['0']);
		expect(statuses.filter((s) => s === 429).length).toBeGreaterThan(retryPolicy.attempts);
	});

	it('429s without their headers that never end: the request fails with the service\'s words once it has waited as long as a window may last', async () => {
		Object.assign(retryPolicy, { maxRateWaitMs: 600 });
		answer = async () => ({ status: 429, body: { message: 'Too Many Requests' } });
		const started = Date.now();
		const result = await run(1, { operation: 'fetchInOrder' });
		expect(result.error?.message).toMatch(/answered 429: Too Many Requests/);
		expect(Date.now() - started).toBeGreaterThanOrEqual(600);
		expect(Date.now() - started).toBeLessThan(3_000);
	});

	it('a 429 with the window spent (x-ratelimit-remaining 0) holds the account until the reset', async () => {
		let refusedAt = 0;
		const resetAt = Math.ceil((Date.now() + 1_500) / 1000);
		answer = async (id) => {
			if (!refusedAt) {
				refusedAt = Date.now();
				return { status: 429, headers: { 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': String(resetAt) }, body: { message: 'Too Many Requests' } };
			}
			return { status: 200, body: { id } };
		};
		const result = await run(4);
		expect(result.error).toBeUndefined();
		const resent = [...sent.values()].filter((at) => at > refusedAt);
		expect(resent.length).toBeGreaterThan(0);
		expect(Math.min(...resent)).toBeGreaterThanOrEqual(resetAt * 1000 - 20);
	});
});

describe('the router\'s promises, with items in flight', () => {
	// Later items answer sooner, so answers arrive out of order; items 3 and 5 are refused.
	const unevenWithFailures = async (id: string) => {
		await sleepMs(40 - (Number(id) % 8) * 4);
		return ['3', '5'].includes(id) ? { status: 400, body: { message: `bad ${id}` } } : { status: 200, body: { id } };
	};

	it('continueOnFail: every item comes out, in order, paired with its input', async () => {
		answer = unevenWithFailures;
		const result = await run(12, { continueOnFail: true });
		expect(result.output[0].map((item) => [item.pairedItem, item.json.id ?? item.json.error])).toEqual(
			Array.from({ length: 12 }, (_, i) => [
				{ item: i },
				i === 3 || i === 5 ? `Test Service answered 400: bad ${i} [item ${i}]` : String(i),
			]),
		);
		expect(peak).toBe(LIMIT);
	});

	it('without continueOnFail: stops at the earliest failure, starts no new item, and reports every outcome', async () => {
		answer = unevenWithFailures;
		const result = await run(12);
		expect(result.error?.message).toBe('Test Service answered 400: bad 3 [item 3]');
		const context = result.error?.context as {
			itemIndex: number;
			stoppedAtItem: number;
			itemsDone: number[];
			itemsFailed: number[];
			itemsNotAttempted: number[];
		};
		expect(context.itemIndex).toBe(3);
		expect(context.stoppedAtItem).toBe(3);
		const sent = server.requests.map((r) => Number(r.path.split('/').pop())).sort((a, b) => a - b);
		// Every item is in exactly one list, and the service saw exactly the done and failed ones.
		expect([...context.itemsDone, ...context.itemsFailed].sort((a, b) => a - b)).toEqual(sent);
		expect([...sent, ...context.itemsNotAttempted].sort((a, b) => a - b)).toEqual(Array.from({ length: 12 }, (_, i) => i));
		expect(context.itemsFailed).toContain(3);
		expect(context.itemsNotAttempted.length).toBeGreaterThan(0);
		// Nothing started after the failure: at most the items in flight when it came.
		expect(sent.length).toBeLessThanOrEqual(3 + LIMIT + 1);
	});
});
