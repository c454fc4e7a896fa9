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

/** What a node needs of a service: the label its errors use and the credential that signs its requests. */
export interface ServiceIdentity {
	label: string;
	credentialType: string;
}

/**
 * The resources of one service, behind that service's credential: its choice in the node's Service
 * list (`value`, `name`, `description`) and the resources shown once it is chosen.
 */
export interface ServiceResources {
	value: string;
	name: string;
	description: string;
	service: ServiceIdentity;
	resources: Resource[];
}

/** The node's type name, the name on the canvas and in the panel, and the one-line description. */
export interface NodeNaming {
	name: string;
	displayName: string;
	description: string;
}

/**
 * The builders below leave to the node class what n8n's linters read from the class itself (they
 * check the icon files, that subtitle and usableAsTool are there, and that one credential is shown at
 * a time): `icon`, `subtitle`, `credentials` and, for an action node, `usableAsTool`.
 */
type OwnFields = 'icon' | 'subtitle' | 'usableAsTool' | 'credentials';

/**
 * The Service choice of the action node: which SkySlope product the resources below it belong to.
 * Each value shows that product's resources and operations, and (through them) its credential.
 */
function serviceField(services: ServiceResources[]): INodeProperties {
	return {
		displayName: 'Service',
		name: 'service',
		type: 'options',
		noDataExpression: true,
		options: services.map((s) => ({ name: s.name, value: s.value, description: s.description })).sort((a, b) => a.name.localeCompare(b.name)),
		// A literal, for the linters that read it; the first service (test/shared/node.test.ts holds them together).
		default: 'forms',
	};
}

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

/**
 * The description of the action node: a Service choice, then that service's resources and operations,
 * behind its credential.
 */
export function actionNodeDescription(
	naming: NodeNaming,
	services: ServiceResources[],
	versions: number[] = [1],
): Omit<INodeTypeDescription, OwnFields> {
	return {
		displayName: naming.displayName,
		name: naming.name,
		group: ['transform'],
		// A field that changes shape takes a new version (`@version` in its displayOptions), so a
		// saved workflow keeps the field it was saved with; new nodes get the newest.
		...(versions.length > 1 ? { version: versions, defaultVersion: Math.max(...versions) } : { version: versions[0] }),
		description: naming.description,
		defaults: { name: naming.displayName },
		inputs: [NodeConnectionTypes.Main],
		outputs: [NodeConnectionTypes.Main],
		properties: [serviceField(services), ...services.flatMap((s) => buildNodeProperties(s.resources, s.resources[0].value, { service: [s.value] }))],
	};
}

/** An action node's execute: every item through the shared router to its operation. */
export function executeOperations(resources: Resource[]) {
	return async function execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		return await runOperations.call(this, resources);
	};
}

interface TriggerSpec extends NodeNaming {
	properties: INodeProperties[];
	/** A webhook trigger names its webhooks; without them the trigger polls. */
	webhooks?: IWebhookDescription[];
}

/** The description of a trigger (never an AI tool: nothing invokes a trigger). */
export function triggerNodeDescription(trigger: TriggerSpec): Omit<INodeTypeDescription, OwnFields> {
	return {
		displayName: trigger.displayName,
		name: trigger.name,
		group: ['trigger'],
		version: 1,
		description: trigger.description,
		defaults: { name: trigger.displayName },
		...(trigger.webhooks ? { webhooks: trigger.webhooks } : { polling: true as const }),
		inputs: [],
		outputs: [NodeConnectionTypes.Main],
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
			// In alphabetical order, as n8n's linter asks, whatever order the services list them in.
			options: [...events].sort((a, b) => a.name.localeCompare(b.name)),
			default: defaultEvent,
		},
	};
}

/** A trigger field's displayOptions: shown only for these events of its Trigger On. */
export function shownForEvents(events: string[]) {
	return { displayOptions: { show: { event: events } } };
}

/** The trigger a call belongs to: its workflow and node (the node's id survives a rename). */
export function triggerKey(ctx: IPollFunctions | IWebhookFunctions): string {
	const node = ctx.getNode();
	return `${ctx.getWorkflow().id ?? ''}:${node.id ?? node.name}`;
}
