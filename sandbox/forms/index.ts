// The SkySlope Forms service of the sandbox, mounted at /forms:
//   {base_url} = <sandbox>/forms      API at {base_url}/partner/api/...
//   {auth_url} = <sandbox>/forms      /oauth2/authorize, /oauth2/token
// See docs/forms-credential.md for the demo client, scopes, MLS table and the sign trigger.
import { z } from 'zod';

import type { ServiceFactory } from '../core/server';
import { mulberry32 } from '../core/random';
import { Router } from '../core/router';
import { FormsAuth, SANDBOX_CLIENT_ID, SANDBOX_CLIENT_SECRET, SCOPES } from './auth';
import { catalogRoutes } from './catalog';
import { contactRoutes } from './contacts';
import { documentRoutes } from './documents';
import { envelopeRoutes, type Delivery } from './envelopes';
import { fileRoutes } from './files';
import { formVersionRoutes } from './formVersions';
import { groupRoutes } from './groups';
import { badRequest, errorResponse, jsonBody, wrap } from './http';
import { applyFormsLive } from './live';
import { formsPersistence } from './persist';
import { seedForms, USERS } from './seed';
import { makeApi, type FormsState } from './state';
import { FormsStore } from './store';

export { SANDBOX_CLIENT_ID, SANDBOX_CLIENT_SECRET, SCOPES } from './auth';
export type { SignedNotification, Delivery, NotificationPayload } from './envelopes';
export { NOTIFICATION_SHAPES, type NotificationShape } from './signing';
export { USERS } from './seed';

/** What `sandbox.service('forms').state` exposes to tests. */
export interface FormsServiceState {
	store: FormsStore;
	auth: FormsAuth;
	/** Webhook notifications sent by the sign route, oldest first. */
	deliveries: Delivery[];
	users: typeof USERS;
}

const tokenRequestSchema = z.object({ scope: z.string().optional() }).strict();

export const formsService: ServiceFactory = (ctx) => {
	const store = new FormsStore();
	seedForms(store, ctx.options.seed, ctx.options.scale.files);
	const auth = new FormsAuth(ctx);
	const persistence = formsPersistence(ctx.options.stateDir, store, auth);
	const router = new Router();
	const traceRandom = mulberry32((ctx.options.seed ^ 0x7ace) >>> 0);
	const traceId = () =>
		Array.from({ length: 32 }, () => Math.floor(traceRandom() * 16).toString(16)).join('');
	const base: Omit<FormsState, 'api'> = {
		ctx,
		store,
		auth,
		router,
		random: mulberry32((ctx.options.seed ^ 0x0e17) >>> 0),
		traceId,
		iso: () => new Date(ctx.now()).toISOString(),
		persist: () => persistence.save(),
	};
	const state: FormsState = { ...base, api: makeApi(base) };
	const deliveries: Delivery[] = [];

	auth.routes(router);
	// Sandbox-only: a token pair for the demo user without the browser round trip, e.g. to import a
	// connected credential (`oauthTokenData`) into n8n. Body (optional): {"scope": "space separated"}.
	router.post(
		'/sandbox/tokens',
		wrap(traceId, (req) => {
			const input = req.body.length ? jsonBody(req, tokenRequestSchema) : {};
			const scopes = input.scope === undefined ? [...SCOPES] : input.scope.split(/\s+/).filter(Boolean);
			const unknown = scopes.filter((scope) => !(SCOPES as readonly string[]).includes(scope));
			if (unknown.length) throw badRequest('Unknown scopes', unknown.map((scope) => `scope: '${scope}' is not a forms scope`));
			return { status: 200, headers: { 'cache-control': 'no-store' }, json: auth.issueToken(scopes) };
		}),
	);
	fileRoutes(state);
	contactRoutes(state);
	documentRoutes(state);
	envelopeRoutes(state, deliveries);
	catalogRoutes(state);
	formVersionRoutes(state);
	groupRoutes(state);

	const exposed: FormsServiceState = { store, auth, deliveries, users: USERS };
	return {
		name: 'forms',
		mount: '/forms',
		router,
		error: (status, message, errors) => errorResponse(traceId, status, message, errors ?? [message]),
		rateKey: (req) => auth.rateKey(req),
		expireAuth: () => auth.expireAll(),
		applyLive: applyFormsLive,
		credentialHints: (baseUrl) => ({
			credential: 'SkySlope Forms OAuth2 API (environment: Custom)',
			baseUrl: `${baseUrl}/forms`,
			accountsUrl: `${baseUrl}/forms`,
			authUrl: `${baseUrl}/forms/oauth2/authorize`,
			accessTokenUrl: `${baseUrl}/forms/oauth2/token`,
			clientId: SANDBOX_CLIENT_ID,
			clientSecret: SANDBOX_CLIENT_SECRET,
			scopes: SCOPES.join(' '),
			signTrigger: `POST ${baseUrl}/forms/sandbox/files/{fileId}/sign`,
			signPage: `${baseUrl}/forms/sandbox`,
			tokenShortcut: `POST ${baseUrl}/forms/sandbox/tokens`,
		}),
		state: exposed,
	};
};
