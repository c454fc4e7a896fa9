import { createHash, randomBytes } from 'node:crypto';

import type { IDataObject } from 'n8n-workflow';
import { UnexpectedError } from 'n8n-workflow';

export interface FormsTokenOptions {
	clientId: string;
	clientSecret: string;
	/** Space-separated on the wire; include 'offline_access' to get a refresh token. */
	scopes: string[];
	/** Where the consent page sends the browser back; nothing needs to listen there. */
	redirectUri?: string;
}

const MAX_HOPS = 5;

/**
 * Runs the Forms authorization-code + PKCE (S256) flow against the sandbox, as n8n's OAuth
 * callback does for the user: GET {base}/forms/oauth2/authorize, follow the auto-approving
 * consent page to the redirect URI to read the code, then POST {base}/forms/oauth2/token
 * (form-urlencoded, with the code_verifier). Returns the token response: the `oauthTokenData`
 * n8n would store on the credential. `sandboxUrl` is the sandbox's base URL (no trailing path).
 */
export async function obtainFormsToken(
	sandboxUrl: string,
	{ clientId, clientSecret, scopes, redirectUri = 'http://127.0.0.1:5678/rest/oauth2-credential/callback' }: FormsTokenOptions,
): Promise<IDataObject> {
	const base = sandboxUrl.replace(/\/+$/, '');
	const verifier = randomBytes(48).toString('base64url');
	const challenge = createHash('sha256').update(verifier).digest('base64url');
	const state = randomBytes(12).toString('base64url');
	const authorize = new URL(`${base}/forms/oauth2/authorize`);
	authorize.search = new URLSearchParams({
		response_type: 'code',
		client_id: clientId,
		redirect_uri: redirectUri,
		scope: scopes.join(' '),
		state,
		code_challenge: challenge,
		code_challenge_method: 'S256',
	}).toString();

	const callback = await followToRedirectUri(authorize.toString(), redirectUri);
	const error = callback.searchParams.get('error');
	if (error) {
		throw new UnexpectedError(
			`Authorization failed: ${error} ${callback.searchParams.get('error_description') ?? ''}`.trim(),
		);
	}
	if (callback.searchParams.get('state') !== state) {
		throw new UnexpectedError('Authorization failed: the state came back changed');
	}
	const code = callback.searchParams.get('code');
	if (!code) throw new UnexpectedError('Authorization failed: no code on the redirect');

	const response = await fetch(`${base}/forms/oauth2/token`, {
		method: 'POST',
		headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
		body: new URLSearchParams({
			grant_type: 'authorization_code',
			client_id: clientId,
			client_secret: clientSecret,
			code,
			redirect_uri: redirectUri,
			code_verifier: verifier,
		}).toString(),
	});
	const text = await response.text();
	if (!response.ok) {
		throw new UnexpectedError(`Token exchange failed: HTTP ${response.status} ${text}`);
	}
	return JSON.parse(text) as IDataObject;
}

/** Follows redirects (and a consent page's link or meta refresh) until one points at redirectUri. */
async function followToRedirectUri(start: string, redirectUri: string): Promise<URL> {
	let url = start;
	for (let hop = 0; hop < MAX_HOPS; hop++) {
		if (url.startsWith(redirectUri)) return new URL(url);
		const response = await fetch(url, { redirect: 'manual' });
		const location = response.headers.get('location');
		if (response.status >= 300 && response.status < 400 && location) {
			url = new URL(location, url).toString();
			continue;
		}
		const body = await response.text();
		const escaped = redirectUri.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
		const link = new RegExp(`${escaped}[^"'\\s<>]*`).exec(body);
		if (!link) {
			throw new UnexpectedError(
				`Authorization did not lead back to the redirect URI (HTTP ${response.status}): ${body.slice(0, 300)}`,
			);
		}
		url = link[0].replace(/&amp;/g, '&');
	}
	throw new UnexpectedError('Authorization took too many redirects');
}
