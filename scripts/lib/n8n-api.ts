// A small client for a running n8n: the editor's REST API (/rest, cookie + browser-id) for setup,
// and the public API (/api/v1, X-N8N-API-KEY) for workflows and executions.

/** The demo login that `npm start` prints (a local instance on loopback only). */
export const OWNER = {
	email: 'demo@n8n-nodes-skyslope.local',
	// eslint-disable-next-line @n8n/community-nodes/no-hardcoded-secrets -- the printed demo login of a loopback-only instance
	password: 'SkySlope-Demo-2024',
	firstName: 'Demo',
	lastName: 'User',
};

/** n8n binds its session cookie to this header: every REST call must send the same value. */
const BROWSER_ID = 'n8n-nodes-skyslope-host';

export class HttpError extends Error {
	constructor(
		readonly status: number,
		readonly method: string,
		readonly url: string,
		readonly body: string,
	) {
		super(`${method} ${url} answered ${status}: ${body.slice(0, 500)}`);
	}
}

export interface RawResponse {
	status: number;
	headers: Headers;
	text: string;
}

export class N8nClient {
	private cookie = '';
	private apiKey = '';

	constructor(readonly baseUrl: string) {}

	get hasApiKey(): boolean {
		return this.apiKey !== '';
	}

	useApiKey(key: string): void {
		this.apiKey = key;
	}

	/** Any request to n8n, with the session cookie; redirects are not followed. */
	async raw(method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<RawResponse> {
		const url = path.startsWith('http') ? path : `${this.baseUrl}${path}`;
		const res = await fetch(url, {
			method,
			redirect: 'manual',
			headers: {
				accept: 'application/json',
				'browser-id': BROWSER_ID,
				...(this.cookie ? { cookie: this.cookie } : {}),
				...(body !== undefined ? { 'content-type': 'application/json' } : {}),
				...headers,
			},
			body: body === undefined ? undefined : JSON.stringify(body),
		});
		const setCookie = res.headers.getSetCookie();
		for (const c of setCookie) {
			const m = /^n8n-auth=([^;]*)/.exec(c);
			if (m) this.cookie = `n8n-auth=${m[1]}`;
		}
		return { status: res.status, headers: res.headers, text: await res.text() };
	}

	/** The editor's REST API: returns `data` of the answer. */
	async rest<T = unknown>(method: string, path: string, body?: unknown): Promise<T> {
		const r = await this.raw(method, `/rest${path}`, body);
		if (r.status >= 400) throw new HttpError(r.status, method, `/rest${path}`, r.text);
		const parsed = r.text ? (JSON.parse(r.text) as { data?: T }) : {};
		return parsed.data as T;
	}

	/** The public API (/api/v1) with the API key. */
	async api<T = unknown>(method: string, path: string, body?: unknown): Promise<T> {
		if (!this.apiKey) throw new Error('no API key: call createApiKey() first');
		const r = await this.raw(method, `/api/v1${path}`, body, { 'X-N8N-API-KEY': this.apiKey });
		if (r.status >= 400) throw new HttpError(r.status, method, `/api/v1${path}`, r.text);
		return (r.text ? JSON.parse(r.text) : undefined) as T;
	}

	/** Sets the owner up on a fresh instance, or logs in when that was done before. */
	async signIn(owner = OWNER): Promise<'created' | 'logged-in'> {
		const settings = await this.rest<{ userManagement?: { showSetupOnFirstLoad?: boolean } }>('GET', '/settings');
		if (settings?.userManagement?.showSetupOnFirstLoad) {
			await this.rest('POST', '/owner/setup', owner);
			return 'created';
		}
		await this.rest('POST', '/login', { emailOrLdapLoginId: owner.email, password: owner.password });
		return 'logged-in';
	}

	/** Creates an API key with every scope the instance offers, and uses it from now on. */
	async createApiKey(label: string): Promise<string> {
		const scopes = await this.rest<string[]>('GET', '/api-keys/scopes');
		const created = await this.rest<{ rawApiKey: string }>('POST', '/api-keys', {
			label,
			expiresAt: null,
			scopes,
		});
		this.apiKey = created.rawApiKey;
		return this.apiKey;
	}

	/**
	 * Connects an OAuth2 credential through n8n's own flow, as a person clicking "Connect" would:
	 * n8n builds the authorization URL (with PKCE), the authorization server redirects back to n8n's
	 * callback with a code, and n8n exchanges the code and stores the token in the credential.
	 * Works with an authorization server that approves without asking (the sandbox does).
	 */
	async connectOAuth2(credentialId: string): Promise<void> {
		const authUrl = await this.rest<string>('GET', `/oauth2-credential/auth?id=${encodeURIComponent(credentialId)}`);
		let url = authUrl;
		for (let hop = 0; hop < 5; hop++) {
			const res = await fetch(url, { redirect: 'manual' });
			const location = res.headers.get('location');
			await res.text();
			if (res.status < 300 || res.status >= 400 || !location) {
				throw new Error(`the authorization server answered ${res.status} without redirecting (${url})`);
			}
			url = new URL(location, url).toString();
			if (url.startsWith(`${this.baseUrl}/rest/oauth2-credential/callback`)) break;
		}
		if (!url.startsWith(`${this.baseUrl}/rest/oauth2-credential/callback`)) {
			throw new Error(`the authorization flow did not come back to n8n: ${url}`);
		}
		const back = await this.raw('GET', url, undefined, { accept: 'text/html' });
		if (back.status !== 200 || /error/i.test(back.text.slice(0, 2000)) && !/success/i.test(back.text)) {
			throw new Error(`n8n's OAuth2 callback failed (${back.status}): ${back.text.slice(0, 800)}`);
		}
		const cred = await this.rest<{ data?: { oauthTokenData?: unknown } }>(
			'GET',
			`/credentials/${encodeURIComponent(credentialId)}?includeData=true`,
		);
		if (!cred?.data?.oauthTokenData) {
			throw new Error(`n8n's OAuth2 callback answered but credential ${credentialId} holds no token`);
		}
	}
}
