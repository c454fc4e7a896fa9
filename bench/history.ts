/* eslint-disable @n8n/community-nodes/no-restricted-globals -- dev tooling, never shipped in dist */
// Figure 20: publishing a Status Changed trigger at a large brokerage (100,000 listings and 50,000
// sales over ten years) against an export slowed to a live speed (each read answering after 5 s,
// then streaming), in real n8n with one-minute polls: the time publishing takes, the time until the
// history is read, the polls it took, and the events of changes made during it (each once: with its
// earlier status where its year was read before the change, else saying it is unknown).
import { api, executions, itemsOf, sandbox, sandboxLog, startMirror, type Mirror } from '../harness/mirror';
import { measuredN8n, memoryWatch, memoryWords } from './brokerage';
import { fmt, out, report } from './lib';

const LISTINGS = Number(process.env.BENCH_HISTORY_LISTINGS ?? 100_000);
const SALES = Number(process.env.BENCH_HISTORY_SALES ?? 50_000);
const SLOW_MS = Number(process.env.BENCH_HISTORY_SLOW_MS ?? 5000);
const CHANGES = 20;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

const exportReads = async (m: Mirror, since: number) =>
	(await sandboxLog(m)).filter((e) => e.at >= since && e.service === 'listings' && e.method === 'GET' && e.path === '/api/files');

export async function historyBench(): Promise<void> {
	const m = await startMirror({ name: 'history', timezone: 'America/Los_Angeles', live: ['zonelessDates', 'displayStatuses'], ...measuredN8n() });
	try {
		await sandbox(m, 'POST', '/listings/_sandbox/activity/history', { listings: LISTINGS, sales: SALES, days: 3650, seed: 2020 });
		const { sales } = await sandbox<{ sales: Array<{ saleGuid: string; status: string; createdOn: string }> }>(m, 'GET', '/listings/_sandbox/activity/records');
		const year = new Date().getUTCFullYear();
		const yearOf = (s: { createdOn: string }) => new Date(`${s.createdOn.replace(/Z?$/, 'Z')}`).getUTCFullYear();
		const pending = sales.filter((s) => /^pending$/i.test(s.status));
		const recent = pending.filter((s) => yearOf(s) === year).slice(0, CHANGES);
		const old = pending.filter((s) => yearOf(s) <= year - 5).slice(0, CHANGES);
		await sandbox(m, 'PUT', '/_sandbox/live', { zonelessDates: true, displayStatuses: true, slowExport: SLOW_MS });

		const watch = memoryWatch(m);
		const created = await api<{ id: string }>(m, 'POST', '/workflows', {
			name: 'bench history',
			nodes: [
				{
					name: 'Closed',
					type: 'n8n-nodes-skyslope.skySlopeTrigger',
					typeVersion: 1,
					position: [0, 0],
					parameters: { pollTimes: { item: [{ mode: 'everyMinute' }] }, event: 'statusChanged', fileTypes: ['listing', 'sale'], statuses: ['closed'] },
					credentials: { skySlopeApi: { id: 'skyslope-api-sandbox', name: 'SkySlope API (sandbox)' } },
				},
				{ name: 'Received', type: 'n8n-nodes-base.noOp', typeVersion: 1, position: [220, 0], parameters: {} },
			],
			connections: { Closed: { main: [[{ node: 'Received', type: 'main', index: 0 }]] } },
			settings: { executionOrder: 'v1' },
		});
		const since = Date.now();
		await api(m, 'POST', `/workflows/${created.id}/activate`);
		const published = (Date.now() - since) / 1000;

		// Changes while the history is read: once this year's slice is in, close recent and old sales.
		let changedAt = 0;
		let slices = 0;
		const expectedSlices = year - 2000 + 2;
		while (slices < expectedSlices) {
			const reads = (await exportReads(m, since)).filter((e) => e.query.createdBefore !== undefined && e.query.type !== 'summary' && e.status === 200);
			slices = reads.length;
			if (!changedAt && reads.some((e) => String(e.query.createdAfter).startsWith(`${year}-01-01`))) {
				for (const s of [...recent, ...old]) await sandbox(m, 'PATCH', `/listings/_sandbox/activity/sales/${s.saleGuid}`, { status: 'closed' });
				changedAt = Date.now();
			}
			if (Date.now() - since > 3_600_000) throw new Error(`the history was not read within an hour (${slices} of ${expectedSlices} slices)`);
			await sleep(1000);
		}
		// The poll that read the last slice ends when it has streamed it; the next window read comes after.
		const lastSlice = Date.now();
		while (!(await exportReads(m, lastSlice)).some((e) => e.query.modifiedAfter !== undefined)) await sleep(1000);
		const historyRead = (Date.now() - since) / 1000;
		await sleep(65_000);
		const memory = watch.stop();
		const all = await exportReads(m, since);
		if (process.env.BENCH_MEMORY_TRACE === '1') {
			for (const e of all) out(`    export at ${fmt((e.at - since) / 1000, 1)} s: ${JSON.stringify(e.query)}`);
		}
		const polls = all.filter((e) => e.query.modifiedAfter !== undefined).length;
		const events = (await executions(m, created.id)).flatMap((e) => itemsOf(e, 'Closed'));
		const guids = events.map((e) => String(e.saleGuid));
		const once = new Set(guids).size === guids.length;
		const recentKnown = events.filter((e) => recent.some((s) => s.saleGuid === e.saleGuid) && /^pending$/i.test(String(e.previousStatus))).length;
		const oldUnknown = events.filter((e) => old.some((s) => s.saleGuid === e.saleGuid) && e.previousStatusUnknown === true).length;
		// A recent sale changed while its slice was streaming is left to the next change window: unknown too.
		const recentUnknown = events.filter((e) => recent.some((s) => s.saleGuid === e.saleGuid) && e.previousStatusUnknown === true).length;
		const missing = [...recent, ...old].filter((s) => !guids.includes(s.saleGuid)).length;
		await api(m, 'POST', `/workflows/${created.id}/deactivate`);
		report({
			id: 20,
			what: `Status Changed published at ${LISTINGS + SALES} files over ten years, the export answering after ${SLOW_MS / 1000} s a read (real n8n, one-minute polls): events missed or doubled`,
			value: missing + (once ? 0 : guids.length - new Set(guids).size),
			target: '<= 0',
			detail: [
				`publishing took ${fmt(published, 1)} s (n8n gives up after about 84 s)`,
				`the history (${expectedSlices} creation-year slices, newest first) was read ${fmt(historyRead, 0)} s after publishing, over ${polls} polls (each poll reads its change window first; ${all.length} export reads in all)`,
				`${CHANGES} sales of this year and ${CHANGES} of five or more years ago closed ${fmt((changedAt - since) / 1000, 0)} s after publishing: ${events.length} events, of this year's ${recentKnown} with previousStatus pending (their year read before) and ${recentUnknown} with previousStatusUnknown (changed while their year streamed), of the old ones ${oldUnknown} with previousStatusUnknown (their year read after); each once: ${once}`,
				`from publishing on: ${memoryWords(memory)}`,
			].join('\n'),
		});
	} finally {
		await m.stop();
	}
	out('');
}
