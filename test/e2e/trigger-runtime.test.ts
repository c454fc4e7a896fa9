/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports -- dev tooling, never shipped in dist */
// Status Changed in real n8n under its own trigger runtime: publishing never waits on the history,
// ticks (every 15 s) overlap polls slowed by the export (several seconds a read), and a change fires
// once. docs/ARCHITECTURE.md, "Triggers under n8n's runtime".
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

import {
	activity,
	api,
	clearSandboxLog,
	createWorkflow,
	deactivateWorkflow,
	type Json,
	NODE_TYPES,
	pollingWorkflow,
	sandboxLog,
	setLive,
	state,
	isHistorySlice,
	statusBookRead,
	waitFor,
	type Execution,
} from '../../harness/n8n/workflows';

afterEach(async () => {
	await setLive({});
});


const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The history's slices the sandbox answered so far, by their first day. */
async function slicesRead(): Promise<string[]> {
	return (await sandboxLog('listings'))
		.filter(isHistorySlice)
		// The oldest slice has no start: it sorts last.
		.map((e) => String(e.query.createdAfter ?? ''));
}

async function executions(workflowId: string): Promise<Execution[]> {
	const list = await api<{ data: Execution[] }>('GET', `/executions?workflowId=${workflowId}&limit=50`);
	return Promise.all(list.data.map((e) => api<Execution>('GET', `/executions/${e.id}?includeData=true`)));
}

/** Waits until the trigger's first poll (inside publishing) has saved the state its watch begins with. */
async function watchBegun(workflowId: string, triggerName: string): Promise<void> {
	await waitFor('the watch begun', async () => {
		const wf = await api<{ staticData?: Record<string, { cursor?: string }> | null }>('GET', `/workflows/${workflowId}`);
		return typeof wf.staticData?.[`node:${triggerName}`]?.cursor === 'string';
	}, 30_000);
}

/** The items the trigger emitted, over every execution of the workflow. */
async function emitted(workflowId: string, triggerName: string): Promise<Json[]> {
	const runs = await executions(workflowId);
	return runs.flatMap((e) => (e.data?.resultData.runData[triggerName]?.[0]?.data?.main?.[0] ?? []).map((i) => i.json as Json));
}

async function failIfMissing(workflowId: string, error: Error): Promise<never> {
	const seen = (await sandboxLog('listings')).map((e) => `${e.method} ${e.path} ${JSON.stringify(e.query)} ${e.status}`);
	const runs = await api<{ data: Json[] }>('GET', `/executions?workflowId=${workflowId}&limit=5`);
	const wf = await api<{ staticData?: unknown }>('GET', `/workflows/${workflowId}`);
	const log = readFileSync(join(state().userFolder, 'n8n.log'), 'utf8')
		.split('\n')
		.filter((line) => /skyslope|error|supersed|discard|skipping|poll trigger/i.test(line))
		.slice(-15);
	throw new Error(
		`${error.message}; the sandbox saw: ${seen.slice(-8).join(' | ') || 'nothing'}; executions: ${JSON.stringify(runs.data)}; static data: ${JSON.stringify(wf.staticData).slice(0, 600)}; n8n's log: ${log.join(' / ')}`,
	);
}

