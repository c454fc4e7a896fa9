/* eslint-disable @n8n/community-nodes/no-restricted-globals -- dev tooling, never shipped in dist */
// A SkySlope action node as a tool of n8n 1.x's AI Agent (what test/e2e/ai-agent.test.ts proves on
// 2.x): the agent (typeVersion 3, the newest 1.123 has) with its OpenAI chat model pointed at the
// scripted stand-in (test/e2e/fake-llm.ts) and the Offers tool for Agent > Get Listings With Offers.
// The stand-in refuses to go on unless the tool it is offered carries the operation's own tool text
// (not n8n's automatic "<action> in <node>"), calls it once, then answers from its result.
import { recordsOf, startModelStandIn, type ChatRequest, type FakeLlm, type ToolResult } from '../../harness/n8n/fake-llm';
import { api, clearSandboxLog, credentialRef, sandboxLog, runWorkflow, type Json, type RunResult, type Workflow, type WorkflowNode } from '../../harness/n8n/workflows';
import { toolTextOf } from '../e2e/tool-texts';

const AGENT = 'AI Agent';
const MODEL = 'Chat model';
const TOOL_NODE = 'Listings with offers';
/** The tool name n8n gives the model: the node name, non-word characters as `_`. */
const TOOL = 'Listings_with_offers';
const AGENT_ID = 'AG1001';
const SINCE = new Date(Date.now() - 60 * 24 * 3600 * 1000).toISOString().slice(0, 10);

const offersTool: WorkflowNode = {
	name: TOOL_NODE,
	type: 'n8n-nodes-skyslope.skySlopeTool',
	typeVersion: 1,
	position: [400, 260],
	parameters: {
		service: 'offers',
		resource: 'agent',
		operation: 'getListings',
		agentId: { __rl: true, mode: 'id', value: "={{ $fromAI('agentId', 'The SkySlope Offers ID of the listing agent, e.g. AG1001', 'string') }}" },
		options: { startDate: "={{ $fromAI('startDate', 'Only count offers submitted on or after this date, as YYYY-MM-DD', 'string') }}" },
	},
	credentials: credentialRef('offers'),
};
const TOOL_TEXT = toolTextOf(offersTool);

/** Manual start (the harness runs it through its webhook), the agent, the model and the one tool. */
function agentWorkflow(credential: { id: string; name: string }): Workflow {
	return {
		name: 'e2e 1x AI agent',
		nodes: [
			{ name: 'Start', type: 'n8n-nodes-base.manualTrigger', typeVersion: 1, position: [0, 0], parameters: {} },
			{ name: AGENT, type: '@n8n/n8n-nodes-langchain.agent', typeVersion: 3, position: [320, 0], parameters: { promptType: 'auto', options: {} } },
			{
				name: MODEL,
				type: '@n8n/n8n-nodes-langchain.lmChatOpenAi',
				typeVersion: 1.3,
				position: [100, 260],
				// No retries: a wrong answer of the stand-in fails at once.
				parameters: { model: { __rl: true, mode: 'id', value: 'gpt-4.1-mini' }, responsesApiEnabled: false, options: { maxRetries: 0 } },
				credentials: { openAiApi: credential },
			},
			offersTool,
		],
		connections: {
			Start: { main: [[{ node: AGENT, type: 'main', index: 0 }]] },
			[MODEL]: { ai_languageModel: [[{ node: AGENT, type: 'ai_languageModel', index: 0 }]] },
			[TOOL_NODE]: { ai_tool: [[{ node: AGENT, type: 'ai_tool', index: 0 }]] },
		},
		settings: { executionOrder: 'v1' },
		// The harness types main connections only; n8n takes the AI ones the same way.
	} as unknown as Workflow;
}

function onlyResult(request: ChatRequest): ToolResult {
	if (request.toolResults.length !== 1 || request.toolResults[0].name !== TOOL) {
		throw new Error(`expected one result of ${TOOL}, got ${JSON.stringify(request.toolResults.map((r) => r.name))}`);
	}
	return request.toolResults[0];
}

