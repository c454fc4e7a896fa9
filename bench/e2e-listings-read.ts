/* eslint-disable @n8n/community-nodes/no-restricted-globals -- dev tooling, never shipped in dist */
// Figure 6's listings read: in a real n8n (test/e2e's host), 1,000 listings read with SkySlope
// Listings & Sales > Listing > Get Many (Return All) against n8n's HTTP Request node paging by hand
// through the same GET /api/files/listings with the same credential (predefined credential type
// skySlopeApi, Pagination: pageNumber = $pageCount + 1 until a page has no `next` link), with 0, 30,
// 100 and 250 ms added by the sandbox to every listings answer (its `latencyMs` fault knob).
// The list endpoint has no page-size parameter: 10 a page (spec 4.6), so 1,000 listings are 100 pages.
//
// The sandbox seeds a few listings; the benchmark creates the rest through the service's own API
// (POST /api/files/listings) before it measures. The listings rate limit (100 a minute, spec 8) is
// raised to 1,000,000 for both sides alike, so that the figure is the reading, not the pacing.
// Per cell: both readers' own execution times as n8n records them, the whole execution (startedAt to
// stoppedAt), the requests the sandbox logged, and a check that both returned the same 1,000 ids.
// Rounds per cell: BENCH_LISTINGS_ROUNDS (1), interleaved.
import globalSetup from '../harness/n8n/global-setup';
import globalTeardown from '../harness/n8n/global-teardown';
import { randomUUID } from 'node:crypto';

import { sleep } from 'n8n-workflow';

