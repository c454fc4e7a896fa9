// OAuth 2.0 authorization code with PKCE (S256) as spec 5 describes, refresh-token rotation, and
// the bearer-token check of every API route. The consent page approves at once.
import { createHash, timingSafeEqual } from 'node:crypto';

import type { SandboxContext } from '../core/context';
import type { Router, SandboxRequest, SandboxResponse } from '../core/router';
import { guid } from '../core/random';
import { ApiError } from './http';
import { CALLER_ID } from './store';

export const SANDBOX_CLIENT_ID = 'sandbox-forms-client';
export const SANDBOX_CLIENT_SECRET = 'sandbox-forms-secret';
/** An app registered as a public PKCE client (no secret): known only with the live switch publicFormsClient. */
export const SANDBOX_PUBLIC_CLIENT_ID = 'sandbox-forms-public-client';

export const SCOPES = [
	'forms.files',
	'forms.files.read',
	'forms.documents',
	'forms.documents.read',
	'forms.templates.read',
	'forms.forms.read',
	'forms.libraries.read',
	'forms.webhooks',
	'forms.mls.import',
	'forms.buyerAgreements.restrictedRead',
	'admin.groups',
	'offline_access',
] as const;

export type Scope = (typeof SCOPES)[number];

interface Client {
	id: string;
	/** Empty for a public client, which proves itself by PKCE alone. */
	secret: string;
	public?: boolean;
}

interface AuthCode {
	code: string;
	clientId: string;
	redirectUri: string;
	challenge: string;
	scopes: string[];
	userId: string;
	expiresAt: number;
	used: boolean;
	/** Tokens issued from this code: revoked if the code is presented twice (RFC 6749 4.1.2). */
	issued: string[];
}

export interface AccessToken {
	token: string;
	clientId: string;
	userId: string;
	scopes: string[];
	expiresAt: number;
}

export interface RefreshToken {
	token: string;
	clientId: string;
	userId: string;
	scopes: string[];
	expiresAt: number;
	used: boolean;
}

/** The authorization server and the token store of the forms sandbox. */
export class FormsAuth {
	readonly clients = new Map<string, Client>([
		[SANDBOX_CLIENT_ID, { id: SANDBOX_CLIENT_ID, secret: SANDBOX_CLIENT_SECRET }],
		[SANDBOX_PUBLIC_CLIENT_ID, { id: SANDBOX_PUBLIC_CLIENT_ID, secret: '', public: true }],
	]);
	readonly codes = new Map<string, AuthCode>();
	readonly accessTokens = new Map<string, AccessToken>();
	readonly refreshTokens = new Map<string, RefreshToken>();
	/** Called whenever tokens are issued or used up, so that a persistent sandbox can save them. */
	onChange?: () => void;
	private readonly random: () => number;

	constructor(private readonly ctx: SandboxContext) {
		// Token values come from their own generator so that issuing one never shifts seeded data.
		let state = (ctx.options.seed ^ 0x5eed0f0f) >>> 0;
		this.random = () => {
			state = (state + 0x6d2b79f5) >>> 0;
			let t = state;
			t = Math.imul(t ^ (t >>> 15), t | 1);
			t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
			return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
		};
	}

	private secret(prefix: string): string {
		// A restarted sandbox replays the same seeded sequence: skip values tokens kept from before hold.
		for (;;) {
			const value = `${prefix}_${guid(this.random).replace(/-/g, '')}${guid(this.random).replace(/-/g, '')}`;
			if (!this.accessTokens.has(value) && !this.refreshTokens.has(value)) return value;
		}
	}

	/** The tokens a real authorization server would still know after a restart. */
	exportTokens(): { accessTokens: AccessToken[]; refreshTokens: RefreshToken[] } {
		const now = this.ctx.now();
		return {
			accessTokens: [...this.accessTokens.values()].filter((t) => t.expiresAt > now),
			refreshTokens: [...this.refreshTokens.values()].filter((t) => t.expiresAt > now && !t.used),
		};
	}

	importTokens(saved: { accessTokens?: AccessToken[]; refreshTokens?: RefreshToken[] }): void {
		for (const t of saved.accessTokens ?? []) this.accessTokens.set(t.token, t);
		for (const t of saved.refreshTokens ?? []) this.refreshTokens.set(t.token, t);
	}

