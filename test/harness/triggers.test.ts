import { createHmac } from 'node:crypto';

import type {
	IDataObject,
	IHookFunctions,
	ILoadOptionsFunctions,
	INodeExecutionData,
	INodeListSearchResult,
	INodePropertyOptions,
	INodeType,
	INodeTypeDescription,
	IPollFunctions,
	IWebhookFunctions,
	IWebhookResponseData,
	ResourceMapperFields,
} from 'n8n-workflow';
import { NodeConnectionTypes } from 'n8n-workflow';

import { runMethod, runPoll, runWebhook, runWebhookMethods } from '../../harness/node';
import type { TestServer } from '../../harness/node/test-server';
import { startTestServer } from '../../harness/node/test-server';
import { testCredentialType } from '../../harness/node/test-node';

const FeedApi = testCredentialType(
	'feedApi',
	[
		{ displayName: 'Base URL', name: 'baseUrl', type: 'string', default: '' },
		{ displayName: 'Token', name: 'token', type: 'string', typeOptions: { password: true }, default: '' },
		{ displayName: 'Signing Secret', name: 'signingSecret', type: 'string', typeOptions: { password: true }, default: '' },
	],
	{ authenticate: { type: 'generic', properties: { headers: { Authorization: '=Bearer {{$credentials.token}}' } } } },
);

const base = (name: string): INodeTypeDescription => ({
	displayName: name,
	name,
	group: ['trigger'],
	version: 1,
	description: 'test trigger',
	defaults: { name },
	inputs: [],
	outputs: [NodeConnectionTypes.Main],
	credentials: [{ name: 'feedApi', required: true }],
	properties: [{ displayName: 'Folder', name: 'folder', type: 'string', default: 'inbox' }],
});

/** Emits the feed's entries newer than the last poll; remembers where it got to in static data. */
class FeedTrigger implements INodeType {
	description: INodeTypeDescription = { ...base('feedTrigger'), polling: true };

	async poll(this: IPollFunctions): Promise<INodeExecutionData[][] | null> {
		const state = this.getWorkflowStaticData('node') as { since?: number };
		const { baseUrl } = await this.getCredentials<{ baseUrl: string }>('feedApi');
		const entries = (await this.helpers.httpRequestWithAuthentication.call(this, 'feedApi', {
			url: `${baseUrl}/feed`,
			qs: { since: state.since ?? 0, folder: this.getNodeParameter('folder') as string },
			json: true,
		})) as Array<{ id: number }>;
		if (this.getMode() === 'manual') return entries.length ? [this.helpers.returnJsonArray(entries.slice(0, 1))] : null;
		if (entries.length === 0) return null;
		state.since = Math.max(...entries.map((entry) => entry.id));
		return [this.helpers.returnJsonArray(entries)];
	}
}

/** Subscribes its webhook URL on activation and checks an HMAC signature on delivery. */
class HookTrigger implements INodeType {
	description: INodeTypeDescription = {
		...base('hookTrigger'),
		webhooks: [{ name: 'default', httpMethod: 'POST', responseMode: 'onReceived', path: 'webhook' }],
	};

	webhookMethods = {
		default: {
			async checkExists(this: IHookFunctions): Promise<boolean> {
				return typeof this.getWorkflowStaticData('node').subscriptionId === 'string';
			},
			async create(this: IHookFunctions): Promise<boolean> {
				const { baseUrl } = await this.getCredentials<{ baseUrl: string }>('feedApi');
				const response = (await this.helpers.httpRequestWithAuthentication.call(this, 'feedApi', {
					method: 'POST',
					url: `${baseUrl}/subscriptions`,
					body: { url: this.getNodeWebhookUrl('default') },
					json: true,
				})) as { id: string };
				this.getWorkflowStaticData('node').subscriptionId = response.id;
				return true;
			},
			async delete(this: IHookFunctions): Promise<boolean> {
				delete this.getWorkflowStaticData('node').subscriptionId;
				return true;
			},
		},
	};

	async webhook(this: IWebhookFunctions): Promise<IWebhookResponseData> {
		const { signingSecret } = await this.getCredentials<{ signingSecret: string }>('feedApi');
		const request = this.getRequestObject() as unknown as { rawBody: Buffer };
		const expected = createHmac('sha256', signingSecret).update(request.rawBody).digest('hex');
		if (this.getHeaderData()['x-signature'] !== expected) {
			const res = this.getResponseObject() as unknown as { writeHead(s: number): void; end(b: string): void };
			res.writeHead(401);
			res.end('bad signature');
			return { noWebhookResponse: true };
		}
		const body = this.getBodyData() as IDataObject;
		return {
			workflowData: [this.helpers.returnJsonArray({ ...body, folder: this.getNodeParameter('folder') as string, query: this.getQueryData() as IDataObject })],
		};
	}
}

