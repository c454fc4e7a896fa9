// A listings request refused (403) with a session that is no longer the stored one: another request
// met the same expiry and logged in meanwhile (n8n 2.x does so inside its own call, where the node
// sees nothing; or another worker in queue mode). The refused request goes again with the stored
// session and asks for no login: a login of its own would end the session everyone else now uses.
// The context stands in for n8n: it gives the request's headers on the error as n8n 2.x does
// (axios' config, kept in the error's cause), and a store another request has written to.
import {
	sleep,
	type IAdditionalCredentialOptions,
	type ICredentialDataDecryptedObject,
	type IDataObject,
	type IExecuteFunctions,
	type IHttpRequestOptions,
} from 'n8n-workflow';

import { listingsService, oneLoginPerSession } from '../../nodes/SkySlope/listingsSales/service';
import { apiRequest } from '../../nodes/SkySlope/shared/transport';

const BASE = 'http://listings.test/api-base';

interface Sent {
	options: IHttpRequestOptions;
	auth: IAdditionalCredentialOptions;
}

/** n8n as the transport meets it: each send answered by `answers` in turn, the store as given. */
function context(stored: () => ICredentialDataDecryptedObject, answers: Array<'expired' | 'ok'>, onSend: (n: number) => void = () => {}) {
	const sent: Sent[] = [];
	let credentialReads = 0;
	const ctx = {
		getNode: () => ({ name: 'Get listing', type: 'skySlope', typeVersion: 1, credentials: { skySlopeApi: { id: '1', name: 'SkySlope' } } }),
		getCredentials: async () => {
			credentialReads++;
			return stored();
		},
		helpers: {
			httpRequestWithAuthentication: async (_type: string, options: IHttpRequestOptions, auth: IAdditionalCredentialOptions) => {
				sent.push({ options, auth });
				const sessionSent = sessionSentBy(auth);
				onSend(sent.length);
				const answer = answers.shift();
				if (answer === 'ok') return { statusCode: 200, headers: {}, body: { listingGuid: 'L-1' } };
				// What n8n 2.x throws after its own renewal was refused too: the cause is the HTTP client's error.
				const cause = Object.assign(new Error('Request failed with status code 403'), {
					config: { url: options.url, headers: { Session: sessionSent } },
					response: { status: 403, headers: {}, data: { message: 'Session expired: log in again' } },
				});
				throw Object.assign(new Error('Forbidden'), { cause, httpCode: '403' });
			},
		},
	};
	/** The session n8n would have sent: the one given with the send, else the stored one. */
	function sessionSentBy(auth: IAdditionalCredentialOptions): string {
		const given = auth.credentialsDecrypted?.data;
		return String((given ?? stored()).sessionToken ?? '');
	}
	return { ctx: ctx as unknown as IExecuteFunctions, sent, reads: () => credentialReads };
}

const account = (session: string): ICredentialDataDecryptedObject => ({
	environment: 'custom',
	customBaseUrl: BASE,
	clientId: 'client',
	clientSecret: 'client-secret-value',
	// One access key per test: the transport's gate and target are per account.
	accessKey: `key-${Math.random().toString(36).slice(2)}`,
	accessSecret: 'access-secret-value',
	sessionToken: session,
	sessionRenewAt: new Date(Date.now() + 3_600_000).toISOString(),
});

