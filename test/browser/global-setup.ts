/* eslint-disable @n8n/community-nodes/no-restricted-globals -- dev tooling, never shipped in dist */
// Chromium first (installed from Debian's packages when missing), then the same n8n and sandbox as
// the end-to-end suite. Without a browser the tests skip, saying why, and no n8n is started.
import { ensureChromium } from '../../scripts/lib/browser';
import { say } from '../../scripts/lib/host';
import e2eSetup from '../../harness/n8n/global-setup';

export default async function globalSetup(): Promise<void> {
	const browser = await ensureChromium((line) => say(`[browser] ${line}`));
	if ('skip' in browser) {
		process.env.SKYSLOPE_BROWSER_SKIP = browser.skip;
		say(`[browser] skipping the editor tests: ${browser.skip}`);
		return;
	}
	await e2eSetup();
}
