import type { ICredentialDataDecryptedObject, INodeProperties } from 'n8n-workflow';

import { environmentBaseUrl, environmentBaseUrlExpression, environmentProperties, rateKeyFrom } from '../shared/environment';
import { readErrorBody, type ServiceError } from '../shared/records';
import type { ServiceSpec } from '../shared/transport';

/**
 * What the Offers credential and the Offers transport both need: the hosts, the base-URL rule and
 * its n8n-expression twin, the range and page limits and the error vocabulary. Written once here.
 */

export const OFFERS_CREDENTIAL = 'skySlopeOffersOAuth2Api';

/** The hosts of the offers service (spec README "Hosts"); every API path starts with /ext. */
export const HOSTS = {
	production: 'https://offers.skyslope.com/offers-api',
	staging: 'https://staging-offers.skyslope.com/offers-api',
} as const;

/** Spec 8: GET /ext/offers/ answers for at most 31 days; a longer range is cut without a word. */
export const MAX_RANGE_DAYS = 31;
/** The largest page the node asks for (the sandbox's maximum; the spec names none). */
export const MAX_PAGE_SIZE = 100;

/** The credential's Environment selector and, for Custom, its Base URL field. */
export const ENVIRONMENT_PROPERTIES: INodeProperties[] = environmentProperties(HOSTS, {
	placeholder: 'e.g. http://127.0.0.1:4010/offers/offers-api',
	description: 'The address every path starts from, ending in /offers-api',
});

/**
 * The base URL as an n8n expression over the credential's own fields (`$self` in a hidden field,
 * `$credentials` in the test request), with its `{{ }}`: the same rule as offersBaseUrl.
 */
export function baseUrlExpression(self: '$self' | '$credentials'): string {
	return `{{ ${environmentBaseUrlExpression(HOSTS, self)} }}`;
}

/** The base URL (ending in /offers-api) the credential points at, without a trailing slash. */
function offersBaseUrl(credentials: ICredentialDataDecryptedObject): string {
	return environmentBaseUrl(HOSTS, credentials);
}

/** The spec shows no error body; read `{message}`, `{error, error_description}`, `{title}` or a bare string. */
export function readError(body: unknown): ServiceError {
	return readErrorBody(body, ['message', 'error_description', 'error', 'title']);
}

/** The OAuth client: a service counts requests per client (the spec shows no rate limit). */
export const rateKey = rateKeyFrom('clientId');

/**
 * The offers service as the shared transport sees it. An expired token is a 401, which n8n's
 * OAuth2 handling answers by fetching a new token (client credentials) and sending the call again.
 */
export const offersService: ServiceSpec = {
	label: 'SkySlope Offers',
	credentialType: OFFERS_CREDENTIAL,
	baseUrl: offersBaseUrl,
	rateKey,
	// As Forms: no published limit, no rate-limit headers; 50 in flight hide up to about 500 ms of
	// latency and are halved while the service answers 429 or 503.
	concurrency: 50,
	credentialHelp: {
		refused:
			'open the SkySlope Offers credential and check its Client ID and Client Secret (those SkySlope issued for the Offers API) and its Environment, then save it.',
	},
	readError,
};