describe('the SkySlope Trigger under n8n\'s trigger runtime (one-minute ticks)', () => {
	it('a poll slower than the interval (the export answering after 70 s): publishing returns at once, ticks during the poll do nothing, a sale closed fires once', async () => {
		const records = (await activity('GET', '/records')) as { sales: Json[] };
		const sale = records.sales.find((s) => String(s.status).toLowerCase() === 'pending');
		expect(sale).toBeDefined();
		await setLive({ slowExport: 70_000 });
		await clearSandboxLog();
		const triggerName = 'Sale changed';
		const wf = pollingWorkflow(triggerName, NODE_TYPES.trigger, 'listings', { event: 'changedSale', statuses: [] });
		const publishing = Date.now();
		const workflowId = await createWorkflow(wf, true);
		try {
			// The first poll runs inside publishing and asks nothing of the slow export. (n8n 2.x may
			// answer the publish before its triggers are up: the watch has begun once its state is saved.)
			await watchBegun(workflowId, triggerName);
			expect(Date.now() - publishing).toBeLessThan(10_000);
			await activity('PATCH', `/sales/${String(sale?.saleGuid)}`, { status: 'closed' });
			await waitFor('the change emitted', async () => (await emitted(workflowId, triggerName)).length > 0, 200_000).catch((e: Error) =>
				failIfMissing(workflowId, e),
			);
			// Two more ticks, each meeting a poll still reading (70 s), then a poll of its own.
			await sleep(130_000);
			const items = await emitted(workflowId, triggerName);
			expect(items.map((i) => i.saleGuid)).toEqual([sale?.saleGuid]);
			// One poll at a time: the export was never asked by two polls at once.
			const reads = (await sandboxLog('listings')).filter((e) => e.method === 'GET' && e.path === '/api/files');
			expect(reads.length).toBeGreaterThanOrEqual(1);
			expect(reads.length).toBeLessThanOrEqual(3);
		} finally {
			await deactivateWorkflow(workflowId);
		}
	}, 600_000);

	it('Status Changed over ten years with a slow export (2 s a read): publishing returns at once, the history is read over the next polls, a sale closed meanwhile fires once', async () => {
		// Ten years of sales (a few a year: the suite's other tests page through every record).
		await activity('POST', '/history', { listings: 0, sales: 120, days: 3650, seed: 3601 });
		const records = (await activity('GET', '/records')) as { sales: Json[] };
		const year = new Date().getUTCFullYear();
		const pending = records.sales.find(
			(s) => String(s.status).toLowerCase() === 'pending' && new Date(`${String(s.createdOn).replace(/Z?$/, 'Z')}`).getUTCFullYear() === year,
		);
		expect(pending).toBeDefined();
		await setLive({ slowExport: 2000 });
		await clearSandboxLog();
		const triggerName = 'Sale closed';
		const wf = pollingWorkflow(triggerName, NODE_TYPES.trigger, 'listings', { event: 'statusChanged', fileTypes: ['sale'], statuses: ['closed'] });
		const publishing = Date.now();
		const workflowId = await createWorkflow(wf, true);
		try {
			await watchBegun(workflowId, triggerName);
			expect(Date.now() - publishing).toBeLessThan(10_000);
			// This year's slice is read first; then the sale closes, while older years are still unread.
			await waitFor('this year\'s slice read', async () => (await slicesRead()).some((d) => d.startsWith(`${year}-01-01`)), 150_000).catch((e: Error) =>
				failIfMissing(workflowId, e),
			);
			expect((await slicesRead())[0]).toMatch(new RegExp(`^${year}-01-01`));
			// That poll has ended (and kept its slices) once the next one reads its change window.
			const windows = async () => (await sandboxLog('listings')).filter((e) => e.path === '/api/files' && typeof e.query.modifiedAfter === 'string').length;
			const before = await windows();
			await waitFor('the next poll', async () => (await windows()) > before, 150_000);
			await activity('PATCH', `/sales/${String(pending?.saleGuid)}`, { status: 'closed' });
			await waitFor('the history read, every sale', statusBookRead, 300_000);
			await waitFor('the change emitted', async () => (await emitted(workflowId, triggerName)).length > 0, 150_000).catch((e: Error) =>
				failIfMissing(workflowId, e),
			);
			// One more poll after: nothing else comes.
			await sleep(65_000);
			const items = await emitted(workflowId, triggerName);
			expect(items.map((i) => [i.saleGuid, String(i.previousStatus).toLowerCase(), i.previousStatusUnknown ?? false])).toEqual([
				[pending?.saleGuid, 'pending', false],
			]);
			// Each slice asked once, newest year first.
			const slices = await slicesRead();
			expect(new Set(slices).size).toBe(slices.length);
			expect(slices).toEqual([...slices].sort().reverse());
		} finally {
			await deactivateWorkflow(workflowId);
		}
	}, 900_000);
});
