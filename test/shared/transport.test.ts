/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports -- dev tooling, never shipped in dist */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

import type {
	IExecuteFunctions,
} from 'n8n-workflow';

import {
	apiRequest,
	checkId,
	defineOperation,
	defineResource,
	p,
	retryPolicy,
	type ServiceSpec,
} from '../../nodes/SkySlope/shared';
import { runNode } from '../../harness/node';
import { startTestServer, type Reply, type TestServer } from '../../harness/node/test-server';
import { routerNode, testCredentialType } from '../../harness/node/test-node';

const TransportTestApi = testCredentialType(
	'transportTestApi',
	[
		{ displayName: 'Base URL', name: 'baseUrl', type: 'string', default: '' },
		{ displayName: 'Token', name: 'token', type: 'string', typeOptions: { password: true }, default: '' },
		{ displayName: 'Account', name: 'account', type: 'string', default: '' },
	],
	{ authenticate: { type: 'generic', properties: { headers: { Authorization: '=Bearer {{$credentials.token}}' } } } },
);

/** Reads the forms service's error shape, as the real nodes do. */
const service: ServiceSpec = {
	label: 'Test Service',
	credentialType: 'transportTestApi',
	baseUrl: (c) => c.baseUrl as string,
	rateKey: (c) => String(c.account ?? ''),
	readError: (body) => (typeof body === 'object' && body ? (body as { message?: string }) : {}),
};

const call = defineOperation({
	value: 'call',
	name: 'Call',
	action: 'Call the service',
	description: 'Sends one request',
	properties: [
		{ displayName: 'Method', name: 'method', type: 'string', default: 'GET' },
		{ displayName: 'ID', name: 'id', type: 'string', default: '1' },
	],
	async execute(this: IExecuteFunctions, i: number) {
		const id = this.getNodeParameter('id', i) as string;
		const method = this.getNodeParameter('method', i) as 'GET' | 'POST';
		// Ids from users are checked (numbers) or encoded (anything else) before any request.
		const path = /^\d+$/.test(id) ? p`/files/${checkId(this, 'id', id, i)}` : p`/files/${id}`;
		return (await apiRequest.call(this, service, { method, path, body: method === 'POST' ? { a: 1 } : undefined, itemIndex: i })) as {
			ok: boolean;
		};
	},
});

/** The same call to a service that allows three in flight: over a network, latency sets the pace. */
const threeInFlight: ServiceSpec = { ...service, concurrency: 3 };
const callConcurrently = defineOperation({
	...call,
	value: 'callConcurrently',
	name: 'Call Concurrently',
	async execute(this: IExecuteFunctions, i: number) {
		const id = this.getNodeParameter('id', i) as string;
		return (await apiRequest.call(this, threeInFlight, { method: 'GET', path: p`/files/${id}`, itemIndex: i })) as { ok: boolean };
	},
});

const resources = [defineResource({ value: 'thing', name: 'Thing' }, [call, callConcurrently])];

const TransportTestNode = routerNode('Transport Test', resources, 'transportTestApi');

let server: TestServer;
let script: Array<Reply | 'drop'> = [];
const originalPolicy = { ...retryPolicy };

beforeAll(async () => {
	server = await startTestServer(() => {
		const next = script.shift() ?? { status: 200, body: { ok: true } };
		if (next === 'drop') return { status: 599, headers: { 'x-test-drop': '1' } };
		return next;
	});
});
afterAll(async () => server.close());
beforeEach(() => {
	server.requests.length = 0;
	script = [];
	Object.assign(retryPolicy, originalPolicy, { baseDelayMs: 5, maxDelayMs: 20 });
});

function run(parameters: Record<string, unknown>, extra: { continueOnFail?: boolean; items?: number; account?: string } = {}) {
	return runNode({
		node: TransportTestNode,
		credentialTypes: [TransportTestApi],
		credentials: { transportTestApi: { baseUrl: server.url, token: 'secret-token-value', account: extra.account ?? 'main' } },
		parameters: { resource: 'thing', operation: 'call', ...parameters },
		input: Array.from({ length: extra.items ?? 1 }, (_, i) => ({ json: { i } })),
		continueOnFail: extra.continueOnFail,
	});
}

const unavailable: Reply = { status: 503, body: { code: 'Unavailable', message: 'try later', errors: [], traceId: 't-503' } };

