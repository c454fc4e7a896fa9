/* eslint-disable @n8n/community-nodes/no-restricted-imports -- dev tooling, never shipped in dist */
import { createServer } from 'node:http';
import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

import { HookContext, PollContext, WebhookContext } from 'n8n-core';
import type {
	ICredentialDataDecryptedObject,
	IDataObject,
	IHttpRequestMethods,
	INodeExecutionData,
	IWebhookData,
	IWebhookResponseData,
	WebhookType,
	WorkflowActivateMode,
	WorkflowExecuteMode,
} from 'n8n-workflow';
import { UnexpectedError } from 'n8n-workflow';

import type { BaseOptions, Prepared } from './context';
import { prepare, storedCredentials, syncStaticData } from './context';

export interface TriggerResultBase {
	/**
	 * The node's static data after the call. Also written back into `options.staticData`, except
	 * in 'manual' mode: n8n keeps static data only for production (active workflow) executions.
	 */
	staticData: IDataObject;
	/** Stored credential data after the call, by type. */
	credentials: Record<string, ICredentialDataDecryptedObject>;
}

export interface RunPollOptions extends BaseOptions {
	/** 'manual' = the editor's "Fetch Test Event"; 'trigger' = an active workflow's scheduled poll. */
	mode?: 'manual' | 'trigger';
	/** What `getPollBudgetMs()` answers (n8n: 5 minutes classic, 36 s durable); unset: n8n-core's default. */
	pollBudgetMs?: number;
}

/**
 * The workflow a static data object belongs to: an object not seen before is a trigger of its own
 * (its own workflow id), as every workflow is in n8n, so that what the triggers keep in this
 * process for one (nodes/SkySlope/shared/pollRuntime.ts, webhookClaims.ts) is never another's. A restart of
 * n8n is a fresh copy of the node's modules (test/process.ts), not a new id.
 */
const workflowIds = new WeakMap<object, string>();
let workflows = 0;
function workflowIdOf(staticData: IDataObject | undefined): string | undefined {
	if (!staticData) return undefined;
	const id = workflowIds.get(staticData) ?? `harness-workflow-${++workflows}`;
	workflowIds.set(staticData, id);
	return id;
}

/** A copy of a workflow's static data that stays that workflow's: n8n's own copy for each of its webhook requests. */
export function copyOfStaticData(staticData: IDataObject): IDataObject {
	const copy = structuredClone(staticData);
	workflowIds.set(copy, workflowIdOf(staticData) as string);
	return copy;
}

export interface RunPollResult extends TriggerResultBase {
	/** What poll() returned: the items to start a run with, or null for "nothing new". */
	output: INodeExecutionData[][] | null;
}

/**
 * Calls a polling trigger's poll() with n8n-core's PollContext. Pass the same `staticData`
 * object to successive calls to poll twice the way an active workflow does.
 */
export async function runPoll(options: RunPollOptions): Promise<RunPollResult> {
	const mode: WorkflowExecuteMode = options.mode ?? 'manual';
	const prepared = prepareTrigger(options, mode);
	const { workflow, node, nodeType, additionalData } = prepared;
	const activation: WorkflowActivateMode = mode === 'manual' ? 'manual' : 'activate';
	if (!nodeType.poll) throw new UnexpectedError(`${node.type} has no poll()`);
	const budget = options.pollBudgetMs;
	const context =
		budget === undefined
			? new PollContext(workflow, node, additionalData, mode, activation)
			: new PollContext(workflow, node, additionalData, mode, activation, undefined, undefined, undefined, undefined, undefined, () => budget);
	const output = await nodeType.poll.call(context);
	return { output, ...finish(prepared, options, mode) };
}

/**
 * n8n saves node static data only for production executions (an active workflow's trigger or
 * webhook), never for manual ones: in 'manual' mode the node works on a copy, and the caller's
 * object is left as it was (the result's `staticData` still shows what the node wrote).
 */
function prepareTrigger(options: BaseOptions, mode: WorkflowExecuteMode): Prepared {
	const staticData =
		mode === 'manual' && options.staticData ? structuredClone(options.staticData) : options.staticData;
	return prepare({ ...options, staticData, workflowId: options.workflowId ?? workflowIdOf(options.staticData) });
}

function finish(prepared: Prepared, options: BaseOptions, mode: WorkflowExecuteMode): TriggerResultBase {
	return {
		staticData: syncStaticData(prepared, mode === 'manual' ? undefined : options.staticData),
		credentials: storedCredentials(prepared.store),
	};
}

