/* eslint-disable @n8n/community-nodes/no-restricted-globals -- dev tooling, never shipped in dist */
// What both mirror files share, done once before they start side by side: n8n and Postgres
// installed when missing (one apt-get, one n8n install), and the package built (each file packs it).
import { ensureN8n, say } from '../../scripts/lib/host';
import { ensureQueueServices } from '../../scripts/lib/queue-services';
import { PACKED_ONCE, run } from '../../scripts/lib/setup';

export default async function globalSetup(): Promise<void> {
	const log = (line: string) => say(`[mirror] ${line}`);
	await ensureN8n(log);
	await ensureQueueServices(log);
	// `npm test` packed the package once for every stage: nothing to build here.
	if (process.env.E2E_SKIP_BUILD !== '1' && !process.env[PACKED_ONCE]) {
		log('Building the package (npm run build)...');
		await run('npm', ['run', 'build']);
	}
}
