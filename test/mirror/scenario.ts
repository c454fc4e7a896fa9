/* eslint-disable @n8n/community-nodes/no-restricted-globals -- dev tooling, never shipped in dist */
// The mirror's proof, one scenario for each way the sandbox answers (the documents' reading, and
// the live service's as its clients report it): the example workflows imported and published,
// years of history copied by the first loads, hundreds of changes of every kind made while the
// service fails now and then and once while every session and token expires, n8n stopped while
// the brokerage goes on working and started again, and at the end the database equal to the
// sandbox's data: every record, every kept column, no row missing, none extra, none older.
import { DateTime } from 'luxon';

import {
	addOfferHistory,
	api,
	changeOffers,
	converge,
	describeComparison,
	exact,
	example,
	executions,
	FILES,
	itemsOf,
	runManualBranch,
	sandbox,
	startMirror,
	waitForPolls,
	type Comparison,
	type Mirror,
} from './mirror';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export interface ScenarioOptions {
	name: string;
	timezone: string;
	/** The sandbox's live switches (sandbox/core/live.ts); none: as the documents say. */
	live: string[];
}

/** Sizes of the brokerage: a few thousand records over two years, a few hundred changes. */
const HISTORY = { listings: 1200, sales: 1200, offers: 1500, days: 730 };
const WATCHED_FILE = 1001;

