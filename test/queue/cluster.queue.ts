/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports -- dev tooling, never shipped in dist */
// The package in n8n's queue mode (docs/SCALING.md): Postgres, Redis, one main instance, two
// workers and one webhook processor, against the sandbox. Proves by counting at the sandbox and by
// reading executions through n8n's API which instance runs what, that logins and tokens are shared,
// that triggers emit once, what a worker crash does to a 200-item write, and pacing across workers.
import { writeFileSync } from 'node:fs';

import { startQueueCluster, type QueueCluster } from '../../scripts/lib/queue-host';
import { createListingNodes as listingNodes, formsTriggerNode, type Json, NODE_TYPES, pollingWorkflow, skyslopeNode, type Workflow } from '../../harness/n8n/workflows';
import { itemsOf, QueueHarness, sleep, type Execution } from '../../harness/queue';

let cluster: QueueCluster;
let h: QueueHarness;
const log = (line: string) => process.stdout.write(`[queue] ${line}\n`);
/** Figures the run measured, written to QUEUE_FIGURES (a JSON file) when set. */
const figures: Json = {};

const id = (value: unknown) => ({ __rl: true, mode: 'id', value });

beforeAll(async () => {
	cluster = await startQueueCluster({ build: process.env.QUEUE_SKIP_BUILD !== '1', keep: process.env.QUEUE_KEEP === '1', log });
	h = new QueueHarness(cluster);
}, 900_000);

afterAll(async () => {
	if (process.env.QUEUE_FIGURES) writeFileSync(process.env.QUEUE_FIGURES, `${JSON.stringify(figures, null, 2)}\n`);
	await cluster?.stop();
});

/** The listings-sales nodes that find an office and an agent and create a listing (form-driven). */
const createListingNodes = (street: string) => listingNodes(street, { executeOnce: true });

/** Reads and writes of all three services in one workflow: Forms creates a file and adds a contact. */
const actionNodes = () => [
	skyslopeNode('forms', 'Create file', { resource: 'file', operation: 'create', name: '=queue {{ $json.run }}', representationType: 'Buyer' }),
	skyslopeNode('forms', 'Add contact', {
		resource: 'fileContact',
		operation: 'add',
		fileId: id('={{ $json.fileId }}'),
		contactType: 'Buyer',
		firstName: 'Queue',
		lastName: "={{ $('Items').item.json.run }}",
	}),
	skyslopeNode('forms', 'Profile', { resource: 'user', operation: 'getProfile' }),
	...createListingNodes('Queue Ln'),
	skyslopeNode('offers', 'Report', { resource: 'report', operation: 'get', startDate: '2020-01-01', endDate: '2030-12-31' }),
];

const LOGIN = (e: { service: string; method: string; path: string }) => e.service === 'listings' && e.method === 'POST' && e.path === '/auth/login';
const OFFERS_TOKEN = (e: { service: string; method: string; path: string }) => e.service === 'offers' && e.method === 'POST' && e.path === '/offers-api/ext/token';
const FORMS_TOKEN = (e: { service: string; method: string; path: string }) => e.service === 'forms' && e.method === 'POST' && e.path === '/oauth2/token';

async function authCalls() {
	const all = await h.log();
	return { logins: all.filter(LOGIN).length, offersTokens: all.filter(OFFERS_TOKEN).length, formsRefreshes: all.filter(FORMS_TOKEN).length };
}

function expectAllSucceeded(executions: Execution[]) {
	const failed = executions.filter((e) => e.status !== 'success');
	if (failed.length) throw new Error(`executions not successful: ${JSON.stringify(failed.map((e) => ({ id: e.id, status: e.status, error: e.data?.resultData.error })))}`);
}

let actions: { id: string; url: string };
const POLL_TRIGGERS: { offers?: string; listings?: string } = {};

