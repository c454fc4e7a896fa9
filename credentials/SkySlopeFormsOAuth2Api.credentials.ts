import type { ICredentialType, Icon, INodeProperties } from 'n8n-workflow';

import { environmentProperties } from '../nodes/SkySlope/shared/environment';
import {
	API_PATH,
	AUTHORIZE_URL_EXPRESSION,
	HOSTS,
	ISSUER_EXAMPLE,
	SERVICE_URL_EXPRESSION,
	TOKEN_URL_EXPRESSION,
} from '../nodes/SkySlope/forms/service';

/** The scopes asked for when none are picked. */
const DEFAULT_SCOPES = [
	'forms.files',
	'forms.documents',
	'forms.templates.read',
	'forms.forms.read',
	'forms.libraries.read',
	'forms.webhooks',
	'forms.mls.import',
];

/**
 * SkySlope Forms: OAuth 2.0 authorization code with PKCE (S256). n8n sends the user to
 * `{accounts}/oauth2/authorize`, exchanges the code at `{accounts}/oauth2/token`, and refreshes the
 * token with `offline_access` (always requested) when a call answers 401.
 *
 * Nodes read `apiBaseUrl` (`{base_url}/partner/api`, no trailing slash) from the credential. Hosts
 * and URL rules come from the service module, which the transport reads too.
 */
export class SkySlopeFormsOAuth2Api implements ICredentialType {
	name = 'skySlopeFormsOAuth2Api';

	extends = ['oAuth2Api'];

	displayName = 'SkySlope Forms OAuth2 API';

	icon: Icon = { light: 'file:skySlopeFormsOAuth2Api.svg', dark: 'file:skySlopeFormsOAuth2Api.dark.svg' };

	documentationUrl = 'https://github.com/n8n-nodes-skyslope/n8n-nodes-skyslope/blob/main/docs/forms-credential.md';

	properties: INodeProperties[] = [
		{
			displayName: 'Grant Type',
			name: 'grantType',
			type: 'hidden',
			default: 'pkce',
		},
		...environmentProperties(HOSTS, {
			placeholder: 'e.g. http://127.0.0.1:4010/forms',
			description: 'The Forms service address; API calls go to this address followed by /partner/api',
		}),
		{
			displayName: 'Authorization Server',
			name: 'authServer',
			type: 'options',
			options: [
				{
					name: 'SkySlope Accounts',
					value: 'accounts',
					description: 'Older apps: accounts.skyslope.com (or the Accounts URL of a custom environment)',
				},
				{
					name: 'Okta Issuer',
					value: 'issuer',
					description: 'Newer apps: an issuer URL given with the app (id.skyslope.com/oauth2/&lt;server ID&gt;)',
				},
			],
			default: 'accounts',
			description: 'Where your SkySlope app signs users in: SkySlope gives newer apps an issuer URL',
		},
		{
			displayName: 'Issuer URL',
			name: 'issuerUrl',
			type: 'string',
			default: '',
			required: true,
			placeholder: `e.g. ${ISSUER_EXAMPLE}`,
			description: 'The issuer your SkySlope app was given: its /v1/authorize and /v1/token are used',
			displayOptions: { show: { authServer: ['issuer'] } },
		},
		{
			displayName: 'Accounts URL',
			name: 'customAccountsUrl',
			type: 'string',
			default: '',
			required: true,
			placeholder: 'e.g. http://127.0.0.1:4010/forms',
			description: 'The token issuer: its /oauth2/authorize and /oauth2/token are used',
			displayOptions: { show: { environment: ['custom'], authServer: ['accounts'] } },
		},
		{
			displayName: 'Client Secret',
			name: 'clientSecret',
			type: 'string',
			typeOptions: { password: true },
			default: '',
			description:
				'The secret of your SkySlope app. Leave empty for an app registered as a public client: PKCE then proves the app, and no secret is sent.',
		},
		{
			displayName: 'Service URL',
			name: 'baseUrl',
			type: 'hidden',
			default: `=${SERVICE_URL_EXPRESSION}`,
		},
		{
			displayName: 'API Base URL',
			name: 'apiBaseUrl',
			type: 'hidden',
			default: `=${SERVICE_URL_EXPRESSION}${API_PATH}`,
		},
		{
			displayName: 'Authorization URL',
			name: 'authUrl',
			type: 'hidden',
			default: AUTHORIZE_URL_EXPRESSION,
			required: true,
		},
		{
			displayName: 'Access Token URL',
			name: 'accessTokenUrl',
			type: 'hidden',
			default: TOKEN_URL_EXPRESSION,
			required: true,
		},
		{
			displayName: 'Scopes',
			name: 'scopes',
			type: 'multiOptions',
			description:
				'What n8n may do. Offline access (to refresh the token) is always requested; none picked asks for the defaults. Pick only scopes your SkySlope partner app was granted.',
			options: [
				{ name: 'Buyer Agreements (Read)', value: 'forms.buyerAgreements.restrictedRead', description: 'List the buyer agreements of your market' },
				{ name: 'Documents', value: 'forms.documents', description: 'Add, upload, fill, delete documents; create envelopes' },
				{ name: 'Documents (Read-Only)', value: 'forms.documents.read', description: 'List, read and download documents, envelopes and signed documents' },
				{ name: 'Files', value: 'forms.files', description: 'Create and update files, contacts and commissions; apply templates' },
				{ name: 'Files (Read-Only)', value: 'forms.files.read', description: 'List and read files; list collaborators' },
				{ name: 'Forms (Read)', value: 'forms.forms.read', description: 'List the forms of your libraries and their tags' },
				{ name: 'Groups (Admin)', value: 'admin.groups', description: 'Create groups and child groups; add users to groups and remove them' },
				{ name: 'Libraries (Read)', value: 'forms.libraries.read', description: 'List your form libraries' },
				{ name: 'MLS Import', value: 'forms.mls.import', description: 'Import listing data from the MLS' },
				{ name: 'Templates (Read)', value: 'forms.templates.read', description: 'List personal and broker templates' },
				{ name: 'Webhooks', value: 'forms.webhooks', description: 'Subscribe files to signed-document notifications (Trigger)' },
			],
			default: DEFAULT_SCOPES,
		},
		{
			displayName: 'Scope',
			name: 'scope',
			type: 'hidden',
			// None picked asks for the defaults: n8n 2.41.1's credential dialog saves an untouched Scopes
			// as [] (seen in the recorded demo), and a token of offline_access alone can do nothing.
			default: `={{ ["offline_access"].concat(($self["scopes"] || []).length ? $self["scopes"] : ${JSON.stringify(DEFAULT_SCOPES)}).join(" ") }}`,
		},
		{
			displayName: 'Auth URI Query Parameters',
			name: 'authQueryParameters',
			type: 'hidden',
			default: '',
		},
		{
			displayName: 'Client Authentication',
			name: 'authentication',
			type: 'options',
			options: [
				{
					name: 'Send Credentials in Body',
					value: 'body',
					description: 'Client_id and client_secret as form fields, as SkySlope documents',
				},
				{
					name: 'Send as Basic Auth Header',
					value: 'header',
					description: 'Authorization: Basic base64(client_id:client_secret)',
				},
			],
			default: 'body',
		},
	];
}
