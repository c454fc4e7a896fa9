/* eslint-disable @n8n/community-nodes/no-restricted-globals -- dev tooling, never shipped in dist */
// Figure 6: 1,000 items through SkySlope Forms > Contact > Add in a real n8n (test/e2e's host: the
// package built, packed and installed as a community package, n8n 2.41.1, the sandbox beside it),
// against n8n's own HTTP Request node sending the same 1,000 POST /files/{id}/contacts with the
// same credential (predefined credential type skySlopeFormsOAuth2Api) in the same n8n.
//
// The figure is the ratio of the two nodes' own execution times as n8n records them
// (runData[node].executionTime), interleaved rounds, median. The webhook round trip of the whole
// workflow (trigger, split, node, saving the execution) is printed beside it.
// Needs the e2e host (it starts one: about a minute, more on a first run that installs n8n).
import globalSetup from '../harness/n8n/global-setup';
import globalTeardown from '../harness/n8n/global-teardown';
import { randomUUID } from 'node:crypto';

import { sleep } from 'n8n-workflow';

import {
	api,
	clearSandboxLog,
	createWorkflow,
	credentialRef,
	sandboxLog,
	setFaults,
	setRateLimit,
	skyslopeNode,
	state,
	type WorkflowNode,
} from '../harness/n8n/workflows';
import { describeRuns, fmt, median, out, report, sideBySide } from './lib';

const ITEMS = 1000;
const FILE_IDS = [1001, 1002, 1003, 1004];

/** The public API, tried again while n8n answers 503 "Database is not ready" under load. */
export async function patientApi<T>(method: string, path: string): Promise<T> {
	let last = '';
	for (let attempt = 0; attempt < 30; attempt++) {
		try {
			return await api<T>(method, path);
		} catch (error) {
			last = String(error);
			if (!/answered 503/.test(last)) break;
			await sleep(1000);
		}
	}
	throw new Error(`n8n public API: ${last}`);
}

export interface Bench {
	url: string;
	id: string;
	node: string;
}

/** Webhook (responds when the last node is done) -> Split Out of body.items -> the node. */
export async function publish(node: WorkflowNode, name: string): Promise<Bench> {
	const path = `bench-${randomUUID()}`;
	const nodes: WorkflowNode[] = [
		{
			name: 'Webhook',
			type: 'n8n-nodes-base.webhook',
			typeVersion: 2,
			webhookId: randomUUID(),
			position: [0, 0],
			parameters: { httpMethod: 'POST', path, responseMode: 'lastNode', responseData: 'noData', options: {} },
		},
		{
			name: 'Items',
			type: 'n8n-nodes-base.splitOut',
			typeVersion: 1,
			position: [220, 0],
			parameters: { fieldToSplitOut: 'body.items', include: 'noOtherFields', options: {} },
		},
		{ ...node, position: [440, 0] },
	];
	const id = await createWorkflow({
		name,
		nodes,
		connections: {
			Webhook: { main: [[{ node: 'Items', type: 'main', index: 0 }]] },
			Items: { main: [[{ node: node.name, type: 'main', index: 0 }]] },
		},
		settings: { executionOrder: 'v1' },
	});
	return { url: `${state().n8nUrl}/webhook/${path}`, id, node: node.name };
}

interface Execution {
	id: string;
	status: string;
	data?: { resultData: { runData: Record<string, Array<{ executionTime?: number; data?: { main?: unknown[][] } }>> } };
}

/** Runs the workflow over its webhook; returns the node's own execution time as n8n recorded it. */
export async function run(bench: Bench, items: unknown[]): Promise<number> {
	for (let attempt = 0; ; attempt++) {
		const res = await fetch(bench.url, {
			method: 'POST',
			headers: { 'content-type': 'application/json' },
			body: JSON.stringify({ items }),
			signal: AbortSignal.timeout(300_000),
		});
		const text = await res.text();
		if (res.status === 404 && attempt < 50) {
			await sleep(200);
			continue;
		}
		if (res.status >= 400) throw new Error(`${bench.node}: webhook answered ${res.status}: ${text.slice(0, 300)}`);
		break;
	}
	for (let attempt = 0; attempt < 100; attempt++) {
		const list = await patientApi<{ data: Execution[] }>('GET', `/executions?workflowId=${bench.id}&limit=1`);
		const latest = list.data[0];
		if (latest && latest.status !== 'running' && latest.status !== 'new') {
			const execution = await patientApi<Execution>('GET', `/executions/${latest.id}?includeData=true`);
			const task = execution.data?.resultData.runData[bench.node]?.[0];
			const produced = task?.data?.main?.[0]?.length ?? 0;
			if (execution.status !== 'success' || produced !== ITEMS) {
				throw new Error(`${bench.node}: execution ${execution.status}, ${produced} items out of ${ITEMS}`);
			}
			return Number(task?.executionTime ?? Number.NaN);
		}
		await sleep(200);
	}
	throw new Error(`${bench.node}: no finished execution`);
}

