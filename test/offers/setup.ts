// What the SkySlope Offers tests share: a sandbox, the Offers credential pointed at it, and runners
// that carry the credential (with its token) from run to run as n8n does.
import type { ICredentialDataDecryptedObject, IDataObject, INodeExecutionData, INodeParameters } from 'n8n-workflow';

import { SkySlope } from '../../nodes/SkySlope/SkySlope.node';
import { SkySlopeTrigger } from '../../nodes/SkySlope/SkySlopeTrigger.node';
import { startSandbox, type RequestLogEntry, type SandboxOptions, type SandboxServer } from '../../sandbox';
import { OFFERS_CLIENT_ID, OFFERS_CLIENT_SECRET, type OffersState } from '../../sandbox/offers';
import { runMethod, runNode, runPoll, type MethodKind, type RunMethodResult, type RunNodeResult } from '../../harness/node';
import type { AnyNode } from '../../harness/node/node-types';

/** The Offers credential of the Custom environment at a base URL, as a user saves it. */
export function offersCredentialsAt(
	baseUrl: string,
	client = { clientId: OFFERS_CLIENT_ID, clientSecret: OFFERS_CLIENT_SECRET },
): Record<string, ICredentialDataDecryptedObject> {
	return { skySlopeOffersOAuth2Api: { environment: 'custom', customBaseUrl: baseUrl, ...client } };
}

/**
 * The Offers credential pointed at a sandbox. The base URL is written with or without its trailing
 * slash: users write both, the node reads both.
 */
export function offersCredentials(sandbox: SandboxServer, { trailingSlash = true } = {}): Record<string, ICredentialDataDecryptedObject> {
	return offersCredentialsAt(`${sandbox.baseUrl}/offers/offers-api${trailingSlash ? '/' : ''}`);
}

/** Offer > Get Many from `start` to `end` (epoch ms), every offer (Return All) unless `extra` says otherwise. */
export function offersBetween(start: number, end: number, extra: INodeParameters = {}): INodeParameters {
	return { resource: 'offer', operation: 'getAll', startDate: new Date(start).toISOString(), endDate: new Date(end).toISOString(), returnAll: true, ...extra };
}

export interface OffersEnv {
	sandbox: SandboxServer;
	state: OffersState;
	/** The stored credential, carried from run to run like n8n does (a token fetched is kept). */
	credentials: Record<string, ICredentialDataDecryptedObject>;
	/** The credential as first saved: no token yet. */
	reconnect(): void;
	run(parameters: INodeParameters, options?: { input?: IDataObject[]; continueOnFail?: boolean }): Promise<RunNodeResult>;
	/** The items' JSON of a run that must succeed (its error, with the description, otherwise). */
	items(parameters: INodeParameters, input?: IDataObject[]): Promise<IDataObject[]>;
	/** The trigger's class that polls: a test of a restart of n8n puts a fresh process's copy here (test/process.ts). */
	trigger: AnyNode;
	/** One poll of the SkySlope Trigger: its first output, or null when it emitted nothing. */
	poll(parameters: INodeParameters, staticData: IDataObject, mode?: 'manual' | 'trigger', pollBudgetMs?: number): Promise<INodeExecutionData[] | null>;
	method<K extends MethodKind>(kind: K, name: string, options?: { parameters?: INodeParameters; filter?: string }): Promise<RunMethodResult<K>['result']>;
	/** The API requests the service received (no token requests), oldest first. */
	apiCalls(path?: RegExp): RequestLogEntry[];
	/** The token requests. */
	tokenCalls(): RequestLogEntry[];
}

/**
 * One sandbox for the tests of a file or describe block: started before them, closed after. The
 * returned object is filled in when they start.
 */
export function useOffers(options: { trailingSlash?: boolean; sandbox?: SandboxOptions } = {}): OffersEnv {
	const env = {} as OffersEnv;
	beforeAll(async () => {
		const sandbox = await startSandbox({ port: 0, ...options.sandbox });
		Object.assign(env, {
			sandbox,
			state: sandbox.service<OffersState>('offers').state,
			credentials: offersCredentials(sandbox, options),
			trigger: SkySlopeTrigger,
			reconnect() {
				env.credentials = offersCredentials(sandbox, options);
			},
			async run(parameters, { input, continueOnFail } = {}) {
				const result = await runNode({ node: SkySlope, parameters, credentials: env.credentials, continueOnFail, input: input?.map((json) => ({ json })) });
				env.credentials = result.credentials;
				return result;
			},
			async items(parameters, input) {
				const result = await env.run(parameters, { input });
				if (result.error) throw new Error(`${result.error.message} | ${String(result.error.description ?? '')}`);
				return (result.output[0] ?? []).map((i) => i.json);
			},
			async poll(parameters, staticData, mode = 'trigger', pollBudgetMs) {
				const result = await runPoll({ node: env.trigger, parameters, credentials: env.credentials, staticData, mode, pollBudgetMs });
				env.credentials = result.credentials;
				return result.output ? result.output[0] : null;
			},
			async method(kind, name, { parameters, filter } = {}) {
				// The editor asks with the node's resource chosen, and the credential is this service's only for its resources.
				const out = await runMethod(SkySlope, kind, name, { credentials: env.credentials, parameters: { resource: 'offer', ...parameters }, filter });
				env.credentials = out.credentials;
				return out.result;
			},
			apiCalls: (path) => sandbox.requests('offers', 'GET', path).filter((e) => e.path.startsWith('/offers-api/ext/')),
			tokenCalls: () => sandbox.requests('offers', 'POST', /\/ext\/token$/),
		} satisfies OffersEnv);
	});
	afterAll(async () => await env.sandbox?.close());
	return env;
}
