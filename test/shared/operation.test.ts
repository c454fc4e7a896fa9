/* eslint-disable @n8n/community-nodes/no-restricted-globals -- dev tooling, never shipped in dist */
// The router's promise when a run stops on an error: n8n keeps no output of a node that throws,
// so the error itself says which items were written, which failed and which were never attempted.
// A scriptable test server stands in for the service: it records every request that reached it
// and fails exactly the item a test names.
import {
	NodeApiError,
	type IExecuteFunctions,
	type JsonObject,
} from 'n8n-workflow';

import { defineOperation, defineResource } from '../../nodes/SkySlope/shared';
import { runNode } from '../../harness/node';
import { startTestServer, type TestServer } from '../../harness/node/test-server';
import { ranges, routerNode } from '../../harness/node/test-node';

let server: TestServer;
/** The item the service refuses, per test. */
let failing = new Set<number>();
/** What the service answered 2xx: the records it holds now. */
let stored: number[] = [];

const create = (concurrency: number, writes = true) =>
	defineOperation({
		value: `create${concurrency}${writes ? '' : 'Read'}`,
		name: `Create ${concurrency}${writes ? '' : ' Read'}`,
		action: 'Create a record',
		description: 'Creates one record per item',
		concurrency,
		writes,
		properties: [],
		async execute(this: IExecuteFunctions, i: number) {
			const response = (await this.helpers.httpRequest({
				method: 'POST',
				url: `${server.url}/records`,
				body: { item: i },
				json: true,
				returnFullResponse: true,
				ignoreHttpStatusErrors: true,
			})) as { statusCode: number; body: JsonObject };
			if (response.statusCode >= 400) {
				throw new NodeApiError(this.getNode(), response.body, { message: `Refused item ${i}`, itemIndex: i });
			}
			return response.body;
		},
	});

const resources = [
	defineResource({ value: 'record', name: 'Record' }, [create(5), create(1), create(5, false)]),
];

const RouterTestNode = routerNode('Router Test', resources);

beforeAll(async () => {
	server = await startTestServer(async (request) => {
		const { item } = JSON.parse(request.body) as { item: number };
		// Uneven answer times, so that items finish out of order while others are in flight.
		await new Promise((resolve) => setTimeout(resolve, 5 + ((item * 7) % 5) * 4));
		if (failing.has(item)) return { status: 400, body: { message: `item ${item} refused` } };
		stored.push(item);
		return { status: 200, body: { id: `r${item}`, item } };
	});
});
afterAll(async () => server.close());
beforeEach(() => {
	server.requests.length = 0;
	failing = new Set();
	stored = [];
});

const ITEMS = 50;

function run(operation: string, continueOnFail = false) {
	return runNode({
		node: RouterTestNode,
		parameters: { resource: 'record', operation },
		input: Array.from({ length: ITEMS }, (_, i) => ({ json: { i } })),
		continueOnFail,
	});
}

const reached = () => server.requests.map((r) => (JSON.parse(r.body) as { item: number }).item).sort((a, b) => a - b);
const all = Array.from({ length: ITEMS }, (_, i) => i);

describe('a run that stops on an error says what became of every item', () => {
	it.each([0, 1, 7, 49])('fault on item %i of a 50-item create, five in flight', async (k) => {
		failing = new Set([k]);
		const result = await run('create5');
		expect(result.output).toEqual([]);
		const error = result.error!;
		expect(error.message).toBe(`Refused item ${k} [item ${k}]`);
		expect(error.context?.itemIndex).toBe(k);

		const written = [...stored].sort((a, b) => a - b);
		const notAttempted = all.filter((i) => !reached().includes(i));
		// Items are taken in order: every item before k was taken and written, and what was never
		// attempted is the tail after the last item taken. Items after k in flight were written too.
		expect(written.filter((i) => i < k)).toEqual(all.slice(0, k));
		expect(reached()).toEqual([...written, k].sort((a, b) => a - b));
		expect(notAttempted).toEqual(all.slice(Math.max(...reached()) + 1));
		if (k < 40) expect(notAttempted.length).toBeGreaterThan(0);

		const description = String(error.description);
		expect(description).toContain(`The node stopped at item ${k} of 50 items`);
		if (written.length) {
			const count = written.length === 1 ? '1 item was' : `${written.length} items were`;
			const which = written.length === 1 ? 'item' : 'items';
			expect(description).toContain(
				`${count} written before the stop: ${which} ${ranges(written)} (those changes are made: do not send these items again).`,
			);
		} else {
			expect(description).toContain('No item was written before the stop.');
		}
		if (notAttempted.length) {
			expect(description).toContain(`were not attempted: items ${ranges(notAttempted)}.`);
		} else {
			expect(description).toContain('Every other item was attempted.');
		}
		expect(error.context).toMatchObject({
			stoppedAtItem: k,
			itemsWritten: written,
			itemsFailed: [k],
			itemsNotAttempted: notAttempted,
		});
	});

	it('one at a time: the items before the fault are written, none after it is attempted', async () => {
		failing = new Set([7]);
		const result = await run('create1');
		expect(reached()).toEqual(all.slice(0, 8));
		expect(result.error?.description).toContain('7 items were written before the stop: items 0-6');
		expect(result.error?.description).toContain('42 items were not attempted: items 8-49.');
	});

	it('a second item failing in flight is reported too', async () => {
		failing = new Set([3, 5]);
		const result = await run('create5');
		expect(result.error?.message).toBe('Refused item 3 [item 3]');
		expect(result.error?.description).toContain('Item 5 failed too: Refused item 5');
		expect(result.error?.context).toMatchObject({ itemsFailed: [3, 5] });
		expect(result.error?.description).toContain(`before the stop: items ${ranges(stored)}`);
	});

	it('an operation that writes nothing says "done", not "written"', async () => {
		failing = new Set([7]);
		const result = await run('create5Read');
		expect(result.error?.description).toMatch(/items were done before the stop: items 0-6/);
		expect(result.error?.description).not.toContain('written');
		expect(result.error?.context?.itemsDone).toEqual([...stored].sort((a, b) => a - b));
	});

	it('with Continue On Fail every item is attempted and comes out, the failed one as an error item', async () => {
		failing = new Set([7]);
		const result = await run('create5', true);
		expect(result.error).toBeUndefined();
		expect(reached()).toEqual(all);
		const out = result.output[0];
		expect(out).toHaveLength(ITEMS);
		out.forEach((item, i) => {
			expect(item.pairedItem).toEqual({ item: i });
			if (i === 7) expect(item.json).toMatchObject({ error: 'Refused item 7 [item 7]' });
			else expect(item.json).toEqual({ id: `r${i}`, item: i });
		});
	});

	it('one item alone fails with its own error only', async () => {
		failing = new Set([0]);
		const result = await runNode({
			node: RouterTestNode,
			parameters: { resource: 'record', operation: 'create5' },
			input: [{ json: {} }],
		});
		expect(result.error?.message).toBe('Refused item 0 [item 0]');
		expect(String(result.error?.description ?? '')).not.toContain('stopped');
	});
});