export async function e2eAddContactBench(): Promise<void> {
	if (process.env.BENCH_E2E === '0') {
		out('  skipped (BENCH_E2E=0)');
		return;
	}
	await globalSetup();
	try {
		await setRateLimit('forms', { limit: 1_000_000 });
		const input = Array.from({ length: ITEMS }, (_, i) => ({
			fileId: FILE_IDS[i % FILE_IDS.length],
			first: `Bench${i}`,
			last: 'Contact',
		}));
		const formsNode = skyslopeNode('forms', 'Add Contact', {
			resource: 'fileContact',
			operation: 'add',
			fileId: { __rl: true, mode: 'id', value: '={{ $json.fileId }}' },
			contactType: 'Buyer',
			firstName: '={{ $json.first }}',
			lastName: '={{ $json.last }}',
			additionalFields: {},
		});
		const httpNode = {
			name: 'HTTP Request',
			type: 'n8n-nodes-base.httpRequest',
			typeVersion: 4.2,
			credentials: credentialRef('forms'),
			parameters: {
				method: 'POST',
				url: `=${state().sandboxUrl}/forms/partner/api/files/{{ $json.fileId }}/contacts`,
				authentication: 'predefinedCredentialType',
				nodeCredentialType: 'skySlopeFormsOAuth2Api',
				sendBody: true,
				specifyBody: 'json',
				jsonBody: '={{ JSON.stringify({ type: "Buyer", firstName: $json.first, lastName: $json.last }) }}',
				options: {},
			},
		};
		const forms = await publish(formsNode, 'bench forms add contact');
		const http = await publish(httpNode as WorkflowNode, 'bench http add contact');
		const nodeMs = { forms: [] as number[], http: [] as number[] };
		const runForms = async () => {
			nodeMs.forms.push(await run(forms, input));
		};
		const runHttp = async () => {
			nodeMs.http.push(await run(http, input));
		};

		// One run of each to publish the workflows and check both send the same requests.
		await clearSandboxLog();
		await runForms();
		const formsSent = (await sandboxLog('forms')).filter((e) => e.path.includes('/contacts'));
		await clearSandboxLog();
		await runHttp();
		const httpSent = (await sandboxLog('forms')).filter((e) => e.path.includes('/contacts'));
		out(
			`  requests: Forms node ${formsSent.length} (${formsSent.filter((e) => e.status === 200).length} answered 200), HTTP Request ${httpSent.length} (${httpSent.filter((e) => e.status === 200).length} answered 200)`,
		);
		nodeMs.forms.length = 0;
		nodeMs.http.length = 0;

		// BENCH_E2E_ROUNDS=0 skips the loopback figure (e.g. to repeat only the latency reference).
		const rounds = Number(process.env.BENCH_E2E_ROUNDS ?? 7);
		if (rounds > 0) {
			const runs = await sideBySide({ a: runForms, b: runHttp, rounds, warmup: 0, budgetMs: 240_000 });
			const ratios = nodeMs.forms.map((f, i) => f / nodeMs.http[i]);
			report({
				id: 6,
				what: `${ITEMS} items through Forms Add Contact in n8n: node execution time / HTTP Request node's`,
				value: median(ratios),
				target: '<= 1.0',
				detail: [
					`${ratios.length} interleaved rounds; ratio per round: ${ratios.map((r) => fmt(r)).join(' ')}`,
					`median node ms (reference only): Forms ${fmt(median(nodeMs.forms), 0)}, HTTP Request ${fmt(median(nodeMs.http), 0)}`,
					`whole workflow over its webhook (trigger to saved execution): ratio ${fmt(runs.median)}`,
					describeRuns(runs, 'forms workflow', 'http workflow', false),
				].join('\n'),
			});
		}

		// The same with a service that answers in 30 ms, as a real one across a network would: the
		// Forms node sends one item's request after the other, the HTTP Request node all at once.
		const LATENCY = 30;
		await setFaults([{ service: 'forms', path: '/contacts$', latencyMs: LATENCY }]);
		nodeMs.forms.length = 0;
		nodeMs.http.length = 0;
		await sideBySide({
			a: runForms,
			b: runHttp,
			rounds: Number(process.env.BENCH_E2E_LATENCY_ROUNDS ?? 1),
			minRounds: 1,
			warmup: 0,
		});
		await setFaults([]);
		const slow = nodeMs.forms.map((f, i) => f / nodeMs.http[i]);
		out(
			`  (reference) with ${LATENCY} ms added to every answer: node time / HTTP Request node's ${fmt(median(slow))} (per round: ${slow.map((r) => fmt(r)).join(' ')}; median ms Forms ${fmt(median(nodeMs.forms), 0)}, HTTP Request ${fmt(median(nodeMs.http), 0)})`,
		);
	} finally {
		await globalTeardown();
	}
}
