// Figure 19: the SkySlope Trigger's re-read (issue: every change to an offer of any age). An account
// with 5,000 offers over two years; the trigger with its Re-Read Period of two years and a budget of
// 1, 5 (the default), 10 (the mirror's) and 20 requests a poll. For each: the first poll's requests
// (it records the whole period), the polls one turn of the re-read takes (every window read once),
// the requests an hour at one-minute polls, the state kept, and the lag measured: offers submitted
// 30, 90, 365 and 700 days before are changed at a random point of the turn, and the polls until
// each is reported are counted (none may be reported twice, nothing else may be reported).
// The trigger runs as n8n runs it (its poll() in a poll context), against the sandbox; the counts do
// not depend on n8n, so the hour is 60 polls back to back, not an hour of waiting.
import type { ICredentialDataDecryptedObject, IDataObject, INodeParameters } from 'n8n-workflow';

import { SkySlopeTrigger } from '../nodes/SkySlope/SkySlopeTrigger.node';
import { startSandbox } from '../sandbox';
import { OFFERS_CLIENT_ID, OFFERS_CLIENT_SECRET, type OffersState } from '../sandbox/offers';
import { runPoll } from '../harness/node';
import { fmt, out, report } from './lib';

const DAY = 24 * 3600 * 1000;
const OFFERS = 5_000;
const DAYS = 730;
const AGES = [30, 90, 365, 700];

export async function offersSweepBench(): Promise<void> {
	const sandbox = await startSandbox({ port: 0, rateLimits: { offers: { limit: 100_000 } } });
	try {
		const state = sandbox.service<OffersState>('offers').state;
		const now = Date.now();
		for (let i = 0; i < OFFERS; i++) {
			const submitted = now - DAYS * DAY + Math.floor(((i + 0.5) / OFFERS) * (DAYS - 1) * DAY);
			state.upsert({ fileId: 10001 + (i % 30), OfferSubmissionDate: new Date(submitted).toISOString(), ModificationTimestamp: new Date(submitted + 3600_000).toISOString() });
		}
		const total = state.inRange(now - DAYS * DAY, now).length;
		out(`  ${total} offers submitted over the last ${DAYS} days (5,000 added to the sandbox's own)`);
		let credentials: Record<string, ICredentialDataDecryptedObject> = {
			skySlopeOffersOAuth2Api: { environment: 'custom', customBaseUrl: `${sandbox.baseUrl}/offers/offers-api`, clientId: OFFERS_CLIENT_ID, clientSecret: OFFERS_CLIENT_SECRET },
		};
		const requests = () => sandbox.requests('offers', 'GET', /\/ext\/offers\/?$/).length;

		for (const budget of [1, 5, 10, 20]) {
			const parameters: INodeParameters = { event: 'newAndUpdatedOffers', scope: 'all', options: { sweepDays: DAYS, sweepRequestsPerPoll: budget } };
			const staticData: IDataObject = {};
			const poll = async () => {
				const result = await runPoll({ node: SkySlopeTrigger, parameters, credentials, staticData, mode: 'trigger' });
				credentials = result.credentials;
				return (result.output?.[0] ?? []).map((i) => i.json);
			};
			sandbox.clearLog();
			const started = Date.now();
			await poll();
			const firstRequests = requests();
			const firstSeconds = (Date.now() - started) / 1000;
			const stateBytes = JSON.stringify(staticData).length;

			// The baseline (what the watch records of the period, silently) is read over the polls after
			// the first: the re-read's turns begin after it. Counting from here is the steady state.
			let baselinePolls = 0;
			while (staticData.baselineSince !== undefined && baselinePolls < 1000) {
				await poll();
				baselinePolls++;
			}
			// One turn: polls until every window of the period has been read (first pages of windows
			// other than the look-back's, which every poll reads).
			sandbox.clearLog();
			const windowsInTurn = Math.ceil((DAYS - 14) / 30);
			const lookBackDay = new Date(Date.now() - 14 * DAY).toISOString().slice(0, 10);
			const read = new Set<string>();
			const pages = new Set<string>();
			let turn = 0;
			while (read.size < windowsInTurn && turn < 1000) {
				await poll();
				turn++;
				for (const e of sandbox.requests('offers', 'GET', /\/ext\/offers\/?$/)) {
					if (String(e.query.startDate) === lookBackDay) continue;
					if (String(e.query.page) === '1') read.add(String(e.query.startDate));
					pages.add(`${String(e.query.startDate)}#${String(e.query.page)}`);
				}
			}
			const turnRequests = requests();
			// What a turn must read, from the service's log: each page of the period once. More polls
			// than those pages take at the budget, and a poll was idle or a page read twice.
			const least = Math.ceil(pages.size / budget) + 1;

			// An hour at one-minute polls.
			sandbox.clearLog();
			for (let n = 0; n < 60; n++) await poll();
			const perHour = requests();

			// The lag: a few polls into the turn, change offers of every age; count polls until each comes.
			for (let n = 0; n < Math.floor(turn / 3); n++) await poll();
			const target = (days: number) =>
				state.inRange(now - (days + 1) * DAY, now - (days - 1) * DAY)[0];
			const changed = new Map(AGES.map((days) => [state.upsert({ OfferId: target(days).OfferId, OfferTerms: { OfferStatus: 'Accepted' } }).offer.OfferId, days]));
			const arrived = new Map<string, number>();
			const unexpected: string[] = [];
			for (let n = 1; n <= turn + 2 && arrived.size < changed.size; n++) {
				for (const item of await poll()) {
					const id = String(item.OfferId);
					if (!changed.has(id) || arrived.has(id)) unexpected.push(id);
					else arrived.set(id, n);
				}
			}
			const lags = AGES.map((days) => {
				const id = [...changed].find(([, d]) => d === days)?.[0] as string;
				return `${days} d: ${arrived.get(id) ?? 'never'}`;
			});
			report({
				id: 19,
				what: `re-read at ${budget} request(s) a poll: polls a turn takes (a change of any age arrives within it)`,
				value: turn,
				target: `<= ${least} (the ${pages.size} pages of the period at ${budget} a poll, + 1)`,
				detail: [
					`the baseline read over ${baselinePolls} polls after the first; then one turn: ${turnRequests} requests (${pages.size} distinct pages of the period) in ${turn} polls; an hour at one-minute polls: ${perHour} requests (${fmt(perHour / 60, 1)} a poll)`,
					`lag, in polls after the change: ${lags.join(', ')}; reported twice or unasked: ${unexpected.length}`,
					`at one-minute polls a change to an offer of any age arrives within ${turn} min; at five-minute polls within ${turn * 5} min`,
					`first poll (records the whole period): ${firstRequests} requests, ${fmt(firstSeconds, 1)} s; state ${(stateBytes / 1024).toFixed(0)} kB`,
				].join('\n'),
			});
		}

		// Against it: the look-back only (Re-Read Period 0), as before the re-read.
		const staticData: IDataObject = {};
		const parameters: INodeParameters = { event: 'newAndUpdatedOffers', scope: 'all', options: { sweepDays: 0 } };
		for (let n = 0; n < 61; n++) {
			if (n === 1) sandbox.clearLog();
			const result = await runPoll({ node: SkySlopeTrigger, parameters, credentials, staticData, mode: 'trigger' });
			credentials = result.credentials;
		}
		out(`  for reference, the look-back only (Re-Read Period 0): ${requests()} requests an hour at one-minute polls; a change to an offer older than 14 days never arrives`);
	} finally {
		await sandbox.close();
	}
}
