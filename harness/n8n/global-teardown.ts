/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports -- dev tooling, never shipped in dist */
// Stops the suite's n8n and sandbox; removes the temporary user folder unless E2E_KEEP=1.
import { rmSync } from 'node:fs';

import { say } from '../../scripts/lib/host';

export default async function globalTeardown(): Promise<void> {
	const host = globalThis.__skyslopeE2eHost;
	if (!host) return;
	globalThis.__skyslopeE2eHost = undefined;
	await host.stop();
	if (process.env.E2E_KEEP === '1') {
		say(`[e2e] kept ${host.userFolder} (n8n.log, sandbox.log)`);
	} else {
		rmSync(host.userFolder, { recursive: true, force: true });
	}
}
