import { getAdditionalKeys } from 'n8n-core';
import type {
	ICredentialDataDecryptedObject,
	ICredentialsEncrypted,
	ICredentialsExpressionResolveValues,
	IExecuteData,
	IHttpRequestHelper,
	IHttpRequestOptions,
	INode,
	INodeCredentialsDetails,
	INodeParameters,
	INodeProperties,
	INodeType,
	INodeTypes,
	IRequestOptionsSimplified,
	IWorkflowExecuteAdditionalData,
	WorkflowExecuteMode,
} from 'n8n-workflow';
import {
	ICredentials,
	ICredentialsHelper,
	NodeHelpers,
	UnexpectedError,
	Workflow,
	isExpression,
} from 'n8n-workflow';

import type { CredentialTypes } from './credential-types';

/** Stored (not yet resolved) credential data, one entry per credential type. */
export type CredentialStore = Map<string, ICredentialDataDecryptedObject>;

/**
 * OAuth endpoint and flow fields the credential type owns when it declares them `hidden`: n8n
 * drops stored values for them so the type's default always applies.
 */
const OAUTH_PINNED_FIELDS = [
	'authUrl',
	'accessTokenUrl',
	'grantType',
	'authentication',
	'requestTokenUrl',
	'signatureMethod',
];

const clone = <T>(value: T): T => structuredClone(value);

const mockNode: INode = {
	id: 'mock',
	name: '',
	typeVersion: 1,
	type: 'mock',
	position: [0, 0],
	parameters: {},
};

const mockNodeType: INodeType = {
	description: {
		displayName: 'Mock',
		name: 'mock',
		group: [],
		version: 1,
		description: '',
		defaults: {},
		inputs: [],
		outputs: [],
		properties: [],
	},
};

const mockNodeTypes: INodeTypes = {
	getByName: () => mockNodeType,
	getByNameAndVersion: () => mockNodeType,
	getKnownTypes: () => ({}),
};

/** ICredentials over the in-memory store: what `getCredentials` hands back. */
class StoredCredentials extends ICredentials {
	constructor(
		details: INodeCredentialsDetails,
		type: string,
		private readonly store: CredentialStore,
	) {
		super(details, type, JSON.stringify(store.get(type) ?? {}));
	}

	async getData(): Promise<ICredentialDataDecryptedObject> {
		return clone(this.store.get(this.type) ?? {});
	}

	getDataToSave(): ICredentialsEncrypted {
		return { id: this.id, name: this.name, type: this.type, data: this.data };
	}

	async setData(data: ICredentialDataDecryptedObject): Promise<void> {
		this.store.set(this.type, clone(data));
		this.data = JSON.stringify(data);
	}

	async updateData(
		toUpdate: Partial<ICredentialDataDecryptedObject>,
		toDelete: string[] = [],
	): Promise<void> {
		const data = { ...(this.store.get(this.type) ?? {}), ...clone(toUpdate) };
		for (const key of toDelete) delete data[key];
		await this.setData(data as ICredentialDataDecryptedObject);
	}
}

/**
 * A small, real implementation of n8n's ICredentialsHelper contract over an in-memory store.
 * It follows packages/cli/src/credentials-helper.ts: defaults of the type and its parents are
 * applied, `={{...}}` expressions are resolved with `$self` = the credential's own values,
 * generic auth templates are resolved against `$credentials`, preAuthentication runs when the
 * expirable field is empty or the credentials expired, and updates land back in the store.
 */
export class HarnessCredentialsHelper extends ICredentialsHelper {
	/** Every preAuthentication call that actually ran the credential's hook, in order. */
	readonly preAuthenticationCalls: Array<{ type: string; expired: boolean }> = [];

	constructor(
		readonly credentialTypes: CredentialTypes,
		readonly store: CredentialStore,
	) {
		super();
	}

	getParentTypes(name: string): string[] {
		return this.credentialTypes.getParentTypes(name);
	}

