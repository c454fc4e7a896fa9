/* eslint-disable @n8n/community-nodes/no-restricted-imports -- dev tooling, never shipped in dist */
// A stand-in for an OpenAI-compatible model, for the AI Agent tests: an HTTP server on loopback that
// answers POST /v1/chat/completions with scripted replies (tool calls or a final answer) and records
// every request: the tools it was offered and the tool results n8n fed back. Streaming and plain
// answers are both supported, in OpenAI's formats. Nothing is guessed: a request beyond the script, or
// one without the expected API key, is answered with an error and recorded in `errors`.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export type Json = Record<string, unknown>;

/** A tool as the model is offered it (OpenAI's `tools[].function`). */
export interface OfferedTool {
	name: string;
	description: string;
	parameters: Json;
}

export interface ChatMessage {
	role: string;
	content?: unknown;
	tool_calls?: Array<{ id: string; type: string; function: { name: string; arguments: string } }>;
	tool_call_id?: string;
	[key: string]: unknown;
}

/** A tool result n8n gave back to the model (a `role: tool` message), with the tool it answers. */
export interface ToolResult {
	toolCallId: string;
	/** The tool the call went to, from the assistant message that made the call. */
	name: string;
	/** Exactly what the model reads. */
	content: string;
}

export interface ChatRequest {
	model: string;
	stream: boolean;
	messages: ChatMessage[];
	tools: OfferedTool[];
	/** The tool results in this request's conversation, oldest first. */
	toolResults: ToolResult[];
	body: Json;
}

export interface ToolCall {
	name: string;
	arguments: Json;
}

/** One reply of the model: tool calls, or a final answer. */
export type Reply = { toolCalls: ToolCall[] } | { content: string };

/** Makes the reply to one request (the n-th step answers the n-th request). */
export type Step = (request: ChatRequest) => Reply;

export interface FakeLlm {
	/** The base URL an OpenAI credential points at (`…/v1`). */
	baseUrl: string;
	apiKey: string;
	/** Every chat completion request, oldest first. */
	requests: ChatRequest[];
	/** What went wrong (unscripted requests, a wrong API key, a step that threw). */
	errors: string[];
	/** Replaces the script and forgets earlier requests and errors. */
	script(steps: Step[]): void;
	close(): Promise<void>;
}

function readBody(req: IncomingMessage): Promise<string> {
	return new Promise((resolve, reject) => {
		const chunks: Buffer[] = [];
		req.on('data', (c: Buffer) => chunks.push(c));
		req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
		req.on('error', reject);
	});
}

function send(res: ServerResponse, status: number, body: unknown): void {
	res.writeHead(status, { 'content-type': 'application/json' });
	res.end(JSON.stringify(body));
}

function fail(res: ServerResponse, status: number, message: string): void {
	send(res, status, { error: { message, type: 'fake_llm_error', code: null } });
}

function contentText(content: unknown): string {
	if (typeof content === 'string') return content;
	if (Array.isArray(content)) {
		return content.map((part) => (typeof part === 'string' ? part : String((part as Json).text ?? ''))).join('');
	}
	return content === undefined || content === null ? '' : JSON.stringify(content);
}

export function parseRequest(body: Json): ChatRequest {
	const messages = (Array.isArray(body.messages) ? body.messages : []) as ChatMessage[];
	const callNames = new Map<string, string>();
	for (const m of messages) for (const c of m.tool_calls ?? []) callNames.set(c.id, c.function.name);
	const toolResults = messages
		.filter((m) => m.role === 'tool')
		.map((m) => ({
			toolCallId: String(m.tool_call_id),
			name: callNames.get(String(m.tool_call_id)) ?? '(unknown call)',
			content: contentText(m.content),
		}));
	const tools = (Array.isArray(body.tools) ? body.tools : []).map((t) => {
		const f = ((t as Json).function ?? {}) as Json;
		return { name: String(f.name), description: String(f.description ?? ''), parameters: (f.parameters ?? {}) as Json };
	});
	return { model: String(body.model), stream: body.stream === true, messages, tools, toolResults, body };
}

/**
 * The records a tool result carries: n8n gives the model a tool node's output items as a JSON list
 * of their `json`. Anything else is an error showing what came.
 */
export function recordsOf(result: ToolResult): Json[] {
	let parsed: unknown;
	try {
		parsed = JSON.parse(result.content);
	} catch {
		parsed = undefined;
	}
	if (!Array.isArray(parsed) || !parsed.every((r) => r && typeof r === 'object' && !Array.isArray(r))) {
		throw new Error(`the result of ${result.name} is not a JSON list of records: ${result.content.slice(0, 300)}`);
	}
	return parsed as Json[];
}

let seq = 0;

