/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports -- dev tooling, never shipped in dist */
// Figures 16 to 18: a large brokerage (100,000 listings and 50,000 sales over ten years) in real
// n8n with a real Postgres (test/mirror's host), the sandbox answering as the live service does
// (the 422 past the end, pages 1 to 1000 only, zone-less dates, display statuses), n8n in
// America/Los_Angeles. 16: the Status Changed trigger's history read over the polls after
// publishing (time, requests, stored state, n8n's memory) at 50,000 and at 150,000 files, a quiet
// poll, a poll with 500 changes. 17: Listing
// > Get Many with Return All over 12,000 listings (requests against records / 10; time with the
// rate limit raised). 18: the mirror's first load of all of it (records a second against the rate
// limit, n8n's peak memory, the database against the sandbox).
import { randomUUID } from 'node:crypto';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

import {
	api,
	compareAll,
	example,
	exact,
	FILES,
	firstLoadWritten,
	psql,
	runByWebhook,
	runManualBranch,
	sandbox,
	sandboxLog,
	sql,
	stable,
	startMirror,
	waitForPolls,
	type Mirror,
} from '../harness/mirror';
import type { WorkflowNode } from '../harness/n8n/workflows';
import { memoryCgroupDir } from '../scripts/lib/processes';
import { fmt, mb, out, report } from './lib';

