// Figure 7: Offers Get Many, Return All, over 365 days (the service caps a query at 31 days and a
// page at 100 offers). The figure is requests sent / the least any client could send: for each
// 31-day window of the fewest windows that cover the range, the pages its offers fill
// (a window whose count is an exact multiple of 100 needs one more, empty, page to know it ended:
// no total is given). The token request is counted apart.
// Beside it, for reference: the node's time against a bare undici loop replaying the same pages.
import type { ICredentialDataDecryptedObject, INodeParameters } from 'n8n-workflow';

import { SkySlopeOffers } from '../nodes/SkySlopeOffers/SkySlopeOffers.node';
import { startSandbox } from '../sandbox';
import { OFFERS_CLIENT_ID, OFFERS_CLIENT_SECRET, type OffersState } from '../sandbox/offers';
import { runNode } from '../test/harness';
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
		// Ranges that do not end on a window edge (and end mid-day), as users pick them.
		const end = state.anchorMs - 13 * 3600 * 1000;
		let parameters: INodeParameters = {};
		let items = 0;
		const runOnce = async () => {
			const result = await runNode({ node: SkySlopeOffers, parameters, credentials });
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

			// The least: the fewest windows of <= 31 days covering the range, each read in pages of 100.
			let minimum = 0;
			let windows = 0;
			const seen = new Set<string>();
			for (let from = start; from < end; from += WINDOW_DAYS * DAY) {
				const to = Math.min(from + WINDOW_DAYS * DAY, end);
				// What the service answers for the window (an offer on a shared edge is in both).
				const inWindow = state.inRange(from, to);
				for (const o of inWindow) if (!seen.has(o.OfferId)) seen.add(o.OfferId);
				// A short page ends a window; a full last page needs one more (empty) page: no total is given.
				minimum += Math.floor(inWindow.length / PAGE) + 1;
				windows++;
			}
			const firstPages = listCalls.filter((c) => String(c.query.page) === '1');
			const daysAsked = firstPages.reduce((sum, c) => sum + (Date.parse(String(c.query.endDate)) - Date.parse(String(c.query.startDate))) / DAY, 0);
			const rangeDays = Math.floor(end / DAY) - Math.floor(start / DAY) + 1;
			// Before this rule every window asked for 31 days, the last one reaching up to 30 days past the range.
			const daysAskedBefore = firstPages.length * (WINDOW_DAYS - 1);
			report({
				id: 7,
				what: `Offers Get Many over ${span} days: list requests / minimum (windows x pages)`,
				value: listCalls.length / minimum,
				target: '= 1',
				detail: [
					`${OFFERS} extra offers seeded; ${items} items returned (${seen.size} offers in the range)`,
					`list requests ${listCalls.length} in ${firstPages.length} windows; minimum ${minimum} in ${windows} windows of <= ${WINDOW_DAYS} days, pages of ${PAGE}`,
					`days asked ${daysAsked} for a range touching ${rangeDays} days (the rule before: ${daysAskedBefore}); last endDate ${String(firstPages.at(-1)?.query.endDate)}`,
					`page sizes asked: ${[...new Set(listCalls.map((c) => String(c.query.pageSize)))].join(', ')}; token requests: ${tokenCalls.length}`,
				].join('\n'),
			});
			if (items !== seen.size) out(`  WARNING: the node returned ${items} offers, the range holds ${seen.size}`);
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
