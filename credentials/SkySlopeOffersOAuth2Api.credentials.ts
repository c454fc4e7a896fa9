import type { ICredentialTestRequest, ICredentialType, Icon, INodeProperties } from 'n8n-workflow';

import { clientFields } from '../nodes/SkySlope/shared/environment';
import { baseUrlExpression, ENVIRONMENT_PROPERTIES } from '../nodes/SkySlope/offers/service';

/**
 * SkySlope Offers: OAuth 2.0 client credentials. n8n asks `{base}/ext/token` for a token with
 * `Authorization: Basic base64(clientId:clientSecret)`, keeps it, and fetches a new one when a call
 * answers 401. Hosts and the base-URL rule come from the service module, which the transport reads too.
 */

export class SkySlopeOffersOAuth2Api implements ICredentialType {
	name = 'skySlopeOffersOAuth2Api';

	extends = ['oAuth2Api'];

	displayName = 'SkySlope Offers OAuth2 API';

	icon: Icon = { light: 'file:skySlopeOffersOAuth2Api.svg', dark: 'file:skySlopeOffersOAuth2Api.dark.svg' };

	documentationUrl = 'https://github.com/n8n-nodes-skyslope/n8n-nodes-skyslope/blob/main/docs/offers.md';

	properties: INodeProperties[] = [
		{
			displayName: 'Grant Type',
			name: 'grantType',
			type: 'hidden',
			default: 'clientCredentials',
		},
		...ENVIRONMENT_PROPERTIES,
		{
			displayName: 'Access Token URL',
			name: 'accessTokenUrl',
			type: 'hidden',
			default: `=${baseUrlExpression('$self')}/ext/token`,
		},
		...clientFields('The client ID SkySlope issued for the Offers API'),
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
			baseURL: `=${baseUrlExpression('$credentials')}`,
			url: '/ext/report',
			qs: { startDate: '2024-01-01', endDate: '2024-01-01' },
		},
	};
}
