/* eslint-disable @n8n/community-nodes/no-restricted-globals -- dev tooling, never shipped in dist */
// The SkySlope node (listings and sales) and SkySlope Trigger inside a real n8n: a form-driven
// create, a streamed bulk export, a paged Get Many, and the polling trigger activated as a user
// would. Asserts what n8n sent (the sandbox log) and what came out (the execution).
import {
	api,
	clearSandboxLog,
	createListingNodes,
	createWorkflow,
	deactivateWorkflow,
	HARNESS_WEBHOOK,
	type Json,
	NODE_TYPES,
	pollingWorkflow,
	runWorkflow,
	sandboxLog,
	setFaults,
	skyslopeNode,
	statusBookRead,
	waitFor,
	waitForExecution,
	workflow,
} from '../../harness/n8n/workflows';


/** Nodes that create a sale (incomplete until it has commissions and a buyer or seller). */
function createSaleNodes() {
	const required = (id: string, type: string) => ({ id, displayName: id, required: true, defaultMatch: false, display: true, type });
	return [
		skyslopeNode('listings', 'Offices', { resource: 'office', operation: 'getAll', returnAll: false, limit: 1 }),
		skyslopeNode('listings', 'Subscribers', { resource: 'subscriber', operation: 'get' }),
		skyslopeNode('listings', 'Create sale', {
			resource: 'sale',
			operation: 'create',
			officeGuid: { __rl: true, mode: 'id', value: "={{ $('Offices').first().json.officeGuid }}" },
			// The first office's Residential Sale type in the sandbox's seeded catalogue.
			checklistTypeId: 14,
			agentGuid: {
				__rl: true,
				mode: 'id',
				value: "={{ $('Subscribers').first().json.users.find(u => u.userType === 'Agent').userGuid }}",
			},
			columns: {
				mappingMode: 'defineBelow',
				value: {
					dealTypeId: 2,
					salePrice: 505000,
					contractAcceptedDate: '={{ $now.toISO() }}',
					escrowClosingDate: '={{ $now.plus({ months: 2 }).toISO() }}',
					'property.streetNumber': '9',
					'property.streetAddress': 'Status Ct',
					'property.city': 'Sampleton',
					'property.state': 'CA',
					'property.zip': '95814',
				},
				matchingColumns: [],
				schema: [
					required('dealTypeId', 'number'),
					required('salePrice', 'number'),
					required('contractAcceptedDate', 'dateTime'),
					required('escrowClosingDate', 'dateTime'),
					...['streetNumber', 'streetAddress', 'city', 'state', 'zip'].map((f) => required(`property.${f}`, 'string')),
				],
				attemptToConvertTypes: false,
				convertFieldsToString: false,
			},
		}),
	];
}

const mapped = (value: Json) => ({ mappingMode: 'defineBelow', value, matchingColumns: [], schema: [] });

beforeEach(async () => {
	await clearSandboxLog();
});

/** Whether the SkySlope Trigger has polled: an export window read. */
const exportPolled = async () => (await sandboxLog('listings')).some((e) => e.method === 'GET' && e.path === '/api/files' && e.status < 300);

