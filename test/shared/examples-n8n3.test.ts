/* eslint-disable @n8n/community-nodes/no-restricted-imports -- dev tooling, never shipped in dist */
// The example workflows use nothing n8n 3.0 removes (docs/N8N-3.md, from n8n's 3.0 breaking
// changes): the legacy nodes, AI Agent version 1, Execute Workflow's "Run once for each item",
// `$getPairedItem`, and the Code node's `$evaluateExpression()`.
import { join } from 'node:path';

import { readExamples } from '../../scripts/lib/setup';
import { REPO_ROOT } from '../../scripts/lib/processes';

interface ExampleNode {
	name: string;
	type: string;
	typeVersion: number;
	parameters: Record<string, unknown>;
}

/** examples/*.json and the mirror's examples/mirror/*.json. */
const examples = ['', 'mirror'].flatMap((sub) =>
	readExamples(join(REPO_ROOT, 'examples', sub)).map(({ file, workflow }) => ({ file: join(sub, file), nodes: workflow.nodes as ExampleNode[] })),
);

const REMOVED_TYPES = ['n8n-nodes-base.function', 'n8n-nodes-base.functionItem', 'n8n-nodes-base.itemLists', '@n8n/n8n-nodes-langchain.code', 'n8n-nodes-base.aiTransform'];

/** What of a node n8n 3.0 no longer runs, in words (none: it runs). */
function removedIn3(node: ExampleNode): string[] {
	const found: string[] = [];
	const text = JSON.stringify(node.parameters);
	if (REMOVED_TYPES.includes(node.type)) found.push(`${node.name}: ${node.type} is removed`);
	if (node.type === '@n8n/n8n-nodes-langchain.agent' && node.typeVersion < 2) found.push(`${node.name}: AI Agent version ${node.typeVersion}`);
	if (node.type === 'n8n-nodes-base.executeWorkflow' && node.parameters.mode === 'each') found.push(`${node.name}: Run once for each item`);
	if (text.includes('$getPairedItem')) found.push(`${node.name}: $getPairedItem`);
	if (node.type === 'n8n-nodes-base.code' && text.includes('$evaluateExpression')) found.push(`${node.name}: $evaluateExpression() in a Code node`);
	return found;
}

describe('example workflows run on n8n 3.0', () => {
	it('the check finds each removed thing (one made-up node of each)', () => {
		const made = [
			{ name: 'a', type: 'n8n-nodes-base.itemLists', typeVersion: 3, parameters: {} },
			{ name: 'b', type: '@n8n/n8n-nodes-langchain.agent', typeVersion: 1.9, parameters: {} },
			{ name: 'c', type: 'n8n-nodes-base.executeWorkflow', typeVersion: 1.2, parameters: { mode: 'each' } },
			{ name: 'd', type: 'n8n-nodes-base.set', typeVersion: 3.4, parameters: { value: '={{ $getPairedItem() }}' } },
			{ name: 'e', type: 'n8n-nodes-base.code', typeVersion: 2, parameters: { jsCode: '$evaluateExpression("1")' } },
		];
		expect(made.flatMap(removedIn3)).toHaveLength(5);
	});

	it.each(examples)('$file', ({ nodes }) => {
		expect(nodes.length).toBeGreaterThan(0);
		expect(nodes.flatMap(removedIn3)).toEqual([]);
	});
});