import {
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
import type { SandboxServer } from '../sandbox';
import { Listings, validListing } from '../harness/listings-client';
import { patientApi } from './e2e-add-contact';
import { tally } from './e2e-host';
import { fmt, median, out } from './lib';

const LISTINGS = 1000;
const LATENCIES = [0, 30, 100, 250];
const LIST_PATH = '/api/files/listings';

interface Reader {
	label: string;
	url: string;
	workflowId: string;
	/** The node that reads (its executionTime is the figure). */
	reader: string;
	/** The node whose output items are the listings. */
	last: string;
}

interface Measured {
	readerMs: number;
	executionMs: number;
	ids: string[];
	listRequests: number;
	otherRequests: string;
}

interface TaskData {
	executionTime?: number;
	data?: { main?: Array<Array<{ json: Record<string, unknown> }> | null> };
}

interface ExecutionOut {
	id: string;
	status: string;
	startedAt: string;
	stoppedAt: string;
	data?: { resultData: { runData: Record<string, TaskData[]> } };
}

/** Creates listings through the service's API until the broker sees `total` of them. */
async function seedListings(total: number): Promise<void> {
	const api = new Listings({ baseUrl: state().sandboxUrl } as SandboxServer);
	await api.login();
	const subscribers = await api.call('GET', '/api/subscribers');
	const users = (subscribers.json.value?.users ?? []) as Array<{ userGuid: string; userType: string }>;
	const agent = users.find((u) => u.userType === 'Agent');
	const formLink = subscribers.json.links?.find((l) => l.rel === 'listingForm' && agent && l.href.includes(agent.userGuid));
	if (!agent || !formLink) throw new Error(`no agent with a listing form in /api/subscribers: ${subscribers.text.slice(0, 300)}`);
	const form = await api.value<{ officeGuid: string; checklistTypeId: number }>('GET', formLink.href.slice(formLink.href.indexOf('/api/')));
	const seeded = (await api.value<{ totalCount: number }>('GET', LIST_PATH)).totalCount;
	const missing = total - seeded;
	if (missing < 0) throw new Error(`the sandbox already holds ${seeded} listings, more than ${total}`);
	for (let start = 0; start < missing; start += 25) {
		await Promise.all(
			Array.from({ length: Math.min(25, missing - start) }, async (_, k) => {
				const body = validListing(form.officeGuid, agent.userGuid, form.checklistTypeId, {
					property: { streetNumber: String(start + k + 1), streetAddress: 'Bench Ln', city: 'Sampleton', state: 'CA', zip: '95814' },
				});
				const r = await api.call('POST', LIST_PATH, body);
				if (r.status !== 200) throw new Error(`POST ${LIST_PATH}: ${r.status} ${r.text.slice(0, 300)}`);
			}),
		);
	}
	const now = (await api.value<{ totalCount: number }>('GET', LIST_PATH)).totalCount;
	if (now !== total) throw new Error(`seeded ${missing} listings but the list counts ${now}, not ${total}`);
	out(`  seeded ${missing} listings through POST ${LIST_PATH} (the sandbox had ${seeded}); ${total} in the list`);
}

/** Webhook (answers when the workflow is done) -> the chain `nodes`. */
async function publishReader(label: string, nodes: WorkflowNode[], reader: string): Promise<Reader> {
	const path = `bench-${randomUUID()}`;
	const all: WorkflowNode[] = [
		{
			name: 'Webhook',
			type: 'n8n-nodes-base.webhook',
			typeVersion: 2,
			webhookId: randomUUID(),
			position: [0, 0],
			parameters: { httpMethod: 'POST', path, responseMode: 'lastNode', responseData: 'noData', options: {} },
		},
		...nodes.map((n, i) => ({ ...n, position: [220 * (i + 1), 0] as [number, number] })),
	];
	const connections: Record<string, { main: Array<Array<{ node: string; type: string; index: number }>> }> = {};
	for (let i = 0; i + 1 < all.length; i++) connections[all[i].name] = { main: [[{ node: all[i + 1].name, type: 'main', index: 0 }]] };
	const workflowId = await createWorkflow({ name: `bench listings read ${label}`, nodes: all, connections, settings: { executionOrder: 'v1' } });
	return { label, url: `${state().n8nUrl}/webhook/${path}`, workflowId, reader, last: all[all.length - 1].name };
}

/** One run over the webhook: the reader's time, the execution's, the ids it output, the requests. */
async function measure(r: Reader): Promise<Measured> {
	await clearSandboxLog();
	const before = await patientApi<{ data: ExecutionOut[] }>('GET', `/executions?workflowId=${r.workflowId}&limit=1`);
	const previous = before.data[0]?.id;
	for (let attempt = 0; ; attempt++) {
		const res = await fetch(r.url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}', signal: AbortSignal.timeout(600_000) });
		const text = await res.text();
		if (res.status === 404 && attempt < 50) {
			await sleep(200);
			continue;
		}
		if (res.status >= 400) throw new Error(`${r.label}: webhook answered ${res.status}: ${text.slice(0, 300)}`);
		break;
	}
	for (let attempt = 0; attempt < 150; attempt++) {
		const list = await patientApi<{ data: ExecutionOut[] }>('GET', `/executions?workflowId=${r.workflowId}&limit=1`);
		const latest = list.data[0];
		if (latest && latest.id !== previous && latest.status !== 'running' && latest.status !== 'new') {
			const execution = await patientApi<ExecutionOut>('GET', `/executions/${latest.id}?includeData=true`);
			const runData = execution.data?.resultData.runData ?? {};
			const items = runData[r.last]?.[0]?.data?.main?.[0] ?? [];
			if (execution.status !== 'success') throw new Error(`${r.label}: execution ${execution.id} ${execution.status}`);
			const log = await sandboxLog('listings');
			const listing = log.filter((e) => e.method === 'GET' && e.path === LIST_PATH);
			return {
				readerMs: Number(runData[r.reader]?.[0]?.executionTime ?? Number.NaN),
				executionMs: Date.parse(execution.stoppedAt) - Date.parse(execution.startedAt),
				ids: items.map((item) => String(item.json.listingGuid)),
				listRequests: listing.length,
				otherRequests: tally(log.filter((e) => !listing.includes(e))),
			};
		}
		await sleep(200);
	}
	throw new Error(`${r.label}: no finished execution`);
}

/** Both outputs hold the same LISTINGS distinct ids, or the run is not a comparison. */
function checkSameListings(a: Measured, b: Measured): void {
	const setA = new Set(a.ids);
	const setB = new Set(b.ids);
	const problems: string[] = [];
	if (a.ids.length !== LISTINGS || setA.size !== LISTINGS) problems.push(`node: ${a.ids.length} items, ${setA.size} distinct ids`);
	if (b.ids.length !== LISTINGS || setB.size !== LISTINGS) problems.push(`HTTP Request: ${b.ids.length} items, ${setB.size} distinct ids`);
	const onlyA = [...setA].filter((id) => !setB.has(id)).length;
	const onlyB = [...setB].filter((id) => !setA.has(id)).length;
	if (onlyA || onlyB) problems.push(`${onlyA} ids only from the node, ${onlyB} only from HTTP Request`);
	if (problems.length) throw new Error(`the two readers differ: ${problems.join('; ')}`);
}

export async function e2eListingsReadBench(): Promise<void> {
	if (process.env.BENCH_E2E === '0') {
		out('  skipped (BENCH_E2E=0)');
		return;
	}
	const rounds = Number(process.env.BENCH_LISTINGS_ROUNDS ?? 1);
	await globalSetup();
	try {
		// Both sides alike: the service's 100 a minute would make both wait for the window.
		await setRateLimit('listings', { limit: 1_000_000 });
		await seedListings(LISTINGS);
		const node = await publishReader(
			'node',
			[
				skyslopeNode('listings', 'Get Many Listings', {
					resource: 'listing',
					operation: 'getAll',
					returnAll: true,
					filters: {},
					// The full records, as the HTTP Request node outputs them.
					simplify: false,
				}),
			],
			'Get Many Listings',
		);
		const http = await publishReader(
			'http',
			[
				{
					name: 'HTTP Request',
					type: 'n8n-nodes-base.httpRequest',
					typeVersion: 4.2,
					credentials: credentialRef('listings'),
					parameters: {
						method: 'GET',
						url: `${state().sandboxUrl}/listings${LIST_PATH}`,
						authentication: 'predefinedCredentialType',
						nodeCredentialType: 'skySlopeApi',
						options: {
							pagination: {
								pagination: {
									paginationMode: 'updateAParameterInEachRequest',
									parameters: { parameters: [{ type: 'qs', name: 'pageNumber', value: '={{ $pageCount + 1 }}' }] },
									paginationCompleteWhen: 'other',
									completeExpression: "={{ !($response.body.links || []).some(l => l.rel === 'next') }}",
								},
							},
						},
					},
				},
				{
					name: 'Listings',
					type: 'n8n-nodes-base.splitOut',
					typeVersion: 1,
					parameters: { fieldToSplitOut: 'value.listings', include: 'noOtherFields', options: {} },
				},
			],
			'HTTP Request',
		);
		// One untimed run of each publishes the webhooks, logs in, warms n8n, and checks the outputs.
		const warmA = await measure(node);
		const warmB = await measure(http);
		checkSameListings(warmA, warmB);
		out(`  warm-up: node ${warmA.listRequests} list requests (${warmA.otherRequests}), HTTP Request ${warmB.listRequests} (${warmB.otherRequests})`);
		const rows: string[] = [];
		for (const [index, latency] of LATENCIES.entries()) {
			await setFaults(latency ? [{ service: 'listings', latencyMs: latency }] : []);
			const a: Measured[] = [];
			const b: Measured[] = [];
			for (let round = 0; round < rounds; round++) {
				if ((index + round) % 2 === 0) {
					a.push(await measure(node));
					b.push(await measure(http));
				} else {
					b.push(await measure(http));
					a.push(await measure(node));
				}
				checkSameListings(a[a.length - 1], b[b.length - 1]);
			}
			const readerRatio = median(a.map((m, i) => m.readerMs / b[i].readerMs));
			const executionRatio = median(a.map((m, i) => m.executionMs / b[i].executionMs));
			const s = (ms: number[]) => fmt(median(ms) / 1000, 1);
			const row =
				`| ${latency} | **${fmt(readerRatio)}** | ${s(a.map((m) => m.readerMs))} / ${s(b.map((m) => m.readerMs))} | ${fmt(executionRatio)} | ` +
				`${s(a.map((m) => m.executionMs))} / ${s(b.map((m) => m.executionMs))} | ${a.map((m) => m.listRequests).join(', ')} / ${b.map((m) => m.listRequests).join(', ')} |`;
			out(`  ${row}  (other requests: node ${a.map((m) => m.otherRequests).join(' | ')}; HTTP Request ${b.map((m) => m.otherRequests).join(' | ')})`);
			rows.push(row);
		}
		out('');
		out(`  ${LISTINGS} listings, same ids both sides; listings rate limit raised to 1,000,000 a minute for both`);
		out('  | latency ms | node / HTTP Request time | node s / HTTP Request s | whole execution node / HTTP | execution s node / HTTP | list requests node / HTTP |');
		out('  |---|---|---|---|---|---|');
		for (const row of rows) out(`  ${row}`);
	} finally {
		await setFaults([]).catch(() => undefined);
		await globalTeardown();
	}
}
