/* eslint-disable @n8n/community-nodes/no-restricted-globals -- dev tooling, never shipped in dist */
// Figure 21: the SkySlope Trigger at a large brokerage's size: 100,000 offers submitted over two
// years, the trigger on New and Updated Offers with its Re-Read Period of two years and the default
// 5 requests a poll. Counted: the first poll's requests (none: it runs inside publishing), the polls
// and requests the baseline takes (every offer of the period recorded, silently), a turn of the
// re-read, the state kept, and the oldest offer changed: reported once, nothing else reported.
// Memory is the process's peak above where it stood with the offers loaded: in-process harness
// (n8n-core's poll context in this process, the sandbox beside it), so it includes the sandbox's
// answers being built; n8n itself is not measured here.
import type { ICredentialDataDecryptedObject, IDataObject, INodeParameters } from 'n8n-workflow';

import { runPoll } from '../harness/node';
import { SkySlopeTrigger } from '../nodes/SkySlope/SkySlopeTrigger.node';
import { MAX_SEEN } from '../nodes/SkySlope/offers/helpers/triggerState';
import { startSandbox } from '../sandbox';
import { OFFERS_CLIENT_ID, OFFERS_CLIENT_SECRET, type OffersState } from '../sandbox/offers';
import { fmt, gc, mb, out, report } from './lib';

const DAY = 24 * 3600 * 1000;
const OFFERS = 100_000;
const DAYS = 730;

export async function offersScaleBench(): Promise<void> {
	const sandbox = await startSandbox({ port: 0, rateLimits: { offers: { limit: 10_000_000 } } });
	try {
		const state = sandbox.service<OffersState>('offers').state;
		const now = Date.now();
		const own = state.inRange(now - DAYS * DAY, now).length;
		const adding = OFFERS - own;
		for (let i = 0; i < adding; i++) {
			const submitted = now - DAYS * DAY + 2 * DAY + Math.floor(((i + 0.5) / adding) * (DAYS - 3) * DAY);
			state.upsert({ fileId: 10001 + (i % 300), OfferSubmissionDate: new Date(submitted).toISOString(), ModificationTimestamp: new Date(submitted + 3600_000).toISOString() });
		}
		const total = state.inRange(now - DAYS * DAY, now).length;
		out(`  ${total} offers submitted over the last ${DAYS} days (the state keeps at most ${MAX_SEEN})`);
		let credentials: Record<string, ICredentialDataDecryptedObject> = {
			skySlopeOffersOAuth2Api: { environment: 'custom', customBaseUrl: `${sandbox.baseUrl}/offers/offers-api`, clientId: OFFERS_CLIENT_ID, clientSecret: OFFERS_CLIENT_SECRET },
		};
		const requests = () => sandbox.requests('offers', 'GET', /\/ext\/offers\/?$/).length;
		const parameters: INodeParameters = { event: 'newAndUpdatedOffers', scope: 'all', options: { sweepDays: DAYS } };
		const staticData: IDataObject = {};
		const poll = async () => {
			const result = await runPoll({ node: SkySlopeTrigger, parameters, credentials, staticData, mode: 'trigger' });
			credentials = result.credentials;
			return (result.output?.[0] ?? []).map((i) => i.json);
		};

		gc();
		const idle = process.memoryUsage();
		let peakRss = idle.rss;
		let peakHeap = idle.heapUsed;
		const sampler = setInterval(() => {
			const now = process.memoryUsage();
			peakRss = Math.max(peakRss, now.rss);
			peakHeap = Math.max(peakHeap, now.heapUsed);
		}, 20);

		// Publishing: the first poll.
		sandbox.clearLog();
		let started = Date.now();
		const firstItems = await poll();
		const first = { requests: requests(), seconds: (Date.now() - started) / 1000, items: firstItems.length };

		// The baseline, over the polls after it.
		sandbox.clearLog();
		started = Date.now();
		let baselinePolls = 0;
		const baselineItems: IDataObject[] = [];
		while (staticData.baselineSince !== undefined && baselinePolls < 1000) {
			baselineItems.push(...(await poll()));
			baselinePolls++;
		}
		const baseline = { polls: baselinePolls, requests: requests(), seconds: (Date.now() - started) / 1000, items: baselineItems.length };
		const stateBytes = JSON.stringify(staticData).length;

		// One turn of the re-read: polls until it comes back to the period's start.
		sandbox.clearLog();
		const startDay = String(staticData.sweepNext);
		let turnPolls = 0;
		const turnItems: IDataObject[] = [];
		do {
			turnItems.push(...(await poll()));
			turnPolls++;
		} while (String(staticData.sweepNext) !== startDay && turnPolls < 5000);
		const turnRequests = requests();

		// The oldest offer changes: reported once within a turn, nothing else.
		const oldest = state.inRange(now - DAYS * DAY, now).sort((a, b) => Date.parse(a.OfferSubmissionDate) - Date.parse(b.OfferSubmissionDate))[0];
		state.upsert({ OfferId: oldest.OfferId, OfferTerms: { OfferStatus: 'Accepted' } });
		const reported: string[] = [];
		let lag = 0;
		for (let n = 1; n <= turnPolls + 2; n++) {
			for (const item of await poll()) reported.push(String(item.OfferId));
			if (reported.includes(oldest.OfferId) && !lag) lag = n;
		}
		clearInterval(sampler);
		const once = reported.filter((id) => id === oldest.OfferId).length;
		report({
			id: 21,
			what: `SkySlope Trigger at ${total} offers over two years: the oldest offer changed, times reported within a turn of the re-read`,
			value: once,
			target: '= 1',
			detail: [
				`publishing (the first poll): ${first.requests} requests, ${fmt(first.seconds, 2)} s, ${first.items} events`,
				`the baseline: ${baseline.polls} polls, ${baseline.requests} requests, ${fmt(baseline.seconds, 1)} s in all, ${baseline.items} events (it records, silently)`,
				`state kept: ${mb(stateBytes)} (${fmt(stateBytes / total, 1)} bytes an offer)`,
				`a turn of the re-read at 5 requests a poll: ${turnPolls} polls, ${turnRequests} requests, ${turnItems.length} events (nothing changed)`,
				`the oldest offer's change reported after ${lag || 'never'} poll(s); other events meanwhile: ${reported.filter((id) => id !== oldest.OfferId).length}`,
				`this process's peak above idle (sandbox included): heap +${mb(peakHeap - idle.heapUsed)}, resident +${mb(peakRss - idle.rss)}`,
			].join('\n'),
		});
	} finally {
		await sandbox.close();
	}
}
