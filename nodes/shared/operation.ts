import {
	NodeApiError,
	NodeOperationError,
	type IDataObject,
	type IExecuteFunctions,
	type INode,
	type INodeExecutionData,
	type INodeProperties,
	type INodePropertyOptions,
} from 'n8n-workflow';

export type OperationOutput = IDataObject | IDataObject[] | INodeExecutionData | INodeExecutionData[];

export interface OperationDefinition {
	/** The parameter value, e.g. `getAll`. Saved in users' workflows: never rename. */
	value: string;
	/** Title Case, e.g. `Get Many`. */
	name: string;
	/** Sentence case, e.g. `Get many files`. */
	action: string;
	description: string;
	/** The operation's fields, without resource/operation displayOptions (defineResource adds them). */
	properties: INodeProperties[];
	/** Runs once per input item; the router pairs whatever it returns with that item. */
	execute?(this: IExecuteFunctions, itemIndex: number): Promise<OperationOutput>;
	/**
	 * How many items may be in flight at once (default 1: one after the other). Only for operations
	 * whose items are independent and whose service has room to spare: over a real network a
	 * request's latency, not the work, sets the pace. The output keeps the items' order.
	 */
	concurrency?: number;
	/** Runs once for all items (one request for many items); must set pairedItem itself. */
	executeBatch?(this: IExecuteFunctions, items: INodeExecutionData[]): Promise<INodeExecutionData[]>;
}

export type Operation = OperationDefinition;

export function defineOperation(definition: OperationDefinition): Operation {
	if (!definition.execute === !definition.executeBatch) {
		throw new Error(`Operation ${definition.value} needs exactly one of execute or executeBatch`);
	}
	return definition;
}

export interface Resource {
	value: string;
	name: string;
	description?: string;
	operations: Operation[];
}

export function defineResource(
	resource: { value: string; name: string; description?: string },
	operations: Operation[],
): Resource {
	return { ...resource, operations };
}

/** Adds `show: { resource, operation }` to a field, keeping any displayOptions it already has. */
function scoped(field: INodeProperties, resource: string, operation: string): INodeProperties {
	const show = { ...(field.displayOptions?.show ?? {}), resource: [resource], operation: [operation] };
	return { ...field, displayOptions: { ...field.displayOptions, show } };
}

/**
 * The node's properties: the Resource selector, one Operation selector per resource, then every
 * operation's fields shown only for that resource and operation.
 */
export function buildNodeProperties(resources: Resource[], defaultResource = resources[0].value): INodeProperties[] {
	const resourceOptions: INodePropertyOptions[] = resources
		.map((r) => ({ name: r.name, value: r.value, ...(r.description ? { description: r.description } : {}) }))
		.sort((a, b) => a.name.localeCompare(b.name));
	const properties: INodeProperties[] = [
		{
			displayName: 'Resource',
			name: 'resource',
			type: 'options',
			noDataExpression: true,
			options: resourceOptions,
			default: defaultResource,
		},
	];
	for (const resource of resources) {
		const operations = [...resource.operations].sort((a, b) => a.name.localeCompare(b.name));
		const firstOperation = resource.operations[0].value;
		properties.push({
			displayName: 'Operation',
			name: 'operation',
			type: 'options',
			noDataExpression: true,
			displayOptions: { show: { resource: [resource.value] } },
			options: operations.map((op) => ({
				name: op.name,
				value: op.value,
				action: op.action,
				description: op.description,
			})),
			default: firstOperation,
		});
	}
	for (const resource of resources) {
		for (const op of resource.operations) {
			for (const field of op.properties) properties.push(scoped(field, resource.value, op.value));
		}
	}
	return properties;
}

function toItems(output: OperationOutput, itemIndex: number): INodeExecutionData[] {
	const list = Array.isArray(output) ? output : [output];
	return list.map((entry) => {
		const isItem =
			typeof entry === 'object' &&
			entry !== null &&
			'json' in entry &&
			typeof (entry as INodeExecutionData).json === 'object' &&
			Object.keys(entry).every((k) => ['json', 'binary', 'pairedItem', 'error'].includes(k));
		const item: INodeExecutionData = isItem ? { ...(entry as INodeExecutionData) } : { json: entry as IDataObject };
		item.pairedItem ??= { item: itemIndex };
		return item;
	});
}

/** Keeps n8n's own errors (adding the item they belong to) and wraps anything else. */
export function asNodeError(node: INode, error: unknown, itemIndex?: number): NodeApiError | NodeOperationError {
	if (error instanceof NodeApiError || error instanceof NodeOperationError) {
		if (itemIndex !== undefined) error.context.itemIndex ??= itemIndex;
		return error;
	}
	return new NodeOperationError(node, error as Error, { itemIndex });
}

/** The error as the user sees it in a continueOnFail item. */
export function errorJson(error: unknown): IDataObject {
	if (error instanceof NodeApiError || error instanceof NodeOperationError) {
		const json: IDataObject = { error: error.message };
		if (error.description) json.description = error.description;
		if (error instanceof NodeApiError && error.httpCode) json.httpCode = error.httpCode;
		return json;
	}
	return { error: error instanceof Error ? error.message : String(error) };
}

/**
 * The execute() of every action node: dispatches each item to its resource and operation, pairs
 * outputs with inputs, and with continueOnFail turns an item's error into an error item paired with
 * that item while the other items go on.
 */
export async function runOperations(this: IExecuteFunctions, resources: Resource[]): Promise<INodeExecutionData[][]> {
	const items = this.getInputData();
	// Resource and operation cannot come from an expression (noDataExpression), so item 0 decides for all.
	const resourceName = this.getNodeParameter('resource', 0) as string;
	const operationName = this.getNodeParameter('operation', 0) as string;
	const resource = resources.find((r) => r.value === resourceName);
	const operation = resource?.operations.find((op) => op.value === operationName);
	if (!operation) {
		throw new NodeOperationError(this.getNode(), `The operation "${operationName}" of "${resourceName}" is not known`);
	}

	if (operation.executeBatch) {
		try {
			return [await operation.executeBatch.call(this, items)];
		} catch (error) {
			if (!this.continueOnFail()) throw asNodeError(this.getNode(), error);
			return [items.map((_, i) => ({ json: errorJson(error), pairedItem: { item: i } }))];
		}
	}

	const execute = operation.execute!;
	const results: INodeExecutionData[][] = new Array(items.length);
	let next = 0;
	// The earliest failed item (without continueOnFail): the run stops and reports it.
	const failed: { index: number; error?: unknown } = { index: -1 };
	// A small pool of workers taking items in order; with a concurrency of 1 (the default) this is a
	// plain loop that stops at the first error.
	const worker = async () => {
		while (failed.index < 0 && next < items.length) {
			const i = next++;
			try {
				results[i] = toItems(await execute.call(this, i), i);
			} catch (error) {
				if (this.continueOnFail()) {
					results[i] = [{ json: errorJson(error), pairedItem: { item: i } }];
				} else if (failed.index < 0 || i < failed.index) {
					failed.index = i;
					failed.error = error;
				}
			}
		}
	};
	const workers = Math.max(1, Math.min(operation.concurrency ?? 1, items.length));
	await Promise.all(Array.from({ length: workers }, worker));
	if (failed.index >= 0) throw asNodeError(this.getNode(), failed.error, failed.index);
	return [results.flat()];
}
