/* eslint-disable @n8n/community-nodes/no-restricted-globals -- dev tooling, never shipped in dist */
// Requests per polling-trigger run when nothing changed, in real n8n (test/e2e's host): the
// SkySlope Trigger and the SkySlope Trigger are published (n8n polls each on activation, a
// poll that asks nothing, then every minute, its shortest interval; the first of those reads what
// the watch starts from), and the sandbox's log is split into the polls by the quiet time between
// them. The least possible is one request per service and poll, and the SkySlope Trigger's re-read
// adds its budget by design (figure 19).
import { sleep } from 'n8n-workflow';

import {
	clearSandboxLog,
	createWorkflow,
	credentialRef,
	deactivateWorkflow,
	NODE_TYPES,
	sandboxLog,
	type Workflow,
	type RequestLogEntry,
	type WorkflowNode,
	api,
} from '../harness/n8n/workflows';
import { tally, withE2eHost } from './e2e-host';
import { out } from './lib';

const POLLS = Number(process.env.BENCH_POLLS ?? 3);

function triggerWorkflow(name: string, trigger: WorkflowNode): Workflow {
	return {
		name,
		nodes: [{ ...trigger, position: [0, 0] }, { name: 'Received', type: 'n8n-nodes-base.noOp', typeVersion: 1, position: [220, 0], parameters: {} }],
		connections: { [trigger.name]: { main: [[{ node: 'Received', type: 'main', index: 0 }]] } },
		settings: { executionOrder: 'v1' },
	};
}

const EVERY_MINUTE = { item: [{ mode: 'everyMinute' }] };

const TRIGGERS: Array<{ service: 'listings' | 'offers'; label: string; node: WorkflowNode }> = [
	{
		service: 'listings',
		label: 'SkySlope Trigger, Changed Listing',
		node: {
			name: 'Listing',
			type: NODE_TYPES.trigger,
			typeVersion: 1,
			parameters: { pollTimes: EVERY_MINUTE, event: 'changedListing', statuses: [] },
			credentials: credentialRef('listings'),
		},
	},
	{
		service: 'offers',
		label: 'SkySlope Trigger, New and Updated Offers, all listings',
		node: {
			name: 'Offer',
			type: NODE_TYPES.trigger,
			typeVersion: 1,
			parameters: { pollTimes: EVERY_MINUTE, event: 'newAndUpdatedOffers', scope: 'all', options: {} },
			credentials: credentialRef('offers'),
		},
	},
];

/** Requests of one service split into runs: a gap of 15 s or more starts the next poll. */
function runsOf(entries: RequestLogEntry[]): RequestLogEntry[][] {
	const runs: RequestLogEntry[][] = [];
	for (const e of entries) {
		const last = runs.at(-1);
		if (last && e.at - (last.at(-1) as RequestLogEntry).at < 15_000) last.push(e);
		else runs.push([e]);
	}
	return runs;
}

export async function e2ePollBench(): Promise<void> {
	await withE2eHost(async () => {
		await clearSandboxLog();
		const ids: string[] = [];
		const publishing = Date.now();
		for (const t of TRIGGERS) ids.push(await createWorkflow(triggerWorkflow(`bench poll ${t.label}`, t.node), true));
		// What publishing asked: the requests until both workflows were published, and a moment after.
		const published = Date.now() + 2_000;
		// n8n polls on activation (asking nothing), then once a minute at a second it picks at random.
		out(`  published both triggers; waiting for the first poll and ${POLLS} more of each (about ${POLLS + 1} min)`);
		const deadline = Date.now() + (POLLS + 1) * 60_000 + 15_000;
		const enough = async () => {
			const log = await sandboxLog();
			return TRIGGERS.every((t) => runsOf(log.filter((e) => e.service === t.service)).length >= POLLS + 1);
		};
		while (Date.now() < deadline && !(await enough())) await sleep(5_000);
		// Let the last poll finish.
		await sleep(5_000);
		for (const id of ids) await deactivateWorkflow(id);
		const log = await sandboxLog();

		for (const t of TRIGGERS) {
			const ofService = log.filter((e) => e.service === t.service);
			const atPublishing = ofService.filter((e) => e.at >= publishing && e.at <= published);
			const [first = [], ...polls] = runsOf(ofService.filter((e) => e.at > published));
			out(`  ${t.label}:`);
			out(`      publishing: ${atPublishing.length} requests${atPublishing.length ? ` (${tally(atPublishing)})` : ''}`);
			out(`      first poll after publishing (reads what the watch starts from): ${first.length} requests (${tally(first)})`);
			polls.forEach((p, n) =>
				out(`      poll ${n + 2} (${((p[0].at - first[0].at) / 1000).toFixed(0)} s after it): ${p.length} requests (${tally(p)})`),
			);
		}
		for (const id of ids) {
			const runs = await api<{ data: unknown[] }>('GET', `/executions?workflowId=${id}&limit=10`);
			out(`  executions of workflow ${id} (nothing changed, so none expected): ${runs.data.length}`);
		}
	});
}
