import type { ICredentialType, INodeProperties } from 'n8n-workflow';

/**
 * A minimal stand-in for n8n's own `oAuth2Api` credential (nodes-base, not installed here).
 * It carries the fields n8n-core's requestOAuth2 and the credential helper read, with the same
 * names, defaults and display rules, so that a credential which `extends: ['oAuth2Api']` gets
 * exactly the merged property list it gets inside n8n.
 */
const shownWithoutDcr = { useDynamicClientRegistration: [false] };

export class OAuth2Api implements ICredentialType {
	name = 'oAuth2Api';

	displayName = 'OAuth2 API';

	documentationUrl = 'https://docs.n8n.io/integrations/builtin/credentials/httprequest/';

	genericAuth = true;

	properties: INodeProperties[] = [
		{
			displayName: 'Use Dynamic Client Registration',
			name: 'useDynamicClientRegistration',
			type: 'hidden',
			default: false,
		},
		{
			displayName: 'Grant Type',
			name: 'grantType',
			type: 'options',
			displayOptions: { show: shownWithoutDcr },
			options: [
				{ name: 'Authorization Code', value: 'authorizationCode' },
				{ name: 'Client Credentials', value: 'clientCredentials' },
				{ name: 'PKCE', value: 'pkce' },
			],
			default: 'authorizationCode',
		},
		{
			displayName: 'Server URL',
			name: 'serverUrl',
			type: 'string',
			displayOptions: { show: { useDynamicClientRegistration: [true] } },
			default: '',
			required: true,
		},
		{
			displayName: 'Authorization URL',
			name: 'authUrl',
			type: 'string',
			displayOptions: {
				show: { grantType: ['authorizationCode', 'pkce'], ...shownWithoutDcr },
			},
			default: '',
			required: true,
		},
		{
			displayName: 'Access Token URL',
			name: 'accessTokenUrl',
			type: 'string',
			displayOptions: { show: shownWithoutDcr },
			default: '',
			required: true,
		},
		{
			displayName: 'Client ID',
			name: 'clientId',
			type: 'string',
			displayOptions: { show: shownWithoutDcr },
			default: '',
			required: true,
		},
		{
			displayName: 'Client Secret',
			name: 'clientSecret',
			type: 'string',
			displayOptions: { show: shownWithoutDcr },
			typeOptions: { password: true },
			default: '',
			required: true,
		},
		{
			displayName: 'Scope',
			name: 'scope',
			type: 'string',
			displayOptions: { show: shownWithoutDcr },
			default: '',
		},
		{
			displayName: 'Auth URI Query Parameters',
			name: 'authQueryParameters',
			type: 'string',
			displayOptions: {
				show: { grantType: ['authorizationCode', 'pkce'], ...shownWithoutDcr },
			},
			default: '',
		},
		{
			displayName: 'Authentication',
			name: 'authentication',
			type: 'options',
			displayOptions: { show: shownWithoutDcr },
			options: [
				{ name: 'Body', value: 'body', description: 'Send credentials in body' },
				{ name: 'Header', value: 'header', description: 'Send credentials as Basic Auth header' },
			],
			default: 'header',
		},
		{
			displayName: 'Send Additional Body Properties',
			name: 'sendAdditionalBodyProperties',
			type: 'boolean',
			default: false,
			displayOptions: {
				show: { grantType: ['clientCredentials'], authentication: ['body'], ...shownWithoutDcr },
			},
		},
		{
			displayName: 'Additional Body Properties',
			name: 'additionalBodyProperties',
			type: 'json',
			typeOptions: { rows: 5 },
			displayOptions: {
				show: {
					grantType: ['clientCredentials'],
					authentication: ['body'],
					sendAdditionalBodyProperties: [true],
					...shownWithoutDcr,
				},
			},
			default: '',
		},
		{
			displayName: 'Ignore SSL Issues (Insecure)',
			name: 'ignoreSSLIssues',
			type: 'boolean',
			default: false,
			doNotInherit: true,
		},
		// n8n also has tokenExpiredStatusCode and the JWE fields here; like ignoreSSLIssues they are
		// `doNotInherit`, so no credential extending oAuth2Api ever sees them: left out.
	];
}
