// What the SkySlope node (Forms) tests share: a sandbox, a Forms token, and one-call runners.
import type { ICredentialDataDecryptedObject, IDataObject, INodeExecutionData, INodeParameterResourceLocator, INodeParameters } from 'n8n-workflow';

import { SkySlopeFormsOAuth2Api } from '../credentials/SkySlopeFormsOAuth2Api.credentials';
import { SkySlope } from '../nodes/SkySlope/SkySlope.node';
import { startSandbox, type RequestLogEntry, type SandboxOptions, type SandboxServer } from '../sandbox';
import { SANDBOX_CLIENT_ID, SANDBOX_CLIENT_SECRET, SCOPES, type FormsServiceState } from '../sandbox/forms';
import { useStarted } from './node/use';
import { runMethod, runNode, type MethodKind, type RunMethodResult, type RunNodeResult } from './node';

export const CREDENTIAL = 'skySlopeFormsOAuth2Api';

export interface FormsEnv {
	sandbox: SandboxServer;
	state: FormsServiceState;
	/** The stored credential, carried from run to run like n8n does (a refreshed token is kept). */
	credentials: ICredentialDataDecryptedObject;
	run(
		parameters: INodeParameters,
		options?: { input?: INodeExecutionData[]; continueOnFail?: boolean; keepNodeOutput?: boolean; typeVersion?: number },
	): Promise<RunNodeResult>;
	method<K extends MethodKind>(
		kind: K,
		name: string,
		parameters: INodeParameters,
		extra?: { filter?: string; paginationToken?: string },
	): Promise<RunMethodResult<K>['result']>;
	/** Requests the forms service received (below its mount), oldest first. */
	sent(method?: string, path?: RegExp): RequestLogEntry[];
	/** Only the partner API requests (no token requests). */
	api(method?: string, path?: RegExp): RequestLogEntry[];
	close(): Promise<void>;
}

/** The stored credential of a user who has connected the demo client with the given scopes. */
export function formsCredential(sandbox: SandboxServer, state: FormsServiceState, scopes: readonly string[] = SCOPES): ICredentialDataDecryptedObject {
	const base = `${sandbox.baseUrl}/forms`;
	return {
		environment: 'custom',
		customBaseUrl: base,
		customAccountsUrl: base,
		clientId: SANDBOX_CLIENT_ID,
		clientSecret: SANDBOX_CLIENT_SECRET,
		scopes: scopes.filter((s) => s !== 'offline_access'),
		oauthTokenData: state.auth.issueToken(scopes) as unknown as IDataObject,
	};
}

export async function startForms(options: SandboxOptions = {}, scopes: readonly string[] = SCOPES): Promise<FormsEnv> {
	const sandbox = await startSandbox({ port: 0, ...options });
	const state = sandbox.service<FormsServiceState>('forms').state;
	const env: FormsEnv = {
		sandbox,
		state,
		credentials: formsCredential(sandbox, state, scopes),
		async run(parameters, opts = {}) {
			const result = await runNode({
				node: SkySlope,
				parameters,
				credentialTypes: [SkySlopeFormsOAuth2Api],
				credentials: { [CREDENTIAL]: env.credentials },
				input: opts.input,
				continueOnFail: opts.continueOnFail,
				keepNodeOutput: opts.keepNodeOutput,
				typeVersion: opts.typeVersion,
			});
			if (result.credentials[CREDENTIAL]) env.credentials = result.credentials[CREDENTIAL];
			return result;
		},
		async method(kind, name, parameters, extra = {}) {
			const { result, credentials: after } = await runMethod(SkySlope, kind, name, {
				parameters,
				credentialTypes: [SkySlopeFormsOAuth2Api],
				credentials: { [CREDENTIAL]: env.credentials },
				...extra,
			});
			if (after[CREDENTIAL]) env.credentials = after[CREDENTIAL];
			return result;
		},
		sent(method, path) {
			return sandbox.requests('forms', method, path);
		},
		api(method, path) {
			return sandbox.requests('forms', method, path).filter((r) => r.path.startsWith('/partner/api'));
		},
		close: async () => await sandbox.close(),
	};
	return env;
}

/**
 * One sandbox for the tests of a file: started before them, closed after, its log and faults
 * cleared before each. The object returned stands for the env once started.
 */
export function useForms(options: SandboxOptions = {}, scopes: readonly string[] = SCOPES): FormsEnv {
	const env = useStarted(
		() => startForms(options, scopes),
		(started) => started.close(),
	);
	beforeEach(() => {
		env.sandbox.clearLog();
		env.sandbox.setFaults([]);
	});
	return env;
}

/** A resource locator value by ID, as the editor saves it. */
export function byId(value: string | number): INodeParameterResourceLocator {
	return { __rl: true, mode: 'id', value: String(value) };
}

/** A resource locator value picked from a list. */
export function fromList(value: string | number): INodeParameterResourceLocator {
	return { __rl: true, mode: 'list', value: String(value) };
}

/** The JSON of every item of the main output. */
export function jsonOf(result: RunNodeResult): IDataObject[] {
	return (result.output[0] ?? []).map((item) => item.json);
}

/** The smallest valid PDF the sandbox (and a PDF reader) accepts. */
export function tinyPdf(text = 'hello'): Buffer {
	return Buffer.from(
		`%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 200]>>endobj\n% ${text}\ntrailer<</Root 1 0 R>>\n%%EOF\n`,
		'latin1',
	);
}
