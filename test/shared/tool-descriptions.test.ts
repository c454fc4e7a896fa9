// What an AI agent reads about each SkySlope tool: every operation of the SkySlope node has a
// tool text saying when to use it and what it returns, and the node's tool variant carries it as
// n8n's own `toolDescription` parameter, which n8n gives the model (checked with n8n-workflow's
// own parameter resolution and tool-description rule).
import { NodeHelpers, type INode, type INodeType, type INodeTypeDescription } from 'n8n-workflow';

import { services } from '../../nodes/SkySlope/actions';
import { SkySlope } from '../../nodes/SkySlope/SkySlope.node';

const node: INodeType = new SkySlope();

const cases = services.flatMap(({ value: service, resources }) =>
	resources.flatMap((resource) =>
		resource.operations.map((operation) => ({ node, service, resource: resource.value, operation, label: `${node.description.displayName} > ${resource.name} > ${operation.name}` })),
	),
);

/** The node as n8n makes it a tool (tool-generation/ai-tools.js): the name ends in `Tool`. */
function toolVariant(description: INodeTypeDescription): INodeTypeDescription {
	return { ...description, name: `${description.name}Tool`, displayName: `${description.displayName} Tool` };
}

function workflowNode(type: INodeTypeDescription, parameters: INode['parameters']): INode {
	return { id: '1', name: 'Tool', type: type.name, typeVersion: 1, position: [0, 0], parameters };
}

/** The parameters n8n runs the node with: the saved ones plus the defaults of what is shown. */
function resolved(type: INodeTypeDescription, saved: INode['parameters']) {
	return NodeHelpers.getNodeParameters(type.properties, saved, true, false, workflowNode(type, saved), type) ?? {};
}

describe('tool descriptions', () => {
	it('covers every operation of the node, of all three services', () => {
		expect(cases.length).toBeGreaterThan(90);
		expect(cases.filter((c) => !c.operation.toolDescription).map((c) => c.label)).toEqual([]);
	});

	it.each(cases)('$label: says when to use it and what it returns, beyond its action', ({ operation }) => {
		const text = operation.toolDescription ?? '';
		expect(text).toMatch(/^Use (when|to|before|only) /);
		expect(text).toMatch(/ Returns [^.]{6,}/);
		expect(text.length).toBeLessThanOrEqual(450);
		// More than n8n's automatic "<action> in <node name>".
		expect(text.toLowerCase()).not.toMatch(new RegExp(`^${operation.action.toLowerCase()} in `));
		expect(text.length).toBeGreaterThan(operation.action.length + 40);
	});

	it('no two operations share a text', () => {
		const texts = cases.map((c) => c.operation.toolDescription);
		expect(texts.filter((t, i) => texts.indexOf(t) !== i)).toEqual([]);
	});

	it.each(cases)('$label: the tool variant carries it as toolDescription, and the model is given it', ({ node, service, resource, operation }) => {
		const tool = toolVariant(node.description);
		const saved = { service, resource, operation: operation.value };
		const parameters = resolved(tool, saved);
		expect(parameters.toolDescription).toBe(operation.toolDescription);
		// n8n's rule for what the model reads (NodeHelpers.getToolDescriptionForNode).
		const asTool = workflowNode(tool, parameters);
		expect(NodeHelpers.getToolDescriptionForNode(asTool, { description: tool } as INodeType)).toBe(operation.toolDescription);
	});

	it('keeps a description the user edited, and shows none in the plain node', () => {
		const { node, service, resource, operation } = cases[0];
		const tool = toolVariant(node.description);
		const edited = resolved(tool, { service, resource, operation: operation.value, toolDescription: 'Use when asked about files. Returns files.' });
		expect(NodeHelpers.getToolDescriptionForNode(workflowNode(tool, edited), { description: tool } as INodeType)).toBe(
			'Use when asked about files. Returns files.',
		);
		for (const c of cases) {
			expect(resolved(c.node.description, { service: c.service, resource: c.resource, operation: c.operation.value }).toolDescription).toBeUndefined();
		}
	});

	it('has a property named toolDescription, so n8n adds no "<action> in <node>" description of its own', () => {
		const named = node.description.properties.filter((p) => p.name === 'toolDescription');
		expect(named.length).toBe(cases.length);
		expect(named.every((p) => p.type === 'string' && (p.displayOptions?.show?.['@tool'] as unknown[])?.[0] === true)).toBe(true);
		expect(node.description.properties.some((p) => p.name === 'descriptionType')).toBe(false);
	});
});