describe('a 403 with a session the store has since replaced', () => {
	it('goes again with the stored session, without a login of its own', async () => {
		const first = account('session-old');
		let store = first;
		// Another request logs in while this one is on its way: the store holds the new session.
		const { ctx, sent } = context(() => store, ['expired', 'ok'], (n) => {
			if (n === 1) store = { ...first, sessionToken: 'session-new' };
		});
		await expect(apiRequest.call(ctx, listingsService, { method: 'GET', path: '/api/files/listings/L-1', itemIndex: 0 })).resolves.toEqual({
			listingGuid: 'L-1',
		});
		expect(sent[0].options.url).toBe(`${BASE}/api/files/listings/L-1`);
		expect(sent).toHaveLength(2);
		// No login asked: neither the credential's data with its session emptied nor the "leave the session out" marker.
		expect(sent[1].auth.credentialsDecrypted).toBeUndefined();
		expect(Object.keys(sent[1].options.headers ?? {}).map((h) => h.toLowerCase())).not.toContain('x-skyslope-renew-session');
	});

	it('a login of this process under way for the refused session: the request waits for it and goes with its session, before n8n has stored it', async () => {
		const stored = account('session-old');
		let loggedIn: (output: IDataObject) => void = () => {};
		// Another request of this process is logging in to replace session-old (n8n 2.x's own renewal).
		const login = oneLoginPerSession(stored, () => new Promise<IDataObject>((resolve) => (loggedIn = resolve)));
		const { ctx, sent } = context(() => stored, ['expired', 'ok'], (n) => {
			if (n === 1) void sleep(20).then(() => loggedIn({ sessionToken: 'session-fresh', sessionRenewAt: stored.sessionRenewAt }));
		});
		await expect(apiRequest.call(ctx, listingsService, { method: 'GET', path: '/api/files/listings/L-1', itemIndex: 0 })).resolves.toEqual({
			listingGuid: 'L-1',
		});
		await login;
		expect(sent).toHaveLength(2);
		// The login's session itself, given with the send: the store still holds session-old.
		expect(sent[1].auth.credentialsDecrypted?.data?.sessionToken).toBe('session-fresh');
	});

	it('when the store still holds the refused session, the request logs in (the session emptied, so n8n logs in first)', async () => {
		const stored = account('session-old');
		const { ctx, sent } = context(() => stored, ['expired', 'ok']);
		await expect(apiRequest.call(ctx, listingsService, { method: 'GET', path: '/api/files/listings/L-1', itemIndex: 0 })).resolves.toEqual({
			listingGuid: 'L-1',
		});
		expect(sent).toHaveLength(2);
		expect(sent[1].auth.credentialsDecrypted?.data?.sessionToken).toBe('');
	});

	it('a replaced session refused again is not resent forever: three resends, one login, then the service\'s words', async () => {
		const first = account('session-0');
		let n = 0;
		// Every read of the store finds a newer session, and every send is refused.
		const { ctx, sent } = context(() => ({ ...first, sessionToken: `session-${++n}` }), Array(20).fill('expired'));
		await expect(apiRequest.call(ctx, listingsService, { method: 'GET', path: '/api/files/listings/L-1', itemIndex: 0 })).rejects.toThrow(
			/^SkySlope Listings & Sales answered 403: Session expired: log in again$/,
		);
		// The first send, three resends with the stored session, then one login of its own (the session
		// emptied), refused too: five sends, the retry bound, and no loop.
		expect(sent.map((x) => x.auth.credentialsDecrypted?.data?.sessionToken ?? 'as stored')).toEqual([
			'as stored',
			'as stored',
			'as stored',
			'as stored',
			'',
		]);
	});
});

describe('a stale session whose stored copy n8n cannot read', () => {
	it("fails that request with n8n's words and gives back its slot: the account's next request goes", async () => {
		// Past its renewal time: the request reads the store again before it sends.
		const stale = { ...account('session-old'), sessionRenewAt: new Date(Date.now() - 1_000).toISOString() };
		// The first read (naming the account) succeeds; the next, before the send, fails.
		let reads = 0;
		const first = context(() => {
			if (reads++ >= 1) throw new Error('Could not read the credential: the database did not answer');
			return stale;
		}, ['ok']);
		await expect(apiRequest.call(first.ctx, listingsService, { method: 'GET', path: '/api/files/listings/L-1', itemIndex: 0 })).rejects.toThrow(
			'Could not read the credential: the database did not answer',
		);
		expect(first.sent).toHaveLength(0);
		// Another execution of the same account, the store readable again: it is not left waiting for a slot nobody frees.
		const next = context(() => stale, ['ok']);
		const answer = await Promise.race([
			apiRequest.call(next.ctx, listingsService, { method: 'GET', path: '/api/files/listings/L-1', itemIndex: 0 }),
			sleep(2_000).then(() => 'still waiting after 2 s'),
		]);
		expect(answer).toEqual({ listingGuid: 'L-1' });
		expect(next.sent).toHaveLength(1);
	});
});