const LISTINGS = Number(process.env.BENCH_BROKERAGE_LISTINGS ?? 100_000);
const SALES = Number(process.env.BENCH_BROKERAGE_SALES ?? 50_000);
const DAYS = 3650;
const LIVE = ['pastEnd422', 'pageLimit', 'zonelessDates', 'displayStatuses'];
const LISTINGS_CREDENTIAL = {
	skySlopeApi: { id: 'skyslope-api-sandbox', name: 'SkySlope API (sandbox)' },
};
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * n8n's memory while a piece of work runs, three ways:
 * - resident (its main process, where the nodes run), sampled every 250 ms until stopped: the peak,
 *   when it came, the floor, and the samples (`BENCH_MEMORY_TRACE=1` prints one line every 5 s of
 *   them). The floor (the lowest sample, where a collection left n8n) is the idle to measure from:
 *   where n8n stood at the start can hold hundreds of megabytes of garbage from its own start-up
 *   that the collector has not run on yet (measured: 734 MB before publishing, 433 MB ten seconds
 *   later). The resident peak counts garbage too, and the pages V8 keeps pooled for reuse: how much
 *   is n8n's own shows in a control that does the same work with n8n's own nodes (figure 18);
 * - V8's heap (its main isolate, from the same `--trace-gc` lines): the most it took and its objects,
 *   garbage included, at most: how much of the resident rise is V8's heap and how much lies outside;
 * - held: what each full collection (Mark-Compact, from n8n's `--trace-gc` lines in its log) left
 *   alive, at most, during the work, against n8n at rest: the least of what the last one before the
 *   work left and what those during it left. What the work keeps, garbage aside.
 */
export function memoryWatch(m: Mirror): {
	stop(): {
		startMb: number;
		peakMb: number;
		peakAtS: number;
		floorMb: number;
		samples: Array<{ atS: number; mb: number }>;
		held?: { restMb: number; peakMb: number; collections: number };
		heap?: { takenFloorMb: number; takenPeakMb: number; objectsPeakMb: number };
	};
} {
	const pid = m.host.n8n.child.pid as number;
	const logFile = join(m.host.userFolder, 'n8n.log');
	const logAt = statSync(logFile).size;
	const rss = () => Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) * 1024;
	const began = Date.now();
	const start = rss();
	const samples: Array<{ atS: number; mb: number }> = [];
	const sample = () => samples.push({ atS: (Date.now() - began) / 1000, mb: rss() / 2 ** 20 });
	const timer = setInterval(sample, 250);
	return {
		stop() {
			clearInterval(timer);
			sample();
			if (process.env.BENCH_MEMORY_TRACE === '1') {
				for (const s of samples.filter((_, i) => i % 20 === 0)) process.stdout.write(`    rss at ${s.atS.toFixed(0)} s: ${s.mb.toFixed(0)} MB\n`);
			}
			const floorMb = Math.min(...samples.map((x) => x.mb));
			// The peak from n8n's first collection on (the first sample within 10 MB of the floor): before
			// it, the start-up garbage would be counted as the work's.
			const settled = samples.slice(samples.findIndex((x) => x.mb <= floorMb + 10));
			const top = settled.reduce((a, b) => (b.mb > a.mb ? b : a));
			const log = readFileSync(logFile);
			// `[pid:isolate] 1234 ms: Mark-Compact (reduce) 250.1 (270.3) -> 200.2 (260.0) MB, ...`: the
			// heap's objects (garbage included) and the heap V8 has taken, before and after. Only the main
			// isolate of n8n's main process: its worker threads have isolates of their own (a few MB each)
			// that write to the same log, and so would any child process that inherited the flag.
			const beforeChars = log.subarray(0, logAt).toString('utf8').length;
			const lines = [
				...log
					.toString('utf8')
					.matchAll(/^\[(\d+):([^\]]*)\][^\n]*?(Scavenge|Mark-Compact|Minor Mark-Sweep)(?: \([^)]*\))? ([\d.]+) \(([\d.]+)\) -> ([\d.]+) \(([\d.]+)\) MB/gm),
			]
				.filter((x) => Number(x[1]) === pid)
				.map((x) => ({
					before: x.index < beforeChars,
					isolate: x[2],
					full: x[3] === 'Mark-Compact',
					objectsMb: Number(x[4]),
					takenMb: Math.max(Number(x[5]), Number(x[7])),
					aliveMb: Number(x[6]),
				}));
			const biggest = new Map<string, number>();
			for (const c of lines) biggest.set(c.isolate, Math.max(biggest.get(c.isolate) ?? 0, c.takenMb));
			const main = [...biggest].sort((a, b) => b[1] - a[1])[0]?.[0];
			const before = lines.filter((c) => c.isolate === main && c.before);
			const during = lines.filter((c) => c.isolate === main && !c.before);
			const fullBefore = before.filter((c) => c.full).map((c) => c.aliveMb);
			const fullDuring = during.filter((c) => c.full).map((c) => c.aliveMb);
			const held = fullDuring.length
				? // At rest: the least of the last collection before the work and those during it (the last one
					// before can still hold n8n's own start-up, which a later one lets go).
					{ restMb: Math.min(...fullBefore.slice(-1), ...fullDuring), peakMb: Math.max(...fullDuring), collections: fullDuring.length }
				: undefined;
			// The heap V8 took, against its floor in the run: how much of the resident rise is V8 letting
			// garbage pile up before a collection, and how much lies outside its heap.
			const heap = during.length
				? {
						takenFloorMb: Math.min(...[...before.slice(-1), ...during].map((c) => c.takenMb)),
						takenPeakMb: Math.max(...during.map((c) => c.takenMb)),
						objectsPeakMb: Math.max(...during.map((c) => c.objectsMb)),
					}
				: undefined;
			return { startMb: start / 2 ** 20, peakMb: top.mb, peakAtS: top.atS, floorMb, samples, held, heap };
		},
	};
}

/**
 * How the benchmarks start n8n: `BENCH_N8N_OLD_SPACE_MB=<n>` caps V8's old space at n MB, as a small
 * instance (or a container's memory limit) has it: the collector then runs before the heap grows,
 * and what the work really holds shows, rather than how lazily a roomy heap is collected. n8n itself
 * does not start under 256 (it holds about 250 MB while it starts). `--trace-gc` writes each
 * collection to n8n's log, for what the work holds (memoryWatch).
 */
