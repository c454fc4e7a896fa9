import { ExecuteContext, RoutingNode } from 'n8n-core';
import type {
	ICredentialDataDecryptedObject,
	ICredentialType,
	ICredentialsDecrypted,
	IDataObject,
	INode,
	INodeCredentialTestResult,
	INodeExecutionData,
	INodeType,
} from 'n8n-workflow';
import { Workflow, createRunExecutionData } from 'n8n-workflow';

import { createAdditionalData, makeCredentialsHelper, storedCredentials } from './context';
import type { CredentialClass } from './credential-types';
import { prepareEnvironment } from './environment';
import { HarnessNodeTypes } from './node-types';

export interface TestCredentialResult extends INodeCredentialTestResult {
	/** Stored credential data after the test (a session from preAuthentication, a token). */
	credentials: Record<string, ICredentialDataDecryptedObject>;
}

interface CauseWithResponse {
	response?: { status: number; statusText?: string };
	code?: string;
}

function getPath(data: unknown, path: string): unknown {
	return path
		.split('.')
		.reduce<unknown>((value, key) => (value as IDataObject | undefined)?.[key], data);
}

/**
 * Runs a credential's `test` request (ICredentialTestRequest) the way n8n's CredentialsTester
 * does: defaults and expressions applied, a temporary noOp node whose only property routes the
 * test request, run by n8n-core's RoutingNode through the same authenticate / preAuthentication
 * / OAuth2 path as a node, and the `rules` checked. An OAuth2 credential without `test` gets
 * n8n's fallback (OK when it holds an access token).
 */
export async function testCredential(
	credential: CredentialClass | ICredentialType,
	data: ICredentialDataDecryptedObject,
	options: { credentialTypes?: Array<CredentialClass | ICredentialType> } = {},
): Promise<TestCredentialResult> {
	prepareEnvironment();
	const type = typeof credential === 'function' ? new credential() : credential;
	const credentialsHelper = makeCredentialsHelper({
		credentials: { [type.name]: data },
		credentialTypes: [...(options.credentialTypes ?? []), type],
	});
	const result = (outcome: INodeCredentialTestResult): TestCredentialResult => ({
		...outcome,
		credentials: storedCredentials(credentialsHelper.store),
	});
	if (!type.test) {
		// n8n's fallback for an OAuth2 credential a node lists: connected = has an access token.
		if (credentialsHelper.getParentTypes(type.name).includes('oAuth2Api')) {
			const token = data.oauthTokenData as IDataObject | undefined;
			return result(
				typeof token === 'object' && token !== null && 'access_token' in token
					? { status: 'OK', message: 'Connection Successful!' }
					: { status: 'Error', message: 'This OAuth2 credential was not connected to an account.' },
			);
		}
		return result({ status: 'Error', message: 'No testing function found for this credential.' });
	}
	const additionalData = createAdditionalData(credentialsHelper);
	const credentialsDecrypted: ICredentialsDecrypted = {
		id: type.name,
		name: type.name,
		type: type.name,
	};
	try {
		credentialsDecrypted.data = await credentialsHelper.applyDefaults(
			additionalData,
			structuredClone(data),
			type.name,
			'internal',
		);
	} catch (error) {
		return result({ status: 'Error', message: String((error as Error).message) });
	}

	const testNodeType: INodeType = {
		description: {
			displayName: 'No Operation',
			name: 'n8n-nodes-base.noOp',
			group: ['transform'],
			version: 1,
			description: '',
			defaults: {},
			inputs: [],
			outputs: [],
			credentials: [{ name: type.name, required: true }],
			properties: [
				{
					displayName: 'Temp',
					name: 'temp',
					type: 'string',
					routing: { request: type.test.request },
					default: '',
				},
			],
		},
	};
	const node: INode = {
		id: 'temp',
		parameters: {},
		name: 'Temp-Node',
		type: 'n8n-nodes-base.noOp',
		typeVersion: 1,
		position: [0, 0],
		credentials: { [type.name]: { id: type.name, name: type.name } },
	};
	const workflow = new Workflow({
		nodes: [node],
		connections: {},
		active: false,
		nodeTypes: new HarnessNodeTypes([testNodeType]),
	});
	const context = new ExecuteContext(
		workflow,
		node,
		additionalData,
		'internal',
		createRunExecutionData({ executionData: null }),
		0,
		[],
		{ main: [[{ json: {} }]] },
		{ node, data: {}, source: null },
		[],
	);

	let response: INodeExecutionData[][] | null | undefined;
	try {
		response = await new RoutingNode(context, testNodeType, credentialsDecrypted).runNode();
	} catch (error) {
		const cause = (error as { cause?: CauseWithResponse }).cause;
		if (cause?.response) {
			const { status, statusText } = cause.response;
			for (const rule of type.test.rules ?? []) {
				if (rule.type === 'responseCode' && status === rule.properties.value) {
					return result({ status: 'Error', message: rule.properties.message });
				}
			}
			if (status < 199 || status > 299) {
				return result({
					status: 'Error',
					message: statusText || `Received HTTP status code: ${status}`,
				});
			}
		} else if (cause?.code) {
			return result({ status: 'Error', message: cause.code });
		}
		return result({ status: 'Error', message: String((error as Error).message) });
	}

	for (const rule of type.test.rules ?? []) {
		if (rule.type === 'responseSuccessBody') {
			const body = response?.[0]?.[0]?.json;
			if (getPath(body, rule.properties.key) === rule.properties.value) {
				return result({ status: 'Error', message: rule.properties.message });
			}
		}
	}
	return result({ status: 'OK', message: 'Connection successful!' });
}

/**
 * The credential data a node would get from getCredentials(): the type's defaults (parents'
 * included) applied and `={{...}}` expressions resolved with `$self`, as n8n decrypts it.
 */
export async function resolveCredentials(
	credential: CredentialClass | ICredentialType | string,
	data: ICredentialDataDecryptedObject,
	options: { credentialTypes?: Array<CredentialClass | ICredentialType> } = {},
): Promise<ICredentialDataDecryptedObject> {
	prepareEnvironment();
	const extra = [...(options.credentialTypes ?? [])];
	let name: string;
	if (typeof credential === 'string') {
		name = credential;
	} else {
		const type = typeof credential === 'function' ? new credential() : credential;
		extra.push(type);
		name = type.name;
	}
	const helper = makeCredentialsHelper({ credentials: { [name]: data }, credentialTypes: extra });
	return await helper.applyDefaults(createAdditionalData(helper), structuredClone(data), name, 'manual');
}
