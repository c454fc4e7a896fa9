/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports -- dev tooling, never shipped in dist */
// `npm run soak`: a real n8n with the packed package runs mixed operations of all three services
// against the sandbox with faults on (503s, dropped connections, latency, sessions and tokens
// expiring) for SOAK_MINUTES (default 10), then writes into test/reliability/RESULTS.md:
// executions succeeded/failed, items lost (an input item with no output item paired to it, neither
// a result nor an error: must be 0), duplicates created, and n8n's memory at the start and the end.
//
//   npm run soak                      10 minutes
//   SOAK_MINUTES=2 npm run soak       shorter
//   SOAK_SKIP_BUILD=1 npm run soak    reuse dist/ as it is
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { clearSandboxLog, runWorkflow, sandboxLog, setFaults, skyslopeNode, workflow, type Json, type RunResult } from '../harness/n8n/workflows';
import { SANDBOX_CLIENT_SECRET } from '../sandbox/forms';
import { DEMO } from '../sandbox/listings';
import { OFFERS_CLIENT_SECRET } from '../sandbox/offers';
import { say } from '../scripts/lib/host';
import { freePort, REPO_ROOT } from '../scripts/lib/processes';
import { startHost, type Host } from '../scripts/lib/setup';

const MINUTES = Number(process.env.SOAK_MINUTES ?? 10);
const RESULTS = join(REPO_ROOT, 'test', 'reliability', 'RESULTS.md');
const START = '<!-- soak:start -->';
const END = '<!-- soak:end -->';

/** Faults on the API paths of each service (the token and login endpoints are left alone). */
const FAULTS: Json[] = [
	{ service: 'forms', path: '^/partner/api/', latencyMs: 5, errorRate: 0.05, errorStatus: 503, dropRate: 0.02, expireEvery: 50 },
	{ service: 'listings', path: '^/api/', latencyMs: 5, errorRate: 0.05, errorStatus: 503, dropRate: 0.02, expireEvery: 50 },
	{ service: 'offers', path: '^/offers-api/ext/(offer|offers|agent|report)', latencyMs: 5, errorRate: 0.05, errorStatus: 503, dropRate: 0.02, expireEvery: 50 },
];

