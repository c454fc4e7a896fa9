/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports -- dev tooling, never shipped in dist */
// `npm run dev` rebuilds on a change to the package's sources: a burst of saves is one rebuild with
// every file named, tests and build output change nothing, and a save during a rebuild waits for
// the next one instead of running beside it.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { isPackageSource, watchSources, type Watching } from '../../scripts/lib/dev-watch';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('what npm run dev rebuilds on', () => {
	it.each([
		['nodes/SkySlope/SkySlope.node.ts', true],
		['credentials/SkySlopeApi.credentials.ts', true],
		['nodes/SkySlope/skySlope.svg', true],
		['nodes/SkySlope/SkySlope.node.json', true],
		['nodes/SkySlope/shared/x.test.ts', false],
		['nodes/SkySlope/shared/types.d.ts', false],
		['dist/nodes/SkySlope/SkySlope.node.js', false],
		['nodes/SkySlope/forms/notes.md', false],
	])('%s: %s', (file, expected) => {
		expect(isPackageSource(file)).toBe(expected);
	});
});

describe('watchSources', () => {
	let root: string;
	let watching: Watching | undefined;
	beforeEach(() => {
		root = mkdtempSync(join(tmpdir(), 'skyslope-dev-'));
		mkdirSync(join(root, 'nodes', 'A'), { recursive: true });
		mkdirSync(join(root, 'credentials'), { recursive: true });
	});
	afterEach(() => {
		watching?.close();
		rmSync(root, { recursive: true, force: true });
	});

	it('takes a burst of saves as one change naming every file, and ignores what is not a source', async () => {
		const calls: string[][] = [];
		watching = watchSources(root, ['nodes', 'credentials'], (files) => void calls.push(files), 300);
		await sleep(100);
		writeFileSync(join(root, 'nodes', 'A', 'a.ts'), '1');
		writeFileSync(join(root, 'nodes', 'A', 'a.test.ts'), '1');
		await sleep(50);
		writeFileSync(join(root, 'credentials', 'c.ts'), '1');
		writeFileSync(join(root, 'nodes', 'A', 'readme.md'), '1');
		await sleep(800);
		expect(calls).toEqual([['credentials/c.ts', 'nodes/A/a.ts']]);
	});

	it('keeps a save made during a rebuild for the next one, never two at once', async () => {
		const calls: string[][] = [];
		let inFlight = 0;
		let most = 0;
		watching = watchSources(
			root,
			['nodes'],
			async (files) => {
				inFlight++;
				most = Math.max(most, inFlight);
				calls.push(files);
				await sleep(600);
				inFlight--;
			},
			150,
		);
		await sleep(100);
		writeFileSync(join(root, 'nodes', 'A', 'first.ts'), '1');
		await sleep(400);
		writeFileSync(join(root, 'nodes', 'A', 'second.ts'), '1');
		await sleep(1500);
		expect(calls).toEqual([['nodes/A/first.ts'], ['nodes/A/second.ts']]);
		expect(most).toBe(1);
	});
});
