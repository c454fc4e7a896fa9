/* eslint-disable @n8n/community-nodes/no-restricted-globals -- dev tooling, never shipped in dist */
// The real-n8n benchmarks share test/e2e's host: the package built, packed and installed as a
// community package in n8n 2.41.1, the sandbox beside it. Each benchmark starts and stops its own.
import globalSetup from '../harness/n8n/global-setup';
import globalTeardown from '../harness/n8n/global-teardown';
import { out } from './lib';

/** Runs `fn` with the e2e host up; skipped with BENCH_E2E=0. */
export async function withE2eHost(fn: () => Promise<void>): Promise<void> {
	if (process.env.BENCH_E2E === '0') {
		out('  skipped (BENCH_E2E=0)');
		return;
	}
	await globalSetup();
	try {
		await fn();
	} finally {
		await globalTeardown();
	}
}

/** Requests of a sandbox log grouped by `service method path`, e.g. `listings GET /api/files/listings: 1`. */
export function tally(entries: Array<{ service: string; method: string; path: string; status: number }>): string {
	const counts = new Map<string, number>();
	for (const e of entries) {
		const key = `${e.service} ${e.method} ${e.path.replace(/[0-9a-f]{8}-[0-9a-f-]{27}/gi, '{guid}')}${e.status >= 400 ? ` (${e.status})` : ''}`;
		counts.set(key, (counts.get(key) ?? 0) + 1);
	}
	return [...counts].map(([k, n]) => `${k}: ${n}`).join('; ') || 'none';
}
