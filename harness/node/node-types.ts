import type {
	EngineResponse,
	IDataObject,
	IExecuteFunctions,
	INodeExecutionData,
	INodeType,
	INodeTypes,
	IVersionedNodeType,
	NodeOutput,
} from 'n8n-workflow';
import { NodeHelpers, UnexpectedError } from 'n8n-workflow';

export type NodeClass = new () => INodeType | IVersionedNodeType;
export type AnyNode = INodeType | IVersionedNodeType | NodeClass;

/** The package name n8n prefixes our node types with (`n8n-nodes-skyslope.skySlope`). */
export const PACKAGE_NAME = 'n8n-nodes-skyslope';

export function instantiate(node: AnyNode): INodeType | IVersionedNodeType {
	return typeof node === 'function' ? new node() : node;
}

export function fullTypeName(nodeType: INodeType | IVersionedNodeType): string {
	const { name } = nodeType.description;
	return name.includes('.') ? name : `${PACKAGE_NAME}.${name}`;
}

export function defaultVersion(nodeType: INodeType | IVersionedNodeType): number {
	if ('nodeVersions' in nodeType) return nodeType.currentVersion;
	const { version } = nodeType.description;
	return Array.isArray(version) ? Math.max(...version) : version;
}

/** n8n's INodeTypes over a handful of node instances. */
export class HarnessNodeTypes implements INodeTypes {
	private readonly types = new Map<string, INodeType | IVersionedNodeType>();

	private readonly observed = new Map<INodeType, INodeType>();

	/** Called with a copy of what each execute() returned, before n8n post-processes it. */
	onExecuteResult?: (output: INodeExecutionData[][] | null) => void;

	constructor(nodeTypes: Array<INodeType | IVersionedNodeType>) {
		for (const nodeType of nodeTypes) this.types.set(fullTypeName(nodeType), nodeType);
	}

	getByName(name: string): INodeType | IVersionedNodeType {
		const nodeType = this.types.get(name);
		if (!nodeType) throw new UnexpectedError(`Unknown node type "${name}"`);
		return nodeType;
	}

	getByNameAndVersion(name: string, version?: number): INodeType {
		const nodeType = NodeHelpers.getVersionedNodeType(this.getByName(name), version);
		if (!this.onExecuteResult || !nodeType.execute) return nodeType;
		let observed = this.observed.get(nodeType);
		if (!observed) {
			const execute = nodeType.execute;
			const report = (output: INodeExecutionData[][] | null) => this.onExecuteResult?.(output);
			// Same node type (description, methods... through the prototype), execute observed.
			observed = Object.create(nodeType) as INodeType;
			observed.execute = async function (
				this: IExecuteFunctions,
				response?: EngineResponse,
			): Promise<NodeOutput> {
				const output = await execute.call(this, response);
				report(Array.isArray(output) ? (structuredClone(output) as INodeExecutionData[][]) : null);
				return output;
			};
			this.observed.set(nodeType, observed);
		}
		return observed;
	}

	getKnownTypes(): IDataObject {
		return {};
	}
}
