/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports -- dev tooling, never shipped in dist */
import type {
	ICredentialDataDecryptedObject,
	ICredentialType,
	IExecuteFunctions,
	IHttpRequestHelper,
	INodeExecutionData,
	INodeProperties,
	INodeType,
	INodeTypeDescription,
} from 'n8n-workflow';
import { NodeApiError, NodeConnectionTypes } from 'n8n-workflow';

import { runNode } from './index';
import type { TestServer } from './test-server';
import { startTestServer } from './test-server';

/** A throwaway credential: API key in a header, base URL chosen by an expression on $self. */
class EchoApi implements ICredentialType {
	name = 'echoApi';

	displayName = 'Echo API';

	properties: INodeProperties[] = [
		{ displayName: 'Environment', name: 'environment', type: 'options', options: [
			{ name: 'Production', value: 'production' },
			{ name: 'Custom', value: 'custom' },
		], default: 'production' },
		{ displayName: 'Base URL', name: 'baseUrl', type: 'string', default: '' },
		{
			displayName: 'Resolved URL',
			name: 'url',
			type: 'hidden',
			default: '={{$self["environment"] === "custom" ? $self["baseUrl"] : "https://echo.invalid"}}',
		},
		{ displayName: 'API Key', name: 'apiKey', type: 'string', typeOptions: { password: true }, default: '' },
	];

	authenticate = {
		type: 'generic' as const,
		properties: { headers: { 'X-Api-Key': '={{$credentials.apiKey}}' }, qs: { tenant: 'acme' } },
	};
}

/** A throwaway credential with a session obtained by preAuthentication. */
class SessionApi implements ICredentialType {
	name = 'sessionApi';

	displayName = 'Session API';

	properties: INodeProperties[] = [
		{ displayName: 'Base URL', name: 'baseUrl', type: 'string', default: '' },
		{ displayName: 'User', name: 'user', type: 'string', default: '' },
		{
			displayName: 'Session',
			name: 'session',
			type: 'hidden',
			typeOptions: { expirable: true },
			default: '',
		},
	];

	async preAuthentication(this: IHttpRequestHelper, credentials: ICredentialDataDecryptedObject) {
		const response = (await this.helpers.httpRequest({
			method: 'POST',
			url: `${credentials.baseUrl as string}/login`,
			body: { user: credentials.user },
			json: true,
		})) as { session: string };
		return { session: response.session };
	}

	authenticate = {
		type: 'generic' as const,
		properties: { headers: { Session: '={{$credentials.session}}' } },
	};
}

const description = (name: string, credential: string): INodeTypeDescription => ({
	displayName: name,
	name,
	group: ['transform'],
	version: 1,
	description: 'test node',
	defaults: { name },
	inputs: [NodeConnectionTypes.Main],
	outputs: [NodeConnectionTypes.Main],
	credentials: [{ name: credential, required: true }],
	properties: [
		{ displayName: 'Path', name: 'path', type: 'string', default: '/things' },
		{ displayName: 'Retry On', name: 'retryOn', type: 'json', default: '[401]' },
	],
});

/** GETs `path` per item with the credential, as our nodes do. */
function requestingNode(name: string, credential: string, urlField: 'url' | 'baseUrl') {
	return class implements INodeType {
		description = description(name, credential);

		async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
			const items = this.getInputData();
			const out: INodeExecutionData[] = [];
			const credentials = await this.getCredentials(credential);
			for (let i = 0; i < items.length; i++) {
				try {
					const response = (await this.helpers.httpRequestWithAuthentication.call(
						this,
						credential,
						{
							method: 'GET',
							url: `${credentials[urlField] as string}${this.getNodeParameter('path', i) as string}`,
							json: true,
						},
						{ preAuthenticationRetryStatusCode: JSON.parse(this.getNodeParameter('retryOn', i) as string) as number[] },
					)) as Record<string, unknown>;
					out.push({ json: response, pairedItem: { item: i } });
				} catch (error) {
					if (this.continueOnFail()) {
						out.push({ json: { error: (error as Error).message }, pairedItem: { item: i } });
						continue;
					}
					throw error instanceof NodeApiError ? error : new NodeApiError(this.getNode(), { message: String(error) }, { itemIndex: i });
				}
			}
			return [out];
		}
	};
}

describe('runNode', () => {
	let server: TestServer;
	let sessions = 0;
	let validSession = '';

	beforeAll(async () => {
		server = await startTestServer((request) => {
			if (request.path === '/login') {
				sessions += 1;
				validSession = `session-${sessions}`;
				return { body: { session: validSession } };
			}
			if (request.path === '/session-things') {
				if (request.headers.session !== validSession) return { status: 403, body: { message: 'expired' } };
				return { body: { ok: true, session: request.headers.session } };
			}
			if (request.path === '/fail') return { status: 422, body: { message: 'nope' } };
			return { body: { apiKey: request.headers['x-api-key'], tenant: request.query.tenant } };
		});
	});

	afterAll(async () => await server.close());

	it('resolves generic auth headers and $self expressions in credential properties', async () => {
		const result = await runNode({
			node: requestingNode('echo', 'echoApi', 'url'),
			credentialTypes: [EchoApi],
			parameters: { path: '/things' },
			credentials: { echoApi: { environment: 'custom', baseUrl: server.url, apiKey: 'k-123' } },
			input: [{ json: { a: 1 } }, { json: { a: 2 } }],
		});
		expect(result.error).toBeUndefined();
		expect(result.output[0]).toEqual([
			{ json: { apiKey: 'k-123', tenant: 'acme' }, pairedItem: { item: 0 } },
			{ json: { apiKey: 'k-123', tenant: 'acme' }, pairedItem: { item: 1 } },
		]);
	});

	it('runs preAuthentication on first use, then again after a 403 listed as a retry status', async () => {
		sessions = 0;
		const Node = requestingNode('session', 'sessionApi', 'baseUrl');
		const first = await runNode({
			node: Node,
			credentialTypes: [SessionApi],
			parameters: { path: '/session-things', retryOn: '[401, 403]' },
			credentials: { sessionApi: { baseUrl: server.url, user: 'u' } },
		});
		expect(first.error).toBeUndefined();
		expect(first.output[0][0].json).toEqual({ ok: true, session: 'session-1' });
		expect(first.credentials.sessionApi.session).toBe('session-1');

		// the server forgets the session: the stored one now gets a 403
		validSession = 'rotated';
		const second = await runNode({
			node: Node,
			credentialTypes: [SessionApi],
			parameters: { path: '/session-things', retryOn: '[401, 403]' },
			credentials: first.credentials,
		});
		expect(second.error).toBeUndefined();
		expect(second.output[0][0].json).toEqual({ ok: true, session: 'session-2' });
		expect(second.credentials.sessionApi.session).toBe('session-2');
	});
});
