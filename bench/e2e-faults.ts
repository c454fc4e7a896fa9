// A 200-item Listings & Sales Listing > Create in real n8n (test/e2e's host) while the service
// answers 10 % of the creates with 503 and ends the session once, before the 100th create: the
// package's node against n8n's HTTP Request node with Retry On Fail (its usual settings: 3 tries,
// 1 s apart) sending the same POST /api/files/listings bodies with the same credential.
//
// Each item carries its own street, so the sandbox's log says how often each item was created;
// n8n's execution says what each side reported. Both sides run with n8n's default On Error (stop
// the workflow) and with On Error: Continue (an error item per failed item).
import { randomUUID } from 'node:crypto';

import {
	clearSandboxLog,
	createListingNodes,
	credentialRef,
	type Json,
	type RunResult,
	runWorkflow,
	sandboxLog,
	setFaults,
	setRateLimit,
	skyslopeNode,
	state,
	workflow,
	type WorkflowNode,
} from '../harness/n8n/workflows';
import { withE2eHost } from './e2e-host';
import { out } from './lib';

const ITEMS = 200;
const CREATE_PATH = '^/api/files/listings$';

interface Outcome {
	side: string;
	status: string;
	createdOnce: number;
	duplicated: number;
	/** Not created, and n8n said so: an error item, or the execution stopped with an error. */
	failed: number;
	/** Not created, yet reported as created: silently lost. */
	lost: number;
	/** Created, yet reported as failed (a re-run of the failed items duplicates them). */
	createdButReportedFailed: number;
	posts: number;
	answers: string;
	/** Create POSTs per burst (a pause of 900 ms or more between two POSTs starts the next: Retry On Fail waits 1 s). */
	bursts: number[];
	/** How many items were created 0, 1, 2, 3... times. */
	timesCreated: string;
	seconds: number;
}

export async function e2eFaultsBench(): Promise<void> {
	await withE2eHost(async () => {
		const previous = await setRateLimit('listings', { limit: 1_000_000 });
		try {
			await measure();
		} finally {
			await setFaults([]);
			await setRateLimit('listings', previous);
		}
	});
}

async function measure(): Promise<void> {
	// One create through the node shows the body it sends and the office and agent it found.
	await clearSandboxLog();
	const warm = await runWorkflow(workflow(createListingNodes('Warm Up Ln'), 'bench faults warm-up'));
	if (warm.status !== 'success') throw new Error(`warm-up create: ${warm.status} ${JSON.stringify(warm.error)}`);
	const [sent] = (await sandboxLog('listings')).filter((e) => e.method === 'POST' && /^\/api\/files\/listings$/.test(e.path));
	const body = sent.body as Json;
	const officeGuid = String(body.officeGuid);
	const agentGuid = String(body.agentGuid);
	const bodyTemplate = JSON.stringify(body).replace('Warm Up Ln', '@@STREET@@');
	if (!bodyTemplate.includes('@@STREET@@')) throw new Error(`the create body does not carry the street: ${JSON.stringify(body)}`);

	const byId = (value: string) => ({ __rl: true, mode: 'id', value });
	const warmCreate = createListingNodes('x')[2];
	const nodeSide = (onError: WorkflowNode['onError']): WorkflowNode =>
		skyslopeNode(
			'listings',
			'Create',
			{
				...warmCreate.parameters,
				officeGuid: byId(officeGuid),
				agentGuid: byId(agentGuid),
				columns: {
					...(warmCreate.parameters.columns as Json),
					value: { ...((warmCreate.parameters.columns as Json).value as Json), 'property.streetAddress': '={{ $json.street }}' },
				},
			},
			{ onError },
		);
	const [prefix, suffix] = bodyTemplate.split('"@@STREET@@"');
	const httpSide = (onError: WorkflowNode['onError']): WorkflowNode => ({
		name: 'Create',
		type: 'n8n-nodes-base.httpRequest',
		typeVersion: 4.2,
		credentials: credentialRef('listings'),
		retryOnFail: true,
		maxTries: 3,
		waitBetweenTries: 1000,
		onError,
		parameters: {
			method: 'POST',
			url: `${state().sandboxUrl}/listings/api/files/listings`,
			authentication: 'predefinedCredentialType',
			nodeCredentialType: 'skySlopeApi',
			sendBody: true,
			specifyBody: 'json',
			jsonBody: `={{ ${JSON.stringify(prefix)} + JSON.stringify($json.street) + ${JSON.stringify(suffix)} }}`,
			options: {},
		},
	});

	const sides: Array<[string, WorkflowNode]> = [
		['Listings & Sales node, On Error: stop (default)', nodeSide('stopWorkflow')],
		['HTTP Request + Retry On Fail, On Error: stop (default)', httpSide('stopWorkflow')],
		['Listings & Sales node, On Error: continue', nodeSide('continueRegularOutput')],
		['HTTP Request + Retry On Fail, On Error: continue', httpSide('continueRegularOutput')],
	];
	const results: Outcome[] = [];
	for (const [side, node] of sides) {
		// Each side starts with a valid session and no faults, then meets the same fault rules.
		await setFaults([]);
		const fresh = await runWorkflow(
			workflow([skyslopeNode('listings', 'Offices', { resource: 'office', operation: 'getAll', returnAll: false, limit: 1 })], 'bench faults session'),
		);
		if (fresh.status !== 'success') throw new Error(`session before "${side}": ${fresh.status}`);
		await clearSandboxLog();
		await setFaults([
			// The session ends before the 100th create (once); then one create in ten is answered 503.
			{ service: 'listings', method: 'POST', path: CREATE_PATH, expireEvery: 100, times: 1 },
			{ service: 'listings', method: 'POST', path: CREATE_PATH, errorRate: 0.1 },
		]);
		const run = randomUUID().slice(0, 6);
		const streets = Array.from({ length: ITEMS }, (_, i) => `Fault ${run} ${i}`);
		const started = Date.now();
		const result = await runWorkflow(workflow([node], `bench faults ${side}`), {
			input: streets.map((street) => ({ street })),
			timeoutMs: 240_000,
		});
		const seconds = (Date.now() - started) / 1000;
		await setFaults([]);
		const log = await sandboxLog('listings');
		results.push(classify(side, streets, result, log, seconds));
	}

	out(`  ${ITEMS} listing creates; 10 % of creates answered 503, the session ended before the 100th create`);
	out('  side | execution | created once | duplicated | failed (reported) | lost (silent) | created but reported failed | create POSTs (per burst) | answers | items created N times | s');
	for (const r of results) {
		out(
			`  ${r.side} | ${r.status} | ${r.createdOnce} | ${r.duplicated} | ${r.failed} | ${r.lost} | ${r.createdButReportedFailed} | ${r.posts} (${r.bursts.join(' + ')}) | ${r.answers} | ${r.timesCreated} | ${r.seconds.toFixed(1)}`,
		);
	}
}

