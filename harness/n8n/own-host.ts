/* eslint-disable @n8n/community-nodes/no-restricted-imports -- dev tooling, never shipped in dist */
// An n8n and a sandbox of a test file's own (a file that restarts them), in a temporary user folder
// on free ports, beside the suite's; the package as the suite's setup has just built it.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { say } from '../../scripts/lib/host';
import { freePort } from '../../scripts/lib/processes';
import { type Host, type HostOptions, startHost } from '../../scripts/lib/setup';

/** `sandboxState`: the sandbox keeps what a real service would not forget on restart, in the folder. */
export async function startOwnHost(name: string, extra: Partial<HostOptions> & { sandboxState?: boolean } = {}): Promise<{ host: Host; folder: string }> {
	const folder = mkdtempSync(join(tmpdir(), `skyslope-${name}-`));
	const { sandboxState, ...options } = extra;
	const host = await startHost({
		userFolder: folder,
		n8nPort: await freePort(),
		sandboxPort: await freePort(),
		persistent: false,
		examples: false,
		// The suite's setup has just built dist/.
		build: false,
		apiKey: true,
		log: (line) => say(`[${name}] ${line}`),
		...(sandboxState ? { sandboxStateDir: join(folder, 'sandbox-state') } : {}),
		...options,
	});
	return { host, folder };
}
