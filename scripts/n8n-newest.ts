/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-dangerous-functions -- dev tooling, never shipped in dist */
// Whether n8n has a release newer than the lines this project pins (scripts/lib/host.ts,
// N8N_LINES), so that a new n8n is met by a red job, not by a user: CI runs it weekly. Exits 1 when
// there is a newer patch of a pinned line that is not known not to install here
// (UNINSTALLABLE_PATCHES), a newer minor of the newest pinned major, or a newer major; prints each.
//   npm run n8n:newest
import { execFileSync } from 'node:child_process';

import { N8N_LINES, UNINSTALLABLE_PATCHES } from './lib/host';

const newer = (a: string, b: string) => {
	const [x, y] = [a, b].map((v) => v.split('.').map(Number));
	for (let n = 0; n < 3; n++) if (x[n] !== y[n]) return x[n] > y[n];
	return false;
};

const versions = JSON.parse(execFileSync('npm', ['view', 'n8n', 'versions', '--json'], { encoding: 'utf8' })) as string[];
let stale = false;
for (const line of Object.values(N8N_LINES)) {
	const [major, minor] = line.n8n.split('.');
	const patches = versions.filter((v) => /^\d+\.\d+\.\d+$/.test(v) && v.startsWith(`${major}.${minor}.`) && newer(v, line.n8n));
	const installable = patches.filter((v) => !(v in UNINSTALLABLE_PATCHES));
	for (const v of patches.filter((p) => p in UNINSTALLABLE_PATCHES)) {
		process.stdout.write(`n8n ${v} is newer than the pinned ${line.n8n}, and does not install here: ${UNINSTALLABLE_PATCHES[v]}\n`);
	}
	if (installable.length) {
		stale = true;
		process.stdout.write(`n8n ${installable[installable.length - 1]} is newer than the pinned ${line.n8n}: move the pin in scripts/lib/host.ts (N8N_LINES) and run the end-to-end suite\n`);
	} else {
		process.stdout.write(`n8n ${line.n8n}: the newest installable patch of its line\n`);
	}
}
// Newer minors of the newest pinned major, and newer majors: a new line to pin and test, not a patch.
const stable = versions.filter((v) => /^\d+\.\d+\.\d+$/.test(v));
const newest = Object.values(N8N_LINES).map((line) => line.n8n).reduce((a, b) => (newer(a, b) ? a : b));
const [pinnedMajor, pinnedMinor] = newest.split('.').map(Number);
const latestOf = (list: string[]) => list.reduce<string | undefined>((a, b) => (a === undefined || newer(b, a) ? b : a), undefined);
const minor = latestOf(stable.filter((v) => Number(v.split('.')[0]) === pinnedMajor && Number(v.split('.')[1]) > pinnedMinor));
const major = latestOf(stable.filter((v) => Number(v.split('.')[0]) > pinnedMajor));
if (minor) {
	stale = true;
	process.stdout.write(`n8n ${minor} is a newer minor than the pinned ${newest}: pin its line in scripts/lib/host.ts (N8N_LINES) and run the end-to-end suite\n`);
}
if (major) {
	stale = true;
	process.stdout.write(`n8n ${major} is a newer major than the pinned ${newest}: read its breaking changes, pin it, and run the end-to-end suite\n`);
}
if (!minor && !major) process.stdout.write(`n8n ${newest}: no newer minor or major on the registry\n`);
const tags = JSON.parse(execFileSync('npm', ['view', 'n8n', 'dist-tags', '--json'], { encoding: 'utf8' })) as Record<string, string>;
process.stdout.write(`n8n's dist-tags: ${Object.entries(tags).map(([tag, v]) => `${tag} ${v}`).join(', ')}\n`);
process.exitCode = stale ? 1 : 0;