export function measuredN8n(): { n8nEnv?: Record<string, string>; n8nNodeArgs: string[]; n8nMemoryLimitMb?: number } {
	const mb = process.env.BENCH_N8N_OLD_SPACE_MB;
	// BENCH_N8N_CONTAINER_MB=<n>: n8n in a memory cgroup of n MB with no swap, as in a container with
	// that limit (the kernel stops n8n past it); without an old-space cap, Node sizes its heap by it.
	const container = Number(process.env.BENCH_N8N_CONTAINER_MB);
	// BENCH_N8N_ENV='NAME=value,...': more of n8n's settings for a run (e.g. EXECUTIONS_DATA_SAVE_ON_SUCCESS=none).
	const more = (process.env.BENCH_N8N_ENV ?? '')
		.split(',')
		.filter((pair) => pair.includes('='))
		.map((pair) => [pair.slice(0, pair.indexOf('=')).trim(), pair.slice(pair.indexOf('=') + 1).trim()]);
	const env = { ...(mb ? { NODE_OPTIONS: `--max-old-space-size=${Number(mb)}` } : {}), ...Object.fromEntries(more) };
	return {
		n8nEnv: Object.keys(env).length ? env : undefined,
		n8nNodeArgs: ['--trace-gc'],
		...(container > 0 ? { n8nMemoryLimitMb: container } : {}),
	};
}

/** A memory watch's figures in words: the peak above the floor, and where n8n started; what the work held. */
export function memoryWords(memory: ReturnType<ReturnType<typeof memoryWatch>['stop']>): string {
	const held = memory.held
		? `; held (what full collections left alive): at most ${fmt(memory.held.peakMb, 0)} MB over ${memory.held.collections} collections, ${fmt(memory.held.peakMb - memory.held.restMb, 0)} MB above the ${fmt(memory.held.restMb, 0)} MB held before`
		: '; no full collection during it';
	const heap = memory.heap
		? `; V8's heap: taken at most ${fmt(memory.heap.takenPeakMb, 0)} MB, ${fmt(memory.heap.takenPeakMb - memory.heap.takenFloorMb, 0)} MB above its least, objects (garbage included) at most ${fmt(memory.heap.objectsPeakMb, 0)} MB`
		: '';
	return `n8n's resident memory: peak ${fmt(memory.peakMb, 0)} MB, ${fmt(memory.peakMb - memory.floorMb, 0)} MB above its floor of ${fmt(memory.floorMb, 0)} MB (its lowest, after a collection; ${fmt(memory.startMb, 0)} MB at the start), ${fmt(memory.peakAtS, 0)} s in${held}${heap}`;
}

const exportsSince = async (m: Mirror, since: number) =>
	(await sandboxLog(m)).filter(
		(e) => e.at >= since && e.service === 'listings' && e.path === '/api/files' && e.method === 'GET' && e.query.createdBefore !== undefined && e.query.type !== 'summary',
	);

/** Publishes a Status Changed trigger (every minute, listings and sales, to closed); its id. */
async function publishStatusTrigger(m: Mirror, name: string): Promise<string> {
	const trigger: WorkflowNode = {
		name: 'Closed',
		type: 'n8n-nodes-skyslope.skySlopeTrigger',
		typeVersion: 1,
		position: [0, 0],
		parameters: {
			pollTimes: { item: [{ mode: 'everyMinute' }] },
			event: 'statusChanged',
			fileTypes: ['listing', 'sale'],
			statuses: ['closed'],
		},
		credentials: LISTINGS_CREDENTIAL,
	};
	const created = await api<{ id: string }>(m, 'POST', '/workflows', {
		name,
		nodes: [
			trigger,
			{
				name: 'Received',
				type: 'n8n-nodes-base.noOp',
				typeVersion: 1,
				position: [220, 0],
				parameters: {},
			},
		],
		connections: {
			Closed: { main: [[{ node: 'Received', type: 'main', index: 0 }]] },
		},
		settings: { executionOrder: 'v1' },
	});
	await api(m, 'POST', `/workflows/${created.id}/activate`);
	return created.id;
}

/**
 * Once the trigger has read its history (every creation-year slice answered, and the next poll's
 * change window asked: the poll that read the last slice has ended), its book as n8n stored it.
 * The history is read over the polls after publishing, and n8n saves a poll's state only when it
 * emits (and once after publishing): the stored book can still be the one the history began with.
 * Then its size is given as what a book of every file takes (11 characters a file, grouped by status).
 */