describe('retries: idempotent methods only', () => {
	it('retries a GET after a 503 and returns the answer', async () => {
		script = [unavailable, { status: 200, body: { ok: true } }];
		const result = await run({ method: 'GET' });
		expect(result.error).toBeUndefined();
		expect(result.output[0].map((i) => i.json)).toEqual([{ ok: true }]);
		expect(server.requests.map((r) => r.method)).toEqual(['GET', 'GET']);
		expect(server.requests[0].headers.authorization).toBe('Bearer secret-token-value');
	});

	it('never sends a POST twice after a 503: it may have been processed', async () => {
		script = [unavailable, { status: 200, body: { ok: true } }];
		const result = await run({ method: 'POST' });
		expect(server.requests).toHaveLength(1);
		expect(result.error?.message).toBe('Test Service answered 503: try later [item 0]');
		expect(result.error?.description).toContain('Trace ID (for SkySlope support): t-503');
		// "Run again" alone could make the write twice: the details say to check first.
		expect(result.error?.description).toMatch(/This POST may have reached the service before the answer was lost: check whether it was made before running the item again\.\nTo fix: /);
	});

	it('does resend a POST refused with 429: the service did not process it', async () => {
		script = [{ status: 429, headers: { 'retry-after': '0' }, body: { message: 'slow down' } }];
		const result = await run({ method: 'POST' });
		expect(result.error).toBeUndefined();
		expect(server.requests.map((r) => r.method)).toEqual(['POST', 'POST']);
		expect(server.requests[1].body).toBe('{"a":1}');
	});

	it('gives up after the bounded number of attempts', async () => {
		script = Array.from({ length: 10 }, () => unavailable);
		const result = await run({ method: 'GET' });
		expect(server.requests).toHaveLength(retryPolicy.attempts);
		expect(result.error?.message).toBe('Test Service answered 503: try later [item 0]');
		// A GET changes nothing: no warning about a write made twice.
		expect(result.error?.description).not.toMatch(/may have reached the service/);
		expect(result.error?.description).toMatch(/^To fix: nothing in the workflow/m);
	});
});

