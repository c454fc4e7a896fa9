/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports -- dev tooling, never shipped in dist */
// SkySlope Offers inside a real n8n: Get Many over a range longer than the service's 31-day cap,
// and the polling trigger activated as a user would (first poll quiet, then one run with the new
// and the updated offer). Asserts what n8n sent (the sandbox log) and what came out (the execution).
import { readFileSync } from 'node:fs';
import path from 'node:path';

import {
	api,
	clearSandboxLog,
	createWorkflow,
	deactivateWorkflow,
	type Json,
	NODE_TYPES,
	pollingWorkflow,
	runWorkflow,
	sandboxLog,
	skyslopeNode,
	state,
	waitFor,
	waitForExecution,
	type Workflow,
	workflow,
} from '../../harness/n8n/workflows';
import { conformanceProblems } from '../conformance/openapi';

const DAY = 24 * 3600 * 1000;

interface SandboxOffer {
	OfferId: string;
	OfferSubmissionDate: string;
	ModificationTimestamp: string;
	OfferTerms: { OfferVersionNumber: number };
}

async function offersService<T>(method: string, body?: unknown): Promise<T> {
	const res = await fetch(`${state().sandboxUrl}/offers/sandbox/offers`, {
		method,
		headers: body === undefined ? {} : { 'content-type': 'application/json' },
		body: body === undefined ? undefined : JSON.stringify(body),
	});
	if (!res.ok) throw new Error(`sandbox offers ${method} answered ${res.status}: ${await res.text()}`);
	return (await res.json()) as T;
}

/** The node's calls to the service (not the test's own calls to the sandbox-only routes). */
async function apiCalls() {
	return (await sandboxLog('offers')).filter((e) => e.method === 'GET' && e.path.startsWith('/offers-api/ext/'));
}


beforeEach(async () => {
	await clearSandboxLog();
});

// Every request of every workflow here, checked against SkySlope's own OpenAPI document.
afterEach(async () => {
	expect(conformanceProblems('offers', await sandboxLog('offers'))).toEqual([]);
});

