/* eslint-disable @n8n/community-nodes/no-restricted-globals -- dev tooling, never shipped in dist */
// Figure 6's latency sweep: in a real n8n (test/e2e's host), 1,000 items through a SkySlope Forms
// node against n8n's HTTP Request node sending the same requests with the same credential, with
// 0, 30, 100 and 250 ms added by the sandbox to every Forms answer (its `latencyMs` fault knob):
// writes (Contact > Add, POST /files/{id}/contacts) and reads (File > Get, GET /files/{id}).
// Per cell: the two nodes' own execution times as n8n records them, interleaved, and the requests
// and non-2xx answers the sandbox logged for each run. Rounds per cell: BENCH_LATENCY_ROUNDS (1);
// BENCH_LATENCY_WORK=reads or =writes runs one half.
import globalSetup from '../harness/n8n/global-setup';
import globalTeardown from '../harness/n8n/global-teardown';

import {
	clearSandboxLog,
	credentialRef,
	sandboxLog,
	setFaults,
	setRateLimit,
	skyslopeNode,
	state,
	type WorkflowNode,
} from '../harness/n8n/workflows';
import { publish, run, type Bench } from './e2e-add-contact';
import { fmt, median, out } from './lib';

const ITEMS = 1000;
const FILE_IDS = [1001, 1002, 1003, 1004];
/** Files the writes leave alone: each write run adds 1,000 contacts to FILE_IDS, which makes their reads grow. */
const READ_FILE_IDS = [1005, 1006, 1007, 1008, 1009, 1010, 1011, 1012];
const LATENCIES = [0, 30, 100, 250];

interface Side {
	bench: Bench;
	/** The requests of this work in the sandbox's log. */
	path: RegExp;
}

interface Cell {
	ms: number[];
	requests: number[];
	failed: number[];
}

async function timedRun(side: Side, input: unknown[], cell: Cell): Promise<void> {
	await clearSandboxLog();
	let ms = Number.NaN;
	let failedRun = false;
	try {
		ms = await run(side.bench, input);
	} catch (error) {
		failedRun = true;
		out(`      ${side.bench.node}: ${error instanceof Error ? error.message : String(error)}`);
	}
	const log = (await sandboxLog('forms')).filter((e) => side.path.test(e.path));
	cell.ms.push(ms);
	cell.requests.push(log.length);
	// Answers other than 2xx (429, 503, ...), and the whole run when the execution failed.
	cell.failed.push(failedRun ? ITEMS : log.filter((e) => e.status < 200 || e.status >= 300).length);
}

export async function e2eLatencyBench(): Promise<void> {
	if (process.env.BENCH_E2E === '0') {
		out('  skipped (BENCH_E2E=0)');
		return;
	}
	const rounds = Number(process.env.BENCH_LATENCY_ROUNDS ?? 1);
	await globalSetup();
	try {
		await setRateLimit('forms', { limit: 1_000_000 });
		const writeInput = Array.from({ length: ITEMS }, (_, i) => ({ fileId: FILE_IDS[i % FILE_IDS.length], first: `Bench${i}`, last: 'Contact' }));
		const readInput = Array.from({ length: ITEMS }, (_, i) => ({ fileId: READ_FILE_IDS[i % READ_FILE_IDS.length] }));
		const httpBase = {
			type: 'n8n-nodes-base.httpRequest',
			typeVersion: 4.2,
			credentials: credentialRef('forms'),
		};
		const auth = { authentication: 'predefinedCredentialType', nodeCredentialType: 'skySlopeFormsOAuth2Api', options: {} };
		const fileUrl = `=${state().sandboxUrl}/forms/partner/api/files/{{ $json.fileId }}`;
		const work = {
			'reads (File > Get)': {
				input: readInput,
				path: /^\/partner\/api\/files\/\d+$/,
				node: skyslopeNode('forms', 'Get File', {
					resource: 'file',
					operation: 'get',
					fileId: { __rl: true, mode: 'id', value: '={{ $json.fileId }}' },
				}),
				http: { ...httpBase, name: 'HTTP Request', parameters: { method: 'GET', url: fileUrl, ...auth } },
			},
			'writes (Contact > Add)': {
				input: writeInput,
				path: /^\/partner\/api\/files\/\d+\/contacts$/,
				node: skyslopeNode('forms', 'Add Contact', {
					resource: 'fileContact',
					operation: 'add',
					fileId: { __rl: true, mode: 'id', value: '={{ $json.fileId }}' },
					contactType: 'Buyer',
					firstName: '={{ $json.first }}',
					lastName: '={{ $json.last }}',
					additionalFields: {},
				}),
				http: {
					...httpBase,
					name: 'HTTP Request',
					parameters: {
						method: 'POST',
						url: `${fileUrl}/contacts`,
						sendBody: true,
						specifyBody: 'json',
						jsonBody: '={{ JSON.stringify({ type: "Buyer", firstName: $json.first, lastName: $json.last }) }}',
						...auth,
					},
				},
			},
		};
		const rows: string[] = [];
		const only = process.env.BENCH_LATENCY_WORK;
		for (const [what, w] of Object.entries(work)) {
			if (only && !what.startsWith(only)) continue;
			const input = w.input;
			const node: Side = { bench: await publish(w.node, `bench latency node ${what}`), path: w.path };
			const http: Side = { bench: await publish(w.http as WorkflowNode, `bench latency http ${what}`), path: w.path };
			// One untimed run of each publishes the webhooks and warms n8n.
			await timedRun(node, input, { ms: [], requests: [], failed: [] });
			await timedRun(http, input, { ms: [], requests: [], failed: [] });
			for (const latency of LATENCIES) {
				await setFaults(latency ? [{ service: 'forms', latencyMs: latency }] : []);
				const a: Cell = { ms: [], requests: [], failed: [] };
				const b: Cell = { ms: [], requests: [], failed: [] };
				for (let round = 0; round < rounds; round++) {
					if (round % 2 === 0) {
						await timedRun(node, input, a);
						await timedRun(http, input, b);
					} else {
						await timedRun(http, input, b);
						await timedRun(node, input, a);
					}
				}
				const ratios = a.ms.map((ms, i) => ms / b.ms[i]);
				const row = `| ${what} | ${latency} | **${fmt(median(ratios))}** | ${fmt(median(a.ms) / 1000, 1)} / ${fmt(median(b.ms) / 1000, 1)} | ${a.requests.join(', ')} / ${b.requests.join(', ')} | ${a.failed.join(', ')} / ${b.failed.join(', ')} |`;
				out(`  ${row}  (per round: ${ratios.map((r) => fmt(r)).join(' ')})`);
				rows.push(row);
			}
			await setFaults([]);
		}
		out('');
		out('  | work, 1,000 items | latency ms | node / HTTP Request time | node s / HTTP Request s | requests node / HTTP | non-2xx answers node / HTTP |');
		out('  |---|---|---|---|---|---|');
		for (const row of rows) out(`  ${row}`);
	} finally {
		await setFaults([]).catch(() => undefined);
		await globalTeardown();
	}
}
