/* eslint-disable @n8n/community-nodes/no-restricted-globals -- dev tooling, never shipped in dist */
// Figure 22: the Offers Trigger at 100,000 offers over two years (on the sandbox's 30 listings) in real n8n (test/mirror's host,
// n8n 2.x in America/Los_Angeles, the sandbox at its default rate limit of 600 requests a minute):
// published on New and Updated Offers with a Re-Read Period of two years and the default 5 requests
// a poll, polling every minute. Measured: what publishing asks, the polls and requests the baseline
// takes, n8n's resident memory before publishing and at its peak over the baseline and the polls
// after it, and the events (none: the baseline is recorded silently, and nothing changed).
import { api, executions, sandbox, sandboxLog, startMirror, type Mirror } from '../harness/mirror';
import { heapCap, memoryWatch, memoryWords } from './brokerage';
import { fmt, out, report } from './lib';

const OFFERS = Number(process.env.BENCH_OFFERS ?? 100_000);
const DAYS = 730;
const POLLS = Number(process.env.BENCH_OFFERS_POLLS ?? 30);
const DAY = 24 * 3600 * 1000;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

const offerReads = async (m: Mirror, since: number) =>
	(await sandboxLog(m)).filter((e) => e.at >= since && e.service === 'offers' && e.method === 'GET' && /\/ext\/offers\/?$/.test(e.path));

export async function offersN8nBench(): Promise<void> {
	const m = await startMirror({ name: 'offers-n8n', timezone: 'America/Los_Angeles', live: [], n8nEnv: heapCap() });
	try {
		// 100,000 offers over two years with the sandbox's own, in batches it takes in one request each.
		const now = Date.now();
		const adding = OFFERS - (await sandbox<unknown[]>(m, 'GET', '/offers/_sandbox/offers')).length;
		for (let from = 0; from < adding; from += 20_000) {
			const batch = Array.from({ length: Math.min(20_000, adding - from) }, (_, j) => {
				const i = from + j;
				const submitted = now - DAYS * DAY + 2 * DAY + Math.floor(((i + 0.5) / adding) * (DAYS - 3) * DAY);
				return {
					OfferSubmissionDate: new Date(submitted).toISOString(),
					ModificationTimestamp: new Date(submitted + 3600_000).toISOString(),
					fileId: 10001 + (i % 30),
					OfferTerms: { OfferPrice: 400_000 + (i % 50) * 5000, OfferStatus: 'Submitted', OfferVersionNumber: 1 },
				};
			});
			await sandbox(m, 'POST', '/offers/_sandbox/offers', batch);
		}
		out(`  ${adding} offers added over the last ${DAYS} days: ${OFFERS} with the sandbox's own`);

		const pid = m.host.n8n.child.pid as number;
		const watch = memoryWatch(pid);
		const created = await api<{ id: string }>(m, 'POST', '/workflows', {
			name: 'bench offers at scale',
			nodes: [
				{
					name: 'Offer',
					type: 'n8n-nodes-skyslope.skySlopeOffersTrigger',
					typeVersion: 1,
					position: [0, 0],
					parameters: { pollTimes: { item: [{ mode: 'everyMinute' }] }, event: 'newAndUpdatedOffers', scope: 'all', options: { sweepDays: DAYS } },
					credentials: { skySlopeOffersOAuth2Api: { id: 'skyslope-offers-sandbox', name: 'SkySlope Offers (sandbox)' } },
				},
				{ name: 'Received', type: 'n8n-nodes-base.noOp', typeVersion: 1, position: [220, 0], parameters: {} },
			],
			connections: { Offer: { main: [[{ node: 'Received', type: 'main', index: 0 }]] } },
			settings: { executionOrder: 'v1' },
		});
		const since = Date.now();
		await api(m, 'POST', `/workflows/${created.id}/activate`);
		const published = (Date.now() - since) / 1000;
		const atPublishing = (await offerReads(m, since)).length;

		// A poll begins with its look-back: page 1 of the read that starts 14 days back and reaches today
		// (the baseline's newest window reaches today too, but starts 30 days back).
		const lookBacks = async () =>
			(await offerReads(m, since)).filter(
				(e) =>
					String(e.query.page ?? '1') === '1' &&
					Date.parse(String(e.query.endDate)) > Date.now() - 2 * DAY &&
					Date.parse(String(e.query.startDate)) > Date.now() - 20 * DAY,
			);
		const deadline = Date.now() + (POLLS + 4) * 70_000;
		while ((await lookBacks()).length < POLLS && Date.now() < deadline) await sleep(2000);
		await sleep(20_000);
		const memory = watch.stop();
		const reads = await offerReads(m, since);
		const starts = (await lookBacks()).map((e) => e.at);
		const perPoll = starts.map((at, i) => reads.filter((e) => e.at >= at && (i + 1 >= starts.length || e.at < starts[i + 1])).length);
		const events = (await executions(m, created.id)).length;
		await api(m, 'POST', `/workflows/${created.id}/deactivate`);
		report({
			id: 22,
			what: `Offers Trigger published at ${OFFERS} offers over two years (Re-Read Period 730 days, 5 requests a poll), in real n8n: n8n's peak resident memory above its floor`,
			value: memory.peakMb - memory.floorMb,
			target: '<= 64',
			detail: [
				`publishing took ${fmt(published, 1)} s and asked ${atPublishing} requests`,
				`${starts.length} polls after it: requests ${perPoll.join(', ')} (${reads.length} in all; the baseline records every offer of the period silently, then each poll reads its look-back and its re-read budget)`,
				`executions: ${events} (nothing changed: none expected)`,
				`from publishing on: ${memoryWords(memory)}; ${fmt(memory.samples[memory.samples.length - 1].mb, 0)} MB at the end`,
			].join('\n'),
		});
	} finally {
		await m.stop();
	}
	out('');
}
