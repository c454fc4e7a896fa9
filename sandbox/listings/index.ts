// The listings-and-sales service (spec listings-sales-service.md), mounted at /listings:
// {api_url} = <sandbox>/listings.
import type { ServiceFactory } from '../core/server';
import { Router } from '../core/router';
import { Auth, DEMO } from './auth';
import { registerContacts } from './contacts';
import { guard, type Deps } from './deps';
import { registerExport } from './export';
import { registerActivity } from './activity';
import { errorResponse, MOUNT, objectBody } from './http';
import { registerListings } from './listings';
import { applyListingsLive } from './live';
import { registerOffices } from './offices';
import { registerSales } from './sales';
import { Store } from './store';

export { DEMO } from './auth';

/** The data of an n8n `skySlopeApi` credential for this sandbox (`baseUrl` is the sandbox root). */
export function demoCredentials(baseUrl: string, as: 'broker' | 'agent' = 'broker'): Record<string, string> {
	return {
		environment: 'custom',
		customBaseUrl: `${baseUrl}${MOUNT}`,
		clientId: DEMO.clientId,
		clientSecret: DEMO.clientSecret,
		accessKey: as === 'agent' ? DEMO.agentAccessKey : DEMO.accessKey,
		accessSecret: as === 'agent' ? DEMO.agentAccessSecret : DEMO.accessSecret,
	};
}
export { listingsEndpoints } from './manifest';

/** What tests reach through `sandbox.service('listings').state`. */
export interface ListingsState {
	store: Store;
	auth: Auth;
	/** Multi-office broker by default; `false` gives the single-office behaviour (4.3, 4.7 PUT /office). */
	setMultiOffice(multi: boolean): void;
	/** Cuts every bulk export after `n` whole objects, mid-object (undefined: off). */
	setExportCutAfter(n: number | undefined): void;
	/**
	 * Ends every bulk export cleanly after `n` files, short of what its summary announces; with
	 * `summary: false`, also without the summary (undefined: off).
	 */
	setExportShort(n: number | undefined, options?: { summary?: boolean }): void;
	/** Progress of the export streams, for tests that check streaming. */
	exports: Array<{ emitted: number; done: boolean; aborted: boolean }>;
}

export const listingsService: ServiceFactory = (ctx) => {
	const store = new Store({ seed: ctx.options.seed, now: ctx.now() });
	const auth = new Auth(ctx);
	const broker = store.users.find((u) => u.userType === 'Broker');
	const agent = store.users.find((u) => u.userType === 'Agent');
	if (broker) auth.addKey({ accessKey: DEMO.accessKey, accessSecret: DEMO.accessSecret, userGuid: broker.userGuid });
	if (agent) auth.addKey({ accessKey: DEMO.agentAccessKey, accessSecret: DEMO.agentAccessSecret, userGuid: agent.userGuid });

	const state: ListingsState = {
		store,
		auth,
		setMultiOffice: (multi) => {
			store.multiOffice = multi;
		},
		setExportCutAfter: (n) => {
			store.exportCutAfter = n;
		},
		setExportShort: (n, options = {}) => {
			store.exportShort = n === undefined ? undefined : { files: n, summary: options.summary !== false };
		},
		exports: [],
	};
	const deps: Deps = { ctx, store, auth };
	const router = new Router();
	router.post(
		'/auth/login',
		guard((req) => auth.login(req)),
	);
	registerOffices(router, deps);
	registerListings(router, deps);
	registerSales(router, deps);
	registerContacts(router, deps);
	registerExport(router, deps, state.exports);
	registerActivity(router, deps);
	// Sandbox-only test control for processes that do not hold the server (the e2e suite):
	// PUT {api_url}/_sandbox/config {"multiOffice": false, "exportCutAfter": 3 | null}. No session needed.
	router.put(
		'/_sandbox/config',
		guard((req) => {
			const body = objectBody(req);
			if (typeof body.multiOffice === 'boolean') state.setMultiOffice(body.multiOffice);
			if (body.exportCutAfter === null || typeof body.exportCutAfter === 'number') {
				state.setExportCutAfter(body.exportCutAfter === null ? undefined : body.exportCutAfter);
			}
			return { status: 200, json: { multiOffice: store.multiOffice, exportCutAfter: store.exportCutAfter ?? null } };
		}),
	);

	return {
		name: 'listings',
		mount: MOUNT,
		router,
		error: (status, message, errors) => errorResponse(status, errors && errors.length ? errors : [message]),
		rateKey: (req) => auth.clientOf(req),
		expireAuth: () => auth.expireAll(),
		applyLive: applyListingsLive,
		credentialHints: (baseUrl) => ({
			baseUrl: `${baseUrl}${MOUNT}`,
			clientId: DEMO.clientId,
			clientSecret: DEMO.clientSecret,
			accessKey: DEMO.accessKey,
			accessSecret: DEMO.accessSecret,
			agentAccessKey: DEMO.agentAccessKey,
			agentAccessSecret: DEMO.agentAccessSecret,
		}),
		state,
	};
};