function classify(side: string, streets: string[], result: RunResult, log: Awaited<ReturnType<typeof sandboxLog>>, seconds: number): Outcome {
	const creates = log.filter((e) => e.method === 'POST' && /^\/api\/files\/listings$/.test(e.path));
	const created = new Map<string, number>(streets.map((s) => [s, 0]));
	for (const e of creates) {
		if (e.status < 200 || e.status >= 300) continue;
		const text = JSON.stringify(e.body);
		const street = streets.find((s) => text.includes(`"${s}"`));
		if (street) created.set(street, (created.get(street) ?? 0) + 1);
	}
	// What n8n reported per item: an output item with or without an error; none when the node stopped.
	const items = result.runData.Create?.at(-1)?.data?.main?.[0] ?? [];
	const reported = new Map<number, 'ok' | 'failed'>();
	for (const item of items) {
		const paired = item.pairedItem as { item: number } | undefined;
		const index = typeof paired === 'object' && paired !== null && !Array.isArray(paired) ? paired.item : undefined;
		if (index !== undefined) reported.set(index, item.json.error !== undefined ? 'failed' : 'ok');
	}
	const executionFailed = result.status !== 'success';
	const outcome: Outcome = {
		side,
		status: `${result.status}${executionFailed ? `: ${String(result.error?.message ?? '').slice(0, 90)}` : ''}`,
		createdOnce: 0,
		duplicated: 0,
		failed: 0,
		lost: 0,
		createdButReportedFailed: 0,
		posts: creates.length,
		answers: statusCounts(creates.map((e) => e.status)),
		bursts: creates.reduce<number[]>((acc, e, i) => {
			if (i === 0 || e.at - creates[i - 1].at >= 900) acc.push(0);
			acc[acc.length - 1]++;
			return acc;
		}, []),
		timesCreated: statusCounts([...created.values()]).replace(/ x /g, 'x: '),
		seconds,
	};
	streets.forEach((street, i) => {
		const times = created.get(street) ?? 0;
		// An item the node never returned is failed as far as the user knows when the execution failed.
		const said = reported.get(i) ?? (executionFailed ? 'failed' : 'ok');
		if (times === 1) outcome.createdOnce++;
		if (times > 1) outcome.duplicated++;
		if (times === 0 && said === 'failed') outcome.failed++;
		if (times === 0 && said === 'ok') outcome.lost++;
		if (times > 0 && said === 'failed') outcome.createdButReportedFailed++;
	});
	return outcome;
}

/** `200 x 180, 503 x 20` */
function statusCounts(statuses: number[]): string {
	const counts = new Map<number, number>();
	for (const s of statuses) counts.set(s, (counts.get(s) ?? 0) + 1);
	return [...counts].sort(([a], [b]) => a - b).map(([s, n]) => `${s} x ${n}`).join(', ');
}
