import type {
	ICredentialDataDecryptedObject,
	ICredentialTestRequest,
	ICredentialType,
	IDataObject,
	IExecuteFunctions,
	IHttpRequestHelper,
	INodeExecutionData,
	INodeProperties,
	INodeType,
	INodeTypeDescription,
} from 'n8n-workflow';
import { NodeApiError, NodeConnectionTypes } from 'n8n-workflow';

import { binary, readBinary, resolveCredentials, runNode, testCredential } from '../../harness/node';
import type { TestServer } from '../../harness/node/test-server';
import { startTestServer } from '../../harness/node/test-server';

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

	test: ICredentialTestRequest = {
		request: { baseURL: '={{$credentials.url}}', url: '/me' },
		rules: [{ type: 'responseCode', properties: { value: 401, message: 'Wrong API key' } }],
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

	test: ICredentialTestRequest = {
		request: { baseURL: '={{$credentials.baseUrl}}', url: '/session-things' },
	};
}

/** A throwaway OAuth2 client-credentials credential, Basic auth at the token URL. */
class TokenApi implements ICredentialType {
	name = 'tokenApi';

	displayName = 'Token API';

	extends = ['oAuth2Api'];

	properties: INodeProperties[] = [
		{ displayName: 'Grant Type', name: 'grantType', type: 'hidden', default: 'clientCredentials' },
		{ displayName: 'Base URL', name: 'baseUrl', type: 'string', default: '' },
		{
			displayName: 'Access Token URL',
			name: 'accessTokenUrl',
			type: 'hidden',
			default: '={{$self["baseUrl"]}}/token',
		},
		{ displayName: 'Scope', name: 'scope', type: 'hidden', default: 'things.read' },
		{ displayName: 'Authentication', name: 'authentication', type: 'hidden', default: 'header' },
	];
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
					)) as IDataObject;
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
			if (request.path === '/me') {
				return request.headers['x-api-key'] === 'good' ? { body: { me: 1 } } : { status: 401, body: {} };
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

	describe('OAuth2 client credentials', () => {
		let tokenServer: TestServer;
		let issued = 0;
		let current = '';

		beforeAll(async () => {
			tokenServer = await startTestServer((request) => {
				if (request.path === '/token') {
					issued += 1;
					current = `token-${issued}`;
					return { body: { access_token: current, token_type: 'Bearer', expires_in: 3600 } };
				}
				if (request.headers.authorization !== `Bearer ${current}`) return { status: 401, body: {} };
				return { body: { auth: request.headers.authorization } };
			});
		});

		afterAll(async () => await tokenServer.close());

		it('fetches a token once, signs every request, and renews it on a 401', async () => {
			const Node = requestingNode('oauth', 'tokenApi', 'baseUrl');
			const options = {
				node: Node,
				credentialTypes: [TokenApi],
				parameters: { path: '/things' },
			};
			const first = await runNode({
				...options,
				credentials: { tokenApi: { baseUrl: tokenServer.url, clientId: 'id', clientSecret: 'secret' } },
				input: [{ json: {} }, { json: {} }],
			});
			expect(first.error).toBeUndefined();
			expect(first.output[0].map((item) => item.json.auth)).toEqual(['Bearer token-1', 'Bearer token-1']);
			expect(issued).toBe(1);
			const tokenRequest = tokenServer.requests.find((request) => request.path === '/token');
			expect(tokenRequest?.headers.authorization).toBe(
				`Basic ${Buffer.from('id:secret').toString('base64')}`,
			);
			expect(tokenRequest?.body).toContain('grant_type=client_credentials');
			expect(first.credentials.tokenApi.oauthTokenData).toMatchObject({ access_token: 'token-1' });

			// the service revokes the token: the next run gets a 401, renews, retries once
			current = 'revoked';
			const second = await runNode({ ...options, credentials: first.credentials });
			expect(second.error).toBeUndefined();
			expect(second.output[0][0].json.auth).toBe('Bearer token-2');
			expect(second.credentials.tokenApi.oauthTokenData).toMatchObject({ access_token: 'token-2' });
		});
	});

	it('with continueOnFail, yields an error item with pairedItem instead of failing', async () => {
		const options = {
			node: requestingNode('echo', 'echoApi', 'url'),
			credentialTypes: [EchoApi],
			parameters: { path: '/fail' },
			credentials: { echoApi: { environment: 'custom', baseUrl: server.url, apiKey: 'k' } },
		};
		const failed = await runNode(options);
		expect(failed.output).toEqual([]);
		expect(failed.error).toMatchObject({ name: 'NodeApiError', httpCode: '422' });

		const continued = await runNode({ ...options, continueOnFail: true });
		expect(continued.error).toBeUndefined();
		expect(continued.output[0]).toHaveLength(1);
		expect(continued.output[0][0].pairedItem).toEqual({ item: 0 });
		expect(continued.output[0][0].json.error).toEqual(expect.any(String));
	});

	it('when a node throws with continueOnFail set, n8n passes the input items through', async () => {
		class Thrower implements INodeType {
			description: INodeTypeDescription = { ...description('thrower', 'echoApi'), credentials: [], usableAsTool: true };

			async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
				throw new NodeApiError(this.getNode(), { message: 'boom' }, { itemIndex: 0 });
			}
		}
		const result = await runNode({ node: Thrower, continueOnFail: true, input: [{ json: { a: 1 } }] });
		// n8n's WorkflowExecute: a thrown error with "On Error: Continue" forwards the input items;
		// error items ({ json: { error } }) only appear when the node builds them itself. The run
		// data still records the error.
		expect(result.error).toMatchObject({ name: 'NodeApiError', message: 'boom' });
		expect(result.output[0]).toEqual([{ json: { a: 1 }, pairedItem: { item: 0 } }]);
	});

	it('reads binary input and writes binary output through the binary data service', async () => {
		class Upper implements INodeType {
			description: INodeTypeDescription = { ...description('upper', 'echoApi'), credentials: [], usableAsTool: true };

			async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
				const items = this.getInputData();
				const out: INodeExecutionData[] = [];
				for (let i = 0; i < items.length; i++) {
					const source = this.helpers.assertBinaryData(i, 'data');
					const buffer = await this.helpers.getBinaryDataBuffer(i, 'data');
					const upper = Buffer.from(buffer.toString('utf8').toUpperCase(), 'utf8');
					out.push({
						json: { sourceName: source.fileName ?? '' },
						binary: { data: await this.helpers.prepareBinaryData(upper, 'UPPER.txt', 'text/plain') },
						pairedItem: { item: i },
					});
				}
				return [out];
			}
		}
		const result = await runNode({
			node: Upper,
			input: [{ json: {}, binary: { data: binary('hello pdf', 'a.txt', 'text/plain') } }],
		});
		expect(result.error).toBeUndefined();
		const [item] = result.output[0];
		expect(item.json).toEqual({ sourceName: 'a.txt' });
		expect(item.binary?.data).toMatchObject({ fileName: 'UPPER.txt', mimeType: 'text/plain' });
		expect((await readBinary(item)).toString('utf8')).toBe('HELLO PDF');
	});

	describe('testCredential', () => {
		it('sends the test request with generic auth and applies responseCode rules', async () => {
			const data = { environment: 'custom', baseUrl: server.url };
			expect(await testCredential(EchoApi, { ...data, apiKey: 'good' })).toMatchObject({
				status: 'OK',
				message: 'Connection successful!',
			});
			expect(await testCredential(EchoApi, { ...data, apiKey: 'bad' })).toMatchObject({
				status: 'Error',
				message: 'Wrong API key',
			});
		});

		it('always runs preAuthentication for a test, and keeps the session', async () => {
			const before = sessions;
			const result = await testCredential(SessionApi, {
				baseUrl: server.url,
				user: 'u',
				session: 'stale-but-present',
			});
			expect(result.status).toBe('OK');
			expect(sessions).toBe(before + 1);
			expect(result.credentials.sessionApi.session).toBe(`session-${sessions}`);
		});

		it('reports a connection failure by its code', async () => {
			const result = await testCredential(EchoApi, {
				environment: 'custom',
				baseUrl: 'http://127.0.0.1:1',
				apiKey: 'good',
			});
			expect(result).toMatchObject({ status: 'Error', message: 'ECONNREFUSED' });
		});
	});

	it('resolveCredentials gives what getCredentials() would: defaults, inherited oAuth2Api fields, $self', async () => {
		expect(await resolveCredentials(EchoApi, { apiKey: 'k' })).toEqual({
			environment: 'production',
			baseUrl: '',
			url: 'https://echo.invalid',
			apiKey: 'k',
		});
		const token = await resolveCredentials(TokenApi, { baseUrl: 'http://h', clientId: 'c', clientSecret: 's', accessTokenUrl: 'http://ignored' });
		expect(token).toMatchObject({
			grantType: 'clientCredentials',
			accessTokenUrl: 'http://h/token',
			scope: 'things.read',
			authentication: 'header',
			clientId: 'c',
		});
		expect(token).not.toHaveProperty('authUrl'); // shown for authorizationCode / pkce only
	});

	it('nodeOutput shows what execute() returned before n8n fills in pairedItem', async () => {
		class Lazy implements INodeType {
			description: INodeTypeDescription = { ...description('lazy', 'echoApi'), credentials: [], usableAsTool: true };

			async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
				return [this.getInputData().map((item) => ({ json: { seen: item.json.n } }))];
			}
		}
		const result = await runNode({ node: Lazy, input: [{ json: { n: 1 } }, { json: { n: 2 } }] });
		expect(result.output[0]).toEqual([
			{ json: { seen: 1 }, pairedItem: { item: 0 } },
			{ json: { seen: 2 }, pairedItem: { item: 1 } },
		]);
		expect(result.nodeOutput).toEqual([[{ json: { seen: 1 } }, { json: { seen: 2 } }]]);
	});
});
