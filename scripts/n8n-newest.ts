/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-dangerous-functions -- dev tooling, never shipped in dist */
// Whether n8n has a newer patch of a line this project pins (scripts/lib/host.ts, N8N_LINES), so
// that a new n8n release is met by a red job, not by a user: CI runs it weekly. Exits 1 when a
// newer patch exists that is not known not to install here (UNINSTALLABLE_PATCHES), printing it.
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
process.exitCode = stale ? 1 : 0;
