/* eslint-disable @n8n/community-nodes/no-restricted-globals -- dev tooling, never shipped in dist */
// Throughput of one worker against two in n8n's queue mode (the cluster test/queue starts:
// Postgres, Redis, main, webhook processor, workers with --concurrency=10, the packed package, the
// sandbox). The same mixed workload both times: executions of 5 items each, every item a Forms
// file read and a Forms contact write, and per execution one Offers read (last 30 days, all pages)
// and one listings read (5 listings). All executions are posted at once to the webhook processor;
// the span is from the first execution's start to the last one's end, as n8n records them.
import { randomUUID } from 'node:crypto';

import { startQueueCluster, type QueueCluster } from '../scripts/lib/queue-host';
import { skyslopeNode } from '../harness/n8n/workflows';
import { QueueHarness, type Execution } from '../harness/queue';
import { fmt, out } from './lib';

const EXECUTIONS = Number(process.env.BENCH_QUEUE_EXECUTIONS ?? 40);
const ITEMS_PER_EXECUTION = 5;
const FILE_IDS = [1001, 1002, 1003, 1004];

const id = (value: unknown) => ({ __rl: true, mode: 'id', value });

function mixedNodes() {
	const day = 86_400_000;
	return [
		skyslopeNode('forms', 'Read file', { resource: 'file', operation: 'get', fileId: id('={{ $json.fileId }}') }),
		skyslopeNode('forms', 'Add contact', {
			resource: 'fileContact',
			operation: 'add',
			fileId: id("={{ $('Items').item.json.fileId }}"),
			contactType: 'Buyer',
			firstName: 'Queue',
			lastName: "={{ $('Items').item.json.key }}",
		}),
		skyslopeNode(
			'offers',
			'Offers',
			{
				resource: 'offer',
				operation: 'getAll',
				startDate: new Date(Date.now() - 30 * day).toISOString(),
				endDate: new Date().toISOString(),
				returnAll: true,
				options: {},
			},
			{ executeOnce: true },
		),
		skyslopeNode('listings', 'Listings', { resource: 'listing', operation: 'getAll', returnAll: false, limit: 5 }, { executeOnce: true }),
	];
}

interface Phase {
	workers: number;
	executions: number;
	failed: number;
	spanSeconds: number;
	perWorker: Record<string, number>;
	requests: number;
}

async function phase(h: QueueHarness, cluster: QueueCluster, wf: { id: string; url: string }, label: string): Promise<Phase> {
	const before = (await h.executions(wf.id)).slice(-1)[0];
	const after = before ? Number(before.id) : 0;
	await h.clearLog();
	const batch = randomUUID().slice(0, 6);
	await Promise.all(
		Array.from({ length: EXECUTIONS }, (_, n) =>
			h.fire(
				wf.url,
				Array.from({ length: ITEMS_PER_EXECUTION }, (_, i) => ({ fileId: FILE_IDS[(n + i) % FILE_IDS.length], key: `${label} ${batch} ${n}.${i}` })),
			),
		),
	);
	const done = await h.waitFor(wf.id, EXECUTIONS, 600_000, after);
	const times = (e: Execution) => e as Execution & { startedAt: string; stoppedAt: string };
	const start = Math.min(...done.map((e) => Date.parse(times(e).startedAt)));
	const end = Math.max(...done.map((e) => Date.parse(times(e).stoppedAt)));
	const perWorker = Object.fromEntries(cluster.workers.map((w) => [w.name, done.filter((e) => h.ranOn(e.id).includes(w.name)).length]));
	return {
		workers: cluster.workers.length,
		executions: done.length,
		failed: done.filter((e) => e.status !== 'success').length,
		spanSeconds: (end - start) / 1000,
		perWorker,
		requests: (await h.log()).length,
	};
}

export async function queueThroughputBench(): Promise<void> {
	if (process.env.BENCH_QUEUE === '0') {
		out('  skipped (BENCH_QUEUE=0)');
		return;
	}
	const started = Date.now();
	const cluster = await startQueueCluster({ workers: 1, build: process.env.QUEUE_SKIP_BUILD !== '1', log: (l) => out(`  [queue] ${l}`) });
	out(`  cluster up in ${((Date.now() - started) / 1000).toFixed(0)} s`);
	try {
		const h = new QueueHarness(cluster);
		// Pacing across workers is measured on its own (bench/RESULTS.md, queue mode): here the
		// listings-sales limit is lifted so that the few listings reads measure the workers, not the window.
		await h.sandbox('PUT', '/ratelimit', { service: 'listings', limit: 1_000_000 });
		const wf = await h.webhookWorkflow('bench queue mixed', mixedNodes());
		// One execution first: publishes the webhook, opens the session and tokens, warms the worker.
		await h.fire(wf.url, [{ fileId: 1001, key: 'warm-up' }]);
		await h.waitFor(wf.id, 1, 120_000);

		const one = await phase(h, cluster, wf, 'one');
		await cluster.startWorker('worker-2');
		const two = await phase(h, cluster, wf, 'two');

		const items = EXECUTIONS * ITEMS_PER_EXECUTION;
		for (const p of [one, two]) {
			out(
				`  ${p.workers} worker(s): ${p.executions} executions (${p.failed} failed) of ${ITEMS_PER_EXECUTION} items in ${fmt(p.spanSeconds, 1)} s: ` +
					`${fmt((p.executions / p.spanSeconds) * 60, 1)} executions/min, ${fmt(items / p.spanSeconds, 1)} items/s; ` +
					`per worker ${JSON.stringify(p.perWorker)}; ${p.requests} requests at the sandbox`,
			);
		}
		out(`  two workers / one: ${fmt(one.spanSeconds / two.spanSeconds)} x the throughput`);
	} finally {
		await cluster.stop();
	}
}