	isCredentialUsableByNode(credentialType: string, nodeType: string): boolean {
		if (!this.credentialTypes.recognizes(credentialType)) return true;
		const type = this.credentialTypes.getByName(credentialType);
		if (!type.restrictToSupportedNodes) return true;
		return (type.supportedNodes ?? []).some(
			(supported) => supported === nodeType || nodeType.endsWith(`.${supported}`),
		);
	}

	getCredentialsProperties(type: string): INodeProperties[] {
		return this.credentialTypes.getProperties(type);
	}

	async getCredentials(nodeCredentials: INodeCredentialsDetails, type: string): Promise<ICredentials> {
		this.stored(type);
		return new StoredCredentials(nodeCredentials, type, this.store);
	}

	async getDecrypted(
		additionalData: IWorkflowExecuteAdditionalData,
		_nodeCredentials: INodeCredentialsDetails,
		type: string,
		mode: WorkflowExecuteMode,
		executeData?: IExecuteData,
		raw?: boolean,
		expressionResolveValues?: ICredentialsExpressionResolveValues,
	): Promise<ICredentialDataDecryptedObject> {
		const original = clone(this.stored(type));
		if (raw === true) return original;
		return await this.applyDefaults(additionalData, original, type, mode, executeData, expressionResolveValues);
	}

	/** Type defaults (parents included), then expressions resolved, as n8n's applyDefaultsAndOverwrites. */
	async applyDefaults(
		additionalData: IWorkflowExecuteAdditionalData,
		original: ICredentialDataDecryptedObject,
		type: string,
		mode: WorkflowExecuteMode,
		executeData?: IExecuteData,
		expressionResolveValues?: ICredentialsExpressionResolveValues,
	): Promise<ICredentialDataDecryptedObject> {
		const properties = this.getCredentialsProperties(type);
		const stored = { ...original };
		for (const field of OAUTH_PINNED_FIELDS) {
			if (properties.some((p) => p.name === field && p.type === 'hidden')) delete stored[field];
		}
		let data = NodeHelpers.getNodeParameters(
			properties,
			stored as INodeParameters,
			true,
			false,
			null,
			null,
		) as ICredentialDataDecryptedObject;
		if (original.oauthTokenData !== undefined) data.oauthTokenData = original.oauthTokenData;

		const additionalKeys = getAdditionalKeys(additionalData, mode, null, { isCredential: true });
		if (expressionResolveValues) {
			data = expressionResolveValues.workflow.expression.getParameterValue(
				data as INodeParameters,
				expressionResolveValues.runExecutionData,
				expressionResolveValues.runIndex,
				expressionResolveValues.itemIndex,
				expressionResolveValues.node.name,
				expressionResolveValues.connectionInputData,
				mode,
				additionalKeys,
				executeData,
				false,
				data,
			) as ICredentialDataDecryptedObject;
		} else {
			const workflow = new Workflow({
				nodes: [mockNode],
				connections: {},
				active: false,
				nodeTypes: mockNodeTypes,
			});
			data = workflow.expression.getComplexParameterValue(
				mockNode,
				data as INodeParameters,
				mode,
				additionalKeys,
				undefined,
				undefined,
				data,
			) as ICredentialDataDecryptedObject;
		}
		return data;
	}