/** An action node with dynamic parameter methods. */
class Picker implements INodeType {
	description: INodeTypeDescription = {
		...base('picker'),
		group: ['transform'],
		inputs: [NodeConnectionTypes.Main],
		usableAsTool: true,
	};

	methods = {
		listSearch: {
			async searchFiles(this: ILoadOptionsFunctions, filter?: string, paginationToken?: string | number): Promise<INodeListSearchResult> {
				const { baseUrl } = await this.getCredentials<{ baseUrl: string }>('feedApi');
				const page = (await this.helpers.httpRequestWithAuthentication.call(this, 'feedApi', {
					url: `${baseUrl}/files`,
					qs: { q: filter ?? '', page: paginationToken ?? 1 },
					json: true,
				})) as { names: string[]; next?: number };
				return {
					results: page.names.map((name) => ({ name, value: name })),
					...(page.next ? { paginationToken: String(page.next) } : {}),
				};
			},
		},
		resourceMapping: {
			async fields(this: ILoadOptionsFunctions): Promise<ResourceMapperFields> {
				const folder = this.getNodeParameter('folder', 0) as string;
				return {
					fields: [
						{ id: `${folder}.name`, displayName: 'Name', required: true, defaultMatch: false, display: true, type: 'string' },
					],
				};
			},
		},
		loadOptions: {
			async folders(this: ILoadOptionsFunctions): Promise<INodePropertyOptions[]> {
				const folder = this.getCurrentNodeParameter('folder') as string;
				return [{ name: `Current: ${folder}`, value: folder }];
			},
		},
	};

	async execute(this: import('n8n-workflow').IExecuteFunctions): Promise<INodeExecutionData[][]> {
		return [this.getInputData()];
	}
}

