import { itemsInFlightLimit, onAccountKnown } from './transport';
import { showWarnings, takeWarnings } from './warnings';
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
	/**
	 * What an AI agent reads about the operation when the node is its tool: when to use it and what
	 * it returns, in one or two sentences. Shown (and editable) only in the node's tool variant.
	 */
	toolDescription?: string;
	/** The operation's fields, without resource/operation displayOptions (defineResource adds them). */
	properties: INodeProperties[];
	/** Runs once per input item; the router pairs whatever it returns with that item. */
	execute?(this: IExecuteFunctions, itemIndex: number): Promise<OperationOutput>;
	/**
	 * How many items may be in flight at once. By default the service's number (ServiceSpec
	 * concurrency, held by the transport to what the service allows): items are independent. An
	 * operation whose items must reach the service one after the other (order visible in the
	 * service, or one item's outcome depending on another's) sets 1, or a function of its input that
	 * gives 1 when they must. The output keeps the items' order either way.
	 */
	concurrency?: number | ((this: IExecuteFunctions, items: INodeExecutionData[]) => number | undefined);
	/**
	 * Whether an item that succeeds has changed the service's data (created, updated, deleted):
	 * when a run stops on an error, the error then lists the items written before the stop.
	 */
	writes?: boolean;
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
 * The properties of a set of resources: the Resource selector, one Operation selector per resource,
 * then every operation's fields shown only for that resource and operation. `within` scopes the
 * selectors to a choice above them (the action node's Service): the nodes panel sets every value an
 * Operation's `show` names, so an action entry lands on its service, resource and operation.
 */
export function buildNodeProperties(
	resources: Resource[],
	defaultResource = resources[0].value,
	within: Record<string, string[]> = {},
): INodeProperties[] {
	const resourceOptions: INodePropertyOptions[] = resources
		.map((r) => ({ name: r.name, value: r.value, ...(r.description ? { description: r.description } : {}) }))
		.sort((a, b) => a.name.localeCompare(b.name));
	const scope = Object.keys(within).length ? { displayOptions: { show: { ...within } } } : {};
	const properties: INodeProperties[] = [
		{
			displayName: 'Resource',
			name: 'resource',
			type: 'options',
			noDataExpression: true,
			...scope,
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
			displayOptions: { show: { ...within, resource: [resource.value] } },
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
			if (op.toolDescription) properties.push(toolDescriptionField(op.toolDescription, resource.value, op.value));
			for (const field of op.properties) properties.push(scoped(field, resource.value, op.value));
		}
	}
	return properties;
}

/**
 * The operation's tool text as n8n's own `toolDescription` parameter, shown only in the tool
 * variant (`@tool`). n8n then adds no auto description of its own ("<action> in <node>"), and the
 * agent reads this text, or the user's edit of it.
 */
function toolDescriptionField(text: string, resource: string, operation: string): INodeProperties {
	return {
		displayName: 'Tool Description',
		name: 'toolDescription',
		type: 'string',
		default: text,
		typeOptions: { rows: 3 },
		description: 'What the AI agent reads about this tool: when to use it and what it returns. Edit it to fit the workflow.',
		displayOptions: { show: { '@tool': [true], resource: [resource], operation: [operation] } },
	};
}

/** Gives an operation built by a helper its tool text; the same object, since helpers key data by it. */
export function withToolDescription(operation: Operation, toolDescription: string): Operation {
	operation.toolDescription = toolDescription;
	return operation;
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

/** The input item an output item is paired with, when it names one. */
function pairedIndex(item: INodeExecutionData): number | undefined {
	const paired = Array.isArray(item.pairedItem) ? item.pairedItem[0] : item.pairedItem;
	return typeof paired === 'number' ? paired : paired?.item;
}

/** A message that ends with the item it belongs to, `[item N]` (n8n's guidelines), once. */
function withItem(message: string, itemIndex: number | undefined): string {
	return itemIndex === undefined || /\[item \d+\]$/.test(message) ? message : `${message} [item ${itemIndex}]`;
}

/** Keeps n8n's own errors (adding the item they belong to) and wraps anything else. */
export function asNodeError(node: INode, error: unknown, itemIndex?: number): NodeApiError | NodeOperationError {
	const nodeError =
		error instanceof NodeApiError || error instanceof NodeOperationError ? error : new NodeOperationError(node, error as Error, { itemIndex });
	if (itemIndex !== undefined) nodeError.context.itemIndex ??= itemIndex;
	nodeError.message = withItem(nodeError.message, nodeError.context.itemIndex as number | undefined);
	return nodeError;
}

/** The error as the user sees it in a continueOnFail item (of item `itemIndex`, when given). */
export function errorJson(error: unknown, itemIndex?: number): IDataObject {
	if (error instanceof NodeApiError || error instanceof NodeOperationError) {
		const json: IDataObject = { error: withItem(error.message, itemIndex) };
		if (error.description) json.description = error.description;
		if (error instanceof NodeApiError && error.httpCode) json.httpCode = error.httpCode;
		return json;
	}
	return { error: withItem(error instanceof Error ? error.message : String(error), itemIndex) };
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
	// n8n drops an Operation its Service does not show: a workflow whose Service is not its resource's.
	const operationName = this.getNodeParameter('operation', 0, '') as string;
	const resource = resources.find((r) => r.value === resourceName);
	const operation = resource?.operations.find((op) => op.value === operationName);
	if (resource && !operationName) {
		throw new NodeOperationError(this.getNode(), `The parameter "operation" is not set for the resource "${resource.name}"`, {
			description: `Set the parameter "service" to the service ${resource.name} belongs to, then pick its operation.`,
		});
	}
	if (!operation) {
		throw new NodeOperationError(this.getNode(), `The operation "${operationName}" of "${resourceName}" is not known`);
	}

	if (operation.executeBatch) {
		try {
			const output = await operation.executeBatch.call(this, items);
			const warningsByItem = new Map(items.map((_, i) => [i, takeWarnings(this, i)]));
			return [output.flatMap((item) => showWarnings(this, [item], warningsByItem.get(pairedIndex(item) ?? -1)))];
		} catch (error) {
			if (!this.continueOnFail()) throw asNodeError(this.getNode(), error);
			return [items.map((_, i) => ({ json: errorJson(error, i), pairedItem: { item: i } }))];
		}
	}

	const execute = operation.execute!;
	const results: INodeExecutionData[][] = new Array(items.length);
	let next = 0;
	// Without continueOnFail the run stops at the first error: no new item starts, the ones in flight
	// finish (a request already sent cannot be called back) and every outcome is reported.
	const failures = new Map<number, unknown>();
	const runItem = async (i: number) => {
		try {
			results[i] = showWarnings(this, toItems(await execute.call(this, i), i), takeWarnings(this, i));
		} catch (error) {
			if (this.continueOnFail()) {
				// A write made before the failure may have warned: the error item says so too.
				results[i] = showWarnings(this, [{ json: errorJson(error, i), pairedItem: { item: i } }], takeWarnings(this, i));
			} else {
				failures.set(i, error);
			}
		}
	};
	const declared = typeof operation.concurrency === 'function' ? operation.concurrency.call(this, items) : operation.concurrency;
	// Items in flight: the operation's own number if it has one, else its account's limit as the
	// transport knows it now (it follows back-offs); one until the first request names the account.
	const width = () => Math.max(1, declared ?? itemsInFlightLimit(this) ?? 1);
	// An ordered pool; with a width of 1, one item after the other, stopping at the first error.
	await new Promise<void>((resolve) => {
		let running = 0;
		const pump = () => {
			while (failures.size === 0 && next < items.length && running < width()) {
				const i = next++;
				running++;
				const done = () => {
					running--;
					pump();
				};
				runItem(i).then(done, (error: unknown) => {
					failures.set(i, error);
					done();
				});
			}
			if (running === 0) resolve();
		};
		if (declared === undefined) onAccountKnown(this, pump);
		pump();
	});
	if (failures.size > 0) {
		const first = Math.min(...failures.keys());
		const error = asNodeError(this.getNode(), failures.get(first), first);
		if (items.length > 1) reportStop(error, items.length, first, failures, results, operation.writes === true);
		throw error;
	}
	return [results.flat()];
}

/** `0-6, 8, 10-11`: item indexes as ranges. */
function indexRanges(indexes: number[]): string {
	const sorted = [...indexes].sort((a, b) => a - b);
	const parts: string[] = [];
	for (let k = 0; k < sorted.length; k++) {
		const start = sorted[k];
		while (k + 1 < sorted.length && sorted[k + 1] === sorted[k] + 1) k++;
		parts.push(start === sorted[k] ? String(start) : `${start}-${sorted[k]}`);
	}
	return parts.join(', ');
}

const itemsCount = (n: number) => (n === 1 ? '1 item' : `${n} items`);

/**
 * n8n discards the output of a node that throws, so the error itself says what became of every
 * item: which were done (for a write: are in the service now, and must not be sent again), which
 * failed, and which were never attempted.
 */
function reportStop(
	error: NodeApiError | NodeOperationError,
	total: number,
	first: number,
	failures: Map<number, unknown>,
	results: INodeExecutionData[][],
	writes: boolean,
): void {
	const done: number[] = [];
	const notAttempted: number[] = [];
	for (let i = 0; i < total; i++) {
		if (results[i]) done.push(i);
		else if (!failures.has(i)) notAttempted.push(i);
	}
	const verb = writes ? 'written' : 'done';
	const lines = [
		`The node stopped at item ${first} of ${total} items (0-based), and n8n keeps no output of a node that stops.`,
		done.length
			? `${itemsCount(done.length)} ${done.length === 1 ? 'was' : 'were'} ${verb} before the stop: ${done.length === 1 ? 'item' : 'items'} ${indexRanges(done)}${writes ? ' (those changes are made: do not send these items again)' : ''}.`
			: `No item was ${verb} before the stop.`,
	];
	for (const [index, other] of [...failures].sort(([a], [b]) => a - b)) {
		if (index !== first) lines.push(`Item ${index} failed too: ${(errorJson(other).error as string).replace(/ \[item \d+\]$/, '')}`);
	}
	lines.push(
		notAttempted.length
			? `${itemsCount(notAttempted.length)} ${notAttempted.length === 1 ? 'was' : 'were'} not attempted: ${notAttempted.length === 1 ? 'item' : 'items'} ${indexRanges(notAttempted)}.`
			: 'Every other item was attempted.',
	);
	if (writes) {
		lines.push(
			"To go on, run only the failed and not attempted items. With the node's On Error setting at Continue, every item comes out, a failed one carrying what happened to it.",
		);
	}
	error.description = [error.description, lines.join('\n')].filter(Boolean).join('\n\n');
	Object.assign(error.context, {
		stoppedAtItem: first,
		[writes ? 'itemsWritten' : 'itemsDone']: done,
		itemsFailed: [...failures.keys()].sort((a, b) => a - b),
		itemsNotAttempted: notAttempted,
	});
}