	async authenticate(
		credentials: ICredentialDataDecryptedObject,
		typeName: string,
		incoming: IHttpRequestOptions | IRequestOptionsSimplified,
		workflow?: Workflow,
		node?: INode,
	): Promise<IHttpRequestOptions> {
		const requestOptions = incoming as IHttpRequestOptions;
		const { authenticate } = this.credentialTypes.getByName(typeName);
		if (typeof authenticate === 'function') {
			return await authenticate(credentials, requestOptions);
		}
		if (authenticate?.type === 'generic') {
			if (!workflow || !node) {
				throw new UnexpectedError('Workflow and node are required for declarative credential authentication');
			}
			requestOptions.headers ??= {};
			const target = requestOptions as unknown as Record<string, Record<string, unknown> | undefined>;
			for (const [outerKey, outerValue] of Object.entries(authenticate.properties)) {
				for (const [key, value] of Object.entries(outerValue as Record<string, unknown>)) {
					const resolvedKey = this.resolveValue(key, credentials, workflow, node);
					const resolvedValue = this.resolveValue(value, credentials, workflow, node);
					target[outerKey] ??= {};
					(target[outerKey] as Record<string, unknown>)[resolvedKey] = resolvedValue;
				}
			}
		}
		return requestOptions;
	}

	async preAuthentication(
		helpers: IHttpRequestHelper,
		credentials: ICredentialDataDecryptedObject,
		typeName: string,
		node: INode,
		credentialsExpired: boolean,
	): Promise<ICredentialDataDecryptedObject | undefined> {
		const credentialType = this.credentialTypes.getByName(typeName);
		const expirable = credentialType.properties.find(
			(property) => property.type === 'hidden' && property.typeOptions?.expirable === true,
		);
		if (expirable === undefined || typeof credentialType.preAuthentication !== 'function') {
			return undefined;
		}
		const isTestingCredentials =
			node?.parameters?.temp === '' && node?.type === 'n8n-nodes-base.noOp';
		if (credentials[expirable.name] !== '' && !credentialsExpired && !isTestingCredentials) {
			return undefined;
		}
		this.preAuthenticationCalls.push({ type: typeName, expired: credentialsExpired });
		const output = (await credentialType.preAuthentication.call(
			helpers,
			credentials,
		)) as ICredentialDataDecryptedObject;
		if (output[expirable.name] === undefined) return undefined;
		if (node.credentials?.[credentialType.name]) {
			const stored = this.stored(credentialType.name);
			const toPersist: ICredentialDataDecryptedObject = { ...stored };
			for (const [key, value] of Object.entries(output)) {
				if (key === expirable.name || !isExpression(stored[key])) toPersist[key] = value;
			}
			await this.updateCredentials(node.credentials[credentialType.name], credentialType.name, toPersist);
			return Object.assign(credentials, output);
		}
		return undefined;
	}

	async runPreAuthentication(
		helpers: IHttpRequestHelper,
		credentials: ICredentialDataDecryptedObject,
		typeName: string,
	): Promise<ICredentialDataDecryptedObject | undefined> {
		const { preAuthentication } = this.credentialTypes.getByName(typeName);
		if (typeof preAuthentication !== 'function') return undefined;
		return ((await preAuthentication.call(helpers, credentials)) as ICredentialDataDecryptedObject) ?? undefined;
	}

	async updateCredentials(
		_nodeCredentials: INodeCredentialsDetails,
		type: string,
		data: ICredentialDataDecryptedObject,
	): Promise<void> {
		this.store.set(type, clone(data));
	}

	async updateCredentialsOauthTokenData(
		_nodeCredentials: INodeCredentialsDetails,
		type: string,
		data: ICredentialDataDecryptedObject,
	): Promise<void> {
		this.store.set(type, { ...this.stored(type), oauthTokenData: clone(data.oauthTokenData) });
	}

	private stored(type: string): ICredentialDataDecryptedObject {
		const data = this.store.get(type);
		if (data === undefined) {
			throw new UnexpectedError(`No credentials of type "${type}" were given to the harness`);
		}
		return data;
	}

	private resolveValue(value: unknown, credentials: ICredentialDataDecryptedObject, workflow: Workflow, node: INode): string {
		if (typeof value !== 'string' || !isExpression(value)) return String(value);
		const resolved = workflow.expression.getSimpleParameterValue(
			node,
			value,
			'internal',
			{ $credentials: credentials },
			undefined,
			'',
		);
		return resolved ? String(resolved) : '';
	}
}
