/* eslint-disable @n8n/community-nodes/no-restricted-globals -- dev tooling, never shipped in dist */
// The package in real n8n (running in Asia/Kolkata, harness/n8n/global-setup.ts) against the sandbox
// answering as clients of the live service report: a page past the last one is a 422, date-times
// carry no zone (an empty one is 0001-01-01T00:00:00), statuses are display names.
import {
	activity,
	api,
	clearSandboxLog,
	createListingNodes,
	createWorkflow,
	credentialRef,
	deactivateWorkflow,
	editorClient,
	NODE_TYPES,
	pollingWorkflow,
	runWorkflow,
	sandboxLog,
	setLive,
	setRateLimit,
	skyslopeNode,
	statusBookRead,
	waitFor,
	waitForExecution,
	workflow,
	type Json,
	type WorkflowNode,
} from '../../harness/n8n/workflows';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Polls of the SkySlope Trigger answered so far: export windows read. */
const exportPolls = async () =>
	(await sandboxLog('listings')).filter((e) => e.method === 'GET' && e.path === '/api/files' && e.status < 300).length;

afterEach(async () => {
	await setLive({});
});

const byId = (value: string) => ({ __rl: true, mode: 'id', value });


/**
 * Publishes a Status Changed trigger on sales moving to closed, waits for its first poll to read
 * every sale (it starts no run), runs `body`, and unpublishes it.
 */
async function withSaleClosedTrigger(body: (workflowId: string, triggerName: string) => Promise<void>): Promise<void> {
	await clearSandboxLog();
	const triggerName = 'Sale closed';
	const wf = pollingWorkflow(triggerName, NODE_TYPES.trigger, 'listings', { event: 'statusChanged', fileTypes: ['sale'], statuses: ['closed'] });
	const workflowId = await createWorkflow(wf, true);
	try {
		await waitFor('the history read, every sale', statusBookRead, 180_000);
		expect((await api<{ data: Json[] }>('GET', `/executions?workflowId=${workflowId}`)).data).toHaveLength(0);
		await body(workflowId, triggerName);
	} finally {
		await deactivateWorkflow(workflowId);
	}
}

/** Waits for the trigger's next poll, then holds that the workflow has run `runs` times, no more. */
async function expectRunsAfterNextPoll(workflowId: string, runs: number): Promise<void> {
	const seen = await exportPolls();
	await waitFor('a later poll', async () => (await exportPolls()) > seen, 150_000);
	await sleep(2000);
	expect((await api<{ data: Json[] }>('GET', `/executions?workflowId=${workflowId}`)).data).toHaveLength(runs);
}

/** Every listing or sale the broker sees (Return All, with the switches as they are), as the node gives them. */
async function readAll(resource: 'listing' | 'sale'): Promise<Json[]> {
	const r = await runWorkflow(workflow([skyslopeNode('listings', 'All', { resource, operation: 'getAll', returnAll: true, simplify: false })]));
	expect(r.status).toBe('success');
	return r.json('All');
}

/** Nodes that create one sale per input item, in the first office, for its first agent. */
function createSaleNodes(): WorkflowNode[] {
	// The office and agent lookups of the listing create.
	const [offices, subscribers] = createListingNodes('');
	return [
		offices,
		subscribers,
		skyslopeNode('listings', 'Create sale', {
			resource: 'sale',
			operation: 'create',
			officeGuid: byId("={{ $('Offices').first().json.officeGuid }}"),
			checklistTypeId: 14,
			agentGuid: byId("={{ $('Subscribers').first().json.users.find(u => u.userType === 'Agent').userGuid }}"),
			columns: {
				mappingMode: 'defineBelow',
				value: {
					dealTypeId: 2,
					salePrice: 510000,
					contractAcceptedDate: '={{ $now.toISO() }}',
					escrowClosingDate: '={{ $now.plus({ months: 2 }).toISO() }}',
					'property.streetNumber': '10',
					'property.streetAddress': 'Tenth St',
					'property.city': 'Sampleton',
					'property.state': 'CA',
					'property.zip': '95814',
				},
				matchingColumns: [],
				schema: [],
				attemptToConvertTypes: false,
				convertFieldsToString: false,
			},
		}),
	];
}