async function bookOf(m: Mirror, workflowId: string, timeoutMs: number, since: number): Promise<{ bytes: number; files: number; stored: boolean }> {
	const deadline = Date.now() + timeoutMs;
	const year = new Date().getUTCFullYear();
	for (;;) {
		const reads = (await sandboxLog(m)).filter((e) => e.at >= since && e.service === 'listings' && e.path === '/api/files' && e.method === 'GET');
		const last = reads.filter((e) => e.query.createdBefore !== undefined && e.query.type !== 'summary' && e.status === 200);
		const lastAt = last.length ? last[last.length - 1].at : Number.POSITIVE_INFINITY;
		if (last.length >= year - 2000 + 2 && reads.some((e) => e.query.modifiedAfter !== undefined && e.at > lastAt)) break;
		if (Date.now() > deadline) throw new Error('the Status Changed trigger did not read its history');
		await sleep(500);
	}
	const wf = await api<{
		staticData?: Record<string, { book?: { byStatus: Record<string, string> }; history?: unknown }> | null;
	}>(m, 'GET', `/workflows/${workflowId}`);
	const node = wf.staticData?.['node:Closed'];
	const files = Object.values(node?.book?.byStatus ?? {}).reduce((n, keys) => n + keys.length / 11, 0);
	return { bytes: JSON.stringify(wf.staticData).length, files, stored: node?.history === undefined };
}

const executionsOf = async (m: Mirror, id: string) =>
	(await api<{ data: Array<{ id: string }> }>(m, 'GET', `/executions?workflowId=${id}&limit=50`)).data;

export async function brokerageBench(): Promise<void> {
	const m = await startMirror({
		name: 'brokerage',
		timezone: 'America/Los_Angeles',
		live: LIVE,
		...measuredN8n(),
	});
	try {
		// ---- 16: Status Changed, first poll at a third of the size, then at the whole ----------------
		// BENCH_BROKERAGE_SKIP=16 loads the history and goes on to figures 17 and 18; =16,17 to 18 alone;
		// =17,18 measures 16 alone.
		const skip = new Set((process.env.BENCH_BROKERAGE_SKIP ?? '').split(','));
		if (skip.has('16')) {
			await sandbox(m, 'POST', '/listings/_sandbox/activity/history', {
				listings: LISTINGS,
				sales: SALES,
				days: DAYS,
			});
		} else await statusFigure(m);

		if (!skip.has('17')) await getManyFigure(m);
		if (!skip.has('18')) await firstLoadFigure(m);
	} finally {
		await m.stop();
	}
}

