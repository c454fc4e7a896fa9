import { ExternalSecretsProxy } from 'n8n-core';
import type {
	ICredentialDataDecryptedObject,
	ICredentialType,
	IDataObject,
	INode,
	INodeCredentials,
	INodeParameters,
	INodeType,
	IVersionedNodeType,
	IWorkflowExecuteAdditionalData,
} from 'n8n-workflow';

import './regex';
import { UnexpectedError, Workflow } from 'n8n-workflow';

import type { CredentialClass } from './credential-types';
import { CredentialTypes } from './credential-types';
import type { CredentialStore } from './credentials-helper';
import { HarnessCredentialsHelper } from './credentials-helper';
import { prepareEnvironment } from './environment';
import type { AnyNode } from './node-types';
import { HarnessNodeTypes, defaultVersion, fullTypeName, instantiate } from './node-types';

/** Options every runner shares. */
export interface BaseOptions {
	/** The node: an instance or its class. */
	node: AnyNode;
	/** The node's parameters, as a saved workflow holds them (expressions allowed). */
	parameters?: INodeParameters;
	/** Stored credential data by credential type name, e.g. `{ skySlopeApi: { ... } }`. */
	credentials?: Record<string, ICredentialDataDecryptedObject>;
	/** Credential classes not in the package's credentials/ folder (throwaway test credentials). */
	credentialTypes?: Array<CredentialClass | ICredentialType>;
	typeVersion?: number;
	/** Node-level static data (`getWorkflowStaticData('node')`); mutated in place by the run. */
	staticData?: IDataObject;
	/** The base URL webhook URLs are built from; `http://127.0.0.1:5678/webhook` by default. */
	webhookBaseUrl?: string;
	/** The workflow's id (`harness-workflow` by default; the trigger runners give each static data object its own). */
	workflowId?: string;
}

export interface Prepared {
	workflow: Workflow;
	nodeTypes: HarnessNodeTypes;
	node: INode;
	nodeType: INodeType;
	additionalData: IWorkflowExecuteAdditionalData;
	credentialsHelper: HarnessCredentialsHelper;
	store: CredentialStore;
}

export const NODE_NAME = 'Node Under Test';

const notInHarness = (what: string) => async (): Promise<never> => {
	throw new UnexpectedError(`${what} is not available in the test harness`);
};

export function createAdditionalData(
	credentialsHelper: HarnessCredentialsHelper,
	webhookBaseUrl = 'http://127.0.0.1:5678/webhook',
): IWorkflowExecuteAdditionalData {
	return {
		credentialsHelper,
		executeWorkflow: notInHarness('executeWorkflow'),
		getRunExecutionData: async () => undefined,
		getRuntimeCredential: async () => undefined,
		startRunnerTask: notInHarness('startRunnerTask'),
		logAiEvent: () => {},
		externalSecretsProxy: new ExternalSecretsProxy(),
		currentNodeExecutionIndex: 0,
		restApiUrl: 'http://127.0.0.1:5678/rest',
		instanceBaseUrl: 'http://127.0.0.1:5678/',
		formBaseUrl: 'http://127.0.0.1:5678/form',
		formWaitingBaseUrl: 'http://127.0.0.1:5678/form-waiting',
		formTestBaseUrl: 'http://127.0.0.1:5678/form-test',
		webhookBaseUrl,
		webhookWaitingBaseUrl: 'http://127.0.0.1:5678/webhook-waiting',
		webhookTestBaseUrl: `${webhookBaseUrl.replace(/\/+$/, '')}-test`,
		mcpBaseUrl: 'http://127.0.0.1:5678/mcp',
		mcpTestBaseUrl: 'http://127.0.0.1:5678/mcp-test',
		variables: {},
		executionId: 'harness-execution',
		workflowId: 'harness-workflow',
		userId: 'harness-user',
	};
}

export function makeCredentialsHelper(options: Pick<BaseOptions, 'credentials' | 'credentialTypes'>) {
	const store: CredentialStore = new Map(
		Object.entries(options.credentials ?? {}).map(([type, data]) => [type, structuredClone(data)]),
	);
	return new HarnessCredentialsHelper(new CredentialTypes(options.credentialTypes), store);
}

/**
 * The parameters as the editor saves them: a choice the resource sits under (the SkySlope node's
 * Service), when a test leaves it out, is the one that shows that resource, as the nodes panel and
 * the node's own dropdowns set it.
 */
function asEditorSaves(instance: INodeType | IVersionedNodeType, parameters: INodeParameters): INodeParameters {
	const description = 'nodeVersions' in instance ? instance.nodeVersions[instance.currentVersion].description : instance.description;
	const resource = parameters.resource;
	if (typeof resource !== 'string') return parameters;
	const field = description.properties.find(
		(p) => p.name === 'resource' && ((p.options ?? []) as Array<{ value?: unknown }>).some((o) => o.value === resource),
	);
	const above = Object.fromEntries(
		Object.entries(field?.displayOptions?.show ?? {})
			.filter(([key]) => !key.startsWith('@') && parameters[key] === undefined)
			.map(([key, values]) => [key, values?.[0] as string]),
	);
	return { ...above, ...parameters };
}

/** Builds a one-node workflow around the node under test, as n8n would load it. */
export function prepare(options: BaseOptions, extraNodeTypes: Array<INodeType | IVersionedNodeType> = []): Prepared {
	prepareEnvironment();
	const instance = instantiate(options.node);
	const nodeTypes = new HarnessNodeTypes([instance, ...extraNodeTypes]);
	const credentialsHelper = makeCredentialsHelper(options);
	const typeVersion = options.typeVersion ?? defaultVersion(instance);
	const nodeCredentials: INodeCredentials = {};
	for (const type of Object.keys(options.credentials ?? {})) {
		nodeCredentials[type] = { id: type, name: type };
	}
	const node: INode = {
		id: 'node-under-test',
		name: NODE_NAME,
		type: fullTypeName(instance),
		typeVersion,
		position: [0, 0],
		parameters: asEditorSaves(instance, structuredClone(options.parameters ?? {})),
		credentials: nodeCredentials,
		webhookId: 'harness-webhook-id',
	};
	const workflow = new Workflow({
		id: options.workflowId ?? 'harness-workflow',
		name: 'Harness workflow',
		nodes: [node],
		connections: {},
		active: false,
		nodeTypes,
		staticData: options.staticData ? { [`node:${NODE_NAME}`]: options.staticData } : {},
		settings: { executionOrder: 'v1' },
	});
	const workflowNode = workflow.getNode(NODE_NAME) as INode;
	return {
		workflow,
		nodeTypes,
		node: workflowNode,
		nodeType: nodeTypes.getByNameAndVersion(node.type, typeVersion),
		additionalData: createAdditionalData(credentialsHelper, options.webhookBaseUrl),
		credentialsHelper,
		store: credentialsHelper.store,
	};
}

/** The stored credentials after a run (renewed sessions, refreshed tokens), by type. */
export function storedCredentials(store: CredentialStore): Record<string, ICredentialDataDecryptedObject> {
	return Object.fromEntries([...store.entries()].map(([type, data]) => [type, structuredClone(data)]));
}

/** Copies the node's static data after a run back into the caller's object. */
export function syncStaticData(prepared: Prepared, target?: IDataObject): IDataObject {
	const current = prepared.workflow.getStaticData('node', prepared.node);
	const plain = JSON.parse(JSON.stringify(current)) as IDataObject;
	if (target && target !== current) {
		for (const key of Object.keys(target)) delete target[key];
		Object.assign(target, plain);
	}
	return plain;
}
