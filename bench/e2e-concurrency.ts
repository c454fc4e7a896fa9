/* eslint-disable @n8n/community-nodes/no-restricted-globals -- dev tooling, never shipped in dist */
// Figure 23: 60 listing reads (Listing > Get, one item each) in a real n8n (test/e2e's host; the
// line N8N_HOST_LINE picks, 2.x by default) against a service that refuses more than 5 requests in
// flight with a 429 whose rate headers still show budget in the window (the live service as its
// clients report, shared/spec; the sandbox's `parallel429`), and, to meet refusals, more than 3;
// each read answered after 120 ms (`slowService`). The floor: 60 reads at what the service takes at
// once, 120 ms each (1.44 s at 5). Per round: the node's time as n8n records it, the 429s the
// sandbox gave, and every item read once, in order. Rounds: BENCH_CONCURRENCY_ROUNDS (3).
import { clearSandboxLog, runWorkflow, sandboxLog, setLive, setRateLimit, skyslopeNode, workflow } from '../harness/n8n/workflows';
import { hostLine } from '../scripts/lib/host';
import { withE2eHost } from './e2e-host';
import { fmt, median, out } from './lib';

const READS = 60;
const READ_MS = Number(process.env.BENCH_CONCURRENCY_READ_MS ?? 120);
/**
 * What the service takes in flight: 5 (the live service, as its clients report; the node's own
 * number) and 3 (fewer than the node sends: each refusal met and backed off from).
 */
const IN_FLIGHT = [5, 3];

export async function e2eConcurrencyBench(): Promise<void> {
	const rounds = Number(process.env.BENCH_CONCURRENCY_ROUNDS ?? 3);
	await withE2eHost(async () => {
		// The window's 100 a minute is not what this measures: raised, so that only the refusals in flight count.
		await setRateLimit('listings', { limit: 1_000_000 });
		const all = await runWorkflow(workflow([skyslopeNode('listings', 'All', { resource: 'listing', operation: 'getAll', returnAll: false, limit: 10 })]));
		const guids = all.json('All').map((l) => String(l.listingGuid));
		if (guids.length === 0) throw new Error('the sandbox listed no listings');
		const input = Array.from({ length: READS }, (_, i) => ({ guid: guids[i % guids.length] }));
		const reads = workflow([skyslopeNode('listings', 'Get listing', { resource: 'listing', operation: 'get', listingGuid: '={{ $json.guid }}' })]);
		const s = (ms: number) => fmt(ms / 1000, 2);
		const rows: string[] = [];
		for (const inFlight of IN_FLIGHT) {
			const floorMs = Math.ceil(READS / inFlight) * READ_MS;
			await setLive(READ_MS ? { parallel429: inFlight, slowService: READ_MS } : { parallel429: inFlight });
			const times: number[] = [];
			const refusals: number[] = [];
			try {
				// One run first: the webhook published, the session logged in, the account's gate at its pace.
				await runWorkflow(reads, { input });
				for (let round = 0; round < rounds; round++) {
					await clearSandboxLog();
					const r = await runWorkflow(reads, { input });
					if (r.status !== 'success') throw new Error(`round ${round + 1}: execution ${r.executionId} ${r.status}: ${JSON.stringify(r.error ?? null).slice(0, 300)}`);
					const got = r.json('Get listing').map((l) => String(l.listingGuid));
					if (got.join() !== input.map((i) => i.guid).join()) throw new Error(`round ${round + 1}: ${got.length} items, not the ${READS} asked, in order`);
					const log = (await sandboxLog('listings')).filter((e) => e.method === 'GET' && e.path.startsWith('/api/files/listings/'));
					times.push(Number(r.runData['Get listing']?.[0]?.executionTime ?? Number.NaN));
					refusals.push(log.filter((e) => e.status === 429).length);
				}
			} finally {
				await setLive({});
			}
			rows.push(`| ${inFlight} | ${s(floorMs)} | ${times.map(s).join(', ')} | **${fmt(median(times) / floorMs)}** | ${refusals.join(', ')} |`);
		}
		out(`  n8n ${hostLine().n8n}: ${READS} reads (Listing > Get), ${READ_MS} ms a read, ${rounds} rounds a row after one untimed`);
		out(`  | the service takes in flight | floor s | node s (each round) | node / floor (median) | 429s (each round) |`);
		out(`  |---|---|---|---|---|`);
		for (const row of rows) out(`  ${row}`);
	});
}
