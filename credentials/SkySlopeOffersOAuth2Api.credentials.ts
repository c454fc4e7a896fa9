import type { ICredentialTestRequest, ICredentialType, Icon, INodeProperties } from 'n8n-workflow';

/**
 * SkySlope Offers: OAuth 2.0 client credentials. n8n asks `{base}/ext/token` for a token with
 * `Authorization: Basic base64(clientId:clientSecret)`, keeps it, and fetches a new one when a call
 * answers 401.
 */
const baseUrl = (of: string) =>
	'{{ $self["environment"] === "custom" ? String($self["customBaseUrl"] || "").replace(/\\/+$/, "") : $self["environment"] === "staging" ? "https://staging-offers.skyslope.com/offers-api" : "https://offers.skyslope.com/offers-api" }}'.replace(/\$self/g, of);

export class SkySlopeOffersOAuth2Api implements ICredentialType {
	name = 'skySlopeOffersOAuth2Api';

	extends = ['oAuth2Api'];

	displayName = 'SkySlope Offers OAuth2 API';

	icon: Icon = { light: 'file:skyslope.svg', dark: 'file:skyslope.dark.svg' };

	documentationUrl = 'https://github.com/n8n-nodes-skyslope/n8n-nodes-skyslope/blob/main/docs/offers.md';

	properties: INodeProperties[] = [
		{
			displayName: 'Grant Type',
			name: 'grantType',
			type: 'hidden',
			default: 'clientCredentials',
		},
		{
			displayName: 'Environment',
			name: 'environment',
			type: 'options',
			options: [
				{ name: 'Production', value: 'production', description: 'https://offers.skyslope.com/offers-api' },
				{ name: 'Staging', value: 'staging', description: 'https://staging-offers.skyslope.com/offers-api' },
				{ name: 'Custom Base URL', value: 'custom', description: 'A proxy, a new region or a local stand-in' },
			],
			default: 'production',
		},
		{
			displayName: 'Base URL',
			name: 'customBaseUrl',
			type: 'string',
			default: '',
			required: true,
			placeholder: 'e.g. http://127.0.0.1:4010/offers/offers-api',
			description: 'The address every path starts from, ending in /offers-api',
			displayOptions: { show: { environment: ['custom'] } },
		},
		{
			displayName: 'Access Token URL',
			name: 'accessTokenUrl',
			type: 'hidden',
			default: `=${baseUrl('$self')}/ext/token`,
		},
		{
			displayName: 'Client ID',
			name: 'clientId',
			type: 'string',
			default: '',
			required: true,
			description: 'The client ID SkySlope issued for the Offers API',
		},
		{
			displayName: 'Client Secret',
			name: 'clientSecret',
			type: 'string',
			typeOptions: { password: true },
			default: '',
			required: true,
		},
		{
			displayName: 'Scope',
			name: 'scope',
			type: 'hidden',
			default: '',
		},
		{
			displayName: 'Authentication',
			name: 'authentication',
			type: 'hidden',
			default: 'header',
		},
	];

	/** The report for one day: cheap, read-only, and needs a working token. */
	test: ICredentialTestRequest = {
		request: {
			baseURL: `=${baseUrl('$credentials')}`,
			url: '/ext/report',
			qs: { startDate: '2024-01-01', endDate: '2024-01-01' },
		},
	};
}