describe('n8n 1.x: a SkySlope node as a tool of the AI Agent', () => {
	let llm: FakeLlm;
	let credential: { id: string; name: string };
	let standIn: Awaited<ReturnType<typeof startModelStandIn>> | undefined;

	beforeAll(async () => {
		// The OpenAI credential of the agent's model, pointing at the stand-in.
		standIn = await startModelStandIn(api, 'Model stand-in (e2e 1x)');
		({ llm, credential } = standIn);
	});

	afterAll(async () => await standIn?.close());

	it('offers the operation\'s tool text, runs the tool the model calls with its parameters, and answers from a compact result', async () => {
		llm.script([
			(request) => {
				const offered = request.tools.find((t) => t.name === TOOL);
				if (!offered) throw new Error(`${TOOL} is not among the tools offered: ${request.tools.map((t) => t.name).join(', ')}`);
				if (offered.description !== TOOL_TEXT) throw new Error(`${TOOL} is offered as "${offered.description}", not the operation's tool text`);
				return { toolCalls: [{ name: TOOL, arguments: { agentId: AGENT_ID, startDate: SINCE } }] };
			},
			(request) => {
				const [top] = recordsOf(onlyResult(request));
				return { content: `${String(top.listingName)} has ${String(top.offersCount)} offers since ${SINCE}.` };
			},
		]);
		await clearSandboxLog();
		const run: RunResult = await runWorkflow(agentWorkflow(credential), {
			input: [{ chatInput: `Which of ${AGENT_ID}'s listings got offers since ${SINCE}?` }],
		});
		const requests = [...llm.requests];

		expect({ status: run.status, error: run.error?.message, llm: llm.errors }).toEqual({ status: 'success', error: undefined, llm: [] });
		expect(requests).toHaveLength(2);
		// The only tool, described by its operation's text (the first step checked it; shown here too).
		expect(requests[0].tools.map((t) => ({ name: t.name, description: t.description }))).toEqual([{ name: TOOL, description: TOOL_TEXT }]);
		expect(TOOL_TEXT).toMatch(/^Use (when|to) /);
		expect(requests[0].tools[0].parameters).toMatchObject({
			properties: { agentId: expect.objectContaining({ type: 'string' }), startDate: expect.objectContaining({ type: 'string' }) },
		});

		// Exactly the request the model asked for reached the sandbox.
		const calls = (await sandboxLog('offers'))
			.filter((e) => e.path.startsWith('/offers-api/ext/agent/'))
			.map((e) => ({ request: `${e.method} ${e.path}`, query: e.query, status: e.status }));
		expect(calls).toEqual([{ request: `GET /offers-api/ext/agent/${AGENT_ID}/listings`, query: { startDate: SINCE }, status: 200 }]);

		// What the model read is what the tool node output in n8n: compact listing rows.
		const fed = onlyResult(requests[1]);
		const listings = recordsOf(fed);
		const output = (run.runData[TOOL_NODE] ?? []).flatMap((r) =>
			((r.data as { ai_tool?: Array<Array<{ json: Json }>> } | undefined)?.ai_tool?.[0] ?? []).map((i) => i.json),
		);
		expect(listings).toEqual(output);
		expect(listings.length).toBeGreaterThan(0);
		expect(Object.keys(listings[0]).sort()).toEqual(['agentId', 'fileId', 'hasNewOffers', 'latestOfferDate', 'listingName', 'offersCount']);
		process.stdout.write(`[ai-agent 1x] characters fed back to the model: ${fed.content.length} for ${listings.length} listings\n`);
		expect(fed.content.length).toBeLessThanOrEqual(200 * listings.length + 50);

		const [top] = listings;
		expect(String(run.json(AGENT)[0]?.output)).toBe(`${String(top.listingName)} has ${String(top.offersCount)} offers since ${SINCE}.`);
	});
});
