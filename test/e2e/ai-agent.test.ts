/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports -- dev tooling, never shipped in dist */
// The SkySlope nodes as tools of n8n's AI Agent, in real n8n: the example "Ask about your deals"
// (examples/ai-ask-about-your-deals.json) runs with its Chat Trigger swapped for the harness's start
// and its chat model pointed at a scripted OpenAI-compatible stand-in (fake-llm.ts). The stand-in
// asks for an agent's listings with offers, then a file's signed documents, then downloads one,
// passes the download's reference (file ID, document ID) to the copy tool to put that PDF in another
// file, and answers from what the tools gave back. Asserted: the tools the model was offered (names,
// each operation's own tool description, parameters from $fromAI), the requests the sandbox
// received, the size of every tool result fed back to the model, and the final answer.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

import { recordsOf, startModelStandIn, type ChatRequest, type FakeLlm, type Json, type ToolResult } from '../../harness/n8n/fake-llm';
import { api, clearSandboxLog, runWorkflow, sandboxLog, type RunResult, type Workflow, type WorkflowNode } from '../../harness/n8n/workflows';
import { toolTextOf } from './tool-texts';

const EXAMPLE = join(__dirname, '..', '..', 'examples', 'ai-ask-about-your-deals.json');
const CHAT_TRIGGER = 'When chat message received';
const AGENT = 'AI Agent';
const MODEL = 'Chat model';

/** Tool names as n8n gives them to the model (node names, non-word characters as `_`). */
const TOOLS = {
	offers: { node: 'Listings with offers', tool: 'Listings_with_offers' },
	listings: { node: 'Recent listings', tool: 'Recent_listings' },
	signed: { node: 'Signed documents of a file', tool: 'Signed_documents_of_a_file' },
	download: { node: 'Download documents', tool: 'Download_documents' },
	copy: { node: 'Copy a document to a file', tool: 'Copy_a_document_to_a_file' },
};

const AGENT_ID = 'AG1001';
const FILE_ID = 1001;
/** The file the signed document is copied to. */
const TARGET_FILE_ID = 1002;
const SINCE = new Date(Date.now() - 60 * 24 * 3600 * 1000).toISOString().slice(0, 10);

const example = JSON.parse(readFileSync(EXAMPLE, 'utf8')) as Workflow;

/** The example as the harness runs it: a manual start instead of the chat, the stand-in as model. */
function agentWorkflow(credential: { id: string; name: string }): Workflow {
	const wf = JSON.parse(JSON.stringify(example)) as Workflow;
	const trigger = wf.nodes.find((n) => n.name === CHAT_TRIGGER) as WorkflowNode;
	Object.assign(trigger, { type: 'n8n-nodes-base.manualTrigger', typeVersion: 1, parameters: {} });
	delete trigger.webhookId;
	const model = wf.nodes.find((n) => n.name === MODEL) as WorkflowNode;
	model.credentials = { openAiApi: credential };
	// Fail at once on a wrong answer of the stand-in instead of retrying it.
	model.parameters = { ...model.parameters, options: { maxRetries: 0 } };
	return { ...wf, name: 'e2e AI agent' };
}

function toolResult(request: ChatRequest, tool: string): ToolResult {
	const found = request.toolResults.filter((r) => r.name === tool);
	if (found.length !== 1) throw new Error(`expected one result of ${tool}, got ${found.length}`);
	return found[0];
}

/** The records the tool node output in n8n's run data (what n8n turned into the tool result). */
function toolOutput(run: RunResult, node: string): Json[] {
	const runs = run.runData[node] ?? [];
	return runs.flatMap((r) => ((r.data as { ai_tool?: Array<Array<{ json: Json }>> } | undefined)?.ai_tool?.[0] ?? []).map((i) => i.json));
}

