/* eslint-disable @n8n/community-nodes/no-restricted-globals -- dev tooling, never shipped in dist */
// The package in real n8n (running in Asia/Kolkata, test/e2e/global-setup.ts) against the sandbox
// answering as clients of the live service report: a page past the last one is a 422, date-times
// carry no zone (an empty one is 0001-01-01T00:00:00), statuses are display names.
import {
	api,
	clearSandboxLog,
	createListingNodes,
	createWorkflow,
	credentialRef,
	deactivateWorkflow,
	NODE_TYPES,
	runWorkflow,
	sandboxLog,
	setLive,
	skyslopeNode,
	waitForExecution,
	workflow,
	type Json,
	type Workflow,
} from './harness';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

afterEach(async () => {
	await setLive({});
});

async function listingCount(): Promise<number> {
	const r = await runWorkflow(workflow([skyslopeNode('listings', 'All', { resource: 'listing', operation: 'getAll', returnAll: true })]));
	expect(r.status).toBe('success');
	return r.json('All').length;
}

describe('SkySlope Listings & Sales against the live service behaviour', () => {
	it('Return All with a listings count that is a multiple of ten: every listing once, the 422 past the end is the end', async () => {
		let count = await listingCount();
		while (count % 10 !== 0) {
			const created = await runWorkflow(workflow(createListingNodes(`Tenth ${count} St`)));
			expect(created.status).toBe('success');
			count++;
		}
		await setLive(['pastEnd422', 'zonelessDates', 'displayStatuses']);
		await clearSandboxLog();
		const r = await runWorkflow(
			workflow([skyslopeNode('listings', 'All', { resource: 'listing', operation: 'getAll', returnAll: true, simplify: false })]),
		);
		expect(r.status).toBe('success');
		const listings = r.json('All');
		expect(listings).toHaveLength(count);
		expect(new Set(listings.map((l) => l.listingGuid)).size).toBe(count);
		expect(String(listings[0].createdOn)).not.toMatch(/Z$/);
		const pages = (await sandboxLog('listings')).filter((e) => e.method === 'GET' && e.path === '/api/files/listings');
		expect(pages.map((e) => e.status)).toEqual([...Array<number>(count / 10).fill(200), 422]);
	}, 240_000);

	it('more reads in flight than the service takes (429 beyond 3): every item comes back, each 429 waited out and resent', async () => {
		const all = await runWorkflow(workflow([skyslopeNode('listings', 'All', { resource: 'listing', operation: 'getAll', returnAll: false, limit: 10 })]));
		const guids = all.json('All').map((l) => String(l.listingGuid));
		const input = Array.from({ length: 30 }, (_, i) => ({ guid: guids[i % guids.length] }));
		await setLive({ parallel429: 3 });
		await clearSandboxLog();
		const r = await runWorkflow(
			workflow([skyslopeNode('listings', 'Get listing', { resource: 'listing', operation: 'get', listingGuid: '={{ $json.guid }}' })]),
			{ input },
		);
		expect(r.status).toBe('success');
		expect(r.json('Get listing').map((l) => String(l.listingGuid))).toEqual(input.map((i) => i.guid));
		const reads = (await sandboxLog('listings')).filter((e) => e.method === 'GET' && e.path.startsWith('/api/files/listings/'));
		const refused = reads.filter((e) => e.status === 429);
		// Each item answered once with 200; every 429 the sandbox gave was followed by a resend.
		expect(reads.filter((e) => e.status === 200)).toHaveLength(30);
		expect(reads).toHaveLength(30 + refused.length);
	}, 240_000);

	it('the trigger with zone-less dates and display statuses stays quiet when activated, then emits each new listing once, poll after poll', async () => {
		await setLive(['pastEnd422', 'zonelessDates', 'displayStatuses']);
		await clearSandboxLog();
		const triggerName = 'New listing';
		const wf: Workflow = {
			name: 'e2e live trigger',
			nodes: [
				{
					name: triggerName,
					type: NODE_TYPES.listingsTrigger,
					typeVersion: 1,
					position: [0, 0],
					parameters: { pollTimes: { item: [{ mode: 'everyMinute' }] }, event: 'newListing', statuses: [] },
					credentials: credentialRef('listings'),
				},
				{ name: 'Received', type: 'n8n-nodes-base.noOp', typeVersion: 1, position: [220, 0], parameters: {} },
			],
			connections: { [triggerName]: { main: [[{ node: 'Received', type: 'main', index: 0 }]] } },
			settings: { executionOrder: 'v1' },
		};
		const workflowId = await createWorkflow(wf, true);
		try {
			const polls = async () =>
				(await sandboxLog('listings')).filter((e) => e.method === 'GET' && e.path === '/api/files' && e.status < 300).length;
			const deadline = Date.now() + 100_000;
			while ((await polls()) < 1) {
				if (Date.now() > deadline) throw new Error('the trigger did not poll within 100 s');
				await sleep(500);
			}
			const none = await api<{ data: Json[] }>('GET', `/executions?workflowId=${workflowId}`);
			expect(none.data).toHaveLength(0);

			let after = 0;
			for (const street of ['Zoneless Ln', 'Second Zoneless Ln']) {
				const created = await runWorkflow(workflow(createListingNodes(street)));
				expect(created.status).toBe('success');
				const listingGuid = created.json('Create listing')[0].listingGuid;
				const execution = await waitForExecution(workflowId, after, 150_000);
				expect(execution.status).toBe('success');
				const items = execution.data?.resultData.runData[triggerName]?.[0]?.data?.main?.[0] ?? [];
				expect(items.map((i) => i.json.listingGuid)).toEqual([listingGuid]);
				expect(String(items[0].json.createdOn)).not.toMatch(/Z$/);
				after = Number(execution.id);
			}
		} finally {
			await deactivateWorkflow(workflowId);
		}
	}, 420_000);
});
