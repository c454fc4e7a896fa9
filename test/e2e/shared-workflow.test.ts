/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports -- dev tooling, never shipped in dist */
// A polling trigger and the SkySlope Signing Trigger in one workflow, in real n8n (its classic
// scheduler, the default). When a poll emits, n8n saves the workflow's whole static data from the
// Workflow object it built at publishing (trigger-execution-context.factory.js, emit ->
// WorkflowStaticDataService.saveStaticData, one column written whole): the Signing Trigger's part of
// that copy dates from publishing. The first test shows what that does with n8n's own RSS Feed
// Trigger beside it; the second, that the SkySlope Trigger refuses to share a workflow with a
// Signing Trigger (nodes/SkySlope/shared/sharedWorkflow.ts), in whichever of two places n8n shows it
// as both come up; the third, the same refusal the way a user likely meets it, adding the SkySlope
// Trigger to a published Signing Trigger's workflow, where it is the same every time.
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import { randomUUID } from 'node:crypto';

import {
	api,
	clearSandboxLog,
	createWorkflow,
	credentialRef,
	deactivateWorkflow,
	editorClient,
	formsTriggerNode,
	type Execution,
	type Json,
	NODE_TYPES,
	sandboxLog,
	state,
	waitFor,
	type Workflow,
} from '../../harness/n8n/workflows';