describe('SkySlope tools in the AI Agent ("Ask about your deals")', () => {
	let llm: FakeLlm;
	let credential: { id: string; name: string };
	let standIn: Awaited<ReturnType<typeof startModelStandIn>> | undefined;

	beforeAll(async () => {
		// The OpenAI credential of the agent's model, pointing at the stand-in.
		standIn = await startModelStandIn(api, 'Model stand-in (e2e)');
		({ llm, credential } = standIn);
	});

	afterAll(async () => await standIn?.close());

	describe('a listing with offers, then a signed document of a file, downloaded and copied to another file', () => {
		let run: RunResult;
		let requests: ChatRequest[];
		let answer: string;

		beforeAll(async () => {
			llm.script([
				() => ({ toolCalls: [{ name: TOOLS.offers.tool, arguments: { agentId: AGENT_ID, startDate: SINCE } }] }),
				() => ({ toolCalls: [{ name: TOOLS.signed.tool, arguments: { fileId: FILE_ID } }] }),
				(request) => {
					const signed = recordsOf(toolResult(request, TOOLS.signed.tool));
					const available = signed.find((d) => d.documentAvailable !== false);
					if (!available) throw new Error(`no available signed document among ${signed.length}`);
					return {
						toolCalls: [{ name: TOOLS.download.tool, arguments: { fileId: FILE_ID, documentIds: String(available.documentId) } }],
					};
				},
				(request) => {
					// The download's reference (not its bytes) is what the next tool takes.
					const [pdf] = recordsOf(toolResult(request, TOOLS.download.tool));
					const [documentId] = pdf.documentIds as number[];
					return {
						toolCalls: [
							{
								name: TOOLS.copy.tool,
								arguments: { fileId: TARGET_FILE_ID, sourceFileId: pdf.fileId, sourceDocumentId: documentId, documentName: 'Signed purchase agreement' },
							},
						],
					};
				},
				(request) => {
					// The answer a model would give: only what the tools returned.
					const [top] = recordsOf(toolResult(request, TOOLS.offers.tool));
					const signed = recordsOf(toolResult(request, TOOLS.signed.tool)).find((d) => d.documentAvailable !== false) as Json;
					const [pdf] = recordsOf(toolResult(request, TOOLS.download.tool));
					const [copy] = recordsOf(toolResult(request, TOOLS.copy.tool));
					return {
						content:
							`${String(top.listingName)} has ${String(top.offersCount)} offers since ${SINCE} (latest ${String(top.latestOfferDate)}). ` +
							`Signed: "${String(signed.documentName)}" (${String(signed.envelopeName)}), downloaded as ${String(pdf.fileName)} (${String(pdf.fileSize)} bytes), ` +
							`copied to file ${String(copy.fileId)} as document ${String(copy.documentId)}.`,
					};
				},
			]);
			await clearSandboxLog();
			run = await runWorkflow(agentWorkflow(credential), {
				input: [
					{
						sessionId: 'e2e-deals',
						chatInput: `Which of ${AGENT_ID}'s listings got offers since ${SINCE}? And get me the signed documents of file ${FILE_ID}, with the first PDF, and put it in file ${TARGET_FILE_ID}.`,
					},
				],
			});
			requests = [...llm.requests];
			answer = String(run.status === 'success' ? run.json(AGENT)[0]?.output : '');
		}, 180_000);

		it('runs to the end: five model calls, four tool calls, no error', () => {
			expect({ status: run.status, error: run.error?.message, llm: llm.errors }).toEqual({ status: 'success', error: undefined, llm: [] });
			expect(requests).toHaveLength(5);
			expect(requests[4].toolResults.map((r) => r.name)).toEqual([TOOLS.offers.tool, TOOLS.signed.tool, TOOLS.download.tool, TOOLS.copy.tool]);
		});

		it('offers the model every SkySlope tool, with its operation\'s description saying when to use it and what it returns, and the parameters the model fills', () => {
			const offered = requests[0].tools;
			expect(offered.map((t) => t.name).sort()).toEqual(Object.values(TOOLS).map((t) => t.tool).sort());
			for (const { node, tool } of Object.values(TOOLS)) {
				const saved = example.nodes.find((n) => n.name === node) as WorkflowNode;
				const description = offered.find((t) => t.name === tool)?.description ?? '';
				// The example keeps every node's default Tool Description: the operation's own text, not
				// n8n's automatic "<action> in <node>".
				expect(saved.parameters.toolDescription).toBeUndefined();
				expect(description).toBe(toolTextOf(saved));
				expect(description).toMatch(/^Use (when|to) /);
				expect(description).toMatch(/ Returns /);
			}
			const schema = (tool: string) => offered.find((t) => t.name === tool)?.parameters as { properties: Record<string, Json>; required?: string[] };
			expect(schema(TOOLS.offers.tool).properties).toEqual({
				agentId: expect.objectContaining({ type: 'string', description: expect.stringContaining('AG1001') }),
				startDate: expect.objectContaining({ type: 'string', description: expect.stringContaining('YYYY-MM-DD') }),
			});
			expect(schema(TOOLS.offers.tool).required?.sort()).toEqual(['agentId', 'startDate']);
			expect(schema(TOOLS.listings.tool).properties).toEqual({ limit: expect.objectContaining({ type: 'number' }) });
			expect(schema(TOOLS.signed.tool).properties).toEqual({ fileId: expect.objectContaining({ type: 'number' }) });
			expect(schema(TOOLS.download.tool).properties).toEqual({
				fileId: expect.objectContaining({ type: 'number' }),
				documentIds: expect.objectContaining({ type: 'string' }),
			});
			expect(schema(TOOLS.copy.tool).properties).toEqual({
				fileId: expect.objectContaining({ type: 'number' }),
				sourceFileId: expect.objectContaining({ type: 'number' }),
				sourceDocumentId: expect.objectContaining({ type: 'number' }),
				documentName: expect.objectContaining({ type: 'string' }),
			});
			// Every later model call is offered the same tools.
			for (const r of requests) expect(r.tools.map((t) => t.name).sort()).toEqual(offered.map((t) => t.name).sort());
		});

		it('sends the sandbox exactly the requests the model asked for, with its parameters', async () => {
			const log = await sandboxLog();
			const ours = log
				.filter(
					(e) =>
						(e.service === 'offers' && e.path.startsWith('/offers-api/ext/agent/')) ||
						(e.service === 'forms' && /^\/partner\/api\/(documents\/signed|files\/\d+\/documents)/.test(e.path)) ||
						(e.service === 'listings' && e.path.startsWith('/api/files/')),
				)
				.map((e) => ({ service: e.service, request: `${e.method} ${e.path}`, query: e.query, status: e.status }));
			const signed = recordsOf(toolResult(requests[4], TOOLS.signed.tool)).find((d) => d.documentAvailable !== false) as Json;
			const [copy] = recordsOf(toolResult(requests[4], TOOLS.copy.tool));
			expect(ours).toEqual([
				{ service: 'offers', request: `GET /offers-api/ext/agent/${AGENT_ID}/listings`, query: { startDate: SINCE }, status: 200 },
				{ service: 'forms', request: `GET /partner/api/documents/signed/${FILE_ID}`, query: {}, status: 200 },
				{
					service: 'forms',
					request: `GET /partner/api/files/${FILE_ID}/documents/download`,
					query: { documentIds: String(signed.documentId) },
					status: 200,
				},
				// The copy: the referenced document fetched again inside n8n, then uploaded to the other file.
				{
					service: 'forms',
					request: `GET /partner/api/files/${FILE_ID}/documents/download`,
					query: { documentIds: String(signed.documentId) },
					status: 200,
				},
				{ service: 'forms', request: `POST /partner/api/files/${TARGET_FILE_ID}/documents/upload`, query: {}, status: 200 },
			]);
			expect(copy).toEqual(
				expect.objectContaining({
					fileId: TARGET_FILE_ID,
					documentName: 'Signed purchase agreement',
					copiedFrom: { fileId: FILE_ID, documentId: Number(signed.documentId) },
					documentId: expect.any(Number),
				}),
			);
			const [pdf] = recordsOf(toolResult(requests[4], TOOLS.download.tool));
			expect(copy.size).toBe(pdf.fileSize);
		});

		it('feeds back compact tool results: the records the nodes returned, no file bytes', () => {
			const results = requests[4].toolResults;
			const sizes = Object.fromEntries(results.map((r) => [r.name, r.content.length]));
			const listings = recordsOf(toolResult(requests[4], TOOLS.offers.tool));
			const signed = recordsOf(toolResult(requests[4], TOOLS.signed.tool));
			// The figure bench/RESULTS.md records ("SkySlope tools in an AI agent").
			process.stdout.write(
				`[ai-agent] characters fed back to the model: ${JSON.stringify(sizes)}; ` +
					`${listings.length} listings with offers, ${signed.length} signed documents\n`,
			);

			// What the model read is what the tool node output in n8n, record for record.
			expect(listings).toEqual(toolOutput(run, TOOLS.offers.node));
			expect(signed).toEqual(toolOutput(run, TOOLS.signed.node));
			expect(listings.length).toBeGreaterThan(0);
			expect(listings.length).toBeLessThanOrEqual(10);
			expect(Object.keys(listings[0]).sort()).toEqual(['agentId', 'fileId', 'hasNewOffers', 'latestOfferDate', 'listingName', 'offersCount']);
			expect(signed.length).toBeGreaterThan(0);
			expect(signed.every((d) => Number(d.fileId) === FILE_ID)).toBe(true);

			// The download comes back as a reference (name, type, size), never as base64 in the conversation.
			const [pdf] = recordsOf(toolResult(requests[4], TOOLS.download.tool));
			expect(pdf).toEqual(expect.objectContaining({ fileId: FILE_ID, mimeType: 'application/pdf', fileSize: expect.any(Number) }));
			expect(Number(pdf.fileSize)).toBeGreaterThan(1000);
			const download = toolResult(requests[4], TOOLS.download.tool).content;
			expect(download).not.toMatch(/JVBERi|"data"\s*:/);
			// The copy went by reference: the model gave two numbers and got ids back, never the bytes.
			const copy = toolResult(requests[4], TOOLS.copy.tool).content;
			expect(copy).not.toMatch(/JVBERi/);

			// Budgets in characters: about 170 per listing row, 820 per signed-document record (the full
			// record, GUIDs and token included, until Simplify trims it), 130 for a download reference.
			expect(sizes[TOOLS.offers.tool]).toBeLessThanOrEqual(200 * listings.length + 50);
			expect(sizes[TOOLS.signed.tool]).toBeLessThanOrEqual(1000 * signed.length + 50);
			expect(sizes[TOOLS.download.tool]).toBeLessThanOrEqual(300);
			expect(sizes[TOOLS.copy.tool]).toBeLessThanOrEqual(300);
		});

		it('answers with what the tools returned', () => {
			const [top] = toolOutput(run, TOOLS.offers.node);
			const [pdf] = toolOutput(run, TOOLS.download.node);
			expect(answer).toContain(`${String(top.listingName)} has ${String(top.offersCount)} offers`);
			expect(answer).toContain(`downloaded as ${String(pdf.fileName)}`);
			expect(answer).toMatch(/Signed: "[^"]+"/);
			const [copy] = toolOutput(run, TOOLS.copy.node);
			expect(answer).toContain(`copied to file ${TARGET_FILE_ID} as document ${String(copy.documentId)}`);
		});
	});

	it('a tool set to Output: Selected Fields gives the agent only those fields, and the ID', async () => {
		const wf = agentWorkflow(credential);
		const listings = wf.nodes.find((n) => n.name === TOOLS.listings.node) as WorkflowNode;
		listings.parameters = { ...listings.parameters, output: 'selected', fields: ['status', 'listingPrice'] };
		llm.script([
			() => ({ toolCalls: [{ name: TOOLS.listings.tool, arguments: { limit: 3 } }] }),
			(request) => ({ content: `Read ${recordsOf(toolResult(request, TOOLS.listings.tool)).length} listings.` }),
		]);
		const run = await runWorkflow(wf, { input: [{ sessionId: 'e2e-selected', chatInput: 'Status and price of the three newest listings?' }] });

		expect({ status: run.status, error: run.error?.message, llm: llm.errors }).toEqual({ status: 'success', error: undefined, llm: [] });
		const fed = recordsOf(toolResult(llm.requests[1], TOOLS.listings.tool));
		expect(fed).toHaveLength(3);
		for (const record of fed) {
			expect(Object.keys(record).sort()).toEqual(['listingGuid', 'listingPrice', 'status']);
			expect(record.listingGuid).toMatch(/^[0-9a-f-]{36}$/);
		}
		// What the model read is what the tool node output in n8n.
		expect(fed).toEqual(toolOutput(run, TOOLS.listings.node));
	});

	it('a parameter the node refuses comes back to the model as an error naming it, and nothing is sent', async () => {
		llm.script([
			() => ({ toolCalls: [{ name: TOOLS.offers.tool, arguments: { agentId: '../AG1001', startDate: SINCE } }] }),
			(request) => ({ content: `The tool said: ${toolResult(request, TOOLS.offers.tool).content}` }),
		]);
		await clearSandboxLog();
		const run = await runWorkflow(agentWorkflow(credential), { input: [{ sessionId: 'e2e-refused', chatInput: 'Offers of ../AG1001?' }] });

		expect(llm.errors).toEqual([]);
		expect(run.status).toBe('success');
		const fed = toolResult(llm.requests[1], TOOLS.offers.tool).content;
		expect(fed).toMatch(/Agent ID/);
		expect((await sandboxLog('offers')).filter((e) => e.path.startsWith('/offers-api/ext/agent/'))).toEqual([]);
	});
});