export function mirrorScenario(options: ScenarioOptions): void {
	describe(`the mirror in Postgres, ${options.name}`, () => {
		let m: Mirror;
		const signed: Array<{ fileId: number; envelopeId: string; documentId: number }> = [];
		let offersFrom = 0;
		const counts: string[] = [];

		beforeAll(async () => {
			m = await startMirror(options);
		}, 600_000);
		afterAll(async () => {
			if (counts.length) m?.log(`compared:\n${counts.join('\n')}`);
			await m?.stop();
		});

		const sign = async () => {
			const { notification } = await sandbox<{ notification: { envelopeId: string; documentIds: number[] } }>(
				m,
				'POST',
				`/forms/sandbox/files/${WATCHED_FILE}/sign`,
			);
			for (const documentId of notification.documentIds) signed.push({ fileId: WATCHED_FILE, envelopeId: notification.envelopeId, documentId });
		};

		const expectExact = (result: Comparison[], when: string) => {
			counts.push(`${when}:\n${describeComparison(result)}`);
			expect({ when, mirror: describeComparison(result) }).toEqual({ when, mirror: describeComparison(result.map((c) => ({ ...c, missing: [], extra: [], stale: [], rows: c.expected }))) });
			expect(result.every(exact)).toBe(true);
		};

		it('publishes the three workflows, then the first loads copy two years of history', async () => {
			await sandbox(m, 'POST', '/listings/_sandbox/activity/history', { listings: HISTORY.listings, sales: HISTORY.sales, days: HISTORY.days });
			await addOfferHistory(m, HISTORY.offers, HISTORY.days);

			// The tables first (the signed-documents workflow's own set-up branch), then publish all three.
			const tables = await runManualBranch(m, FILES.signedDocuments);
			expect(tables.status).toBe('success');
			const since = Date.now();
			for (const file of Object.values(FILES)) await api(m, 'POST', `/workflows/${example(m, file).id}/activate`);
			// The triggers' first poll records what is there; the first loads start after it.
			await waitForPolls(m, since);

			const started = Date.now();
			const [files, offers] = await Promise.all([runManualBranch(m, FILES.listingsAndSales), runManualBranch(m, FILES.offers)]);
			m.log(`first loads took ${((Date.now() - started) / 1000).toFixed(1)} s`);
			expect({ files: files.status, offers: offers.status }).toEqual({ files: 'success', offers: 'success' });
			const written = itemsOf(files, 'Write to Postgres').length;
			expect(written).toBeGreaterThanOrEqual(HISTORY.listings + HISTORY.sales);
			// What the offers' first load asks for: from the start of the day two years ago, in n8n's zone
			// (the workflow's Start Date, `$now.minus({ years: 2 }).startOf('day')`).
			offersFrom = DateTime.fromMillis(started, { zone: options.timezone }).minus({ years: 2 }).startOf('day').toMillis();
			expect(itemsOf(offers, 'Write to Postgres').length).toBeGreaterThanOrEqual(HISTORY.offers);

			await sign();
			expectExact(await converge(m, offersFrom, signed, 180_000), 'after the first loads');
		}, 900_000);

		it('follows a few hundred changes of every kind, through 503s, 429s and an expiry of every session and token', async () => {
			await sandbox(m, 'PUT', '/_sandbox/faults', [
				{ service: 'listings', path: '^/api/files$', errorRate: 0.3, errorStatus: 503 },
				{ service: 'offers', path: '^/offers-api/ext/offers', errorRate: 0.3, errorStatus: 429 },
			]);
			try {
				const tally = await sandbox(m, 'POST', '/listings/_sandbox/activity/changes', { count: 210, seed: 1 });
				m.log(`changes: ${JSON.stringify(tally)}`);
				await changeOffers(m, 40, 40, 1);
				await sandbox(m, 'POST', '/_sandbox/expire', {});
				await sign();
				const since = Date.now();
				await waitForPolls(m, since, 1);
				await sandbox(m, 'POST', '/listings/_sandbox/activity/changes', { count: 70, seed: 2 });
				await waitForPolls(m, Date.now(), 1);
			} finally {
				await sandbox(m, 'PUT', '/_sandbox/faults', []);
			}
			const log = await sandbox<Array<{ fault?: string }>>(m, 'GET', '/_sandbox/log');
			m.log(`faults answered: ${log.filter((e) => e.fault === 'error').length}`);
			expectExact(await converge(m, offersFrom, signed, 240_000), 'after the changes');
		}, 900_000);

		it('catches up, once, with every change made while n8n was stopped', async () => {
			await m.host.n8n.stop();
			const stoppedAt = Date.now();
			await sandbox(m, 'POST', '/listings/_sandbox/activity/changes', { count: 140, seed: 3 });
			await changeOffers(m, 30, 30, 3);
			// Down for longer than a poll interval: at least one poll of each trigger is missed.
			await sleep(Math.max(0, 75_000 - (Date.now() - stoppedAt)));
			await m.host.restartN8n();
			await sign();
			await waitForPolls(m, Date.now(), 1);
			expectExact(await converge(m, offersFrom, signed, 240_000), 'after n8n was stopped and started');

			// Once: no change came out of a trigger twice (the same record at the same version).
			const emitted: Record<string, string[]> = {};
			for (const [file, triggers, keyOf] of [
				[FILES.listingsAndSales, ['Changed listing', 'Changed sale'], (j: Record<string, unknown>) => `${String(j.listingGuid ?? j.saleGuid)}@${String(j.modifiedOn)}`],
				[FILES.offers, ['New or updated offer'], (j: Record<string, unknown>) => `${String(j.OfferId)}@${String(j.ModificationTimestamp)}#${String((j.OfferTerms as Record<string, unknown> | undefined)?.OfferVersionNumber)}`],
			] as const) {
				for (const execution of await executions(m, example(m, file).id)) {
					for (const trigger of triggers) (emitted[trigger] ??= []).push(...itemsOf(execution, trigger).map(keyOf));
				}
			}
			for (const [trigger, keys] of Object.entries(emitted)) {
				const doubles = keys.filter((k, i) => keys.indexOf(k) !== i);
				m.log(`${trigger}: ${keys.length} changes emitted, ${doubles.length} twice`);
				expect({ trigger, doubles }).toEqual({ trigger, doubles: [] });
				expect(keys.length).toBeGreaterThan(0);
			}
		}, 900_000);
	});
}
