/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports -- dev tooling, never shipped in dist */
// The end-to-end harness: one real n8n (with the packed package installed) and one sandbox, started
// once for the whole suite by global-setup.ts. Tests build a workflow, run it over HTTP through a
// Webhook trigger, and read what every node produced from n8n's public API. See README.md here.
import { createHash, randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';

import { N8nClient, OWNER } from '../../scripts/lib/n8n-api';
import { jsonCall } from '../node/http';

export type Json = Record<string, unknown>;
export type ServiceName = 'forms' | 'listings' | 'offers';

/** What global-setup.ts wrote for the test files (path in SKYSLOPE_E2E_STATE). */
export interface E2eState {
	n8nUrl: string;
	sandboxUrl: string;
	apiKey: string;
	userFolder: string;
}

let cached: { file: string; state: E2eState } | undefined;
export function state(): E2eState {
	const file = process.env.SKYSLOPE_E2E_STATE;
	if (!file) throw new Error('SKYSLOPE_E2E_STATE is not set: run the end-to-end tests with `npm run test:e2e`');
	// Keyed by the file: a process that starts a second host (the benchmarks) reads that host's state.
	if (cached?.file !== file) cached = { file, state: JSON.parse(readFileSync(file, 'utf8')) as E2eState };
	return cached.state;
}

// ---------------------------------------------------------------------------------------------
// Credentials and node types

/** The three sandbox credentials (fixed ids, created by the setup; see scripts/lib/setup.ts). */
export const CREDENTIALS = {
	forms: { type: 'skySlopeFormsOAuth2Api', id: 'skyslope-forms-sandbox', name: 'SkySlope Forms (sandbox)' },
	listings: { type: 'skySlopeApi', id: 'skyslope-api-sandbox', name: 'SkySlope API (sandbox)' },
	offers: { type: 'skySlopeOffersOAuth2Api', id: 'skyslope-offers-sandbox', name: 'SkySlope Offers (sandbox)' },
} as const;

/** Node types of the package as a community install names them. */
export const NODE_TYPES = {
	/** The one action node: every resource of the three services. */
	skySlope: 'n8n-nodes-skyslope.skySlope',
	/** The polling trigger: listings, sales and offers events. */
	trigger: 'n8n-nodes-skyslope.skySlopeTrigger',
	/** The webhook trigger of signed documents. */
	signingTrigger: 'n8n-nodes-skyslope.skySlopeSigningTrigger',
} as const;

/** `{ <credential type>: { id, name } }` for a node's `credentials`. */
export function credentialRef(service: ServiceName): Json {
	const c = CREDENTIALS[service];
	return { [c.type]: { id: c.id, name: c.name } };
}

// ---------------------------------------------------------------------------------------------
// Building workflows

export interface WorkflowNode {
	name: string;
	type: string;
	typeVersion: number;
	parameters: Json;
	position?: [number, number];
	credentials?: Json;
	onError?: 'stopWorkflow' | 'continueRegularOutput' | 'continueErrorOutput';
	continueOnFail?: boolean;
	[key: string]: unknown;
}

export interface Workflow {
	name?: string;
	nodes: WorkflowNode[];
	connections: Record<string, { main: Array<Array<{ node: string; type: string; index: number }>> }>;
	settings?: Json;
	[key: string]: unknown;
}

/** A polling trigger of the package in a workflow of its own, polling every minute, followed by a No Op. */
export function pollingWorkflow(name: string, type: string, service: 'listings' | 'offers', parameters: Json): Workflow {
	return {
		name,
		nodes: [
			{ name, type, typeVersion: 1, position: [0, 0], parameters: { pollTimes: { item: [{ mode: 'everyMinute' }] }, ...parameters }, credentials: credentialRef(service) },
			{ name: 'Received', type: 'n8n-nodes-base.noOp', typeVersion: 1, position: [220, 0], parameters: {} },
		],
		connections: { [name]: { main: [[{ node: 'Received', type: 'main', index: 0 }]] } },
		settings: { executionOrder: 'v1' },
	};
}

/** The smallest read of each service that proves its credential: the user's profile, the subscribers, a report. */
export const CREDENTIAL_READS = {
	forms: (): Workflow => workflow([skyslopeNode('forms', 'Get Profile', { resource: 'user', operation: 'getProfile' })]),
	listings: (): Workflow => workflow([skyslopeNode('listings', 'Get Subscribers', { resource: 'subscriber', operation: 'get' })]),
	offers: (): Workflow =>
		workflow([skyslopeNode('offers', 'Get Report', { resource: 'report', operation: 'get', startDate: '2024-01-01T00:00:00Z', endDate: '2024-12-31T23:59:59Z' })]),
};

/** The Signing Trigger watching one file, as the editor saves it. */
export function formsTriggerNode(fileId: number, options: Json, webhookId: string = randomUUID(), name = 'Signed'): WorkflowNode {
	return {
		name,
		type: NODE_TYPES.signingTrigger,
		typeVersion: 1,
		position: [0, 0],
		webhookId,
		parameters: { files: { file: [{ fileId: { __rl: true, mode: 'id', value: String(fileId) } }] }, options },
		credentials: credentialRef('forms'),
	};
}

/** A workflow of the Signing Trigger watching one file, alone. */
export function formsTriggerWorkflow(name: string, fileId: number, options: Json, webhookId?: string): Workflow {
	return { name, nodes: [formsTriggerNode(fileId, options, webhookId)], connections: {}, settings: { executionOrder: 'v1' } };
}

/** Waits until `check` holds, or fails naming what did not happen. */
export async function waitFor(what: string, check: () => Promise<boolean>, timeoutMs = 100_000): Promise<void> {
	const deadline = Date.now() + timeoutMs;
	while (!(await check())) {
		if (Date.now() > deadline) throw new Error(`${what} did not happen within ${timeoutMs / 1000} s`);
		await new Promise((r) => setTimeout(r, 250));
	}
}

/** The name of the start node that `workflow()` puts first. */
export const START = 'Start';

/** The action node's Service value of each sandbox service. */
const SERVICE_VALUE: Record<ServiceName, string> = { forms: 'forms', listings: 'listingsSales', offers: 'offers' };

/**
 * The package's action node on a resource of `service`, with the sandbox credential of that service,
 * as the editor saves it (the Service choice first).
 */
export function skyslopeNode(service: ServiceName, name: string, parameters: Json, extra: Partial<WorkflowNode> = {}): WorkflowNode {
	return {
		name,
		type: NODE_TYPES.skySlope,
		typeVersion: 1,
		parameters: { service: SERVICE_VALUE[service], ...parameters },
		credentials: credentialRef(service),
		...extra,
	};
}

/**
 * The listings-and-sales nodes that find an office and an agent and create a listing from its form
 * in the sandbox: the write every real-n8n suite (2.x, 1.x, queue mode) starts from.
 */
export function createListingNodes(street: string, extra: Partial<WorkflowNode> = {}): WorkflowNode[] {
	const required = (field: string, type: string) => ({ id: field, displayName: field, required: true, defaultMatch: false, display: true, type });
	const byId = (value: string) => ({ __rl: true, mode: 'id', value });
	return [
		skyslopeNode('listings', 'Offices', { resource: 'office', operation: 'getAll', returnAll: false, limit: 1 }, extra),
		skyslopeNode('listings', 'Subscribers', { resource: 'subscriber', operation: 'get' }, extra),
		skyslopeNode(
			'listings',
			'Create listing',
			{
				resource: 'listing',
				operation: 'create',
				officeGuid: byId("={{ $('Offices').first().json.officeGuid }}"),
				checklistTypeId: 11,
				agentGuid: byId("={{ $('Subscribers').first().json.users.find(u => u.userType === 'Agent').userGuid }}"),
				columns: {
					mappingMode: 'defineBelow',
					value: {
						listingPrice: 425000,
						listingDate: '={{ $now.toISO() }}',
						expirationDate: '={{ $now.plus({ months: 6 }).toISO() }}',
						'property.streetNumber': '12',
						'property.streetAddress': street,
						'property.city': 'Sampleton',
						'property.state': 'CA',
						'property.zip': '95814',
					},
					matchingColumns: [],
					schema: [
						required('listingPrice', 'number'),
						required('listingDate', 'dateTime'),
						required('expirationDate', 'dateTime'),
						...['streetNumber', 'streetAddress', 'city', 'state', 'zip'].map((f) => required(`property.${f}`, 'string')),
					],
					attemptToConvertTypes: false,
					convertFieldsToString: false,
				},
			},
			extra,
		),
	];
}

/**
 * A workflow `Start -> nodes[0] -> nodes[1] -> ...` (a chain). `Start` is a Manual Trigger: the
 * harness swaps it for a Webhook trigger that emits the `input` items of runWorkflow().
 */
export function workflow(nodes: WorkflowNode[], name = 'e2e'): Workflow {
	const all: WorkflowNode[] = [
		{ name: START, type: 'n8n-nodes-base.manualTrigger', typeVersion: 1, parameters: {} },
		...nodes,
	];
	const connections: Workflow['connections'] = {};
	all.forEach((n, i) => {
		n.position ??= [i * 220, 0];
		if (i > 0) connections[all[i - 1].name] = { main: [[{ node: n.name, type: 'main', index: 0 }]] };
	});
	return { name, nodes: all, connections, settings: { executionOrder: 'v1' } };
}

// ---------------------------------------------------------------------------------------------
// Talking to n8n and the sandbox

/** n8n's public API (/api/v1) with the suite's API key. */
export function api<T = unknown>(method: string, path: string, body?: unknown): Promise<T> {
	const s = state();
	return jsonCall<T>(method, `${s.n8nUrl}/api/v1${path}`, body, { 'X-N8N-API-KEY': s.apiKey });
}

/** A sandbox test control (/_sandbox/...). */
export function sandbox<T = unknown>(method: string, path: string, body?: unknown): Promise<T> {
	return jsonCall<T>(method, `${state().sandboxUrl}/_sandbox${path}`, body);
}

export interface RequestLogEntry {
	seq: number;
	service: ServiceName | 'sandbox';
	method: string;
	/** Path below the service mount, still URL-encoded, e.g. `/partner/api/users/profile`. */
	path: string;
	query: Record<string, string | string[]>;
	headers: Record<string, string>;
	body: unknown;
	status: number;
	fault?: string;
	/** The sessions and tokens were ended before this request (expireEvery), whatever fault it met after. */
	expired?: boolean;
	at: number;
}

/** What the sandbox received (all of it, or of one service), oldest first. */
export async function sandboxLog(service?: ServiceName): Promise<RequestLogEntry[]> {
	const log = await sandbox<RequestLogEntry[]>('GET', '/log');
	return service ? log.filter((e) => e.service === service) : log;
}

/** A read of the Status Changed history: a creation-date slice of the export (a change window has no createdBefore). */
export const isHistorySlice = (e: RequestLogEntry) =>
	e.method === 'GET' && e.path === '/api/files' && e.status < 300 && typeof e.query.createdBefore === 'string' && e.query.type !== 'summary';

/** A poll's change window: a read of the export by modification date. */
export const isChangeWindow = (e: RequestLogEntry) => e.method === 'GET' && e.path === '/api/files' && e.status < 300 && typeof e.query.modifiedAfter === 'string';

/** The history's last step: the account's count of its files (a summary alone). */
export const isAccountCheck = (e: RequestLogEntry) =>
	e.method === 'GET' && e.path === '/api/files' && e.status < 300 && e.query.type === 'summary' && typeof e.query.createdBefore === 'string';

/**
 * Whether a Status Changed trigger has read the status of every file (its history, read by the
 * polls after the first): one export request per creation-date slice since the log was cleared,
 * then the account's count, the last answered a moment ago.
 */
export async function statusBookRead(): Promise<boolean> {
	const log = await sandboxLog('listings');
	// The slices (docs/listings-sales.md): one a creation year from 2000 to this one, and one for all before.
	const slices = new Date().getUTCFullYear() - 2000 + 2;
	if (log.filter(isHistorySlice).length < slices || !log.some(isAccountCheck)) return false;
	// The last read streams a few objects after its request is logged: let the poll store its state.
	await new Promise((r) => setTimeout(r, 2000));
	return true;
}

/** What an agent or auditor does in SkySlope's app: the sandbox's own control of listings and sales, outside the API. */
export async function activity(method: string, path: string, body?: Json): Promise<Json> {
	const res = await fetch(`${state().sandboxUrl}/listings/_sandbox/activity${path}`, {
		method,
		headers: body ? { 'content-type': 'application/json' } : {},
		body: body ? JSON.stringify(body) : undefined,
	});
	if (res.status !== 200) throw new Error(`the sandbox's activity control answered ${res.status} to ${method} ${path}: ${await res.text()}`);
	return (await res.json()) as Json;
}

export async function clearSandboxLog(): Promise<void> {
	await sandbox('DELETE', '/log');
}

/** Fault rules (see sandbox/core/context.ts FaultRule); an empty list turns faults off. */
export async function setFaults(rules: Json[]): Promise<void> {
	await sandbox('PUT', '/faults', rules);
}

/**
 * The sandbox's live switches (sandbox/core/live.ts): answer as clients of the live services
 * report (`['pastEnd422', 'zonelessDates']`, `'all'`, `{ parallel429: 6 }`); `{}` puts the
 * documents' reading back. Returns the switches now on.
 */
export async function setLive(switches: string | string[] | Json): Promise<Json> {
	return await sandbox<Json>('PUT', '/live', Array.isArray(switches) || typeof switches === 'string' ? { switches } : switches);
}

/** Ends every session or token of a service (or of all three) now, as if their lifetime ran out. */
export async function expire(service?: ServiceName): Promise<void> {
	await sandbox('POST', '/expire', service ? { service } : {});
}

export interface RateLimit {
	limit: number;
	windowSeconds: number;
}

/** Sets a service's rate limit; returns the one it replaced, to put back afterwards. */
export async function setRateLimit(service: ServiceName, limit: Partial<RateLimit>): Promise<RateLimit> {
	const current = await sandbox<Record<ServiceName, RateLimit>>('PUT', '/ratelimit', { service });
	await sandbox('PUT', '/ratelimit', { service, ...limit });
	return { limit: current[service].limit, windowSeconds: current[service].windowSeconds };
}

/** A client of n8n's editor REST API (/rest), signed in as the owner (e.g. for connectOAuth2). */
export async function editorClient(): Promise<N8nClient> {
	const client = new N8nClient(state().n8nUrl);
	await client.signIn(OWNER);
	return client;
}

/** n8n's credential test (the one behind the editor's "Retest" button), through the public API. */
export function testCredential(id: string): Promise<{ status: 'OK' | 'Error'; message: string }> {
	return api('POST', `/credentials/${encodeURIComponent(id)}/test`);
}

// ---------------------------------------------------------------------------------------------
// Running workflows

export interface ItemOut {
	json: Json;
	binary?: Record<string, Json>;
	pairedItem?: { item: number; input?: number } | Array<{ item: number; input?: number }> | number;
	error?: Json;
	[key: string]: unknown;
}

export interface NodeErrorOut {
	message: string;
	description?: string | null;
	httpCode?: string | null;
	name?: string;
	node?: Json;
	context?: Json;
	[key: string]: unknown;
}

interface TaskData {
	data?: { main?: Array<ItemOut[] | null> };
	error?: NodeErrorOut;
	executionStatus?: string;
	[key: string]: unknown;
}

export interface Execution {
	id: string;
	status: string;
	finished: boolean;
	mode: string;
	data?: {
		resultData: {
			runData: Record<string, TaskData[]>;
			error?: NodeErrorOut;
			lastNodeExecuted?: string;
		};
	};
	[key: string]: unknown;
}

export interface RunResult {
	executionId: string;
	/** n8n's status of the execution: `success`, `error`, ... */
	status: string;
	/** The execution's error (the node that stopped it), if any. */
	error?: NodeErrorOut;
	/** Every node's runs, as n8n stored them. */
	runData: Record<string, TaskData[]>;
	/** Items of a node's output (default: first output, last run). Throws if the node did not run. */
	items(node: string, output?: number): ItemOut[];
	/** `json` of each item of a node's output. */
	json(node: string, output?: number): Json[];
	/** The error a node ended with, if it did. */
	nodeError(node: string): NodeErrorOut | undefined;
	/** The webhook's HTTP answer (status and body). */
	response: { status: number; body: string };
	execution: Execution;
}

interface Activated {
	id: string;
	/** Production webhook URL of the harness trigger. */
	url: string;
}

const activated = new Map<string, Activated>();

export const HARNESS_WEBHOOK = '__e2e webhook';

/**
 * Replaces the Manual Trigger (if any) with a Webhook trigger and a Split Out node of the same
 * name, so the workflow's connections stay as they are and `input` arrives as items.
 */
function toWebhookWorkflow(wf: Workflow, key: string): { wf: Workflow; path: string } {
	const copy = JSON.parse(JSON.stringify(wf)) as Workflow;
	const manual = copy.nodes.find((n) => n.type === 'n8n-nodes-base.manualTrigger');
	if (!manual) throw new Error('runWorkflow needs a workflow with a Manual Trigger (use workflow())');
	// Unique per created workflow: two test files may run the same workflow, each creates its own.
	const path = `e2e-${key.slice(0, 16)}-${randomUUID().slice(0, 8)}`;
	const position = (manual.position as [number, number] | undefined) ?? [0, 0];
	Object.assign(manual, {
		type: 'n8n-nodes-base.splitOut',
		typeVersion: 1,
		parameters: { fieldToSplitOut: 'body.items', include: 'noOtherFields', options: {} },
	});
	copy.nodes.unshift({
		name: HARNESS_WEBHOOK,
		type: 'n8n-nodes-base.webhook',
		typeVersion: 2,
		webhookId: randomUUID(),
		position: [position[0] - 220, position[1]],
		parameters: { httpMethod: 'POST', path, responseMode: 'lastNode', responseData: 'noData', options: {} },
	});
	copy.connections[HARNESS_WEBHOOK] = { main: [[{ node: manual.name, type: 'main', index: 0 }]] };
	return { wf: copy, path };
}

/**
 * Creates and publishes a workflow through the public API and returns its id. Workflows with a
 * trigger of the package (e.g. SkySlope Signing Trigger) are activated as a user would. What a test
 * file leaves published is unpublished after the file, so that its polling triggers do not add
 * requests to the sandbox log of the files after it.
 */
export async function createWorkflow(wf: Workflow, activate = true): Promise<string> {
	const id = await create(wf, activate);
	if (activate) leftActive.add(id);
	return id;
}

/** Workflows a test file published itself; the ones still active are unpublished after the file. */
const leftActive = new Set<string>();

if (typeof afterAll === 'function') {
	afterAll(async () => {
		for (const id of leftActive) await deactivateWorkflow(id).catch(() => undefined);
	});
}

async function create(wf: Workflow, activate: boolean): Promise<string> {
	const created = await api<{ id: string }>('POST', '/workflows', {
		name: wf.name ?? 'e2e',
		nodes: wf.nodes,
		connections: wf.connections,
		settings: wf.settings ?? { executionOrder: 'v1' },
	});
	if (activate) await api('POST', `/workflows/${created.id}/activate`);
	return created.id;
}

export async function deactivateWorkflow(id: string): Promise<void> {
	leftActive.delete(id);
	await api('POST', `/workflows/${id}/deactivate`);
}

async function latestExecutionId(workflowId: string): Promise<number> {
	const list = await api<{ data: Array<{ id: string }> }>('GET', `/executions?workflowId=${workflowId}&limit=1`);
	return list.data.length ? Number(list.data[0].id) : 0;
}

/** Waits for an execution of the workflow newer than `after` to finish and returns it with its data. */
export async function waitForExecution(workflowId: string, after = 0, timeoutMs = 60000): Promise<Execution> {
	const deadline = Date.now() + timeoutMs;
	for (;;) {
		const list = await api<{ data: Execution[] }>('GET', `/executions?workflowId=${workflowId}&limit=5`);
		const fresh = list.data.filter((e) => Number(e.id) > after && e.status !== 'running' && e.status !== 'new');
		if (fresh.length) {
			fresh.sort((a, b) => Number(a.id) - Number(b.id));
			return parseExecution(await api<Execution>('GET', `/executions/${fresh[0].id}?includeData=true`));
		}
		if (Date.now() > deadline) throw new Error(`no finished execution of workflow ${workflowId} within ${timeoutMs} ms`);
		await new Promise((r) => setTimeout(r, 100));
	}
}

function parseExecution(e: Execution): Execution {
	if (typeof e.data === 'string') {
		throw new Error('execution data came back as a string: the public API is expected to return it parsed');
	}
	return e;
}

function resultOf(execution: Execution, response: { status: number; body: string }): RunResult {
	const runData = execution.data?.resultData.runData ?? {};
	const lastRun = (node: string): TaskData => {
		const runs = runData[node];
		if (!runs || runs.length === 0) {
			throw new Error(`node "${node}" did not run; nodes that ran: ${Object.keys(runData).join(', ')}`);
		}
		return runs[runs.length - 1];
	};
	const items = (node: string, output = 0) => lastRun(node).data?.main?.[output] ?? [];
	return {
		executionId: execution.id,
		status: execution.status,
		error: execution.data?.resultData.error,
		runData,
		items,
		json: (node, output) => items(node, output).map((i) => i.json),
		nodeError: (node) => runData[node]?.[runData[node].length - 1]?.error,
		response,
		execution,
	};
}

export interface RunOptions {
	/** The items the start node emits (default: one empty item, as a manual run does). */
	input?: Json[];
	timeoutMs?: number;
}

/**
 * Runs a workflow in the suite's n8n and returns what each node produced. The workflow is created
 * and published once (keyed by its JSON) and then run through its Webhook trigger over HTTP; the
 * execution is read back through the public API.
 */
export async function runWorkflow(wf: Workflow, options: RunOptions = {}): Promise<RunResult> {
	const key = createHash('sha256').update(JSON.stringify(wf)).digest('hex');
	let target = activated.get(key);
	if (!target) {
		const { wf: hooked, path } = toWebhookWorkflow(wf, key);
		const id = await create(hooked, true);
		target = { id, url: `${state().n8nUrl}/webhook/${path}` };
		activated.set(key, target);
	}
	const before = await latestExecutionId(target.id);
	let response = { status: 0, body: '' };
	// Right after publishing, n8n may answer 404 for a moment: try again for a few seconds.
	for (let attempt = 0; ; attempt++) {
		const res = await fetch(target.url, {
			method: 'POST',
			headers: { 'content-type': 'application/json' },
			body: JSON.stringify({ items: options.input ?? [{}] }),
			signal: AbortSignal.timeout(options.timeoutMs ?? 120000),
		});
		response = { status: res.status, body: await res.text() };
		if (res.status !== 404) break;
		if (attempt >= 50) throw new Error(`the harness webhook is not registered: ${response.body}`);
		await new Promise((r) => setTimeout(r, 200));
	}
	const execution = await waitForExecution(target.id, before, options.timeoutMs ?? 60000);
	return resultOf(execution, response);
}