	/** Issues a token for tests and tools without the browser round trip. */
	issueToken(scopes: readonly string[], userId = CALLER_ID, clientId = SANDBOX_CLIENT_ID) {
		return this.issue(clientId, userId, [...scopes]);
	}

	private issue(clientId: string, userId: string, scopes: string[]) {
		const now = this.ctx.now();
		const { formsAccessToken, formsRefreshToken } = this.ctx.options.lifetimes;
		const access: AccessToken = {
			token: this.secret('at'),
			clientId,
			userId,
			scopes,
			expiresAt: now + formsAccessToken * 1000,
		};
		this.accessTokens.set(access.token, access);
		const body: Record<string, unknown> = {
			access_token: access.token,
			token_type: 'Bearer',
			expires_in: formsAccessToken,
			scope: scopes.join(' '),
		};
		if (scopes.includes('offline_access')) {
			const refresh: RefreshToken = {
				token: this.secret('rt'),
				clientId,
				userId,
				scopes,
				expiresAt: now + formsRefreshToken * 1000,
				used: false,
			};
			this.refreshTokens.set(refresh.token, refresh);
			body.refresh_token = refresh.token;
		}
		this.onChange?.();
		return body as { access_token: string; refresh_token?: string; expires_in: number; scope: string; token_type: string };
	}

	expireAll(): void {
		const past = this.ctx.now() - 1;
		for (const token of this.accessTokens.values()) token.expiresAt = Math.min(token.expiresAt, past);
		this.onChange?.();
	}

	/** The valid access token of a request, or 401. */
	authenticate(req: SandboxRequest): AccessToken {
		const header = String(req.headers.authorization ?? '');
		const m = /^Bearer\s+(\S+)\s*$/i.exec(header);
		if (!m) {
			throw new ApiError(401, 'Authentication is required: send Authorization: Bearer <access token>', ['Missing bearer token'], undefined, {
				'www-authenticate': 'Bearer realm="forms"',
			});
		}
		const token = this.accessTokens.get(m[1]);
		if (!token || token.expiresAt <= this.ctx.now()) {
			throw new ApiError(401, 'The access token is invalid or has expired', ['invalid_token'], undefined, {
				'www-authenticate': 'Bearer realm="forms", error="invalid_token"',
			});
		}
		return token;
	}

	/** 401 without a valid token; 403 unless the token holds one of `anyOf` (none: any valid token). */
	require(req: SandboxRequest, anyOf: readonly Scope[]): AccessToken {
		const token = this.authenticate(req);
		if (anyOf.length && !anyOf.some((s) => token.scopes.includes(s))) {
			throw new ApiError(403, `This operation needs the scope ${anyOf.join(' or ')}`, [
				`missing scope: ${anyOf.join(' | ')}`,
			]);
		}
		return token;
	}

	/** The client id a request is counted against for rate limiting. */
	rateKey(req: SandboxRequest): string {
		const m = /^Bearer\s+(\S+)/i.exec(String(req.headers.authorization ?? ''));
		return (m && this.accessTokens.get(m[1])?.clientId) ?? 'anonymous';
	}

	routes(router: Router): void {
		router.get('/oauth2/authorize', (req) => this.authorize(req));
		router.post('/oauth2/token', (req) => this.token(req));
		// Newer apps authorize through an Okta issuer, `<host>/oauth2/<server id>`: its endpoints are
		// `<issuer>/v1/authorize` and `<issuer>/v1/token` (live switch publicFormsClient).
		const issuer = (handler: (req: SandboxRequest) => SandboxResponse) => (req: SandboxRequest) =>
			this.ctx.live().publicFormsClient ? handler(req) : oauthError(404, 'not_found', `no authorization server at ${req.path}`);
		router.get('/oauth2/:server/v1/authorize', issuer((req) => this.authorize(req)));
		router.post('/oauth2/:server/v1/token', issuer((req) => this.token(req)));
	}

	/** A registered client, a public one only while the sandbox answers as the live service does. */
	private client(id: string): Client | undefined {
		const client = this.clients.get(id);
		return client?.public && !this.ctx.live().publicFormsClient ? undefined : client;
	}

