/* eslint-disable @n8n/community-nodes/no-restricted-imports -- dev tooling, never shipped in dist */
// No secret leaked: distinctive values in every credential field (client secrets, the access
// secret) plus the tokens and sessions the runs obtain; representative operations of all three
// nodes, their failures, and the credential tests; every output item, error message, description,
// the error's whole JSON, what n8n-core reported and what its logger printed are scanned.
// The Signing Trigger refuses what it must, starting no execution.
import { createRequire } from 'node:module';

import type * as BackendCommon from '@n8n/backend-common';
import { LoggerProxy, type ICredentialDataDecryptedObject, type IDataObject, type INodeParameters } from 'n8n-workflow';

import { SkySlopeApi } from '../../credentials/SkySlopeApi.credentials';
import { SkySlopeFormsOAuth2Api } from '../../credentials/SkySlopeFormsOAuth2Api.credentials';
import { SkySlopeOffersOAuth2Api } from '../../credentials/SkySlopeOffersOAuth2Api.credentials';
import { SkySlopeSigningTrigger } from '../../nodes/SkySlope/SkySlopeSigningTrigger.node';
import { SCOPES } from '../../sandbox/forms';
import { OFFERS_CLIENT_SECRET } from '../../sandbox/offers';
import { reportedErrors, runWebhook, runWebhookMethods, testCredential } from '../../harness/node';
import { Container } from '../../harness/node/environment';
import { byId, startEnv, type Env, type NodeKey } from './setup';

/** A value no response would hold by chance (built, so that the source holds no secret-looking literal). */
const distinctive = (...parts: string[]) => ['RELIABILITY', ...parts].join('-');
const FORMS_CLIENT = { id: 'reliability-forms-client', secret: distinctive('FORMS', 'CLIENT', '7f3a9c2e') };
const LISTINGS = {
	clientId: 'reliability-listings-client',
	clientSecret: distinctive('LISTINGS', 'CLIENT', '51d2e8aa'),
	accessKey: 'reliability-access-key',
	accessSecret: distinctive('LISTINGS', 'ACCESS', 'b04c1139'),
};

/** Everything n8n's logger printed while the tests ran. */
const logged: string[] = [];
let env: Env;

/** The secret values: what the user typed, and every token or session the runs were given. */
function secrets(): string[] {
	const out = new Set<string>([FORMS_CLIENT.secret, LISTINGS.clientSecret, LISTINGS.accessSecret, OFFERS_CLIENT_SECRET]);
	const walk = (value: unknown, key = '') => {
		if (typeof value === 'string' && /token|session|secret/i.test(key) && !/url|type|renew|expires/i.test(key) && value.length >= 12) out.add(value);
		else if (value && typeof value === 'object') for (const [k, v] of Object.entries(value)) walk(v, k);
	};
	walk(env.credentials);
	for (const t of env.forms.auth.accessTokens.keys()) out.add(t);
	for (const t of env.forms.auth.refreshTokens.keys()) out.add(t);
	for (const t of env.offers.tokens.keys()) out.add(t);
	for (const s of env.listings.auth.sessions.keys()) out.add(s);
	return [...out];
}

/** Where each secret showed up; empty when none did. */
function leaks(haystacks: Record<string, unknown>): string[] {
	const found: string[] = [];
	const list = secrets();
	for (const [where, value] of Object.entries(haystacks)) {
		const text = typeof value === 'string' ? value : safeJson(value);
		for (const secret of list) {
			if (text.includes(secret) || text.includes(Buffer.from(secret).toString('base64'))) found.push(`${where} holds ${secret.slice(0, 8)}...`);
		}
	}
	return found;
}

function safeJson(value: unknown): string {
	const seen = new WeakSet<object>();
	return JSON.stringify(value, (_, v: unknown) => {
		if (v && typeof v === 'object') {
			if (seen.has(v)) return '[circular]';
			seen.add(v);
		}
		if (v instanceof Error) return { ...v, message: v.message, stack: v.stack };
		return v;
	}) ?? '';
}

/**
 * Captures n8n's logging: the DI Logger's output (its winston logger replaced) and every call
 * through LoggerProxy at any level, debug included (both n8n-core's copy of n8n-workflow and ours).
 */