async function statusFigure(m: Mirror): Promise<void> {
	const firstPolls: string[] = [];
	const triggers: string[] = [];
	for (const [listings, sales] of [
		[Math.round(LISTINGS / 3), Math.round(SALES / 3)],
		[LISTINGS - Math.round(LISTINGS / 3), SALES - Math.round(SALES / 3)],
	]) {
		await sandbox(m, 'POST', '/listings/_sandbox/activity/history', {
			listings,
			sales,
			days: DAYS,
			seed: listings,
		});
		const files = await sandbox<{ listings: number; sales: number }>(m, 'POST', '/listings/_sandbox/activity/history', {
			listings: 0,
			sales: 0,
			days: DAYS,
		});
		const since = Date.now();
		const watch = memoryWatch(m);
		const id = await publishStatusTrigger(m, `bench status ${files.listings + files.sales}`);
		triggers.push(id);
		const book = await bookOf(m, id, 900_000, since);
		const seconds = (Date.now() - since) / 1000;
		const memory = watch.stop();
		const requests = (await exportsSince(m, since)).length;
		const stored = book.stored
			? `book of ${book.files} files in ${mb(book.bytes)} of static data (${fmt(book.bytes / book.files, 1)} bytes a file)`
			: 'the book read whole is saved by n8n with the next poll that emits';
		firstPolls.push(
			`${files.listings + files.sales} files (${files.listings} listings, ${files.sales} sales): history read ${fmt(seconds, 1)} s after publishing, ${requests} export requests (creation-year slices), ${stored}; ${memoryWords(memory)}`,
		);
		out(`  ${firstPolls.at(-1)}`);
		// Only the trigger of this size polls on: the other is unpublished.
		if (triggers.length > 1) await api(m, 'POST', `/workflows/${triggers[0]}/deactivate`);
	}
	const id = triggers.at(-1) as string;
	// A quiet poll, then 500 changes of every kind (new files, prices, commissions, statuses, sales closing).
	const quietFrom = Date.now();
	await waitForNextPoll(m, quietFrom);
	const quiet = (await sandboxLog(m)).filter((e) => e.at >= quietFrom && e.service === 'listings' && !e.path.startsWith('/_sandbox'));
	const changedFrom = Date.now();
	const tally = await sandbox<Record<string, number>>(m, 'POST', '/listings/_sandbox/activity/changes', { count: 500, seed: 500 });
	const executionsBefore = (await executionsOf(m, id)).length;
	await waitForNextPoll(m, changedFrom);
	await sleep(5000);
	const runs = await executionsOf(m, id);
	const events =
		runs.length > executionsBefore
			? ((
					await api<{
						data?: {
							resultData: {
								runData: Record<
									string,
									Array<{
										data?: {
											main?: Array<Array<{ json: Record<string, unknown> }>>;
										};
									}>
								>;
							};
						};
					}>(m, 'GET', `/executions/${runs[0].id}?includeData=true`)
				).data?.resultData.runData.Closed?.[0]?.data?.main?.[0] ?? [])
			: [];
	const wrong = events.filter(
		(e) => String(e.json.previousStatus ?? '').toLowerCase() === 'closed' || String(e.json.status).toLowerCase() !== 'closed',
	);
	report({
		id: 16,
		what: `SkySlope Trigger, Status Changed, in real n8n (America/Los_Angeles, live-service answers): the polls after publishing read every file's status`,
		value: wrong.length,
		target: '<= 0',
		detail: [
			...firstPolls,
			`quiet poll: ${quiet.length} request(s) (${[...new Set(quiet.map((e) => `${e.method} ${e.path}`))].join(', ')}), ${executionsBefore} executions`,
			`500 changes (${Object.entries(tally)
				.map(([k, n]) => `${k} ${n}`)
				.join(
					', ',
				)}): one execution with ${events.length} events, every one a sale moving to Closed from another status (${events.filter((e) => e.json.previousStatus === null).length} with previousStatus null: files entered after the first poll)`,
			'value: events that were no status change (previousStatus already closed, or a status not wanted)',
		].join('\n'),
	});
	await api(m, 'POST', `/workflows/${id}/deactivate`);
}

