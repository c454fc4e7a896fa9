/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports -- dev tooling, never shipped in dist */
// The triggers' own memory at a large brokerage's size, apart from n8n's: the in-process harness
// runs each trigger's poll() as n8n does, against the sandbox in a process of its own (so that its
// answers, and its sorting of 100,000 records a page, are not counted). Measured: this process's
// peak heap and resident memory above idle (after a collection) while the polls run, each poll's own
// heap peak (a collection before each, as the minute between n8n's polls allows), and the heap
// still held after them, once collected. Status Changed reads its whole history (150,000 files); the
// SkySlope Trigger its baseline and 5 polls more (100,000 offers).
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import type { ICredentialDataDecryptedObject, IDataObject, INodeParameters } from 'n8n-workflow';

import { pollTrigger } from '../harness/listings-env';
import { runPoll } from '../harness/node';
import { SkySlopeTrigger } from '../nodes/SkySlope/SkySlopeTrigger.node';
import { demoCredentials } from '../sandbox/listings';
import { OFFERS_CLIENT_ID, OFFERS_CLIENT_SECRET } from '../sandbox/offers';
import { freePort, startSandboxProcess } from '../scripts/lib/processes';
import { gc, mb, out, report } from './lib';

const DAY = 24 * 3600 * 1000;
const FILES = { listings: 100_000, sales: 50_000 };
const OFFERS = 100_000;

