// What the reliability tests share: one sandbox of all three services, a stored credential for
// each node (carried from run to run, as n8n keeps a renewed session or token), and runners.
import type {
	ICredentialDataDecryptedObject,
	IDataObject,
	INodeExecutionData,
	INodeParameterResourceLocator,
	INodeParameters,
	INodeProperties,
	INodeTypeBaseDescription,
} from 'n8n-workflow';

import { services } from '../../nodes/SkySlope/actions';
import { buildNodeProperties } from '../../nodes/SkySlope/shared';
import { SkySlope } from '../../nodes/SkySlope/SkySlope.node';
import { retryPolicy } from '../../nodes/SkySlope/shared/transport';
import { startSandbox, type FaultRule, type RequestLogEntry, type SandboxOptions, type SandboxServer, type ServiceName } from '../../sandbox';
import type { FormsServiceState } from '../../sandbox/forms';
import { demoCredentials, type ListingsState } from '../../sandbox/listings';
import { type OffersState } from '../../sandbox/offers';
import { formsCredential } from '../../harness/forms-env';
import { runNode, type RunNodeResult } from '../../harness/node';
import { offersCredentials } from '../offers/setup';
export { listingCreate } from '../../harness/listings-env';

export type NodeKey = 'forms' | 'skyslope' | 'offers';

export const NODES = {
	forms: { node: SkySlope, credential: 'skySlopeFormsOAuth2Api', service: 'forms' as ServiceName },
	skyslope: { node: SkySlope, credential: 'skySlopeApi', service: 'listings' as ServiceName },
	offers: { node: SkySlope, credential: 'skySlopeOffersOAuth2Api', service: 'offers' as ServiceName },
} as const;

/** Requests that only set up auth (a token, a login): everything else is a call of the operation. */
export function isAuthRequest(entry: RequestLogEntry): boolean {
	return (
		/\/oauth2\/token$/.test(entry.path) ||
		/^\/auth\/login$/.test(entry.path) ||
		/\/ext\/token$/.test(entry.path)
	);
}

export interface Env {
	sandbox: SandboxServer;
	forms: FormsServiceState;
	listings: ListingsState;
	offers: OffersState;
	credentials: Record<NodeKey, ICredentialDataDecryptedObject>;
	run(
		key: NodeKey,
		parameters: INodeParameters,
		options?: { input?: INodeExecutionData[]; continueOnFail?: boolean },
	): Promise<RunNodeResult>;
	/** Requests of the node's service other than token and login requests. */
	calls(key: NodeKey, since?: number): RequestLogEntry[];
	/** The sequence number of the newest logged request (to count what comes after). */
	mark(): number;
	close(): Promise<void>;
}

export function credentialsFor(sandbox: SandboxServer): Record<NodeKey, ICredentialDataDecryptedObject> {
	const forms = sandbox.service<FormsServiceState>('forms').state;
	return {
		forms: formsCredential(sandbox, forms),
		skyslope: demoCredentials(sandbox.baseUrl),
		offers: offersCredentials(sandbox, { trailingSlash: false }).skySlopeOffersOAuth2Api,
	};
}

/** The fault mix of issue 8: 10% 503, 5% dropped connections, latency, auth expiring every 50 requests. */
export const storm = (service: FaultRule['service'], path: string): FaultRule[] => [
	{ service, path, latencyMs: 2, expireEvery: 50, dropRate: 0.05, errorRate: 0.1, errorStatus: 503 },
];

const originalPolicy = { ...retryPolicy };

/** Shortens the retry backoff (attempts and rules unchanged) so fault runs fit a test; restore after. */
export function fastRetries(): void {
	Object.assign(retryPolicy, { baseDelayMs: 5, maxDelayMs: 40 });
}

export function realRetries(): void {
	Object.assign(retryPolicy, originalPolicy);
}


export async function startEnv(options: SandboxOptions = {}): Promise<Env> {
	const sandbox = await startSandbox({ port: 0, ...options });
	const env: Env = {
		sandbox,
		forms: sandbox.service<FormsServiceState>('forms').state,
		listings: sandbox.service<ListingsState>('listings').state,
		offers: sandbox.service<OffersState>('offers').state,
		credentials: credentialsFor(sandbox),
		async run(key, parameters, opts = {}) {
			const { node, credential } = NODES[key];
			const result = await runNode({
				node,
				parameters,
				credentials: { [credential]: env.credentials[key] },
				input: opts.input,
				continueOnFail: opts.continueOnFail,
			});
			if (result.credentials[credential]) env.credentials[key] = result.credentials[credential];
			return result;
		},
		calls(key, since = 0) {
			return sandbox.requests(NODES[key].service).filter((e) => e.seq > since && !isAuthRequest(e));
		},
		mark() {
			return sandbox.log.length ? sandbox.log[sandbox.log.length - 1].seq : 0;
		},
		close: async () => await sandbox.close(),
	};
	return env;
}

/** A resource locator value typed in by ID (or GUID). */
export const byId = (value: string | number): INodeParameterResourceLocator => ({ __rl: true, mode: 'id', value });

/** The JSON of every item of the main output. */
export const jsonOf = (result: RunNodeResult): IDataObject[] => (result.output[0] ?? []).map((item) => item.json);

/** The SkySlope node's description as far as one service goes: its resources and their operations. */
export function descriptionOf(key: NodeKey): INodeTypeBaseDescription & { properties: INodeProperties[] } {
	const { resources } = services.find((s) => s.service.credentialType === NODES[key].credential)!;
	return { ...new NODES[key].node().description, properties: buildNodeProperties(resources) };
}
