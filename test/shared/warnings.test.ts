// An answer's warnings as every node reads and shows them (nodes/SkySlope/shared/warnings.ts): the shapes a
// service may use, per item, and once per execution as a hint.
import {
	NodeOperationError,
	type IExecuteFunctions,
	type NodeExecutionHint,
} from 'n8n-workflow';

import { defineOperation, defineResource, noteWarnings, showWarnings, takeWarnings, warningsOf } from '../../nodes/SkySlope/shared';
import { runNode } from '../../harness/node';
import { routerNode } from '../../harness/node/test-node';

describe('warningsOf', () => {
	it.each([
		['a list of strings', { warnings: ['A', 'B'] }, ['A', 'B']],
		['objects with a message', { warnings: [{ code: 'W1', message: 'Not updated' }] }, ['Not updated']],
		['objects without one, as JSON', { warnings: [{ code: 'W1' }] }, ['{"code":"W1"}']],
		['one string', { warnings: ' Not updated ' }, ['Not updated']],
		['empties inside a list dropped', { warnings: [null, '', 'A'] }, ['A']],
	])('reads %s', (_, body, expected) => {
		expect(warningsOf(body)).toEqual(expected);
	});

	it.each([
		['null', { warnings: null }],
		['an empty list', { warnings: [] }],
		['an empty string', { warnings: '  ' }],
		['a field of the payload, not of the answer (the record’s own)', { value: { warnings: ['A'] } }],
		['a list answer', [{ warnings: ['A'] }]],
		['bytes', Buffer.from('{"warnings":["A"]}')],
	])('finds none in %s', (_, body) => {
		expect(warningsOf(body)).toBeUndefined();
	});
});

describe('noted per item, shown on its items and once as a hint', () => {
	const context = () => {
		const hints: NodeExecutionHint[] = [];
		const ctx = { addExecutionHints: (...h: NodeExecutionHint[]) => hints.push(...h) } as unknown as IExecuteFunctions;
		return { ctx, hints };
	};

	it('keeps each item its own warnings, merged over its requests without repeats, and forgets them once taken', () => {
		const { ctx } = context();
		noteWarnings(ctx, 0, { warnings: ['A'] });
		noteWarnings(ctx, 0, { warnings: ['A', 'B'] });
		noteWarnings(ctx, 1, { warnings: ['C'] });
		noteWarnings(ctx, undefined, { warnings: ['from a trigger or a list to pick from'] });
		noteWarnings(ctx, 2, { value: 1 });
		expect([takeWarnings(ctx, 0), takeWarnings(ctx, 1), takeWarnings(ctx, 2)]).toEqual([['A', 'B'], ['C'], undefined]);
		expect(takeWarnings(ctx, 0)).toBeUndefined();
		expect(takeWarnings(context().ctx, 1)).toBeUndefined();
	});

	it('adds them to every item without its own, and hints each warning once per execution', () => {
		const { ctx, hints } = context();
		const items = [{ json: { id: 1 } }, { json: { id: 2, warnings: ['its own'] } }];
		expect(showWarnings(ctx, items, ['A'])).toEqual([{ json: { id: 1, warnings: ['A'] } }, { json: { id: 2, warnings: ['its own'] } }]);
		expect(showWarnings(ctx, [{ json: { id: 3 } }], ['A', 'B'])).toEqual([{ json: { id: 3, warnings: ['A', 'B'] } }]);
		expect(showWarnings(ctx, items, undefined)).toBe(items);
		expect(hints).toEqual([
			{ message: 'SkySlope warned: A', type: 'warning', location: 'outputPane' },
			{ message: 'SkySlope warned: B', type: 'warning', location: 'outputPane' },
		]);
		expect(items[0].json).toEqual({ id: 1 });
	});
});

describe('the router', () => {
	// What the transport notes for an item's answers (it calls noteWarnings on each), then what the item does.
	const resources = [
		defineResource({ value: 'record', name: 'Record' }, [
			defineOperation({
				value: 'write',
				name: 'Write',
				action: 'Write a record',
				description: 'A write answered with a warning for even items; item 2 then fails',
				properties: [],
				async execute(this: IExecuteFunctions, i: number) {
					if (i % 2 === 0) noteWarnings(this, i, { warnings: [`item ${i} not saved`] });
					if (i === 2) throw new NodeOperationError(this.getNode(), 'The second request failed', { itemIndex: i });
					return [{ id: i }, { id: i, part: 2 }];
				},
			}),
		]),
	];
	const WarnedNode = routerNode('Warned', resources);

	it("puts an item's warnings on each of its outputs, an error item included, and hints each once", async () => {
		const result = await runNode({
			node: WarnedNode,
			parameters: { resource: 'record', operation: 'write' },
			input: [0, 1, 2].map((i) => ({ json: { i } })),
			continueOnFail: true,
		});
		expect(result.output[0].map((item) => item.json)).toEqual([
			{ id: 0, warnings: ['item 0 not saved'] },
			{ id: 0, part: 2, warnings: ['item 0 not saved'] },
			{ id: 1 },
			{ id: 1, part: 2 },
			{ error: 'The second request failed [item 2]', warnings: ['item 2 not saved'] },
		]);
		expect(result.hints.map((h) => h.message)).toEqual(['SkySlope warned: item 0 not saved', 'SkySlope warned: item 2 not saved']);
	});
});
