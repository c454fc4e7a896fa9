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
	parameters: { operation?: string; query?: string; options?: { queryReplacement?: string } };
	credentials?: Record<string, { id: string }>;
}

const dir = path.join(__dirname, '../../examples/mirror');
const schema = readFileSync(path.join(dir, 'schema.sql'), 'utf8');
const workflows = readdirSync(dir)
	.filter((f) => f.endsWith('.json'))
	.sort()
	.map((file) => ({ file, nodes: (JSON.parse(readFileSync(path.join(dir, file), 'utf8')) as { nodes: Node[] }).nodes }));

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