function webhookData(prepared: Prepared, webhookName: string, isTest: boolean): IWebhookData {
	const { workflow, node, nodeType, additionalData } = prepared;
	const description = (nodeType.description.webhooks ?? []).find(
		(webhook) => webhook.name === webhookName,
	);
	if (!description) throw new UnexpectedError(`${node.type} has no webhook named "${webhookName}"`);
	const httpMethod = workflow.expression.getSimpleParameterValue(
		node,
		description.httpMethod,
		'internal',
		{},
		undefined,
		'POST',
	) as IHttpRequestMethods;
	const path = workflow.expression.getSimpleParameterValue(
		node,
		description.path,
		'internal',
		{},
		undefined,
		'',
	) as string;
	return {
		httpMethod,
		node: node.name,
		path,
		webhookDescription: description,
		workflowId: workflow.id,
		workflowExecuteAdditionalData: additionalData,
		webhookId: node.webhookId,
		isTest,
	};
}

export type WebhookMethod = 'checkExists' | 'create' | 'delete';

/** n8n's webhook names for webhookMethods: 'default', or 'setup'. */
export type WebhookName = WebhookType;

export interface RunWebhookMethodsOptions extends BaseOptions {
	method: WebhookMethod;
	/** Which of the node's webhooks; 'default' unless the node declares others. */
	webhookName?: WebhookName;
	/** 'trigger' (an activated workflow, the default) or 'manual' (the editor's test listener). */
	mode?: 'manual' | 'trigger';
}

export interface RunWebhookMethodsResult extends TriggerResultBase {
	/** What the method returned (checkExists: whether the subscription exists; create/delete: success). */
	result: boolean;
	/** The URL n8n gives the service for this webhook (getNodeWebhookUrl('default')). */
	webhookUrl: string | undefined;
}

/**
 * Calls one of `webhookMethods[webhookName]` (checkExists / create / delete) with n8n-core's
 * HookContext, as n8n does when a workflow is activated or deactivated.
 */
export async function runWebhookMethods(
	options: RunWebhookMethodsOptions,
): Promise<RunWebhookMethodsResult> {
	const mode: WorkflowExecuteMode = options.mode ?? 'trigger';
	const prepared = prepareTrigger(options, mode);
	const { workflow, node, nodeType, additionalData } = prepared;
	const webhookName: WebhookName = options.webhookName ?? 'default';
	const activation: WorkflowActivateMode = mode === 'manual' ? 'manual' : 'activate';
	const method = nodeType.webhookMethods?.[webhookName]?.[options.method];
	if (!method) {
		throw new UnexpectedError(`${node.type} has no webhookMethods.${webhookName}.${options.method}`);
	}
	const data = webhookData(prepared, webhookName, mode === 'manual');
	const context = new HookContext(workflow, node, additionalData, mode, activation, data);
	const result = await method.call(context);
	return {
		result,
		webhookUrl: context.getNodeWebhookUrl(webhookName),
		...finish(prepared, options, mode),
	};
}

export interface WebhookRequest {
	method?: IHttpRequestMethods;
	headers?: Record<string, string>;
	/** An object is sent as JSON; a string or Buffer is sent as is (set content-type yourself). */
	body?: IDataObject | IDataObject[] | string | Buffer;
	query?: Record<string, string>;
	/** Path parameters, as n8n's router would extract them. */
	params?: Record<string, string>;
}

export interface RunWebhookOptions extends BaseOptions {
	request: WebhookRequest;
	webhookName?: string;
	/**
	 * 'webhook' (default): a production call to an active workflow, n8n's execution mode 'webhook'
	 * (static data kept); 'manual': the editor's test URL. 'trigger' is accepted as 'webhook'.
	 */
	mode?: 'manual' | 'webhook' | 'trigger';
}

export interface RunWebhookResult extends TriggerResultBase, IWebhookResponseData {
	/** What the caller (the service) got back over HTTP. */
	response: { status: number; headers: IncomingHttpHeaders; body: string };
}

/** The request object a webhook node sees: Node's IncomingMessage plus what n8n's parsers add. */
type WebhookRequestObject = IncomingMessage & {
	body: unknown;
	rawBody: Buffer;
	query: Record<string, string>;
	params: Record<string, string>;
};