function captureLogger() {
	const requireFromCore = createRequire(require.resolve('n8n-core'));
	const { Logger } = requireFromCore('@n8n/backend-common') as typeof BackendCommon;
	const record = (level: string) => (message: unknown, meta?: unknown) => {
		logged.push(`${level} ${safeJson([message, meta])}`);
	};
	const sink = { log: (level: string, message: unknown, meta?: unknown) => record(level)(message, meta), child: () => sink, levels: {} };
	(Container.get(Logger) as unknown as { setInternalLogger(l: unknown): void }).setInternalLogger(sink);
	const capturing = { error: record('error'), warn: record('warn'), info: record('info'), debug: record('debug'), verbose: record('verbose') };
	const coreWorkflow = requireFromCore('n8n-workflow') as { LoggerProxy: typeof LoggerProxy };
	for (const proxy of [coreWorkflow.LoggerProxy, LoggerProxy]) {
		proxy.init(capturing as unknown as Parameters<typeof LoggerProxy.init>[0]);
	}
}

beforeAll(async () => {
	env = await startEnv({ rateLimits: { listings: { limit: 100_000 } } });
	captureLogger();
	// The sandbox learns the distinctive credentials; the nodes get them in every field.
	env.forms.auth.clients.set(FORMS_CLIENT.id, { id: FORMS_CLIENT.id, secret: FORMS_CLIENT.secret });
	env.credentials.forms = {
		...env.credentials.forms,
		clientId: FORMS_CLIENT.id,
		clientSecret: FORMS_CLIENT.secret,
		oauthTokenData: env.forms.auth.issueToken(SCOPES, undefined, FORMS_CLIENT.id) as unknown as IDataObject,
	};
	const broker = env.listings.store.users.find((u) => u.userType === 'Broker')!;
	env.listings.auth.clients.set(LISTINGS.clientId, LISTINGS.clientSecret);
	env.listings.auth.addKey({ accessKey: LISTINGS.accessKey, accessSecret: LISTINGS.accessSecret, userGuid: broker.userGuid });
	env.credentials.skyslope = { ...env.credentials.skyslope, ...LISTINGS };
});
afterAll(async () => env.close());

/** Runs and returns every place a secret could surface. */
async function runAndCollect(key: NodeKey, parameters: INodeParameters, input?: IDataObject[]) {
	const result = await env.run(key, parameters, { input: input?.map((json) => ({ json })), continueOnFail: true });
	const failed = await env.run(key, parameters, { input: input?.map((json) => ({ json })) });
	return {
		output: result.output,
		error: failed.error,
		message: failed.error?.message,
		description: failed.error?.description,
		errorItems: (result.output[0] ?? []).filter((i) => i.json.error !== undefined),
	};
}

