// The account a request goes to: its base URL, its gate, the secrets to keep out of errors, read from
// the credential once per execution context; and the renewal of its session through n8n (a stale or
// refused session sent with the credential's data and the session emptied, so n8n logs in first).
import type { IAdditionalCredentialOptions, ICredentialDataDecryptedObject, IDataObject } from 'n8n-workflow';

import type { Failure } from './failure';
import { gateOf, type Gate } from './gate';
import type { ApiContext, ServiceSpec } from './types';

/** Where requests go and whose rate budget they spend. */
export interface Target {
	base: string;
	paceKey: string;
	/** The credential's secrets, never to appear in an error (a service may echo what it was sent). */
	secrets: string[];
	/** A renewed session was refused the same way: the status is not an expiry, do not renew again. */
	renewalFutile?: boolean;
	/**
	 * The service refused an OAuth token that n8n had just renewed: final for this execution. Later
	 * requests fail with the same words at once, without asking the token endpoint again.
	 */
	tokenRefused?: Failure;
	/** The stored credential as last read: whether its session is stale is asked of it before each send. */
	credentials: ICredentialDataDecryptedObject;
	gate: Gate;
}

const SECRET_FIELDS = ['clientSecret', 'accessSecret', 'sessionToken'];
const TOKEN_FIELDS = ['access_token', 'refresh_token'];

function secretsOf(credentials: ICredentialDataDecryptedObject): string[] {
	const token = (credentials.oauthTokenData ?? {}) as IDataObject;
	return [...SECRET_FIELDS.map((f) => credentials[f]), ...TOKEN_FIELDS.map((f) => token[f])].filter(
		(v): v is string => typeof v === 'string' && v.length >= 6,
	);
}

/**
 * The base URL and pace key, read from the credential once per execution context: one `execute`
 * call (all its items and pages) shares one context object, and in n8n every credential read is a
 * database read and a decryption.
 */
const targets = new WeakMap<object, Map<string, Target>>();
/** Per execution context: told when its first request names the account, so the router can widen. */
const accountListeners = new WeakMap<object, () => void>();

/**
 * How many items an item-by-item operation may have in flight for this execution context now: its
 * account's in-flight limit once a request has named the account, else undefined. The router
 * takes the items; the transport holds each request to the limit and the rate-limit window.
 */
export function itemsInFlightLimit(ctx: ApiContext): number | undefined {
	const known = targets.get(ctx);
	if (!known || known.size === 0) return undefined;
	return Math.min(...[...known.values()].map((t) => t.gate.limit));
}

/** Calls `listener` when this context's first request has named its account. */
export function onAccountKnown(ctx: ApiContext, listener: () => void): void {
	accountListeners.set(ctx, listener);
}

export async function targetOf(ctx: ApiContext, service: ServiceSpec): Promise<Target> {
	let known = targets.get(ctx);
	if (!known) targets.set(ctx, (known = new Map()));
	let target = known.get(service.credentialType);
	if (target === undefined) {
		const credentials = await ctx.getCredentials(service.credentialType);
		const base = service.baseUrl(credentials).replace(/\/+$/, '');
		const paceKey = `${service.credentialType} ${base} ${service.rateKey(credentials)}`;
		target = { base, paceKey, secrets: secretsOf(credentials), credentials, gate: gateOf(paceKey, service) };
		// No token or session yet: the first request gets one, so it goes alone (else one login per request).
		const token = (credentials.oauthTokenData ?? {}) as IDataObject;
		if (!token.access_token && !credentials.sessionToken) target.gate.cold = true;
		known.set(service.credentialType, target);
		accountListeners.get(ctx)?.();
	}
	return target;
}

/**
 * How a send of a service whose session the node renews goes: `as stored` (the stored session, or a
 * login first when it is stale), `log in` (n8n logs in before sending: a refused session nobody
 * renewed), `as known` (with the session a login of this process just gave).
 */
export type SendMode = 'as stored' | 'log in' | 'as known';

/**
 * The credential options of one send of a service whose session the node renews: as they are while
 * the stored session is good; with the credential's data and its session emptied when it is stale,
 * or when the mode is `log in` (a refused session nobody renewed), so that n8n logs in before
 * sending (sessionRenewal); with the session a login of this process just gave (`as known`). A
 * stale session is read again from the store first: another execution may have renewed it meanwhile.
 */
export async function renewingOptions(
	ctx: ApiContext,
	service: ServiceSpec,
	target: Target,
	renewal: NonNullable<ServiceSpec['sessionRenewal']>,
	mode: SendMode,
	authOptions: IAdditionalCredentialOptions,
): Promise<IAdditionalCredentialOptions> {
	const reference = ctx.getNode().credentials?.[service.credentialType];
	const withData = (data: ICredentialDataDecryptedObject): IAdditionalCredentialOptions => ({
		...authOptions,
		credentialsDecrypted: { id: reference?.id ?? '', name: reference?.name ?? '', type: service.credentialType, data },
	});
	// The session a login of this process just gave, which n8n may not have stored yet.
	if (mode === 'as known') return withData({ ...target.credentials });
	if (mode === 'as stored') {
		const now = Date.now();
		if (!renewal.stale(target.credentials, now)) return authOptions;
		const stored = await ctx.getCredentials(service.credentialType);
		target.credentials = stored;
		if (stored[renewal.expirable] && !renewal.stale(stored, now)) return authOptions;
	}
	return withData({ ...target.credentials, [renewal.expirable]: '' });
}

/**
 * What a request refused with the session `sent` does next, when that session has been replaced:
 * another request met the same expiry and logged in (n8n 2.x does so within its call, where the
 * node does not see it; or another worker). `known`: a login of this process replaced it, and the
 * request goes with the session that login gave (n8n may not have stored it yet); `stored`: the
 * store holds another good session, and the request goes as it is. Undefined: nobody replaced it,
 * and the request renews it itself. A login of its own would only end the session the others use.
 */
export async function replacedSession(
	ctx: ApiContext,
	service: ServiceSpec,
	target: Target,
	renewal: NonNullable<ServiceSpec['sessionRenewal']>,
	sent: string | undefined,
): Promise<'known' | 'stored' | undefined> {
	if (!sent) return undefined;
	const given = await renewal.loginReplacing(target.credentials, sent);
	if (typeof given?.[renewal.expirable] === 'string' && given[renewal.expirable] !== '') {
		target.credentials = { ...target.credentials, ...given } as ICredentialDataDecryptedObject;
		return 'known';
	}
	const stored = await ctx.getCredentials(service.credentialType);
	const session = typeof stored[renewal.expirable] === 'string' ? (stored[renewal.expirable] as string) : '';
	if (session === '' || session === sent || renewal.stale(stored, Date.now())) return undefined;
	target.credentials = stored;
	return 'stored';
}
