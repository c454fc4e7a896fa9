/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports -- dev tooling, never shipped in dist */
// CI's mutants job runs scripts/mutants.ts in groups side by side (.github/workflows/ci.yml): every
// mutant of the script is in exactly one group, so that none is silently left out of CI.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

const root = join(__dirname, '..', '..');
const ids = [...readFileSync(join(root, 'scripts/mutants.ts'), 'utf8').matchAll(/^\t\tid: '([\w-]+)',$/gm)].map((m) => m[1]);
const ci = readFileSync(join(root, '.github/workflows/ci.yml'), 'utf8');
const groups = ci.slice(ci.indexOf('  mutants:')).split('\n  lint:')[0];
const grouped = [...groups.matchAll(/^ {10}- ([\w,-]+)$/gm)].flatMap((m) => m[1].split(','));

describe('CI runs every mutant', () => {
	it('each mutant of scripts/mutants.ts is in exactly one group of the mutants job', () => {
		expect(ids.length).toBeGreaterThan(15);
		expect([...grouped].sort()).toEqual([...ids].sort());
		expect(new Set(grouped).size).toBe(grouped.length);
	});
});
