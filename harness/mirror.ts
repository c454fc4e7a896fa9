/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-dangerous-functions, @n8n/community-nodes/require-node-api-error -- dev tooling, never shipped in dist: psql for the test database, errors rethrown after cleanup */
// The mirror of docs/MIRROR.md, end to end: the example workflows of examples/mirror/ imported into
// a real n8n with a real Postgres, against the sandbox, as a brokerage's operations person would
// run them. What a test file needs around it: the services, the brokerage's activity in the
// sandbox, the first loads, n8n stopped and started, and the comparison of the database with the
// sandbox's own records.
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { mirrorCredential, mirrorWorkflows } from '../scripts/lib/mirror';
import { freePort, textOf } from '../scripts/lib/processes';
import { startPostgres, type PostgresService } from '../scripts/lib/queue-services';
import { startHost, type Host } from '../scripts/lib/setup';
import type { Json, RequestLogEntry, Workflow, WorkflowNode } from './n8n/workflows';
import { jsonCall } from './node/http';

export const FILES = {
	listingsAndSales: 'mirror/listings-and-sales-to-postgres.json',
	offers: 'mirror/offers-to-postgres.json',
	signedDocuments: 'mirror/signed-documents-to-postgres.json',
} as const;

const DAY = 24 * 3600 * 1000;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export interface Execution {
	id: string;
	status: string;
	/** How it started: `webhook`, `trigger`, ...; `integrated` for a run another execution started (Execute Workflow). */
	mode?: string;
	startedAt?: string;
	stoppedAt?: string;
	data?: { resultData: { runData: Record<string, Array<{ data?: { main?: Array<Array<{ json: Json }> | null> } }>>; error?: Json } };
}

export interface Mirror {
	host: Host;
	pg: PostgresService;
	log: (line: string) => void;
	stop(): Promise<void>;
}

export async function startMirror(options: { timezone: string; live: string[]; name: string; n8nEnv?: Record<string, string>; n8nNodeArgs?: string[]; n8nMemoryLimitMb?: number }): Promise<Mirror> {
	const log = (line: string) => process.stdout.write(`[mirror ${options.name}] ${line}\n`);
	const pg = await startPostgres(log, { database: 'brokerage' });
	const userFolder = mkdtempSync(join(tmpdir(), 'skyslope-mirror-'));
	let host: Host | undefined;
	try {
		host = await startHost({
			userFolder,
			n8nPort: await freePort(),
			sandboxPort: 0,
			persistent: false,
			examples: false,
			apiKey: true,
			timezone: options.timezone,
			// Built once by the global set-up: the two files start side by side and must not build at once.
			build: false,
			extraCredentials: [mirrorCredential(pg)],
			extraWorkflows: mirrorWorkflows(),
			n8nEnv: options.n8nEnv,
			n8nNodeArgs: options.n8nNodeArgs,
			n8nMemoryLimitMb: options.n8nMemoryLimitMb,
			log,
		});
	} catch (error) {
		await pg.stop();
		rmSync(userFolder, { recursive: true, force: true });
		throw error;
	}
	const started = host;
	const mirror: Mirror = {
		host: started,
		pg,
		log,
		async stop() {
			await started.stop();
			await pg.stop();
			// MIRROR_KEEP=1 keeps n8n's folder (n8n.log, sandbox.log) to look at after a failure.
			if (process.env.MIRROR_KEEP === '1') log(`kept ${userFolder}`);
			else rmSync(userFolder, { recursive: true, force: true });
		},
	};
	if (options.live.length) await sandbox(mirror, 'PUT', '/_sandbox/live', { switches: options.live });
	return mirror;
}

/** A request to the sandbox (its controls and services), failing loudly on an error status. */
export async function sandbox<T = Json>(m: Mirror, method: string, path: string, body?: unknown): Promise<T> {
	return await jsonCall<T>(method, `${m.host.sandbox.baseUrl}${path}`, body);
}

export const api = <T = Json>(m: Mirror, method: string, path: string, body?: unknown) => m.host.client.api<T>(method, path, body);

