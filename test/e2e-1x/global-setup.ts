/* eslint-disable @n8n/community-nodes/no-restricted-globals -- dev tooling, never shipped in dist */
// The end-to-end host on the n8n 1.x line: the same setup as test/e2e, with N8N_HOST_LINE=1 (n8n
// 1.123.x under Node 22, from its own cache folder; see scripts/lib/host.ts).
import globalSetup from '../../harness/n8n/global-setup';

export default async function globalSetup1x(): Promise<void> {
	process.env.N8N_HOST_LINE = '1';
	await globalSetup();
}