	private authorize(req: SandboxRequest): SandboxResponse {
		const q = req.query;
		const clientId = q.get('client_id') ?? '';
		const redirectUri = q.get('redirect_uri') ?? '';
		// Errors about the client or the redirect URI are shown, never redirected (RFC 6749 4.1.2.1).
		if (!this.client(clientId)) return page(400, 'Unknown client', `client_id '${clientId}' is not registered.`);
		let target: URL;
		try {
			target = new URL(redirectUri);
		} catch {
			return page(400, 'Invalid redirect_uri', 'redirect_uri must be an absolute URL.');
		}
		if (!/^https?:$/.test(target.protocol) || target.hash) {
			return page(400, 'Invalid redirect_uri', 'redirect_uri must be an http(s) URL without a fragment.');
		}
		const state = q.get('state');
		const fail = (error: string, description: string): SandboxResponse => {
			target.searchParams.set('error', error);
			target.searchParams.set('error_description', description);
			if (state !== null) target.searchParams.set('state', state);
			return redirect(target.toString());
		};
		if (q.get('response_type') !== 'code') return fail('unsupported_response_type', 'response_type must be code');
		const challenge = q.get('code_challenge') ?? '';
		if (q.get('code_challenge_method') !== 'S256') {
			return fail('invalid_request', 'code_challenge_method must be S256');
		}
		if (!/^[A-Za-z0-9_-]{43}$/.test(challenge)) {
			return fail('invalid_request', 'code_challenge must be the base64url SHA-256 of the code_verifier (43 characters)');
		}
		const requested = (q.get('scope') ?? '').split(/[\s+]+/).filter(Boolean);
		const unknown = requested.filter((s) => !(SCOPES as readonly string[]).includes(s));
		if (unknown.length) return fail('invalid_scope', `unknown scope: ${unknown.join(' ')}`);
		const code: AuthCode = {
			code: this.secret('code'),
			clientId,
			redirectUri,
			challenge,
			scopes: [...new Set(requested)],
			userId: CALLER_ID,
			expiresAt: this.ctx.now() + this.ctx.options.lifetimes.formsAuthCode * 1000,
			used: false,
			issued: [],
		};
		this.codes.set(code.code, code);
		target.searchParams.set('code', code.code);
		if (state !== null) target.searchParams.set('state', state);
		return redirect(target.toString());
	}

	private clientOf(req: SandboxRequest, form: URLSearchParams): Client | SandboxResponse {
		let id = form.get('client_id') ?? undefined;
		let secret = form.get('client_secret') ?? undefined;
		const basic = /^Basic\s+(\S+)$/i.exec(String(req.headers.authorization ?? ''));
		if (basic) {
			const decoded = Buffer.from(basic[1], 'base64').toString('utf8');
			const colon = decoded.indexOf(':');
			if (colon < 0) return oauthError(401, 'invalid_client', 'malformed Basic credentials');
			let basicId: string;
			let basicSecret: string;
			try {
				// RFC 6749 2.3.1 form-encodes both before base64; plain values decode to themselves.
				basicId = decodeURIComponent(decoded.slice(0, colon));
				basicSecret = decodeURIComponent(decoded.slice(colon + 1));
			} catch {
				return oauthError(401, 'invalid_client', 'malformed Basic credentials');
			}
			if ((id !== undefined && id !== basicId) || (secret !== undefined && secret !== basicSecret)) {
				return oauthError(400, 'invalid_request', 'client credentials in the header and the body differ');
			}
			id = basicId;
			secret = basicSecret;
		}
		const known = id ? this.client(id) : undefined;
		// A public client sends its id and no secret: PKCE (the code_verifier) proves the code is its own.
		if (known?.public) return secret ? oauthError(401, 'invalid_client', 'a public client has no secret') : known;
		if (!id || secret === undefined) return oauthError(401, 'invalid_client', 'client authentication is required');
		const client = known;
		if (!client || !safeEqual(client.secret, secret)) {
			return oauthError(401, 'invalid_client', 'unknown client or wrong client secret');
		}
		return client;
	}

