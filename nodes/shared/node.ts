import {
	NodeConnectionTypes,
	type IExecuteFunctions,
	type INodeExecutionData,
	type INodeProperties,
	type INodePropertyOptions,
	type INodeTypeDescription,
	type IPollFunctions,
	type IWebhookDescription,
	type IWebhookFunctions,
} from 'n8n-workflow';

import { buildNodeProperties, runOperations, type Resource } from './operation';

/**
 * What a service's node and its trigger share: the service's label (the node's display name), its
 * credential, and the node's type name. The trigger's names are derived from it (`<name>Trigger`,
 * `<label> Trigger`), so the two cannot drift apart.
 *
 * The builders below leave to the node class what n8n's linter reads from the class itself (it
 * checks the icon files, and that subtitle and usableAsTool are there): `icon`, `subtitle` and,
 * for an action node, `usableAsTool`.
 */
export interface NodeIdentity {
	name: string;
	service: { label: string; credentialType: string };
}

/** What the node class writes itself, for the linter to see. */
type OwnFields = 'icon' | 'subtitle' | 'usableAsTool';

/**
 * The subtitle of an action node: the operation and the resource chosen, by the names the node
 * shows ("Get Many: File"), not their values ("getAll: file"), which n8n's canvas would show as
 * they are. Built from the same resources as the node, so it cannot drift from them.
 */
export function operationSubtitle(resources: Resource[]): string {
	const names: Record<string, string> = {};
	for (const resource of resources) {
		for (const operation of resource.operations) names[`${resource.value}:${operation.value}`] = `${operation.name}: ${resource.name}`;
	}
	const key = '$parameter["resource"] + ":" + $parameter["operation"]';
	return `={{ ${JSON.stringify(names)}[${key}] ?? ($parameter["operation"] + ": " + $parameter["resource"]) }}`;
}

function commonDescription(node: NodeIdentity) {
	return {
		version: 1,
		outputs: [NodeConnectionTypes.Main],
		credentials: [{ name: node.service.credentialType, required: true }],
	};
}

/** The description of a service's action node: its resources and operations. */
export function actionNodeDescription(
	node: NodeIdentity,
	description: string,
	resources: Resource[],
	versions: number[] = [1],
): Omit<INodeTypeDescription, OwnFields> {
	return {
		...commonDescription(node),
		// A field that changes shape takes a new version (`@version` in its displayOptions), so a
		// saved workflow keeps the field it was saved with; new nodes get the newest.
		...(versions.length > 1 ? { version: versions, defaultVersion: Math.max(...versions) } : {}),
		displayName: node.service.label,
		name: node.name,
		group: ['transform'],
		description,
		defaults: { name: node.service.label },
		inputs: [NodeConnectionTypes.Main],
		properties: buildNodeProperties(resources),
	};
}

/** An action node's execute: every item through the shared router to its operation. */
export function executeOperations(resources: Resource[]) {
	return async function execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		return await runOperations.call(this, resources);
	};
}

interface TriggerSpec {
	description: string;
	properties: INodeProperties[];
	/** A webhook trigger names its webhooks; without them the trigger polls. */
	webhooks?: IWebhookDescription[];
}

/** The description of a service's trigger (never an AI tool: nothing invokes a trigger). */
export function triggerNodeDescription(node: NodeIdentity, trigger: TriggerSpec): Omit<INodeTypeDescription, OwnFields> {
	const displayName = `${node.service.label} Trigger`;
	return {
		...commonDescription(node),
		displayName,
		name: `${node.name}Trigger`,
		group: ['trigger'],
		description: trigger.description,
		defaults: { name: displayName },
		...(trigger.webhooks ? { webhooks: trigger.webhooks } : { polling: true as const }),
		inputs: [],
		properties: trigger.properties,
	};
}

/**
 * The "Trigger On" choice of a polling trigger, with the subtitle that names the chosen event:
 * both come from one list of events, so the subtitle always matches the choices.
 */
export function triggerEvents(
	events: Array<INodePropertyOptions & { value: string }>,
	defaultEvent: string,
): { subtitle: string; field: INodeProperties } {
	const names = events.map((e) => `${e.value}: ${JSON.stringify(e.name)}`).join(', ');
	return {
		subtitle: `={{ { ${names} }[$parameter["event"]] }}`,
		field: {
			displayName: 'Trigger On',
			name: 'event',
			type: 'options',
			noDataExpression: true,
			required: true,
			options: events,
			default: defaultEvent,
		},
	};
}

/** The trigger a call belongs to: its workflow and node (the node's id survives a rename). */
export function triggerKey(ctx: IPollFunctions | IWebhookFunctions): string {
	const node = ctx.getNode();
	return `${ctx.getWorkflow().id ?? ''}:${node.id ?? node.name}`;
}