describe('SkySlope in n8n', () => {
	it('creates a listing from its form and adds a seller (nested body rebuilt)', async () => {
		const result = await runWorkflow(
			workflow([
				...createListingNodes('E2E Way'),
				skyslopeNode('listings', 'Add seller', {
					resource: 'listing',
					operation: 'addSellerContact',
					listingGuid: { __rl: true, mode: 'id', value: '={{ $json.listingGuid }}' },
					columns: {
						mappingMode: 'defineBelow',
						value: { firstName: 'Ada', lastName: 'Sample', 'address.city': 'Sampleton' },
						matchingColumns: [],
						schema: [],
					},
				}),
			]),
		);
		expect(result.status).toBe('success');
		const created = result.json('Create listing')[0];
		expect(typeof created.listingGuid).toBe('string');
		const log = await sandboxLog('listings');
		const post = log.find((e) => e.method === 'POST' && e.path === '/api/files/listings');
		expect(post?.body).toMatchObject({
			checklistTypeId: 11,
			listingPrice: 425000,
			property: { streetNumber: '12', streetAddress: 'E2E Way', city: 'Sampleton', state: 'CA', zip: '95814' },
		});
		const seller = log.find((e) => e.method === 'POST' && /\/sellerContact$/.test(e.path));
		expect(seller?.body).toEqual({ firstName: 'Ada', lastName: 'Sample', address: { city: 'Sampleton' } });
	});

	it('streams a bulk export: one item per file, as many as the summary announced', async () => {
		const result = await runWorkflow(
			workflow([
				skyslopeNode('listings', 'Export', {
					resource: 'bulkExport',
					operation: 'export',
					types: ['listing', 'sale'],
					statuses: [],
					includeSummary: true,
					filters: { createdAfter: '={{ $now.minus({ days: 365 }).toISO() }}' },
				}),
			]),
		);
		expect(result.status).toBe('success');
		const items = result.json('Export');
		const [summary, ...files] = items;
		expect(summary.objectType).toBe('summary');
		expect(files.length).toBe(Number(summary.numberOfListings) + Number(summary.numberOfSales));
		expect(files.every((f) => f.objectType === 'listing' || f.objectType === 'sale')).toBe(true);
	});

	it('Get Many with Return All follows the next links, ten a page', async () => {
		const result = await runWorkflow(
			workflow([skyslopeNode('listings', 'All listings', { resource: 'listing', operation: 'getAll', returnAll: true })]),
		);
		expect(result.status).toBe('success');
		const guids = result.json('All listings').map((j) => String(j.listingGuid));
		expect(new Set(guids).size).toBe(guids.length);
		const pages = (await sandboxLog('listings')).filter((e) => e.method === 'GET' && e.path === '/api/files/listings');
		expect(pages.length).toBe(Math.ceil(guids.length / 10));
	});

	it('an expiry that meets the requests in flight: at most one login per expiry, and every item comes back', async () => {
		const all = await runWorkflow(workflow([skyslopeNode('listings', 'All listings', { resource: 'listing', operation: 'getAll', returnAll: true })]));
		const guids = all.json('All listings').map((j) => String(j.listingGuid));
		expect(guids.length).toBeGreaterThan(3);
		const input = Array.from({ length: 40 }, (_, i) => ({ guid: guids[i % guids.length] }));
		// A polling trigger still published by an earlier file would log in on its own meanwhile.
		// (Only those: the harness's own webhook workflows stay published for the tests after this one.)
		const published = await api<{ data: Array<{ id: string; nodes: Array<{ name: string }> }> }>('GET', '/workflows?active=true');
		for (const wf of published.data) if (!wf.nodes.some((n) => n.name === HARNESS_WEBHOOK)) await deactivateWorkflow(wf.id);
		await clearSandboxLog();
		// The session ends before every 15th read: ten reads are in flight when it does.
		await setFaults([{ service: 'listings', method: 'GET', path: '^/api/files/listings/', expireEvery: 15 }]);
		try {
			const result = await runWorkflow(
				workflow([skyslopeNode('listings', 'Get listing', { resource: 'listing', operation: 'get', listingGuid: '={{ $json.guid }}' })]),
				{ input },
			);
			if (result.status !== 'success') {
				const log = await sandboxLog('listings');
				process.stdout.write(`DEBUG ${JSON.stringify(result.error)}\n${log.map((e) => `${e.method} ${e.path} ${e.status} ${e.fault ?? ''} ${e.headers.session ?? '-'}`).join('\n')}\n`);
			}
			expect(result.status).toBe('success');
			expect(result.json('Get listing').map((j) => String(j.listingGuid))).toEqual(input.map((i) => i.guid));
		} finally {
			await setFaults([]);
		}
		const log = await sandboxLog('listings');
		const expiries = log.filter((e) => e.expired === true).length;
		// Logins that opened a session (the sandbox's rate limit may answer one 429: it is asked again after the wait).
		const logins = log.filter((e) => e.method === 'POST' && /\/auth\/login$/.test(e.path) && e.status === 200).length;
		expect(expiries).toBeGreaterThanOrEqual(2);
		expect(logins).toBeLessThanOrEqual(expiries);
	});

	it('the trigger stays quiet when activated, then starts one run with the new listing', async () => {
		const triggerName = 'New listing';
		const wf = pollingWorkflow(triggerName, NODE_TYPES.trigger, 'listings', { event: 'newListing', statuses: [] });
		const workflowId = await createWorkflow(wf, true);
		try {
			await waitFor('the first poll', exportPolled);
			const none = await api<{ data: Json[] }>('GET', `/executions?workflowId=${workflowId}`);
			expect(none.data).toHaveLength(0);

			const created = await runWorkflow(workflow(createListingNodes('Trigger Ln')));
			expect(created.status).toBe('success');
			const listingGuid = created.json('Create listing')[0].listingGuid;

			const execution = await waitForExecution(workflowId, 0, 100_000);
			expect(execution.status).toBe('success');
			const items = execution.data?.resultData.runData[triggerName]?.[0]?.data?.main?.[0] ?? [];
			expect(items.map((i) => i.json.listingGuid)).toEqual([listingGuid]);
		} finally {
			await deactivateWorkflow(workflowId);
		}
	}, 240_000);
	it('Status Changed: a sale that becomes pending starts one run with its previous status', async () => {
		const created = await runWorkflow(workflow(createSaleNodes()));
		expect(created.status).toBe('success');
		const saleGuid = String(created.json('Create sale')[0].saleGuid);

		const triggerName = 'Sale status';
		const wf = pollingWorkflow(triggerName, NODE_TYPES.trigger, 'listings', { event: 'statusChanged', fileTypes: ['sale'], statuses: ['pending'] });
		await clearSandboxLog();
		const workflowId = await createWorkflow(wf, true);
		try {
			await waitFor('the history read, every sale', statusBookRead, 180_000);
			// Commissions and a buyer complete the sale: incomplete -> pending.
			const completed = await runWorkflow(
				workflow([
					skyslopeNode('listings', 'Add commissions', {
						resource: 'sale',
						operation: 'addCommissions',
						saleGuid: { __rl: true, mode: 'id', value: '={{ $json.saleGuid }}' },
						columns: mapped({ listingCommissionPercent: 3, saleCommissionPercent: 3 }),
					}),
					skyslopeNode('listings', 'Add buyer', {
						resource: 'sale',
						operation: 'addBuyerContact',
						saleGuid: { __rl: true, mode: 'id', value: '={{ $json.saleGuid }}' },
						columns: mapped({ firstName: 'Bea', lastName: 'Buyer' }),
					}),
				]),
				{ input: [{ saleGuid }] },
			);
			expect(completed.status).toBe('success');

			const execution = await waitForExecution(workflowId, 0, 150_000);
			expect(execution.status).toBe('success');
			const items = execution.data?.resultData.runData[triggerName]?.[0]?.data?.main?.[0] ?? [];
			expect(items.map((i) => [i.json.saleGuid, i.json.previousStatus, i.json.status])).toEqual([[saleGuid, 'incomplete', 'pending']]);
		} finally {
			await deactivateWorkflow(workflowId);
		}
	}, 420_000);
});
