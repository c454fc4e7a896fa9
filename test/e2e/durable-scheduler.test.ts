/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports -- dev tooling, never shipped in dist */
// Status Changed in real n8n under its durable scheduler (each tick built from the database, saved
// only on an emit; announced as the default for schedules from 2.45), with durable poll cursors
// off and on, through n8n restarts in the middle of the history read and between emits: every
// change once (docs/ARCHITECTURE.md, "What holds, runtime by runtime"; the model of it proves the
// same rules in test/runtime). This file runs its own n8n and sandbox (it restarts n8n), in a
// temporary user folder on free ports, beside the suite's.
import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

import { startOwnHost } from '../../harness/n8n/own-host';
import type { Host } from '../../scripts/lib/setup';
import {
	activity,
	api,
	clearSandboxLog,
	createWorkflow,
	deactivateWorkflow,
	type Execution,
	isChangeWindow,
	isHistorySlice,
	type Json,
	NODE_TYPES,
	pollingWorkflow,
	sandboxLog,
	setLive,
	statusBookRead,
	waitFor,
} from '../../harness/n8n/workflows';

const DURABLE_SCHEDULER = { N8N_SCHEDULER_ENABLED: 'true', N8N_SCHEDULER_POLL_TRIGGERS_ENABLED: 'true' };
const CURSORS = (on: boolean) => ({ N8N_POLLER_DURABLE_CURSORS_ENABLED: on ? 'true' : 'false' });

let host: Host | undefined;
let folder = '';
let suiteState: string | undefined;

function h(): Host {
	if (!host) throw new Error('the host did not start');
	return host;
}

beforeAll(async () => {
	({ host, folder } = await startOwnHost('durable', { n8nEnv: { ...DURABLE_SCHEDULER, ...CURSORS(false) } }));
	// The suite's helpers (api, activity, sandboxLog) talk to this file's n8n and sandbox.
	const file = join(folder, 'e2e-state.json');
	writeFileSync(file, JSON.stringify({ n8nUrl: h().n8n.baseUrl, sandboxUrl: h().sandbox.baseUrl, apiKey: h().apiKey ?? '', userFolder: folder }));
	suiteState = process.env.SKYSLOPE_E2E_STATE;
	process.env.SKYSLOPE_E2E_STATE = file;
}, 300_000);

afterAll(async () => {
	if (suiteState === undefined) delete process.env.SKYSLOPE_E2E_STATE;
	else process.env.SKYSLOPE_E2E_STATE = suiteState;
	if (host) await host.stop();
	if (folder && process.env.E2E_KEEP !== '1') rmSync(folder, { recursive: true, force: true });
}, 60_000);

async function emitted(workflowId: string, triggerName: string): Promise<Json[]> {
	const list = await api<{ data: Execution[] }>('GET', `/executions?workflowId=${workflowId}&limit=100`);
	const runs = await Promise.all(list.data.map((e) => api<Execution>('GET', `/executions/${e.id}?includeData=true`)));
	return runs.flatMap((e) => (e.data?.resultData.runData[triggerName]?.[0]?.data?.main?.[0] ?? []).map((i) => i.json as Json));
}

/** A pending sale, not one of `taken`: created this year, or (`old`) the oldest there is. */
async function pendingSale(taken: string[], old = false): Promise<string> {
	const records = (await activity('GET', '/records')) as { sales: Json[] };
	const created = (s: Json) => Date.parse(`${String(s.createdOn).replace(/Z?$/, 'Z')}`);
	const year = new Date().getUTCFullYear();
	const pending = records.sales
		.filter((s) => String(s.status).toLowerCase() === 'pending' && !taken.includes(String(s.saleGuid)))
		.filter((s) => (old ? new Date(created(s)).getUTCFullYear() < year - 1 : new Date(created(s)).getUTCFullYear() === year))
		.sort((a, b) => created(a) - created(b));
	if (!pending.length) throw new Error(`no pending sale ${old ? 'from before last year' : 'of this year'}`);
	return String(pending[0].saleGuid);
}

const close = async (guid: string) => await activity('PATCH', `/sales/${guid}`, { status: 'closed' });

describe.each([false, true])('Status Changed under the durable scheduler, durable poll cursors %s', (cursors) => {
	it('n8n restarted in the middle of the history read and between emits: every sale closed fires once', async () => {
		if (cursors) await h().restartN8n({ ...DURABLE_SCHEDULER, ...CURSORS(cursors) });
		// Ten years of sales, read about a dozen slices a poll against an export of 1.5 s a read.
		await activity('POST', '/history', { listings: 0, sales: 120, days: 3650, seed: cursors ? 3702 : 3701 });
		await setLive({ slowExport: 1500 });
		const triggerName = 'Sale closed';
		const wf = pollingWorkflow(triggerName, NODE_TYPES.trigger, 'listings', { event: 'statusChanged', fileTypes: ['sale'], statuses: ['closed'] });
		await clearSandboxLog();
		const slicesRead = async () => (await sandboxLog('listings')).filter(isHistorySlice).length;
		const workflowId = await createWorkflow(wf, true);
		try {
			const closed: string[] = [];
			// This year's slice is read first; then a sale of this year closes and fires.
			await waitFor('this year\'s slice', async () => (await slicesRead()) >= 1, 200_000);
			closed.push(await pendingSale(closed));
			await close(closed[0]);
			await waitFor('the first change emitted', async () => (await emitted(workflowId, triggerName)).length >= 1, 200_000);
			// A restart with the history half read: what the quiet polls kept in memory is gone.
			await h().restartN8n({ ...DURABLE_SCHEDULER, ...CURSORS(cursors) });
			closed.push(await pendingSale(closed, true));
			await close(closed[1]);
			await waitFor('the history read, every sale', statusBookRead, 600_000);
			await waitFor('the second change emitted', async () => (await emitted(workflowId, triggerName)).length >= 2, 200_000);
			// A restart between emits, then one more.
			await h().restartN8n({ ...DURABLE_SCHEDULER, ...CURSORS(cursors) });
			closed.push(await pendingSale(closed));
			await close(closed[2]);
			await waitFor('the third change emitted', async () => (await emitted(workflowId, triggerName)).length >= 3, 200_000);
			// Two more polls read their windows: nothing else comes.
			const windows = async () => (await sandboxLog('listings')).filter(isChangeWindow).length;
			const read = await windows();
			await waitFor('two more polls', async () => (await windows()) >= read + 2, 200_000);
			// The second's run, if it had anything, is handed off as it emits: a moment to record it.
			await new Promise((r) => setTimeout(r, 5_000));
			const items = await emitted(workflowId, triggerName);
			expect(items.map((i) => i.saleGuid).sort()).toEqual([...closed].sort());
			// Each from pending, or (the old sale, if it closed before its slice was read) saying its earlier status is unknown.
			for (const item of items) {
				expect(item.previousStatusUnknown === true ? item.previousStatus : String(item.previousStatus).toLowerCase()).toBe(item.previousStatusUnknown === true ? null : 'pending');
			}
		} finally {
			await deactivateWorkflow(workflowId);
			await setLive({});
		}
	}, 1_500_000);
});
