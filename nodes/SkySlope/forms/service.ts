import type { ICredentialDataDecryptedObject } from 'n8n-workflow';

import { environmentBaseUrl, environmentBaseUrlExpression, rateKeyFrom } from '../shared/environment';

import { readErrorBody, type ServiceError } from '../shared/records';
import type { ServiceSpec } from '../shared/transport';

/**
 * What the Forms credential and the Forms transport both need: the hosts, the base-URL rule and
 * its n8n-expression twin, the page-size limit and the error vocabulary. Written once here.
 */

export const FORMS_CREDENTIAL = 'skySlopeFormsOAuth2Api';

/** The service roots and the token issuer of each environment. */
export const HOSTS = {
	production: 'https://forms.skyslope.com',
	staging: 'https://staging-forms.skyslope.com',
	accounts: 'https://accounts.skyslope.com',
} as const;

/** What an Okta issuer of a newer SkySlope app looks like (the credential's placeholder). */
export const ISSUER_EXAMPLE = 'https://id.skyslope.com/oauth2/aus1a2b3c4d5';

/** Every API path is relative to `{base_url}` followed by this. */
export const API_PATH = '/partner/api';

/** The largest page the service allows on its paged lists (spec section 8). */
export const MAX_PAGE_SIZE = 500;

/** `{base_url}` as an n8n expression over the credential's own fields (`$self`). */
export const SERVICE_URL_EXPRESSION = `{{ ${environmentBaseUrlExpression(HOSTS, '$self')} }}`;

/** `{auth_url}` as an n8n expression over the credential's own fields (`$self`). */
export const ACCOUNTS_URL_EXPRESSION = `{{ $self["environment"] === "custom" ? String($self["customAccountsUrl"] || "").replace(/\\/+$/, "") : ${JSON.stringify(HOSTS.accounts)} }}`;

/**
 * The authorization and token endpoints, as n8n expressions over the credential's own fields: under
 * SkySlope Accounts `{auth_url}/oauth2/authorize` and `/oauth2/token`; under an Okta issuer (newer
 * SkySlope apps, `https://id.skyslope.com/oauth2/<server id>`) `<issuer>/v1/authorize` and `/v1/token`.
 */
const endpointExpression = (accountsPath: string, issuerPath: string) =>
	`={{ $self["authServer"] === "issuer" ? String($self["issuerUrl"] || "").replace(/\\/+$/, "") + ${JSON.stringify(issuerPath)} : (${ACCOUNTS_URL_EXPRESSION.slice(3, -3)}) + ${JSON.stringify(accountsPath)} }}`;
export const AUTHORIZE_URL_EXPRESSION = endpointExpression('/oauth2/authorize', '/v1/authorize');
export const TOKEN_URL_EXPRESSION = endpointExpression('/oauth2/token', '/v1/token');

/**
 * `{base_url}/partner/api`: the credential's resolved `apiBaseUrl`, or else built from its
 * environment and custom base URL (the same rule as the expressions above).
 */
function formsApiBase(credentials: ICredentialDataDecryptedObject): string {
	const resolved = typeof credentials.apiBaseUrl === 'string' ? credentials.apiBaseUrl.trim() : '';
	if (/^https?:\/\//i.test(resolved)) return resolved.replace(/\/+$/, '');
	const trimmed = environmentBaseUrl(HOSTS, credentials) || HOSTS.production;
	return trimmed.toLowerCase().endsWith(API_PATH) ? trimmed : `${trimmed}${API_PATH}`;
}

/** Forms errors: `message` (or a problem-details `title`), `errors`, `code` and `traceId`. */
export function readError(body: unknown): ServiceError {
	return readErrorBody(body, ['message', 'title']);
}

/** The OAuth client: the service counts requests per partner application. */
export const rateKey = rateKeyFrom('clientId');

export const formsService: ServiceSpec = {
	label: 'SkySlope Forms',
	credentialType: FORMS_CREDENTIAL,
	baseUrl: formsApiBase,
	rateKey,
	// The service publishes no rate limit and sends no rate-limit headers. n8n spends about 10 ms of
	// CPU per item, so at 250 ms a round trip 25 requests in flight keep it busy (Little's law);
	// 50 leaves room for slower networks. The transport halves it while the service answers 429 or 503.
	concurrency: 50,
	credentialHelp: {
		refused:
			'open the SkySlope Forms credential and check the Client ID and Client Secret of your SkySlope partner app and its Environment, then click Reconnect.',
		reconnect:
			'open the SkySlope Forms credential and click Reconnect (Connect my account): the refresh token expired or was revoked, or the account was never connected.',
	},
	readError,
};
