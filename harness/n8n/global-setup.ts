/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports -- dev tooling, never shipped in dist */
// Starts ONE sandbox and ONE n8n for the whole end-to-end suite: a fresh temporary user folder, the
// package built, packed and installed as a community package, the three sandbox credentials
// imported (Forms connected through n8n's own OAuth2 flow), and an API key for the public API.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import '../fresh-connections';
import { hostLine, say } from '../../scripts/lib/host';
import { freePort } from '../../scripts/lib/processes';
import { type Host, startHost } from '../../scripts/lib/setup';
import type { E2eState } from './workflows';

declare global {
	var __skyslopeE2eHost: Host | undefined;
}

export default async function globalSetup(): Promise<void> {
	const started = Date.now();
	const userFolder = mkdtempSync(join(tmpdir(), 'skyslope-e2e-'));
	// N8N_HOST_LINE picks the n8n line (test/e2e-1x sets 1); the default is 2.x.
	const line = hostLine();
	const log = (text: string) => say(`[e2e${line.line === '2' ? '' : ` n8n ${line.n8n}`}] ${text}`);
	log(`user folder ${userFolder}`);
	const host = await startHost({
		userFolder,
		n8nPort: await freePort(),
		sandboxPort: 0,
		persistent: false,
		examples: false,
		build: process.env.E2E_SKIP_BUILD !== '1',
		apiKey: true,
		log,
		// Outside UTC, on both sides of it: east on 2.x, west on 1.x (the unit tests run west too).
		timezone: line.line === '2' ? 'Asia/Kolkata' : 'America/Los_Angeles',
	});
	globalThis.__skyslopeE2eHost = host;
	const state: E2eState = {
		n8nUrl: host.n8n.baseUrl,
		sandboxUrl: host.sandbox.baseUrl,
		apiKey: host.apiKey ?? '',
		userFolder,
	};
	const file = join(userFolder, 'e2e-state.json');
	writeFileSync(file, JSON.stringify(state, null, 2));
	process.env.SKYSLOPE_E2E_STATE = file;
	log(`ready in ${((Date.now() - started) / 1000).toFixed(1)} s: n8n ${host.n8n.baseUrl}, sandbox ${host.sandbox.baseUrl}`);
}
