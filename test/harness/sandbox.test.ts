/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports -- dev tooling, never shipped in dist */
import type {
	ICredentialType,
	IDataObject,
	IExecuteFunctions,
	INodeExecutionData,
	INodeProperties,
	INodeType,
	INodeTypeDescription,
} from 'n8n-workflow';
import { NodeConnectionTypes } from 'n8n-workflow';

import { startSandbox, type SandboxServer } from '../../sandbox';
import { SANDBOX_CLIENT_ID, SANDBOX_CLIENT_SECRET } from '../../sandbox/forms';
import { obtainFormsToken, runNode } from './index';

/** A throwaway PKCE credential shaped like the Forms one: oAuth2Api with grantType pkce. */
class PkceApi implements ICredentialType {
	name = 'pkceApi';

	displayName = 'PKCE API';

	extends = ['oAuth2Api'];

	properties: INodeProperties[] = [
		{ displayName: 'Grant Type', name: 'grantType', type: 'hidden', default: 'pkce' },
		{ displayName: 'Base URL', name: 'baseUrl', type: 'string', default: '' },
		{ displayName: 'Authorization URL', name: 'authUrl', type: 'hidden', default: '={{$self["baseUrl"]}}/oauth2/authorize' },
		{ displayName: 'Access Token URL', name: 'accessTokenUrl', type: 'hidden', default: '={{$self["baseUrl"]}}/oauth2/token' },
		{ displayName: 'Scope', name: 'scope', type: 'hidden', default: 'forms.files.read offline_access' },
		{ displayName: 'Authentication', name: 'authentication', type: 'hidden', default: 'body' },
	];
}

class Profile implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Profile',
		name: 'profile',
		group: ['transform'],
		version: 1,
		description: 'reads the user profile',
		defaults: { name: 'Profile' },
		usableAsTool: true,
		inputs: [NodeConnectionTypes.Main],
		outputs: [NodeConnectionTypes.Main],
		credentials: [{ name: 'pkceApi', required: true }],
		properties: [],
	};

	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		const { baseUrl } = await this.getCredentials<{ baseUrl: string }>('pkceApi');
		const profile = (await this.helpers.httpRequestWithAuthentication.call(this, 'pkceApi', {
			url: `${baseUrl}/partner/api/users/profile`,
			json: true,
		})) as IDataObject;
		return [[{ json: profile, pairedItem: { item: 0 } }]];
	}
}

describe('harness against the sandbox', () => {
	let sandbox: SandboxServer;

	beforeAll(async () => {
		sandbox = await startSandbox({ port: 0 });
	});
	afterAll(async () => await sandbox.close());

	it('obtainFormsToken runs authorization code + PKCE; the token works and is refreshed after expiry', async () => {
		const oauthTokenData = await obtainFormsToken(sandbox.baseUrl, {
			clientId: SANDBOX_CLIENT_ID,
			clientSecret: SANDBOX_CLIENT_SECRET,
			scopes: ['forms.files.read', 'offline_access'],
		});
		expect(oauthTokenData).toMatchObject({
			access_token: expect.any(String),
			refresh_token: expect.any(String),
			token_type: 'Bearer',
		});

		const credentials = {
			pkceApi: {
				baseUrl: `${sandbox.baseUrl}/forms`,
				clientId: SANDBOX_CLIENT_ID,
				clientSecret: SANDBOX_CLIENT_SECRET,
				oauthTokenData,
			},
		};
		const first = await runNode({ node: Profile, credentialTypes: [PkceApi], credentials });
		expect(first.error).toBeUndefined();
		expect(first.output[0][0].json).toEqual(expect.any(Object));
		expect(first.credentials.pkceApi.oauthTokenData).toEqual(oauthTokenData);

		sandbox.expireAuth('forms');
		const second = await runNode({ node: Profile, credentialTypes: [PkceApi], credentials: first.credentials });
		expect(second.error).toBeUndefined();
		const renewed = second.credentials.pkceApi.oauthTokenData as IDataObject;
		expect(renewed.access_token).not.toBe(oauthTokenData.access_token);
		expect(renewed.refresh_token).not.toBe(oauthTokenData.refresh_token);
		expect(sandbox.requests('forms', 'POST', /oauth2\/token$/)).toHaveLength(2);
	});

	it('obtainFormsToken reports a refused authorization', async () => {
		await expect(
			obtainFormsToken(sandbox.baseUrl, { clientId: SANDBOX_CLIENT_ID, clientSecret: 'x', scopes: ['no.such.scope'] }),
		).rejects.toThrow(/invalid_scope/);
	});
});
