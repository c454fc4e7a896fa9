// Nodes and credentials a test makes for itself: to drive the shared router and transport with
// resources of its own, or to send one request with a credential, without a node of the package.
import {
	NodeConnectionTypes,
	type ICredentialType,
	type IExecuteFunctions,
	type INodeCredentialDescription,
	type INodeExecutionData,
	type INodeProperties,
	type INodeType,
	type INodeTypeDescription,
} from 'n8n-workflow';

import { buildNodeProperties, runOperations, type Resource } from '../../nodes/SkySlope/shared';

export interface TestNodeOptions {
	/** Also its default name; the type name is derived from it. */
	displayName: string;
	credentials?: INodeCredentialDescription[];
	properties?: INodeProperties[];
	execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]>;
}

export type TestNodeClass = new () => INodeType;

/** An action node class with one input and one output, shaped like the package's own. */
export function testNode(options: TestNodeOptions): TestNodeClass {
	const name = options.displayName.replace(/\W+(\w)/g, (_, c: string) => c.toUpperCase()).replace(/^\w/, (c) => c.toLowerCase());
	return class implements INodeType {
		description: INodeTypeDescription = {
			displayName: options.displayName,
			name,
			group: ['transform'],
			version: 1,
			description: `${options.displayName}, made by a test`,
			usableAsTool: true,
			defaults: { name: options.displayName },
			inputs: [NodeConnectionTypes.Main],
			outputs: [NodeConnectionTypes.Main],
			...(options.credentials ? { credentials: options.credentials } : {}),
			properties: options.properties ?? [],
		};

		execute = options.execute;
	};
}

/** A node whose execute() is the package's router over the given resources, as every action node's is. */
export function routerNode(displayName: string, resources: Resource[], credential?: string): TestNodeClass {
	return testNode({
		displayName,
		credentials: credential ? [{ name: credential, required: true }] : undefined,
		properties: buildNodeProperties(resources),
		async execute(this: IExecuteFunctions) {
			return await runOperations.call(this, resources);
		},
	});
}

/** A credential type of a test's own: its name and fields, and what else it declares (authenticate, test). */
export function testCredentialType(name: string, properties: INodeProperties[], extra: Partial<ICredentialType> = {}): ICredentialType {
	return { name, displayName: name, properties, ...extra };
}

/** Item indexes as ranges, written independently of the router's own: `0-6, 8-11`. */
export function ranges(list: number[]): string {
	const sorted = [...list].sort((a, b) => a - b);
	const out: string[] = [];
	let start = sorted[0];
	for (let k = 1; k <= sorted.length; k++) {
		if (sorted[k] !== sorted[k - 1] + 1) {
			out.push(start === sorted[k - 1] ? `${start}` : `${start}-${sorted[k - 1]}`);
			start = sorted[k];
		}
	}
	return out.join(', ');
}