/** Runs SQL through psql in a database of a Postgres we started: its exit code, output and errors. */
export function psql(pg: Pick<PostgresService, 'host' | 'port' | 'user'>, database: string, query: string): Promise<{ code: number; out: string; err: string }> {
	return new Promise((resolve, reject) => {
		const child = spawn('psql', ['-h', pg.host, '-p', String(pg.port), '-U', pg.user, '-d', database, '-At', '-q', '-v', 'ON_ERROR_STOP=1', '-c', query], {
			stdio: ['ignore', 'pipe', 'pipe'],
		});
		const out = textOf(child.stdout);
		const err = textOf(child.stderr);
		child.on('error', reject);
		child.on('close', (code) => resolve({ code: code ?? 1, out: out().trim(), err: err() }));
	});
}

/** Runs SQL in the mirror's database through psql; the rows of a query as JSON. */
export async function sql<T = Json>(m: Mirror, query: string): Promise<T[]> {
	const { code, out, err } = await psql(m.pg, m.pg.database, `SELECT coalesce(json_agg(q), '[]'::json) FROM (${query}) q`);
	if (code !== 0) throw new Error(`psql exit ${code}: ${err}`);
	return JSON.parse(out) as T[];
}

export async function sandboxLog(m: Mirror): Promise<RequestLogEntry[]> {
	return await sandbox<RequestLogEntry[]>(m, 'GET', '/_sandbox/log');
}

export function example(m: Mirror, file: string): { id: string; workflow: Workflow } {
	const found = mirrorWorkflows().find((e) => e.file === file);
	const id = m.host.examples[file];
	if (!found || !id) throw new Error(`the mirror example ${file} was not imported`);
	return { id, workflow: found.workflow as unknown as Workflow };
}

/**
 * Runs the branch of an example that starts at its manual trigger, as a person clicking it would:
 * the same nodes and parameters, the manual trigger swapped for a webhook (the public API cannot
 * run a workflow) and the package's triggers disabled (they belong to the published copy; a node of
 * the branch may still read their parameters, as the signed-documents reconcile reads the files).
 */
export async function runManualBranch(
	m: Mirror,
	file: string,
	options: { withData?: boolean; timeoutMs?: number; replace?: (node: WorkflowNode) => WorkflowNode } = {},
): Promise<Execution> {
	const { workflow } = example(m, file);
	const path = `mirror-${randomUUID().slice(0, 8)}`;
	const nodes: WorkflowNode[] = workflow.nodes
		.map(options.replace ?? ((n: WorkflowNode) => n))
		// The schedule of a reconcile stays with the published copy too.
		.filter((n) => n.type !== 'n8n-nodes-base.scheduleTrigger')
		.map((n) =>
			n.type === 'n8n-nodes-base.manualTrigger'
				? { ...n, type: 'n8n-nodes-base.webhook', typeVersion: 2, webhookId: randomUUID(), parameters: { httpMethod: 'POST', path, responseMode: 'onReceived', options: {} } }
				: n.type.startsWith('n8n-nodes-skyslope.') && n.type.endsWith('Trigger')
					? { ...n, disabled: true }
					: n,
		);
	const names = new Set(nodes.map((n) => n.name));
	const connections = Object.fromEntries(Object.entries(workflow.connections).filter(([from]) => names.has(from)));
	return await runByWebhook(m, { name: `${workflow.name ?? file} (first load)`, nodes, connections, settings: { executionOrder: 'v1' } }, path, options);
}

/**
 * The execution a workflow's webhook started, once n8n lists it (not while it runs): the oldest of
 * the workflow's that is not a run of its own branch (`integrated`), looked for past every page of
 * those, however many slices a first load made.
 */