/** Creates listings or sales (one workflow run) until the broker sees a multiple of ten; that count. */
async function countOfTen(resource: 'listing' | 'sale'): Promise<number> {
	const count = (await readAll(resource)).length;
	const missing = (10 - (count % 10)) % 10;
	if (missing > 0) {
		// One record per input item.
		const nodes = resource === 'listing' ? createListingNodes('Tenth St') : createSaleNodes();
		const created = await runWorkflow(workflow(nodes), { input: Array.from({ length: missing }, () => ({})) });
		expect(created.status).toBe('success');
	}
	return count + missing;
}

/** The listing and sale list pages the sandbox answered, by status. */
const listStatuses = async (resource: 'listing' | 'sale') =>
	(await sandboxLog('listings')).filter((e) => e.method === 'GET' && e.path === `/api/files/${resource}s`).map((e) => e.status);

describe('SkySlope Listings & Sales against the live service behaviour', () => {
	it.each(['listing', 'sale'] as const)(
		'Return All with a %s count that is a multiple of ten: every record once, the 422 past the end is the end',
		async (resource) => {
			const count = await countOfTen(resource);
			await setLive(['pastEnd422', 'zonelessDates', 'displayStatuses']);
			await clearSandboxLog();
			const records = await readAll(resource);
			expect(records).toHaveLength(count);
			expect(new Set(records.map((l) => l[`${resource}Guid`])).size).toBe(count);
			expect(String(records[0].createdOn)).not.toMatch(/Z$/);
			// Every page once; the page after the full last one answered 422 once, and not asked again.
			expect(await listStatuses(resource)).toEqual([...Array<number>(count / 10).fill(200), 422]);
		},
		240_000,
	);

	it("the listing picker's search in the editor lists every listing once and ends at the 422 without an error", async () => {
		const count = await countOfTen('listing');
		const listings = new Set((await readAll('listing')).map((l) => String(l.listingGuid)));
		await setLive(['pastEnd422']);
		await clearSandboxLog();
		const client = await editorClient();
		const seen: string[] = [];
		let token: string | undefined;
		for (let call = 0; call <= count / 10; call++) {
			const page = await client.rest<{ results: Array<{ name: string; value: string }>; paginationToken?: string }>(
				'POST',
				'/dynamic-node-parameters/resource-locator-results',
				{
					path: 'parameters.listingGuid',
					methodName: 'searchListings',
					nodeTypeAndVersion: { name: NODE_TYPES.skySlope, version: 1 },
					credentials: credentialRef('listings'),
					currentNodeParameters: { service: 'listingsSales', resource: 'listing', operation: 'get', listingGuid: { __rl: true, mode: 'list', value: '' } },
					...(token ? { paginationToken: token } : {}),
				},
			);
			seen.push(...page.results.map((r) => r.value));
			token = page.paginationToken;
			if (!token) break;
		}
		expect(token).toBeUndefined();
		expect(seen).toHaveLength(count);
		expect(new Set(seen)).toEqual(listings);
		// One call a page, and after the first page the list's page 1000 (is it longer than 10,000?),
		// answered with the 422 past the end; the call after the full last page met the 422 once and
		// gave no error.
		expect(await listStatuses('listing')).toEqual([200, 422, ...Array<number>(count / 10 - 1).fill(200), 422]);
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
		// A 429 with budget left in the window refused how many were in flight: the next read goes out
		// after a short back-off, not at the window's reset (a minute at most; shared/spec).
		const after429 = refused.map((r) => (reads.find((e) => e.seq > r.seq)?.at ?? r.at) - r.at);
		expect(Math.max(0, ...after429)).toBeLessThan(5_000);
	}, 240_000);

	it('the trigger with zone-less dates and display statuses stays quiet when activated, then emits each new listing once, poll after poll', async () => {
		await setLive(['pastEnd422', 'zonelessDates', 'displayStatuses']);
		await clearSandboxLog();
		const triggerName = 'New listing';
		const wf = pollingWorkflow(triggerName, NODE_TYPES.trigger, 'listings', { event: 'newListing', statuses: [] });
		const workflowId = await createWorkflow(wf, true);
		try {
			await waitFor('the first poll', async () => (await exportPolls()) >= 1);
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
	it('Status Changed to closed, with display statuses, fires once when a sale closes, previousStatus as the service wrote it', async () => {
		await setLive(['zonelessDates', 'displayStatuses', 'pastEnd422']);
		const { sales } = (await activity('GET', '/records')) as { sales: Json[] };
		const sale = sales.find((s) => s.status !== 'Closed' && s.status !== 'Archived') as Json;
		expect(await activity('PATCH', `/sales/${String(sale.saleGuid)}`, { status: 'pending' })).toMatchObject({ status: 'Pending' });
		await withSaleClosedTrigger(async (workflowId, triggerName) => {

			const closed = await activity('PATCH', `/sales/${String(sale.saleGuid)}`, { status: 'closed', actualClosingDate: new Date().toISOString() });
			expect(closed.status).toBe('Closed');
			const execution = await waitForExecution(workflowId, 0, 150_000);
			expect(execution.status).toBe('success');
			const items = execution.data?.resultData.runData[triggerName]?.[0]?.data?.main?.[0] ?? [];
			expect(items.map((i) => ({ saleGuid: i.json.saleGuid, status: i.json.status, previousStatus: i.json.previousStatus }))).toEqual([
				{ saleGuid: sale.saleGuid, status: 'Closed', previousStatus: 'Pending' },
			]);
			// The next poll sees the same closed sale and starts nothing.
			await expectRunsAfterNextPoll(workflowId, 1);
		});
	}, 420_000);

	it('60 reads beside the trigger polling the same account, the service refusing more than 5 in flight: each run under 5 s, and the sale that closed fires', async () => {
		const READ_MS = 120;
		const EXPORT_MS = 3_000;
		const all = await runWorkflow(workflow([skyslopeNode('listings', 'All', { resource: 'listing', operation: 'getAll', returnAll: false, limit: 10 })]));
		const guids = all.json('All').map((l) => String(l.listingGuid));
		const input = Array.from({ length: 60 }, (_, i) => ({ guid: guids[i % guids.length] }));
		const reads = workflow([skyslopeNode('listings', 'Get listing', { resource: 'listing', operation: 'get', listingGuid: '={{ $json.guid }}' })]);
		const live = { zonelessDates: true, displayStatuses: true, pastEnd422: true };
		await setLive(live);
		const { sales } = (await activity('GET', '/records')) as { sales: Json[] };
		const sale = sales.find((s) => s.status !== 'Closed' && s.status !== 'Archived') as Json;
		await activity('PATCH', `/sales/${String(sale.saleGuid)}`, { status: 'pending' });
		await withSaleClosedTrigger(async (workflowId, triggerName) => {
			// Only the refusals in flight count here, not the window's 100 a minute.
			const limit = await setRateLimit('listings', { limit: 1_000_000 });
			try {
				// Each read answered after 120 ms, the trigger's export after 3 s: its poll holds one of the 5.
				await setLive({ ...live, parallel429: 5, slowService: READ_MS, slowExport: EXPORT_MS });
				await clearSandboxLog();
				await activity('PATCH', `/sales/${String(sale.saleGuid)}`, { status: 'closed', actualClosingDate: new Date().toISOString() });
				const rounds: Array<{ from: number; to: number; ms: number }> = [];
				const fired = async () => (await api<{ data: Json[] }>('GET', `/executions?workflowId=${workflowId}`)).data.length > 0;
				const until = Date.now() + 150_000;
				// Rounds back to back until the trigger has fired (one poll at least overlaps a round).
				while (!(await fired()) && Date.now() < until) {
					const from = Date.now();
					const r = await runWorkflow(reads, { input });
					expect(r.status).toBe('success');
					expect(r.json('Get listing').map((l) => String(l.listingGuid))).toEqual(input.map((i) => i.guid));
					rounds.push({ from, to: Date.now(), ms: Number(r.runData['Get listing']?.[0]?.executionTime) });
					// A pause shorter than the export's 3 s: every poll still meets a round, and the lanes
					// beside this one get the machine back between rounds.
					await sleep(1500);
				}
				const log = await sandboxLog('listings');
				const exportsAt = log.filter((e) => e.method === 'GET' && e.path === '/api/files').map((e) => e.at);
				const beside = rounds.filter((r) => exportsAt.some((at) => at < r.to && at + EXPORT_MS > r.from));
				const refused = log.filter((e) => e.path.startsWith('/api/files/listings/') && e.status === 429).length;
				// What was measured, on the run's record: the rounds beside a poll, and the 429s met.
				process.stdout.write(`60 reads: ${rounds.map((r) => `${r.ms} ms`).join(', ')}; beside a poll: ${beside.map((r) => `${r.ms} ms`).join(', ')}; ${refused} reads refused 429\n`);
				expect(beside.length).toBeGreaterThan(0);
				// 1.7 to 2.2 s a round alone, up to 4.4 s beside the other lanes of `npm test` on 2 cores
				// (bench/RESULTS.md figure 23 holds the 5 s); an account held to the window's reset, as
				// before, took 28 s after the first burst. Ten seconds tells the two apart on a busy machine.
				expect(Math.max(...rounds.map((r) => r.ms))).toBeLessThan(10_000);
			} finally {
				await setLive(live);
				await setRateLimit('listings', limit);
			}
			const execution = await waitForExecution(workflowId, 0, 150_000);
			expect(execution.status).toBe('success');
			const items = execution.data?.resultData.runData[triggerName]?.[0]?.data?.main?.[0] ?? [];
			expect(items.map((i) => ({ saleGuid: i.json.saleGuid, status: i.json.status }))).toEqual([{ saleGuid: sale.saleGuid, status: 'Closed' }]);
		});
	}, 480_000);
});

describe('Status Changed knows every sale from its first poll, in real n8n', () => {
	it('an old closed sale edited today starts nothing; an old pending sale that closes, and a sale entered already closed, start one run', async () => {
		await setLive(['zonelessDates', 'displayStatuses', 'pastEnd422', 'pageLimit']);
		const { sales } = (await activity('GET', '/records')) as { sales: Json[] };
		// Sales not changed for over 100 days: older than anything an earlier version of the trigger learnt.
		const untouched = (status: string) =>
			sales.find((s) => s.status === status && Date.now() - Date.parse(`${String(s.modifiedOn)}Z`) > 100 * 86400_000) as Json;
		const oldClosed = untouched('Closed');
		const oldPending = untouched('Pending');
		expect(oldClosed).toBeDefined();
		expect(oldPending).toBeDefined();
		await withSaleClosedTrigger(async (workflowId, triggerName) => {
			// A price corrected on a sale closed long ago: no status changed.
			await activity('PATCH', `/sales/${String(oldClosed.saleGuid)}`, { salePrice: Number(oldClosed.salePrice ?? 0) + 1000 });
			await expectRunsAfterNextPoll(workflowId, 0);

			// A sale pending for months closes, and a sale is entered already closed.
			await activity('PATCH', `/sales/${String(oldPending.saleGuid)}`, { status: 'closed', actualClosingDate: new Date().toISOString() });
			const entered = await activity('POST', '/sales', { status: 'closed' });
			const execution = await waitForExecution(workflowId, 0, 150_000);
			expect(execution.status).toBe('success');
			const items = execution.data?.resultData.runData[triggerName]?.[0]?.data?.main?.[0] ?? [];
			const bySale = (a: Json, b: Json) => String(a.saleGuid).localeCompare(String(b.saleGuid));
			expect(items.map((i) => ({ saleGuid: i.json.saleGuid, status: i.json.status, previousStatus: i.json.previousStatus })).sort(bySale)).toEqual(
				[
					{ saleGuid: oldPending.saleGuid, status: 'Closed', previousStatus: 'Pending' },
					{ saleGuid: entered.saleGuid, status: 'Closed', previousStatus: null },
				].sort(bySale),
			);
			// Later polls see the same sales and start nothing.
			await expectRunsAfterNextPoll(workflowId, 1);
		});
	}, 480_000);
});

describe('a write answered 200 with a warning, in real n8n', () => {
	it('Listings & Sales and Forms: the items carry the warning and the run shows it once as a hint', async () => {
		await setLive(['writeWarnings']);
		await clearSandboxLog();
		const r = await runWorkflow(
			workflow([
				...createListingNodes('Warned St'),
				skyslopeNode('forms', 'Create file', { resource: 'file', operation: 'create', name: 'Warned file', representationType: 'Buyer' }),
			]),
		);
		expect(r.status).toBe('success');
		const hints = (node: string) => (r.runData[node]?.[0]?.hints as Array<{ message: string }> | undefined)?.map((h) => h.message);
		expect(r.json('Create listing')).toEqual([expect.objectContaining({ listingGuid: expect.any(String), warnings: ['The folder was not updated'] })]);
		expect(r.json('Create file')).toEqual([{ fileId: expect.any(Number), warnings: ['Some of the changes were not saved'] }]);
		expect(hints('Create listing')).toEqual(['SkySlope warned: The folder was not updated']);
		expect(hints('Create file')).toEqual(['SkySlope warned: Some of the changes were not saved']);
		// The reads before them carry none.
		expect(r.json('Offices')[0]).not.toHaveProperty('warnings');
		expect(hints('Offices') ?? []).toEqual([]);
	}, 120_000);
});