describe('triggers and methods', () => {
	let server: TestServer;
	const feed = [{ id: 1 }, { id: 2 }];
	let subscriptions = 0;

	beforeAll(async () => {
		server = await startTestServer((request) => {
			if (request.headers.authorization !== 'Bearer t0k') return { status: 401, body: {} };
			if (request.path === '/feed') return { body: feed.filter((entry) => entry.id > Number(request.query.since)) };
			if (request.path === '/subscriptions') {
				subscriptions += 1;
				return { body: { id: `sub-${subscriptions}`, url: (JSON.parse(request.body) as { url: string }).url } };
			}
			if (request.path === '/files') {
				const all = ['alpha.pdf', 'beta.pdf', 'gamma.pdf'].filter((name) => name.includes(request.query.q));
				return request.query.page === '1' ? { body: { names: all.slice(0, 2), next: 2 } } : { body: { names: all.slice(2) } };
			}
			return { status: 404, body: {} };
		});
	});

	afterAll(async () => await server.close());

	const credentials = () => ({ feedApi: { baseUrl: server.url, token: 't0k', signingSecret: 's3cret' } });

	it('runPoll: polls twice with static data persisted between the calls', async () => {
		const staticData: IDataObject = {};
		const options = { node: FeedTrigger, credentialTypes: [FeedApi], credentials: credentials(), staticData };
		const first = await runPoll({ ...options, mode: 'trigger' });
		expect(first.output?.[0].map((item) => item.json)).toEqual([{ id: 1 }, { id: 2 }]);
		expect(staticData).toEqual({ since: 2 });
		expect(first.staticData).toEqual({ since: 2 });

		expect((await runPoll({ ...options, mode: 'trigger' })).output).toBeNull();
		feed.push({ id: 3 });
		const third = await runPoll({ ...options, mode: 'trigger' });
		expect(third.output?.[0].map((item) => item.json)).toEqual([{ id: 3 }]);
		expect(staticData).toEqual({ since: 3 });
		expect(server.requests.filter((r) => r.path === '/feed').map((r) => r.query)).toEqual([
			{ since: '0', folder: 'inbox' },
			{ since: '2', folder: 'inbox' },
			{ since: '2', folder: 'inbox' },
		]);
	});

	it('runPoll: manual mode sees getMode() === "manual"', async () => {
		const result = await runPoll({ node: FeedTrigger, credentialTypes: [FeedApi], credentials: credentials(), mode: 'manual' });
		expect(result.output?.[0]).toHaveLength(1);
		expect(result.staticData).toEqual({});
	});

	it('manual mode never keeps static data (n8n saves it for production executions only)', async () => {
		const staticData: IDataObject = { kept: true };
		const options = { node: HookTrigger, credentialTypes: [FeedApi], credentials: credentials(), staticData };
		const created = await runWebhookMethods({ ...options, method: 'create', mode: 'manual' });
		expect(created.staticData).toEqual({ kept: true, subscriptionId: expect.any(String) });
		expect(staticData).toEqual({ kept: true });
		expect(created.webhookUrl).toBe('http://127.0.0.1:5678/webhook-test/harness-webhook-id/webhook');
	});

	it('runWebhookMethods: create subscribes the webhook URL, checkExists and delete use static data', async () => {
		const staticData: IDataObject = {};
		const options = { node: HookTrigger, credentialTypes: [FeedApi], credentials: credentials(), staticData };
		expect((await runWebhookMethods({ ...options, method: 'checkExists' })).result).toBe(false);
		const created = await runWebhookMethods({ ...options, method: 'create' });
		expect(created.result).toBe(true);
		expect(created.webhookUrl).toBe('http://127.0.0.1:5678/webhook/harness-webhook-id/webhook');
		const sent = server.requests.filter((r) => r.path === '/subscriptions').pop();
		expect(JSON.parse(sent?.body ?? '{}')).toEqual({ url: created.webhookUrl });
		expect(staticData).toEqual({ subscriptionId: `sub-${subscriptions}` });
		expect((await runWebhookMethods({ ...options, method: 'checkExists' })).result).toBe(true);
		await runWebhookMethods({ ...options, method: 'delete' });
		expect(staticData).toEqual({});
	});

	it('runWebhook: real request and response objects, raw body for signatures, n8n default reply', async () => {
		const body = JSON.stringify({ event: 'signed', fileId: 7 });
		const signature = createHmac('sha256', 's3cret').update(body).digest('hex');
		const options = { node: HookTrigger, credentialTypes: [FeedApi], credentials: credentials() };
		const ok = await runWebhook({
			...options,
			parameters: { folder: 'deals' },
			request: {
				headers: { 'content-type': 'application/json', 'x-signature': signature },
				body,
				query: { a: 'b' },
			},
		});
		expect(ok.workflowData?.[0].map((item) => item.json)).toEqual([
			{ event: 'signed', fileId: 7, folder: 'deals', query: { a: 'b' } },
		]);
		expect(ok.response.status).toBe(200);
		expect(JSON.parse(ok.response.body)).toEqual({ message: 'Workflow was started' });

		const forged = await runWebhook({
			...options,
			request: { headers: { 'x-signature': 'nope' }, body: { event: 'signed' } },
		});
		expect(forged.noWebhookResponse).toBe(true);
		expect(forged.workflowData).toBeUndefined();
		expect(forged.response).toMatchObject({ status: 401, body: 'bad signature' });
	});

	it('runMethod: listSearch with filter and pagination, loadOptions with current parameters', async () => {
		const options = { credentialTypes: [FeedApi], credentials: credentials() };
		const first = await runMethod(Picker, 'listSearch', 'searchFiles', { ...options, filter: 'a' });
		expect(first.result).toEqual({
			results: [
				{ name: 'alpha.pdf', value: 'alpha.pdf' },
				{ name: 'beta.pdf', value: 'beta.pdf' },
			],
			paginationToken: '2',
		});
		const second = await runMethod(Picker, 'listSearch', 'searchFiles', {
			...options,
			filter: 'a',
			paginationToken: first.result.paginationToken,
		});
		expect(second.result.results).toEqual([{ name: 'gamma.pdf', value: 'gamma.pdf' }]);

		const folders = await runMethod(Picker, 'loadOptions', 'folders', { ...options, parameters: { folder: 'deals' } });
		expect(folders.result).toEqual([{ name: 'Current: deals', value: 'deals' }]);

		const mapping = await runMethod(Picker, 'resourceMapping', 'fields', { ...options, parameters: { folder: 'deals' } });
		expect(mapping.result.fields.map((field) => field.id)).toEqual(['deals.name']);
	});
});
