// What the SkySlope node tests share: a sandbox, the demo credential, and one-call runners.
import type { ICredentialDataDecryptedObject, IDataObject, INodeExecutionData, INodeParameters } from 'n8n-workflow';

import { SkySlopeApi } from '../credentials/SkySlopeApi.credentials';
import { SkySlope } from '../nodes/SkySlope/SkySlope.node';
import { SkySlopeTrigger } from '../nodes/SkySlope/SkySlopeTrigger.node';
import { startSandbox, type SandboxOptions, type SandboxServer } from '../sandbox';
import { demoCredentials, type ListingsState } from '../sandbox/listings';
import { runMethod, runNode, runPoll, type MethodKind, type RunNodeResult } from './node';
import type { AnyNode } from './node/node-types';

export interface Env {
	sandbox: SandboxServer;
	state: ListingsState;
	/** The stored credential, carried from run to run like n8n does (the session is kept). */
	credentials: ICredentialDataDecryptedObject;
	run(parameters: INodeParameters, options?: { input?: INodeExecutionData[]; continueOnFail?: boolean }): Promise<RunNodeResult>;
	method<K extends MethodKind>(kind: K, name: string, parameters: INodeParameters, extra?: { filter?: string; paginationToken?: string }): Promise<import('./node').RunMethodResult<K>['result']>;
	/** The trigger's class that polls: a test of a restart of n8n puts a fresh process's copy here (test/process.ts). */
	trigger: AnyNode;
	/** Requests the listings service received, below its mount. */
	sent(method?: string, path?: RegExp): Array<{ method: string; path: string; query: Record<string, string | string[]>; body: unknown; status: number }>;
}

export async function startEnv(options: SandboxOptions = {}): Promise<Env> {
	const sandbox = await startSandbox({ port: 0, ...options });
	const credentials: ICredentialDataDecryptedObject = demoCredentials(sandbox.baseUrl);
	const env: Env = {
		sandbox,
		state: sandbox.services.get('listings')!.state as ListingsState,
		credentials,
		trigger: SkySlopeTrigger,
		async run(parameters, opts = {}) {
			const result = await runNode({
				node: SkySlope,
				parameters,
				credentialTypes: [SkySlopeApi],
				credentials: { skySlopeApi: env.credentials },
				input: opts.input,
				continueOnFail: opts.continueOnFail,
			});
			if (result.credentials.skySlopeApi) env.credentials = result.credentials.skySlopeApi;
			return result;
		},
		async method(kind, name, parameters, extra = {}) {
			const { result, credentials: after } = await runMethod(SkySlope, kind, name, {
				// The editor asks with the node's resource chosen, and the credential is this service's only for its resources.
				parameters: { resource: 'listing', ...parameters },
				credentialTypes: [SkySlopeApi],
				credentials: { skySlopeApi: env.credentials },
				...extra,
			});
			if (after.skySlopeApi) env.credentials = after.skySlopeApi;
			return result;
		},
		sent(method, path) {
			return sandbox.requests('listings', method, path);
		},
	};
	return env;
}

export const json = (result: RunNodeResult): IDataObject[] => (result.output[0] ?? []).map((i) => i.json);

/** A resource locator value picked "by GUID". */
export const byId = (value: string) => ({ __rl: true, mode: 'id', value });

/** One poll of the SkySlope Trigger with the env's credential; the items it emitted. */
export async function pollTrigger(
	env: Env,
	parameters: INodeParameters,
	staticData: IDataObject,
	mode: 'manual' | 'trigger' = 'trigger',
	pollBudgetMs?: number,
) {
	const result = await runPoll({
		pollBudgetMs,
		node: env.trigger,
		parameters,
		credentialTypes: [SkySlopeApi],
		credentials: { skySlopeApi: env.credentials },
		staticData,
		mode,
	});
	if (result.credentials.skySlopeApi) env.credentials = result.credentials.skySlopeApi;
	return (result.output?.[0] ?? []).map((i) => i.json);
}

/**
 * Listing > Create in an office for an agent, with every field the sandbox's form requires; `value`
 * adds fields or replaces those.
 */
export function listingCreate(officeGuid: string, checklistTypeId: number, agentGuid: string, street: string, value: IDataObject = {}): INodeParameters {
	return {
		resource: 'listing',
		operation: 'create',
		officeGuid: byId(officeGuid),
		checklistTypeId,
		agentGuid: byId(agentGuid),
		columns: {
			mappingMode: 'defineBelow',
			value: {
				listingPrice: 300000,
				listingDate: '2026-01-01T00:00:00.000Z',
				expirationDate: '2027-01-01T00:00:00.000Z',
				'property.streetNumber': '1',
				'property.streetAddress': street,
				'property.city': 'Sampleton',
				'property.state': 'CA',
				'property.zip': '95814',
				...value,
			},
			matchingColumns: [],
			schema: [],
		},
	};
}

/** Creates a listing in the first office, for its first agent, through the node; its GUID. */
export async function createListing(env: Env, street: string): Promise<string> {
	const office = env.state.store.offices[0];
	const agent = env.state.store.users.find((u) => u.userType === 'Agent' && u.officeGuid === office.officeGuid)!;
	const r = await env.run(listingCreate(office.officeGuid, 11, agent.userGuid, street));
	if (r.error) throw new Error(r.error.message);
	return String(json(r)[0].listingGuid);
}
