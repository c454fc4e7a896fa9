/* eslint-disable @n8n/community-nodes/no-restricted-globals -- dev tooling, never shipped in dist */
// Figure 22: the SkySlope Trigger at 100,000 offers over two years (on the sandbox's 30 listings) in real n8n (test/mirror's host,
// n8n 2.x in America/Los_Angeles, the sandbox at its default rate limit of 600 requests a minute):
// published on New and Updated Offers with a Re-Read Period of two years and the default 5 requests
// a poll, polling every minute. Measured side by side, in two n8n hosts started and published
// together: the same trigger over the same polls, at 100,000 offers and at the sandbox's own few
// (the idle to compare with: n8n polling, with nothing to record). For each: what publishing asks,
// the requests of each poll, n8n's resident memory at its peak above its floor, and the events
// (none: the baseline is recorded silently, and nothing changed). The figure is what the count adds.
import { addOfferHistory, api, executions, sandbox, sandboxLog, startMirror, type Mirror } from '../harness/mirror';
import { measuredN8n, memoryWatch, memoryWords } from './brokerage';
import { fmt, out, report } from './lib';

const OFFERS = Number(process.env.BENCH_OFFERS ?? 100_000);
const DAYS = 730;
const POLLS = Number(process.env.BENCH_OFFERS_POLLS ?? 30);
const DAY = 24 * 3600 * 1000;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

const offerReads = async (m: Mirror, since: number) =>
	(await sandboxLog(m)).filter((e) => e.at >= since && e.service === 'offers' && e.method === 'GET' && /\/ext\/offers\/?$/.test(e.path));

/**
 * Adds offers to the sandbox's own until it holds `total`, over the two years but their first and
 * last day (all inside the Re-Read Period); how many it holds.
 */
async function seed(m: Mirror, total: number): Promise<number> {
	const own = (await sandbox<unknown[]>(m, 'GET', '/offers/_sandbox/offers')).length;
	const adding = Math.max(0, total - own);
	if (adding) await addOfferHistory(m, adding, DAYS - 2);
	return own + adding;
}

interface Side {
	m: Mirror;
	offers: number;
	workflowId: string;
	since: number;
	published: number;
	atPublishing: number;
	watch: ReturnType<typeof memoryWatch>;
}

async function publish(m: Mirror, offers: number): Promise<Side> {
	const watch = memoryWatch(m);
	const created = await api<{ id: string }>(m, 'POST', '/workflows', {
		name: 'bench offers at scale',
		nodes: [
			{
				name: 'Offer',
				type: 'n8n-nodes-skyslope.skySlopeTrigger',
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
	return { m, offers, workflowId: created.id, since, published, atPublishing: (await offerReads(m, since)).length, watch };
}

// A poll begins with its look-back: page 1 of the read that starts 14 days back and reaches today
// (the baseline's newest window reaches today too, but starts 30 days back).
const lookBacks = async (side: Side) =>
	(await offerReads(side.m, side.since)).filter(
		(e) =>
			String(e.query.page ?? '1') === '1' &&
			Date.parse(String(e.query.endDate)) > Date.now() - 2 * DAY &&
			Date.parse(String(e.query.startDate)) > Date.now() - 20 * DAY,
	);

async function finish(side: Side): Promise<{ lines: string[]; aboveFloorMb: number }> {
	const memory = side.watch.stop();
	const reads = await offerReads(side.m, side.since);
	const starts = (await lookBacks(side)).map((e) => e.at);
	const perPoll = starts.map((at, i) => reads.filter((e) => e.at >= at && (i + 1 >= starts.length || e.at < starts[i + 1])).length);
	const events = (await executions(side.m, side.workflowId)).length;
	await api(side.m, 'POST', `/workflows/${side.workflowId}/deactivate`);
	return {
		aboveFloorMb: memory.peakMb - memory.floorMb,
		lines: [
			`at ${side.offers} offers: publishing took ${fmt(side.published, 1)} s and asked ${side.atPublishing} requests`,
			`  ${starts.length} polls after it: requests ${perPoll.join(', ')} (${reads.length} in all)`,
			`  executions: ${events} (nothing changed: none expected)`,
			`  ${memoryWords(memory)}; ${fmt(memory.samples[memory.samples.length - 1].mb, 0)} MB at the end`,
		],
	};
}

export async function offersN8nBench(): Promise<void> {
	// Two hosts side by side: started one after the other (each installs the package), then both seeded
	// and published at the same moment, so that both see the same minutes of the same machine.
	const large = await startMirror({ name: 'offers-n8n', timezone: 'America/Los_Angeles', live: [], ...measuredN8n() });
	let idle: Mirror | undefined;
	try {
		idle = await startMirror({ name: 'offers-n8n-idle', timezone: 'America/Los_Angeles', live: [], ...measuredN8n() });
		const [count, own] = await Promise.all([seed(large, OFFERS), seed(idle, 0)]);
		out(`  ${count} offers over the last ${DAYS} days on one host; the sandbox's own ${own} on the other`);
		const sides = await Promise.all([publish(large, count), publish(idle, own)]);
		const deadline = Date.now() + (POLLS + 4) * 70_000;
		while ((await lookBacks(sides[0])).length < POLLS && Date.now() < deadline) await sleep(2000);
		await sleep(20_000);
		const [atScale, atIdle] = await Promise.all(sides.map(finish));
		report({
			id: 22,
			what: `SkySlope Trigger published at ${count} offers over two years (Re-Read Period 730 days, 5 requests a poll), in real n8n: what the count adds to n8n's peak resident memory (above its floor, less the same trigger's at ${own} offers, side by side)`,
			value: atScale.aboveFloorMb - atIdle.aboveFloorMb,
			target: '<= 64',
			detail: [`at ${count} offers, above its floor: ${fmt(atScale.aboveFloorMb, 0)} MB; at ${own}: ${fmt(atIdle.aboveFloorMb, 0)} MB`, ...atScale.lines, ...atIdle.lines].join('\n'),
		});
	} finally {
		await Promise.all([large.stop(), idle?.stop()]);
	}
	out('');
}