describe('n8n queue mode: one main, two workers, one webhook processor', () => {
	it('runs every action node on the workers; one login and one token refresh serve all workers until they expire', async () => {
		actions = await h.webhookWorkflow('queue actions', actionNodes());
		await h.expire();
		await h.clearLog();
		// One run after every session and token expired: one login, one refresh of each token.
		await h.fire(actions.url, [{ run: 'warm-up' }]);
		const [first] = await h.waitFor(actions.id, 1);
		expectAllSucceeded([first]);
		expect(await authCalls()).toEqual({ logins: 1, offersTokens: 1, formsRefreshes: 1 });

		// Eight more at once, spread over both workers: none logs in or refreshes again.
		await Promise.all(Array.from({ length: 8 }, (_, n) => h.fire(actions.url, [{ run: `run ${n}` }])));
		const all = await h.waitFor(actions.id, 9);
		expectAllSucceeded(all);
		expect(await authCalls()).toEqual({ logins: 1, offersTokens: 1, formsRefreshes: 1 });

		// Every execution ran on exactly one worker (its own log says so), none on main or the webhook processor.
		const where = all.map((e) => h.ranOn(e.id));
		for (const w of where) expect(w).toHaveLength(1);
		expect(where.flat().every((n) => n.startsWith('worker-'))).toBe(true);
		const perWorker = Object.fromEntries(cluster.workers.map((w) => [w.name, where.flat().filter((n) => n === w.name).length]));
		log(`executions per worker: ${JSON.stringify(perWorker)}`);
		expect(Object.values(perWorker).every((n) => n > 0)).toBe(true);
		figures.executionsPerWorker = perWorker;

		// Each node's requests reached the sandbox once per execution, and each node produced its item.
		const calls = await h.log();
		const count = (service: string, method: string, path: RegExp) =>
			calls.filter((e) => e.service === service && e.method === method && path.test(e.path) && e.status < 300).length;
		expect(count('forms', 'POST', /^\/partner\/api\/files$/)).toBe(9);
		expect(count('forms', 'POST', /^\/partner\/api\/files\/\d+\/contacts$/)).toBe(9);
		expect(count('forms', 'GET', /^\/partner\/api\/users\/profile$/)).toBe(9);
		expect(count('listings', 'POST', /^\/api\/files\/listings$/)).toBe(9);
		expect(count('offers', 'GET', /\/ext\/report/)).toBe(9);
		const contactNames = calls
			.filter((e) => e.service === 'forms' && e.method === 'POST' && /\/contacts$/.test(e.path))
			.map((e) => String((e.body as Json).lastName));
		expect(contactNames.sort()).toEqual(['warm-up', ...Array.from({ length: 8 }, (_, n) => `run ${n}`)].sort());
		for (const e of all) {
			expect(itemsOf(e, 'Add contact')).toHaveLength(1);
			expect(typeof itemsOf(e, 'Create listing')[0]?.json.listingGuid).toBe('string');
			expect(itemsOf(e, 'Report')).toHaveLength(1);
		}

		// After the session and tokens expire, runs that start at the same moment on two workers: n8n
		// has no lock across instances, so each run that meets the expiry renews (measured, not hidden).
		await h.expire();
		await h.clearLog();
		await Promise.all(Array.from({ length: 4 }, (_, n) => h.fire(actions.url, [{ run: `after expiry ${n}` }])));
		expectAllSucceeded(await h.waitFor(actions.id, 13));
		const renewed = await authCalls();
		log(`renewals by 4 simultaneous runs after an expiry: ${JSON.stringify(renewed)}`);
		figures.renewalsBy4SimultaneousRunsAfterExpiry = renewed;
		for (const n of Object.values(renewed)) {
			expect(n).toBeGreaterThanOrEqual(1);
			expect(n).toBeLessThanOrEqual(4);
		}

		// The polling triggers are published now (after this test's listings were created), so that
		// their minute-long cycle runs while the next tests do.
		POLL_TRIGGERS.offers = await h.create(pollingWorkflow('Offer', NODE_TYPES.trigger, 'offers', { event: 'newAndUpdatedOffers', scope: 'all', options: {} }), true);
		POLL_TRIGGERS.listings = await h.create(pollingWorkflow('Listing', NODE_TYPES.trigger, 'listings', { event: 'newListing', statuses: [] }), true);
	});

	it('the Signing Trigger is notified through the webhook processor and its execution carries the PDFs to a worker', async () => {
		const webhookId = crypto.randomUUID();
		const wf: Workflow = {
			name: 'queue forms trigger',
			nodes: [
				formsTriggerNode(1005, { includeSignedDocuments: true, downloadDocuments: true }, webhookId),
				skyslopeNode('forms', 'File the PDF', {
					resource: 'document',
					operation: 'upload',
					fileId: id('={{ $json.fileId }}'),
					binaryPropertyName: 'document_0',
					documentName: 'Signed copy (queue)',
					options: {},
				}, { position: [220, 0] }),
			],
			connections: { Signed: { main: [[{ node: 'File the PDF', type: 'main', index: 0 }]] } },
			settings: { executionOrder: 'v1' },
		};
		await h.clearLog();
		const workflowId = await h.create(wf, true);
		try {
			const subscribed = async () => (await h.log('forms')).filter((e) => e.method === 'POST' && /\/documents\/sign\/subscribe\/1005$/.test(e.path));
			for (let n = 0; n < 200 && (await subscribed()).length === 0; n++) await sleep(100);
			const [subscribe] = await subscribed();
			const webhookUrl = (subscribe.body as { webhookUrl: string }).webhookUrl;
			// Main registered the webhook processor's address with the service.
			expect(webhookUrl.startsWith(`${cluster.webhook.baseUrl}/webhook/${webhookId}/`)).toBe(true);

			const signed = await fetch(`${cluster.sandbox.baseUrl}/forms/sandbox/files/1005/sign`, { method: 'POST' });
			const answer = (await signed.json()) as { deliveries: Array<{ url: string; status?: number }> };
			expect(answer.deliveries).toEqual([expect.objectContaining({ url: webhookUrl, status: 200 })]);

			const [execution] = await h.waitFor(workflowId, 1);
			expectAllSucceeded([execution]);
			expect(execution.mode).toBe('webhook');
			// The webhook processor received the notification and downloaded the PDFs (binary data in
			// Postgres); a worker ran the rest and read those bytes back to upload them.
			expect(cluster.webhook.log()).not.toMatch(new RegExp(`Worker started execution ${execution.id} \\(`));
			expect(h.ranOn(execution.id)).toHaveLength(1);
			const [item] = itemsOf(execution, 'Signed');
			const pdf = item.binary?.document_0 as Json;
			expect(pdf).toMatchObject({ mimeType: 'application/pdf' });
			expect(String(pdf.id ?? '')).toMatch(/^database:/);
			const [upload] = (await h.log('forms')).filter((e) => e.method === 'POST' && /\/files\/1005\/documents\/upload$/.test(e.path));
			expect(upload.status).toBeLessThan(300);
			const uploaded = (upload.body as { bytes?: number }).bytes ?? 0;
			expect(uploaded).toBeGreaterThan(0);
			figures.formsTrigger = { webhookUrl: webhookUrl.replace(/secret=[^&]+/, 'secret=…'), pdf: { fileName: pdf.fileName, fileSize: pdf.fileSize, id: String(pdf.id).replace(/:.*/, ':…') }, uploadBytes: uploaded };
		} finally {
			await h.deactivate(workflowId);
		}
	});

	// Its own waits reach past five minutes beside the other lanes: 60 writes, 150 s for the killed
	// worker's execution, 180 s for the re-run.
	it('a worker killed in the middle of a 200-item write: with Skip If Already on File, Retry and a re-run lose no item, duplicate none and report every outcome', async () => {
		const created = await h.webhookWorkflow('queue 200 contacts', [
			skyslopeNode('forms', 'Add contacts', {
				resource: 'fileContact',
				operation: 'add',
				fileId: id(1003),
				contactType: 'Buyer',
				firstName: 'Crash',
				lastName: '={{ $json.key }}',
				// The service takes no idempotency key: the node reads the file and skips what is there.
				skipExisting: true,
			}, { onError: 'continueRegularOutput' }),
		]);
		// Slow answers so that the kill lands in the middle.
		await h.setFaults([{ service: 'forms', method: 'POST', path: '^/partner/api/files/1003/contacts$', latencyMs: 150 }]);
		await h.clearLog();
		const keys = Array.from({ length: 200 }, (_, n) => `k${String(n).padStart(3, '0')}`);
		await h.fire(created.url, keys.map((key) => ({ key })));
		const writes = async () => (await h.log('forms')).filter((e) => e.method === 'POST' && e.path === '/partner/api/files/1003/contacts');
		for (let n = 0; n < 600 && (await writes()).length < 60; n++) await sleep(100);
		const [running] = (await h.executions(created.id)).slice(-1);
		const [victimName] = h.ranOn(running.id);
		const victim = cluster.workers.find((w) => w.name === victimName);
		if (!victim) throw new Error(`no worker ran execution ${running.id}`);
		await victim.kill();
		await sleep(500);
		const beforeKill = await writes();
		log(`killed ${victimName} after ${beforeKill.length} of 200 writes`);
		// Back to two workers: a replacement with a fresh user folder, as a restarted container has.
		// (Restarted on the dead worker's folder, n8n replays that worker's event log and amends the
		// execution so that Retry finds nothing left to run: see docs/SCALING.md.)
		cluster.workers.splice(cluster.workers.indexOf(victim), 1);
		const restart = cluster.startWorker(`${victimName}-replacement`);

		// n8n notices the dead worker (lock expiry, then main's recovery check) and marks the execution.
		const deadline = Date.now() + 150_000;
		let crashed: Execution | undefined;
		while (!crashed) {
			const e = (await h.executions(created.id)).find((x) => x.id === running.id);
			if (e && !['new', 'running', 'waiting'].includes(e.status)) crashed = await h.execution(e.id);
			else if (Date.now() > deadline) throw new Error(`execution ${running.id} still ${e?.status} 150 s after its worker was killed`);
			else await sleep(1000);
		}
		await restart;
		await h.setFaults([]);
		const createdByKilled = (await writes()).filter((e) => e.status < 300).map((e) => (e.body as Json).lastName);

		// The retry, as a user clicks it: "Retry with original workflow".
		await h.clearLog();
		const retried = await cluster.client.rest<{ id: string; status?: string }>('POST', `/executions/${running.id}/retry`, { loadWorkflow: false });
		let retryExecution = await h.execution(String(retried.id));
		for (let n = 0; n < 360 && ['new', 'running', 'waiting'].includes(retryExecution.status); n++) {
			await sleep(500);
			retryExecution = await h.execution(String(retried.id));
		}
		const createdByRetry = (await writes()).filter((e) => e.status < 300).map((e) => (e.body as Json).lastName);

		// What Retry does with a job whose worker died is n8n's: seen both ending at once with the
		// failure (its record kept no run data) and running the node again on the 200 items.
		expect(['crashed', 'error']).toContain(crashed.status);
		expect(['error', 'success']).toContain(retryExecution.status);
		if (retryExecution.status === 'error') expect(createdByRetry).toHaveLength(0);
		else expect(itemsOf(retryExecution, 'Add contacts')).toHaveLength(200);

		// A user may run the same 200 items again anyway (the webhook call replayed). Nothing is lost,
		// nothing written twice, and the run reports every item's outcome, paired with its input.
		await h.clearLog();
		const before = (await h.executions(created.id)).slice(-1)[0];
		await h.fire(created.url, keys.map((key) => ({ key })));
		const [rerun] = await h.waitFor(created.id, 1, 180_000, Number(before.id));
		const createdByRerun = (await writes()).filter((e) => e.status < 300).map((e) => (e.body as Json).lastName);
		const timesCreated = new Map<string, number>(keys.map((k) => [k, 0]));
		for (const k of [...createdByKilled, ...createdByRetry, ...createdByRerun]) timesCreated.set(String(k), (timesCreated.get(String(k)) ?? 0) + 1);
		const duplicated = [...timesCreated.values()].filter((n) => n > 1).length;
		const lost = [...timesCreated.values()].filter((n) => n === 0).length;
		const outcomes = itemsOf(rerun, 'Add contacts');
		const observed = {
			crashedStatus: crashed.status,
			crashedError: String(crashed.data?.resultData.error?.message ?? '').slice(0, 80),
			createdBeforeKill: createdByKilled.length,
			retryStatus: retryExecution.status,
			createdByRetry: createdByRetry.length,
			rerunStatus: rerun.status,
			createdByRerun: createdByRerun.length,
			skippedByRerun: outcomes.filter((o) => o.json.skipped === true).length,
			duplicated,
			lost,
			outcomesReportedByRerun: outcomes.length,
			failedItemsReported: outcomes.filter((o) => o.json.error !== undefined).length,
		};
		log(`worker crash in a 200-item write: ${JSON.stringify(observed)}`);
		figures.workerCrash = observed;
		expect(rerun.status).toBe('success');
		expect(lost).toBe(0);
		expect(duplicated).toBe(0);
		expect(outcomes).toHaveLength(200);
		expect(outcomes.map((o) => (o.pairedItem as { item: number }).item)).toEqual(keys.map((_, n) => n));
		expect(outcomes.filter((o) => o.json.error !== undefined)).toHaveLength(0);
		expect(createdByKilled.length + createdByRetry.length + createdByRerun.length).toBe(200);
		expect(outcomes.filter((o) => o.json.skipped === true)).toHaveLength(createdByKilled.length + createdByRetry.length);
	}, 600_000);

	it('the polling triggers poll on main only and emit each change exactly once', async () => {
		const offersId = POLL_TRIGGERS.offers as string;
		const listingsId = POLL_TRIGGERS.listings as string;
		const polls = () => (cluster.main.log().match(/Poll trigger initiated for workflow/g) ?? []).length;
		const pollsElsewhere = () =>
			[cluster.webhook, ...cluster.workers].reduce((n, i) => n + (i.log().match(/Poll trigger initiated/g) ?? []).length, 0);
		// Both triggers took their baseline at activation (the first test); no execution since.
		expect(await h.executions(offersId)).toHaveLength(0);
		expect(await h.executions(listingsId)).toHaveLength(0);

		const changes: string[] = [];
		const listingRuns: string[] = [];
		const listingsWriter = await h.webhookWorkflow('queue listing for trigger', createListingNodes('Poll Ln'));
		/** Waits for a trigger's `count`th run; when it does not come, says what main's polls did and what the service was asked since the round began. */
		const triggered = async (workflowId: string, service: 'offers' | 'listings', count: number, since: { logAt: number; seq: number }) => {
			const missed = await h.waitFor(workflowId, count, 150_000).then(
				() => undefined,
				(error: Error) => error,
			);
			if (missed) {
				const polling = cluster.main
					.log()
					.slice(since.logAt)
					.split('\n')
					.filter((l) => /poll|trigger|skyslope|error|warn/i.test(l))
					.slice(-30);
				const asked = (await h.log(service)).filter((e) => e.seq > since.seq).map((e) => `${e.method} ${e.path} ${e.status}${e.fault ? ` (${e.fault})` : ''}`);
				throw new Error(`${missed.message}; main's log since the round began: ${polling.join(' / ')}; the ${service} service was asked: ${asked.slice(-30).join(', ') || 'nothing'}`);
			}
		};
		for (let round = 0; round < 2; round++) {
			const pollsBefore = polls();
			const roundStart = { logAt: cluster.main.log().length, seq: Math.max(0, ...(await h.log()).map((e) => e.seq)) };
			const fresh = await offer({ OfferTerms: { OfferPrice: 600000 + round } });
			changes.push(`new ${fresh.OfferId}`);
			await h.fire(listingsWriter.url, [{}]);
			const written = (await h.waitFor(listingsWriter.id, round + 1)).slice(-1)[0];
			listingRuns.push(String(itemsOf(written, 'Create listing')[0]?.json.listingGuid));
			await triggered(offersId, 'offers', round + 1, roundStart);
			await triggered(listingsId, 'listings', round + 1, roundStart);
			expect(polls()).toBeGreaterThan(pollsBefore);
		}
		await h.deactivate(offersId);
		await h.deactivate(listingsId);

		const emittedOffers = (await Promise.all((await h.executions(offersId)).map((e) => h.execution(e.id)))).flatMap((e) =>
			itemsOf(e, 'Offer').map((i) => `${String(i.json.event)} ${String(i.json.OfferId)}`),
		);
		const emittedListings = (await Promise.all((await h.executions(listingsId)).map((e) => h.execution(e.id)))).flatMap((e) =>
			itemsOf(e, 'Listing').map((i) => String(i.json.listingGuid)),
		);
		expect(emittedOffers.sort()).toEqual([...changes].sort());
		expect(emittedListings.sort()).toEqual([...listingRuns].sort());
		expect(pollsElsewhere()).toBe(0);
		figures.pollingTriggers = { pollsOnMain: polls(), pollsOnOtherInstances: pollsElsewhere(), offersEmitted: emittedOffers.length, listingsEmitted: emittedListings.length };
	}, 400_000);

	it('two workers on one listings-sales key: no rate-limit error reaches the user, and most of the limit is used', async () => {
		const { rate, windowSeconds } = await paceWorkload();
		expect(rate.userErrors).toBe(0);
		expect(rate.utilisation).toBeGreaterThanOrEqual(0.8);
		expect(windowSeconds).toBe(60);
	}, 400_000);
});

