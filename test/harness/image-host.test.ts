/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-dangerous-functions -- dev tooling, never shipped in dist */
// N8N_HOST_IMAGE (the weekly 3.x job, .github/workflows/n8n-3x.yml): every n8n command of the
// scripts and tests runs in a container of n8n's image. Docker cannot run on the machines this
// project is built on, so a `docker` that writes down its arguments stands in for it: what is
// asserted is the command the job's runner gets.
import { execFileSync } from 'node:child_process';
import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { ensureN8n, hostLine } from '../../scripts/lib/host';

const IMAGE = 'docker.n8n.io/n8nio/n8n:3.0.1';
let dir: string;
const saved = { ...process.env };

beforeEach(() => {
	dir = mkdtempSync(join(tmpdir(), 'image-host-'));
	const fake = join(dir, 'bin', 'docker');
	execFileSync('mkdir', ['-p', join(dir, 'bin')]);
	writeFileSync(fake, `#!/usr/bin/env bash\nprintf '%s\\n' "$@" >> "${join(dir, 'calls')}"\necho --- >> "${join(dir, 'calls')}"\n`);
	chmodSync(fake, 0o755);
	process.env.PATH = `${join(dir, 'bin')}:${saved.PATH ?? ''}`;
	process.env.N8N_HOST_CACHE = join(dir, 'cache');
	process.env.N8N_HOST_IMAGE = IMAGE;
});
afterEach(() => {
	process.env = { ...saved };
	rmSync(dir, { recursive: true, force: true });
});

const calls = () => readFileSync(join(dir, 'calls'), 'utf8').split('---\n').filter(Boolean).map((c) => c.trim().split('\n'));

describe('n8n from its Docker image in a line\'s place', () => {
	it('names the line by the image\'s tag, and refuses an image without one', () => {
		expect(hostLine()).toMatchObject({ line: '2', n8n: '3.0.1', image: IMAGE });
		process.env.N8N_HOST_IMAGE = 'docker.n8n.io/n8nio/n8n';
		expect(() => hostLine()).toThrow(/N8N_HOST_IMAGE=docker.n8n.io\/n8nio\/n8n: give an image with its tag/);
	});

	it('pulls the image once, and runs `node [options] <cli> args` as `n8n args` in it, with n8n\'s settings passed by name', async () => {
		const quiet = () => undefined;
		const paths = await ensureN8n(quiet);
		await ensureN8n(quiet);
		expect(calls()).toEqual([['pull', '--quiet', IMAGE]]);
		const folder = join(dir, 'user');
		execFileSync(paths.nodeBin, ['--max-old-space-size=2048', paths.n8nBin, 'import:credentials', `--input=${join(dir, 'c.json')}`], {
			env: { PATH: process.env.PATH, N8N_USER_FOLDER: folder, N8N_PORT: '5678', DB_TYPE: 'sqlite', SECRET_OF_THE_MACHINE: 'x', TMPDIR: dir },
		});
		const [, run] = calls();
		expect(run.slice(0, 3)).toEqual(['run', '--rm', '--network']);
		expect(run).toEqual(expect.arrayContaining(['-e', 'N8N_PORT', 'DB_TYPE', `${folder}:${folder}`, `${dir}:${dir}`, `HOME=${folder}`]));
		// Only n8n's settings go in, by name; the values stay in the caller's environment.
		expect(run.join(' ')).not.toMatch(/SECRET_OF_THE_MACHINE|5678|--max-old-space-size/);
		expect(run.slice(-3)).toEqual([IMAGE, 'import:credentials', `--input=${join(dir, 'c.json')}`]);
	});
});