	private token(req: SandboxRequest): SandboxResponse {
		const type = String(req.headers['content-type'] ?? '').toLowerCase();
		if (!type.startsWith('application/x-www-form-urlencoded')) {
			return oauthError(400, 'invalid_request', 'Content-Type must be application/x-www-form-urlencoded');
		}
		const form = new URLSearchParams(req.body.toString('utf8'));
		const client = this.clientOf(req, form);
		if (!('secret' in client)) return client;
		const now = this.ctx.now();
		const grant = form.get('grant_type');
		if (grant === 'authorization_code') {
			const code = this.codes.get(form.get('code') ?? '');
			if (!code || code.clientId !== client.id) return oauthError(400, 'invalid_grant', 'unknown authorization code');
			if (code.used) {
				for (const t of code.issued) {
					this.accessTokens.delete(t);
					this.refreshTokens.delete(t);
				}
				this.onChange?.();
				return oauthError(400, 'invalid_grant', 'authorization code already used');
			}
			code.used = true;
			if (code.expiresAt <= now) return oauthError(400, 'invalid_grant', 'authorization code expired');
			if (form.get('redirect_uri') !== code.redirectUri) {
				return oauthError(400, 'invalid_grant', 'redirect_uri does not match the authorization request');
			}
			const verifier = form.get('code_verifier') ?? '';
			if (!/^[A-Za-z0-9._~-]{43,128}$/.test(verifier)) {
				return oauthError(400, 'invalid_request', 'code_verifier is missing or malformed');
			}
			const computed = createHash('sha256').update(verifier).digest('base64url');
			if (computed !== code.challenge) return oauthError(400, 'invalid_grant', 'code_verifier does not match code_challenge');
			const body = this.issue(client.id, code.userId, code.scopes);
			code.issued.push(body.access_token, ...(body.refresh_token ? [body.refresh_token] : []));
			return tokenResponse(body);
		}
		if (grant === 'refresh_token') {
			const refresh = this.refreshTokens.get(form.get('refresh_token') ?? '');
			if (!refresh || refresh.clientId !== client.id) return oauthError(400, 'invalid_grant', 'unknown refresh token');
			if (refresh.used) return oauthError(400, 'invalid_grant', 'refresh token already used (rotated)');
			if (refresh.expiresAt <= now) return oauthError(400, 'invalid_grant', 'refresh token expired');
			let scopes = refresh.scopes;
			const narrowed = form.get('scope');
			if (narrowed) {
				const asked = narrowed.split(/\s+/).filter(Boolean);
				if (asked.some((s) => !refresh.scopes.includes(s))) {
					return oauthError(400, 'invalid_scope', 'a refresh cannot widen the granted scope');
				}
				scopes = asked;
			}
			refresh.used = true;
			return tokenResponse(this.issue(client.id, refresh.userId, scopes));
		}
		return oauthError(400, 'unsupported_grant_type', `grant_type '${grant ?? ''}' is not supported`);
	}
}

function safeEqual(a: string, b: string): boolean {
	const x = Buffer.from(a);
	const y = Buffer.from(b);
	return x.length === y.length && timingSafeEqual(x, y);
}

function tokenResponse(body: unknown): SandboxResponse {
	return { status: 200, headers: { 'cache-control': 'no-store', pragma: 'no-cache' }, json: body };
}

function oauthError(status: number, error: string, description: string): SandboxResponse {
	return { status, headers: { 'cache-control': 'no-store' }, json: { error, error_description: description } };
}

function escapeHtml(text: string): string {
	return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function page(status: number, title: string, text: string): SandboxResponse {
	return {
		status,
		headers: { 'content-type': 'text/html; charset=utf-8' },
		body: `<!doctype html><html><head><title>${escapeHtml(title)}</title></head><body><h1>${escapeHtml(title)}</h1><p>${escapeHtml(text)}</p></body></html>`,
	};
}

/** The auto-approving consent page: a 302 to the client, with a link for clients that do not follow. */
function redirect(location: string): SandboxResponse {
	const href = escapeHtml(location);
	return {
		status: 302,
		headers: { location, 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' },
		body: `<!doctype html><html><head><meta http-equiv="refresh" content="0;url=${href}"><title>SkySlope Forms sandbox: access approved</title></head><body><p>The sandbox approved access for the demo user. <a href="${href}">Continue</a></p></body></html>`,
	};
}