describe('SkySlope Offers in n8n', () => {
	it('Offer > Get returns the offer; an unknown id stops with the service 404', async () => {
		const [offer] = await offersService<SandboxOffer[]>('GET');
		const result = await runWorkflow(
			workflow([skyslopeNode('offers', 'Get Offer', { resource: 'offer', operation: 'get', offerId: '={{ $json.id }}', options: {} })]),
			{ input: [{ id: offer.OfferId }, { id: 'no-such-offer' }] },
		);
		// The second id is unknown (404): the node stops with the service's message.
		expect(result.status).toBe('error');
		expect(result.nodeError('Get Offer')?.message).toMatch(/404/);
		// The two items go out together (items in flight at once), so in either order.
		const calls = await apiCalls();
		expect(calls.map((e) => `${e.path} ${e.status}`).sort()).toEqual(
			[`/offers-api/ext/offer/${offer.OfferId} 200`, '/offers-api/ext/offer/no-such-offer 404'].sort(),
		);
		for (const call of calls) expect(call.headers.authorization).toMatch(/^Bearer \S+$/);
	});

	it('Agent > Get Listings With Offers gives one item per listing, newest first', async () => {
		const result = await runWorkflow(
			workflow([skyslopeNode('offers', 'Agent Listings', { resource: 'agent', operation: 'getListings', agentId: 'AG1001', options: {} })]),
		);
		expect(result.status).toBe('success');
		const listings = result.json('Agent Listings');
		expect(listings).toHaveLength(10);
		const dates = listings.map((l) => Date.parse(String(l.latestOfferDate)));
		expect([...dates].sort((a, b) => b - a)).toEqual(dates);
		const [call] = await apiCalls();
		expect(`${call.method} ${call.path}`).toBe('GET /offers-api/ext/agent/AG1001/listings');
	});

	it('Report > Get returns the counts for a range', async () => {
		const result = await runWorkflow(
			workflow([
				skyslopeNode('offers', 'Report', { resource: 'report', operation: 'get', startDate: '2020-01-01', endDate: '2030-12-31' }),
			]),
		);
		expect(result.status).toBe('success');
		const all = await offersService<SandboxOffer[]>('GET');
		expect(result.json('Report')[0]).toMatchObject({ mlsMarket: 'MetroList', offerCount: all.length });
		const [call] = await apiCalls();
		expect(call.query).toEqual({ startDate: '2020-01-01', endDate: '2030-12-31' });
	});

	it('Get Many over 100 days reads windows inside the range (at most one day past its last) and returns every offer once', async () => {
		// Off any window edge: 100 days to now, the start written in India's offset (+05:30) as a user there would.
		const end = Math.floor(Date.now() / 1000) * 1000;
		const start = end - 100 * DAY;
		const startInIndia = new Date(start + 5.5 * 3600 * 1000).toISOString().replace('Z', '+05:30');
		const all = await offersService<SandboxOffer[]>('GET');
		const expected = all
			.filter((o) => Date.parse(o.OfferSubmissionDate) >= start && Date.parse(o.OfferSubmissionDate) <= end)
			.map((o) => o.OfferId)
			.sort();
		expect(expected.length).toBeGreaterThan(50);

		const result = await runWorkflow(
			workflow([
				skyslopeNode('offers', 'Offers of 100 days', {
					resource: 'offer',
					operation: 'getAll',
					startDate: startInIndia,
					endDate: new Date(end).toISOString(),
					returnAll: true,
					options: {},
				}),
			]),
		);
		expect(result.status).toBe('success');
		const ids = result.json('Offers of 100 days').map((j) => j.OfferId as string);
		expect(ids.length).toBe(new Set(ids).size);
		expect([...ids].sort()).toEqual(expected);

		const calls = (await sandboxLog('offers')).filter((e) => e.method === 'GET' && /\/ext\/offers/.test(e.path));
		expect(calls.length).toBeGreaterThanOrEqual(4);
		for (const call of calls) {
			// Dates as both documents type them.
			expect([call.query.startDate, call.query.endDate].every((d) => /^\d{4}-\d{2}-\d{2}$/.test(String(d)))).toBe(true);
		}
		// Whole UTC days from the range's first (whatever zone n8n runs in), each window at most 30
		// days on (31 if endDate counts its own day), the next starting where it ends, the last one
		// ending the day after the range's last day: nothing before the range, one day past it at most.
		const utcDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);
		const windows = calls.filter((c) => c.query.page === '1').map((c) => [String(c.query.startDate), String(c.query.endDate)]);
		const edges = [0, 30, 60, 90].map((d) => utcDay(Math.floor(start / DAY) * DAY + d * DAY));
		expect(windows).toEqual([
			[edges[0], edges[1]],
			[edges[1], edges[2]],
			[edges[2], edges[3]],
			[edges[3], utcDay(end + DAY)],
		]);
		const tokens = (await sandboxLog('offers')).filter((e) => e.method === 'POST' && /\/ext\/token$/.test(e.path));
		expect(tokens.length).toBeLessThanOrEqual(1);
	});

	it('the trigger stays quiet when activated, then starts one run with the new and the updated offer', async () => {
		const triggerName = 'New or updated offer';
		const wf = pollingWorkflow(triggerName, NODE_TYPES.trigger, 'offers', { event: 'newAndUpdatedOffers', scope: 'all', options: {} });
		const workflowId = await createWorkflow(wf, true);
		try {
			// Activation polls once at once (the quiet baseline of its whole Re-Read Period, kept by n8n),
			// then every minute. The baseline reads its windows oldest first: it has read everything once
			// its last window (the one reaching past today) has answered, and n8n has saved its state.
			const tomorrow = new Date(Date.now() + DAY).toISOString().slice(0, 10);
			await waitFor('the first poll', async () =>
				(await sandboxLog('offers')).some((e) => e.method === 'GET' && /\/ext\/offers/.test(e.path) && String(e.query.endDate) >= tomorrow),
			);
			await new Promise((r) => setTimeout(r, 3000));
			const none = await api<{ data: Json[] }>('GET', `/executions?workflowId=${workflowId}`);
			expect(none.data).toHaveLength(0);

			const all = await offersService<SandboxOffer[]>('GET');
			const recent = all.filter((o) => Date.parse(o.OfferSubmissionDate) > Date.now() - 10 * DAY);
			const older = recent[0];
			const fresh = await offersService<SandboxOffer>('POST', { OfferTerms: { OfferPrice: 612000 } });
			const bumped = await offersService<SandboxOffer>('POST', { OfferId: older.OfferId });

			const execution = await waitForExecution(workflowId, 0, 100_000);
			expect(execution.status).toBe('success');
			const items = execution.data?.resultData.runData[triggerName]?.[0]?.data?.main?.[0] ?? [];
			const seen = items.map((i) => `${String(i.json.event)} ${String(i.json.OfferId)} v${String((i.json.OfferTerms as Json).OfferVersionNumber)}`);
			expect(seen.sort()).toEqual(
				[`new ${fresh.OfferId} v1`, `updated ${older.OfferId} v${bumped.OfferTerms.OfferVersionNumber}`].sort(),
			);
		} finally {
			await deactivateWorkflow(workflowId);
		}
	}, 240_000);

	it('examples/offers-last-quarter.json runs as exported', async () => {
		const example = JSON.parse(readFileSync(path.join(__dirname, '../../examples/offers-last-quarter.json'), 'utf8')) as Workflow;
		const result = await runWorkflow(example);
		expect(result.status).toBe('success');
		const offers = result.json('Offers of the last 90 days');
		expect(offers.length).toBeGreaterThan(50);
		expect(offers[0]).toMatchObject({ OfferId: expect.any(String), OfferPrice: expect.any(Number), City: expect.any(String) });
		expect(result.json('Report for the same 90 days')[0]).toMatchObject({ mlsMarket: 'MetroList', offerCount: expect.any(Number) });
		expect(result.json('Listings of agent AG1001')).toHaveLength(10);
	});
});