function completion(model: string, reply: Reply): Json {
	const id = `chatcmpl-fake-${++seq}`;
	const message =
		'toolCalls' in reply
			? {
					role: 'assistant',
					content: null,
					tool_calls: reply.toolCalls.map((c, i) => ({
						id: `call_${seq}_${i}`,
						type: 'function',
						function: { name: c.name, arguments: JSON.stringify(c.arguments) },
					})),
				}
			: { role: 'assistant', content: reply.content };
	return {
		id,
		object: 'chat.completion',
		created: Math.floor(Date.now() / 1000),
		model,
		choices: [{ index: 0, message, logprobs: null, finish_reason: 'toolCalls' in reply ? 'tool_calls' : 'stop' }],
		usage: { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 },
	};
}

/** The same completion as server-sent chunks: the whole message in one delta, then the finish. */
function streamCompletion(res: ServerResponse, whole: Json): void {
	const choice = (whole.choices as Json[])[0];
	const message = choice.message as Json;
	const delta: Json = { role: 'assistant', content: message.content ?? null };
	if (message.tool_calls) {
		delta.tool_calls = (message.tool_calls as Json[]).map((c, index) => ({ index, ...c }));
	}
	const chunk = (choices: Json[], extra: Json = {}) =>
		`data: ${JSON.stringify({ id: whole.id, object: 'chat.completion.chunk', created: whole.created, model: whole.model, choices, ...extra })}\n\n`;
	res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
	res.write(chunk([{ index: 0, delta, finish_reason: null }]));
	res.write(chunk([{ index: 0, delta: {}, finish_reason: choice.finish_reason }]));
	res.write(chunk([], { usage: whole.usage }));
	res.end('data: [DONE]\n\n');
}

export async function startFakeLlm(apiKey = 'sk-fake-llm-for-tests'): Promise<FakeLlm> {
	let steps: Step[] = [];
	const llm: FakeLlm = {
		baseUrl: '',
		apiKey,
		requests: [],
		errors: [],
		script(next: Step[]) {
			steps = next;
			llm.requests.length = 0;
			llm.errors.length = 0;
		},
		close: async () => {},
	};
	const server = createServer((req, res) => {
		void (async () => {
			const path = (req.url ?? '').split('?')[0];
			if (req.headers.authorization !== `Bearer ${apiKey}`) {
				llm.errors.push(`${req.method} ${path} without the expected API key`);
				return fail(res, 401, 'Incorrect API key provided.');
			}
			if (req.method === 'GET' && path === '/v1/models') {
				return send(res, 200, { object: 'list', data: [{ id: 'fake-model', object: 'model', created: 0, owned_by: 'tests' }] });
			}
			if (req.method !== 'POST' || path !== '/v1/chat/completions') {
				llm.errors.push(`unexpected ${req.method} ${path}`);
				return fail(res, 404, `No route ${req.method} ${path}`);
			}
			const request = parseRequest(JSON.parse(await readBody(req)) as Json);
			llm.requests.push(request);
			const step = steps[llm.requests.length - 1];
			if (!step) {
				llm.errors.push(`request ${llm.requests.length} has no scripted reply`);
				return fail(res, 400, `The fake model has no reply scripted for request ${llm.requests.length}.`);
			}
			let reply: Reply;
			try {
				reply = step(request);
			} catch (error) {
				llm.errors.push(`step ${llm.requests.length}: ${(error as Error).message}`);
				return fail(res, 400, `The fake model's step ${llm.requests.length} failed: ${(error as Error).message}`);
			}
			const whole = completion(request.model, reply);
			if (request.stream) streamCompletion(res, whole);
			else send(res, 200, whole);
		})().catch((error: Error) => {
			llm.errors.push(error.message);
			if (!res.headersSent) fail(res, 500, error.message);
		});
	});
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
	llm.baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
	llm.close = () =>
		new Promise<void>((resolve) => {
			server.closeAllConnections();
			server.close(() => resolve());
		});
	return llm;
}

/**
 * The stand-in with an n8n OpenAI credential pointing at it, created through n8n's API (either
 * n8n line); `close` stops the stand-in and removes the credential.
 */
export async function startModelStandIn(
	api: <T>(method: string, path: string, body?: unknown) => Promise<T>,
	name: string,
): Promise<{ llm: FakeLlm; credential: { id: string; name: string }; close(): Promise<void> }> {
	const llm = await startFakeLlm();
	const created = await api<{ id: string }>('POST', '/credentials', {
		name,
		type: 'openAiApi',
		data: { apiKey: llm.apiKey, url: llm.baseUrl, header: false },
	}).catch(async (error: Error) => {
		// Nothing left listening: a server left open keeps jest from exiting.
		await llm.close();
		throw error;
	});
	return {
		llm,
		credential: { id: created.id, name },
		close: async () => {
			await llm.close();
			await api('DELETE', `/credentials/${created.id}`).catch(() => undefined);
		},
	};
}