async function offer(body: Json): Promise<{ OfferId: string }> {
	const res = await fetch(`${cluster.sandbox.baseUrl}/offers/sandbox/offers`, {
		method: 'POST',
		headers: { 'content-type': 'application/json' },
		body: JSON.stringify(body),
	});
	if (!res.ok) throw new Error(`POST /offers/sandbox/offers answered ${res.status}`);
	return (await res.json()) as { OfferId: string };
}

/**
 * Pacing across workers: executions of 25 listing reads each are kept in flight on both workers
 * for two full rate-limit windows (the sandbox's limit: 100 a minute per client). Utilisation is
 * the successful requests inside the two windows that start at the first request, over 200.
 */
async function paceWorkload() {
	const limits = await h.sandbox<Record<string, { limit: number; windowSeconds: number }>>('PUT', '/ratelimit', { service: 'listings' });
	const { limit, windowSeconds } = limits.listings;
	const reader = await h.webhookWorkflow('queue pacing', [
		skyslopeNode('listings', 'Read listing', { resource: 'listing', operation: 'get', listingGuid: id('={{ $json.guid }}') }),
	]);
	const seed = await h.webhookWorkflow('queue pacing seed', [
		skyslopeNode('listings', 'Listings', { resource: 'listing', operation: 'getAll', returnAll: false, limit: 25 }),
	]);
	await h.fire(seed.url, [{}]);
	const [seeded] = await h.waitFor(seed.id, 1);
	const guids = itemsOf(seeded, 'Listings').map((i) => String(i.json.listingGuid));
	expect(guids).toHaveLength(25);

	// A fresh window for the measurement: setting the limit (to what it is) restarts the sandbox's windows.
	await h.sandbox('PUT', '/ratelimit', { service: 'listings', limit, windowSeconds });
	await h.clearLog();
	const runSeconds = 2 * windowSeconds;
	const started = Date.now();
	let fired = 0;
	// Keep four executions (two per worker) queued or running until the two windows are over.
	while (Date.now() - started < runSeconds * 1000) {
		const done = (await h.executions(reader.id)).filter((e) => !['new', 'running', 'waiting'].includes(e.status)).length;
		while (fired - done < 4) {
			await h.fire(reader.url, guids.map((guid) => ({ guid })));
			fired++;
		}
		await sleep(500);
	}
	const executions = await h.waitFor(reader.id, fired, 200_000);
	const entries = await h.log('listings');
	const t0 = Math.min(...entries.map((e) => e.at));
	const inWindows = entries.filter((e) => e.at < t0 + runSeconds * 1000);
	const ok = inWindows.filter((e) => e.status > 0 && e.status < 400).length;
	const refused = entries.filter((e) => e.status === 429).length;
	const userErrors = executions.reduce(
		(n, e) => n + (e.status !== 'success' ? 1 : 0) + itemsOf(e, 'Read listing').filter((i) => i.json.error !== undefined).length,
		0,
	);
	const perWorker = Object.fromEntries(cluster.workers.map((w) => [w.name, executions.filter((e) => h.ranOn(e.id).includes(w.name)).length]));
	const rate = {
		limitPerWindow: limit,
		windowSeconds,
		measuredSeconds: runSeconds,
		executions: executions.length,
		executionsPerWorker: perWorker,
		okRequestsInWindows: ok,
		allowed: limit * (runSeconds / windowSeconds),
		utilisation: Number((ok / (limit * (runSeconds / windowSeconds))).toFixed(3)),
		answered429: refused,
		userErrors,
	};
	log(`pacing across workers: ${JSON.stringify(rate)}`);
	figures.pacing = rate;
	// Both workers took part.
	expect(Object.values(perWorker).every((n) => n > 0)).toBe(true);
	return { rate, windowSeconds };
}