async function getManyFigure(m: Mirror): Promise<void> {
	// ---- 17: Get Many with Return All over 12,000 listings ---------------------------------------
	const all = await sandbox<{ listings: Array<{ createdOn: string }> }>(m, 'GET', '/listings/_sandbox/activity/records');
	const created = all.listings.map((l) => Date.parse(`${l.createdOn}Z`)).sort((a, b) => b - a);
	const from = new Date(created[11_999]).toISOString();
	const inRange = created.filter((t) => t >= Date.parse(from)).length;
	await sandbox(m, 'PUT', '/_sandbox/ratelimit', {
		service: 'listings',
		limit: 100_000,
	});
	const path = `getmany-${randomUUID().slice(0, 8)}`;
	const readFrom = Date.now();
	const watch = memoryWatch(m);
	const execution = await runByWebhook(
		m,
		{
			name: 'bench Get Many 12,000',
			nodes: [
				{
					name: 'Start',
					type: 'n8n-nodes-base.webhook',
					typeVersion: 2,
					webhookId: randomUUID(),
					position: [0, 0],
					parameters: {
						httpMethod: 'POST',
						path,
						responseMode: 'onReceived',
						options: {},
					},
				},
				{
					name: 'All listings',
					type: 'n8n-nodes-skyslope.skySlope',
					typeVersion: 1,
					position: [220, 0],
					parameters: {
						service: 'listingsSales',
						resource: 'listing',
						operation: 'getAll',
						returnAll: true,
						filters: { earliestDate: from },
					},
					credentials: LISTINGS_CREDENTIAL,
				},
				{
					name: 'Count',
					type: 'n8n-nodes-base.summarize',
					typeVersion: 1.1,
					position: [440, 0],
					parameters: {
						fieldsToSummarize: {
							values: [{ aggregation: 'countUnique', field: 'listingGuid' }],
						},
						options: {},
					},
				},
			],
			connections: {
				Start: { main: [[{ node: 'All listings', type: 'main', index: 0 }]] },
				'All listings': {
					main: [[{ node: 'Count', type: 'main', index: 0 }]],
				},
			},
			settings: { executionOrder: 'v1' },
		},
		path,
	);
	const memory = watch.stop();
	await sandbox(m, 'PUT', '/_sandbox/ratelimit', {
		service: 'listings',
		limit: 100,
	});
	const lists = (await sandboxLog(m)).filter((e) => e.at >= readFrom && e.path === '/api/files/listings');
	const unique = Number(Object.values(execution.data?.resultData.runData.Count?.[0]?.data?.main?.[0]?.[0]?.json ?? {})[0] ?? 0);
	const seconds =
		(Date.parse(String((execution as { stoppedAt?: string }).stoppedAt)) -
			Date.parse(String((execution as { startedAt?: string }).startedAt))) /
		1000;
	const minimum = Math.ceil(inRange / 10);
	report({
		id: 17,
		what: 'Listing > Get Many, Return All over 12,000 listings (Created After), pages 1 to 1000 only, in real n8n',
		value: lists.length / minimum,
		target: '<= 1.05',
		detail: [
			`${unique} distinct listings of ${inRange} in the range (${execution.status}); ${lists.length} list requests against ${minimum} (records / 10): ${lists.filter((e) => e.query.pageNumber === '1000').length} probes of page 1000, ${new Set(lists.map((e) => `${String(e.query.earliestDate)}-${String(e.query.latestDate)}`)).size} creation-date ranges, highest page ${Math.max(...lists.map((e) => Number(e.query.pageNumber ?? 1)))}`,
			`${fmt(seconds, 1)} s with the rate limit raised (at the service's 100 requests a minute the same reads take ${fmt(lists.length / 100, 1)} minutes); ${memoryWords(memory)}`,
			'value: requests / the minimum',
		].join('\n'),
	});

}