describe('no secret, token or session in outputs, errors or logs', () => {
	const everything: Record<string, unknown> = {};

	it('Forms: reads, a write, a 404, a bad input, an expired token renewed, a refresh refused', async () => {
		const { store } = env.forms;
		const file = [...store.files.values()].find((f) => f.type === 'File' && store.canAccess(f))!;
		everything.formsGet = await runAndCollect('forms', { resource: 'file', operation: 'get', fileId: byId(file.id), simplify: false });
		everything.formsList = await runAndCollect('forms', { resource: 'file', operation: 'getAll', returnAll: false, limit: 5 });
		everything.formsProfile = await runAndCollect('forms', { resource: 'user', operation: 'getProfile' });
		everything.formsAdd = await runAndCollect('forms', { resource: 'fileContact', operation: 'add', fileId: byId(file.id), contactType: 'Buyer', firstName: 'S', lastName: 'T' });
		everything.forms404 = await runAndCollect('forms', { resource: 'file', operation: 'get', fileId: byId(999_999) });
		everything.formsBad = await runAndCollect('forms', { resource: 'file', operation: 'get', fileId: byId('={{ "../1" }}') });
		everything.formsUpload = await runAndCollect('forms', { resource: 'document', operation: 'upload', fileId: byId(file.id), binaryPropertyName: 'missing' });
		env.sandbox.expireAuth('forms');
		everything.formsRenewed = await runAndCollect('forms', { resource: 'file', operation: 'get', fileId: byId(file.id) });
		expect((everything.formsRenewed as { error?: unknown }).error).toBeUndefined();
		// The refresh token is refused (another client's secret): the error must not carry either.
		env.sandbox.expireAuth('forms');
		const saved = env.credentials.forms;
		env.credentials.forms = { ...saved, clientSecret: `${FORMS_CLIENT.secret}-WRONG` };
		everything.formsRefreshRefused = await runAndCollect('forms', { resource: 'file', operation: 'get', fileId: byId(file.id) });
		expect((everything.formsRefreshRefused as { message?: string }).message).toBeDefined();
		env.credentials.forms = saved;
		expect(leaks(everything)).toEqual([]);
	});

	it('SkySlope: reads, a create, a 422, a 404, a bad input, a session expired and renewed, a login refused', async () => {
		const listing = [...env.listings.store.listings.values()][0];
		everything.listingGet = await runAndCollect('skyslope', { resource: 'listing', operation: 'get', listingGuid: byId(listing.dto.listingGuid), simplify: false });
		everything.listingList = await runAndCollect('skyslope', { resource: 'listing', operation: 'getAll', returnAll: false, limit: 5, simplify: false });
		everything.health = await runAndCollect('skyslope', { resource: 'service', operation: 'checkHealth' });
		everything.contactCreate = await runAndCollect('skyslope', {
			resource: 'directoryContact',
			operation: 'create',
			columns: { mappingMode: 'defineBelow', value: { firstName: 'S', lastName: 'T' }, matchingColumns: [], schema: [] },
		});
		everything.listing422 = await runAndCollect('skyslope', {
			resource: 'listing',
			operation: 'create',
			officeGuid: byId(listing.dto.officeGuid),
			checklistTypeId: listing.checklistTypeId,
			agentGuid: byId(listing.dto.agentGuid),
			columns: { mappingMode: 'defineBelow', value: { listingPrice: 1 }, matchingColumns: [], schema: [] },
		});
		everything.listing404 = await runAndCollect('skyslope', { resource: 'listing', operation: 'get', listingGuid: byId('00000000-0000-4000-8000-00000000dead') });
		everything.listingBad = await runAndCollect('skyslope', { resource: 'listing', operation: 'get', listingGuid: byId('={{ "nope" }}') });
		env.sandbox.expireAuth('listings');
		everything.listingRenewed = await runAndCollect('skyslope', { resource: 'listing', operation: 'get', listingGuid: byId(listing.dto.listingGuid), simplify: false });
		expect((everything.listingRenewed as { error?: unknown }).error).toBeUndefined();
		env.sandbox.expireAuth('listings');
		const saved = env.credentials.skyslope;
		env.credentials.skyslope = { ...saved, accessSecret: `${LISTINGS.accessSecret}-WRONG`, sessionToken: '' };
		everything.loginRefused = await runAndCollect('skyslope', { resource: 'listing', operation: 'get', listingGuid: byId(listing.dto.listingGuid) });
		expect((everything.loginRefused as { message?: string }).message).toBeDefined();
		env.credentials.skyslope = saved;
		expect(leaks(everything)).toEqual([]);
	});

	it('Offers: reads, a 404, a bad input, an expired token renewed, a token refused', async () => {
		const offer = [...env.offers.offers.values()][0];
		everything.offerGet = await runAndCollect('offers', { resource: 'offer', operation: 'get', offerId: offer.OfferId });
		everything.offerList = await runAndCollect('offers', { resource: 'offer', operation: 'getAll', startDate: offer.OfferSubmissionDate.slice(0, 10), returnAll: false, limit: 5 });
		everything.offer404 = await runAndCollect('offers', { resource: 'offer', operation: 'get', offerId: 'NO-SUCH-OFFER' });
		everything.offerBad = await runAndCollect('offers', { resource: 'report', operation: 'get', startDate: 'yesterday', endDate: '2024-02-30' });
		env.sandbox.expireAuth('offers');
		everything.offerRenewed = await runAndCollect('offers', { resource: 'offer', operation: 'get', offerId: offer.OfferId });
		expect((everything.offerRenewed as { error?: unknown }).error).toBeUndefined();
		const saved = env.credentials.offers;
		env.credentials.offers = { ...saved, clientSecret: `${OFFERS_CLIENT_SECRET}-WRONG` };
		delete env.credentials.offers.oauthTokenData;
		everything.offerTokenRefused = await runAndCollect('offers', { resource: 'offer', operation: 'get', offerId: offer.OfferId });
		expect((everything.offerTokenRefused as { message?: string }).message).toBeDefined();
		env.credentials.offers = saved;
		expect(leaks(everything)).toEqual([]);
	});

	it('the credential tests, right and wrong, say nothing secret', async () => {
		const results: Record<string, unknown> = {};
		results.formsOk = await testCredential(SkySlopeFormsOAuth2Api, env.credentials.forms);
		results.listingsOk = await testCredential(SkySlopeApi, env.credentials.skyslope);
		results.offersOk = await testCredential(SkySlopeOffersOAuth2Api, env.credentials.offers);
		results.listingsWrong = await testCredential(SkySlopeApi, { ...env.credentials.skyslope, accessSecret: `${LISTINGS.accessSecret}-WRONG`, clientSecret: `${LISTINGS.clientSecret}-WRONG` });
		results.offersWrong = await testCredential(SkySlopeOffersOAuth2Api, { ...env.credentials.offers, clientSecret: `${OFFERS_CLIENT_SECRET}-WRONG`, oauthTokenData: undefined } as unknown as ICredentialDataDecryptedObject);
		const statuses = Object.fromEntries(Object.entries(results).map(([k, v]) => [k, (v as { status: string }).status]));
		expect(statuses).toEqual({ formsOk: 'OK', listingsOk: 'OK', offersOk: 'OK', listingsWrong: 'Error', offersWrong: 'Error' });
		// What the user sees of a test is its status and message (the stored data is the credential itself).
		const seen = Object.fromEntries(Object.entries(results).map(([k, v]) => [k, (v as { message: string }).message]));
		expect(leaks(seen)).toEqual([]);
	});

	it("nothing secret in what n8n-core reported or logged during all of the above", () => {
		expect(Object.keys(everything).length).toBeGreaterThan(20);
		expect(logged.length).toBeGreaterThan(10); // the capture works: n8n-core logs every node run
		expect(leaks({ reported: reportedErrors, logged })).toEqual([]);
		// The scan itself finds a secret where there is one.
		expect(leaks({ probe: `x ${LISTINGS.accessSecret} y` })).toHaveLength(1);
	});
});

