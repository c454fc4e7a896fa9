// A small HTTP client for the listings sandbox tests: signed login, JSON calls, export parsing.
import { createHmac } from 'node:crypto';
import { request } from 'undici';

import { useStarted } from './node/use';
import { startSandbox, type SandboxOptions, type SandboxServer } from '../sandbox';
import { DEMO, type ListingsState } from '../sandbox/listings';

export { DEMO };

export interface Reply {
	status: number;
	headers: Record<string, string | string[] | undefined>;
	json: Record<string, unknown> & {
		value?: Record<string, unknown>;
		links?: Array<{ href: string; rel: string; method: string }>;
		warnings?: string[] | null;
		errors?: string[];
	};
	text: string;
}

export function sign(accessSecret: string, clientId: string, clientSecret: string, timestamp: string): string {
	return createHmac('sha256', accessSecret).update(`${clientId}:${clientSecret}:${timestamp}`).digest('base64');
}

export class Listings {
	session = '';
	constructor(
		readonly sandbox: SandboxServer,
		/** The sandbox's clock, so that signed timestamps follow it. */
		readonly clock: () => number = Date.now,
	) {}

	static async start(options: SandboxOptions = {}): Promise<Listings> {
		return new Listings(await startSandbox({ port: 0, ...options }), options.clock);
	}

	/** One sandbox, logged in, for the tests of a file or block: started before them, closed after. */
	static use(options: SandboxOptions = {}): Listings {
		return useStarted(
			async () => {
				const api = await Listings.start(options);
				await api.login();
				return api;
			},
			(api) => api.close(),
		);
	}

	get base(): string {
		return `${this.sandbox.baseUrl}/listings`;
	}

	get state(): ListingsState {
		return this.sandbox.service<ListingsState>('listings').state;
	}

	async close(): Promise<void> {
		await this.sandbox.close();
	}

	/** A raw login: every part can be overridden to test refusals. */
	async loginRaw(o: Partial<{ accessKey: string; accessSecret: string; clientId: string; clientSecret: string; timestamp: string; contentType: string; body: string; signature: string }> = {}): Promise<Reply> {
		const clientId = o.clientId ?? DEMO.clientId;
		const clientSecret = o.clientSecret ?? DEMO.clientSecret;
		const timestamp = o.timestamp ?? new Date(this.clock()).toISOString().replace(/\.\d{3}Z$/, 'Z');
		const signature = o.signature ?? sign(o.accessSecret ?? DEMO.accessSecret, clientId, clientSecret, timestamp);
		return this.raw('POST', '/auth/login', {
			headers: {
				'content-type': o.contentType ?? 'application/json',
				authorization: `SS ${o.accessKey ?? DEMO.accessKey}:${signature}`,
				timestamp,
			},
			body: o.body ?? JSON.stringify({ clientID: clientId, clientSecret }),
		});
	}

	async login(as: 'broker' | 'agent' = 'broker', timestamp?: string): Promise<string> {
		const r = await this.loginRaw(
			as === 'agent' ? { accessKey: DEMO.agentAccessKey, accessSecret: DEMO.agentAccessSecret, timestamp } : { timestamp },
		);
		if (r.status !== 200) throw new Error(`login failed: ${r.status} ${r.text}`);
		this.session = String(r.json.Session);
		return this.session;
	}

	async raw(method: string, path: string, o: { headers?: Record<string, string>; body?: string } = {}): Promise<Reply> {
		const res = await request(`${this.base}${path}`, { method: method as 'GET', headers: o.headers, body: o.body });
		const text = await res.body.text();
		let json: Reply['json'] = {};
		try {
			json = text ? (JSON.parse(text) as Reply['json']) : {};
		} catch {
			json = {};
		}
		return { status: res.statusCode, headers: res.headers, json, text };
	}

	/** A JSON call with the current session. */
	async call(method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<Reply> {
		return this.raw(method, path, {
			headers: { session: this.session, 'content-type': 'application/json', ...headers },
			body: body === undefined ? undefined : JSON.stringify(body),
		});
	}

	async get(path: string): Promise<Reply> {
		return this.call('GET', path);
	}

	/** The value of a 200 answer (fails the test with the errors otherwise). */
	async value<T = Record<string, unknown>>(method: string, path: string, body?: unknown): Promise<T> {
		const r = await this.call(method, path, body);
		if (r.status !== 200) throw new Error(`${method} ${path}: ${r.status} ${r.text}`);
		return r.json.value as T;
	}
}

/** Splits an export body into its objects the way a tolerant client must. */
export function parseExport(body: Buffer): Array<Record<string, unknown>> {
	let text = body.toString('utf8');
	if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
	for (const control of ['\u0000', '\u0001', '\u001a']) text = text.split(control).join('');
	text = text.trim();
	if (!text.startsWith('[') || !text.endsWith(']')) throw new Error('not an export body');
	return text
		.slice(1, -1)
		.split(/\},\s*\n/)
		.map((s) => s.trim())
		.filter(Boolean)
		.map((s) => JSON.parse(s.endsWith('}') ? s : `${s}}`) as Record<string, unknown>);
}

export const validListing = (officeGuid: string, agentGuid: string, checklistTypeId: number, extra: Record<string, unknown> = {}) => ({
	officeGuid,
	agentGuid,
	checklistTypeId,
	listingPrice: 450000,
	listingDate: '2026-01-02T00:00:00Z',
	expirationDate: '2099-01-02T00:00:00Z',
	property: { streetNumber: '12', streetAddress: 'Fixture Ln', city: 'Sampleton', state: 'CA', zip: '95814' },
	...extra,
});
