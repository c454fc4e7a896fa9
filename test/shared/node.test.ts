// The node classes take their descriptions from the shared builders (nodes/SkySlope/shared/node.ts): each
// trigger is named after its service's node, uses its credential and icons, never offers itself as
// an AI tool, a polling trigger's subtitle names every event it can be set to, and an action node's
// subtitle names the chosen operation and resource as the node shows them.
import { Workflow, type INode, type INodeType } from 'n8n-workflow';

import { SkySlope } from '../../nodes/SkySlope/SkySlope.node';
import { SkySlopeSigningTrigger } from '../../nodes/SkySlope/SkySlopeSigningTrigger.node';
import { SkySlopeTrigger } from '../../nodes/SkySlope/SkySlopeTrigger.node';
import { defaultVersion, fullTypeName, HarnessNodeTypes } from '../../harness/node/node-types';

const pairs: Array<[string, INodeType, INodeType, string]> = [
	['SkySlope Forms', new SkySlope(), new SkySlopeSigningTrigger(), 'skySlopeFormsOAuth2Api'],
	['SkySlope Listings & Sales', new SkySlope(), new SkySlopeTrigger(), 'skySlopeApi'],
	['SkySlope Offers', new SkySlope(), new SkySlopeTrigger(), 'skySlopeOffersOAuth2Api'],
];

describe.each(pairs)('%s', (label, node, trigger, credential) => {
	it('the action node is named for its service, routes operations and is usable as a tool', () => {
		const d = node.description;
		expect({ displayName: d.displayName, defaults: d.defaults, group: d.group, inputs: d.inputs, outputs: d.outputs }).toEqual({
			displayName: label,
			defaults: { name: label },
			group: ['transform'],
			inputs: ['main'],
			outputs: ['main'],
		});
		expect(d.credentials).toEqual([{ name: credential, required: true }]);
		expect(d.usableAsTool).toBe(true);
		expect(d.properties.map((p) => p.name).slice(0, 2)).toEqual(['resource', 'operation']);
		expect(typeof node.execute).toBe('function');
	});

	it('the trigger takes its names, credential and icons from the action node', () => {
		const d = trigger.description;
		expect({ name: d.name, displayName: d.displayName, defaults: d.defaults, group: d.group, inputs: d.inputs }).toEqual({
			name: `${node.description.name}Trigger`,
			displayName: `${label} Trigger`,
			defaults: { name: `${label} Trigger` },
			group: ['trigger'],
			inputs: [],
		});
		expect(d.credentials).toEqual(node.description.credentials);
		expect(d.icon).toEqual(node.description.icon);
		expect(d.usableAsTool).toBeUndefined();
		// A trigger either polls or listens on a webhook, never both.
		expect(!!d.polling).toBe(!d.webhooks);
	});
});

it.each([
	['SkySlope Listings & Sales', new SkySlopeTrigger()],
	['SkySlope Offers', new SkySlopeTrigger()],
])('the %s trigger subtitle names each event it offers', (_label, trigger) => {
	const d = trigger.description;
	expect(d.polling).toBe(true);
	const event = d.properties.find((p) => p.name === 'event');
	const options = (event?.options ?? []) as Array<{ name: string; value: string }>;
	expect(options.length).toBeGreaterThan(1);
	expect(options.map((o) => o.value)).toContain(event?.default);
	for (const { name, value } of options) expect(d.subtitle).toContain(`${value}: ${JSON.stringify(name)}`);
});

describe.each(pairs)('%s on the canvas', (_label, node) => {
	// n8n evaluates the subtitle as the editor does (Expression.getSimpleParameterValue): every
	// resource and operation must read as the node names them, never as their values.
	const operations = node.description.properties
		.filter((p) => p.name === 'operation')
		.flatMap((p) => {
			const resource = String(p.displayOptions?.show?.resource?.[0]);
			const resourceName = (node.description.properties[0].options as Array<{ name: string; value: string }>).find((o) => o.value === resource)!.name;
			return (p.options as Array<{ name: string; value: string }>).map((o) => ({ resource, operation: o.value, expected: `${o.name}: ${resourceName}` }));
		});

	it.each(operations)('$resource $operation reads "$expected"', ({ resource, operation, expected }) => {
		const nodeTypes = new HarnessNodeTypes([node]);
		const workflowNode: INode = {
			id: '1',
			name: 'Node',
			type: fullTypeName(node),
			typeVersion: defaultVersion(node),
			position: [0, 0],
			parameters: { resource, operation },
		};
		const workflow = new Workflow({ nodes: [workflowNode], connections: {}, active: false, nodeTypes });
		expect(workflow.expression.getSimpleParameterValue(workflowNode, node.description.subtitle!, 'internal', {})).toBe(expected);
	});
});
