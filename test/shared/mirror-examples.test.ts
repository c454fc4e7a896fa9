/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports -- dev tooling, never shipped in dist */
// The mirror's examples (examples/mirror/) hold together: each creates the tables with schema.sql
// exactly as the repository has it, writes through the function of its table, refers to the
// mirror's Postgres credential by its fixed id, and the SkySlope nodes by the sandbox's.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

import { MIRROR_CREDENTIAL } from '../../scripts/lib/mirror';

interface Node {
	name: string;
	type: string;
	position: [number, number];
	executeOnce?: boolean;
	parameters: { operation?: string; query?: string; options?: { queryReplacement?: string } & Record<string, unknown> };
	credentials?: Record<string, { id: string }>;
}

interface Workflow {
	nodes: Node[];
	connections: Record<string, { main: Array<Array<{ node: string }>> }>;
	settings?: { executionOrder?: string };
}

const dir = path.join(__dirname, '../../examples/mirror');
const schema = readFileSync(path.join(dir, 'schema.sql'), 'utf8');
const workflows = readdirSync(dir)
	.filter((f) => f.endsWith('.json'))
	.sort()
	.map((file) => {
		const workflow = JSON.parse(readFileSync(path.join(dir, file), 'utf8')) as Workflow;
		return { file, nodes: workflow.nodes, workflow };
	});

const WRITES: Record<string, string> = {
	'listings-and-sales-to-postgres.json': 'skyslope_mirror_file',
	'offers-to-postgres.json': 'skyslope_mirror_offer',
	'signed-documents-to-postgres.json': 'skyslope_mirror_signed_document',
};

describe('examples/mirror', () => {
	it('has the three workflows', () => {
		expect(workflows.map((w) => w.file)).toEqual(Object.keys(WRITES).sort());
	});

	it.each(workflows)('$file creates the tables with schema.sql as it is', ({ nodes }) => {
		const create = nodes.find((n) => n.name === 'Create the tables');
		expect(create?.parameters).toMatchObject({ operation: 'executeQuery', query: schema });
	});

	it.each(workflows)('$file sets the tables up before every write: whatever starts it, the tables exist first', ({ nodes, workflow }) => {
		const byName = new Map(nodes.map((n) => [n.name, n]));
		const before = byName.get('Tables before writing');
		const write = byName.get('Write to Postgres') as Node;
		expect(before?.parameters).toMatchObject({ operation: 'executeQuery', query: schema });
		expect(before?.executeOnce).toBe(true);
		// n8n's execution order v1 runs a node's children top to bottom, each branch to its end.
		expect(workflow.settings?.executionOrder).toBe('v1');
		const feeding = Object.entries(workflow.connections).filter(([, c]) => c.main.flat().some((to) => to.node === 'Write to Postgres'));
		expect(feeding.length).toBeGreaterThan(0);
		for (const [from, c] of feeding) {
			const children = c.main.flat().map((to) => to.node);
			if (from === 'Export the whole history' || from === 'Offers of the whole history') {
				// The first load: Create the tables ran before it, on its way.
				const way = Object.entries(workflow.connections).find(([, x]) => x.main.flat().some((to) => to.node === from))?.[0];
				expect({ from, way }).toEqual({ from, way: 'Create the tables' });
				continue;
			}
			expect({ from, children: children.sort() }).toEqual({ from, children: ['Tables before writing', 'Write to Postgres'] });
			expect(before!.position[1]).toBeLessThan(write.position[1]);
		}
	});

	it('the Offers Trigger of the mirror re-reads as far back as its first load reads', () => {
		const { nodes } = workflows.find((w) => w.file === 'offers-to-postgres.json')!;
		const trigger = nodes.find((n) => n.type === 'n8n-nodes-skyslope.skySlopeOffersTrigger');
		const load = nodes.find((n) => n.name === 'Offers of the whole history');
		expect(String((load?.parameters as Record<string, unknown>).startDate)).toContain('$now.minus({ years: 2 })');
		expect(trigger?.parameters.options).toMatchObject({ sweepDays: 730 });
	});

	it.each(workflows)('$file writes each item through its table function, the item as the one parameter', ({ file, nodes }) => {
		const write = nodes.find((n) => n.name === 'Write to Postgres');
		expect(write?.parameters).toMatchObject({
			operation: 'executeQuery',
			query: `SELECT ${WRITES[file]}($1::jsonb) AS mirrored`,
			options: { queryReplacement: '={{ [$json] }}' },
		});
		expect(schema).toContain(`CREATE OR REPLACE FUNCTION ${WRITES[file]}(r jsonb)`);
	});

	it.each(workflows)('$file uses the mirror credential for Postgres and the sandbox ones for SkySlope', ({ nodes }) => {
		for (const node of nodes) {
			for (const [type, ref] of Object.entries(node.credentials ?? {})) {
				if (type === 'postgres') expect(ref.id).toBe(MIRROR_CREDENTIAL.id);
				else expect(ref.id).toMatch(/^skyslope-(api|forms|offers)-sandbox$/);
			}
		}
	});
});
