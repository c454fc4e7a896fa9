/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports -- dev tooling, never shipped in dist */
// The SkySlope tools served to outside agents through n8n's MCP Server Trigger: the example
// examples/ai-mcp-server.json, published in real n8n, reached with the official MCP TypeScript SDK
// over Streamable HTTP. The client lists the tools with their input schemas and calls them against
// the sandbox.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

// Subpaths without `.js`: the one spelling that tsc (node10 resolution, via the SDK's typesVersions),
// the lint's import resolver (the SDK's `exports` types) and jest's resolver all accept.
import { Client } from '@modelcontextprotocol/sdk/client/index';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp';

import { clearSandboxLog, createWorkflow, deactivateWorkflow, sandboxLog, state, type Workflow, type WorkflowNode } from '../../harness/n8n/workflows';
import { toolTextOf } from './tool-texts';

const example = JSON.parse(readFileSync(join(__dirname, '..', '..', 'examples', 'ai-mcp-server.json'), 'utf8')) as Workflow;
const trigger = example.nodes.find((n) => n.type === '@n8n/n8n-nodes-langchain.mcpTrigger') as WorkflowNode;
const tools = example.nodes.filter((n) => n.type.startsWith('n8n-nodes-skyslope.'));

const SINCE = new Date(Date.now() - 60 * 24 * 3600 * 1000).toISOString().slice(0, 10);

interface TextContent {
	type: string;
	text?: string;
}

function textOf(result: unknown): string {
	const content = (result as { content?: TextContent[] }).content ?? [];
	return content.map((c) => (c.type === 'text' ? (c.text ?? '') : `[${c.type}]`)).join('');
}

describe('SkySlope tools over MCP (MCP Server Trigger, official MCP SDK client)', () => {
	let workflowId: string;
	let client: Client;

	beforeAll(async () => {
		workflowId = await createWorkflow({ ...example, name: 'e2e MCP server' });
		const url = new URL(`${state().n8nUrl}/mcp/${String(trigger.parameters.path)}`);
		// Right after publishing, n8n may answer 404 for a moment.
		let failure = '';
		for (let attempt = 0; attempt < 50; attempt++) {
			client = new Client({ name: 'skyslope-e2e', version: '1.0.0' });
			failure = await client.connect(new StreamableHTTPClientTransport(url)).then(
				() => '',
				(error: Error) => error.message,
			);
			if (!failure) break;
			await client.close().catch(() => undefined);
			await new Promise((r) => setTimeout(r, 200));
		}
		if (failure) throw new Error(`cannot connect to ${url.href}: ${failure}`);
	}, 60_000);

	afterAll(async () => {
		await client?.close().catch(() => undefined);
		if (workflowId) await deactivateWorkflow(workflowId);
	});

	it('lists every SkySlope tool of the workflow, with its operation\'s tool description and an input schema of what the model fills', async () => {
		const { tools: listed } = await client.listTools();

		expect(listed.map((t) => t.name).sort()).toEqual(tools.map((n) => n.name.replace(/[^a-zA-Z0-9_-]+/g, '_')).sort());
		for (const node of tools) {
			const tool = listed.find((t) => t.name === node.name.replace(/[^a-zA-Z0-9_-]+/g, '_'));
			// The example keeps every node's default Tool Description: the operation's own text.
			expect(node.parameters.toolDescription).toBeUndefined();
			expect(tool?.description).toBe(toolTextOf(node));
			expect(tool?.inputSchema.type).toBe('object');
		}
		const schema = (name: string) => listed.find((t) => t.name === name)?.inputSchema;
		expect(schema('Listings_with_offers')).toEqual(
			expect.objectContaining({
				properties: {
					agentId: expect.objectContaining({ type: 'string', description: expect.stringContaining('AG1001') }),
					startDate: expect.objectContaining({ type: 'string', description: expect.stringContaining('YYYY-MM-DD') }),
				},
				required: expect.arrayContaining(['agentId', 'startDate']),
			}),
		);
		expect(schema('Signed_documents_of_a_file')?.properties).toEqual({ fileId: expect.objectContaining({ type: 'number' }) });
		expect(schema('Download_documents')?.properties).toEqual({
			fileId: expect.objectContaining({ type: 'number' }),
			documentIds: expect.objectContaining({ type: 'string' }),
		});
		expect(schema('Recent_listings')?.properties).toEqual({ limit: expect.objectContaining({ type: 'number' }) });
		expect(schema('Copy_a_document_to_a_file')?.properties).toEqual({
			fileId: expect.objectContaining({ type: 'number' }),
			sourceFileId: expect.objectContaining({ type: 'number' }),
			sourceDocumentId: expect.objectContaining({ type: 'number' }),
			documentName: expect.objectContaining({ type: 'string' }),
		});
	});

	it('calls Listings with offers against the sandbox and returns its records as text', async () => {
		await clearSandboxLog();
		const result = await client.callTool({ name: 'Listings_with_offers', arguments: { agentId: 'AG1001', startDate: SINCE } });
		const text = textOf(result);

		expect({ isError: result.isError ?? false, text: text.slice(0, 200) }).toEqual({ isError: false, text: expect.any(String) });
		// The tool's output items, as a JSON list of their `json`.
		const records = JSON.parse(text) as Array<Record<string, unknown>>;
		expect(records.length).toBeGreaterThan(0);
		expect(records.every((r) => r.agentId === 'AG1001' && typeof r.listingName === 'string' && Number(r.offersCount) > 0)).toBe(true);
		const calls = (await sandboxLog('offers')).filter((e) => e.path.startsWith('/offers-api/ext/agent/'));
		expect(calls.map((e) => ({ request: `${e.method} ${e.path}`, query: e.query, status: e.status }))).toEqual([
			{ request: 'GET /offers-api/ext/agent/AG1001/listings', query: { startDate: SINCE }, status: 200 },
		]);
	});

	it('calls the Forms tool for the signed documents of a file', async () => {
		await clearSandboxLog();
		const result = await client.callTool({ name: 'Signed_documents_of_a_file', arguments: { fileId: 1001 } });

		expect(result.isError ?? false).toBe(false);
		expect(textOf(result)).toMatch(/"documentName"/);
		const calls = (await sandboxLog('forms')).filter((e) => e.path.startsWith('/partner/api/documents/signed/'));
		expect(calls.map((e) => `${e.method} ${e.path} ${e.status}`)).toEqual(['GET /partner/api/documents/signed/1001 200']);
	});

	it('calls the Listings & Sales tool with the limit the client gives', async () => {
		await clearSandboxLog();
		const result = await client.callTool({ name: 'Recent_listings', arguments: { limit: 2 } });

		expect(result.isError ?? false).toBe(false);
		const records = JSON.parse(textOf(result)) as Array<Record<string, unknown>>;
		expect(records).toHaveLength(2);
		expect(records.every((r) => typeof r.listingGuid === 'string')).toBe(true);
		const calls = (await sandboxLog('listings')).filter((e) => e.path.startsWith('/api/files/listings'));
		expect(calls.map((e) => `${e.method} ${e.path} ${e.status}`)).toEqual(['GET /api/files/listings 200']);
	});

	it('a parameter the node refuses comes back as an error naming it, and nothing is sent', async () => {
		await clearSandboxLog();
		const result = await client.callTool({ name: 'Listings_with_offers', arguments: { agentId: '../AG1001', startDate: SINCE } });

		expect(textOf(result)).toMatch(/Agent ID/);
		expect((await sandboxLog('offers')).filter((e) => e.path.startsWith('/offers-api/ext/agent/'))).toEqual([]);
	});
});