describe('the Signing Trigger refuses what it must, starting no execution', () => {
	const parameters: INodeParameters = {};
	const staticData: IDataObject = {};
	let fileId = 0;

	beforeAll(async () => {
		const { store } = env.forms;
		const file = [...store.files.values()].find((f) => f.type === 'File' && store.canAccess(f) && f.webhookUrl === undefined && store.liveDocuments(f.id).length > 0)!;
		fileId = file.id;
		parameters.files = { file: [{ fileId: byId(file.id) }] };
		const created = await runWebhookMethods({
			node: SkySlopeSigningTrigger,
			method: 'create',
			mode: 'trigger',
			parameters,
			staticData,
			credentials: { skySlopeFormsOAuth2Api: env.credentials.forms },
		});
		expect(created.result).toBe(true);
	});

	const deliver = async (body: IDataObject | string | Buffer, query: Record<string, string>, headers?: Record<string, string>) =>
		await runWebhook({
			node: SkySlopeSigningTrigger,
			parameters,
			staticData,
			credentials: { skySlopeFormsOAuth2Api: env.credentials.forms },
			request: { body, query, headers },
		});

	const good = (envelope = 1) => ({ eventType: 'documents.signed', fileId, formsEnvelopeId: envelope, documentIds: [1], signedAt: '2026-01-01T00:00:00Z' });

	it('a notification without its secret: 401, nothing started, the secret not echoed', async () => {
		for (const query of [{}, { secret: '' }, { secret: 'guess' }] as Array<Record<string, string>>) {
			const r = await deliver(good(), query);
			expect(r.response.status).toBe(401);
			expect(r.workflowData).toBeUndefined();
			expect(r.response.body).not.toContain(String(staticData.secret));
		}
	});

	it('malformed bodies: nothing started', async () => {
		const secret = { secret: String(staticData.secret) };
		const bodies: Array<[IDataObject | string, Record<string, string> | undefined]> = [
			['{"fileId": 1, "documentIds": [', { 'content-type': 'text/plain' }],
			['fileId=abc', { 'content-type': 'application/x-www-form-urlencoded' }],
			[{ fileId: 'abc' }, undefined],
			[{ fileId: -1 }, undefined],
			[{ fileId: { $gt: 0 } } as IDataObject, undefined],
			[{}, undefined],
		];
		for (const [body, headers] of bodies) {
			const r = await deliver(body, secret, headers);
			expect(r.workflowData).toBeUndefined();
			expect(r.response.status).toBeLessThan(500);
		}
	});

	// A notification is well under 1 KB: the trigger refuses anything over 64 KiB with 413 (real n8n
	// would only refuse bodies over N8N_PAYLOAD_SIZE_MAX, 16 MB by default).
	it('an oversized body (30 MB), even with the right secret: 413 and nothing started', async () => {
		const body = { ...good(2), padding: 'x'.repeat(30 * 1024 * 1024) };
		const r = await deliver(body, { secret: String(staticData.secret) });
		expect(r.response.status).toBe(413);
		expect(r.workflowData).toBeUndefined();
	});

	it('and a good notification after all of that still starts one execution', async () => {
		const r = await deliver(good(3), { secret: String(staticData.secret) });
		expect(r.response.status).toBe(200);
		expect(r.workflowData?.[0]).toHaveLength(1);
	});
});
