/* eslint-disable @n8n/community-nodes/no-restricted-imports -- dev tooling, never shipped in dist */
// Builds the package from a clean copy of the repository (so a stale local dist/ cannot hide or add
// anything, and a build running in the checkout at the same time is not disturbed), packs it with
// `npm pack` and unpacks the tarball: the files a community install would get, and nothing else.
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';

import { REPO_ROOT } from '../../scripts/lib/processes';
import { run } from '../../scripts/lib/setup';

/** What the build reads: everything else in the repository stays out of the copy. */
const BUILD_INPUTS = ['package.json', 'tsconfig.json', 'gulpfile.js', 'README.md', 'LICENSE', 'CHANGELOG.md', 'nodes', 'credentials'];

export interface Packed {
	/** The unpacked tarball's `package/` folder. */
	root: string;
	/** Every file in the tarball, relative to `root`, with `/` separators, sorted. */
	files: string[];
	cleanup: () => void;
}

function listFiles(dir: string, base = dir): string[] {
	return readdirSync(dir).flatMap((name) => {
		const full = join(dir, name);
		return statSync(full).isDirectory() ? listFiles(full, base) : [relative(base, full).split('\\').join('/')];
	});
}

export async function buildAndUnpack(): Promise<Packed> {
	const work = mkdtempSync(join(tmpdir(), 'skyslope-packed-'));
	const cleanup = () => rmSync(work, { recursive: true, force: true });
	try {
		const source = join(work, 'source');
		mkdirSync(source);
		for (const entry of BUILD_INPUTS) {
			if (existsSync(join(REPO_ROOT, entry))) cpSync(join(REPO_ROOT, entry), join(source, entry), { recursive: true });
		}
		symlinkSync(join(REPO_ROOT, 'node_modules'), join(source, 'node_modules'), 'dir');
		await run('npm', ['run', 'build'], { cwd: source });
		const packDir = join(work, 'pack');
		mkdirSync(packDir);
		const out = await run('npm', ['pack', '--json', '--pack-destination', packDir], { cwd: source });
		const [{ filename }] = JSON.parse(out.slice(out.indexOf('['))) as Array<{ filename: string }>;
		const unpacked = join(work, 'unpacked');
		mkdirSync(unpacked);
		await run('tar', ['-xzf', join(packDir, filename), '-C', unpacked], { cwd: work });
		const root = join(unpacked, 'package');
		return { root, files: listFiles(root).sort(), cleanup };
	} finally {
		// A failed build leaves nothing behind; a good one is removed by the caller's cleanup().
		if (!existsSync(join(work, 'unpacked', 'package', 'package.json'))) cleanup();
	}
}
