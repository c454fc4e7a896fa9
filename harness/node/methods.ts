import { LoadOptionsContext } from 'n8n-core';
import type {
	ICredentialDataDecryptedObject,
	INodeListSearchResult,
	INodePropertyOptions,
	ResourceMapperFields,
} from 'n8n-workflow';
import { UnexpectedError } from 'n8n-workflow';

import { prepare, storedCredentials, type BaseOptions } from './context';
import type { AnyNode } from './node-types';

/** `parameters` are the node's current ones, as the editor sends them (getCurrentNodeParameter reads these). */
export interface RunMethodOptions extends Pick<BaseOptions, 'parameters' | 'credentials' | 'credentialTypes' | 'typeVersion'> {
	/** listSearch: the text typed in the search box. */
	filter?: string;
	/** listSearch: the token the previous page returned. */
	paginationToken?: string;
	/** The path of the parameter being edited, e.g. 'parameters.fileId' (for '&sibling' lookups). */
	path?: string;
}

interface MethodResults {
	loadOptions: INodePropertyOptions[];
	listSearch: INodeListSearchResult;
	resourceMapping: ResourceMapperFields;
}

export type MethodKind = keyof MethodResults;

export interface RunMethodResult<K extends MethodKind> {
	result: MethodResults[K];
	credentials: Record<string, ICredentialDataDecryptedObject>;
}

/**
 * Calls one of the node's `methods.loadOptions / listSearch / resourceMapping` functions with
 * n8n-core's LoadOptionsContext, as the editor's dynamic-parameter endpoints do.
 */
export async function runMethod<K extends MethodKind>(
	node: AnyNode,
	kind: K,
	name: string,
	options: RunMethodOptions = {},
): Promise<RunMethodResult<K>> {
	const prepared = prepare({ node, ...options });
	const { workflow, nodeType, additionalData } = prepared;
	additionalData.currentNodeParameters = prepared.node.parameters;
	const context = new LoadOptionsContext(
		workflow,
		prepared.node,
		additionalData,
		options.path ?? `parameters.${name}`,
	);
	const group = nodeType.methods?.[kind] as Record<string, unknown> | undefined;
	const method = group?.[name];
	if (typeof method !== 'function') {
		throw new UnexpectedError(`${prepared.node.type} has no methods.${kind}.${name}`);
	}
	const result = (
		kind === 'listSearch'
			? await (method as (this: LoadOptionsContext, f?: string, t?: string) => Promise<unknown>).call(
					context,
					options.filter,
					options.paginationToken,
				)
			: await (method as (this: LoadOptionsContext) => Promise<unknown>).call(context)
	) as MethodResults[K];
	return { result, credentials: storedCredentials(prepared.store) };
}
