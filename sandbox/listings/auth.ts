// Section 5: the signed login and the sessions it opens.
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

import type { SandboxContext } from '../core/context';
import type { SandboxRequest, SandboxResponse } from '../core/router';
import { HttpError, parseJson } from './http';

/** The demo values printed on start and used by the tests. Fixed, so docs and examples can quote them. */
export const DEMO = {
	clientId: 'sandbox-client-id',
	clientSecret: 'sandbox-client-secret',
	/** The broker's key pair: sees every file of the brokerage. */
	accessKey: 'sandbox-access-key',
	accessSecret: 'sandbox-access-secret',
	/** An agent's key pair: sees only that agent's files (404 for the others). */
	agentAccessKey: 'sandbox-agent-access-key',
	agentAccessSecret: 'sandbox-agent-access-secret',
} as const;

export interface AccessKey {
	accessKey: string;
	accessSecret: string;
	userGuid: string;
}

export interface Session {
	token: string;
	clientId: string;
	userGuid: string;
	expiresAt: number;
}

/** base64(HMAC-SHA256(accessSecret, "<clientId>:<clientSecret>:<timestamp>")) — spec 5. */
export function expectedSignature(accessSecret: string, clientId: string, clientSecret: string, timestamp: string): string {
	return createHmac('sha256', Buffer.from(accessSecret, 'utf8'))
		.update(Buffer.from(`${clientId}:${clientSecret}:${timestamp}`, 'utf8'))
		.digest('base64');
}

/** RFC 3339 in UTC: `Z` or `+00:00`, with or without fractional seconds. */
const TIMESTAMP_RE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,9})?(Z|\+00:00|-00:00)$/i;

function safeEqual(a: string, b: string): boolean {
	const x = Buffer.from(a);
	const y = Buffer.from(b);
	return x.length === y.length && timingSafeEqual(x, y);
}

export class Auth {
	readonly clients = new Map<string, string>([[DEMO.clientId, DEMO.clientSecret]]);
	readonly keys = new Map<string, AccessKey>();
	readonly sessions = new Map<string, Session>();

	constructor(private readonly ctx: SandboxContext) {}

	addKey(key: AccessKey): void {
		this.keys.set(key.accessKey, key);
	}

	/** POST /auth/login. Refusals: 415 content type, 400 body, 401 credentials/signature/timestamp. */
	login(req: SandboxRequest): SandboxResponse {
		const type = String(req.headers['content-type'] ?? '').split(';')[0].trim().toLowerCase();
		if (type !== 'application/json') {
			throw new HttpError(415, ['Content-Type must be application/json']);
		}
		const parsed = parseJson(req.body.toString('utf8'));
		if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) {
			throw new HttpError(400, ['The login body must be a JSON object {clientID, clientSecret}']);
		}
		const body = parsed as Record<string, unknown>;
		const clientId = pickString(body, ['clientID', 'ClientId', 'clientId', 'ClientID']);
		const clientSecret = pickString(body, ['clientSecret', 'ClientSecret']);
		if (!clientId || !clientSecret) throw new HttpError(400, ['clientID and clientSecret are required']);

		const timestamp = String(req.headers.timestamp ?? '');
		if (!TIMESTAMP_RE.test(timestamp) || Number.isNaN(Date.parse(timestamp))) {
			throw new HttpError(401, ['Timestamp header missing or not an RFC 3339 UTC timestamp']);
		}
		const skewMs = this.ctx.options.lifetimes.listingsTimestampSkew * 1000;
		if (Math.abs(this.ctx.now() - Date.parse(timestamp)) > skewMs) {
			throw new HttpError(401, ['Timestamp is outside the allowed window; sign the request again']);
		}

		const match = /^SS ([^:\s]+):(\S+)$/.exec(String(req.headers.authorization ?? ''));
		if (!match) throw new HttpError(401, ['Authorization header must be "SS <AccessKey>:<HMAC>"']);
		const key = this.keys.get(match[1]);
		const knownSecret = this.clients.get(clientId);
		if (!key || knownSecret === undefined || !safeEqual(knownSecret, clientSecret)) {
			throw new HttpError(401, ['Invalid credentials']);
		}
		const expected = expectedSignature(key.accessSecret, clientId, clientSecret, timestamp);
		if (!safeEqual(expected, match[2])) throw new HttpError(401, ['Invalid signature']);

		const token = randomBytes(24).toString('base64url');
		const expiresAt = this.ctx.now() + this.ctx.options.lifetimes.listingsSession * 1000;
		this.sessions.set(token, { token, clientId, userGuid: key.userGuid, expiresAt });
		return { status: 200, json: { Session: token, Expiration: new Date(expiresAt).toISOString() } };
	}

	/**
	 * The session of a request. Missing or unknown: 401, so a client knows it must log in.
	 * Known but expired: 403, as spec 7.4 says; clients should treat both as "log in again".
	 */
	session(req: SandboxRequest): Session {
		const token = req.headers.session;
		if (typeof token !== 'string' || token.length === 0) throw new HttpError(401, ['Missing Session header']);
		const session = this.sessions.get(token);
		if (!session) throw new HttpError(401, ['Unknown session']);
		if (this.ctx.now() >= session.expiresAt) throw new HttpError(403, ['Session expired: log in again']);
		return session;
	}

	/** The clientId a request counts against (rate limit per clientId, spec 8). */
	clientOf(req: SandboxRequest): string {
		const token = req.headers.session;
		if (typeof token === 'string') {
			const s = this.sessions.get(token);
			if (s) return s.clientId;
		}
		if (req.path.toLowerCase() === '/auth/login') {
			const body = parseJson(req.body.toString('utf8'));
			if (body && typeof body === 'object') {
				const id = pickString(body as Record<string, unknown>, ['clientID', 'ClientId', 'clientId', 'ClientID']);
				if (id) return id;
			}
		}
		return 'anonymous';
	}

	expireAll(): void {
		const now = this.ctx.now();
		for (const s of this.sessions.values()) s.expiresAt = Math.min(s.expiresAt, now);
	}
}

function pickString(body: Record<string, unknown>, names: string[]): string | undefined {
	for (const n of names) if (typeof body[n] === 'string' && body[n] !== '') return body[n] as string;
	return undefined;
}