function parseBody(raw: Buffer, contentType: string | undefined): unknown {
	if (raw.length === 0) return {};
	const type = (contentType ?? '').split(';')[0].trim().toLowerCase();
	if (type === 'application/json' || type.endsWith('+json')) {
		return JSON.parse(raw.toString('utf8')) as unknown;
	}
	if (type === 'application/x-www-form-urlencoded') {
		return Object.fromEntries(new URLSearchParams(raw.toString('utf8')).entries());
	}
	if (type.startsWith('text/')) return raw.toString('utf8');
	return {};
}

/**
 * Delivers one HTTP request to a webhook trigger's webhook() the way n8n's webhook server does:
 * a real HTTP request reaches a local server, whose request (body parsed, rawBody kept, query
 * and params set) and response objects back n8n-core's WebhookContext. When the node has not
 * answered itself, the server answers like n8n's "Respond: Immediately" (webhookResponse, or
 * `{"message":"Workflow was started"}`).
 */
export async function runWebhook(options: RunWebhookOptions): Promise<RunWebhookResult> {
	const mode: WorkflowExecuteMode = options.mode === 'manual' ? 'manual' : 'webhook';
	const prepared = prepareTrigger(options, mode);
	const { workflow, node, nodeType, additionalData } = prepared;
	const webhookName = options.webhookName ?? 'default';
	if (!nodeType.webhook) throw new UnexpectedError(`${node.type} has no webhook()`);
	const webhook = nodeType.webhook;
	const data = webhookData(prepared, webhookName, mode === 'manual');

	let nodeResult: IWebhookResponseData | undefined;
	let nodeError: unknown;
	const server = createServer((incoming: IncomingMessage, res: ServerResponse) => {
		const chunks: Buffer[] = [];
		incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
		incoming.on('end', () => {
			void (async () => {
				try {
					const req = incoming as WebhookRequestObject;
					req.rawBody = Buffer.concat(chunks);
					req.body = parseBody(req.rawBody, req.headers['content-type']);
					req.query = Object.fromEntries(new URL(req.url ?? '/', 'http://127.0.0.1').searchParams);
					req.params = options.request.params ?? {};
					additionalData.httpRequest = req as unknown as typeof additionalData.httpRequest;
					additionalData.httpResponse = res as unknown as typeof additionalData.httpResponse;
					const context = new WebhookContext(workflow, node, additionalData, mode, data, [], null);
					nodeResult = await webhook.call(context);
					if (!res.headersSent && !res.writableEnded && nodeResult.noWebhookResponse !== true) {
						const body = nodeResult.webhookResponse ?? { message: 'Workflow was started' };
						const text = typeof body === 'string' ? body : JSON.stringify(body);
						res.writeHead(200, {
							'content-type': typeof body === 'string' ? 'text/plain' : 'application/json',
						});
						res.end(text);
					}
				} catch (error) {
					nodeError = error;
					if (!res.headersSent) {
						res.writeHead(500, { 'content-type': 'application/json' });
						res.end(JSON.stringify({ message: (error as Error).message }));
					}
				}
			})();
		});
	});
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
	try {
		const { port } = server.address() as AddressInfo;
		const url = new URL(`http://127.0.0.1:${port}/webhook/${data.path}`);
		for (const [key, value] of Object.entries(options.request.query ?? {})) {
			url.searchParams.set(key, value);
		}
		const { body } = options.request;
		const headers: Record<string, string> = { ...options.request.headers };
		let payload: string | Buffer | undefined;
		if (typeof body === 'string' || Buffer.isBuffer(body)) {
			payload = body;
		} else if (body !== undefined) {
			payload = JSON.stringify(body);
			if (!Object.keys(headers).some((key) => key.toLowerCase() === 'content-type')) {
				headers['content-type'] = 'application/json';
			}
		}
		const response = await fetch(url, {
			method: options.request.method ?? data.httpMethod,
			headers,
			body: payload === undefined ? undefined : new Uint8Array(payload instanceof Buffer ? payload : Buffer.from(payload)),
		});
		const text = await response.text();
		if (nodeError !== undefined) throw nodeError;
		return {
			...(nodeResult ?? {}),
			response: {
				status: response.status,
				headers: Object.fromEntries(response.headers.entries()),
				body: text,
			},
			...finish(prepared, options, mode),
		};
	} finally {
		server.closeAllConnections();
		await new Promise<void>((resolve) => server.close(() => resolve()));
	}
}