async function firstLoadFigure(m: Mirror): Promise<void> {
	// ---- 18: the mirror's first load of all of it --------------------------------------------------
	const mirrorFrom = Date.now();
	await api(m, 'POST', `/workflows/${example(m, FILES.listingsAndSales).id}/activate`);
	await waitForPolls(m, mirrorFrom).catch(() => undefined);
	// BENCH_CONTROL_FIRST=1 runs the control (below) first, then empties the tables: which of the two
	// finds n8n warm does not decide the figure.
	const controlFirst = process.env.BENCH_CONTROL_FIRST === '1';
	// BENCH_CONTROL=0 leaves the control out (the container-size runs: does the load finish, and how fast).
	const withControl = process.env.BENCH_CONTROL !== '0';
	// n8n at rest before either: load and control are measured from one floor, the lowest of this and
	// of both runs, so that which ran first does not decide how high each rose.
	const restWatch = memoryWatch(m);
	await sleep(20_000);
	const rest = restWatch.stop();
	let control: Awaited<ReturnType<typeof controlLoad>> | undefined;
	if (controlFirst && withControl) {
		control = await controlLoad(m, 'before');
		const emptied = await psql(m.pg, m.pg.database, 'TRUNCATE skyslope_listings, skyslope_sales');
		if (emptied.code !== 0) throw new Error(`the tables could not be emptied after the control: ${emptied.err}`);
	}
	const loadFrom = Date.now();
	const loadWatch = memoryWatch(m);
	const load = await runManualBranch(m, FILES.listingsAndSales, {
		withData: false,
		timeoutMs: 3_600_000,
	}).catch((error: Error) => {
		const n8n = m.host.n8n.child;
		// Past a container's limit the kernel stops n8n: the load did not finish, and that is the figure.
		const killed = n8n.exitCode !== null || n8n.signalCode !== null ? ` (n8n ended: ${n8n.signalCode ?? `exit ${String(n8n.exitCode)}`}${n8n.signalCode === 'SIGKILL' ? ', the kernel at the memory limit' : ''})` : '';
		throw new Error(`the first load did not finish${killed}: ${error.message}`);
	});
	const loadMemory = loadWatch.stop();
	const loadSeconds =
		(Date.parse(String((load as { stoppedAt?: string }).stoppedAt)) - Date.parse(String((load as { startedAt?: string }).startedAt))) /
		1000;
	const loadRequests = (await sandboxLog(m)).filter(
		(e) => e.at >= loadFrom && e.service === 'listings' && e.path === '/api/files' && e.query.createdBefore !== undefined,
	).length;
	const rows = (
		await sql<{ n: number }>(m, 'SELECT (SELECT count(*) FROM skyslope_listings) + (SELECT count(*) FROM skyslope_sales) AS n')
	)[0].n;
	await sleep(70_000);
	const comparison = (await compareAll(m, Date.now(), [])).filter((c) => c.table === 'skyslope_listings' || c.table === 'skyslope_sales');
	const allowed = (100 / 60) * (rows / Math.max(1, loadRequests));
	const differences = await howRowsDiffer(m, comparison);
	if (!controlFirst && withControl) control = await controlLoad(m, 'afterwards');
	const floorMb = Math.min(rest.floorMb, loadMemory.floorMb, control?.memory.floorMb ?? Number.POSITIVE_INFINITY);
	const above = (memory: { peakMb: number }) => `${fmt(memory.peakMb - floorMb, 0)} MB above the floor both share (${fmt(floorMb, 0)} MB)`;
	const container = measuredN8n().n8nMemoryLimitMb;
	report({
		id: 18,
		what: 'the mirror first load of 150,000 listings and sales (export in 30-day slices over ten years) into Postgres, in real n8n',
		value: rows / loadSeconds / allowed,
		target: '>= 0.5',
		detail: [
			`${load.status}: ${rows} rows in ${fmt(loadSeconds, 1)} s = ${fmt(rows / loadSeconds, 0)} records/s from ${loadRequests} export requests; the limit of 100 requests a minute allows ${fmt(allowed, 0)} records/s at that size`,
			...(container ? [`n8n in a container of ${container} MB (a memory cgroup, no swap): the load finished; ${containerWords(container)}`] : []),
			`during the load: ${above(loadMemory)}; ${memoryWords(loadMemory)}`,
			`against the sandbox: ${comparison.map((c) => `${c.table} ${c.rows} of ${c.expected} rows, ${c.missing.length} missing, ${c.extra.length} extra, ${c.stale.length} older${exact(c) ? ' (exact)' : ` (DIFFERS: ${[...c.missing, ...c.extra, ...c.stale].slice(0, 3).join('; ')})`}`).join('; ')}`,
			...differences,
			...(control ? [`${control.words}; ${above(control.memory)}`] : []),
			'value: records a second / what the rate limit allows',
		].join('\n'),
	});
}

/**
 * What the container's cgroup saw over the whole run: its most (n8n and what it started, page cache
 * included, which the kernel reclaims at the limit), how often it met the limit, and whether the
 * kernel stopped a process for memory.
 */
function containerWords(mb: number): string {
	const dir = memoryCgroupDir(mb);
	const read = (file: string) => (existsSync(join(dir, file)) ? readFileSync(join(dir, file), 'utf8').trim() : undefined);
	const most = Number(read('memory.max_usage_in_bytes') ?? read('memory.peak') ?? NaN) / 2 ** 20;
	const met = read('memory.failcnt') ?? /max (\d+)/.exec(read('memory.events') ?? '')?.[1] ?? '?';
	const killed = /oom_kill (\d+)/.exec(read('memory.oom_control') ?? read('memory.events') ?? '')?.[1] ?? '?';
	return `the container's most ${fmt(most, 0)} MB (page cache included), at its limit ${met} times, processes stopped for memory: ${killed}`;
}

/**
 * The control: the same first load, slices, sub-workflows, write and all, with **Export the slice**
 * replaced by n8n's own HTTP Request node reading the same slice's records as one JSON array from the
 * sandbox (outside its rate limit). What n8n's memory does then is n8n's cost of moving that many
 * records through a workflow, with nothing of this package on the way.
 */
