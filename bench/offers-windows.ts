// Figure 7: Offers Get Many, Return All, over 20, 45, 100 and 365 days ending mid-day a month ago,
// off any window edge (the service caps a query at 31 days and a page at 100 offers). The figure
// is requests sent / the least a client could send: for each of the fewest windows of 31 whole days
// that cover the range's days, the pages its offers fill (a window whose count is an exact multiple
// of 100 needs one more, empty, page to know it ended: no total is given). The token request is
// counted apart. Beside it: the days the windows ask for (endDate's own day counted, as the sandbox
// reads it), how far past the range's last day they reach, and the offers answered against those
// kept. For reference: the node's time against a bare undici loop replaying the same pages.
import type { ICredentialDataDecryptedObject, INodeParameters } from 'n8n-workflow';

import { SkySlope } from '../nodes/SkySlope/SkySlope.node';
import { startSandbox } from '../sandbox';
import { OFFERS_CLIENT_ID, OFFERS_CLIENT_SECRET, type OffersState } from '../sandbox/offers';
import { runNode } from '../harness/node';
import { describeRuns, out, report, sideBySide } from './lib';
import { BareClient, replayable } from './replay';

const DAY = 24 * 3600 * 1000;
const OFFERS = 3_000;
const PAGE = 100;
const WINDOW_DAYS = 31;

export async function offersWindowsBench(): Promise<void> {
	const sandbox = await startSandbox({ port: 0, scale: { offers: OFFERS }, rateLimits: { offers: { limit: 100_000 } } });
	const bare = new BareClient(sandbox.baseUrl);
	try {
		const state = sandbox.service<OffersState>('offers').state;
		let credentials: Record<string, ICredentialDataDecryptedObject> = {
			skySlopeOffersOAuth2Api: {
				environment: 'custom',
				customBaseUrl: `${sandbox.baseUrl}/offers/offers-api/`,
				clientId: OFFERS_CLIENT_ID,
				clientSecret: OFFERS_CLIENT_SECRET,
			},
		};
		// Ranges that do not end on a window edge, and end mid-day a month ago (last month, last
		// quarter, as users pick them): offers lie past their end, so a window reaching past it reads them.
		const end = state.anchorMs - 30 * DAY - 13 * 3600 * 1000;
		let parameters: INodeParameters = {};
		let items = 0;
		const runOnce = async () => {
			const result = await runNode({ node: SkySlope, parameters, credentials });
			if (result.error) throw new Error(`node failed: ${result.error.message}`);
			credentials = result.credentials;
			items = result.output[0]?.length ?? 0;
		};
		let listCalls: ReturnType<typeof sandbox.requests> = [];
		for (const span of [20, 45, 100, 365]) {
			const start = end - span * DAY;
			parameters = { resource: 'offer', operation: 'getAll', startDate: new Date(start).toISOString(), endDate: new Date(end).toISOString(), returnAll: true };
			sandbox.clearLog();
			await runOnce();
			listCalls = sandbox.requests('offers', 'GET', /\/ext\/offers\/?$/);
			const tokenCalls = sandbox.requests('offers', 'POST', /\/ext\/token$/);

			// The least: the fewest windows that cover the range's whole UTC days (the service takes
			// dates), 31 days each as a client that knew how the service reads endDate could ask, each
			// read in pages of 100. The node does not know that reading, so its windows step 30 days.
			const firstDay = Math.floor(start / DAY) * DAY;
			const lastDay = Math.floor(end / DAY) * DAY;
			let minimum = 0;
			let windows = 0;
			for (let from = firstDay; from <= lastDay; from += WINDOW_DAYS * DAY) {
				const inWindow = state.inRange(from, Math.min(from + WINDOW_DAYS * DAY, lastDay + DAY) - 1);
				// A short page ends a window; a full last page needs one more (empty) page: no total is given.
				minimum += Math.floor(inWindow.length / PAGE) + 1;
				windows++;
			}
			const inRange = state.inRange(start, end).length;
			const firstPages = listCalls.filter((c) => String(c.query.page) === '1');
			const utcDay = (d: unknown) => Date.parse(`${String(d)}T00:00:00Z`);
			let daysAsked = 0;
			let furthest = -Infinity;
			let answered = 0;
			for (const c of firstPages) {
				const from = utcDay(c.query.startDate);
				const to = utcDay(c.query.endDate);
				daysAsked += (to - from) / DAY + 1;
				furthest = Math.max(furthest, (to - lastDay) / DAY);
				// What the sandbox answers for the window: endDate's whole day, cut to 31 days.
				answered += state.inRange(from, Math.min(to + DAY - 1, from + WINDOW_DAYS * DAY)).length;
			}
			const rangeDays = (lastDay - firstDay) / DAY + 1;
			report({
				id: 7,
				what: `Offers Get Many over ${span} days: list requests / minimum (windows x pages)`,
				value: listCalls.length / minimum,
				target: '= 1',
				detail: [
					`${OFFERS} extra offers seeded; ${items} items returned (${inRange} offers in the range)`,
					`list requests ${listCalls.length} in ${firstPages.length} windows; minimum ${minimum} in ${windows} windows of <= ${WINDOW_DAYS} whole days, pages of ${PAGE}`,
					`days asked ${daysAsked} (endDate's own day counted) for a range touching ${rangeDays} days; the last window ends ${furthest} day(s) past the range's last day (${String(firstPages.at(-1)?.query.endDate)})`,
					`offers answered ${answered} (windows sharing a day count it twice), kept ${items}`,
					`page sizes asked: ${[...new Set(listCalls.map((c) => String(c.query.pageSize)))].join(', ')}; token requests: ${tokenCalls.length}`,
				].join('\n'),
			});
			if (items !== inRange) out(`  WARNING: the node returned ${items} offers, the range holds ${inRange}`);
		}

		// Reference: time against a bare loop over the same pages (token reused, so not fetched).
		const requests = replayable(sandbox, 'offers', listCalls);
		const runs = await sideBySide({
			a: runOnce,
			b: () => bare.run(requests),
			rounds: 9,
			budgetMs: 45_000,
			before: () => sandbox.clearLog(),
		});
		report({
			id: 7,
			what: '(reference) the same, node time / bare undici loop over the same pages',
			value: runs.median,
			target: '<= 1.25',
			detail: describeRuns(runs, 'node', 'undici'),
		});
	} finally {
		await bare.close();
		await sandbox.close();
	}
}