/** A feed with one item, dated when it is asked for: each poll of the RSS Feed Trigger finds it new. */
async function feedServer(): Promise<{ url: string; server: Server }> {
	const server = createServer((_req, res) => {
		const now = new Date().toUTCString();
		res.writeHead(200, { 'content-type': 'application/rss+xml' });
		res.end(
			`<?xml version="1.0"?><rss version="2.0"><channel><title>e2e</title><link>http://127.0.0.1/</link><description>e2e</description><item><title>${now}</title><link>http://127.0.0.1/${Date.now()}</link><guid>${Date.now()}</guid><pubDate>${now}</pubDate></item></channel></rss>`,
		);
	});
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
	return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/feed.xml`, server };
}

async function signingState(workflowId: string): Promise<Json | undefined> {
	return ((await api<{ staticData: Json | null }>('GET', `/workflows/${workflowId}`)).staticData ?? {})['node:Signed'] as Json | undefined;
}

async function executions(workflowId: string): Promise<Execution[]> {
	const list = await api<{ data: Execution[] }>('GET', `/executions?workflowId=${workflowId}&limit=50`);
	return Promise.all(list.data.filter((e) => e.status !== 'running' && e.status !== 'new').map((e) => api<Execution>('GET', `/executions/${e.id}?includeData=true`)));
}

/** Executions the given trigger started. */
async function runsOf(workflowId: string, trigger: string): Promise<Execution[]> {
	return (await executions(workflowId)).filter((e) => e.data?.resultData.runData[trigger] !== undefined);
}

/** The subscribed URL (with its secret) of a file, once n8n's activation has subscribed it. */
async function subscribedUrl(fileId: number): Promise<string> {
	let url = '';
	await waitFor(`file ${fileId} subscribed`, async () => {
		const calls = (await sandboxLog('forms')).filter((e) => e.method === 'POST' && e.path === `/partner/api/documents/sign/subscribe/${fileId}`);
		url = calls.length ? String((calls[0].body as { webhookUrl: string }).webhookUrl) : '';
		return url !== '';
	}, 30_000);
	return url;
}

async function sign(fileId: number): Promise<Json> {
	const res = await fetch(`${state().sandboxUrl}/forms/sandbox/files/${fileId}/sign`, { method: 'POST' });
	expect(res.status).toBe(200);
	return ((await res.json()) as { notification: Json }).notification;
}

/** A workflow of the Signing Trigger ("Signed", watching `fileId`) and a polling trigger `poller` (polling every minute), both into a No Op. */
function besideSigningTrigger(name: string, fileId: number, poller: { name: string; type: string; parameters: Json; credentials?: Json }): Workflow {
	const into = { main: [[{ node: 'Received', type: 'main', index: 0 }]] };
	return {
		name,
		nodes: [
			formsTriggerNode(fileId, {}, randomUUID(), 'Signed'),
			{ typeVersion: 1, position: [0, 200], ...poller, parameters: { pollTimes: { item: [{ mode: 'everyMinute' }] }, ...poller.parameters } },
			{ name: 'Received', type: 'n8n-nodes-base.noOp', typeVersion: 1, position: [440, 0], parameters: {} },
		],
		connections: { Signed: into, [poller.name]: into },
		settings: { executionOrder: 'v1' },
	};
}

/** The SkySlope Trigger on New Offers ("Offers"), to put beside the Signing Trigger. */
function offersTrigger(): { name: string; type: string; parameters: Json; credentials: Json } {
	return { name: 'Offers', type: NODE_TYPES.trigger, parameters: { event: 'newOffers' }, credentials: credentialRef('offers') };
}

/** The editor's REST API, signed in once for the file (n8n limits how often one may sign in). */
let signedIn: ReturnType<typeof editorClient> | undefined;
const editor = () => (signedIn ??= editorClient());

/**
 * What n8n shows of a publish, by where it shows it (`answer`: what the publish request answered).
 * n8n 2.x publishes in the background (its publication service): a trigger that fails to come up
 * leaves the workflow partially published, with its words in the publication status (the editor
 * shows them in an error notice as it publishes); a poll that fails later does as a failed
 * execution. The answer to the publish and the activation error are where n8n's older path puts them.
 */
async function shownOfPublish(workflowId: string, answer: string): Promise<Record<string, string>> {
	const activationError = await (await editor()).rest<unknown>('GET', `/active-workflows/error/${workflowId}`);
	const publication = await publicationStatus(workflowId);
	const failed = (await api<{ data: Execution[] }>('GET', `/executions?workflowId=${workflowId}&status=error&limit=5`)).data;
	const runs = await Promise.all(failed.map((e) => api<Execution>('GET', `/executions/${e.id}?includeData=true`)));
	return {
		'the answer to the publish': answer,
		'the activation error': typeof activationError === 'string' ? activationError : JSON.stringify(activationError ?? ''),
		'the publication status': publication.triggers.map((t) => t.errorMessage ?? '').join(' | '),
		'a failed execution': runs.map((r) => JSON.stringify(r.data?.resultData.error ?? '')).join(' | '),
	};
}

interface PublicationStatus {
	status?: string;
	triggers: Array<{ nodeId: string; status: string; errorMessage?: string | null }>;
}

/** n8n 2.x's publication status of a workflow (what the editor reads); none where n8n has no publication service (404). */
async function publicationStatus(workflowId: string): Promise<PublicationStatus> {
	return (await editor()).rest<PublicationStatus>('GET', `/workflows/${workflowId}/publication-status`).catch(() => ({ triggers: [] }));
}

/** Publishes a saved workflow, answering what n8n answered when it refused ('' when it did not). */
async function publish(workflowId: string): Promise<string> {
	try {
		await api('POST', `/workflows/${workflowId}/activate`);
		return '';
	} catch (error) {
		return (error as Error).message;
	}
}

const REFUSAL = /also holds the SkySlope Signing Trigger \\?"Signed\\?": the two cannot share a workflow/;

describe('a polling trigger and the Signing Trigger in one workflow (classic scheduler)', () => {
	it("n8n's own RSS Feed Trigger emitting saves back the Signing Trigger's memory as it was at publishing: the signing's key is gone from the database", async () => {
		const feed = await feedServer();
		const fileId = 1022;
		const wf = besideSigningTrigger('e2e shared workflow: RSS beside the Signing Trigger', fileId, {
			name: 'Feed',
			type: 'n8n-nodes-base.rssFeedReadTrigger',
			parameters: { feedUrl: feed.url },
		});
		const workflowId = await createWorkflow(wf, true);
		try {
			const url = await subscribedUrl(fileId);
			// Sign just after a poll of the feed emitted, so the key is saved, and read, well before the
			// next one takes it back (a poll landing in between made the key's save unseen).
			const feedRunsAtFirst = (await runsOf(workflowId, 'Feed')).length;
			await waitFor('a poll of the feed emitted', async () => (await runsOf(workflowId, 'Feed')).length > feedRunsAtFirst, 90_000);
			const notification = await sign(fileId);
			await waitFor('the signing run', async () => (await runsOf(workflowId, 'Signed')).length === 1, 60_000);
			await waitFor('its key saved', async () => ((await signingState(workflowId))?.seen as unknown[] | undefined)?.length === 1, 30_000);
			const feedRunsBefore = (await runsOf(workflowId, 'Feed')).length;
			// The next minute's poll of the feed emits, and n8n saves the static data it held since publishing.
			await waitFor('the feed emitted after the signing', async () => (await runsOf(workflowId, 'Feed')).length > feedRunsBefore, 150_000);
			// (n8n saves it as the run starts; a while, then read what the database holds.)
			await waitFor('the static data saved again', async () => ((await signingState(workflowId))?.seen as unknown[] | undefined)?.length !== 1, 20_000).catch(() => undefined);
			const after = await signingState(workflowId);
			// What n8n does: the key the Signing Trigger saved is gone from the database.
			expect({ seen: after?.seen ?? [] }).toEqual({ seen: [] });
			expect(after?.secret).toBeDefined();
			// This process still holds the key it claimed, so a resend to it now is still a repeat; an
			// n8n restarted, or another webhook processor, would have only the database's word, and run
			// it again.
			const resend = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(notification) });
			expect(resend.status).toBe(200);
			expect(await resend.text()).toContain('repeat of a handled notification');
		} finally {
			await deactivateWorkflow(workflowId);
			feed.server.close();
		}
	}, 400_000);

	it('the SkySlope Trigger refuses to share a workflow with a Signing Trigger, saying why and what to do', async () => {
		const fileId = 1023;
		const wf = besideSigningTrigger('e2e shared workflow: SkySlope Trigger beside the Signing Trigger', fileId, offersTrigger());
		await clearSandboxLog();
		const created = await api<{ id: string }>('POST', '/workflows', { name: wf.name, nodes: wf.nodes, connections: wf.connections, settings: wf.settings });
		// Where n8n shows the refusal depends on which trigger comes up first: n8n 2.x registers the
		// webhook and the poll side by side. If the Signing Trigger names itself before the poll's
		// first run, the poll fails to come up (the publication status); if after, that first poll
		// reports nothing and the next one fails (a failed execution).
		const answer = await publish(created.id);
		const shown = () => shownOfPublish(created.id, answer);
		const refusedIn = (places: Record<string, string>) => Object.keys(places).filter((where) => /cannot share a workflow/.test(places[where]));
		await waitFor('the refusal shown', async () => refusedIn(await shown()).length > 0, 150_000).catch(() => undefined);
		const places = await shown();
		const seen = Object.values(places).join(' | ');
		if (!refusedIn(places).length) {
			const staticData = (await api<{ staticData: unknown }>('GET', `/workflows/${created.id}`)).staticData;
			const log = readFileSync(join(state().userFolder, 'n8n.log'), 'utf8').split('\n').filter((l) => /skyslope|Offers|share|error/i.test(l)).slice(-12);
			throw new Error(`no refusal shown; n8n showed: ${JSON.stringify(places)}; static data: ${JSON.stringify(staticData).slice(0, 800)}; n8n's log: ${log.join(' / ')}`);
		}
		// Which way it went this run (the CI log keeps it).
		process.stdout.write(`[shared-workflow] the refusal shown in: ${refusedIn(places).join(', ')}\n`);
		expect(seen).toMatch(REFUSAL);
		// No run started. (n8n 2.x registers webhooks and polls side by side as it publishes: the first
		// poll, which reports nothing, may read the offers before the Signing Trigger names itself.)
		const started = (await api<{ data: Execution[] }>('GET', `/executions?workflowId=${created.id}&limit=20`)).data.filter((e) => e.status === 'success');
		expect(started).toEqual([]);
		await api('POST', `/workflows/${created.id}/deactivate`).catch(() => undefined);
	}, 240_000);

	it("a SkySlope Trigger added to a published Signing Trigger's workflow is refused as it is published again: the workflow is partially published, saying why, and the signings still run", async () => {
		const fileId = 1024;
		const full = besideSigningTrigger('e2e shared workflow: SkySlope Trigger added to a published Signing Trigger', fileId, offersTrigger());
		const signingOnly: Workflow = { ...full, nodes: full.nodes.filter((n) => n.name !== 'Offers'), connections: { Signed: full.connections.Signed } };
		await clearSandboxLog();
		const workflowId = await createWorkflow(signingOnly, true);
		try {
			await subscribedUrl(fileId);
			await waitFor('the Signing Trigger named in the static data', async () => {
				const global = ((await api<{ staticData: Json | null }>('GET', `/workflows/${workflowId}`)).staticData ?? {}).global as Json | undefined;
				return JSON.stringify(global?.skySlopeSigningTriggers) === '["Signed"]';
			}, 30_000);
			// The user adds the SkySlope Trigger and publishes again. The Signing Trigger keeps its node
			// ID, as in the editor, so n8n leaves it up (a node with a new ID would be taken down, and
			// forget its name, then brought up beside the poll), and its name is in the static data
			// before the poll's first run.
			const saved = await api<{ nodes: Workflow['nodes'] }>('GET', `/workflows/${workflowId}`);
			const offers = full.nodes.filter((n) => n.name === 'Offers');
			await api('PUT', `/workflows/${workflowId}`, { name: full.name, nodes: [...saved.nodes, ...offers], connections: full.connections, settings: full.settings });
			const answer = await publish(workflowId);
			const offersId = String((await api<{ nodes: Array<{ name: string; id: string }> }>('GET', `/workflows/${workflowId}`)).nodes.find((n) => n.name === 'Offers')?.id);
			// (n8n tries a trigger that fails to come up five times, a second, then 2, 4 and 8 apart.)
			await waitFor('the publication settled', async () => !['in_progress', undefined].includes((await publicationStatus(workflowId)).status), 90_000);
			const publication = await publicationStatus(workflowId);
			expect({ status: publication.status, offers: publication.triggers.find((t) => t.nodeId === offersId)?.status }).toEqual({ status: 'partial', offers: 'failed' });
			const places = await shownOfPublish(workflowId, answer);
			expect(places['the publication status']).toMatch(REFUSAL);
			// The Signing Trigger is still up: a signing runs the workflow.
			await sign(fileId);
			await waitFor('the signing run', async () => (await runsOf(workflowId, 'Signed')).length === 1, 60_000);
			expect(await runsOf(workflowId, 'Offers')).toEqual([]);
		} finally {
			await deactivateWorkflow(workflowId);
		}
	}, 240_000);
});
