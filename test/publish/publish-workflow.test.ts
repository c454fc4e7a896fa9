/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports -- dev tooling, never shipped in dist */
// The publish workflow publishes as n8n's community-node starter does (npm Trusted Publishing
// through OIDC, with provenance), and only what CI passed: these rules are read from the file, as
// far as a machine without the registry and GitHub can prove them.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

import { parse } from 'yaml';

interface Step {
	name?: string;
	uses?: string;
	run?: string;
	with?: Record<string, unknown>;
	env?: Record<string, unknown>;
}

const text = readFileSync(join(__dirname, '../../.github/workflows/publish.yml'), 'utf8');
const workflow = parse(text) as { on: { push: { tags: string[] } }; jobs: Record<string, { permissions: Record<string, string>; steps: Step[] }> };
const steps = Object.values(workflow.jobs).flatMap((job) => job.steps);
const runs = steps.map((step) => step.run ?? '').join('\n');
/** The workflow without its comments (which name what it must not have). */
const code = text
	.split('\n')
	.filter((line) => !line.trim().startsWith('#'))
	.join('\n');

describe('publish.yml', () => {
	it('has no registry-url and no token: npm would then never try the OIDC exchange', () => {
		expect(steps.filter((step) => step.with && 'registry-url' in step.with)).toEqual([]);
		expect(code).not.toMatch(/NODE_AUTH_TOKEN|NPM_TOKEN|_authToken|secrets\.|registry-url/);
	});

	it('publishes with provenance, through OIDC, with npm 11.5.1 or newer, on Node 24', () => {
		expect(Object.values(workflow.jobs).map((job) => job.permissions['id-token'])).toEqual(['write']);
		expect(runs).toMatch(/npm publish --provenance --access public/);
		expect(runs).toMatch(/npm install --global 'npm@>=11\.5\.1'/);
		expect(steps.find((step) => step.uses?.startsWith('actions/setup-node'))?.with?.['node-version']).toBe(24);
	});

	it('runs no suite again: it checks that CI passed for the tag\'s commit', () => {
		expect(runs).not.toMatch(/npm (run )?test\b/);
		expect(runs).toMatch(/gh run list .*--workflow ci\.yml --commit "\$\{GITHUB_SHA\}"/);
		expect(workflow.on.push.tags).toEqual(['v*']);
	});
});