async function call(base: string, method: string, path: string, body?: unknown): Promise<unknown> {
	const res = await fetch(`${base}${path}`, { method, headers: { 'content-type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body) });
	if (!res.ok) throw new Error(`${method} ${path} answered ${res.status}: ${await res.text()}`);
	return await res.json().catch(() => undefined);
}

/**
 * Runs polls while sampling this process's memory: the peaks above idle over all of them (run back
 * to back, as a fast service allows), what is held after them once collected, and each poll's own
 * heap peak above where a collection before it left the heap (n8n polls a minute apart, time in
 * which its collector runs).
 */
async function measure(polls: (poll: (one: () => Promise<void>) => Promise<void>) => Promise<void>): Promise<{ heap: number; rss: number; held: number; perPoll: number[] }> {
	gc();
	const idle = process.memoryUsage();
	let heap = idle.heapUsed;
	let rss = idle.rss;
	let pollPeak = 0;
	const timer = setInterval(() => {
		const now = process.memoryUsage();
		heap = Math.max(heap, now.heapUsed);
		rss = Math.max(rss, now.rss);
		pollPeak = Math.max(pollPeak, now.heapUsed);
	}, 5);
	const perPoll: number[] = [];
	await polls(async (one) => {
		gc();
		const start = process.memoryUsage().heapUsed;
		pollPeak = start;
		await one();
		perPoll.push(Math.max(pollPeak, process.memoryUsage().heapUsed) - start);
	});
	clearInterval(timer);
	gc();
	return { heap: heap - idle.heapUsed, rss: rss - idle.rss, held: process.memoryUsage().heapUsed - idle.heapUsed, perPoll };
}

const range = (values: number[]) => `${mb(Math.min(...values))} to ${mb(Math.max(...values))}`;

export async function pollMemoryBench(): Promise<void> {
	const sandbox = await startSandboxProcess(await freePort(), join(mkdtempSync(join(tmpdir(), 'skyslope-poll-memory-')), 'sandbox.log'));
	const base = sandbox.baseUrl;
	try {
		// Status Changed: the history of 150,000 files, read as the polls after publishing read it.
		await call(base, 'POST', '/listings/_sandbox/activity/history', { ...FILES, days: 3650, seed: 2020 });
		const env = { credentials: demoCredentials(base) } as Parameters<typeof pollTrigger>[0];
		const status: INodeParameters = { event: 'statusChanged', fileTypes: ['listing', 'sale'], statuses: ['closed'] };
		const book: IDataObject = {};
		await pollTrigger(env, status, book);
		let polls = 0;
		const statusMemory = await measure(async (measured) => {
			while (book.history !== undefined && polls < 100) {
				await measured(async () => void (await pollTrigger(env, status, book, 'trigger', 30_000)));
				polls++;
			}
		});
		const bookBytes = JSON.stringify(book).length;
		report({
			id: 20,
			what: `Status Changed's history of ${FILES.listings + FILES.sales} files, the trigger's own memory (in-process harness, the sandbox in its own process)`,
			value: statusMemory.rss / 2 ** 20,
			target: '<= 64',
			detail: [
				`${polls} polls; the state: ${mb(bookBytes)}`,
				`this process above idle: heap peak +${mb(statusMemory.heap)}, resident peak +${mb(statusMemory.rss)}; held after the polls, once collected: ${mb(statusMemory.held)}`,
				`each poll's heap peak above where a collection before it left the heap: ${range(statusMemory.perPoll)} (first to last: ${statusMemory.perPoll.map((b) => (b / 2 ** 20).toFixed(0)).join(', ')} MB)`,
				'value: the resident peak in MB',
			].join('\n'),
		});

		// The SkySlope Trigger: 100,000 offers over two years (the sandbox's own included), the baseline and 5 polls.
		const own = ((await call(base, 'GET', '/offers/_sandbox/offers')) as unknown[]).length;
		const now = Date.now();
		const adding = OFFERS - own;
		for (let from = 0; from < adding; from += 20_000) {
			const batch = Array.from({ length: Math.min(20_000, adding - from) }, (_, j) => {
				const submitted = now - 728 * DAY + Math.floor(((from + j + 0.5) / adding) * 727 * DAY);
				return {
					OfferSubmissionDate: new Date(submitted).toISOString(),
					ModificationTimestamp: new Date(submitted + 3600_000).toISOString(),
					fileId: 10001 + ((from + j) % 30),
					OfferTerms: { OfferPrice: 400_000, OfferStatus: 'Submitted', OfferVersionNumber: 1 },
				};
			});
			await call(base, 'POST', '/offers/_sandbox/offers', batch);
		}
		await call(base, 'PUT', '/_sandbox/ratelimit', { service: 'offers', limit: 10_000_000 });
		let credentials: Record<string, ICredentialDataDecryptedObject> = {
			skySlopeOffersOAuth2Api: { environment: 'custom', customBaseUrl: `${base}/offers/offers-api`, clientId: OFFERS_CLIENT_ID, clientSecret: OFFERS_CLIENT_SECRET },
		};
		const parameters: INodeParameters = { event: 'newAndUpdatedOffers', scope: 'all', options: { sweepDays: 730 } };
		const state: IDataObject = {};
		const poll = async () => {
			const result = await runPoll({ node: SkySlopeTrigger, parameters, credentials, staticData: state, mode: 'trigger', pollBudgetMs: 600_000 });
			credentials = result.credentials;
		};
		await poll();
		let baselinePolls = 0;
		const offersMemory = await measure(async (measured) => {
			// The baseline spreads over polls of at most 50 requests (BASELINE_REQUESTS_PER_POLL).
			for (let n = 0; n < 100 && (n === 0 || state.baselineSince !== undefined); n++) {
				await measured(poll);
				baselinePolls++;
			}
			for (let n = 0; n < 5; n++) await measured(poll);
		});
		report({
			id: 22,
			what: `the SkySlope Trigger's baseline and 5 polls at ${OFFERS} offers, the trigger's own memory (in-process harness, the sandbox in its own process)`,
			value: offersMemory.rss / 2 ** 20,
			target: '<= 64',
			detail: [
				`the baseline in ${baselinePolls} polls, then 5 more; the state: ${mb(JSON.stringify(state).length)}`,
				`this process above idle: heap peak +${mb(offersMemory.heap)}, resident peak +${mb(offersMemory.rss)}; held after the polls, once collected: ${mb(offersMemory.held)}`,
				`each poll's heap peak above where a collection before it left the heap: ${range(offersMemory.perPoll)} (first to last: ${offersMemory.perPoll.map((b) => (b / 2 ** 20).toFixed(0)).join(', ')} MB)`,
				'value: the resident peak in MB',
			].join('\n'),
		});
	} finally {
		await sandbox.stop();
	}
	out('');
}