async function startedBy(m: Mirror, workflowId: string): Promise<Execution | undefined> {
	let cursor: string | undefined;
	for (;;) {
		const listed = await api<{ data: Execution[]; nextCursor?: string | null }>(
			m,
			'GET',
			`/executions?workflowId=${workflowId}&limit=250${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
		);
		const execution = listed.data.find((e) => e.mode !== 'integrated');
		if (execution || !listed.nextCursor || listed.data.length === 0) return execution;
		cursor = listed.nextCursor;
	}
}

/**
 * Runs a workflow that starts at a webhook node listening on `path` (the public API cannot run a
 * workflow): publishes it, calls the webhook, waits for the execution to end, unpublishes it.
 */
export async function runByWebhook(
	m: Mirror,
	workflow: { name: string; nodes: WorkflowNode[]; connections: Workflow['connections']; settings: Json },
	path: string,
	options: { withData?: boolean; timeoutMs?: number } = {},
): Promise<Execution> {
	const { withData = true, timeoutMs = 600_000 } = options;
	const created = await api<{ id: string }>(m, 'POST', '/workflows', workflow);
	await api(m, 'POST', `/workflows/${created.id}/activate`);
	try {
		for (let attempt = 0; ; attempt++) {
			const res = await fetch(`${m.host.n8n.baseUrl}/webhook/${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
			if (res.status !== 404) {
				if (!res.ok) throw new Error(`the webhook of ${workflow.name} answered ${res.status}: ${await res.text()}`);
				break;
			}
			if (attempt > 50) throw new Error(`the webhook of ${workflow.name} was never registered`);
			await sleep(200);
		}
		const deadline = Date.now() + timeoutMs;
		for (;;) {
			// Watched without its data (a first load's can be tens of megabytes), read once finished. While
			// n8n saves a large execution it may not answer for a moment: asked again, not failed.
			// The execution the webhook started; a first load that runs its own branch once per slice
			// (an Execute Workflow node) makes more of this workflow, in mode `integrated`.
			const execution = await startedBy(m, created.id).catch((error: Error & { cause?: Error }) => {
				m.log(`n8n did not answer (${error.message}${error.cause ? `: ${error.cause.message}` : ''}); asking again`);
				return undefined;
			});
			if (execution && execution.status !== 'running' && execution.status !== 'new') {
				return withData ? await api<Execution>(m, 'GET', `/executions/${execution.id}?includeData=true`) : execution;
			}
			if (Date.now() > deadline) throw new Error(`${workflow.name} did not finish within ${timeoutMs} ms`);
			await sleep(1000);
		}
	} finally {
		await api(m, 'POST', `/workflows/${created.id}/deactivate`);
	}
}

/** Finished executions of a workflow with their data, newest first (at most `max`). */
export async function executions(m: Mirror, workflowId: string, max = 1000): Promise<Execution[]> {
	const all: Execution[] = [];
	let cursor: string | undefined;
	do {
		const page = await api<{ data: Execution[]; nextCursor?: string | null }>(
			m,
			'GET',
			`/executions?workflowId=${workflowId}&includeData=true&limit=100${cursor ? `&cursor=${cursor}` : ''}`,
		);
		all.push(...page.data);
		cursor = page.nextCursor ?? undefined;
	} while (cursor && all.length < max);
	return all.slice(0, max);
}

/**
 * What a first load wrote: the sum of `count_mirrored` over the items its loader gave (one per slice
 * or window, each the count of its own run of the workflow's sub-workflow branch).
 */
export function firstLoadWritten(execution: Execution): number {
	const loaders = Object.keys(execution.data?.resultData.runData ?? {}).filter((name) => /^Load each /.test(name));
	return loaders.flatMap((name) => itemsOf(execution, name)).reduce((sum, item) => sum + Number((item as { count_mirrored?: unknown }).count_mirrored ?? 0), 0);
}

/** The items a node gave in an execution. */
export function itemsOf(execution: Execution, node: string): Json[] {
	return (execution.data?.resultData.runData[node] ?? []).flatMap((run) => (run.data?.main?.[0] ?? []).map((i) => i.json));
}

/** Waits until every trigger of the published examples has polled `times` more times, answered 2xx. */
export async function waitForPolls(m: Mirror, since: number, times = 1, timeoutMs = 240_000): Promise<void> {
	const deadline = Date.now() + timeoutMs;
	const wanted: Array<[string, (e: RequestLogEntry) => boolean]> = [
		['Changed listing', (e) => e.service === 'listings' && e.path === '/api/files' && String(e.query.type) === 'listing,summary' && e.query.modifiedAfter !== undefined],
		['Changed sale', (e) => e.service === 'listings' && e.path === '/api/files' && String(e.query.type) === 'sale,summary' && e.query.modifiedAfter !== undefined],
		// The read that reaches today: the first poll's last window, or a later poll's look-back (its
		// first read; the re-read of older windows follows it).
		['New or updated offer', (e) => e.service === 'offers' && /\/ext\/offers\/?$/.test(e.path) && Date.parse(String(e.query.endDate)) > Date.now() - 2 * DAY],
	];
	for (;;) {
		const log = (await sandboxLog(m)).filter((e) => e.at >= since && e.status >= 200 && e.status < 300 && e.method === 'GET');
		const missing = wanted.filter(([, match]) => log.filter(match).length < times).map(([name]) => name);
		if (!missing.length) return;
		if (Date.now() > deadline) throw new Error(`no poll of ${missing.join(', ')} within ${timeoutMs} ms`);
		await sleep(2000);
	}
}

// ---- the brokerage's activity ---------------------------------------------------------------

export interface SandboxOffer {
	OfferId: string;
	OfferSubmissionDate: string;
	ModificationTimestamp: string;
	OfferTerms: Record<string, unknown>;
	[key: string]: unknown;
}

/**
 * Offers over `days` before now on the sandbox's 30 listings (file ids 10001 to 10030), as the Offers
 * service would receive them; sent 20,000 a request (the sandbox refuses larger bodies).
 */
export async function addOfferHistory(m: Mirror, count: number, days: number): Promise<void> {
	const now = Date.now();
	const offers = Array.from({ length: count }, (_, i) => {
		const submitted = now - days * DAY + Math.floor(((i + 0.5) / count) * (days - 1) * DAY);
		return {
			OfferSubmissionDate: new Date(submitted).toISOString(),
			ModificationTimestamp: new Date(submitted + 3600_000).toISOString(),
			fileId: 10001 + (i % 30),
			OfferTerms: { OfferPrice: 400_000 + (i % 50) * 5000, OfferStatus: 'Submitted', OfferVersionNumber: 1 },
		};
	});
	for (let from = 0; from < offers.length; from += 20_000) await sandbox(m, 'POST', '/offers/_sandbox/offers', offers.slice(from, from + 20_000));
}

/** New offers today, and new versions of offers submitted in the last few days (inside the trigger's look-back). */
export async function changeOffers(m: Mirror, fresh: number, updates: number, seed: number): Promise<string[]> {
	const now = Date.now();
	const recent = (await allOffers(m)).filter(
		(o) => Date.parse(o.OfferSubmissionDate) > now - 7 * DAY && Date.parse(o.OfferSubmissionDate) < now - 3600_000,
	);
	const changes = [
		...Array.from({ length: fresh }, (_, i) => ({
			OfferSubmissionDate: new Date(now - (i % 5) * 60_000).toISOString(),
			fileId: 10001 + ((seed + i) % 30),
			OfferTerms: { OfferPrice: 500_000 + i * 1000, OfferStatus: 'Submitted', OfferVersionNumber: 1 },
		})),
		...Array.from({ length: recent.length ? updates : 0 }, (_, i) => {
			const offer = recent[(seed * 7 + i * 13) % recent.length];
			return { OfferId: offer.OfferId, OfferTerms: { OfferStatus: i % 2 ? 'Countered' : 'Accepted', OfferPrice: Number(offer.OfferTerms.OfferPrice ?? 0) + 1000 * (i + 1) } };
		}),
	];
	return await sandbox<string[]>(m, 'POST', '/offers/_sandbox/offers', changes);
}

/**
 * A new version of the offer submitted closest to each age (days before now): what the life of an
 * offer brings weeks or months after it was submitted (accepted, countered, withdrawn). The ids.
 */
export async function changeOldOffers(m: Mirror, ages: number[], seed: number): Promise<Array<{ OfferId: string; days: number }>> {
	const now = Date.now();
	const all = await allOffers(m);
	const picked: SandboxOffer[] = [];
	for (const days of ages) {
		const target = now - days * DAY;
		const offer = all
			.filter((o) => !picked.includes(o))
			.sort((a, b) => Math.abs(Date.parse(a.OfferSubmissionDate) - target) - Math.abs(Date.parse(b.OfferSubmissionDate) - target))[0];
		picked.push(offer);
	}
	await sandbox(
		m,
		'POST',
		'/offers/_sandbox/offers',
		picked.map((o, i) => ({
			OfferId: o.OfferId,
			OfferTerms: { OfferStatus: ['Accepted', 'Countered', 'Withdrawn'][(seed + i) % 3], OfferPrice: Number(o.OfferTerms.OfferPrice ?? 0) + 500 * (seed + 1) },
		})),
	);
	return picked.map((o) => ({ OfferId: o.OfferId, days: Math.round((now - Date.parse(o.OfferSubmissionDate)) / DAY) }));
}

export const allOffers = (m: Mirror) => sandbox<SandboxOffer[]>(m, 'GET', '/offers/_sandbox/offers');

// ---- the comparison -------------------------------------------------------------------------

export interface Comparison {
	table: string;
	expected: number;
	rows: number;
	missing: string[];
	extra: string[];
	/** Rows whose record, or a kept column, differs from the sandbox's latest version. */
	stale: string[];
}

/** JSON with every object's keys sorted: two records compared whatever order their keys came in. */
export const stable = (value: unknown): string =>
	JSON.stringify(value, (_key, v: unknown) =>
		v && typeof v === 'object' && !Array.isArray(v) ? Object.fromEntries(Object.entries(v as Record<string, unknown>).sort(([a], [b]) => a.localeCompare(b))) : v,
	);

/** A date as the nodes read it: with a zone as written, without one as UTC; year 1 and empty as none. */
export function asInstant(value: unknown): number | null {
	if (typeof value !== 'string' || !value.trim() || value.startsWith('0001-01-01')) return null;
	const zoned = /[Tt ]\d{1,2}:\d{2}.*([Zz]|[+-]\d{2}(:?\d{2})?)$/.test(value);
	const ms = Date.parse(zoned ? value : /[Tt ]/.test(value) ? `${value}Z` : `${value}T00:00:00Z`);
	return Number.isNaN(ms) ? null : ms;
}

function compare(
	table: string,
	expected: Map<string, Json>,
	rows: Json[],
	key: string,
	columns: (record: Json) => Record<string, unknown>,
): Comparison {
	const byKey = new Map(rows.map((r) => [String(r[key]), r]));
	const missing = [...expected.keys()].filter((k) => !byKey.has(k));
	const extra = [...byKey.keys()].filter((k) => !expected.has(k));
	const stale: string[] = [];
	for (const [k, record] of expected) {
		const row = byKey.get(k);
		if (!row) continue;
		if (stable(row.record) !== stable(record)) {
			stale.push(`${k}: record differs`);
			continue;
		}
		for (const [column, want] of Object.entries(columns(record))) {
			const got = row[column];
			const same = typeof want === 'number' && typeof got === 'string' ? Date.parse(got) === want || Number(got) === want : got === want;
			if (!same) stale.push(`${k}: ${column} is ${JSON.stringify(got)}, the sandbox has ${JSON.stringify(want)}`);
		}
	}
	return { table, expected: expected.size, rows: rows.length, missing, extra, stale };
}

const num = (v: unknown) => (v === null || v === undefined ? null : Number(v));

/** One signing of one document, as the sandbox recorded it. */
export interface SignedDocument {
	fileId: unknown;
	envelopeId: unknown;
	documentId: unknown;
	dateSigned: unknown;
}

/** The mirror's tables against the sandbox's records now; the signed documents of the watched files. */
export async function compareAll(m: Mirror, offersFrom: number, watchedFiles: number[]): Promise<Comparison[]> {
	const signed: SignedDocument[] = [];
	for (const fileId of watchedFiles) signed.push(...(await sandbox<SignedDocument[]>(m, 'GET', `/forms/sandbox/files/${fileId}/signed`)));
	const records = await sandbox<{ listings: Json[]; sales: Json[] }>(m, 'GET', '/listings/_sandbox/activity/records');
	const offers = (await allOffers(m)).filter((o) => Date.parse(o.OfferSubmissionDate) >= offersFrom);
	const [listingRows, saleRows, offerRows, signedRows] = await Promise.all([
		sql(m, 'SELECT listing_guid, status, listing_price, modified_on, record FROM skyslope_listings'),
		sql(m, 'SELECT sale_guid, status, sale_price, total_commission, actual_closing_date, modified_on, record FROM skyslope_sales'),
		sql(m, 'SELECT offer_id, offer_status, offer_price, version_number, modified_at, record FROM skyslope_offers'),
		sql(m, 'SELECT file_id, envelope_id, document_id, signed_at, record FROM skyslope_signed_documents'),
	]);
	const changedAt = (r: Json) => asInstant(r.modifiedOn) ?? asInstant(r.createdOn);
	const listingRowsNumeric = listingRows.map((r) => ({ ...r, listing_price: num(r.listing_price) }));
	const saleRowsNumeric = saleRows.map((r) => ({ ...r, sale_price: num(r.sale_price), total_commission: num(r.total_commission) }));
	const offerRowsNumeric = offerRows.map((r) => ({ ...r, offer_price: num(r.offer_price) }));
	// A signed document is one signing of one document: its file, envelope, document and signing time.
	const signedKey = (s: SignedDocument) => `${String(s.fileId)}/${String(s.envelopeId)}/${String(s.documentId)}@${String(asInstant(s.dateSigned))}`;
	return [
		compare('skyslope_listings', new Map(records.listings.map((r) => [String(r.listingGuid), r])), listingRowsNumeric, 'listing_guid', (r) => ({
			status: r.status,
			listing_price: num(r.listingPrice),
			modified_on: changedAt(r),
		})),
		compare('skyslope_sales', new Map(records.sales.map((r) => [String(r.saleGuid), r])), saleRowsNumeric, 'sale_guid', (r) => ({
			status: r.status,
			sale_price: num(r.salePrice),
			total_commission: num((r.commission as Json | null)?.totalCommission),
			actual_closing_date: asInstant(r.actualClosingDate),
			modified_on: changedAt(r),
		})),
		compare('skyslope_offers', new Map(offers.map((o) => [o.OfferId, o as unknown as Json])), offerRowsNumeric, 'offer_id', (o) => ({
			offer_status: (o.OfferTerms as Json).OfferStatus,
			offer_price: num((o.OfferTerms as Json).OfferPrice),
			version_number: num((o.OfferTerms as Json).OfferVersionNumber),
			modified_at: asInstant(o.ModificationTimestamp),
		})),
		(() => {
			const expected = new Set(signed.map(signedKey));
			const rows = signedRows.map((r) => signedKey({ fileId: r.file_id, envelopeId: r.envelope_id, documentId: r.document_id, dateSigned: r.signed_at }));
			return {
				table: 'skyslope_signed_documents',
				expected: expected.size,
				rows: rows.length,
				missing: [...expected].filter((k) => !rows.includes(k)),
				extra: rows.filter((k, i) => !expected.has(k) || rows.indexOf(k) !== i),
				stale: [],
			};
		})(),
	];
}

export const exact = (c: Comparison) => c.missing.length === 0 && c.extra.length === 0 && c.stale.length === 0 && c.rows === c.expected;

/** Compares until the mirror is exact or the time is up; the last comparison. */
export async function converge(m: Mirror, offersFrom: number, watchedFiles: number[], timeoutMs: number): Promise<Comparison[]> {
	const deadline = Date.now() + timeoutMs;
	for (;;) {
		const result = await compareAll(m, offersFrom, watchedFiles);
		if (result.every(exact) || Date.now() > deadline) return result;
		await sleep(5000);
	}
}

export function describeComparison(result: Comparison[]): string {
	return result
		.map((c) => {
			const head = `${c.table}: ${c.rows} rows for ${c.expected} records`;
			const issues = [
				c.missing.length ? `missing ${c.missing.length} (${c.missing.slice(0, 3).join(', ')})` : '',
				c.extra.length ? `extra ${c.extra.length} (${c.extra.slice(0, 3).join(', ')})` : '',
				c.stale.length ? `stale ${c.stale.length} (${c.stale.slice(0, 3).join('; ')})` : '',
			].filter(Boolean);
			return issues.length ? `${head}: ${issues.join(', ')}` : `${head}, exact`;
		})
		.join('\n');
}