async function controlLoad(m: Mirror, when: 'before' | 'afterwards'): Promise<{ words: string; memory: ReturnType<ReturnType<typeof memoryWatch>['stop']> }> {
	const watch = memoryWatch(m);
	// With its data (a few hundred small items: the slices and what each wrote), to check what it moved.
	const load = await runManualBranch(m, FILES.listingsAndSales, {
		timeoutMs: 3_600_000,
		replace: (n) =>
			n.name === 'Export the slice'
				? {
						name: n.name,
						type: 'n8n-nodes-base.httpRequest',
						typeVersion: 4.2,
						position: n.position,
						parameters: {
							url: `${m.host.sandbox.baseUrl}/listings/_sandbox/activity/slice`,
							sendQuery: true,
							queryParameters: {
								parameters: [
									{ name: 'createdAfter', value: '={{ $json.createdAfter }}' },
									{ name: 'createdBefore', value: '={{ $json.createdBefore }}' },
								],
							},
							options: {},
						},
					}
				: n,
	});
	const memory = watch.stop();
	// A control that moved fewer records than the sandbox holds would look cheap: it must move them all.
	const files = await sandbox<{ listings: number; sales: number }>(m, 'POST', '/listings/_sandbox/activity/history', { listings: 0, sales: 0, days: DAYS });
	const written = firstLoadWritten(load);
	if (written !== files.listings + files.sales) {
		throw new Error(`the control wrote ${written} records, the sandbox holds ${files.listings + files.sales} (${load.status})`);
	}
	const seconds =
		(Date.parse(String((load as { stoppedAt?: string }).stoppedAt)) - Date.parse(String((load as { startedAt?: string }).startedAt))) / 1000;
	const words = `control, ${when} in the same n8n, n8n's HTTP Request node in place of Export the slice (the same records as one JSON array a slice, outside the rate limit; the same write): ${load.status}, ${written} records written in ${fmt(seconds, 1)} s; ${memoryWords(memory)}`;
	out(`  ${words}`);
	return { words, memory };
}

/** For the first rows that differ from the sandbox: each field of the record that differs, both ways. */
async function howRowsDiffer(m: Mirror, comparison: Array<{ table: string; stale: string[] }>): Promise<string[]> {
	const lines: string[] = [];
	const stale = comparison.flatMap((c) => c.stale.slice(0, 2).map((line) => ({ table: c.table, key: line.split(':')[0] })));
	if (!stale.length) return lines;
	const records = await sandbox<{ listings: Array<Record<string, unknown>>; sales: Array<Record<string, unknown>> }>(m, 'GET', '/listings/_sandbox/activity/records');
	for (const { table, key } of stale) {
		const [column, list] = table === 'skyslope_listings' ? ['listing_guid', records.listings] : ['sale_guid', records.sales];
		const want = list.find((r) => r.listingGuid === key || r.saleGuid === key) ?? {};
		const row = (await sql<{ record: Record<string, unknown>; mirrored_at: string }>(m, `SELECT record, mirrored_at FROM ${table} WHERE ${column} = '${key.replace(/'/g, "''")}'`))[0];
		const got = row?.record ?? {};
		const fields = [...new Set([...Object.keys(want), ...Object.keys(got)])].filter((f) => stable(want[f]) !== stable(got[f]));
		lines.push(
			`${table} ${key} (written ${row?.mirrored_at}): ${fields.map((f) => `${f} is ${stable(got[f])?.slice(0, 300)}, the sandbox has ${stable(want[f])?.slice(0, 300)}`).join('; ')}`,
		);
	}
	return lines;
}

/** Waits for the next status poll after `since` (an export window by modification date). */
async function waitForNextPoll(m: Mirror, since: number): Promise<void> {
	const deadline = Date.now() + 180_000;
	while (Date.now() < deadline) {
		const polled = (await sandboxLog(m)).some(
			(e) =>
				e.at >= since && e.path === '/api/files' && e.query.modifiedAfter !== undefined && String(e.query.type) === 'listing,sale,summary',
		);
		if (polled) {
			await sleep(3000);
			return;
		}
		await sleep(2000);
	}
	throw new Error('no poll of the Status Changed trigger within 3 minutes');
}
