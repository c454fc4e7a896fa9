/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports -- dev tooling, never shipped in dist */
// Every example workflow explains itself on the canvas: a sticky note says what it does, what to
// set before running it and what it returns, and sits clear of the nodes it explains.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

interface ExampleNode {
	name: string;
	type: string;
	position: [number, number];
	parameters: { content?: string; width?: number; height?: number };
}

const root = path.join(__dirname, '../../examples');
/** examples/*.json and the mirror's examples/mirror/*.json. */
const examples = ['', 'mirror']
	.flatMap((sub) =>
		readdirSync(path.join(root, sub))
			.filter((f) => f.endsWith('.json'))
			.map((f) => path.join(sub, f)),
	)
	.sort()
	.map((file) => ({ file, nodes: (JSON.parse(readFileSync(path.join(root, file), 'utf8')) as { nodes: ExampleNode[] }).nodes }));

const STICKY = 'n8n-nodes-base.stickyNote';
/** Room a node takes on the canvas (an AI Agent is wider; a plain node 100 x 100). */
const NODE = { width: 100, height: 100 };

describe('example workflows carry sticky notes', () => {
	it('there are examples', () => {
		expect(examples.length).toBeGreaterThan(0);
	});

	it.each(examples)('$file: a note says what it does, what to set before running, what it returns', ({ nodes }) => {
		const text = nodes
			.filter((n) => n.type === STICKY)
			.map((n) => n.parameters.content ?? '')
			.join('\n');
		expect({
			does: /\*\*What it does:\*\* \S/.test(text),
			before: /\*\*Before you run it:\*\* \S/.test(text),
			returns: /\*\*What it returns:\*\* \S/.test(text),
		}).toEqual({ does: true, before: true, returns: true });
	});

	it.each(examples)('$file: no note covers a node', ({ nodes }) => {
		for (const note of nodes.filter((n) => n.type === STICKY)) {
			const [x, y] = note.position;
			const { width = 240, height = 160 } = note.parameters;
			const covered = nodes
				.filter((n) => n.type !== STICKY)
				.filter(({ position: [nx, ny] }) => nx < x + width && nx + NODE.width > x && ny < y + height && ny + NODE.height > y)
				.map((n) => n.name);
			expect({ note: note.name, covered }).toEqual({ note: note.name, covered: [] });
		}
	});
});
