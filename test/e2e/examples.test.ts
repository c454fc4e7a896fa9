/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports -- dev tooling, never shipped in dist */
// Every workflow in examples/ (what `npm start` imports) works in real n8n against the sandbox:
// it refers only to the three sandbox credentials, a manual one runs to the end without an error,
// and one with a trigger of the package can be published (activated) and unpublished.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

import { createWorkflow, CREDENTIALS, deactivateWorkflow, runWorkflow, state, type Workflow } from '../../harness/n8n/workflows';

const dir = join(__dirname, '..', '..', 'examples');
const examples = readdirSync(dir)
	.filter((f) => f.endsWith('.json'))
	.sort()
	.map((file) => ({ file, wf: JSON.parse(readFileSync(join(dir, file), 'utf8')) as Workflow }));

const manual = examples.filter(({ wf }) => wf.nodes.some((n) => n.type === 'n8n-nodes-base.manualTrigger'));
const triggered = examples.filter(({ wf }) =>
	wf.nodes.some((n) => n.type.startsWith('n8n-nodes-skyslope.') && n.type.endsWith('Trigger')),
);

const known = new Map<string, string>(Object.values(CREDENTIALS).map((c) => [c.id, c.type]));

describe('examples/', () => {
	it('has examples', () => {
		expect(examples.length).toBeGreaterThan(0);
	});

	it.each(examples)('$file refers only to the sandbox credentials, by their fixed ids', ({ wf }) => {
		for (const node of wf.nodes) {
			for (const [type, ref] of Object.entries(node.credentials ?? {})) {
				const id = (ref as { id?: string }).id ?? '';
				expect({ node: node.name, type, id, knownType: known.get(id) }).toEqual({
					node: node.name,
					type,
					id,
					knownType: type,
				});
			}
		}
	});

	if (manual.length) {
		it.each(manual)('$file runs to the end without an error', async ({ wf }) => {
			const result = await runWorkflow(wf);

			expect({ status: result.status, error: result.error?.message }).toEqual({ status: 'success', error: undefined });
			for (const [node, runs] of Object.entries(result.runData)) {
				expect({ node, error: runs[runs.length - 1].error?.message }).toEqual({ node, error: undefined });
			}
		});
	}

	if (triggered.length) {
		it.each(triggered)('$file can be published and unpublished', async ({ wf }) => {
			const id = await createWorkflow({ ...wf, name: `example ${wf.name ?? ''}` });
			await deactivateWorkflow(id);
			// The Forms service has no unsubscribe: make the sandbox forget the example's subscriptions
			// so that other tests can subscribe the same files.
			const fileIds = JSON.stringify(wf.nodes.filter((n) => n.type.endsWith('skySlopeSigningTrigger')))
				.match(/"fileId":\{[^}]*"value":"(\d+)"/g)
				?.map((m) => m.replace(/.*"value":"(\d+)"/, '$1'));
			for (const fileId of fileIds ?? []) {
				await fetch(`${state().sandboxUrl}/forms/sandbox/files/${fileId}/subscription`, { method: 'DELETE' });
			}
		});
	}
});