describe('rate limits', () => {
	it('fails at once, clearly, when asked to wait for hours', async () => {
		script = [{ status: 429, headers: { 'retry-after': String(3 * 3600) }, body: { message: 'quota' } }];
		const started = Date.now();
		const result = await run({ method: 'GET' });
		expect(Date.now() - started).toBeLessThan(2000);
		expect(server.requests).toHaveLength(1);
		expect(result.error?.description).toContain('asks to wait 10800 s');
		expect(result.error?.description).toMatch(/^To fix: the service limits the requests of an account/m);
	});

	it('a reset in the past still waits a little, and does not spin', async () => {
		const past = String(Math.floor(Date.now() / 1000) - 100);
		script = [
			{ status: 429, headers: { 'x-ratelimit-reset': past, 'x-ratelimit-remaining': '0', 'x-ratelimit-limit': '5' } },
			{ status: 200, body: { ok: true } },
		];
		const started = Date.now();
		const result = await run({ method: 'GET' });
		expect(result.error).toBeUndefined();
		expect(server.requests).toHaveLength(2);
		expect(Date.now() - started).toBeGreaterThanOrEqual(240);
	});

	it('paces: with none left in the window it waits for the reset instead of running into a 429', async () => {
		const resetAt = Math.ceil(Date.now() / 1000) + 1;
		const limited = { 'x-ratelimit-limit': '2', 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': String(resetAt) };
		script = [
			{ status: 200, headers: limited, body: { ok: true } },
			{ status: 200, body: { ok: true } },
		];
		const result = await run({ method: 'GET' }, { items: 2 });
		expect(result.error).toBeUndefined();
		expect(server.requests).toHaveLength(2);
		const secondAt = Date.now();
		expect(secondAt).toBeGreaterThanOrEqual(resetAt * 1000);
	});

	it('paces per account: another account on the same host is not held back, the same account is', async () => {
		const resetAt = Math.ceil(Date.now() / 1000) + 2;
		const limited = { 'x-ratelimit-limit': '2', 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': String(resetAt) };
		script = [{ status: 200, headers: limited, body: { ok: true } }];
		expect((await run({ method: 'GET' }, { account: 'first' })).error).toBeUndefined();
		const other = Date.now();
		expect((await run({ method: 'GET' }, { account: 'second' })).error).toBeUndefined();
		expect(Date.now() - other).toBeLessThan(900);
		expect((await run({ method: 'GET' }, { account: 'first' })).error).toBeUndefined();
		expect(Date.now()).toBeGreaterThanOrEqual(resetAt * 1000);
		expect(server.requests).toHaveLength(3);
	});
});

describe('errors and input', () => {
	it('maps the error body: message, every errors entry, trace id, status', async () => {
		script = [
			{
				status: 404,
				body: { code: 'NotFound', message: 'File 99 not found', errors: ['fileId 99 does not exist', 'check the id'], traceId: 'abc-123' },
			},
		];
		const result = await run({ method: 'GET', id: '99' });
		expect(result.error?.message).toBe('Test Service answered 404: File 99 not found [item 0]');
		expect(result.error?.description).toBe(
			"fileId 99 does not exist\ncheck the id\nCode: NotFound\nTo fix: check the ID. The record does not exist, was deleted, or is not visible to the credential's account.\nTrace ID (for SkySlope support): abc-123",
		);
		expect(JSON.stringify(result.error)).not.toContain('secret-token-value');
	});

	it('encodes an id that would change the path', async () => {
		await run({ method: 'GET', id: '../token' });
		expect(server.requests[0].path).toBe('/files/..%2Ftoken');
	});

	it('refuses bad input before any request, naming the parameter and the item', async () => {
		const result = await run({ method: 'GET', id: '0' });
		expect(server.requests).toHaveLength(0);
		expect(result.error?.message).toBe('id: must be a whole number of 1 or more, got "0" [item 0]');
	});

	it('with continueOnFail, an error becomes an item paired with its input and the others go on', async () => {
		script = [{ status: 200, body: { ok: true } }, { status: 400, body: { message: 'bad' } }, { status: 200, body: { ok: true } }];
		const result = await run({ method: 'POST' }, { continueOnFail: true, items: 3 });
		expect(result.error).toBeUndefined();
		expect(result.output[0]).toEqual([
			{ json: { ok: true }, pairedItem: { item: 0 } },
			{ json: { error: 'Test Service answered 400: bad [item 1]', description: expect.stringMatching(/^To fix: /), httpCode: '400' }, pairedItem: { item: 1 } },
			{ json: { ok: true }, pairedItem: { item: 2 } },
		]);
	});
});

describe('connection resets', () => {
	let resetting: Server;
	let url: string;
	let seen: string[] = [];
	let drops = 0;

	beforeAll(async () => {
		resetting = createServer((req, res) => {
			seen.push(req.method ?? '');
			if (drops > 0) {
				drops--;
				req.socket.destroy();
				return;
			}
			res.writeHead(200, { 'content-type': 'application/json' });
			res.end('{"ok":true}');
		});
		await new Promise<void>((resolve) => resetting.listen(0, '127.0.0.1', resolve));
		url = `http://127.0.0.1:${(resetting.address() as AddressInfo).port}`;
	});
	afterAll(async () => new Promise<void>((resolve) => resetting.close(() => resolve())));
	beforeEach(() => {
		seen = [];
		drops = 1;
	});

	function runAgainst(method: string) {
		return runNode({
			node: TransportTestNode,
			credentialTypes: [TransportTestApi],
			credentials: { transportTestApi: { baseUrl: url, token: 't' } },
			parameters: { resource: 'thing', operation: 'call', method },
		});
	}

	it('resends a GET whose connection was reset', async () => {
		const result = await runAgainst('GET');
		expect(result.error).toBeUndefined();
		expect(seen).toEqual(['GET', 'GET']);
	});

	it('does not resend a POST whose connection was reset, and says the service could not be reached', async () => {
		const result = await runAgainst('POST');
		expect(seen).toEqual(['POST']);
		expect(result.error?.message).toBe('Test Service could not be reached: the connection was closed before an answer came [item 0]');
		expect(result.error?.description).toContain('ECONNRESET');
	});
});

describe('concurrency', () => {
	let slow: Server;
	let url: string;
	let active = 0;
	let peak = 0;

	beforeAll(async () => {
		slow = createServer((req, res) => {
			active++;
			peak = Math.max(peak, active);
			const id = (req.url ?? '').split('/').pop();
			// Later items answer sooner, so answers arrive out of order.
			setTimeout(() => {
				active--;
				res.writeHead(id === '2' ? 400 : 200, { 'content-type': 'application/json' });
				res.end(JSON.stringify(id === '2' ? { message: 'bad two' } : { ok: true, id }));
			}, 120 - Number(id) * 10);
		});
		await new Promise<void>((resolve) => slow.listen(0, '127.0.0.1', resolve));
		url = `http://127.0.0.1:${(slow.address() as AddressInfo).port}`;
	});
	afterAll(async () => new Promise<void>((resolve) => slow.close(() => resolve())));
	beforeEach(() => {
		peak = 0;
	});

	function runMany(operation: string, continueOnFail: boolean) {
		return runNode({
			node: TransportTestNode,
			credentialTypes: [TransportTestApi],
			// One account per operation: the in-flight limit is per account.
			credentials: { transportTestApi: { baseUrl: url, token: 't', account: operation } },
			parameters: { resource: 'thing', operation, method: 'GET', id: '={{ $json.id }}' },
			input: [1, 2, 3, 4, 5, 6, 7].map((id) => ({ json: { id: String(id) } })),
			continueOnFail,
		});
	}

	it('keeps at most its concurrency in flight and the output in the items\' order', async () => {
		const result = await runMany('callConcurrently', true);
		expect(peak).toBe(3);
		expect(result.output[0].map((item) => [item.pairedItem, item.json.id ?? item.json.error])).toEqual([
			[{ item: 0 }, '1'],
			[{ item: 1 }, 'Test Service answered 400: bad two [item 1]'],
			[{ item: 2 }, '3'],
			[{ item: 3 }, '4'],
			[{ item: 4 }, '5'],
			[{ item: 5 }, '6'],
			[{ item: 6 }, '7'],
		]);
	});

	it('without continueOnFail, stops taking items and reports the earliest failed one', async () => {
		const result = await runMany('callConcurrently', false);
		expect(result.error?.message).toBe('Test Service answered 400: bad two [item 1]');
		expect(result.error?.context?.itemIndex).toBe(1);
	});

	it('by default items go one at a time', async () => {
		await runMany('call', true);
		expect(peak).toBe(1);
	});
});

describe('errors as n8n 1.x gives them: the code only in httpCode, no cause, its own words', () => {
	/**
	 * n8n 1.x wraps the HTTP client's error in a NodeApiError whose `cause` is lost (a class field
	 * resets it) and whose httpCode holds the error code; its message is n8n's own wording.
	 */
	function n8n1xError(httpCode: string, message: string) {
		return Object.assign(new Error(message), { name: 'NodeApiError', httpCode, cause: undefined, context: {} });
	}

	function fakeContext(failures: unknown[], seen: string[]) {
		return {
			getNode: () => ({ name: 'Test', type: 'test', typeVersion: 1, position: [0, 0], parameters: {}, credentials: {} }),
			getCredentials: async () => ({ baseUrl: 'http://service.invalid', account: 'a', token: 'secret-token-value' }),
			helpers: {
				httpRequestWithAuthentication: async (_type: string, options: { method: string }) => {
					seen.push(options.method);
					const next = failures.shift();
					if (next) throw next;
					return { body: { ok: true }, headers: {}, statusCode: 200 };
				},
			},
		} as unknown as IExecuteFunctions;
	}

	it('resends a GET whose connection n8n 1.x reports as "closed unexpectedly" (ECONNRESET in httpCode)', async () => {
		const seen: string[] = [];
		const dropped = n8n1xError('ECONNRESET', 'The connection to the server was closed unexpectedly, perhaps it is offline.');
		const body = await apiRequest.call(fakeContext([dropped], seen), service, { method: 'GET', path: '/files/1' });
		expect(body).toEqual({ ok: true });
		expect(seen).toEqual(['GET', 'GET']);
	});

	it('resends any method after a refused connection (ECONNREFUSED in httpCode): it never arrived', async () => {
		const seen: string[] = [];
		const refused = n8n1xError('ECONNREFUSED', 'The service refused the connection - perhaps it is offline');
		await apiRequest.call(fakeContext([refused], seen), service, { method: 'POST', path: '/files', body: {} });
		expect(seen).toEqual(['POST', 'POST']);
	});

	it('does not resend a POST after a reset, and names the code, not n8n\'s words', async () => {
		const seen: string[] = [];
		const dropped = n8n1xError('ECONNRESET', 'The connection to the server was closed unexpectedly, perhaps it is offline.');
		const failure = apiRequest.call(fakeContext([dropped], seen), service, { method: 'POST', path: '/files', body: {} });
		await expect(failure).rejects.toMatchObject({
			message: 'Test Service could not be reached: the connection was closed before an answer came',
			description: "Cause: ECONNRESET\nThis POST may have reached the service before the answer was lost: check whether it was made before running the item again.\nTo fix: check that n8n can reach the service (network, proxy, firewall) and that the credential's environment is the right one, then run again.",
		});
		expect(seen).toEqual(['POST']);
	});

	it('a code nested deeper (n8n 2.x: cause of a cause) is found too', async () => {
		const seen: string[] = [];
		const nested = Object.assign(new Error('wrapped'), { cause: Object.assign(new Error('outer'), { cause: Object.assign(new Error('socket hang up'), { code: 'ECONNRESET' }) }) });
		await apiRequest.call(fakeContext([nested], seen), service, { method: 'GET', path: '/files/1' });
		expect(seen).toEqual(['GET', 'GET']);
	});

	it('a token endpoint refusal as n8n 1.x gives it (EAUTH in httpCode) is a credential error, not "could not be reached"', async () => {
		const seen: string[] = [];
		const refused = n8n1xError('EAUTH', 'Client authentication failed (e.g., unknown client, no client authentication included, or unsupported authentication method).');
		const failure = apiRequest.call(fakeContext([refused], seen), service, { method: 'GET', path: '/files/1' });
		await expect(failure).rejects.toMatchObject({
			message: expect.stringMatching(/^Test Service refused the credential of type transportTestApi: Client authentication failed/),
		});
		expect(seen).toEqual(['GET']);
	});
});