/** Resident memory of a process and all its descendants, in MB (Linux /proc). */
function treeRssMb(pid: number): number {
	const rssKb = (p: number): number => {
		try {
			const line = readFileSync(`/proc/${p}/status`, 'utf8').split('\n').find((l) => l.startsWith('VmRSS:'));
			return line ? Number(line.replace(/\D+/g, '')) : 0;
		} catch {
			return 0;
		}
	};
	const children = (p: number): number[] => {
		try {
			return readdirSync(`/proc/${p}/task`).flatMap((t) =>
				readFileSync(`/proc/${p}/task/${t}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number),
			);
		} catch {
			return [];
		}
	};
	let total = 0;
	const stack = [pid];
	while (stack.length) {
		const p = stack.pop()!;
		total += rssKb(p);
		stack.push(...children(p));
	}
	return Math.round(total / 1024);
}

interface Tally {
	executions: number;
	succeeded: number;
	failed: number;
	itemsIn: number;
	itemsOk: number;
	itemsError: number;
	itemsLost: number;
	duplicates: number;
}

const tally: Record<string, Tally> = {};
/** What the sandbox's fault knobs did, summed over the run (read from its log each round). */
const faultsSeen: Record<string, number> = {};
/** Secrets: the credentials' own, and every token and session n8n sent (read from the sandbox's log). */
const secrets = new Set<string>([SANDBOX_CLIENT_SECRET, DEMO.clientSecret, DEMO.accessSecret, OFFERS_CLIENT_SECRET]);
/** What a user or an admin can see of the runs: every execution as n8n stored it. */
const executionsSeen: string[] = [];

function learn(entries: Array<{ fault?: string; headers: Record<string, string> }>): void {
	for (const e of entries) {
		if (e.fault) faultsSeen[e.fault] = (faultsSeen[e.fault] ?? 0) + 1;
		const bearer = /^Bearer\s+(\S+)/i.exec(e.headers.authorization ?? '');
		if (bearer) secrets.add(bearer[1]);
		if (e.headers.session) secrets.add(e.headers.session);
	}
}
const failures: string[] = [];

function count(name: string, result: RunResult, node: string, inputs: number): void {
	const t = (tally[name] ??= { executions: 0, succeeded: 0, failed: 0, itemsIn: 0, itemsOk: 0, itemsError: 0, itemsLost: 0, duplicates: 0 });
	t.executions++;
	t.itemsIn += inputs;
	executionsSeen.push(JSON.stringify(result.execution));
	if (result.status !== 'success') {
		t.failed++;
		// The run stopped with an error the user sees: its items are failed, not lost.
		t.itemsError += inputs;
		if (failures.length < 20) failures.push(`${name}: ${result.error?.message ?? result.status}`);
		return;
	}
	t.succeeded++;
	const items = result.items(node);
	for (let i = 0; i < inputs; i++) {
		const mine = items.filter((it) => {
			const paired = it.pairedItem;
			const index = typeof paired === 'number' ? paired : Array.isArray(paired) ? paired[0]?.item : paired?.item;
			return index === i;
		});
		if (mine.length === 0) t.itemsLost++;
		else if (mine.some((it) => it.json.error !== undefined)) t.itemsError++;
		else t.itemsOk++;
	}
}

const ON_ERROR = { onError: 'continueRegularOutput' } as const;

async function main() {
	const userFolder = mkdtempSync(join(tmpdir(), 'skyslope-soak-'));
	let host: Host | undefined;
	try {
		host = await startHost({
			userFolder,
			n8nPort: await freePort(),
			sandboxPort: 0,
			persistent: false,
			examples: false,
			build: process.env.SOAK_SKIP_BUILD !== '1',
			apiKey: true,
			log: (line) => say(`[soak] ${line}`),
		});
		const stateFile = join(userFolder, 'e2e-state.json');
		writeFileSync(stateFile, JSON.stringify({ n8nUrl: host.n8n.baseUrl, sandboxUrl: host.sandbox.baseUrl, apiKey: host.apiKey ?? '', userFolder }));
		process.env.SKYSLOPE_E2E_STATE = stateFile;
		const n8nPid = host.n8n.child.pid ?? 0;

		// Ids to work on, read through the nodes themselves before the faults start.
		const files = await runWorkflow(workflow([skyslopeNode('forms', 'Files', { resource: 'file', operation: 'getAll', returnAll: false, limit: 20 })]));
		const fileIds = files.json('Files').map((f) => Number(f.id)).filter((id) => id > 0);
		const listings = await runWorkflow(workflow([skyslopeNode('listings', 'Listings', { resource: 'listing', operation: 'getAll', returnAll: false, limit: 20 })]));
		const listingGuids = listings.json('Listings').map((l) => String(l.listingGuid));
		const since = new Date(Date.now() - 90 * 24 * 3600 * 1000).toISOString().slice(0, 10);
		const offers = await runWorkflow(workflow([skyslopeNode('offers', 'Offers', { resource: 'offer', operation: 'getAll', startDate: since, returnAll: false, limit: 20 })]));
		const offerIds = offers.json('Offers').map((o) => String(o.OfferId));
		if (!fileIds.length || !listingGuids.length || !offerIds.length) throw new Error('could not read ids to work on from the sandbox');

		const memoryStart = treeRssMb(n8nPid);
		say(`[soak] ${MINUTES} min with faults on; n8n memory ${memoryStart} MB`);
		await setFaults(FAULTS);
		const started = Date.now();
		let round = 0;
		while (Date.now() - started < MINUTES * 60_000) {
			round++;
			const n = 10;
			// Reads, one item per record: every item must come back.
			const formsRead = await runWorkflow(
				workflow([skyslopeNode('forms', 'Get File', { resource: 'file', operation: 'get', fileId: { __rl: true, mode: 'id', value: '={{ $json.id }}' } }, ON_ERROR)]),
				{ input: Array.from({ length: n }, (_, i) => ({ id: fileIds[(round + i) % fileIds.length] })) },
			);
			count('Forms Get File', formsRead, 'Get File', n);
			const listingRead = await runWorkflow(
				workflow([skyslopeNode('listings', 'Get Listing', { resource: 'listing', operation: 'get', listingGuid: { __rl: true, mode: 'id', value: '={{ $json.guid }}' } }, ON_ERROR)]),
				{ input: Array.from({ length: n }, (_, i) => ({ guid: listingGuids[(round + i) % listingGuids.length] })) },
			);
			count('SkySlope Get Listing', listingRead, 'Get Listing', n);
			const offerRead = await runWorkflow(
				workflow([skyslopeNode('offers', 'Get Offer', { resource: 'offer', operation: 'get', offerId: '={{ $json.id }}' }, ON_ERROR)]),
				{ input: Array.from({ length: n }, (_, i) => ({ id: offerIds[(round + i) % offerIds.length] })) },
			);
			count('Offers Get Offer', offerRead, 'Get Offer', n);
			// A chain across the three services.
			const chain = await runWorkflow(
				workflow([
					skyslopeNode('offers', 'Report', { resource: 'report', operation: 'get', startDate: since, endDate: new Date().toISOString().slice(0, 10) }, ON_ERROR),
					skyslopeNode('listings', 'Offices', { resource: 'office', operation: 'getAll', returnAll: true }, { ...ON_ERROR, executeOnce: true }),
					skyslopeNode('forms', 'Profile', { resource: 'user', operation: 'getProfile' }, { ...ON_ERROR, executeOnce: true }),
				]),
			);
			count('Chain Report > Offices > Profile', chain, 'Profile', 1);
			// Writes: every item created exactly once or returned as an error item.
			learn(await sandboxLog());
			await clearSandboxLog();
			const names = Array.from({ length: n }, (_, i) => `Soak-${round}-${i}`);
			const add = await runWorkflow(
				workflow([
					skyslopeNode(
						'forms',
						'Add Contact',
						{ resource: 'fileContact', operation: 'add', fileId: { __rl: true, mode: 'id', value: String(fileIds[0]) }, contactType: 'Buyer', firstName: 'Soak', lastName: '={{ $json.name }}' },
						ON_ERROR,
					),
				]),
				{ input: names.map((name) => ({ name })) },
			);
			count('Forms Add Contact', add, 'Add Contact', n);
			const created = (await sandboxLog('forms')).filter((e) => e.method === 'POST' && /\/contacts$/.test(e.path) && e.status === 200);
			for (const name of names) {
				const times = created.filter((e) => (e.body as Json | undefined)?.lastName === name).length;
				if (times > 1) tally['Forms Add Contact'].duplicates += times - 1;
			}
			learn(await sandboxLog());
			await clearSandboxLog();
			if (round % 10 === 0) say(`[soak] ${Math.round((Date.now() - started) / 1000)} s, round ${round}, n8n memory ${treeRssMb(n8nPid)} MB`);
		}
		await setFaults([]);
		const memoryEnd = treeRssMb(n8nPid);
		const leaks = scanForSecrets({ 'n8n.log': readFileSync(host.n8n.logFile, 'utf8'), executions: executionsSeen.join('\n') });
		writeResults({ minutes: MINUTES, rounds: round, memoryStart, memoryEnd, leaks });
		const lost = Object.values(tally).reduce((s, t) => s + t.itemsLost + t.duplicates, 0) + leaks.length;
		say(`[soak] done: ${round} rounds, items lost or duplicated: ${lost}; n8n memory ${memoryStart} -> ${memoryEnd} MB`);
		process.exitCode = lost === 0 ? 0 : 1;
	} finally {
		if (host) await host.stop();
		rmSync(userFolder, { recursive: true, force: true });
	}
}

/** Where a secret (or its base64) shows up: `<where>: <first characters>...`. */
function scanForSecrets(haystacks: Record<string, string>): string[] {
	const found: string[] = [];
	for (const [where, text] of Object.entries(haystacks)) {
		for (const secret of secrets) {
			if (secret.length >= 8 && (text.includes(secret) || text.includes(Buffer.from(secret).toString('base64')))) found.push(`${where}: ${secret.slice(0, 6)}...`);
		}
	}
	return found;
}

function writeResults(run: { minutes: number; rounds: number; memoryStart: number; memoryEnd: number; leaks: string[] }) {
	const rows = Object.entries(tally).map(
		([name, t]) => `| ${name} | ${t.executions} | ${t.succeeded} | ${t.failed} | ${t.itemsIn} | ${t.itemsOk} | ${t.itemsError} | ${t.itemsLost} | ${t.duplicates} |`,
	);
	const total = Object.values(tally).reduce(
		(s, t) => ({ e: s.e + t.executions, ok: s.ok + t.succeeded, f: s.f + t.failed, lost: s.lost + t.itemsLost, dup: s.dup + t.duplicates }),
		{ e: 0, ok: 0, f: 0, lost: 0, dup: 0 },
	);
	const section = [
		START,
		`Last soak: ${new Date().toISOString().slice(0, 16)}Z, ${run.minutes} min, ${run.rounds} rounds, faults on every API path (5% 503, 2% dropped connections, 5 ms latency, sessions/tokens expiring every 50 requests).`,
		'',
		`Executions: ${total.e} (${total.ok} succeeded, ${total.f} failed). Items lost: **${total.lost}**. Duplicates created: **${total.dup}**.`,
		`Faults the sandbox applied: ${Object.entries(faultsSeen).map(([k, v]) => `${v} × ${k}`).join(', ') || 'none'} (a request counts once, by its last fault).`,
		`Secrets (${secrets.size} values: the credentials' secrets and every token and session n8n sent) found in n8n.log or in the ${executionsSeen.length} stored executions: **${run.leaks.length}**${run.leaks.length ? ` (${run.leaks.join(', ')})` : ''}.`,
		`n8n memory (RSS of its process tree): ${run.memoryStart} MB at the start, ${run.memoryEnd} MB at the end.`,
		'',
		'| workflow | executions | succeeded | failed | items in | items ok | error items | lost | duplicates |',
		'|---|---|---|---|---|---|---|---|---|',
		...rows,
		...(failures.length ? ['', 'Failed executions (first 20):', ...failures.map((f) => `- ${f}`)] : []),
		END,
	].join('\n');
	const text = readFileSync(RESULTS, 'utf8');
	const next = text.includes(START) ? text.replace(new RegExp(`${START}[\\s\\S]*?${END}`), section) : `${text.trimEnd()}\n\n${section}\n`;
	writeFileSync(RESULTS, next);
}

main().catch((error) => {
	say(`[soak] failed: ${(error as Error).stack ?? String(error)}`);
	process.exitCode = 1;
});
