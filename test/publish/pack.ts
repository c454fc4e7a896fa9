/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports -- dev tooling, never shipped in dist */
// Builds the package from a clean copy of the repository (packCleanCopy in scripts/lib/setup.ts: a
// stale local dist/ can neither hide nor add anything), packs it with `npm pack` and unpacks the
// tarball: the files a community install would get, and nothing else.
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';

import { PACKED_ONCE, packCleanCopy, run } from '../../scripts/lib/setup';

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
		// `npm test` packs once for every stage (scripts/test.ts); alone, this file packs its own.
		const once = process.env[PACKED_ONCE];
		const tarball = once && existsSync(once) ? once : await packCleanCopy(work);
		const unpacked = join(work, 'unpacked');
		mkdirSync(unpacked);
		await run('tar', ['-xzf', tarball, '-C', unpacked], { cwd: work });
		const root = join(unpacked, 'package');
		return { root, files: listFiles(root).sort(), cleanup };
	} finally {
		// A failed build leaves nothing behind; a good one is removed by the caller's cleanup().
		if (!existsSync(join(work, 'unpacked', 'package', 'package.json'))) cleanup();
	}
}
