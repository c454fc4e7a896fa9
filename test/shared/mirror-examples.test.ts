/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports -- dev tooling, never shipped in dist */
// The mirror's examples (examples/mirror/) hold together: each creates the tables with schema.sql
// exactly as the repository has it, writes through the function of its table, refers to the
// mirror's Postgres credential by its fixed id, and the SkySlope nodes by the sandbox's.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { runInNewContext } from 'node:vm';

import { DateTime } from 'luxon';

import { MAX_RANGE_DAYS } from '../../nodes/SkySlope/offers/service';
import { MIRROR_CREDENTIAL } from '../../scripts/lib/mirror';

interface Node {
	name: string;
	type: string;
	position: [number, number];
	executeOnce?: boolean;
	typeVersion?: number;
	alwaysOutputData?: boolean;
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

/** The first loads' reads: each runs once per slice or window, in the branch the loader starts. */
const FIRST_LOAD_READS = ['Export the slice', 'Offers of the window'];

const loaderOf = (nodes: Node[]): Node => nodes.find((n) => n.type === 'n8n-nodes-base.executeWorkflow') as Node;

/** The nodes from the workflow's manual trigger to `name`, following its connections (a loop's way back left out). */
function wayTo(workflow: Workflow, name: string): string[] {
	const way = [name];
	const parent = (child: string) =>
		Object.entries(workflow.connections).find(([from, c]) => !way.includes(from) && c.main.flat().some((to) => to.node === child))?.[0];
	for (let at = parent(name); at; at = parent(at)) way.unshift(at);
	return way;
}

/** Where a first load writes a slice (or window) in one statement. */
const SLICE_WRITERS: Record<string, string> = {
	'listings-and-sales-to-postgres.json': 'Write the slice',
	'offers-to-postgres.json': 'Write the window',
};

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
		const writers = ['Write to Postgres', ...Object.values(SLICE_WRITERS)];
		const feeding = Object.entries(workflow.connections).filter(([, c]) => c.main.flat().some((to) => writers.includes(to.node)));
		expect(feeding.length).toBeGreaterThan(0);
		for (const [from, c] of feeding) {
			const children = c.main.flat().map((to) => to.node);
			if (FIRST_LOAD_READS.includes(from)) {
				// The first load's read, in the branch the loader runs once per slice: Create the tables ran
				// before the loader, on its way.
				const trigger = Object.entries(workflow.connections).find(([, x]) => x.main.flat().some((to) => to.node === from))?.[0];
				expect(byName.get(trigger as string)?.type).toBe('n8n-nodes-base.executeWorkflowTrigger');
				expect(wayTo(workflow, loaderOf(nodes).name)).toEqual(['Start the first load', 'Create the tables', expect.any(String), expect.any(String), expect.any(String), loaderOf(nodes).name]);
				continue;
			}
			expect({ from, children: children.sort() }).toEqual({ from, children: ['Tables before writing', 'Write to Postgres'] });
			expect(before!.position[1]).toBeLessThan(write.position[1]);
		}
	});

	it.each(workflows.filter((w) => w.file !== 'signed-documents-to-postgres.json'))(
		'$file loads its history a slice at a time, each in a run of its own branch: n8n holds one slice, whatever the history',
		({ file, nodes, workflow }) => {
			// n8n 3.0 removes Execute Workflow's "Run once for each item": as n8n advises, a Loop Over Items
			// hands the loader one slice at a time, and the loader runs once with all (one) items.
			const loader = loaderOf(nodes);
			expect(loader.parameters).toEqual({
				source: 'database',
				workflowId: { __rl: true, mode: 'id', value: '={{ $workflow.id }}' },
				mode: 'once',
				options: { waitForSubWorkflow: true },
			});
			const loop = nodes.find((n) => n.type === 'n8n-nodes-base.splitInBatches') as Node;
			expect({ version: loop.typeVersion, parameters: loop.parameters }).toEqual({ version: 3, parameters: { batchSize: 1, options: {} } });
			// Loop Over Items 3: output 0 when every slice is done (nothing follows), output 1 the next slice.
			expect(workflow.connections[loop.name].main.map((out) => out.map((to) => to.node))).toEqual([[], [loader.name]]);
			expect(workflow.connections[loader.name].main.flat().map((to) => to.node)).toEqual([loop.name]);
			// A slice with no files: its branch ends with no item, and a loop body that outputs nothing ends
			// the loop (the mirror stage's first load wrote nothing past such a slice). The loader always
			// outputs an item.
			expect(loader.alwaysOutputData).toBe(true);
			const trigger = nodes.find((n) => n.type === 'n8n-nodes-base.executeWorkflowTrigger');
			expect(trigger?.parameters).toEqual({ inputSource: 'passthrough' });
			// The slice's read feeds its writer alone, and the branch ends there: what comes back to the
			// loader is one count a slice, not the files.
			const writer = nodes.find((n) => n.name === SLICE_WRITERS[file]) as Node;
			const read = FIRST_LOAD_READS.find((name) => workflow.connections[name]) as string;
			expect(workflow.connections[read].main.flat().map((to) => to.node)).toEqual([writer.name]);
			expect(workflow.connections[writer.name]).toBeUndefined();
			expect(Object.values(workflow.connections).flatMap((c) => c.main.flat()).filter((to) => to.node === writer.name)).toHaveLength(1);
			// One statement a slice: run once, with every item of the read as one JSON text (by the read's
			// name: a node run once sees only its first input item as its input; as text: n8n's Postgres
			// node sends an array as a Postgres array, which does not cast to jsonb).
			expect(writer.executeOnce).toBe(true);
			expect(writer.parameters).toEqual({
				operation: 'executeQuery',
				query: `SELECT count(${WRITES[file]}(r))::int AS count_mirrored FROM jsonb_array_elements($1::jsonb) AS r`,
				options: { queryReplacement: `={{ [JSON.stringify($('${read}').all().map((item) => item.json))] }}` },
			});
		},
	);

	it.each([
		['listings-and-sales-to-postgres.json', 'Slices of the history', 'slices', 'createdAfter', 'createdBefore', { years: 10 }, 30],
		['offers-to-postgres.json', 'Windows of the history', 'windows', 'startDate', 'endDate', { years: 2 }, 29],
	] as const)('%s: %s covers the history from its first day to now, no gap and no overlap, a slice at most its days', (file, node, key, after, before, back, days) => {
		const { nodes } = workflows.find((w) => w.file === file)!;
		const expression = String((nodes.find((n) => n.name === node)?.parameters as Record<string, unknown>).jsonOutput);
		expect(expression.startsWith('={{ ') && expression.endsWith(' }}')).toBe(true);
		// Evaluated as n8n does, with its Luxon `$now` in a zone off UTC and off the hour.
		const now = DateTime.fromISO('2026-03-08T10:17:23.456', { zone: 'America/Los_Angeles' });
		const result = runInNewContext(`(${expression.slice(4, -3)})`, { $now: now, DateTime, JSON, Math, Array }) as string;
		const slices = (JSON.parse(result) as Record<string, Array<Record<string, string>>>)[key];
		const ms = (iso: string) => DateTime.fromISO(iso).toMillis();
		expect(ms(slices[0][after])).toBe(now.minus(back).startOf('day').toMillis());
		expect(ms(slices[slices.length - 1][before])).toBe(now.toMillis());
		for (let i = 0; i < slices.length; i++) {
			// Calendar days in n8n's zone: a slice across a change to summer time is an hour longer.
			expect(ms(slices[i][before]) - ms(slices[i][after])).toBeLessThanOrEqual(days * 24 * 3600 * 1000 + 3600 * 1000);
			if (i > 0) expect(ms(slices[i][after]) - ms(slices[i - 1][before])).toBe(1);
			// An offers window is one request of the service (whole UTC days, at most its 31): a window
			// of 30 days from midnight in a zone off UTC would touch 31 UTC days and take two.
			if (key === 'windows') {
				const utcDays = Math.floor(ms(slices[i][before]) / 86_400_000) - Math.floor(ms(slices[i][after]) / 86_400_000) + 1;
				// One request asks for the days of a window and one more: 30 days at most, with the 31-day limit.
				expect(utcDays).toBeLessThanOrEqual(MAX_RANGE_DAYS - 1);
			}
		}
	});

	it('the SkySlope Trigger of the mirror re-reads as far back as its first load reads', () => {
		const { nodes } = workflows.find((w) => w.file === 'offers-to-postgres.json')!;
		const trigger = nodes.find((n) => n.type === 'n8n-nodes-skyslope.skySlopeTrigger');
		const plan = nodes.find((n) => n.name === 'Windows of the history');
		expect(String((plan?.parameters as Record<string, unknown>).jsonOutput)).toContain("const from = $now.minus({ years: 2 }).startOf('day');");
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
