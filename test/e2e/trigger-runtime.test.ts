/* eslint-disable @n8n/community-nodes/no-restricted-globals -- dev tooling, never shipped in dist */
// Status Changed in real n8n under its own trigger runtime: publishing never waits on the history,
// ticks (every 15 s) overlap polls slowed by the export (several seconds a read), and a change fires
// once. docs/ARCHITECTURE.md, "Triggers under n8n's runtime".
import {
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
	statusBookRead,
	waitFor,
	type Execution,
} from './harness';

afterEach(async () => {
	await setLive({});
});

async function activity(method: string, path: string, body?: Json): Promise<Json> {
	const res = await fetch(`${state().sandboxUrl}/listings/_sandbox/activity${path}`, {
		method,
		headers: body ? { 'content-type': 'application/json' } : {},
		body: body ? JSON.stringify(body) : undefined,
	});
	expect(res.status).toBe(200);
	return (await res.json()) as Json;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The history's slices the sandbox answered so far, by their first day. */
async function slicesRead(): Promise<string[]> {
	return (await sandboxLog('listings'))
		.filter((e) => e.method === 'GET' && e.path === '/api/files' && e.status < 300 && typeof e.query.createdAfter === 'string')
		.map((e) => String(e.query.createdAfter));
}

async function executions(workflowId: string): Promise<Execution[]> {
	const list = await api<{ data: Execution[] }>('GET', `/executions?workflowId=${workflowId}&limit=50`);
	return Promise.all(list.data.map((e) => api<Execution>('GET', `/executions/${e.id}?includeData=true`)));
}

describe('Status Changed under n8n\'s trigger runtime', () => {
	it('publishing over ten years with a slow export returns at once; overlapping ticks do nothing; a sale closed during the history read fires once', async () => {
		// Ten years of sales (a few a year: the suite's other tests page through every record), and
		// every export read answering after 4 s: each slice of the history is slow, whatever its size.
		await activity('POST', '/history', { listings: 0, sales: 120, days: 3650, seed: 3601 });
		const records = (await activity('GET', '/records')) as { sales: Json[] };
		const year = new Date().getUTCFullYear();
		const pending = records.sales.find(
			(s) => String(s.status).toLowerCase() === 'pending' && new Date(`${String(s.createdOn).replace(/Z?$/, 'Z')}`).getUTCFullYear() === year,
		);
		expect(pending).toBeDefined();
		await setLive({ slowExport: 4000 });
		await clearSandboxLog();

		const triggerName = 'Sale closed';
		const wf = pollingWorkflow(triggerName, NODE_TYPES.listingsTrigger, 'listings', {
			event: 'statusChanged',
			fileTypes: ['sale'],
			statuses: ['closed'],
		});
		// A tick every 15 seconds: shorter than a poll that reads the history against this export.
		(wf.nodes[0].parameters as Json).pollTimes = { item: [{ mode: 'custom', cronExpression: '*/15 * * * * *' }] };
		const publishing = Date.now();
		const workflowId = await createWorkflow(wf, true);
		const published = Date.now() - publishing;
		try {
			// The first poll runs inside publishing and asks nothing of the slow export.
			expect(published).toBeLessThan(10_000);
			// This year's slice is read first; then the sale closes, while older years are still unread.
			await waitFor('this year\'s slice read', async () => (await slicesRead()).some((d) => d.startsWith(`${year}-01-01`)), 120_000).catch(
				async (error: Error) => {
					const seen = (await sandboxLog('listings')).map((e) => `${e.method} ${e.path} ${JSON.stringify(e.query)} ${e.status}`);
					const runs = await api<{ data: Json[] }>('GET', `/executions?workflowId=${workflowId}&limit=5`);
					throw new Error(`${error.message}; the sandbox saw: ${seen.slice(-10).join(' | ') || 'nothing'}; executions: ${JSON.stringify(runs.data)}`);
				},
			);
			expect((await slicesRead())[0]).toMatch(new RegExp(`^${year}-01-01`));
			await activity('PATCH', `/sales/${String(pending?.saleGuid)}`, { status: 'closed', statusId: 2 });
			await waitFor('the history read, every sale', statusBookRead, 400_000);
			// Two more polls after the history: nothing else comes.
			await sleep(40_000);
			const runs = await executions(workflowId);
			const items = runs.flatMap((e) => e.data?.resultData.runData[triggerName]?.[0]?.data?.main?.[0] ?? []);
			expect(items.map((i) => [i.json.saleGuid, i.json.previousStatus, i.json.previousStatusUnknown ?? false])).toEqual([
				[pending?.saleGuid, expect.stringMatching(/^pending$/i), false],
			]);
			// Polls ran longer than the tick: the export was asked once per poll, never by two polls at once.
			const reads = (await sandboxLog('listings')).filter((e) => e.method === 'GET' && e.path === '/api/files');
			const windows = reads.filter((e) => typeof e.query.modifiedAfter === 'string');
			const slices = reads.filter((e) => typeof e.query.createdAfter === 'string');
			expect(new Set(slices.map((e) => String(e.query.createdAfter))).size).toBe(slices.length);
			expect(windows.length).toBeGreaterThan(1);
		} finally {
			await deactivateWorkflow(workflowId);
		}
	}, 600_000);
});
