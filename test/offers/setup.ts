import type { ICredentialDataDecryptedObject } from 'n8n-workflow';

import type { SandboxServer } from '../../sandbox';
import { OFFERS_CLIENT_ID, OFFERS_CLIENT_SECRET } from '../../sandbox/offers';

/**
 * The Offers credential pointed at a sandbox, as a user saves it with the Custom environment. The
 * base URL is written with or without its trailing slash: users write both, the node reads both.
 */
export function offersCredentials(
	sandbox: SandboxServer,
	{ trailingSlash = true } = {},
): Record<string, ICredentialDataDecryptedObject> {
	return {
		skySlopeOffersOAuth2Api: {
			environment: 'custom',
			customBaseUrl: `${sandbox.baseUrl}/offers/offers-api${trailingSlash ? '/' : ''}`,
			clientId: OFFERS_CLIENT_ID,
			clientSecret: OFFERS_CLIENT_SECRET,
		},
	};
}
